"""The catalogs use the glossary's word wherever the English uses the game's word."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from game.i18n import LANGUAGES, LOCALES
from tests.i18n.catalogs import TRANSLATED, read_catalog

GLOSSARY = LOCALES / "GLOSSARY.md"


@dataclass(frozen=True)
class Word:
    english: str
    pattern: re.Pattern[str]
    stems: dict[str, re.Pattern[str]]


def read_glossary(text: str) -> tuple[list[Word], set[tuple[str, str]]]:
    """The table's rows and the "other senses" (row, English text) it lists."""
    words: list[Word] = []
    codes = [c for c in LANGUAGES if c != "en"]
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith(("| English", "| ---")):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        english, pattern = cells[0], cells[1].strip("`").replace("\\|", "|")
        stems = {}
        for code, cell in zip(codes, cells[2:], strict=True):
            found = re.search(r"\(([^)]+)\)\s*$", cell)
            assert found, f"GLOSSARY.md: {english}: {cell!r} gives no (stem)"
            stems[code] = re.compile(found.group(1), re.IGNORECASE)
        words.append(Word(english, re.compile(pattern), stems))
    others = {(m.group(1), m.group(2)) for m in re.finditer(r"^- ([\w ()]+?): `(.+)`$", text, re.M)}
    return words, others


def misused(words: list[Word], others: set[tuple[str, str]], code: str, catalog) -> list[str]:
    """Each translation in ``catalog`` that lacks a glossary word its English has."""
    wrong = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for word in words:
            name = word.english.split(" (")[0]
            # Placeholders ({cell}, {turn}) are filled with notation, not words.
            english = re.sub(r"\{[a-z_]*\}", "", " ".join(ids))
            if (name, ids[0]) in others or not word.pattern.search(english):
                continue
            for s in strings:
                if not word.stems[code].search(s):
                    wrong.append(f"{name} -> {word.stems[code].pattern}: {ids[0]!r} = {s!r}")
    return wrong


@pytest.fixture(scope="module")
def glossary():
    return read_glossary(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_has_the_games_words(glossary):
    words, _others = glossary
    names = {w.english.split(" (")[0] for w in words}
    assert {"tile", "group", "place", "flip", "chain", "turn", "pass", "puzzle", "pack"} <= names


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_uses_the_glossarys_words(glossary, code):
    words, others = glossary
    wrong = misused(words, others, code, read_catalog(code))
    assert not wrong, f"{code}: use the word of game/locales/GLOSSARY.md:\n" + "\n".join(wrong)


def test_a_second_word_for_flip_is_caught(glossary):
    from babel.messages.catalog import Catalog

    words, others = glossary
    catalog = Catalog(locale="de")
    catalog.add("Flip {cell}.", "Wende {cell}.")
    assert misused(words, others, "de", catalog) == []
    catalog.add(
        "Flip {cell} to go on with the chain.", "Drehe {cell} um, um die Kette fortzusetzen."
    )
    assert misused(words, others, "de", catalog) == [
        "flip -> wend: 'Flip {cell} to go on with the chain.' = "
        "'Drehe {cell} um, um die Kette fortzusetzen.'"
    ]
