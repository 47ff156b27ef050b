"""Speech's ears on the screens: what changed since the last frame, for
:mod:`game.play.speech` to put in words.

The app asks once a frame, after the events and the scenes' updates (see
:meth:`~.app.App.frame`). Nothing here is any one screen's: every screen's
keyboard focus is a widget marked ``focused`` among its ``controls`` (or its
side panel's, or a row's of :mod:`.focus_row`), every board has a
:class:`~.board_input.BoardInput` as ``input``, and every screen has a title and
a first line. A screen may say more by giving any of these methods:

- ``heard() -> (title, first line)``, in place of the drawn ones;
- ``cell_said(cell) -> str``, the board cell under the cursor;
- ``state_said() -> str``, what the score key says (the score, whose turn).

A screen where a player starts (the title, a match) sets ``tells_keys``: the
first time it is heard, its first line is followed by how to hear the score and
reach the controls or the board (:func:`game.play.speech.keys`).

What a match's turns and result say comes from the match screen itself, through
``app.speak``; the app joins all that one frame says into one utterance.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import _
from game.play import speech

from . import theme
from .board_input import BoardInput
from .focus_row import FocusRow
from .scene import Scene
from .scenes.menu import MenuScene
from .slider import Slider
from .text_field import TextField
from .widgets import Button, Choice, Segments

#: With Speech on, anywhere in the game: say the score and whose turn it is (on a
#: board), or where the player is. No screen uses I for anything else.
SAY_STATE = pygame.K_i


def keys_said(scene: Scene) -> str:
    """How to hear the score and reach the controls (or the board) on ``scene``."""
    board = isinstance(getattr(scene, "input", None), BoardInput)
    return speech.keys(pygame.key.name(SAY_STATE).upper(), board=board)


def widgets(scene: Scene) -> list[Any]:
    """The controls the keyboard focus can be on, on ``scene``."""
    found: list[Any] = []
    for owner in (scene, getattr(scene, "panel", None)):
        controls = getattr(owner, "controls", None)
        if isinstance(controls, list):
            found += controls
    for value in vars(scene).values():
        if isinstance(value, FocusRow):
            found += value.buttons
    return found


def focused(scene: Scene) -> Any | None:
    return next((w for w in widgets(scene) if getattr(w, "focused", False)), None)


def control_said(widget: Any) -> str:
    """A control's words as :func:`game.play.speech.control` says them."""
    if isinstance(widget, Segments):
        value = widget.shown(widget.value)
        label = _("{title}: {value}").format(title=_(widget.title), value=value)
        return speech.control(label, "choice")
    if isinstance(widget, Choice):
        return speech.control(_(widget.label), "choice", enabled=widget.enabled)
    if isinstance(widget, Button):
        return speech.control(_(widget.label), "button", enabled=widget.enabled)
    if isinstance(widget, Slider):
        return speech.control(widget.text(), "slider")
    if isinstance(widget, TextField):
        value = widget.value or (_(widget.hint) if widget.hint else "")
        label = _("{title}: {value}").format(title=_(widget.title), value=value)
        return speech.control(label, "field")
    return ""


def words_of(widget: Any) -> list[str]:
    """The texts a control draws."""
    words = [_(getattr(widget, name, "")) for name in ("label", "title", "hint")]
    if isinstance(widget, Slider):
        words.append(widget.text())
    if isinstance(widget, Segments):
        words += [widget.shown(o) for o in widget.options]
    if isinstance(widget, TextField):
        words.append(widget.value)
    return [w for w in words if w]


def drawn_lines(scene: Scene, size: tuple[int, int]) -> list[str]:
    """The texts ``scene`` draws, top to bottom (drawn once, off screen): the
    title and first line of a screen that names neither."""
    if theme.drawn_texts is not None:
        return []  # a layout check is collecting: leave its list alone
    kept = len(theme.drawn_px), len(theme.drawn_lines)
    theme.drawn_texts = []
    try:
        scene.draw(pygame.Surface(size))
        found = sorted((r.top, r.left, msg) for _s, msg, r, _o in theme.drawn_texts)
    finally:
        theme.drawn_texts = None
        del theme.drawn_px[kept[0] :], theme.drawn_lines[kept[1] :]
    lines: list[str] = []
    for _top, _left, msg in found:
        if msg not in lines:
            lines.append(msg)
    return lines


