"""Move generation on bitboards.

Everything here works on bitboards (see :mod:`game.rules.geometry`) from the point
of view of the player to move: ``me`` and ``op`` are the mover's and the
opponent's tiles, ``gm`` and ``go`` their groups. A group is kept as a pair
``(mask, reach)`` where ``reach`` is the mask plus every cell next to it, because
almost every rule asks "which groups does this cell touch?", and with the reach
at hand that is one ``&``.

The rules reduce to a few bit operations:

* A placement on empty ``c`` is legal iff ``c`` does not touch two of the
  mover's groups, and does not touch the mover's tiles without touching an enemy
  tile.
* Flipping enemy ``t`` joins the ``k`` mover groups it touches into one (mover
  groups change by ``1 - k``) and splits ``t``'s own group into ``j`` pieces
  (enemy groups change by ``j - 1``). So the flip is legal iff ``k >= 2`` and
  ``j < k``. ``j`` needs a flood fill, but it is at most the number of enemy
  neighbours of ``t``, which often settles the question without one.

Groups change cheaply between turns: a legal placement extends one group or
starts one (it may never join two), and a flip turn merges the mover's groups it
touches with the flipped tiles (which are connected: each flip touches an
earlier one) and splits only the enemy groups it took tiles from.
"""

from __future__ import annotations

from game.i18n import _

from .color import Color
from .geometry import Geometry

Group = tuple[int, int]
Groups = tuple[Group, ...]


def fill(seed: int, within: int, w: int) -> Group:
    """The group of ``within`` connected to ``seed``, with its reach."""
    g = seed
    while True:
        d = g | g << 1 | g >> 1 | g << w | g >> w | g << (w - 1) | g >> (w - 1)
        ng = d & within
        if ng == g:
            return g, d
        g = ng


def groups_of(tiles: int, w: int) -> Groups:
    """Split a bitboard into its groups."""
    out = []
    while tiles:
        g, d = fill(tiles & -tiles, tiles, w)
        out.append((g, d))
        tiles ^= g
    return tuple(out)


def touch(groups: Groups) -> tuple[int, int]:
    """``(once, twice)``: cells within reach of at least one / at least two groups."""
    once = twice = 0
    for _g, d in groups:
        twice |= once & d
        once |= d
    return once, twice


def reach_of(groups: Groups) -> int:
    out = 0
    for _g, d in groups:
        out |= d
    return out


def placements(geo: Geometry, me: int, op: int, gm: Groups, go: Groups) -> int:
    """Bitboard of the mover's legal placements."""
    once, twice = touch(gm)
    empty = geo.full & ~(me | op)
    return empty & ~twice & (~once | reach_of(go))


def flip_ok(geo: Geometry, t: int, gm: Groups, go: Groups) -> bool:
    """Is flipping the enemy tile on bit ``t`` legal (rule check only: ``t`` must be enemy)?"""
    k = 0
    for _g, d in gm:
        if d & t:
            k += 1
    if k < 2:
        return False
    for g, _d in go:
        if g & t:
            rest = g ^ t
            break
    else:  # pragma: no cover - t is always in some enemy group
        raise AssertionError("flip_ok called on a cell that holds no enemy tile")  # i18n: not shown
    b = t.bit_length() - 1
    pending = geo.nbr_mask[b] & rest
    if geo.ring_runs[b][pending] < k:
        return True
    w = geo.stride
    j = 0
    while pending:
        # Grow the piece of ``rest`` around one neighbour, but stop as soon as it
        # holds every neighbour still pending: the rest of a big group need not
        # be walked to know that it stays one piece.
        g = pending & -pending
        while pending & ~g:
            grown = (g | g << 1 | g >> 1 | g << w | g >> w | g << (w - 1) | g >> (w - 1)) & rest
            if grown == g:
                break
            g = grown
        pending &= ~g
        j += 1
        if j >= k:
            return False
    return True


def flippable(geo: Geometry, cand: int, gm: Groups, go: Groups) -> int:
    """The tiles of ``cand`` (enemy tiles) that the mover may legally flip now."""
    out = 0
    while cand:
        t = cand & -cand
        cand ^= t
        if flip_ok(geo, t, gm, go):
            out |= t
    return out


def first_flips(geo: Geometry, me: int, op: int, gm: Groups, go: Groups) -> int:
    """Bitboard of the enemy tiles the mover may flip to start a flip turn."""
    return flippable(geo, op & touch(gm)[1], gm, go)


def has_turn(geo: Geometry, me: int, op: int, gm: Groups, go: Groups) -> bool:
    """Does the mover have any placement or flip (so need not pass)?"""
    once, twice = touch(gm)
    if geo.full & ~(me | op) & ~twice & (~once | reach_of(go)):
        return True
    return bool(flippable(geo, op & twice, gm, go))


