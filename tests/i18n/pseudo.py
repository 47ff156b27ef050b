"""A pseudo-language: every word of every translation is its English wrapped in «
and », so that a word drawn without the marks was never passed through gettext.
(Each word, not each text: a wrapped text's lines keep their marks.)

Built from the texts marked in the source (not from a catalog, which may lag), and
spoken through the real gettext machinery: a compiled .mo read by the standard
library, as the game reads its catalogs."""

from __future__ import annotations

import gettext
import io
import re

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n
from game.play.match import PLAYERS
from tests.i18n.catalogs import marked

OPEN, CLOSE = "«", "»"
#: Words that are never translated: the game's and its makers' names, the AI
#: levels, the tour's players.
NAMES = frozenset(
    {"Mosaic", "Mosaix", "Mark", "Steere", "Christof", "Tisch", "Schmidt", "Spiele"}
    | set(PLAYERS)
    | {"Emma", "Bob"}
)
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_URL = re.compile(r"\S+://\S+")
#: Notation: cells (e5), turns (xd4xe5, pass) and positions (MFEN, with its slashes).
_NOTATION = re.compile(r"\b(?:x?[a-l]\d{1,2})+\b|\bpass\b|\S*/\S*")
_WORD = re.compile(r"[^\W\d_]{2,}")


def pseudo_catalog() -> gettext.GNUTranslations:
    """Every marked text, "translated" to itself between « and »."""
    catalog = Catalog(locale="en")
    catalog.add(
        "", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
    )
    for entry in marked().values():
        if entry.plural is None:
            catalog.add(entry.msgid, pseudo(entry.msgid), context=entry.context)
        else:
            forms = (pseudo(entry.msgid), pseudo(entry.plural))
            catalog.add((entry.msgid, entry.plural), forms, context=entry.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def pseudo(text: str) -> str:
    """``text`` with each word between « and »."""
    return re.sub(r"\S+", lambda m: OPEN + m.group() + CLOSE, text)


def speak_pseudo() -> None:
    """Speak the pseudo-language until :func:`game.i18n.set_language` is called."""
    i18n._now.catalog = pseudo_catalog()
    i18n._now.code = "en"


def untranslated(text: str) -> str | None:
    """What of ``text`` (as drawn) did not come through gettext: None if nothing.
    Names, notation, numbers, addresses and single letters are not translated."""
    rest = text
    while True:
        shorter = _MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    rest = _NOTATION.sub(" ", _URL.sub(" ", rest))
    # A name may be drawn in capitals (the title's MOSAIC).
    words = [w for w in _WORD.findall(rest) if w not in NAMES and w.capitalize() not in NAMES]
    return " ".join(words) if words else None
