"""Whose the pointer is: the top scene's. A scene drawn under an overlay (a
result panel, the pause menu) still updates, so that it animates behind it, but
the overlay takes the clicks and the keys, so nothing beneath it may light up
under the pointer as if a click would reach it, nor offer keys it would not
answer."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class _State:
    under = False  # a scene under an overlay is updating or drawing


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
