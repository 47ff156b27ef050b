"""What the line above a board says about the cell under the pointer, in the
game's words: whether the player to move may place or flip there and, if not,
which rule says no; during a chain, what is owed; and, while it is not a
person's turn, simply what the cell holds. No pygame: the scenes colour the
``tone`` ("good", "bad", "chain" or "info")."""

from __future__ import annotations

from game.i18n import _, language, ngettext
from game.rules import Board, Chain


def explain(board: Board, chain: Chain | None, cell: int, *, your_turn: bool) -> tuple[str, str]:
    """The text and tone for the pointer over ``cell``."""
    name = board.geometry.names[cell]
    if not your_turn:
        return describe(board, cell), "info"
    if chain is not None:
        if cell in chain.owed():
            return _("Flip {cell} to go on with the chain.").format(cell=name), "chain"
        why = chain.why_not_flip(cell)
        if not why:
            return "", "bad"
        return _("Can't flip {cell} now: {reason}.").format(cell=name, reason=it(why, name)), "bad"
    tile = board.tile_at(cell)
    mover = _(board.mover.title)
    if tile is None:
        why = it(board.why_not_place(cell), name)
        return (
            (_("Can't place on {cell}: {reason}.").format(cell=name, reason=why), "bad")
            if why
            else (_("Place a tile on {cell}.").format(cell=name), "good")
        )
    if tile == board.mover:
        other = _(board.mover.other.title)
        text = _("{cell} is one of {color}'s own tiles; {color} flips {enemy}'s tiles.")
        return text.format(cell=name, color=mover, enemy=other), "info"
    why = it(board.why_not_flip(cell), name)
    if why:
        return _("Can't flip {cell}: {reason}.").format(cell=name, reason=why), "bad"
    return _("Flip {cell}.").format(cell=name), "good"


def describe(board: Board, cell: int) -> str:
    """What ``cell`` holds, for when it is not a person's turn to act."""
    name = board.geometry.names[cell]
    tile = board.tile_at(cell)
    if tile is None:
        return _("{cell} is empty.").format(cell=name)
    size = next(len(g) for g in board.groups(tile) if cell in g)
    if size == 1:
        return _("{cell}: a {color} tile, on its own.").format(cell=name, color=_(tile.title))
    text = _("{cell}: a {color} tile, in a group of {n}.")
    return text.format(cell=name, color=_(tile.title), n=size)


def it(reason: str | None, name: str) -> str | None:
    """A rules reason that starts with the cell's name, with "it" in its place (in
    English only: other languages' pronouns depend on the noun, so they keep the name)."""
    if reason and language() == "en" and reason.startswith(name + " "):
        return "it" + reason[len(name) :]
    return reason


def turn_summary(mover_title: str, turn_text: str) -> str:
    """What a turn just played did, for the status line: who placed where, or
    which tiles a flip turn took and how many (``turn_text`` in notation;
    ``mover_title`` is "Red" or "Blue", translated here)."""
    who = _(mover_title)
    if turn_text == "pass":
        return _("{color} passed.").format(color=who)
    cells = [c for c in turn_text.split("x") if c]
    if not turn_text.startswith("x"):
        return _("{color} placed a tile on {cell}.").format(color=who, cell=cells[0])
    n = len(cells)
    listed = (
        cells[0]
        if n == 1
        else _("{cells} and {last}").format(cells=", ".join(cells[:-1]), last=cells[-1])
    )
    return ngettext(
        "{color} flipped {cells}: {n} tile taken.", "{color} flipped {cells}: {n} tiles taken.", n
    ).format(color=who, cells=listed, n=n)
