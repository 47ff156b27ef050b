"""``mosaic`` / ``python -m game``: start the game."""

from __future__ import annotations

import argparse
import sys

from . import CREDIT, __version__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mosaic", description=f"{CREDIT}: the game.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.parse_args(argv)
    print(f"{CREDIT} {__version__}")
    print("The game window is coming in the next release. Meanwhile the rules engine runs:")
    print("  python -m game.rules legal   (MFEN positions in, legal turns out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
