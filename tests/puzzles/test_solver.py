"""The puzzle solver against brute force: the plain reference board for flip
chains, plain minimax for wins."""

import random

import pytest

from game.ai.solver import margin
from game.puzzles.grade import features, rate
from game.puzzles.solve import analyse_flips, exact_score, winning_turns
from game.rules import RED, Board, Position, Turn
from tests.ai.brute import turn_margins
from tests.reference import RefBoard
from tests.strategies import chain_sea, random_play


def ref_ends_by_first(ref: RefBoard) -> dict[str, set[frozenset[str]]]:
    """For each legal first flip, every complete set reachable from it, by following
    every order one flip at a time."""
    me = ref.mover
    out: dict[str, set[frozenset[str]]] = {}
    for first in ref.cells:
        if not ref.flip_ok(ref.tiles, first, me):
            continue
        ends: set[frozenset[str]] = set()

        def walk(tiles, flipped, ends=ends):
            nxt = [
                y
                for x in flipped
                for y in ref.neighbours(x)
                if y not in flipped and ref.flip_ok(tiles, y, me)
            ]
            if not nxt:
                ends.add(frozenset(ref.name(c) for c in flipped))
            for y in set(nxt):
                walk({**tiles, y: me}, flipped | {y})

        walk({**ref.tiles, first: me}, frozenset([first]))
        out[ref.name(first)] = ends
    return out


def sample_positions():
    rng = random.Random(5)
    for i in range(40):
        side = 3 + i % 3
        yield chain_sea(side, rng, 0.3, 0.1, RED if i % 2 else RED.other)
        yield random_play(side, rng, rng.randint(5, 30))


@pytest.mark.parametrize("position", list(sample_positions()), ids=lambda p: p.mfen())
def test_flip_analysis_matches_the_reference(position: Position):
    board = Board(position)
    got = analyse_flips(board)
    names = board.geometry.names
    mine = {
        names[first]: {frozenset(names[c] for c in s) for s in by_set}
        for first, by_set in got.ends.items()
    }
    assert mine == ref_ends_by_first(RefBoard.from_mfen(position.mfen()))
    for by_set in got.ends.values():
        for s, order in by_set.items():  # each stored order is a legal turn for its set
            assert set(order) == s and board.is_legal(Turn.flip(order))
    if got.ends:
        greedy = frozenset(got.greedy)
        assert greedy in got.ends[got.greedy[0]]
        f = features(board, got, got.largest()[0])
        assert f.first_flips == len(mine) and f.chain == got.best
        assert 400 <= rate("most", f) <= 2800


def endings():
    rng = random.Random(11)
    found = []
    while len(found) < 16:
        side = rng.choice([3, 4])
        b = Board(random_play(side, rng, rng.randint(8, 40)))
        empties = b.geometry.cells - b.count(RED) - b.count(RED.other)
        if empties <= 4 and len(b.legal_turns()) >= 2:
            found.append(b.mfen())
    return found


@pytest.mark.parametrize("fen", endings())
def test_winning_turns_match_brute_force(fen):
    board = Board(fen)
    margins = turn_margins(board.copy())
    assert set(winning_turns(board)) == {t for t, m in margins.items() if m > 0}
    for turn, m in margins.items():
        assert margin(exact_score(board, turn)) == m


def test_the_endings_include_every_kind_of_answer():
    kinds = set()
    for fen in endings():
        winners = sum(m > 0 for m in turn_margins(Board(fen)).values())
        kinds.add(min(winners, 2))
    assert kinds == {0, 1, 2}  # lost or drawn, one winning turn, several
