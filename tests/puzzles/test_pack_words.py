"""Every shipped pack's title and description can be translated."""

from game.i18n import set_language
from game.puzzles.pack_words import PACK_WORDS


def test_every_shipped_packs_words_are_marked_for_translation(shipped):
    # The packs are JSON, which Babel does not read: a new pack's words must be
    # added to game/puzzles/pack_words.py, or they would stay English everywhere.
    missing = [
        text
        for pack in shipped
        for text in (pack.title, pack.description)
        if text not in PACK_WORDS
    ]
    assert not missing, "add to game/puzzles/pack_words.py:\n" + "\n".join(missing)


def test_a_pack_shows_its_title_in_the_players_language(shipped):
    pack = shipped[0]
    try:
        set_language("de")
        assert pack.shown_title != pack.title and pack.shown_description != pack.description
    finally:
        set_language("en")
    assert pack.shown_title == pack.title
