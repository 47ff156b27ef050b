"""40 seeded random games on side 5, every turn checked by the reference.

There were 200: the reference's group counts made them 25 CPU-seconds. Under
``coverage run --branch`` the engine's lines and branches in game/rules that the
200 games reach (510 arcs) are all reached by the first two games already, so
40 keep the same coverage twenty times over; long, branching chains meet the
reference in tests/test_against_reference.py."""

import random

import pytest

from game.rules import BLUE, RED, Board, Position

from .reference import RefBoard

GAMES = 40
CHUNKS = 4  # so that pytest-xdist's workers share them
FULL_CHECK_EVERY = 7  # also compare the whole legal-turn list on every 7th turn


def ref_of(board: Board) -> RefBoard:
    return RefBoard.from_mfen(board.mfen())


def ref_cell(ref: RefBoard, board: Board, cell: int):
    q, r = board.geometry.coord(cell)
    return (q, r)


def reference_accepts(board: Board, turn) -> None:
    """The reference checks the turn the engine chose, one step at a time."""
    ref = ref_of(board)
    me = ref.mover
    if turn.is_pass:
        assert not ref.has_turn(me) and ref.has_turn(ref.other(me))
        return
    if turn.is_place:
        assert ref.placement_ok(ref_cell(ref, board, turn.cells[0]), me)
        return
    tiles = dict(ref.tiles)
    flipped: set = set()
    for c in turn.cells:
        cell = ref_cell(ref, board, c)
        assert not flipped or any(n in flipped for n in ref.neighbours(cell))
        assert ref.flip_ok(tiles, cell, me)
        tiles[cell] = me
        flipped.add(cell)
    owed = [
        y
        for x in flipped
        for y in ref.neighbours(x)
        if y not in flipped and ref.flip_ok(tiles, y, me)
    ]
    assert not owed, "the engine stopped a chain while a flip was owed"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_checked_by_reference(chunk):
    per_chunk = GAMES // CHUNKS
    assert per_chunk >= 1, "fewer games than chunks: some chunks would check nothing"
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        rng = random.Random(seed)
        board = Board(size=5)
        ply = 0
        while True:
            turns = board.legal_turns()
            if ply % FULL_CHECK_EVERY == 0:
                from .test_against_reference import outcome_key

                assert {outcome_key(board, t) for t in turns} == ref_of(board).legal()
            if not turns:
                break
            turn = rng.choice(turns)
            reference_accepts(board, turn)
            mover, other = board.mover, board.mover.other
            before = (board.count(mover), board.count(other))
            groups = (board.group_count(mover), board.group_count(other))
            board.push(turn)
            ply += 1
            after = (board.count(mover), board.count(other))
            new_groups = (board.group_count(mover), board.group_count(other))
            ref = ref_of(board)
            assert new_groups == (ref.groups(mover.title[0]), ref.groups(other.title[0]))
            if turn.is_place:
                assert after == (before[0] + 1, before[1])
                assert new_groups[0] in (groups[0], groups[0] + 1) and new_groups[1] == groups[1]
            elif turn.is_flip:
                k = len(turn.cells)
                assert after == (before[0] + k, before[1] - k)
                assert sum(new_groups) <= sum(groups) - k  # every flip lowers the total
            assert board.count(RED) + board.count(BLUE) <= board.geometry.cells
        assert board.is_game_over() and board.result() in ("red", "blue", "draw")
        while board.turn_stack:
            board.pop()
        assert board.position() == Position.empty(5)
