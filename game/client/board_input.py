"""The mouse and the keyboard on a board, the same for every scene that has one
(matches, puzzles, the arcade, the analysis board): which cell the pointer is
over, a left click on a cell, and a right click, which takes back the last flip
of a chain in progress.

The keyboard has a board cursor and a turn box. The cursor is hidden until Up,
Down or Tab shows it (and, where the screen gives them no other use, Left or
Right): a match keeps Left and Right for stepping through the moves until then.
Once shown, the arrows move it to a hex neighbour (see
:mod:`game.play.board_keys`), Enter or Space clicks its cell, Backspace does
what a right click does, and Esc hides it. T or / opens the turn box, a line in
which a turn is typed in notation; Enter plays it, Esc closes the box. While it
is open every key is the box's."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.play.board_keys import column_of, examples, middle, step

from . import text_layout as tl
from . import theme
from .board_view import BoardView
from .pointer import is_covered
from .scene import pad_buttons
from .text_field import TextField

#: The characters a turn is written with: row letters, numbers, ``x`` and "pass".
TURN_CHARACTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")
ARROWS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
}

#: A game controller's A and B on a board (see :mod:`.pad`): as Enter and Esc.
#: The keys that zoom the board, and by how many steps.
ZOOM_KEYS = {
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
}

BOARD_PAD = pad_buttons(
    a=(pygame.K_RETURN, N_("play the cursor's cell")),
    b=(pygame.K_ESCAPE, N_("take back a chain, hide the cursor, or leave")),
)


@dataclass(frozen=True)
class BoardAction:
    #: "hover" (the pointer moved to another cell or off the board), "click", "back",
    #: "view" (the board was zoomed or moved),
    #: "cursor" (the board cursor moved, showed or hid), "box" (the turn box opened
    #: or closed) and "turn" (a turn typed in the box, in ``text``).
    kind: str
    cell: int | None
    text: str = ""


class BoardInput:
    def __init__(self, view: BoardView) -> None:
        self.view = view
        #: The cell under the pointer, if any.
        self.hover: int | None = None
        #: The board cursor's cell (None: hidden).
        self.cursor: int | None = None
        #: The column Up and Down keep to (see :func:`game.play.board_keys.step`).
        self.column = 0
        #: The keyboard moved last: the status line speaks of the cursor's cell.
        self.by_keys = False
        #: The last key came from a game controller: the line of keys names its buttons.
        self.by_pad = False
        self.box = TextField(
            N_("Turn"),
            limit=200,
            allowed=lambda c: c in TURN_CHARACTERS,
            hint=self.box_hint(),
        )
        # The key that opens the box also comes as typed text: it is not the turn's.
        self._swallow = ""
        #: Where the pointer last was (the wheel zooms there), and whether a drag
        #: is moving what the board shows.
        self.pointer: tuple[int, int] = (-1, -1)
        self.dragging = False

    def use(self, view: BoardView) -> None:
        """A new board: forget the cell under the pointer, and bring a cursor back
        to the middle if the board has another side (its cell may not exist)."""
        side = self.view.geo.n
        self.view = view
        self.box.hint = self.box_hint()
        self.hover = None
        if self.cursor is not None and view.geo.n != side:
            self.cursor = middle(view.geo)
            self.column = column_of(view.geo, self.cursor)

    def box_hint(self) -> str:
        """The empty turn box's hint, in cells of the board shown."""
        place, flip = examples(self.view.geo)
        return _("{place} or {flip}, then Enter").format(place=place, flip=flip)

    @property
    def typing(self) -> bool:
        """The turn box is open: it takes every key."""
        return self.box.editing

    @property
    def focus(self) -> int | None:
        """The cell the status line speaks of: the cursor's, if the keyboard moved
        last, or else the one under the pointer."""
        if self.cursor is not None and (self.by_keys or self.hover is None):
            return self.cursor
        return self.hover

    def show_cursor(self) -> int:
        """Show the cursor (where the pointer is, or in the middle of the board)."""
        if self.cursor is None:
            self.cursor = self.hover if self.hover is not None else middle(self.view.geo)
            self.column = column_of(self.view.geo, self.cursor)
        self.by_keys = True
        self.view.keep_in_view(self.cursor)
        return self.cursor

    def hide_cursor(self) -> None:
        self.cursor = None
        self.by_keys = False

    def open_box(self) -> None:
        self.box.editing = True
        self.box.blink = 0.0

    def close_box(self) -> None:
        self.box.editing = False

    def point(self, pos: tuple[int, int] | None) -> None:
        """The pointer is at ``pos`` (None: off the window), whatever moved it."""
        self.pointer = (-1, -1) if pos is None else pos
        self.hover = None if pos is None else self.view.cell_at(pos)

    def handle(self, event: pygame.event.Event) -> BoardAction | None:
        """What ``event`` does on the board, if anything: the wheel zooms at the
        pointer, and a drag that starts between the cells (or with the middle
        button) moves what is shown."""
        view = self.view
        if event.type == pygame.MOUSEMOTION:
            last, self.pointer = self.pointer, event.pos
            if self.dragging:
                if any(getattr(event, "buttons", (1,))):
                    x, y = event.pos
                    view.pan_by(x - last[0], y - last[1])
                    return BoardAction("view", None)
                self.dragging = False  # released outside the window
            cell = view.cell_at(event.pos)
            if cell != self.hover:
                self.hover = cell
                self.by_keys = False
                return BoardAction("hover", cell)
        elif event.type == pygame.MOUSEWHEEL and view.rect.collidepoint(self.pointer):
            view.zoom_by(event.y, self.pointer)
            self.hover = view.cell_at(self.pointer)
            return BoardAction("view", None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
            self.pointer = event.pos
            cell = view.cell_at(event.pos)
            if event.button == 1 and cell is not None:
                return BoardAction("click", cell)
            if not view.zoom.whole and view.rect.collidepoint(event.pos):
                self.dragging = True
                return BoardAction("view", None)
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return BoardAction("view", None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return BoardAction("back", view.cell_at(event.pos))
        return None

    def zoom_key(self, key: int) -> BoardAction | None:
        """+ and - zoom in and out, about the cursor's cell while it shows."""
        steps = ZOOM_KEYS.get(key)
        if steps is None:
            return None
        at = None if self.cursor is None else self.view.centres[self.cursor]
        self.view.zoom_by(steps, at)
        if self.cursor is not None:
            self.view.keep_in_view(self.cursor)
        return BoardAction("view", None)

    def keys(
        self, event: pygame.event.Event, *, arrows: bool = True, typed: bool = True
    ) -> BoardAction | None:
        """What a key (or typed text) does on the board, if anything. ``arrows``:
        Left and Right may show the cursor (a screen that gives them no other
        use). ``typed``: T opens the turn box (a screen that shows it). While the
        box is open, it takes every key and all typed text."""
        if self.typing:
            return self._box_keys(event)
        if event.type != pygame.KEYDOWN:
            return None
        self.by_pad = bool(getattr(event, "pad", ""))
        mod = getattr(event, "mod", 0)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return None
        key = event.key
        direction = ARROWS.get(key)
        pad = getattr(event, "pad", "")
        if pad in ("lb", "rb"):
            return None  # a controller's shoulders step through the moves, not the cursor
        if direction is not None:
            if self.cursor is None:
                # A controller's d-pad has no other use on a board: it shows the cursor.
                if direction in ("left", "right") and not arrows and not pad:
                    return None
                return BoardAction("cursor", self.show_cursor())
            self.cursor, self.column = step(self.view.geo, self.cursor, direction, self.column)
            self.by_keys = True
            self.view.keep_in_view(self.cursor)  # at the view's edge, the view moves
            return BoardAction("cursor", self.cursor)
        zoomed = self.zoom_key(key)
        if zoomed is not None:
            return zoomed
        if key == pygame.K_TAB and self.cursor is None:
            return BoardAction("cursor", self.show_cursor())
        if key in (pygame.K_t, pygame.K_SLASH, pygame.K_KP_DIVIDE) and typed:
            self.open_box()
            self._swallow = getattr(event, "unicode", "") or ""
            return BoardAction("box", None)
        if self.cursor is None:
            if pad == "a":  # a controller has no Tab: A shows the cursor too
                return BoardAction("cursor", self.show_cursor())
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.by_keys = True
            return BoardAction("click", self.cursor)
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            return BoardAction("back", self.cursor)
        if key == pygame.K_ESCAPE:
            self.hide_cursor()
            return BoardAction("cursor", None)
        return None

    def _box_keys(self, event: pygame.event.Event) -> BoardAction | None:
        if event.type == pygame.TEXTINPUT:
            swallow, self._swallow = self._swallow, ""
            if swallow and event.text == swallow:
                return BoardAction("box", None)
        elif event.type == pygame.KEYDOWN:
            self._swallow = ""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.box.rect.collidepoint(event.pos):
                self.close_box()  # the click goes on to the board or a button
                return None
            return BoardAction("box", None)
        if event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text = self.box.value.strip()
            self.box.value = ""  # the box opens empty next time
            self.close_box()
            if not text:
                return BoardAction("box", None)
            return BoardAction("turn", None, text)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.box.value = ""  # put away: the box opens empty next time
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            # A field gives Up and Down to its screen's focus; the turn box has none
            # to move to, and Esc (B) is its way out.
            return BoardAction("box", None)
        self.box.handle(event)
        return BoardAction("box", None)

    def help_text(self, *, paints: bool = False) -> tuple[str, ...]:
        """The keys for the board as they stand, for the screen's line of keys:
        the whole line, then shorter ones for a narrow window. ``paints``: Enter
        paints the cursor's cell (the analysis board) rather than playing it."""
        if self.typing:
            place, flip = examples(self.view.geo)
            return (
                _(
                    "Type a turn such as {place} or {flip}: Enter plays it, Esc closes the box."
                ).format(place=place, flip=flip),
                _("Type a turn ({place}, {flip}). Enter: play it. Esc: close.").format(
                    place=place, flip=flip
                ),
            )
        if self.by_pad:
            return self.pad_help(paints)
        if self.cursor is not None and paints:
            return (
                _(
                    "Arrows move the cursor, Enter paints its cell, Esc hides it. "
                    "T types a turn, E asks for the best one."
                ),
                _("Arrows: move. Enter: paint. Esc: hide. T: type a turn. E: best turn."),
            )
        if self.cursor is not None:
            return (
                _("Arrows move the cursor, Enter plays its cell, Esc hides it. T types a turn."),
                _("Arrows: move. Enter: play. Esc: hide. T: type a turn."),
            )
        if paints:
            return (
                _(
                    "Keys: Up, Down or Tab shows a board cursor; T types a turn; "
                    "E asks for the best one."
                ),
                _("Up or Down: board cursor. T: type a turn. E: best turn."),
            )
        return (
            _("Keys: Up, Down or Tab shows a board cursor; T types a turn."),
            _("Up or Down: board cursor. T: type a turn."),
        )

    def pad_help(self, paints: bool) -> tuple[str, ...]:
        """The line of a game controller's buttons for the board (see :mod:`.pad`)."""
        if self.cursor is not None and paints:
            return (
                _("D-pad or stick: move the cursor. A paints its cell. B hides it. "
                  "Back: every button."),
                _("D-pad: move. A: paint. B: hide. Back: all buttons."),
            )  # fmt: skip
        if self.cursor is not None:
            return (
                _("D-pad or stick: move the cursor. A plays its cell. B hides it. "
                  "Back: every button."),
                _("D-pad: move. A: play. B: hide. Back: all buttons."),
            )  # fmt: skip
        return (
            _("A or the d-pad shows a board cursor. Back: what every button does."),
            _("A: board cursor. Back: all buttons."),
        )

    def draw_help(
        self, surface: pygame.Surface, rect: pygame.Rect | pygame.FRect, *texts: str
    ) -> None:
        """One line of keys in ``rect``: the first of ``texts`` (longest first) that
        fits whole at its size; else the shortest, made smaller if need be, never
        over its edges. Under an overlay (the pause menu), which takes the
        keys, it draws none."""
        if is_covered():
            return
        for text in texts:
            if theme.font(18).size(text)[0] <= rect.width:
                tl.label(surface, text, rect, size=18, color=theme.MUTED)
                return
        text = texts[-1]
        p = tl.fit_px(text, 18, rect.width, floor=12)
        if theme.face(p).size(text)[0] <= rect.width:
            tl.label(surface, text, rect, size=18, floor=12, color=theme.MUTED)
        # Too narrow a window for any: better no line than one cut off.
