"""Whose the pointer is: the top scene's. A scene drawn under an overlay (a
result panel, the pause menu) still updates, so that it animates behind it, but
the overlay takes the clicks and the keys, so nothing beneath it may light up
under the pointer as if a click would reach it, nor offer keys it would not
answer. And once the keys move the focus, the pointer left resting on another
widget lights nothing until it moves again: one highlight, the keyboard's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class _State:
    under = False  # a scene under an overlay is updating or drawing
    keys_lead = False  # a key was pressed since the pointer last moved or clicked


@contextmanager
def covered(under: bool) -> Iterator[None]:
    """Update or draw a scene knowing whether it lies ``under`` an overlay."""
    was, _State.under = _State.under, under
    try:
        yield
    finally:
        _State.under = was


def is_covered() -> bool:
    """The scene updating or drawing now lies under an overlay."""
    return _State.under


def keys_pressed() -> None:
    """A key (or a controller's button, as its key) was pressed."""
    _State.keys_lead = True


def pointer_used() -> None:
    """The pointer moved or clicked: it lights what it is over again."""
    _State.keys_lead = False


def keys_lead() -> bool:
    """A key (or a controller's button) was used since the pointer last was."""
    return _State.keys_lead


def lights() -> bool:
    """Whether a widget under the pointer lights up now: the scene is the top
    one, and the pointer, not the keys, was used last."""
    return not _State.under and not _State.keys_lead
