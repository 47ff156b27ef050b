"""The AI thinks under a banner and shows its turn as the banner goes
(play-test: after a rematch the AI waited out the banner, about 3 s on "Red to
move", before it even began to think)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from game.play.match import HUMAN, Match
from game.play.match_controller import MatchController
from game.play.match_end import AI_UNDER_BANNER, BANNER, ai_timing


@dataclass(frozen=True)
class Answered:
    id: int
    mfen: str
    turn: str | None
    error: str | None = None


class QuickAI:
    """A line to the AI that answers each request at once with the first legal
    turn, and keeps the answers until polled, as the worker's line does (it
    goes on with the next request only when polled)."""

    pondering = None

    def __init__(self, match: Match) -> None:
        self.match = match
        self.asked = 0
        self.queue: list[Answered] = []

    def request(self, mfen: str, level: str = "", seconds: float | None = None) -> int:
        self.asked += 1
        board = self.match.board
        turn = board.notation(board.legal_turns()[0])
        self.queue.append(Answered(self.asked, mfen, turn))
        return self.asked

    def poll(self) -> list[Answered]:
        answers, self.queue = self.queue, []
        return answers

    def serving(self, rid: int) -> bool:
        return any(a.id == rid for a in self.queue)  # answered once polled, as the worker's

    def cancel(self) -> None:
        self.queue.clear()

    def ponder(self, mfen: str) -> bool:
        return False


@pytest.mark.parametrize(
    ("busy", "finished", "left", "ask", "show"),
    [
        (False, False, BANNER + AI_UNDER_BANNER, True, False),  # a rematch's banner comes up
        (False, False, AI_UNDER_BANNER + 0.01, True, False),
        (False, False, AI_UNDER_BANNER, True, True),  # the banner has been read
        (False, False, None, True, True),  # no banner, or one clicked away
        (True, False, None, False, False),  # the last turn still animating
        (False, True, None, False, False),  # the game is over
    ],
)
def test_when_the_ai_thinks_and_when_its_turn_shows(busy, finished, left, ask, show):
    assert ai_timing(busy, finished, left) == (ask, show)


def test_the_ai_is_asked_under_the_banner_and_its_turn_waits_for_it(tmp_path: Path) -> None:
    match = Match(3, "Beginner", HUMAN)
    ai = QuickAI(match)
    control = MatchController(match, tmp_path, ai)
    under = ai_timing(False, False, BANNER + AI_UNDER_BANNER)
    assert control.poll(0.0, under.ask, under.show) == []
    assert control.thinking and ai.asked == 1  # thinking from the banner's first frame
    assert control.poll(0.1, under.ask, under.show) == [] and match.ply == 0
    assert not ai.queue  # polled all the same: the worker is free for the next request
    assert control.poll(0.2, under.ask, under.show) == [] and control.thinking
    gone = ai_timing(False, False, AI_UNDER_BANNER)
    events = control.poll(BANNER, gone.ask, gone.show)
    assert match.ply == 1 and any(e.kind == "turn" for e in events)
    assert ai.asked == 1  # asked once, not again when the banner went
