"""A control's label: one line at its size where it fits, else two lines where
that keeps it larger, else smaller down to the floor, then cut; and the labels
of one group of controls at one size (the smallest any of them needs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.i18n import _

from . import theme
from .margin import inset, pads
from .text_layout import Box, block, block_height, floor_px, label

#: The least room kept between a control's label and its left and right edges,
#: whatever the label's size (:func:`margin.inset` keeps more for a larger one).
LABEL_PAD = 8
#: The most one-line fits kept (:func:`one_line_px`). A fit depends on the text
#: and the box's size alone, and the choices' tables fit every option of every
#: choice again for each layout and frame: a tenth of their screens' time.
KEPT_FITS = 4096
_one_line: dict[tuple[str, int, int, int, int], int] = {}


def label_box(rect: Box, pixels: int) -> pygame.Rect:
    """The box a label of ``pixels`` may fill in its control's ``rect``: the
    room :mod:`.margin` asks for a control's label, at least ``LABEL_PAD`` at
    the sides."""
    box = inset(rect, pixels)
    r = pygame.Rect(rect)
    if box.left - r.left < LABEL_PAD:
        box.inflate_ip(-2 * (LABEL_PAD - (box.left - r.left)), 0)
    return box


def label_width(msg: str, pixels: int, bold: bool = False) -> int:
    """How wide a control must be for ``msg`` on one line at ``pixels``, with the
    room :func:`label_box` keeps at its sides."""
    side = max(LABEL_PAD, pads(pixels)[0])
    return theme.face(pixels, bold).size(msg)[0] + 2 * side


def button_label_px(msg: str, rect: Box, size: float, floor: float | None = None) -> int:
    """The pixel size :func:`button_label` draws ``msg`` at in ``rect`` by itself."""
    return _label_fit(msg, rect, size, floor)[0]


def one_line_px(msg: str, rect: Box, size: float, floor: float | None = None) -> int:
    """The largest pixel size ``msg`` fits on one line in ``rect`` at, with the
    room round it that :func:`label_box` keeps (not below the floor)."""

    r = pygame.Rect(rect)
    key = (msg, r.width, r.height, theme.px(size), floor_px(floor))
    found = _one_line.get(key)
    if found is None:

        def fits(p: int) -> bool:
            box, f = label_box(r, p), theme.face(p)
            return f.size(msg)[0] <= box.width and f.get_height() <= box.height

        if len(_one_line) >= KEPT_FITS:
            _one_line.clear()
        found = _one_line[key] = _scan(key[3], key[4], fits)
    return found


def _scan(top: int, low: int, fits: Callable[[int], bool]) -> int:
    """The largest pixel size from ``top`` down to ``low`` that ``fits`` (``low``
    if none does), tried one by one: the room kept grows with the size in whole
    pixels, so a size may fit where one a pixel smaller does not, and a search
    by halves could pass it; tried from the top, Large (a larger ``top``) never
    chooses smaller than Normal in the same control."""
    if top <= low:  # asked under the floor: as asked
        return max(top, 1)
    return next((p for p in range(top, low, -1) if fits(p)), low)


def _label_fit(msg: str, rect: Box, size: float, floor: float | None) -> tuple[int, int]:
    """A label's pixel size in ``rect`` and its lines (1 or 2): two where that
    keeps it larger than one line would (a label breaks before it shrinks), each
    size with the room round it that :func:`label_box` keeps."""
    low = floor_px(floor)

    def two_lines(p: int) -> bool:
        box = label_box(rect, p)
        lines = theme.face(p).wrap(msg, box.width)
        return len(lines) == 2 and block_height(msg, size, box.width, pixels=p) <= box.height

    one = one_line_px(msg, rect, size, floor)
    if " " in msg and one < theme.px(size):
        two = _scan(theme.px(size), low, two_lines)
        if two > one and two_lines(two):
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
    """A control's label, with the room :func:`label_box` keeps: on one line at ``size``
    if it fits; else on two lines if that keeps it larger than one line would;
    else smaller, down to the floor, then cut. ``most``: no larger than that (the
    size its row shares, see :func:`widgets.draw_all`)."""
    own, lines = _label_fit(msg, rect, size, floor)
    pixels = own if most is None else min(own, most)
    box = label_box(rect, pixels)
    if lines == 2:
        msg = after_colon(msg, pixels, box.width)
        tall = block_height(msg, size, box.width, pixels=pixels)
        at = pygame.Rect(box.left, box.centery - tall // 2, box.width, tall)
        block(surface, msg, at, size=size, color=color, align="center", pixels=pixels)
    elif theme.face(pixels).size(msg)[0] <= box.width:  # at its size, or its row's
        # Noted for the checks in the box of the control's labels at any size:
        # the labels of a row of buttons are known by their boxes of one size.
        slot = pygame.Rect(rect).inflate(-2 * LABEL_PAD, -4)
        theme.text(
            surface,
            msg,
            box.center,
            pixels=pixels,
            color=color,
            anchor="center",
            box=slot,
            asked=theme.px(size),
        )
    else:  # too long even at the floor: cut
        label(surface, msg, box, size=size, color=color, align="center", floor=floor, most=pixels)


def after_colon(msg: str, pixels: int, width: int) -> str:
    """A label of a name and its value ("Sound: 70 %") on two lines, broken after
    its colon where each part fits ``width`` at ``pixels``: the name on one
    line, the value on the next; else ``msg`` as it was. A value of one word
    ("On", "Oui") is not left alone on a line: the label is broken evenly."""
    head, colon, rest = msg.rpartition(":")
    if not colon or not rest.startswith(" ") or not head.strip() or len(rest.split()) < 2:
        return msg
    f = theme.face(pixels)
    lines = [head + colon, rest.strip()]
    return "\n".join(lines) if all(f.size(line)[0] <= width for line in lines) else msg


def shared_labels(
    surface: pygame.Surface,
    lines: Sequence[tuple[str, pygame.Rect, theme.Color]],
    size: float,
    floor: float | None = None,
    most: int | None = None,
) -> None:
    """Labels of one row or column of frames (a choice's options), each on one
    line in the middle of its frame, all at the size the tightest of them fits
    with its room (:func:`one_line_px`), and no larger than ``most`` (a size
    shared with other rows): one size a group, none looking shrunk."""
    pixels = min((one_line_px(m, r, size, floor) for m, r, _c in lines), default=0)
    if most is not None:
        pixels = min(pixels, most)
    for msg, rect, color in lines:
        box = label_box(rect, pixels)
        if theme.face(pixels).size(msg)[0] > box.width:  # too long even at the floor
            label(surface, msg, box, size=size, color=color, align="center", most=pixels)
            continue
        # Noted in the box of the option's label at any size (as a title beside
        # it is, the row's height): the checks know a control's row by its boxes.
        slot = pygame.Rect(rect).inflate(-LABEL_PAD, 0)
        theme.text(surface, msg, box.center, pixels=pixels, color=color, anchor="center",
                   box=slot, asked=theme.px(size))  # fmt: skip


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
