"""What the catalogs are checked against: the texts marked in the source (read with
Babel exactly as docs/languages.md's extract command reads them) and each language's
catalog, its compiled twin, and its glossary."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from game.i18n import DOMAIN, LANGUAGES, LOCALES

ROOT = LOCALES.parent.parent
#: docs/languages.md's extract command uses these and no others (--no-default-keywords).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = sorted(code for code in LANGUAGES if code != "en")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


@dataclass(frozen=True)
class Marked:
    """One text marked in the source: its singular, plural (if counted) and context."""

    msgid: str
    plural: str | None
    context: str | None
    where: str

    @property
    def key(self) -> str | tuple[str, str]:
        return self.msgid if self.context is None else (self.msgid, self.context)


def marked() -> dict[object, Marked]:
    """Every text marked in game/, by its catalog key (the first place it is marked)."""
    found: dict[object, Marked] = {}
    method_map = [("game/**.py", "python")]
    for filename, line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, keywords=KEYWORDS, comment_tags=()
    ):
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
        else:
            singular, plural = message, None
        entry = Marked(singular, plural, context, f"{filename}:{line}")
        found.setdefault(entry.key, entry)
    return found


def po_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(code: str) -> Catalog:
    with po_path(code).open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def read_compiled(code: str) -> Catalog:
    with po_path(code).with_suffix(".mo").open("rb") as f:
        return read_mo(f)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(entry: Marked, catalog: Catalog) -> str | None:
    """What is wrong with ``catalog``'s translation of ``entry`` (None if nothing)."""
    message = catalog.get(entry.msgid, entry.context)
    if message is None:
        return "missing"
    if message.fuzzy:
        return "fuzzy (needs a look)"
    strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
    if entry.plural is not None and len(strings) != catalog.num_plurals:
        return f"has {len(strings)} plural forms, the language has {catalog.num_plurals}"
    if not all(strings):
        return "not translated"
    wanted = placeholders(entry.msgid) | placeholders(entry.plural or "")
    for s in strings:
        if placeholders(s) - wanted or (entry.plural is None and placeholders(s) != wanted):
            return f"placeholders {sorted(placeholders(s))}, the English has {sorted(wanted)}"
    return None
