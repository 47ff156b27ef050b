"""A game's analysis as a job without pygame (issue 51): it asks the worker,
matches the answers to its request, shows verdicts as they come and keeps the
finished analysis with the game's record."""

from __future__ import annotations

import json
from dataclasses import dataclass

from game.ai.analysis import JUDGE_DEPTH
from game.play.analysis_job import AnalysisJob
from game.play.deeper_looks import CHECK_DEPTH, CONFIRM_DEPTH
from game.play.match import Match


@dataclass(frozen=True)
class Answer:
    id: int
    turn: str | None = None
    error: str | None = None
    verdict: dict | None = None


class Line:
    """A worker line that answers what it is told to, when told to."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str, str, float, float | None]] = []
        self.depths: list[int | None] = []
        self.answers: list[Answer] = []
        self.cancelled = 0

    def judge(self, mfen, played, seconds=1.0, *, exact_seconds=None, depth=None):
        self.asked.append((len(self.asked) + 1, mfen, played, seconds, exact_seconds))
        self.depths.append(depth)
        return len(self.asked)

    def poll(self):
        out, self.answers = self.answers, []
        return out

    def cancel(self):
        self.cancelled += 1

    def answer(self, label="best", error=None, rid=None, depth=JUDGE_DEPTH, unsure=None):
        """Answer the last request (or ``rid``) with a verdict, or an error."""
        last = self.asked[-1]
        verdict = {
            "loss": 0.0 if label == "best" else 3.0,
            "label": label,
            "exact": unsure is None,
            "best_score": 0,
            "played_score": 0,
            "depth": depth,
            "unsure": bool(unsure),
        }
        self.answers.append(
            Answer(rid or last[0], None if error else last[2], error, None if error else verdict)
        )


#: The record of :func:`a_game`, as the history keeps it (its turns).
RECORD = {"turns": ["c3", "c5", "a1", "e3"]}


def a_game() -> Match:
    match = Match(3, "Human", "Human")
    for text in ("c3", "c5", "a1", "e3"):
        match.play(match.board.parse_turn(text))
    return match


def test_the_job_asks_each_turn_takes_its_answer_and_keeps_the_analysis(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORD | {"mfen": "kept as it was"}))
    line = Line()
    job = AnalysisJob(a_game(), line, record)
    assert not job.loaded and job.running
    assert job.step() and len(line.asked) == 1  # asked at once
    assert job.step() and len(line.asked) == 1  # nothing more while it waits
    line.answer(rid=99)  # a stale answer, to a request replaced since
    job.step()
    assert job.analysis.verdicts[0] is None and job.request == 1
    line.answer("mistake")
    assert job.step()
    assert job.analysis.verdicts[0] is not None and job.analysis.verdicts[0].label == "mistake"
    assert job.request is None
    while job.running:
        job.step()
        if job.request is not None:
            line.answer()
    assert job.analysis.done and [a[2] for a in line.asked] == ["c3", "c5", "a1", "e3"]
    kept = json.loads(record.read_text())
    assert kept["mfen"] == "kept as it was"
    assert [v["label"] for v in kept["analysis"]] == ["mistake", "best", "best", "best"]
    assert not list(tmp_path.glob("*.tmp*"))  # written whole, by a rename
    assert not job.step() and job.news() == []
    # Opened again, it comes from the record: nothing is asked.
    again_line = Line()
    again = AnalysisJob(a_game(), again_line, record)
    assert again.loaded and again.analysis.done and not again.step() and not again_line.asked


def test_an_analysis_left_unfinished_is_kept_and_goes_on_from_there_next_time(tmp_path):
    """A play-test: an analysis left before its end began again from nothing
    at every visit, its labels changing each time. What it found is kept when
    the screen is left, and the next visit asks only for the rest."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORD))
    line = Line()
    job = AnalysisJob(a_game(), line, record)
    for label in ("mistake", "good"):
        job.step()
        line.answer(label)
        job.step()
    job.step()  # the third turn asked, and left unanswered
    job.stop()
    kept = json.loads(record.read_text())["analysis"]
    assert [v and v["label"] for v in kept] == ["mistake", "good", None, None]
    again_line = Line()
    again = AnalysisJob(a_game(), again_line, record)
    assert not again.loaded and again.running  # not whole: it goes on
    labels = [v and v.label for v in again.analysis.verdicts]
    assert labels == ["mistake", "good", None, None]
    while again.running:
        again.step()
        if again.request is not None:
            again_line.answer()
    assert [a[2] for a in again_line.asked][:2] == ["a1", "e3"]  # the first pass's rest
    assert again.analysis.done and [v.label for v in again.analysis.verdicts][:2] == labels[:2]
    left = AnalysisJob(a_game(), Line(), record)
    assert left.loaded  # finished, kept whole
    left.stop()  # nothing new: the record is not written again
    assert json.loads(record.read_text())["analysis"] == again.analysis.to_json()


