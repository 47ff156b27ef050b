"""Every language has every text, compiled as written.

The catalogs are extracted, updated and compiled with Babel (docs/languages.md,
"Updating the catalogs"); these tests fail when one of those steps was forgotten,
and say which text of which language lacks what."""

from __future__ import annotations

import gettext

import pytest
from babel.messages.catalog import Catalog, Message

from game import i18n
from tests.i18n.catalogs import (
    LANGUAGES,
    LOCALES,
    TRANSLATED,
    Marked,
    marked,
    placeholders,
    problems,
    read_catalog,
    read_compiled,
)


@pytest.fixture(scope="module")
def texts() -> dict[object, Marked]:
    return marked()


def test_the_source_has_marked_texts(texts):
    # The extraction itself works (a wrong keyword or path would find nothing and make
    # every other test here pass vacuously).
    assert len(texts) > 100
    assert "Wait for your turn." in texts


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_has_an_entry_for_every_marked_text(code, texts):
    catalog = read_catalog(code)
    wrong = [
        f"{e.where}: {e.msgid!r} {why}" for e in texts.values() if (why := problems(e, catalog))
    ]
    assert not wrong, f"{LANGUAGES[code]} ({code}): {len(wrong)} entries to fill\n" + "\n".join(
        wrong
    )


def key(message: Message) -> tuple[object, str | None]:
    """A message's id (a plural's as a tuple: .mo and .po readers differ) and context."""
    mid = message.id
    context = message.context
    if isinstance(context, bytes):  # Babel's .mo reader leaves a context undecoded
        context = context.decode()
    return (tuple(mid) if isinstance(mid, list | tuple) else mid), context


def text(message: Message) -> object:
    s = message.string
    return tuple(s) if isinstance(s, list | tuple) else s


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalog_matches_its_po(code):
    written = read_catalog(code)
    compiled = read_compiled(code)
    want = {key(m): text(m) for m in written if m.id and m.string and not m.fuzzy}
    have = {key(m): text(m) for m in compiled if m.id}
    assert have == want, f"{code}: run the compile command of docs/languages.md"


def test_the_entry_check_names_a_missing_or_broken_entry():
    catalog = Catalog(locale="de")
    catalog.add("{n} tile", ("{n} Stein", "{n} Steine"))  # plural catalog entry below
    catalog.add("Flip {cell}", "Drehe {feld}")
    catalog.add("Pass", "")
    assert problems(Marked("Resign", None, None, "x.py:1"), catalog) == "missing"
    assert problems(Marked("Pass", None, None, "x.py:2"), catalog) == "not translated"
    assert "placeholders" in (problems(Marked("Flip {cell}", None, None, "x.py:3"), catalog) or "")
    catalog.add(("{n} group", "{n} groups"), ("{n} Gruppe",))
    why = problems(Marked("{n} group", "{n} groups", None, "x.py:4"), catalog)
    assert why == "has 1 plural forms, the language has 2"
    assert placeholders("{name} and {n}") == {"{name}", "{n}"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_game_speaks_each_language_from_its_compiled_catalog(code):
    try:
        assert i18n.set_language(code) == code
        catalog = gettext.translation(i18n.DOMAIN, LOCALES, languages=[code])
        assert i18n._("Wait for your turn.") == catalog.gettext("Wait for your turn.")
        assert i18n._("Wait for your turn.") != "Wait for your turn."
    finally:
        i18n.set_language("en")
