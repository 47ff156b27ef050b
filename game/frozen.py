"""The entry point of the frozen (PyInstaller) build: PyInstaller runs this file as a
script, where the package's relative imports would not work."""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
