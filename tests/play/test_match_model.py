"""The match model on its own: clicks, passes, undo and redo, records."""

import pytest

from game.play.match import Match, RecordError
from game.rules import BLUE, PASS, RED, Board


def test_clicks_place_and_refuse_with_the_rule():
    m = Match(3, "Human", "Human")
    (ev,) = m.click(0)[:1]
    assert ev.kind == "place" and m.board.mover is BLUE
    refused = m.click(0)
    assert refused[0].kind == "refused" and refused[0].text.endswith(".")


def test_undo_against_the_ai_returns_to_the_humans_turn():
    m = Match(4, "Human", "Beginner")
    m.click(0)
    turn = next(t for t in m.board.legal_turns() if t.is_place)
    m.play(turn)  # the AI's answer
    assert m.human_to_move and len(m.board.turn_stack) == 2
    assert m.undo()
    assert m.board.turn_stack == [] and m.human_to_move
    assert m.redo()
    assert len(m.board.turn_stack) == 2 and m.human_to_move
    assert not m.redo()


def test_hot_seat_undo_takes_back_one_turn():
    m = Match(4, "Human", "Human")
    m.click(Board(size=4).geometry.cell("a1"))
    m.click(Board(size=4).geometry.cell("g4"))
    assert m.undo() and len(m.board.turn_stack) == 1 and m.board.mover is BLUE
    assert m.undo() and m.board.turn_stack == []
    assert not m.undo()


# A random side-4 game (the tour's game_until, seed 1) up to Blue's xb5, after which Red
# has no move.
BEFORE_PASS = (
    "b5 b1 c4 b3 e4 g3 e6 e5 g4 e1 c3 b4 g2 a4 d1 d4 e2 c1 xd4 d5 b2 c6 d7 a1 a2 a3 c2 g1 "
    "xc1 xa2 xe5 d2 xd2 f3 xb4 f5 xf3xg3 e3 d6 f4 d3 xd6 f1 c5 f2"
)


def test_forced_passes_are_played_and_reported():
    m = Match(4, "Human", "Human")
    for text in BEFORE_PASS.split():
        m.play(m.board.parse_turn(text))
    turns = m.board.turn_stack[:]
    events = m.play(m.board.parse_turn("xb5"))
    kinds = [e.kind for e in events]
    assert "pass" in kinds
    (ev,) = [e for e in events if e.kind == "pass"]
    assert ev.text.endswith("has no move and passes.")
    assert m.board.peek() is PASS
    m.undo()
    assert m.board.peek() is not PASS and len(m.board.turn_stack) == len(turns)


def test_record_round_trip_and_bad_records():
    m = Match(3, "Human", "Club")
    m.click(0)
    rec = m.record()
    assert rec["turns"] == [m.board.notation(m.board.peek())] and rec["result"] is None
    again = Match.from_record(rec)
    assert again.board.mfen() == m.board.mfen() and again.players[BLUE] == "Club"
    with pytest.raises(RecordError, match="field 'side'"):
        Match.from_record({**rec, "side": "five"})
    with pytest.raises(RecordError, match=r"turn 2 \(a1\)"):
        Match.from_record({**rec, "turns": [*rec["turns"], "a1"]})
    # A player this version does not know (a level renamed later) costs only the
    # name: the game replays with Human on that side, and a note says so (issue 12).
    renamed = Match.from_record({**rec, "red": "Grandmaster", "blue": ["Club"]})
    assert renamed.players == {RED: "Human", BLUE: "Human"}
    assert "Red was 'Grandmaster'" in renamed.notes[0] and "Blue was not a name" in renamed.notes[1]
    with pytest.raises(RecordError, match="JSON object"):
        Match.from_record([1])
    assert m.players[RED] == "Human"


def test_each_player_has_a_line_on_what_it_is():
    from game.ai.levels import LEVELS
    from game.play.match import HUMAN, PLAYERS, player_blurb

    assert player_blurb(HUMAN) == "a person at this screen."
    for who in PLAYERS[1:]:
        assert player_blurb(who) == LEVELS[who.lower()].blurb and player_blurb(who)


def test_a_finished_games_menu_is_not_a_pause() -> None:
    from game.play.match_menu import AFTER_THE_END, PAUSE, menu_words

    match = Match(3, "Human", "Human")
    assert menu_words(match) == PAUSE
    assert (PAUSE.button, PAUSE.title, PAUSE.back) == ("Pause", "Paused", "Resume")
    match.resign(match.board.mover)
    assert match.finished and menu_words(match) == AFTER_THE_END
    assert "Pause" not in (AFTER_THE_END.button, AFTER_THE_END.title, AFTER_THE_END.back)
