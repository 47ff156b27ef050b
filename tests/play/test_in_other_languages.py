"""game/play speaks the player's language, and judges nothing by its words."""

import pytest

from game import i18n
from game.play.endings import ending_text
from game.play.explain import explain
from game.play.lessons import LESSONS, LessonRun
from game.rules import Board


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def done_cells(lesson_id: str) -> set[int]:
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    board = Board(lesson.fen)
    return {
        cell
        for cell in range(len(board.geometry.names))
        if board.tile_at(cell) is None and LessonRun(lesson).click(cell).kind == "done"
    }


@pytest.mark.parametrize("lesson_id", ["refuse-own", "refuse-join"])
def test_a_refusal_lesson_accepts_the_same_cells_in_every_language(lesson_id):
    # The lesson once told its rule by the English words of the refusal.
    english = done_cells(lesson_id)
    assert english
    for code in ("de", "fr", "es", "it"):
        i18n.set_language(code)
        assert done_cells(lesson_id) == english, code


def test_how_a_game_ended_is_said_in_the_players_language_with_their_names():
    assert ending_text("red resigned", {"red": "Emma"}) == "Emma resigned"
    assert ending_text("blue ran out of time") == "Blue ran out of time"
    assert ending_text("something new") == "something new"
    i18n.set_language("de")
    assert ending_text("red resigned", {"red": "Emma"}) == "Emma hat aufgegeben"
    assert ending_text("blue ran out of time") == "Blau hat die Zeit überschritten"
    assert ending_text("aborted") == "abgebrochen"


def test_the_line_above_the_board_speaks_german_and_keeps_the_cells_name():
    board = Board(size=3)
    cell = board.geometry.names.index("b2")
    assert explain(board, None, cell, your_turn=True) == ("Place a tile on b2.", "good")
    i18n.set_language("de")
    assert explain(board, None, cell, your_turn=True) == ("Setze einen Stein auf b2.", "good")


def test_a_server_refusal_with_a_number_or_a_name_is_translated_with_it():
    from game.play.endings import server_text

    assert server_text("that game is over") == "that game is over"
    i18n.set_language("de")
    assert server_text("that game is over") == "diese Partie ist vorbei"
    assert server_text("you may play at most 3 live games at once") == (
        "du darfst höchstens 3 Live-Partien zugleich spielen"
    )
    assert server_text("Another player has the name 'Bob': choose another.") == (
        "Ein anderer Spieler heißt schon 'Bob': wähle einen anderen Namen."
    )
    assert server_text("a refusal from a newer server") == "a refusal from a newer server"


def test_the_ai_levels_are_named_in_the_players_language_and_kept_in_english():
    from game.ai.levels import LEVELS
    from game.play.ai_rating import rated_name
    from game.play.match import PLAYERS, player_name

    i18n.set_language("de")
    shown = [player_name(p) for p in PLAYERS]
    assert shown == [
        "Mensch", "Anfänger", "Hobby", "Lehrling", "Amateur", "Klub", "Anwärter",
        "Rivale", "Experte", "Veteran", "Elite", "Virtuose", "Meister",
    ]  # fmt: skip
    assert rated_name("Club") == f"Klub (Elo {LEVELS['club'].elo})"
    assert PLAYERS == (
        "Human", "Beginner", "Casual", "Apprentice", "Hobbyist", "Club", "Contender",
        "Challenger", "Expert", "Veteran", "Elite", "Virtuoso", "Master",
    )  # fmt: skip
    assert player_name("Emma") == "Emma"  # a person's name as it is


def test_a_saved_game_and_a_game_between_two_levels_name_them_in_german(tmp_path):
    import json
    import random

    from game.play.history import archive, describe, entries
    from game.play.match import Match

    saved = tmp_path / "mosaic-1.json"
    saved.write_text(json.dumps({"red": "Beginner", "blue": "Human", "turns": [], "result": None}))
    match = Match(3, "Club", "Master")
    rng = random.Random(1)
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    archive(match, tmp_path)
    i18n.set_language("de")
    assert "Rot Anfänger gegen Blau Mensch, 0 Züge" in describe(saved)
    (entry,), problems = entries(tmp_path)
    assert not problems and entry.opponent == "Klub gegen Meister"
    assert "Klub gegen Meister" in entry.line()