def screen_said(scene: Scene, size: tuple[int, int]) -> str:
    heard: Callable[[], tuple[str, str]] | None = getattr(scene, "heard", None)
    if heard is not None:
        return speech.screen(*heard())
    title = _(scene.title) if isinstance(scene, MenuScene) else ""
    line = scene.subtitle if isinstance(scene, MenuScene) else ""
    if title and line:
        return speech.screen(title, line)
    # No title or no first line of its own: the first texts the screen draws,
    # other than its controls' (the focus says those).
    skip = {title, *(t for w in widgets(scene) for t in words_of(w))}
    drawn = [t for t in drawn_lines(scene, size) if t not in skip]
    if not title:
        title, drawn = (drawn or [""])[0], drawn[1:]
    return speech.screen(title, (drawn or [""])[0])


def cell_said(scene: Scene, board: BoardInput, cell: int) -> str:
    said: Callable[[int], str] | None = getattr(scene, "cell_said", None)
    if said is not None:
        return said(cell)
    hover: Callable[[], tuple[str, object]] | None = getattr(scene, "hover_text", None)
    text = hover()[0] if hover is not None else ""
    return text or board.view.geo.name(cell)


def state_said(scene: Scene, size: tuple[int, int]) -> str:
    """What the score key says on ``scene``: its score and whose turn it is, or
    (a screen with no game) where the player is."""
    said: Callable[[], str] | None = getattr(scene, "state_said", None)
    if said is not None:
        return said()
    return screen_said(scene, size)


class Speaker:
    """What changed on the top screen since the last look, and what the screens
    asked to say, as one utterance a frame."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.scene: Scene | None = None
        self.control: tuple[int, str] = (0, "")
        self.cursor: int | None = None
        self.typing = False
        #: The screens that told the keys already: each tells them once.
        self.told: weakref.WeakSet[Scene] = weakref.WeakSet()

    def hear(self, text: str) -> None:
        """A screen's own words (a turn played, the result), said this frame."""
        self.parts.append(text)

    def forget(self) -> None:
        """Speech is off: nothing is kept, and the next look starts afresh."""
        self.parts.clear()
        self.scene = None
        self.told.clear()  # Speech turned on again tells the keys again

    def look(self, scene: Scene | None, size: tuple[int, int]) -> None:
        """Note what changed on ``scene`` (the top one) since the last look."""
        if scene is None:
            return
        new = scene is not self.scene
        if new:
            self.scene = scene
            self.control, self.cursor, self.typing = (0, ""), None, False
            opened = [screen_said(scene, size)]
            if getattr(scene, "tells_keys", False) and scene not in self.told:
                self.told.add(scene)
                opened.append(keys_said(scene))
            self.parts[0:0] = opened
        widget = focused(scene)
        said = control_said(widget) if widget is not None else ""
        if widget is None:
            self.control = (0, "")
        elif (id(widget), said) != self.control:
            self.control = (id(widget), said)
            self.parts.append(said)
        board = getattr(scene, "input", None)
        if isinstance(board, BoardInput):
            self.look_at_board(scene, board)

    def look_at_board(self, scene: Scene, board: BoardInput) -> None:
        if board.typing != self.typing:
            self.typing = board.typing
            if board.typing:
                self.parts.append(board.help_text()[0])
        if board.cursor != self.cursor:
            self.cursor = board.cursor
            if board.cursor is None:
                self.parts.append(speech.cursor_hidden())
            else:
                self.parts.append(cell_said(scene, board, board.cursor))

    def take(self) -> str:
        """This frame's utterance (empty: nothing to say), and a clean slate."""
        text = speech.together(self.parts)
        self.parts.clear()
        return text
