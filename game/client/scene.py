"""Scenes, the stack that holds them, and what a scene may use of the app.

Each scene owns its input and its drawing. The top scene gets the events;
scenes marked ``overlay`` are drawn over the one below (a game-over panel over
the finished board). The lifecycle, as Tuxemon's state manager has it:

- :meth:`Scene.enter` when the scene is pushed (or swapped in by replace);
- :meth:`Scene.pause` when another scene is pushed over it;
- :meth:`Scene.resume` when that scene is popped and it is on top again;
- :meth:`Scene.leave` when it is popped or replaced, or the app closes: once.

A scene reaches the rest of the game only through :class:`Services`, the small
set of things the app provides; it never reaches into the app's own parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

from .layout import Boxes
from .layout_tree import Node
from .widgets import Button, press, update_all

if TYPE_CHECKING:
    from game.ai.worker import AIWorker
    from game.play.jobs import Jobs
    from game.play.puzzle_library import PuzzleLibrary
    from game.play.settings import Settings


class Services(Protocol):
    """What scenes may use: the scene stack, the player's settings and data
    folder, the AI worker, the jobs service for other long work, the puzzle
    library, messages, sounds and words said aloud (Speech, see :mod:`.speaker`)."""

    scenes: SceneStack
    settings: Settings
    data: Path
    #: Each screen that asks the AI takes a line of its own (``worker.line()``).
    worker: AIWorker
    jobs: Jobs
    puzzles: PuzzleLibrary
    pointer: tuple[int, int] | None

    @property
    def size(self) -> tuple[int, int]: ...
    def toast(self, message: str, seconds: float = 5.0) -> None: ...
    def sound(self, name: str) -> None: ...
    def speak(self, text: str) -> None: ...
    def click(self) -> None: ...
    def save_settings(self) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def quit(self) -> None: ...


def pad_buttons(
    base: Mapping[str, tuple[int, str]] | None = None, /, **buttons: tuple[int, str]
) -> Mapping[str, tuple[int, str]]:
    """A screen's :attr:`Scene.pad_keys`: ``base``'s, and ``buttons`` over them."""
    return MappingProxyType({**(base or {}), **buttons})


class Scene:
    overlay = False
    #: What a game controller's buttons do here beyond the usual (see
    #: :mod:`.pad`): a button's name ("a", "b", "x", "y", "lb", "rb", "start")
    #: -> the key it stands for and, for the controller's help, what that does.
    pad_keys: ClassVar[Mapping[str, tuple[int, str]]] = pad_buttons()

    @property
    def typing(self) -> bool:
        """The player is typing into a field: the game's one-key shortcuts stand aside."""
        return False

    def __init__(self, app: Services) -> None:
        self.app = app
        #: The screen's boxes: :meth:`layout` solved in the window.
        self.boxes = Boxes(self.layout, self.room)

    def layout(self, size: tuple[int, int]) -> Node:
        """The screen's layout tree (:mod:`.layout_tree`), declared once for every
        window size, text size and language; by default, the whole window."""
        return Node(key="screen")

    def room(self, size: tuple[int, int]) -> pygame.Rect:
        """Where :meth:`layout` is laid: the window; an overlay's, the part of the
        screen under it that it belongs to."""
        return pygame.Rect(0, 0, *size)

    def refit(self, size: tuple[int, int]) -> None:
        """Before a frame: a screen laid out by its tree is laid out again if the
        window size, the text size or the language changed since."""
        if self.boxes.seen and self.boxes.stale(size):
            self.resize(size)
            self.boxes.mark(size)  # laid out, whatever size it chose to lay itself in

    def enter(self) -> None:
        """The scene was pushed: lay it out and start."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped; by default, start as if new."""
        self.enter()

    def leave(self) -> None:
        """The scene is gone (popped, replaced, or the app closed)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def tell(self, message: str) -> bool:
        """Show ``message`` (the app's news, such as a voice that cannot speak) on
        a line of this screen's own; False where it has none (a banner says it)."""
        return False

    def open_menu(self) -> bool:
        """Start on a controller: open this screen's own menu. False where it has
        none (Start then does what Esc does); a board's Esc first takes back a
        chain or hides the cursor, which Start must not."""
        return False

    def update(self, dt: float) -> bool | None:
        """Advance time by ``dt`` seconds. Return True while something on screen
        moves, so the app draws the next frame; a still scene is drawn only when
        an event or a resize comes."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, what goes over the one below)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: the layout tree is solved again."""
        self.boxes.lay(size)


class ButtonScene(Scene):
    """A scene whose input is its buttons alone; ``t`` counts the seconds since
    it opened, for its animations."""

    #: Seconds of opening animation after which the scene is still.
    settle = 0.5

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.t = 0.0
        self.controls: list[Button] = []

    def handle(self, event: pygame.event.Event) -> None:
        press(self.controls, event, self.app.click)

    def update(self, dt: float) -> bool:
        self.t += dt
        return update_all(self.controls, dt) or self.t < self.settle


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene``, leaving it on top (if it is here)."""
        if scene in self.scenes:
            while self.scenes[-1] is not scene:
                self.pop()

    def close(self, scene: Scene) -> None:
        """Pop ``scene`` and every scene above it: a screen leaves with its overlays,
        whatever is open over it, without counting them."""
        if scene in self.scenes:
            self.pop_to(scene)
            self.pop()

    def to_bottom(self) -> None:
        """Pop every scene but the first: back to the screen the game opened on
        (the title screen)."""
        if self.scenes:
            self.pop_to(self.scenes[0])

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene | None = None) -> None:
        """Leave every scene, top first, then start again from ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        if scene is not None:
            self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any it is drawn over."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return out[::-1]
