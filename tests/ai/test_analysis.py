"""Judging turns (game.ai.analysis) against brute force and the side-3 strategy."""

from __future__ import annotations

import random

import pytest

from game.ai import side3
from game.ai.analysis import compared, deepest, judge
from game.ai.endgame import Endgame
from game.ai.evaluate import TILE
from game.ai.levels import LEVELS, choose_turn
from game.ai.search import Budget, Searcher, empty_cells
from game.rules import Board

from . import minimax_golden
from .minimax_golden import ending
from .scale import python_only, scaled


def test_the_golden_margins_are_minimaxs():
    """tests/golden/minimax.json holds every ending the exact-verdict, ponder and
    side-3 Master game tests check, and the first of each (side, empty cells) the
    verdicts judge, and the first six of the Master games' from 6 empty cells
    down, are what minimax finds today (under a CPU-second together; the
    ponder's endings take 3 to 5 each, the games' from 7 and 8 cells 1 to 2)."""
    boards = minimax_golden.all_endings()
    assert {b.mfen() for b in boards} == set(minimax_golden.golden())
    per = minimax_golden.VERDICT_POSITIONS
    verdicts = per * len(minimax_golden.VERDICT_PLACES)
    sample = boards[:verdicts:per]
    master = boards[verdicts + len(minimax_golden.ponder_endings()) :]
    sample += [b for b in master if empty_cells(b) <= 6][:6]
    for board in sample:
        assert minimax_golden.exact_margins(board) == minimax_golden.margins(board), board.mfen()


@pytest.mark.parametrize(("side", "empty"), minimax_golden.VERDICT_PLACES)
def test_exact_verdicts_match_minimax(side, empty):
    """Every turn's loss is its margin's shortfall from the best turn's, the best
    turn named is as good as any, and throwing away a win is a blunder. (Minimax's
    margins come from tests/golden/minimax.json.)"""
    endgame = Endgame()  # kept between judgements, as the worker keeps one
    judged = bad = 0
    for board in minimax_golden.verdict_endings(side, empty, scaled(8, 2)):
        margins = {board.parse_turn(t): m for t, m in minimax_golden.margins(board).items()}
        assert set(margins) == set(board.legal_turns()), board.mfen()
        top = max(margins.values())
        for turn, got in margins.items():
            v = judge(board, turn, seconds=60, endgame=endgame)
            assert v.exact, board.mfen()
            assert v.loss == top - got, (board.mfen(), board.notation(turn))
            assert margins[v.best] == top, board.mfen()
            if (got > 0) - (got < 0) < (top > 0) - (top < 0):
                assert v.label == "blunder"
                bad += 1
            judged += 1
    assert judged >= scaled(20, 4) and bad >= scaled(1, 0)


def test_a_stopped_judgement_is_the_evaluation_and_comes_at_once():
    board = ending(random.Random(4), 5, 12)
    v = judge(board, board.legal_turns()[0], seconds=60, stop=lambda: True)
    assert not v.exact


def games_against_master(seed: int):
    """Master against random turns on side 3: each position before a turn with a
    choice, and the turn played (Master's and its opponent's alike)."""
    rng = random.Random(seed)
    board = Board(size=3)
    master = rng.choice(["red", "blue"])
    while not board.is_game_over():
        turns = board.legal_turns()
        if str(board.mover) == master:
            # A budget of nodes, not seconds: on a loaded machine a time budget could
            # cut a search short and change the game, and tests/golden/minimax.json
            # holds these games' positions.
            turn = choose_turn(board, LEVELS["master"], rng, nodes=200_000)
        else:
            turn = rng.choice(turns)
        if len(turns) > 1:
            yield board.copy(), turn
        board.push(turn)


def test_a_side3_game_against_master_is_judged_exactly_at_once():
    """The strategy knows every position of such a game with 6 or more empty
    cells, so every turn from 7 gets an exact verdict without a solve (from the
    empty board a solve would take minutes); smaller endings the solver settles.
    Where the position is small enough, minimax agrees (its margins come from
    tests/golden/minimax.json, which holds every such position of these games)."""
    assert side3.strategy() is not None
    checked = 0
    for seed in range(scaled(minimax_golden.MASTER_GAMES, 1)):
        for board, turn in games_against_master(seed):
            from_book = empty_cells(board) > side3.MIN_EMPTY
            v = judge(board, turn, seconds=0.001 if from_book else 30)
            assert v.exact, f"{board.notation(turn)} in {board.mfen()}"
            if empty_cells(board) <= minimax_golden.MASTER_MOST_EMPTY:
                golden = minimax_golden.margins(board)  # minimax's, from the file
                margins = {board.parse_turn(t): m for t, m in golden.items()}
                assert set(margins) == set(board.legal_turns()), board.mfen()
                assert v.loss == max(margins.values()) - margins[turn], board.mfen()
                assert margins[v.best] == max(margins.values()), board.mfen()
                checked += 1
    assert checked >= scaled(8, 2)