def place(geo: Geometry, c: int, me: int, gm: Groups) -> tuple[int, Groups]:
    """The mover's tiles and groups after placing on bit ``c`` (assumed legal)."""
    closed = geo.closed_mask[c.bit_length() - 1]
    for i, (g, d) in enumerate(gm):
        if d & c:
            return me | c, (*gm[:i], (g | c, d | closed), *gm[i + 1 :])
    return me | c, (*gm, (c, closed))


def flip_set(
    geo: Geometry, s: int, me: int, op: int, gm: Groups, go: Groups
) -> tuple[int, int, Groups, Groups]:
    """Tiles and groups after the connected set ``s`` of enemy tiles changes colour."""
    w = geo.stride
    g_new = s
    d_new = s | s << 1 | s >> 1 | s << w | s >> w | s << (w - 1) | s >> (w - 1)
    keep = []
    for g, d in gm:
        if d & s:
            g_new |= g
            d_new |= d
        else:
            keep.append((g, d))
    keep.append((g_new, d_new))
    gm2 = tuple(keep)
    keep = []
    for g, d in go:
        if g & s:
            rest = g & ~s
            while rest:
                comp = fill(rest & -rest, rest, w)
                keep.append(comp)
                rest ^= comp[0]
        else:
            keep.append((g, d))
    return me | s, op & ~s, gm2, tuple(keep)


def flip_one(
    geo: Geometry, t: int, me: int, op: int, gm: Groups, go: Groups
) -> tuple[int, int, Groups, Groups]:
    """:func:`flip_set` for one tile, the step inside every chain, kept lean."""
    w = geo.stride
    b = t.bit_length() - 1
    g_new, d_new = t, geo.closed_mask[b]
    for g, d in gm:
        if d & t:
            g_new |= g
            d_new |= d
    gm2 = (*[gd for gd in gm if not gd[1] & t], (g_new, d_new))
    i = 0
    while not go[i][0] & t:
        i += 1
    g = go[i][0]
    rest = g ^ t
    if not rest:
        pieces: tuple[Group, ...] = ()
    elif geo.ring_runs[b][geo.nbr_mask[b] & rest] <= 1:
        pieces = (
            (
                rest,
                rest
                | rest << 1
                | rest >> 1
                | rest << w
                | rest >> w
                | rest << (w - 1)
                | rest >> (w - 1),
            ),
        )
    else:
        out = []
        while rest:
            comp = fill(rest & -rest, rest, w)
            out.append(comp)
            rest ^= comp[0]
        pieces = tuple(out)
    return me | t, op ^ t, gm2, go[:i] + go[i + 1 :] + pieces


def owed(geo: Geometry, s: int, op: int, gm: Groups, go: Groups) -> int:
    """Bitboard of the flips owed after the tiles ``s`` were flipped this turn."""
    w = geo.stride
    cand = op & (s << 1 | s >> 1 | s << w | s >> w | s << (w - 1) | s >> (w - 1))
    return flippable(geo, cand, gm, go)


def flip_turns(geo: Geometry, me: int, op: int, gm: Groups, go: Groups) -> list[tuple[int, ...]]:
    """Every complete flip turn, one per distinct set of flipped tiles.

    Each is a tuple of single-bit ints in the order flipped. The position after a
    chain depends only on the set flipped so far, so the search visits each set
    once; sets from which no flip is owed are the complete turns.
    """
    return [end[0] for end in _chain_ends(geo, me, op, gm, go)]


def flip_outcomes(
    geo: Geometry, me: int, op: int, gm: Groups, go: Groups
) -> list[tuple[int, int, int, Groups, Groups]]:
    """The positions the flip turns of :func:`flip_turns` reach, in the same order:
    for each, the set of tiles it flips, then the mover's and the opponent's tiles
    and groups after it. For engines that need the positions, not the turn text."""
    return [end[1:] for end in _chain_ends(geo, me, op, gm, go)]


def _chain_ends(
    geo: Geometry, me: int, op: int, gm: Groups, go: Groups
) -> list[tuple[tuple[int, ...], int, int, int, Groups, Groups]]:
    first = first_flips(geo, me, op, gm, go)
    out = []
    seen: set[int] = set()
    while first:
        t = first & -first
        first ^= t
        seen.add(t)
        out += _walk(geo, t, me, op, gm, go, seen)
    return out


def chains_from(
    geo: Geometry, t: int, me: int, op: int, gm: Groups, go: Groups, seen: set[int]
) -> list[tuple[int, ...]]:
    """Every complete flip turn that starts by flipping bit ``t``, as orders of
    single-bit ints, skipping the sets of flipped tiles in ``seen`` (which it adds
    to): share ``seen`` across first flips to list each outcome once, or give each
    first flip its own to see everything each can reach."""
    return [end[0] for end in _walk(geo, t, me, op, gm, go, seen)]


