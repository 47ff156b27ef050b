"""A finished game's analysis on its own: the curve drawn from the verdicts."""

from game.rules import BLUE, RED, Board


def test_the_curve_runs_level_through_best_turns_and_passes_to_the_result():
    """A side-3 game lost to Master, judged exactly from the strategy: each best
    turn keeps the position's value, a pass stands at the value of the position
    it passes in (not at an even game), and the curve ends at the final margin."""
    from game.ai.analysis import judge
    from game.play.game_analysis import GameAnalysis
    from game.play.match import Match

    line = "c3 c5 a1 e3 c1 a3 e1 a2 e2 b3 d4 xd4 c4 b2 xb2 c2 xc2 xc4 b4 d2 xd2 d3 b1 d1 xc1 xa1"
    match = Match(3, "Human", "Master")
    for text in line.split():
        match.play(match.board.parse_turn(text))
    assert match.over and match.board.count(RED) == 7 and match.board.count(BLUE) == 12
    analysis = GameAnalysis(match)
    while (nxt := analysis.next_turn()) is not None:
        index, mfen, played = nxt
        board = Board(mfen)
        v = judge(board, board.parse_turn(played), seconds=5.0)
        assert v.exact, f"turn {index + 1}"
        analysis.record(index, board.notation(v.best), {**v.__dict__, "best": None})
    curve = analysis.curve()
    assert len(curve) == match.plies + 1 and curve[-1] == -5.0
    passes = [i for i, t in enumerate(analysis.turns) if t[1] == "pass"]
    assert len(passes) == 4
    for i in passes:
        assert curve[i] == curve[i + 1]
    for i, v in enumerate(analysis.verdicts):
        if v.label == "best":
            assert curve[i] == curve[i + 1], f"turn {i + 1}"
    # Red's two inaccuracies cost two tiles each, from the proved -1 at the start.
    assert curve[0] == -1.0
    assert [v.ply for v in analysis.verdicts if v.flagged] == [3, 7]
