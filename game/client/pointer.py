"""Whose the pointer is: the top scene's. A scene drawn under an overlay (a
result panel, the pause menu) still updates, so that it animates behind it, but
the overlay takes the clicks, so nothing beneath it may light up under the
pointer as if a click would reach it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class _State:
    under = False  # a scene under an overlay is updating


@contextmanager
def covered(under: bool) -> Iterator[None]:
    """Update a scene's widgets knowing whether it lies ``under`` an overlay."""
    was, _State.under = _State.under, under
    try:
        yield
    finally:
        _State.under = was


def is_covered() -> bool:
    """The scene updating now lies under an overlay."""
    return _State.under
