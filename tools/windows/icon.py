"""The installer's icon: assets/icon.png as an .ico (NSIS reads no PNG), with Pillow.

    python tools/windows/icon.py OUT.ico

Run by tools/windows/build.sh (with the Windows Python under Wine) and by the release
workflow's installer job.
"""

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (256, 256)]

if __name__ == "__main__":
    Image.open(ROOT / "assets" / "icon.png").save(sys.argv[1], sizes=SIZES)
