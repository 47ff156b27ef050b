"""What build.spec gives the executables besides the code: the version they report,
the Windows version resource and manifest, the icons, the macOS bundle's plist;
and the release's notes, from CHANGELOG.md:

    python -m tools.bundle v1.0.0 > notes.md

Everything here is plain text or files written from the game's own version and
art, so the tests check it on Linux (tests/test_release.py) without PyInstaller,
and the version is written in one place, ``game.__version__``.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

#: The product's name in the file's properties and the macOS menu bar's About:
#: the designer's credit, as the window's title (game.CREDIT).
PRODUCT = "Mosaic by Mark Steere"
#: The pyproject's author, named as the maker of the files.
COMPANY = "The Mosaic studio"
#: Mark Steere's game and his name on it; the studio's program.
COPYRIGHT = "Mosaic (c) Mark Steere. This edition (c) 2026 The Mosaic studio, MIT licence."
BUNDLE_ID = "org.mosaic-steere.mosaic"
#: The sizes Windows picks from: the title bar and Start menu (16-32), Explorer's
#: views up to its largest tiles (256), at every display scale.
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 96, 128, 256)
#: macOS's, up to 512 points at twice the pixels.
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def game_version(root: Path) -> str:
    """``game.__version__``, read from the source as setuptools reads it for the
    wheel (pyproject.toml), so that no executable can say another version."""
    tree = ast.parse((root / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                return value
    raise SystemExit("game/__init__.py sets no __version__")


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` as Windows writes a file version: four numbers, the last 0."""
    found = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", version)
    if not found:
        raise SystemExit(
            f"game.__version__ is {version!r}: a release's version is three numbers, "
            "such as 1.2.3 (the Windows version resource cannot hold more)"
        )
    major, minor, patch = (int(n) for n in found.groups())
    if max(major, minor, patch) > 0xFFFF:
        raise SystemExit(f"game.__version__ {version!r}: each number must be below 65536")
    return major, minor, patch, 0


def version_info(version: str) -> str:
    """The Windows version resource as PyInstaller's ``EXE(version=...)`` reads it
    from a file (the text of its ``VSVersionInfo``): what Explorer's Properties ->
    Details shows, and the name Task Manager gives the running game."""
    numbers = version_numbers(version)
    dotted = ".".join(str(n) for n in numbers)
    strings = {
        "CompanyName": COMPANY,
        "FileDescription": PRODUCT,
        "FileVersion": dotted,
        "InternalName": "Mosaic",
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": "Mosaic.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    # 0x040904B0 and [1033, 1200]: US English, strings in UTF-16, as Windows expects
    # for a program with one language of properties.
    return f"""# The Windows version resource of Mosaic {version}, written by build.spec.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3F,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0),
  ),
  kids=[
    StringFileInfo([
      StringTable(
        "040904B0",
        [
{table},
        ],
      )
    ]),
    VarFileInfo([VarStruct("Translation", [1033, 1200])]),
  ],
)
"""


#: The Windows application manifest. PerMonitorV2: the program draws at the
#: screen's own pixels and hears when the window moves to a screen of another
#: scale, so Windows does not stretch (and blur) it at 125%, 150% or 200%.
#: ``dpiAware`` says the same to Windows before 10 (1607), which reads no
#: ``dpiAwareness``. The rest is PyInstaller's own default: run as the user
#: (no administrator rights), the Windows versions it supports, long paths.
MANIFEST = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"></requestedExecutionLevel>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{e2011457-1546-43c5-a5fe-008deee3d3f0}"></supportedOS>
      <supportedOS Id="{35138b9a-5d96-4fbd-8e2d-a2440225f93a}"></supportedOS>
      <supportedOS Id="{4a2f28e3-53b9-4441-ba9c-d69d4a4a6e38}"></supportedOS>
      <supportedOS Id="{1f676c76-80e1-4239-95bb-83d0f6d0da78}"></supportedOS>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"></supportedOS>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
</assembly>
"""


def info_plist(version: str) -> dict[str, Any]:
    """The macOS bundle's Info.plist entries besides PyInstaller's own."""
    return {
        "CFBundleName": "Mosaic",
        "CFBundleDisplayName": "Mosaic",
        "CFBundleShortVersionString": version,
        # The build number macOS compares; one build per release.
        "CFBundleVersion": version,
        "NSHumanReadableCopyright": COPYRIGHT,
        # Retina: drawn at the screen's own pixels, not doubled up.
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.board-games",
    }


def make_icons(png: Path, into: Path) -> tuple[Path, Path]:
    """``Mosaic.ico`` (Windows) and ``Mosaic.icns`` (macOS) in ``into``, each size
    scaled down from ``png`` (the game's drawing, assets/icon.png, 1024 pixels)
    with a filter that keeps the small ones sharp."""
    from PIL import Image  # the build extra's: the release notes need no Pillow

    into.mkdir(parents=True, exist_ok=True)
    with Image.open(png) as opened:
        art = opened.convert("RGBA")
    if art.size != (1024, 1024):
        raise SystemExit(f"{png}: the icon must be 1024x1024 pixels, not {art.size}")

    def scaled(size: int) -> Image.Image:
        return art.resize((size, size), Image.Resampling.LANCZOS)

    ico = into / "Mosaic.ico"
    largest, *rest = (scaled(s) for s in reversed(ICO_SIZES))
    largest.save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=rest)
    icns = into / "Mosaic.icns"
    art.save(icns, format="ICNS", append_images=[scaled(s) for s in ICNS_SIZES[:-1]])
    return ico, icns


def release_notes(changelog: str, version: str) -> str:
    """CHANGELOG.md's entry for ``version``, without its heading."""
    heading = re.compile(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", re.M)
    found = heading.search(changelog)
    if not found:
        raise SystemExit(f"CHANGELOG.md has no entry '## [{version}] - YYYY-MM-DD'")
    rest = changelog[found.end() :]
    following = re.search(r"^## ", rest, re.M)
    return rest[: following.start() if following else None].strip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """The notes of the release a tag makes, once the tag is checked against the
    game's version: a tag v1.0.1 on a game that says 1.0.0 makes no release."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m tools.bundle vX.Y.Z")
    root = Path(__file__).resolve().parent.parent
    version = game_version(root)
    if args[0] != f"v{version}":
        raise SystemExit(
            f"the tag {args[0]} is not this game's version: game/__init__.py says {version}, "
            f"so its tag is v{version}"
        )
    changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    sys.stdout.write(release_notes(changelog, version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