def test_an_unfinished_analysis_that_does_not_fit_the_game_is_left_aside(tmp_path):
    record = tmp_path / "game.json"
    verdict = {"ply": 1, "mover": "red", "played": "c4", "best": "c4", "loss": 0.0}
    bad = [verdict | {"label": "best", "exact": False, "best_score": 0}, None, None, None]
    record.write_text(json.dumps(RECORD | {"analysis": bad}))  # c4: not this game's turn
    job = AnalysisJob(a_game(), Line(), record)
    assert not job.loaded and all(v is None for v in job.analysis.verdicts)


def test_a_failed_answer_stops_the_job_and_says_why_once():
    line = Line()
    job = AnalysisJob(a_game(), line)
    job.step()
    line.answer(error="the AI process stopped unexpectedly; try again")
    assert job.step()
    assert job.stopped and not job.running and job.analysis.verdicts[0] is None
    assert job.news() == ["The analysis stopped: the AI process stopped unexpectedly; try again"]
    assert job.news() == []
    assert not job.step() and len(line.asked) == 1  # nothing more is asked


def test_leaving_drops_the_request_under_way():
    line = Line()
    job = AnalysisJob(a_game(), line)
    job.stop()
    assert line.cancelled == 0  # nothing to drop yet
    job.step()
    job.stop()
    assert line.cancelled == 1 and job.request is None


def test_a_record_that_cannot_be_written_is_said_and_the_analysis_stays(tmp_path):
    record = tmp_path / "game.json"
    record.write_text("{}")
    line = Line()
    job = AnalysisJob(a_game(), line, record)
    record.unlink()
    record.mkdir()  # a folder where the record was: neither read nor written
    while job.running:
        job.step()
        if job.request is not None:
            line.answer()
    assert job.analysis.done
    (said,) = job.news()
    assert said.startswith("The analysis could not be kept with the game: ")


def test_the_job_looks_deeper_at_unsure_labels_and_mistakes_and_keeps_them_once_settled(tmp_path):
    """Issue 53: once every turn has its verdict the job is still running, asking
    one depth deeper about each unsure label while the screen is open; the
    record is written when every turn has its verdict and again when the
    unsure ones have settled, not at every deeper look."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORD))
    line = Line()
    job = AnalysisJob(a_game(), line, record)
    while not job.analysis.done:
        job.step()
        if job.request is not None:
            unsure = line.asked[-1][2] in ("c5", "a1")  # the second and third turns
            # The others settle exactly (side 3: every turn is the ending's).
            line.answer("mistake" if unsure else "best", unsure=unsure or None)
    kept = json.loads(record.read_text())["analysis"]
    assert [v["unsure"] for v in kept] == [False, True, True, False]
    assert job.running and set(line.depths) == {None}  # the judge's own depth
    asked = len(line.asked)
    record.write_text(json.dumps(RECORD))  # so that a write shows
    assert job.step()  # a request made
    assert line.depths[-1] == JUDGE_DEPTH + 1 and line.asked[-1][2] == "c5"
    # While a deeper look is out nothing on the screen changes: no redraw asked.
    assert not job.step() and job.running
    line.answer("mistake", depth=JUDGE_DEPTH + 1, unsure=False)  # it holds: sure
    assert job.step()  # the "?" went
    assert json.loads(record.read_text()) == RECORD  # labels left to look at: not yet
    # A mistake is looked at again, sure or not, until confirmed from CONFIRM_DEPTH.
    for depth in (CHECK_DEPTH, CONFIRM_DEPTH):
        job.step()
        assert line.depths[-1] == depth and line.asked[-1][2] == "c5"
        line.answer("mistake", depth=depth, unsure=False)
        job.step()
        assert json.loads(record.read_text()) == RECORD  # labels left to look at: not yet
    assert JUDGE_DEPTH + 2 == CHECK_DEPTH == CONFIRM_DEPTH - 1  # one unsure label left
    job.step()
    assert line.depths[-1] == JUDGE_DEPTH + 1 and line.asked[-1][2] == "a1"
    line.answer("best", depth=JUDGE_DEPTH + 1, unsure=False)
    job.step()
    assert job.analysis.settled and not job.running
    kept = json.loads(record.read_text())["analysis"]
    assert [(v["label"], v["unsure"]) for v in kept][1:3] == [("mistake", False), ("best", False)]
    assert not job.step() and len(line.asked) == asked + 4
