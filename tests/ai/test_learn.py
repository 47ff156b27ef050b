"""The evaluation's terms and the fit that sets their weights."""

import random

import numpy as np
import pytest

from game.ai.baselines import random_turn
from game.ai.evaluate import CLASSIC, TERMS, TILE, Weights, evaluate, leaf, terms
from game.ai.learn import as_weights, design, fit, log_loss, play, report
from game.rules import Board


def positions(count: int, seed: int = 3):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(size=rng.choice((4, 5, 6)))
        for _ in range(rng.randrange(5, 60)):
            if board.is_game_over():
                break
            board.push(random_turn(board, rng))
        if not board.is_game_over():
            out.append(board)
    return out


def test_the_score_is_the_weighted_sum_of_the_terms():
    w = Weights(flips=31, places=7, groups=-5, edge=3, single=-11, flips_early=-40, places_early=9)
    # asserts-in-branch: positions(60) gives 60 positions
    for board in positions(60):
        t = terms(board)
        assert len(t) == len(TERMS)
        want = TILE * t[0] + sum(wi * ti for wi, ti in zip(w[:5], t[1:6], strict=True))
        want += (w.flips_early * t[6] + w.places_early * t[7]) // 100
        assert evaluate(board, w) == want
        # The classic weights give the same score as version 0.1's formula.
        assert evaluate(board, CLASSIC) == TILE * t[0] + 35 * t[1] + 6 * t[2] + 4 * t[3]
        stuck = leaf(board, w) is None
        assert stuck == (not board.legal_first_flips() and not board.legal_placements())


def test_the_fit_finds_the_weights_that_made_the_data():
    rng = np.random.default_rng(5)
    x = np.hstack([rng.normal(size=(20_000, 3)), np.ones((20_000, 1))])
    true = np.array([1.5, -0.8, 0.3, 0.2])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(x @ true)))).astype(float)
    w = fit(x, y, l2=0.0)
    assert np.allclose(w, true, atol=0.08)
    assert log_loss(x, y, w) < log_loss(x, y, np.zeros(4))


def test_fitted_weights_are_hundredths_of_a_tile():
    w = np.array([0.5, 0.175, 0.03, 0.02, 0.0, 0.0, -0.1, 0.05, 0.3])
    assert as_weights(w) == Weights(35, 6, 4, 0, 0, -20, 10)


def test_a_game_gives_terms_and_the_movers_results():
    xs, ys = play(4, 1)
    assert xs and len(xs) == len(ys)
    assert all(len(t) == len(TERMS) for t in xs) and set(ys) <= {0.0, 0.5, 1.0}
    assert play(4, 1) == (xs, ys)  # a game replays from its seed


@pytest.mark.slow
def test_the_report_judges_the_fit_on_held_out_games():
    xs, ys, game = [], [], []
    for n in range(1, 7):
        a, b = play(9, n)
        xs += a
        ys += b
        game += [n] * len(a)
    learned, lines = report(design(np.array(xs, float)), np.array(ys), np.array(game))
    assert isinstance(learned, Weights)
    table = [line for line in lines if line.startswith("| ")]
    assert [row.split("|")[1].strip().split(" ")[0] for row in table[2:]] == [
        "tiles",
        "classic",
        "learned,",
    ]


def test_the_lower_levels_keep_the_classic_weights_and_the_top_plays_the_learned():
    from game.ai.evaluate import DEFAULT
    from game.ai.levels import LEVELS, choose_turn
    from game.ai.search import Searcher

    assert {LEVELS[n].weights for n in ("beginner", "casual", "club")} == {CLASSIC}
    assert LEVELS["expert"].weights == LEVELS["master"].weights == DEFAULT != CLASSIC
    board = positions(1, seed=8)[0]
    searcher = Searcher()
    choose_turn(board, LEVELS["club"], random.Random(1), searcher=searcher, nodes=800)
    assert searcher.weights == CLASSIC and searcher.stored()
    # A level with other weights drops what was scored with the old ones.
    searcher.use(DEFAULT)
    assert searcher.weights == DEFAULT and not searcher.stored()
    # The miner's games replay with the classic weights whatever the level.
    choose_turn(
        board, LEVELS["master"], random.Random(1), searcher=searcher, nodes=800, weights=CLASSIC
    )
    assert searcher.weights == CLASSIC
