"""Playing a board from the keyboard, without pygame: where the board cursor goes
for each arrow key, and which cells a turn typed in notation (``e5``,
``xd4xd5``) clicks, or why the rules refuse it.

The arrows keep to hex neighbours. Left and Right go along the row. Up and Down
go to the row above or below, to whichever of the (one or two) neighbours there
lies nearer the column the cursor set out from, so holding Up climbs a straight
line in a zig-zag rather than drifting to one side; when both lie as near, the
left one, on every board and on each side of its middle, so that Down first goes
down-left wherever the cursor is. Left and Right set the column again. At an
edge the cursor stays where it is.

A typed turn is played as the clicks on its cells, in order, so the screens
animate it and send it on (to a server) as they do clicks. It is first tried on
a copy of the board, cell by cell as clicks would go, so a turn refused half
way changes nothing and says why in the words a refused click on that cell
would use.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules import Board, Chain, Geometry, RulesError, TurnKind

from .match import sentence

#: The arrow keys' names, as the screens pass them.
DIRECTIONS = ("left", "right", "up", "down")


def column_of(geo: Geometry, cell: int) -> int:
    """The cell's column in half-cells across the board (0 in the middle)."""
    q, r = geo.coord(cell)
    return 2 * q + r


def middle(geo: Geometry) -> int:
    """The cell in the middle of the board, where a cursor first shows."""
    return geo.cells // 2


def examples(geo: Geometry) -> tuple[str, str]:
    """A placement and a flip to show in the turn box's hints, in cells this
    board has (``e5`` and ``xd4xd5`` on side 5; side 3 has no e5): the middle
    cell, and two of its neighbours that touch each other."""
    cell = middle(geo)
    # The middle of every side has all six neighbours; these two touch each other.
    near = geo.neighbours[cell]
    return geo.name(cell), f"x{geo.name(near[2])}x{geo.name(near[1])}"


def step(geo: Geometry, cell: int, direction: str, column: int) -> tuple[int, int]:
    """Where the cursor on ``cell`` goes for the arrow ``direction``, and the
    column it then keeps (``column`` is the one it set out from)."""
    q, r = geo.coord(cell)
    if direction in ("left", "right"):
        dq = -1 if direction == "left" else 1
        moved = geo.at(q + dq, r)
        if moved is None:
            return cell, column
        return moved, column_of(geo, moved)
    dr = -1 if direction == "up" else 1
    # Of a cell's six neighbours, two lie in the row above and two below.
    near = [c for c in geo.neighbours[cell] if geo.coord(c)[1] == r + dr]
    if not near:
        return cell, column
    near.sort(key=lambda c: (abs(column_of(geo, c) - column), column_of(geo, c)))
    return near[0], column


@dataclass(frozen=True)
class TypedTurn:
    """The cells to click for a typed turn, or (``reason`` not empty) why not."""

    cells: tuple[int, ...] = ()
    reason: str = ""


def typed_turn(board: Board, chain: Chain | None, text: str) -> TypedTurn:
    """The clicks that play ``text`` on ``board`` with ``chain`` in progress.

    During a chain the typed flips go on with it; the flips already made may be
    typed again at the start (the whole turn). A flip turn may stop while a flip
    is still owed: the chain then waits for the rest, as after clicks."""
    s = "".join(text.split()).lower()
    if not s:
        place, flip = examples(board.geometry)
        return TypedTurn(
            reason=_("Type a turn: a cell such as {place} to place, or {flip} to flip.").format(
                place=place, flip=flip
            )
        )
    try:
        turn = board.parse_turn(s)
    except RulesError as e:
        message = str(e)
        prefix = f"turn {s!r}: "
        return TypedTurn(reason=sentence(message.removeprefix(prefix)))
    geo = board.geometry
    if turn.kind is TurnKind.PASS:
        try:
            board.check(turn)
        except RulesError as e:
            return TypedTurn(reason=sentence(str(e)))
        return TypedTurn(reason=_("A player with no turn passes by themselves; nothing to type."))
    cells = turn.cells
    if chain is not None:
        if turn.kind is TurnKind.PLACE:
            owed = chain.owed_names()
            return TypedTurn(
                reason=_(
                    "A chain is under way: type the next flip (such as x{cell}), "
                    "or press Esc to take the chain back."
                ).format(cell=owed[0])
            )
        done = len(chain.cells)
        if cells[:done] == chain.cells:
            cells = cells[done:]
        if not cells:
            return TypedTurn(reason=_("Those flips are made already: type the next one."))
    elif turn.kind is TurnKind.PLACE:
        if board.tile_at(cells[0]) is not None:
            reason = board.why_not_place(cells[0]) or _("{cell} is not empty").format(
                cell=geo.names[cells[0]]
            )
            return TypedTurn(reason=sentence(reason))
    elif board.tile_at(cells[0]) is None:
        # A click on an empty cell would place; a typed flip there says why not.
        reason = board.why_not_flip(cells[0]) or _("{cell} is empty").format(
            cell=geo.names[cells[0]]
        )
        return TypedTurn(reason=sentence(reason))
    trial = board.copy()
    at = chain
    for i, cell in enumerate(cells):
        if i and at is None:
            ended = geo.names[cells[i - 1]]
            return TypedTurn(
                reason=_("The turn ends with {cell}: no tile is left to flip after it.").format(
                    cell=ended
                )
            )
        try:
            done_or_chain = trial.click(cell, at)
        except RulesError as e:
            return TypedTurn(reason=sentence(str(e)))
        at = done_or_chain if isinstance(done_or_chain, Chain) else None
    return TypedTurn(cells=cells)
