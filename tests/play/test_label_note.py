"""The analysis legend says what the analysis keeps: while its deeper looks
run any label may change, not only a "?" one (play-test: "mistake" became
"inaccuracy?" under a legend saying only "?" labels were unsure); once the
analysis has settled, the labels are final. No pygame."""

from __future__ import annotations

import random

from game.play import label_note
from game.play.game_analysis import GameAnalysis
from game.play.label_note import labels_note
from game.play.match import HUMAN, Match


def side_3_game() -> Match:
    match = Match(3, HUMAN, HUMAN)
    rng = random.Random(1)
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    return match


def judged(flagged: str, exact: bool, unsure: bool) -> GameAnalysis:
    """Every turn of a side-3 game judged: the fifth ``flagged`` (exact or
    not, unsure or not), the others best and proved."""
    analysis = GameAnalysis(side_3_game())
    for at, (_, turn, _) in enumerate(analysis.turns):
        fifth = at == 4
        data = {
            "loss": 3.0 if fifth else 0.0,
            "label": flagged if fifth else "best",
            "exact": exact or not fifth,
            "depth": 5,
            "unsure": unsure and fifth,
        }
        analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0})
    return analysis


def test_no_note_before_any_label():
    assert labels_note(GameAnalysis(side_3_game()), looking_deeper=True) == ""


def test_a_label_without_a_question_mark_may_still_change_while_looked_at():
    analysis = judged("mistake", exact=False, unsure=False)
    assert analysis.done and not analysis.settled  # a deeper look is still to come
    assert labels_note(analysis, looking_deeper=True) == label_note.DEEPER
    # The screen left before it settled: still not final.
    assert labels_note(analysis, looking_deeper=False) == label_note.MAY_CHANGE


def test_a_question_mark_is_the_least_sure_of_labels_that_may_change():
    analysis = judged("mistake", exact=False, unsure=True)
    assert not analysis.settled
    assert labels_note(analysis, looking_deeper=True) == label_note.DEEPER_UNSURE
    assert labels_note(analysis, looking_deeper=False) == label_note.MAY_CHANGE_UNSURE


def test_settled_labels_are_final():
    analysis = judged("mistake", exact=True, unsure=False)
    assert analysis.settled
    assert labels_note(analysis, looking_deeper=False) == label_note.FINAL
    assert labels_note(analysis, looking_deeper=True) == label_note.FINAL


def test_the_question_mark_is_held_to_the_words_that_say_what_it_means() -> None:
    """Play-test (1280x800): "...may still change; ?" / "marks the least sure"."""
    nb = "\u00a0"
    held = label_note.held_mark("Looking deeper: labels may still change; ? marks the least sure")
    assert held == f"Looking deeper: labels may still change; ?{nb}marks the least sure"
    final = label_note.held_mark("Labels are final; ? — the engine could not be sure")
    assert final == f"Labels are final; ?{nb}—{nb}the engine could not be sure"
    assert label_note.held_mark("Labels are final") == "Labels are final"
    said = label_note.labels_note_said(judged("mistake", exact=False, unsure=True), True)
    assert said.endswith(f"?{nb}marks the least sure")
