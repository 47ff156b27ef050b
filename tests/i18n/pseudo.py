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
from game.online.protocol import CODE_ALPHABET, CODE_LENGTH
from game.play.match import HUMAN, PLAYERS
from tests.i18n.catalogs import marked

OPEN, CLOSE = "«", "»"
#: Words that are never translated: the game's and its makers' names, the test
#: players, the languages; and the AI levels' English names, which an online bot
#: carries in its player name ("Master bot", game/online/bot.py) while the game's
#: own screens say the level in the player's language. "Human" is not among them:
#: it is a word, said in the player's language (a name list that took it in let
#: "Rot: Human" through).
NAMES = frozenset(
    {"Mosaic", "Mosaix", "Mark", "Steere", "Christof", "Tisch", "Schmidt", "Spiele"}
    | {name for name in PLAYERS if name != HUMAN}
    | {"Emma", "Bob", "Ann"}
    | set(i18n.LANGUAGES.values())  # each language named in its own words
)
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_URL = re.compile(r"\S+://\S+")
#: A code to type or give a friend (M8F5APY2A8): capitals and digits, or any
#: challenge code (drawn at random from its alphabet, one in twenty or so has no
#: digit at all: MWTHXMTVJF).
_CODE = re.compile(
    rf"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{{6,}}\b|\b[{CODE_ALPHABET}]{{{CODE_LENGTH}}}\b"
)
#: Notation: cells (e5), turns (xd4xe5) and positions (MFEN, with its slashes). A
#: pass is not notation: the move list says it in the player's words.
_NOTATION = re.compile(r"\b(?:x?[a-l]\d{1,2})+\b|\S*/\S*")
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


#: A word that is only a placeholder (and its punctuation): what fills it must
#: bring its own marks, so a value passed in untranslated ("Human", a level's
#: description) shows bare instead of hiding inside the sentence's marks.
_PLACEHOLDER = re.compile(r"\W*\{\w*\}\W*")


def pseudo(text: str) -> str:
    """``text`` with each word between « and », but for bare placeholders."""
    return re.sub(
        r"\S+",
        lambda m: m.group() if _PLACEHOLDER.fullmatch(m.group()) else OPEN + m.group() + CLOSE,
        text,
    )


def speak_pseudo() -> None:
    """Speak the pseudo-language until :func:`game.i18n.set_language` is called."""
    i18n._now.catalog = pseudo_catalog()
    # Not "en": the English-only turns of phrase (explain.it) would draw words no
    # catalog holds; the pseudo-locale's usual code.
    i18n._now.code = "qps"


def untranslated(text: str) -> str | None:
    """What of ``text`` (as drawn) did not come through gettext: None if nothing.
    Names, notation, numbers, addresses and single letters are not translated."""
    rest = text
    while True:
        shorter = _MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    rest = _NOTATION.sub(" ", _CODE.sub(" ", _URL.sub(" ", rest)))
    # A name may be drawn in capitals (the title's MOSAIC).
    words = [w for w in _WORD.findall(rest) if w not in NAMES and w.capitalize() not in NAMES]
    return " ".join(words) if words else None