def test_the_judge_searches_to_the_depth_asked():
    """A verdict from the search gives the played turn's shortfall at the depth
    asked: at one turn deep, the one-turn scores of the same search."""
    board = ending(random.Random(7), 5, 40)
    found = Searcher().search(board, Budget(seconds=30, max_depth=1), solve=False, all_scores=True)
    assert found.scores is not None
    top = max(found.scores.values())
    for turn in board.legal_turns()[:6]:
        v = judge(board, turn, seconds=30, depth=1)
        assert not v.exact
        assert v.loss == pytest.approx((top - found.scores[turn]) / TILE)


@pytest.mark.parametrize(
    "compiled", [True, pytest.param(False, marks=python_only)], ids=["compiled", "python"]
)
def test_the_judge_scores_the_played_turn_as_a_search_of_every_turn_would(compiled):
    """The judge searches for the best turn, then the played one on its own:
    the same best score and the same played score as one search giving every
    turn its full-window score, depth for depth, from the opening to the
    ending, on sides 4 to 6."""
    rng = random.Random(11)
    checked = 0
    places = ((4, 30), (4, 16), (5, 50), (5, 30), (5, 18), (6, 70), (6, 40))
    for side, empty in places[:: scaled(1, 3)]:  # for code paths, one of each side
        board = ending(rng, side, empty)
        turns = board.legal_turns()
        # The Python search to depth 3: depth 4 cost 20 CPU-seconds more, and
        # test_search_compiled.py holds the two searches to the same tree.
        for depth in range(1, scaled(4 if compiled else 3, 2) + 1):
            every = Searcher(compiled=compiled).search(
                board, Budget(max_depth=depth), solve=False, all_scores=True
            )
            assert every.depth == depth
            top = max(every.scores.values())
            for turn in rng.sample(turns, min(4, len(turns))):
                searcher = Searcher(compiled=compiled)
                best, best_score, got = compared(board, turn, Budget(max_depth=depth), searcher)
                assert best_score == top, (board.mfen(), depth)
                assert every.scores[best] == top
                assert got == every.scores[turn], (board.mfen(), board.notation(turn), depth)
                checked += 1
    assert checked >= scaled(80, 20)


def test_a_depth_the_time_cannot_finish_is_not_begun():
    """Each depth costs 4 to 20 times the one before: on side 8 a turn that
    finished depth 4 early began depth 5 and threw it away at the deadline,
    half of its time. A depth is begun only if four times the last one's time
    still ends in time, and never past 45% of it."""
    from game.ai.analysis import GROWTH, time_for_deeper

    now = [100.0]
    budget = Budget(seconds=1.0, clock=lambda: now[0])
    assert GROWTH == 4.0
    assert time_for_deeper(budget, 100.0, 100.1)  # 0.4 more ends at 100.5
    assert time_for_deeper(budget, 100.2, 100.36)  # 0.64 more ends at 101.0
    assert not time_for_deeper(budget, 100.2, 100.4)  # 0.8 more: past the end
    assert not time_for_deeper(budget, 100.44, 100.46)  # past 45% of the time
    assert time_for_deeper(Budget(max_depth=5), 0.0, 1e6)  # no time set: as deep as asked


def test_the_judge_says_how_deep_it_searched():
    rng = random.Random(5)
    board = ending(rng, 5, 40)
    turn = board.legal_turns()[0]
    assert judge(board, turn, seconds=60.0, depth=3, exact_seconds=0.0).depth == 3
    best, top, got, depth = deepest(board, turn, Budget(max_depth=2))
    assert depth == 2 and (best, top, got) == compared(board, turn, Budget(max_depth=2))


def test_a_label_is_unsure_where_its_last_two_depths_disagree():
    """Issue 53: the "?" beside a label. The judge's verdict is unsure exactly
    where the labels of the two deepest depths it finished differ."""
    from game.ai.analysis import label_for, unsure

    tile = TILE
    assert not unsure([]) and not unsure([(0, -5 * tile)])  # one depth: nothing to compare
    assert not unsure([(0, -3 * tile), (tile, -2 * tile)])  # mistake, mistake
    assert unsure([(0, -3 * tile), (0, -5 * tile)])  # mistake, then blunder
    assert not unsure([(0, -9 * tile), (0, -3 * tile), (0, -3 * tile)])  # only the last two count
    rng = random.Random(5)
    seen = set()
    for _ in range(6):
        board = ending(rng, 5, 40)
        for turn in board.legal_turns()[:4]:
            depths: list[tuple[int, int]] = []
            deepest(board, turn, Budget(max_depth=4), depths=depths)
            assert len(depths) == 4  # each finished depth, shallowest first
            v = judge(board, turn, seconds=60.0, depth=4, exact_seconds=0.0)
            labels = [label_for(max(0.0, (top - got) / TILE)) for top, got in depths[-2:]]
            assert v.label == labels[-1] and v.unsure == (labels[0] != labels[1])
            seen.add(v.unsure)
    assert seen == {True, False}, "the sample should hold both kinds"
