"""A game undone after its end and played on to another ending (docs/playing.md
allows it): the history and the rating keep the first ending only, the result
panel says so, and an analysis of the played-on game is never written into the
first game's record."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.play import ai_rating
from game.play.analysis_job import AnalysisJob
from game.play.history import entries
from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.rules import Turn

from .test_analysis_job import Line


@dataclass(frozen=True)
class Answer:
    id: int
    mfen: str
    turn: str | None
    error: str | None = None


class FirstTurnAI:
    """An AI that plays the first legal turn, answered at the next poll."""

    pondering = None

    def __init__(self) -> None:
        self.match: Match | None = None
        self.asked = 0
        self.waiting: list[Answer] = []

    def request(self, mfen: str, level: str = "", seconds: float | None = None) -> int:
        assert self.match is not None
        board = self.match.board
        self.asked += 1
        self.waiting.append(Answer(self.asked, mfen, board.notation(board.legal_turns()[0])))
        return self.asked

    def poll(self) -> list[Answer]:
        out, self.waiting = self.waiting, []
        return out

    def serving(self, rid: int) -> bool:
        return any(a.id == rid for a in self.waiting)

    def cancel(self) -> None:
        self.waiting = []

    def ponder(self, mfen: str) -> bool:
        return False


def a_controller(tmp_path: Path) -> MatchController:
    ai = FirstTurnAI()
    control = MatchController(Match(3, HUMAN, "Club"), tmp_path, ai)
    control.ponder_allowed = False
    ai.match = control.match
    return control


def play_to_end(control: MatchController, pick: int) -> list[str]:
    """The person plays their ``pick``-th placing turn (or the only turn) each
    time, clicking its cells; the AI answers. Returns the events' kinds."""
    kinds: list[str] = []
    while not control.match.over:
        board = control.match.board
        if control.match.human_to_move:
            turns: list[Turn] = [t for t in board.legal_turns() if t.is_place]
            turn = turns[pick % len(turns)] if turns else board.legal_turns()[0]
            for cell in turn.cells:
                kinds += [e.kind for e in control.click(cell)]
        else:
            kinds += [e.kind for e in control.poll(0.0, True)]
    return kinds


def undo_to_a_choice(control: MatchController) -> None:
    """Undo until the person has more than one placing turn to choose from."""
    while True:
        assert control.undo()
        board = control.match.board
        if control.match.human_to_move and sum(t.is_place for t in board.legal_turns()) > 1:
            return


def test_a_game_played_on_after_its_end_is_neither_kept_nor_rated_and_says_so(tmp_path):
    control = a_controller(tmp_path)
    assert "over" in play_to_end(control, 0)
    first = control.match.all_moves()
    record = control.archive_path
    assert record is not None and control.kept_record() == record
    assert not control.played_on
    assert control.over_note().startswith("Rating: ")  # counted, as usual
    rating = ai_rating.load(tmp_path)[0]

    undo_to_a_choice(control)
    assert control.kept_record() == record  # the turns taken back wait to be redone
    play_to_end(control, 1)
    assert control.match.all_moves() != first
    assert control.played_on and control.kept_record() is None
    assert "not rated" in control.over_note()
    games, problems = entries(tmp_path)
    assert problems == [] and [g.path for g in games] == [record]
    assert ai_rating.load(tmp_path)[0] == rating  # counted once

    # Analysing the played-on game, even if handed the first game's record,
    # writes nothing into it.
    line = Line()
    job = AnalysisJob(control.match, line, record)
    while job.running:
        job.step()
        if job.request is not None:
            line.answer()
    assert job.analysis.done
    kept = json.loads(record.read_text())
    assert kept["turns"] == first and "analysis" not in kept
    assert "not kept" in " ".join(job.news())


def test_the_same_ending_played_again_is_the_kept_game_again(tmp_path):
    control = a_controller(tmp_path)
    play_to_end(control, 0)
    record = control.archive_path
    undo_to_a_choice(control)
    play_to_end(control, 0)
    assert control.kept_record() == record and not control.played_on
    assert control.over_note().startswith("Rating: ")  # as the first time


def test_between_two_people_the_note_leaves_the_rating_out(tmp_path):
    control = MatchController(Match(3, HUMAN, HUMAN), tmp_path, FirstTurnAI())
    play_to_end(control, 0)
    undo_to_a_choice(control)
    play_to_end(control, 1)
    assert control.played_on
    assert control.over_note() == "Played on after the end: not in History."


def test_a_game_looked_back_over_from_history_never_turns_into_a_match(tmp_path):
    """Play-test: a click on a History game shown at turn 0 dropped its turns and
    started a rated match against its AI. A review refuses every click, whoever
    is to move, and never asks the AI (NoAI fails if asked)."""
    from game.play.in_progress import CURRENT

    from .test_control import NoAI

    played = a_controller(tmp_path)
    play_to_end(played, 0)
    rating = ai_rating.load(tmp_path)[0]
    match = Match.from_record(json.loads(played.archive_path.read_text()))
    match.goto(0)
    control = MatchController(match, tmp_path, NoAI(), current=False, review=True)
    for ply in (0, 1):  # the person to move, then the AI
        control.goto(ply)
        cell = match.board.legal_placements()[0]
        (refused,) = control.click(cell)
        assert refused.kind == "refused" and "Looking back" in refused.text
        assert not control.wants_change(cell) and not control.may_change()
        assert control.poll(0.0, True) == []
    assert match.plies == len(played.match.all_moves()) and match.ply == 1
    control.leave()
    assert not (tmp_path / CURRENT).exists()
    assert ai_rating.load(tmp_path)[0] == rating


def test_a_look_back_analyses_into_the_record_it_was_opened_from(tmp_path):
    """A look back opened from History keeps its analysis in that game's record,
    as History's Analyse does, and its result card says nothing of playing on."""
    record = tmp_path / "game.json"
    match = Match(3, HUMAN, HUMAN)
    while not match.over:
        match.play(match.board.legal_turns()[0])
    record.write_text(json.dumps(match.record()))
    match.goto(1)
    control = MatchController(match, tmp_path, FirstTurnAI(), current=False, review=True)
    assert control.kept_record() is None
    control.kept_in(record)
    assert control.kept_record() == record and control.over_note() == ""
    assert AnalysisJob(match, Line(), control.kept_record()).record_path == record


def test_undo_and_redo_in_a_look_back_step_one_turn_as_the_arrows_do(tmp_path):
    """Play-test: Redo stepped two turns from turn 0 (on to the person's next
    turn against the AI) where Right steps one."""
    match = Match(3, HUMAN, "Club")
    while not match.over:
        match.play(match.board.legal_turns()[0])
    match.goto(0)
    control = MatchController(match, tmp_path, FirstTurnAI(), current=False, review=True)
    for ply in range(1, 4):
        assert control.redo() and match.ply == ply
    for ply in (2, 1, 0):
        assert control.undo() and match.ply == ply
    assert not control.undo() and match.ply == 0
