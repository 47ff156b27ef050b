"""Where a Mosaix formation lands on a sheet, without a screen: the cell that
follows the pointer, the placement with its corner at a cell, why a placement
may not be written, and the areas a placement completes."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import _, ngettext
from game.mosaix import Formation, Placement, Sheet
from game.mosaix.sheet import AREA_MIN, areas_of, spots


def anchor(formation: Formation) -> tuple[int, int]:
    """The cell of ``formation`` (as turned) that follows the pointer: the symbol
    nearest its middle, ties going to the bottom left, the same rule for every
    shape. Always one of its symbols, so the cell pointed at is written."""
    w = max(c[0] for c in formation.cells) + 1
    h = max(c[1] for c in formation.cells) + 1
    mx, my = (w - 1) / 2, (h - 1) / 2
    return min(
        ((x, y) for x, y, _ in formation.cells),
        key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[0], -c[1]),
    )


def preview_at(formation: Formation, cell: tuple[int, int]) -> tuple[int, int]:
    """Where the formation's corner goes so that its :func:`anchor` sits on ``cell``."""
    ax, ay = anchor(formation)
    return cell[0] - ax, cell[1] - ay


def placement_at(formation: Formation, x: int, y: int) -> Placement | None:
    """The placement of ``formation`` (as turned) with its corner at (x, y), if any
    of it lands on the sheet."""
    for p in spots(formation):
        if p.formation == formation and p.x == x and p.y == y:
            return p
    return None


def why_not(sheet: Sheet, p: Placement | None, max_dropped: int) -> str | None:
    """Why ``p`` may not be written (``None`` if it may)."""
    if p is None:
        return _("Point at the sheet: at least one symbol must land on it.")
    if p.bits & sheet.filled:
        return _("A symbol would land on a cell that is already written.")
    if p.dropped > max_dropped:
        if max_dropped == 0:
            return _("The scale is used up: every symbol must land on the sheet.")
        return ngettext(
            "Only {n} symbol may hang over the edge now.",
            "Only {n} symbols may hang over the edge now.",
            max_dropped,
        ).format(n=max_dropped)
    return None


def hanging(dropped: int, *, scale: bool) -> str:
    """What a click says before it writes a formation with ``dropped`` symbols over
    the edge: they are left out (with ``scale``, the solo game's, so are as many of
    its spaces), which is never done without a word."""
    if scale:
        said = ngettext(
            "{n} symbol would hang over the edge: it is left out and the scale loses a space. "
            "Click to write it here.",
            "{n} symbols would hang over the edge: they are left out and the scale loses "
            "{n} spaces. Click to write it here.",
            dropped,
        )
    else:
        said = ngettext(
            "{n} symbol would hang over the edge and be left out. Click to write it here.",
            "{n} symbols would hang over the edge and be left out. Click to write it here.",
            dropped,
        )
    return said.format(n=dropped)


def new_areas(before: Sheet, after: Sheet) -> list[int]:
    """Areas that reached five cells with the last placement."""
    out = []
    for b_mask, a_mask in zip(before.masks, after.masks, strict=True):
        old = {a for a in areas_of(b_mask) if a.bit_count() >= AREA_MIN}
        out += [a for a in areas_of(a_mask) if a.bit_count() >= AREA_MIN and a not in old]
    return out


@dataclass
class Preview:
    """What pointing at a cell would write: the symbols that land on the sheet
    (x, y, symbol), whether it may be written, and if not, why."""

    cells: list[tuple[int, int, str]]
    ok: bool
    why: str | None
    #: The symbols that would hang over the edge (left out when written).
    hanging: list[tuple[int, int, str]] = field(default_factory=list)
