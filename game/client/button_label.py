"""A control's label: one line at its size where it fits, else two lines where
that keeps it larger, else smaller down to the floor, then cut; and the labels
of one group of controls at one size (the smallest any of them needs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from game.i18n import _

from . import theme
from .text_layout import Box, block, block_height, block_px, fit_px, floor_px, label

#: Room kept between a control's label and the control's left and right edges.
LABEL_PAD = 8


def button_label_px(msg: str, rect: Box, size: float, floor: float | None = None) -> int:
    """The pixel size :func:`button_label` draws ``msg`` at in ``rect`` by itself."""
    box = pygame.Rect(rect).inflate(-2 * LABEL_PAD, -4)
    return _label_fit(msg, box, size, floor)[0]


def _label_fit(msg: str, box: pygame.Rect, size: float, floor: float | None) -> tuple[int, int]:
    """A label's pixel size in ``box`` and its lines (1 or 2): two where that
    keeps it larger than one line would (a label breaks before it shrinks)."""
    one = fit_px(msg, size, box.width, floor=floor)
    while one > floor_px(floor) and theme.face(one).get_height() > box.height:
        one -= 1  # a short button: the line's height fits too
    if " " in msg and one < theme.px(size):
        two = block_px(msg, size, box.width, box.height, floor=floor)
        if two > one and len(theme.face(two).wrap(msg, box.width)) <= 2:
            return two, 2
    return one, 1


def button_label(
    surface: pygame.Surface,
    msg: str,
    rect: Box,
    size: float,
    color: theme.Color,
    floor: float | None = None,
    most: int | None = None,
) -> None:
    """A control's label, ``LABEL_PAD`` in from its sides: on one line at ``size``
    if it fits; else on two lines if that keeps it larger than one line would;
    else smaller, down to the floor, then cut. ``most``: no larger than that (the
    size its row shares, see :func:`widgets.draw_all`)."""
    box = pygame.Rect(rect).inflate(-2 * LABEL_PAD, -4)
    own, lines = _label_fit(msg, box, size, floor)
    pixels = own if most is None else min(own, most)
    if lines == 2:
        msg = after_colon(msg, pixels, box.width)
        tall = block_height(msg, size, box.width, pixels=pixels)
        at = pygame.Rect(box.left, box.centery - tall // 2, box.width, tall)
        block(surface, msg, at, size=size, color=color, align="center", pixels=pixels)
    elif pixels < own:  # it fits, at its row's size
        theme.text(
            surface,
            msg,
            box.center,
            pixels=pixels,
            color=color,
            anchor="center",
            box=box,
            asked=theme.px(size),
        )
    else:
        label(surface, msg, box, size=size, color=color, align="center", floor=floor)


def after_colon(msg: str, pixels: int, width: int) -> str:
    """A label of a name and its value ("AI thinks on your turn: On") on two
    lines, broken after its colon where each part fits ``width`` at ``pixels``:
    the name on one line, the value on the next; else ``msg`` as it was."""
    head, colon, rest = msg.rpartition(":")
    if not colon or not rest.startswith(" ") or not head.strip():
        return msg
    f = theme.face(pixels)
    lines = [head + colon, rest.strip()]
    return "\n".join(lines) if all(f.size(line)[0] <= width for line in lines) else msg


class Labelled(Protocol):
    label: str
    rect: pygame.Rect
    size: int
    shared_px: int | None


def share_label_size(
    buttons: Sequence[Labelled], floor: float | None = None, *, any_height: bool = False
) -> None:
    """Give ``buttons`` of one text size and height (a row, a column, a menu) one
    label size: the smallest any of them needs by itself (:func:`button_label_px`).
    ``any_height``: one size for each text size, whatever the buttons' heights
    (a panel whose rows are one or two lines high)."""
    groups: dict[tuple[int, int], list[Labelled]] = {}
    for b in buttons:
        if b.rect.width:
            groups.setdefault((b.size, 0 if any_height else b.rect.height), []).append(b)
    for group in groups.values():
        px = min(button_label_px(_(b.label), b.rect, b.size, floor) for b in group)
        for b in group:
            b.shared_px = px
