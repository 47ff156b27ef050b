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


def memo_margin(board: Board, memo: dict) -> int:
    """:func:`brute_margin` for bigger endings: every line is still searched, but a
    position met again is looked up in ``memo`` (exact key -> margin)."""
    key = board.transposition_key()
    if key in memo:
        return memo[key]
    turns = board.legal_turns()
    if not turns:
        me = board.mover
        value = board.count(me) - board.count(me.other)
    else:
        value = max(_after(board, t, memo) for t in turns)
    memo[key] = value
    return value


#: Minimax's memo of each board solved by :func:`solved`, for the process.
_SOLVED: dict[str, dict] = {}


def solved(board: Board) -> tuple[int, dict]:
    """The value of ``board`` by :func:`memo_margin`, with its memo, computed once
    for the test process: the tests that check each solver, Python and compiled,
    against minimax on the same ending share one minimax search (they run in one
    worker: SHARED_MINIMAX). The memo only ever holds true values, so a test that
    goes on filling it cannot change another's result."""
    key = board.mfen()
    memo = _SOLVED.setdefault(key, {})
    return memo_margin(board, memo), memo


def _after(board: Board, turn, memo: dict) -> int:
    board.push(turn)
    try:
        return -memo_margin(board, memo)
    finally:
        board.pop()


def turn_margins(board: Board) -> dict:
    out = {}
    for t in board.legal_turns():
        board.push(t)
        out[t] = -brute_margin(board)
        board.pop()
    return out


def minimax(board: Board, depth: int) -> int:
    """Plain depth-limited negamax with the search's evaluation and its rules: a
    pass does not use up depth, a finished game scores as the search scores it."""
    from game.ai.evaluate import evaluate, final_score

    turns = board.legal_turns()
    if not turns:
        return final_score(board)
    if turns[0] is PASS:
        board.push(PASS)
        value = -minimax(board, depth)
        board.pop()
        return value
    if depth <= 0:
        return evaluate(board)
    best = None
    for t in turns:
        board.push(t)
        value = -minimax(board, depth - 1)
        board.pop()
        best = value if best is None else max(best, value)
    return best
