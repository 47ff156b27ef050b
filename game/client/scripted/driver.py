"""Playing the client as a player would, for the tour and the tests: input
events posted to the app and its frames run."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import pygame

from ..app import App
from ..board_view import BoardView
from ..scene import Scene

S = TypeVar("S", bound=Scene)


def on_top(app: App, kind: type[S]) -> S:
    """The scene on top, which the script expects to be a ``kind``."""
    scene = app.scenes.top
    if not isinstance(scene, kind):
        found = type(scene).__name__
        raise RuntimeError(f"expected {kind.__name__} on top of the scenes, found {found}")
    return scene


class Driver:
    """Posts input events to an app and runs its frames; :meth:`settle` runs
    frames of ``step`` seconds each (a 60 Hz screen's, unless told). With
    ``draw_last``, a settle draws only its last frame (see :meth:`settle`)."""

    def __init__(self, app: App, step: float = 1 / 60, draw_last: bool = False) -> None:
        self.app = app
        self.step = step
        self.draw_last = draw_last

    def frames(self, n: int = 1, dt: float = 1 / 60, draw: bool = True) -> None:
        """Run ``n`` frames of ``dt`` seconds; with ``draw=False``, none is drawn
        (see ``App.frame``): for a script that draws the screen later (a
        :meth:`settle`) and reads nothing a drawing leaves until then."""
        for _ in range(n):
            self.app.frame(dt, draw)

    def hover(self, pos: tuple[int, int]) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        self.frames()

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer to ``pos``, without a click."""
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        self.frames()

    def wheel(self, pos: tuple[int, int], y: int) -> None:
        """The pointer to ``pos``, then the wheel turned ``y`` notches (up > 0)."""
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        self.frames()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames()

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        )
        self.frames()

    def pad(self, button: int, instance: int = 0) -> None:
        """A controller's ``button`` (``pygame.CONTROLLER_BUTTON_A``...) pressed
        and let go."""
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=button, instance_id=instance))
        self.frames()

    def tilt(self, axis: int, value: int, instance: int = 0) -> None:
        """A controller's stick ``axis`` moved to ``value`` (-32768 to 32767)."""
        event = pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=instance
        )
        pygame.event.post(event)
        self.frames()

    def click_cell(self, cell: int) -> None:
        """A click on ``cell`` of the board shown by the scene on top."""
        view = getattr(self.app.scenes.top, "view", None)
        if not isinstance(view, BoardView):
            raise RuntimeError("the tour clicked a cell, but the scene on top shows no board")
        self.click(view.centre(cell))

    def settle(self, seconds: float = 1.5) -> None:
        """Run ``seconds`` of frames. With :attr:`draw_last` (the tour's choice),
        only the last is drawn: the tour reads the screen a settle leaves, never
        the frames on the way (an animation's, a transition's), whose drawing was
        most of its cost. Each frame still handles its events and advances every
        scene as the game's loop does, and the last draws if any of them changed
        something. A player's loop draws every frame that changed
        (:meth:`App.run`). Not every script's choice: frames not drawn take next
        to no time, and a script that lets the AI's process answer during a
        settle's frames (a test's "settle until the AI has played") would then
        run out of them before the answer comes."""
        n = round(seconds / self.step)
        if self.draw_last:
            self.frames(n - 1, self.step, draw=False)
            self.frames(min(n, 1), self.step)
        else:
            self.frames(n, self.step)


class _Awaited:
    """An AI line (:class:`game.ai.worker.AILine`) whose ``poll`` waits for the
    answer under way (up to ``timeout`` seconds) instead of returning at once."""

    def __init__(self, line: Any, timeout: float) -> None:
        self._line = line
        self._timeout = timeout

    def poll(self) -> Any:
        line = self._line
        return line.wait(self._timeout) if line.busy else line.poll()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._line, name)


@contextmanager
def answers_awaited(holder: Any, timeout: float) -> Iterator[None]:
    """While open, the AI line ``holder.line`` (an analysis job's, an engine
    look's) takes each answer the moment it comes, waiting for it: a script
    shows the screen once the answer is in, not after a fixed sleep that the
    AI, on a small board, beats by far."""
    line = holder.line
    holder.line = _Awaited(line, timeout)
    try:
        yield
    finally:
        holder.line = line
