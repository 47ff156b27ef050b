"""The language switch itself; the catalogs' contents are tested beside them."""

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_an_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("Place a tile") == "Place a tile"


def test_the_system_language_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("ja_JP", "UTF-8"))
    assert i18n.system_language() == "en"


def test_english_plurals_follow_the_number():
    i18n.set_language("en")
    assert i18n.ngettext("{n} group", "{n} groups", 1) == "{n} group"
    assert i18n.ngettext("{n} group", "{n} groups", 2) == "{n} groups"


def test_an_empty_text_stays_empty_in_every_language():
    # gettext("") is the catalog's header ("Project-Id-Version: ..."), which a
    # lesson without its own closing words once asked for.
    assert {"de", "fr", "es", "it"} <= set(i18n.LANGUAGES)
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        assert i18n._("") == ""
