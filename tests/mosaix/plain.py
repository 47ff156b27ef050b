"""The Mosaix AI the plain way, one placement at a time, as it was before its
placements were valued in batches (:mod:`game.mosaix.batch`) over a roll's
placements worked out once (:mod:`game.mosaix.rolls`): the reference that
``test_batch.py`` holds the fast way to, choice for choice and draw for draw."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from game.mosaix import ai
from game.mosaix.estimate import value
from game.mosaix.formation import Formation, arrangements
from game.mosaix.sheet import Placement, Sheet, score_of, spots


def candidates(rolled: str) -> list[tuple[Placement, int, int]]:
    """Every distinct placement of any formation of ``rolled`` on an empty sheet,
    with its bits and the symbols it drops: of the placements that write the
    same cells, the first in the order of the formations and their spots."""
    seen: set[tuple[int, int, int]] = set()
    placed: set[Formation] = set()
    out = []
    for formation in arrangements(rolled):
        turns = formation.turns()
        if placed.issuperset(turns):
            continue  # every placement of each of its turns is in already
        placed.update(turns)
        for p in spots(formation):
            if p.masks not in seen:
                seen.add(p.masks)
                out.append((p, p.bits, 4 - p.bits.bit_count()))
    return out


def ranked(sheet: Sheet, rolled: str, max_dropped: int) -> list[tuple[float, Placement]]:
    out = [
        (value(ai.after(sheet, p)) - ai.SCALE_COST * dropped, p)
        for p, bits, dropped in candidates(rolled)
        if not bits & sheet.filled and dropped <= max_dropped
    ]
    out.sort(key=lambda vp: -vp[0])
    return out


def roll_and_place(
    sheet: Sheet, rolled: str, rng: random.Random, max_dropped: int = 3
) -> Placement | None:
    options = ranked(sheet, rolled, max_dropped)
    if not options:
        return None
    top = options[0][0]
    return rng.choice([p for v, p in options if v >= top - 1e-9])


def plan(sheet: Sheet, rolled: str, rng: random.Random, scale: int) -> Placement | None:
    options = ranked(sheet, rolled, min(3, scale))[:6]
    if not options:
        return None
    rolls = ["".join(rng.choice("OXT") for _ in range(4)) for _ in range(4)]

    def worth(p: Placement) -> float:
        nxt = sheet.place(p)
        left = scale - p.dropped
        total = 0.0
        for r in rolls:
            replies = ranked(nxt, r, min(3, left))
            total += replies[0][0] if replies else nxt.score() + left - ai.STUCK
        return total / 4 - ai.SCALE_COST * p.dropped

    return first_best((p for _, p in options), worth)


def first_best(
    placements: Iterable[Placement], worth: Callable[[Placement], float]
) -> Placement | None:
    """The first of the placements worth the most (each valued once, in order)."""
    best, best_v = None, float("-inf")
    for p in placements:
        v = worth(p)
        if v > best_v:
            best, best_v = p, v
    return best


def place(
    sheet: Sheet, formation: Formation, rng: random.Random, max_dropped: int = 3
) -> Placement | None:
    return first_best(
        sheet.placements(formation, max_dropped),
        lambda p: value(ai.after(sheet, p)) - 0.0 * p.dropped + rng.random() * 1e-6,
    )


def greedy_roll_and_place(
    sheet: Sheet, rolled: str, rng: random.Random, max_dropped: int = 3
) -> Placement | None:
    filled = sheet.filled
    best, best_v = None, float("-inf")
    for formation in arrangements(rolled):
        for p in spots(formation):
            bits = p.bits
            if bits & filled or 4 - bits.bit_count() > max_dropped:
                continue
            masks = ai.after(sheet, p)
            v = sum(score_of(m) for m in masks) - 0.5 * p.dropped + rng.random() * 1e-3
            if v > best_v:
                best, best_v = p, v
    return best


def random_sheet(rng: random.Random, fill: float) -> Sheet:
    """A sheet with each cell written (by a symbol at random) at chance ``fill``."""
    rows = []
    for y in range(7):
        row = ""
        for x in range(7):
            written = (x, y) == (3, 3) or rng.random() < fill
            row += rng.choice("OXT") if written else "."
        rows.append(row)
    return Sheet.from_text("/".join(rows))
