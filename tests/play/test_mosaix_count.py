"""The count at the end of a Mosaix game, without a screen: the solo verdict's
thresholds, and the lines each kind of game counts in."""

from game.mosaix.game import SOLO_SUPER, SOLO_WIN
from game.play.mosaix_flow import CountLine, SoloFlow, verdict
from game.play.mosaix_match import MatchFlow


class NoJobs:
    """The count asks the AI nothing: any job is a failure."""

    def submit(self, fn, *args):
        raise AssertionError(f"the count submitted {fn.__qualname__}")

    def cancel(self, job):
        assert job is None


def test_the_solo_verdict_at_and_around_its_thresholds():
    # Says what the number is: "120 wins" under "7 points" read as 120 games won.
    assert verdict(SOLO_WIN - 1) == (f"{SOLO_WIN} to win", "accent")
    assert verdict(SOLO_WIN) == ("Won!", "good")
    assert verdict(SOLO_SUPER - 1) == ("Won!", "good")
    assert verdict(SOLO_SUPER) == ("Really super!", "good")


def test_a_solo_count_adds_up_the_sheet_and_the_scale(tmp_path):
    flow = SoloFlow(NoJobs(), tmp_path, seed=5)
    flow.start()
    flow.end()
    lines = flow.count(best=True)
    game = flow.game
    assert lines[0] == CountLine("The count", "title", "text")
    areas = lines[1:-4]
    assert [line.tone for line in areas] == list(game.sheet.breakdown())
    assert lines[-4] == CountLine(f"Scale: {game.scale}", "line", "text")
    said, tone = verdict(game.score)
    assert lines[-3] == CountLine(f"{game.score} points", "total", tone)
    assert lines[-2] == CountLine(said, "line", tone)
    assert lines[-1] == CountLine("A new best score", "note", "accent")
    assert flow.count(best=False)[-2].part == "total"


def test_a_match_count_names_the_winners_then_every_score():
    flow = MatchFlow(NoJobs(), ["Human", "AI"], seed=2)
    lines = flow.count()
    # Nothing written yet: both sheets score alike and both win.
    assert lines[0] == CountLine("Player 1 and Player 2 (AI) win", "winner", "good")
    scores = flow.match.scores()
    assert [line.text for line in lines[1:]] == [
        f"Player 1: {scores[0]} points",
        f"Player 2 (AI): {scores[1]} points",
    ]
