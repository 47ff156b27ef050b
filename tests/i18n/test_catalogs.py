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


#: Words that really are the same in the singular and the plural (German "ein Patzer",
#: "zwei Patzer"); every other counted text must change with the count.
SAME_IN_BOTH = {"de": {"{n} Patzer", "{n} Fehler"}}


def same_forms(catalog: Catalog, code: str) -> list[str]:
    """The counted texts whose English changes with the count but whose translation
    gives every count the same words ("1 Wenden zurückgenommen")."""
    wrong = []
    for m in catalog:
        if not (m.pluralizable and m.id[0] != m.id[1] and m.string and all(m.string)):
            continue
        if len(set(m.string)) < 2 and m.string[0] not in SAME_IN_BOTH.get(code, set()):
            wrong.append(f"{m.id[0]!r} -> {m.string[0]!r}")
    return wrong


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_counted_text_has_a_singular_and_a_plural(code):
    wrong = same_forms(read_catalog(code), code)
    assert not wrong, f"{code}: one form for every count\n" + "\n".join(wrong)


def test_the_plural_check_names_a_text_with_one_form_for_every_count():
    catalog = Catalog(locale="de")
    catalog.add(("Took back {n} flip.", "Took back {n} flips."), ("{n} Wenden", "{n} Wenden"))
    catalog.add(("{n} mistake", "{n} mistakes"), ("{n} Fehler", "{n} Fehler"))
    catalog.add(("{n} tile", "{n} tiles"), ("{n} Stein", "{n} Steine"))
    assert same_forms(catalog, "de") == ["'Took back {n} flip.' -> '{n} Wenden'"]
