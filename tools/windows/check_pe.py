"""Check the built Windows executable's PE header and resources with pefile:

    python tools/windows/check_pe.py dist/Mosaic.exe

- the GUI subsystem (no console window opens beside the game's);
- an icon (RT_GROUP_ICON with its RT_ICON images), for Explorer and the taskbar;
- a version resource whose ProductName is "Mosaic by Mark Steere" and whose product
  and file versions are game.__version__ (read from game/__init__.py, as build.spec
  and setuptools read it).

Prints one line for each check and exits 1 if any failed. tools/windows/build.sh runs
it with the Windows Python of the build, which has pefile (PyInstaller needs it).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pefile

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = "Mosaic by Mark Steere"


def game_version(root: Path = ROOT) -> str:
    tree = ast.parse((root / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise SystemExit("game/__init__.py sets no __version__")


def resource_types(pe: pefile.PE) -> dict[int, int]:
    """How many entries each resource type (by its numeric id) has."""
    found: dict[int, int] = {}
    if not hasattr(pe, "DIRECTORY_ENTRY_RESOURCE"):
        return found
    for entry in pe.DIRECTORY_ENTRY_RESOURCE.entries:
        if entry.id is not None:
            found[entry.id] = len(entry.directory.entries)
    return found


def version_strings(pe: pefile.PE) -> dict[str, str]:
    strings: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", None) or []:
        for block in info:
            for table in getattr(block, "StringTable", []):
                for key, value in table.entries.items():
                    strings[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    return strings


def fixed_version(pe: pefile.PE, which: str) -> str | None:
    """The fixed file info's FileVersion or ProductVersion as "a.b.c.d"."""
    infos = getattr(pe, "VS_FIXEDFILEINFO", None)
    if not infos:
        return None
    ms, ls = getattr(infos[0], which + "MS"), getattr(infos[0], which + "LS")
    return f"{ms >> 16}.{ms & 0xFFFF}.{ls >> 16}.{ls & 0xFFFF}"


def check(path: Path, version: str) -> list[tuple[bool, str]]:
    """Each check's result and its line: what was expected and what was found."""
    pe = pefile.PE(str(path))
    results: list[tuple[bool, str]] = []
    gui = pefile.SUBSYSTEM_TYPE["IMAGE_SUBSYSTEM_WINDOWS_GUI"]
    sub = pe.OPTIONAL_HEADER.Subsystem
    results.append(
        (sub == gui, f"subsystem: {pefile.SUBSYSTEM_TYPE.get(sub, sub)} (want WINDOWS_GUI)")
    )
    types = resource_types(pe)
    icons = types.get(pefile.RESOURCE_TYPE["RT_GROUP_ICON"], 0)
    images = types.get(pefile.RESOURCE_TYPE["RT_ICON"], 0)
    results.append(
        (icons > 0 and images > 0, f"icon: {icons} icon groups, {images} images (want 1 or more)")
    )
    strings = version_strings(pe)
    name = strings.get("ProductName")
    results.append((name == PRODUCT, f"version resource: ProductName {name!r} (want {PRODUCT!r})"))
    # Windows shows four numbers; the game's three are the first three of them.
    want = ".".join([*version.split("."), "0", "0", "0"][:4])
    for key in ("ProductVersion", "FileVersion"):
        text = strings.get(key)
        fixed = fixed_version(pe, key)
        ok = text is not None and text.split("+")[0] in (version, want) and fixed == want
        results.append((ok, f"version resource: {key} {text!r}, fixed {fixed} (want {want})"))
    pe.close()
    return results


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: check_pe.py PATH_TO_EXE", file=sys.stderr)
        return 2
    path = Path(argv[0])
    if not path.is_file():
        print(f"{path}: no such file (build it first)")
        return 1
    version = game_version()
    failed = 0
    for ok, line in check(path, version):
        print(("ok      " if ok else "FAILED  ") + line)
        failed += not ok
    if failed:
        print(f"{path}: {failed} PE checks failed")
        return 1
    print(f"{path}: every PE check passed (game version {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
