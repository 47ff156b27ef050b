"""The margin rule of the tour's checks: a text drawn in a control or a card keeps
room between its letters and each edge of it, in proportion to its size. A label
that fills its button edge to edge, or a card's title against the card's top,
is inside its box (the other checks pass it) and still reads as cramped."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple, cast

import pygame

from ..margin import letters, needed

#: A rectangle drawn with corners at least this round is a frame a text may be
#: drawn in: a button, a card, a dialog, a field (a bar or a cell is rounded less).
FRAME_ROUNDING = 6


class Room(NamedTuple):
    """The room between a text's letters and each edge of its frame."""

    left: int
    right: int
    top: int
    bottom: int


@contextmanager
def recording_frames(surface: pygame.Surface, into: list[pygame.Rect]) -> Iterator[None]:
    """While it lasts, every rounded rectangle drawn on ``surface`` (see
    :data:`FRAME_ROUNDING`) is also noted in ``into``: the frames texts sit in."""
    kept = pygame.draw.rect

    def drawn(target: pygame.Surface, color: object, rect: object, *args: object,
              **kw: object) -> pygame.Rect:  # fmt: skip
        rounding = kw.get("border_radius", args[1] if len(args) > 1 else 0)
        if target is surface and isinstance(rounding, int) and rounding >= FRAME_ROUNDING:
            into.append(pygame.Rect(cast(pygame.Rect, rect)))
        return kept(target, color, rect, *args, **kw)  # type: ignore[arg-type]

    pygame.draw.rect = drawn  # type: ignore[assignment]
    try:
        yield
    finally:
        pygame.draw.rect = kept


def room(line: pygame.Rect, frame: pygame.Rect) -> Room:
    ink = letters(line)
    left, top = ink.left - frame.left, ink.top - frame.top
    return Room(left, frame.right - ink.right, top, frame.bottom - ink.bottom)


def frame_of(line: pygame.Rect, frames: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The innermost frame a line's letters are drawn in, if any."""
    ink = letters(line)
    holding = [f for f in frames if f.contains(ink)]
    return min(holding, key=lambda f: f.width * f.height, default=None)


def cramped(
    name: str,
    texts: Sequence[tuple[str, pygame.Rect, pygame.Rect | None, int]],
    frames: Sequence[pygame.Rect],
    controls: Sequence[pygame.Rect] = (),
    label: Callable[[pygame.Rect], str] = lambda _f: "its card",
) -> list[str]:
    """Each text whose letters come nearer an edge of the frame they are drawn in
    (the innermost card or control holding them) than :func:`needed` allows.
    ``controls``: the frames that are controls, whose texts are their labels;
    ``label``: how a frame is named in the message (a control by its label)."""
    problems = []
    for msg, r, box, pixels in texts:
        frame = frame_of(r, [*frames, *controls])
        if frame is None or (frame in controls and not (box and frame.contains(box))):
            continue  # a text over a control, not its label: another check's
        left, right, top, bottom = room(r, frame)
        side, end = needed(pixels, frame in controls)
        if min(left, right) < side or min(top, bottom) < end:
            problems.append(
                f"{name}: {msg[:40]!r} ({pixels}px) keeps {min(left, right)}px beside it and "
                f"{min(top, bottom)}px over or under it in {label(frame)} "
                f"(at least {side}px and {end}px)"
            )
    return problems
