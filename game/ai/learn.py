"""Fit the evaluation's weights to the outcomes of self-play games.

    python -m game.ai.learn [--games 600] [--seed 1] [--workers 2] [--data positions.npz]

Self-play between Beginner, Casual, Club and Expert (on node budgets, so each
game replays from its seed), on sides 4 to 7, each game opened with up to six
random turns so the positions vary. Half the positions of each game (where the
mover has a turn to choose) are kept with the game's result for the player to
move: 1 won, 0 lost, 0.5 drawn. A logistic regression in numpy (Newton's
method, a little L2) fits the weights of :data:`game.ai.evaluate.TERMS` to
those results. Every fifth game is held out, and the fit is judged on it
against the classic hand-set weights (given their best scale) and against the
tile count alone. ``docs/ai-evaluation.md`` has the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from game.rules import RED, Board

from .baselines import random_turn
from .evaluate import CLASSIC, TERMS, TILE, Weights, terms
from .first_levels import FIRST_LEVELS
from .levels import choose_turn
from .search import Searcher

PLAYERS = {"beginner": 1, "casual": 1, "club": 2, "expert": 2}
NODES = {"beginner": 2000, "casual": 2000, "club": 3000, "expert": 6000}
SIDES = {4: 1, 5: 3, 6: 2, 7: 1}
HELD_OUT = 5  # every fifth game is the test set


def play(seed: int, number: int) -> tuple[list[tuple[int, ...]], list[float]]:
    """One game's kept positions (their terms) and results for the mover."""
    rng = random.Random(seed * 1_000_003 + number)
    side = rng.choices(list(SIDES), list(SIDES.values()))[0]
    names = rng.choices(list(PLAYERS), list(PLAYERS.values()), k=2)
    board = Board(size=side)
    searchers = {RED: Searcher(weights=CLASSIC), RED.other: Searcher(weights=CLASSIC)}
    kept: list[tuple[tuple[int, ...], object]] = []
    opening = rng.randint(0, 6)
    while not board.is_game_over():
        turns = board.legal_turns()
        if len(board.turn_stack) < opening:
            turn = random_turn(board, rng)
        else:
            if len(turns) > 1 and rng.random() < 0.5:
                kept.append((terms(board), board.mover))
            who = names[0] if board.mover is RED else names[1]
            turn = choose_turn(
                board,
                FIRST_LEVELS[who],
                rng,
                searcher=searchers[board.mover],
                nodes=NODES[who],
                weights=CLASSIC,
            )
        assert turn is not None  # the game is not over
        board.push(turn)
    red, blue = len(board.tiles(RED)), len(board.tiles(RED.other))
    results = []
    for _, mover in kept:
        mine, theirs = (red, blue) if mover is RED else (blue, red)
        results.append(1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)
    return [t for t, _ in kept], results


def _play(job: tuple[int, int]) -> tuple[int, list[tuple[int, ...]], list[float]]:
    seed, number = job
    return (number, *play(seed, number))


def generate(seed: int, games: int, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Terms (one row a position), results, and each row's game number."""
    rows, ys, game = [], [], []
    jobs = [(seed, n) for n in range(1, games + 1)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for number, xs, results in pool.map(_play, jobs, chunksize=4):
            rows += xs
            ys += results
            game += [number] * len(xs)
    return np.array(rows, dtype=np.float64), np.array(ys), np.array(game)


def design(raw: np.ndarray) -> np.ndarray:
    """The features a fit sees: the terms, the early ones back in units (not
    hundredths), and a constant (the side to move's edge, which the search
    cannot use and the weights leave out)."""
    x = raw.copy()
    x[:, 6:] /= 100.0
    return np.hstack([x, np.ones((len(x), 1))])


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression weights by Newton's method, ``l2`` a ridge on all but the constant."""
    w = np.zeros(x.shape[1])
    ridge = np.full(x.shape[1], l2 * len(x))
    ridge[-1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(ridge)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-(x @ w))), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Share of decided positions whose winner the sign of the score names."""
    decided = y != 0.5
    return float(np.mean((x[decided] @ w > 0) == (y[decided] == 1)))


def as_weights(w: np.ndarray) -> Weights:
    """The fitted weights in hundredths of a tile, the tile weight as :data:`TILE`."""
    per_tile = w[0]
    return Weights(*(int(np.rint(TILE * v / per_tile)) for v in w[1 : len(TERMS)]))


def score_column(x: np.ndarray, weights: Weights) -> np.ndarray:
    """Each position's evaluation (in tiles) under ``weights``, and a constant."""
    vector = np.array([TILE, *weights], dtype=np.float64) / TILE
    return np.hstack([(x[:, :-1] @ vector)[:, None], np.ones((len(x), 1))])


def report(x: np.ndarray, y: np.ndarray, game: np.ndarray) -> tuple[Weights, list[str]]:
    """Fit on the training games, judge on the held-out ones: the weights and a table."""
    test = game % HELD_OUT == 0
    train = ~test
    lines = [
        f"{len(y)} positions from {len(set(game))} games; "
        f"{int(train.sum())} to fit, {int(test.sum())} held out (every {HELD_OUT}th game).",
        "",
        "| evaluation | log loss (train) | log loss (held out) | winner named (held out) |",
        "| --- | ---: | ---: | ---: |",
    ]
    w = fit(x[train], y[train])
    learned = as_weights(w)
    tiles_only = Weights()
    for name, weights in (
        ("tiles alone", tiles_only),
        (f"classic {tuple(CLASSIC)}", CLASSIC),
        (f"learned, rounded {tuple(learned)}", learned),
    ):
        s = score_column(x, weights)
        scale = fit(s[train], y[train], l2=0.0)  # its best scale and constant
        lines.append(
            f"| {name} | {log_loss(s[train], y[train], scale):.4f} | "
            f"{log_loss(s[test], y[test], scale):.4f} | {accuracy(s[test], y[test], scale):.1%} |"
        )
    lines += [
        "",
        "Fitted per unit, in logits: "
        + ", ".join(f"{name} {v:+.4f}" for name, v in zip((*TERMS, "constant"), w, strict=True)),
    ]
    return learned, lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.learn", description=__doc__)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", help="keep the positions here (.npz), or read them if it exists")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if args.data and Path(args.data).exists():
        kept = np.load(args.data)
        raw, y, game = kept["x"], kept["y"], kept["game"]
    else:
        raw, y, game = generate(args.seed, args.games, args.workers)
        if args.data:
            np.savez_compressed(args.data, x=raw, y=y, game=game)
    print(f"positions ready in {time.perf_counter() - t0:.0f} s", flush=True)
    learned, lines = report(design(raw), y, game)
    print("\n".join(lines))
    print(f"\nDEFAULT = Weights{tuple(learned)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
