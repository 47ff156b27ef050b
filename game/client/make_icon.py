"""Write the app icon, drawn by :func:`game.client.app.icon`, as a PNG:

    python -m game.client.make_icon assets/icon.png

The build turns it into the Windows and macOS icon formats.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from .app import icon


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    target = args[0] if args else "assets/icon.png"
    pygame.image.save(icon(256), target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