def _walk(
    geo: Geometry, t: int, me: int, op: int, gm: Groups, go: Groups, seen: set[int]
) -> list[tuple[tuple[int, ...], int, int, int, Groups, Groups]]:
    """:func:`chains_from`, with each complete turn's flipped set and position."""
    out: list[tuple[tuple[int, ...], int, int, int, Groups, Groups]] = []
    stack: list[tuple[tuple[int, ...], int, int, int, Groups, Groups]]
    stack = [((t,), t, *flip_one(geo, t, me, op, gm, go))]
    while stack:
        end = stack.pop()
        order, s, me2, op2, gm2, go2 = end
        nxt = owed(geo, s, op2, gm2, go2)
        if not nxt:
            out.append(end)
            continue
        while nxt:
            c = nxt & -nxt
            nxt ^= c
            s2 = s | c
            if s2 in seen:
                continue
            seen.add(s2)
            stack.append(((*order, c), s2, *flip_one(geo, c, me2, op2, gm2, go2)))
    return out


# -- the rules in words ---------------------------------------------------------
# The same rules as above, explained: what a player is told when a click breaks one.


def why_not_place(
    geo: Geometry, mover: Color, cell: int, me: int, op: int, gm: Groups, go: Groups
) -> str | None:
    """Why ``mover`` may not place on ``cell`` (``None`` if they may)."""
    name = geo.names[cell]
    bit = 1 << geo.bit_of[cell]
    if (me | op) & bit:
        return _("{cell} is not empty").format(cell=name)
    touching = sum(1 for _g, d in gm if d & bit)
    if touching >= 2:
        return _("{cell} would join {count} of {color}'s groups into one").format(
            cell=name, count=touching, color=_(mover.title)
        )
    if touching and not reach_of(go) & bit:
        return _("{cell} touches only {color}'s own tiles").format(cell=name, color=_(mover.title))
    return None


def flip_effect(geo: Geometry, t: int, gm: Groups, go: Groups) -> tuple[int, int]:
    """``(k, j)`` for flipping the enemy tile on bit ``t``: the mover groups it
    touches, and the pieces its own group falls into without it."""
    k = sum(1 for _g, d in gm if d & t)
    g = next(g for g, _ in go if g & t)
    rest = g ^ t
    pending = geo.nbr_mask[t.bit_length() - 1] & rest
    j = 0
    while pending:
        comp, _seen = fill(pending & -pending, rest, geo.stride)
        pending &= ~comp
        j += 1
    return k, j


def why_not_flip(
    geo: Geometry, mover: Color, cell: int, s: int, me: int, op: int, gm: Groups, go: Groups
) -> str | None:
    """Why ``mover`` may not flip ``cell`` now, in the game's words (``None`` if they
    may): as the first flip of a turn when ``s`` is empty, otherwise as the next
    flip of a chain that has flipped the tiles ``s``."""
    name = geo.names[cell]
    enemy, own = _(mover.other.title), _(mover.title)
    bit = 1 << geo.bit_of[cell]
    if s & bit:
        return _("{cell} was already flipped this turn").format(cell=name)
    if me & bit:
        return _("{cell} is {color}'s own tile; only {enemy} tiles can be flipped").format(
            cell=name, color=own, enemy=enemy
        )
    if not op & bit:
        return _("{cell} is empty; only {enemy} tiles can be flipped").format(
            cell=name, enemy=enemy
        )
    if s and not geo.dilate(s) & bit:
        return _("{cell} is not next to a tile flipped earlier in this turn").format(cell=name)
    if flip_ok(geo, bit, gm, go):
        return None
    k, j = flip_effect(geo, bit, gm, go)
    # One rule, said the same way first whichever half of it fails (play-test:
    # "would not reduce Red's groups" beside "the total number of groups" read
    # as two rules); then why, as a newcomer can check it on the board.
    if k < 2:
        text = (
            _(
                "flipping {cell} would not reduce the groups as a flip must: "
                "it touches none of {color}'s groups (it must join two or more)"
            )
            if k == 0
            else _(
                "flipping {cell} would not reduce the groups as a flip must: "
                "it touches only one of {color}'s groups (it must join two or more)"
            )
        )
        return text.format(cell=name, color=own)
    return _(
        "flipping {cell} would not reduce the groups as a flip must: "
        "{color}'s groups fall by {lost} but {enemy}'s rise by {gained}, so the total does not fall"
    ).format(cell=name, color=own, enemy=enemy, lost=k - 1, gained=j - 1)
