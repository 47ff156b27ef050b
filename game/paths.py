"""Where the game's own files are: the puzzle packs and the assets.

The same answer from a source checkout, an installed package and a frozen
(PyInstaller) build: a frozen build unpacks its data beside the code in
``sys._MEIPASS``; a checkout or an editable install has the folders at the
project's root; a wheel installs them under ``<prefix>/share/mosaic-steere``.
"""

from __future__ import annotations

import sys
from pathlib import Path

SHARE = "mosaic-steere"


def root() -> Path:
    """The folder that holds ``puzzles/`` and ``assets/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "puzzles").is_dir():
        return checkout
    return Path(sys.prefix) / "share" / SHARE


def puzzles() -> Path:
    return root() / "puzzles"


def assets() -> Path:
    return root() / "assets"
