"""The kinds of control that share a size with the others drawn with them
(:func:`.widgets.draw_all`), told apart once per class.

``isinstance`` against a runtime-checkable protocol looks up each of its members
on the object, about a tenth of a millisecond, and ``draw_all`` asks it of every
control of every frame drawn: a tenth of the client's drawing time. Every
control makes its attributes in its constructor, so what one object of a class
is, every object of it is.
"""

from __future__ import annotations

from typing import Protocol, TypeGuard, runtime_checkable

import pygame


@runtime_checkable
class Titled(Protocol):
    """A control with a title beside its value (a text field), whose title's width
    it may share with others drawn with it."""

    rect: pygame.Rect
    title_room: int | None

    def title_need(self) -> int: ...


@runtime_checkable
class OwnLabel(Protocol):
    """A control that draws its label its own way (a slider), at a size it may share."""

    rect: pygame.Rect
    shared_px: int | None

    def label_px(self) -> int: ...


#: Per class of control: (is it :class:`Titled`, is it :class:`OwnLabel`).
_KINDS: dict[type, tuple[bool, bool]] = {}


def _kinds(control: object) -> tuple[bool, bool]:
    cls = type(control)
    found = _KINDS.get(cls)
    if found is None:
        found = _KINDS[cls] = (isinstance(control, Titled), isinstance(control, OwnLabel))
    return found


def is_titled(control: object) -> TypeGuard[Titled]:
    return _kinds(control)[0]


def is_own_label(control: object) -> TypeGuard[OwnLabel]:
    return _kinds(control)[1]
