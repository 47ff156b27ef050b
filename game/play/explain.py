"""What the line above a board says about the cell under the pointer, in the
game's words: whether the player to move may place or flip there and, if not,
which rule says no; during a chain, what is owed; and, while it is not a
person's turn, simply what the cell holds. No pygame: the scenes colour the
``tone`` ("good", "bad", "chain" or "info")."""

from __future__ import annotations

from game.rules import Board, Chain


def explain(board: Board, chain: Chain | None, cell: int, *, your_turn: bool) -> tuple[str, str]:
    """The text and tone for the pointer over ``cell``."""
    name = board.geometry.names[cell]
    if not your_turn:
        return describe(board, cell), "info"
    if chain is not None:
        if cell in chain.owed():
            return f"Flip {name} to go on with the chain.", "chain"
        why = chain.why_not_flip(cell)
        return f"Can't flip {name} now: {it(why, name)}." if why else "", "bad"
    tile = board.tile_at(cell)
    mover = board.mover.title
    if tile is None:
        why = it(board.why_not_place(cell), name)
        return (
            (f"Can't place on {name}: {why}.", "bad")
            if why
            else (f"Place a tile on {name}.", "good")
        )
    if tile == board.mover:
        other = board.mover.other.title
        return f"{name} is one of {mover}'s own tiles; {mover} flips {other}'s tiles.", "info"
    why = it(board.why_not_flip(cell), name)
    return (f"Can't flip {name}: {why}.", "bad") if why else (f"Flip {name}.", "good")


def describe(board: Board, cell: int) -> str:
    """What ``cell`` holds, for when it is not a person's turn to act."""
    name = board.geometry.names[cell]
    tile = board.tile_at(cell)
    if tile is None:
        return f"{name} is empty."
    size = next(len(g) for g in board.groups(tile) if cell in g)
    group = "on its own" if size == 1 else f"in a group of {size}"
    return f"{name}: a {tile.title} tile, {group}."


def it(reason: str | None, name: str) -> str | None:
    """A rules reason that starts with the cell's name, with "it" in its place."""
    if reason and reason.startswith(name + " "):
        return "it" + reason[len(name) :]
    return reason


def turn_summary(mover_title: str, turn_text: str) -> str:
    """What a turn just played did, for the status line: who placed where, or
    which tiles a flip turn took and how many (``turn_text`` in notation)."""
    if turn_text == "pass":
        return f"{mover_title} passed."
    cells = [c for c in turn_text.split("x") if c]
    if not turn_text.startswith("x"):
        return f"{mover_title} placed a tile on {cells[0]}."
    n = len(cells)
    listed = cells[0] if n == 1 else ", ".join(cells[:-1]) + " and " + cells[-1]
    return f"{mover_title} flipped {listed}: {n} tile{'s' if n > 1 else ''} taken."
