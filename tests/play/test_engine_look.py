"""The analysis board's look at a position: the quick answer first, then the
deeper one in its place (issue 43), driven with a stand-in line to the AI."""

from dataclasses import dataclass, field

from game.ai.analysis import VerdictData
from game.play.engine_look import (
    DEEP_DEPTH,
    DEEP_SECONDS,
    QUICK_SECONDS,
    EngineLook,
    Look,
    said,
)
from game.rules import BLUE, RED

MFEN = "RR1/4/5/4/BB1 r"


@dataclass(frozen=True)
class Reply:
    id: int
    turn: str | None = None
    error: str | None = None
    verdict: VerdictData | None = None


@dataclass
class Line:
    asked: list[tuple[int, str, str, float, int | None]] = field(default_factory=list)
    inbox: list[Reply] = field(default_factory=list)
    cancels: int = 0

    def judge(
        self, mfen: str, played: str, seconds: float = 1.0, *, depth: int | None = None
    ) -> int:
        self.asked.append((len(self.asked) + 1, mfen, played, seconds, depth))
        return len(self.asked)

    def poll(self) -> list[Reply]:
        out, self.inbox = self.inbox, []
        return out

    def cancel(self) -> None:
        self.cancels += 1


def verdict(best_score: int, exact: bool) -> VerdictData:
    return {
        "loss": 0.0,
        "label": "best",
        "exact": exact,
        "best_score": best_score,
        "played_score": 0,
    }


def test_the_quick_answer_shows_then_the_deeper_one_replaces_it() -> None:
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    assert line.asked == [(1, MFEN, "c1", QUICK_SECONDS, None)] and look.thinking
    assert look.poll() == (False, None)  # nothing in yet
    line.inbox = [Reply(1, "a3", verdict=verdict(250, False))]
    assert look.poll() == (True, None)
    quick = look.answer_for(MFEN)
    assert quick is not None and quick.turn == "a3" and not quick.deep and quick.tiles == 2.5
    assert line.asked[-1] == (2, MFEN, "c1", DEEP_SECONDS, DEEP_DEPTH)
    assert look.deepening and not look.thinking
    line.inbox = [Reply(2, "b2", verdict=verdict(-100, False))]
    assert look.poll() == (True, None)
    deep = look.answer_for(MFEN)
    assert deep is not None and deep.turn == "b2" and deep.deep and deep.tiles == -1.0
    assert deep.changed_from == "a3" and quick.changed_from is None
    assert look.request is None and not look.deepening and len(line.asked) == 2


def test_a_proof_after_an_estimate_is_not_said_to_change_it() -> None:
    """Issue 54: "A deeper look changed it" showed under "The exact solver
    proved it", as if a proven value had moved; the quick answer was only an
    estimate, so the proof stands alone."""
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    line.inbox = [Reply(1, "a3", verdict=verdict(250, False))]
    look.poll()
    line.inbox = [Reply(2, "b2", verdict=verdict(3, True))]
    look.poll()
    proved = look.answer_for(MFEN)
    assert proved is not None and proved.exact and proved.turn == "b2"
    assert proved.changed_from is None


def test_an_exact_quick_answer_needs_no_deeper_look() -> None:
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    line.inbox = [Reply(1, "a3", verdict=verdict(3, True))]
    look.poll()
    settled = look.answer_for(MFEN)
    assert settled is not None and settled.exact and look.request is None and len(line.asked) == 1


def test_a_new_position_drops_the_answer_and_the_question() -> None:
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    line.inbox = [Reply(1, "a3", verdict=verdict(0, False))]
    look.poll()
    look.drop()
    assert line.cancels == 1 and look.look is None and look.request is None
    assert look.answer_for(MFEN) is None
    line.inbox = [Reply(2, "b2", verdict=verdict(0, False))]  # the cancelled deeper look, late
    assert look.poll() == (False, None) and look.look is None


def test_an_answer_for_another_request_or_position_is_not_taken() -> None:
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    line.inbox = [Reply(7, "a3", verdict=verdict(0, False))]
    assert look.poll() == (False, None) and look.thinking
    line.inbox = [Reply(1, "a3", verdict=verdict(0, False))]
    look.poll()
    assert look.answer_for("3/4/5/4/3 r") is None and look.answer_for(MFEN) is not None


def test_the_ais_error_is_passed_on() -> None:
    line = Line()
    look = EngineLook(line)
    look.ask(MFEN, "c1")
    line.inbox = [Reply(1, None, "the position is broken")]
    assert look.poll() == (True, "the position is broken")
    assert look.look is None and look.request is None


def test_the_answer_names_who_is_ahead_and_whether_it_is_proved():
    def look(tiles: float, exact: bool) -> Look:
        return Look(MFEN, "c3", tiles, exact, deep=False)

    assert said(look(1.04, False), RED) == "Best turn: c3 (Red ahead by about 1 tile)"
    # The mover's margin below zero: the other side leads.
    assert said(look(-2.6, False), RED) == "Best turn: c3 (Blue ahead by about 3 tiles)"
    assert said(look(-2.6, False), BLUE) == "Best turn: c3 (Red ahead by about 3 tiles)"
    assert said(look(0.3, False), BLUE) == "Best turn: c3 (Blue a little ahead)"
    assert said(look(0.02, False), BLUE) == "Best turn: c3 (even)"
    assert said(look(3.0, True), BLUE) == "Best turn: c3 (Blue wins by 3 tiles)"
    assert said(look(-1.0, True), BLUE) == "Best turn: c3 (Red wins by 1 tile)"
    assert said(look(0.0, True), RED) == "Best turn: c3 (a draw with best play)"
