"""Aiming a Mosaix formation from the keys (or a controller's d-pad), without
pygame: where the sheet's cursor goes for each arrow. It may hang over the
sheet's edge by as much as the pointer may (a formation may), and stops there.
"""

from __future__ import annotations

#: How far past the edge the cursor goes: as far as the pointer aims.
MARGIN = 2
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


def sheet_step(
    cell: tuple[int, int] | None, direction: str, size: int, margin: int = MARGIN
) -> tuple[int, int]:
    """Where the cursor on ``cell`` goes for ``direction`` on a sheet ``size``
    cells across (rows count up from the bottom); from nowhere, to the middle."""
    if cell is None:
        return size // 2, size // 2
    dx, dy = STEPS[direction]
    x = min(size - 1 + margin, max(-margin, cell[0] + dx))
    y = min(size - 1 + margin, max(-margin, cell[1] + dy))
    return x, y
