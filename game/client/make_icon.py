"""Write the app icon, drawn by :func:`game.client.app.icon`, as a PNG:

    python -m game.client.make_icon assets/icon.png

The build (tools/bundle.py) scales it down into the Windows and macOS icon
formats; 1024 pixels is the largest size macOS shows (512 points at twice the
pixels), so every size there is scaled down, none up.
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
    pygame.image.save(icon(1024), target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
