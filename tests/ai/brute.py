"""Plain minimax to the end of the game: no pruning, no table. The yardstick the
solver is checked against on small endings."""

from game.rules import PASS, Board


def brute_margin(board: Board) -> int:
    """Final tile difference (mover minus opponent) under best play by both."""
    turns = board.legal_turns()
    if not turns:
        me = board.mover
        return board.count(me) - board.count(me.other)
    best = None
    for t in turns:
        board.push(t)
        value = -brute_margin(board)
        board.pop()
        if t is PASS:
            return value
        best = value if best is None else max(best, value)
    return best


def turn_margins(board: Board) -> dict:
    out = {}
    for t in board.legal_turns():
        board.push(t)
        out[t] = -brute_margin(board)
        board.pop()
    return out
