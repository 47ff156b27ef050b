"""Game controllers: opened as they come (SDL's game-controller mapping, so any
pad SDL knows has A, B, X, Y where an Xbox pad has them), and their buttons
turned into the keys the screens already answer. A screen needs nothing of its
own for a controller: the d-pad or the left stick are the arrows, A is Enter, B
and Start are Esc. A screen gives X, Y, the shoulders (and A and B another
sense) in :attr:`~.scene.Scene.pad_keys`, and Start a menu of its own with
:meth:`~.scene.Scene.open_menu`.

The keys made here carry ``pad`` (the button's name), so the board can tell the
d-pad's Left (which shows the cursor) from the keyboard's (which steps through
a match's moves until then), and leave the shoulders to the moves.

Back shows what each button does on the screen on top; any button puts it away.
A controller plugged in or out while the game runs is picked up or let go; one
that cannot be opened is passed over, as is a machine with no controllers at
all: the keyboard and mouse always work.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

try:
    from pygame._sdl2 import controller
except ImportError:  # a pygame (or a frozen build) without SDL's controllers
    controller = None  # type: ignore[assignment]

from game.i18n import N_, _
from game.play.pad_repeat import Repeat, stick_direction

from . import text_layout, theme, xinput
from .pad_focus import PULLED, ButtonFocus, buttons
from .scene import Scene
from .scenes.menu import MenuScene

#: The buttons by the names screens give them in ``pad_keys``.
BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
ARROWS = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
}
#: What the buttons do on every screen that says nothing else: the key each
#: stands for and, for the help, what that does. The shoulders page through a
#: list where there is one.
USUAL: dict[str, tuple[int, str]] = {
    "a": (pygame.K_RETURN, N_("choose")),
    "b": (pygame.K_ESCAPE, N_("back")),
    "start": (pygame.K_ESCAPE, N_("back")),
    "lb": (pygame.K_PAGEUP, ""),
    "rb": (pygame.K_PAGEDOWN, ""),
}
#: The help's rows, in order: the button's name on the pad (the letters and
#: Start and Back as printed on it), and its name here.
HELP_ROWS = (
    (N_("D-pad or stick"), "move"),
    ("A", "a"),
    ("B", "b"),
    ("X", "x"),
    ("Y", "y"),
    (N_("LB and RB"), "shoulders"),
    (N_("LT and RT"), "triggers"),
    ("Start", "start"),
    ("Back", "back"),
)


TELL = N_("Press Back to see what its buttons do here.")


def key_event(key: int, button: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad=button)


class Pads:
    """The controllers plugged in, and what their input stands for. ``say``
    shows a short message (the app's banner)."""

    def __init__(
        self, say: Callable[[str, float], None], click: Callable[[], None] = lambda: None
    ) -> None:
        self.say = say
        self.click = click
        #: LT and RT's focus on a screen's buttons.
        self.focus = ButtonFocus()
        #: The open controllers by their instance id (as events name them).
        self.open: dict[int, controller.Controller] = {}
        #: SDL's controllers could be started (else a controller is never opened).
        self.ready = False
        #: Back's help is on show.
        self.helping = False
        #: The player has been told that Back shows the buttons.
        self.told = False
        self.repeat = Repeat()
        self.stick = (0.0, 0.0)
        self.stick_points: str | None = None

    def start(self) -> None:
        """Start SDL's controllers; those already plugged in then arrive as if
        just plugged in (SDL sends an "added" event for each)."""
        xinput.keep()  # before SDL loads it: see game/client/xinput.py
        try:
            controller.init()
            self.ready = True
        except (pygame.error, AttributeError):  # AttributeError: no module at all
            self.ready = False

    def close(self) -> None:
        for pad in self.open.values():
            with contextlib.suppress(pygame.error):
                pad.quit()
        self.open.clear()

    # -- plugging in and out ---------------------------------------------------------
    def added(self, index: int) -> None:
        """A controller came at SDL's device ``index``: open it if SDL can."""
        if not self.ready:
            return
        try:
            if not controller.is_controller(index):
                return
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
            name = pad.name or "A controller"
        except (pygame.error, IndexError, ValueError):
            return  # gone again already, or not one SDL can map
        if instance in self.open:
            return
        self.open[instance] = pad
        self.say(f"{name} connected. {TELL}", 5.0)
        self.told = True

    def removed(self, instance: int) -> None:
        pad = self.open.pop(instance, None)
        self.repeat.release("dpad")
        self.repeat.release("stick")
        self.stick, self.stick_points = (0.0, 0.0), None
        if pad is None:
            return
        with contextlib.suppress(pygame.error):
            pad.quit()
        self.say(_("The controller was disconnected. The keyboard and mouse still work."), 4.0)

    # -- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, scene: Scene | None) -> list[pygame.event.Event]:
        """The key events a controller's ``event`` stands for on ``scene`` (none
        for one that only opens or closes the help, or means nothing here)."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self.added(getattr(event, "device_index", -1))
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.removed(getattr(event, "instance_id", -1))
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            return self.pressed(BUTTONS.get(getattr(event, "button", -1), ""), scene)
        elif event.type == pygame.CONTROLLERBUTTONUP:
            if BUTTONS.get(getattr(event, "button", -1), "") in ARROWS:
                self.repeat.release("dpad")
        elif event.type == pygame.CONTROLLERAXISMOTION:
            return self.tilted(getattr(event, "axis", -1), getattr(event, "value", 0), scene)
        return []

    def first_use(self, button: str) -> None:
        """Tell the player, on a controller's first use, that Back shows its
        buttons: a pad SDL opened before the game asked (or one this game did not
        open) is first heard of here, by a button, the stick or a trigger. Back
        itself shows them: it needs no telling."""
        if self.told:
            return
        self.told = True
        if button != "back":
            self.say(
                _("Playing with a controller: press Back to see what its buttons do here."), 4.0
            )

    def pressed(self, button: str, scene: Scene | None) -> list[pygame.event.Event]:
        if not button:
            return []
        self.first_use(button)
        if self.helping or button == "back":
            self.helping = not self.helping and button == "back"
            return []
        if button == "a" and self.focus.press(scene, self.click):
            return []
        self.focus.put_away()
        if button in ARROWS:
            self.repeat.press("dpad", button)
            return self.arrow(button)
        if button == "start" and scene is not None and scene.open_menu():
            return []
        key = self.key_for(button, scene)
        return [] if key is None else [key_event(key, button)]

    def tilted(self, axis: int, value: int, scene: Scene | None) -> list[pygame.event.Event]:
        x, y = self.stick
        tilt = max(-1.0, min(1.0, value / 32767))
        if abs(tilt) >= PULLED:  # a pad at rest drifts a little: that is no use yet
            self.first_use("stick")
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            x = tilt
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            y = tilt
        else:
            self.focus.trigger(axis, value, scene)
            return []  # the right stick is not used
        self.stick = (x, y)
        now = stick_direction(x, y, self.stick_points)
        if now == self.stick_points:
            return []
        self.stick_points = now
        if now is None:
            self.repeat.release("stick")
            return []
        self.repeat.press("stick", now)
        return [] if self.helping else self.arrow(now)

    def arrow(self, direction: str) -> list[pygame.event.Event]:
        return [key_event(ARROWS[direction], direction)]

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The arrows a held d-pad or stick repeats in the next ``dt`` seconds."""
        due = self.repeat.update(dt)
        if self.helping:
            return []
        return [e for d in due for e in self.arrow(d)]

    @staticmethod
    def key_for(button: str, scene: Scene | None) -> int | None:
        own = scene.pad_keys if scene is not None else {}
        if button in own:
            return own[button][0]
        if button in USUAL:
            return USUAL[button][0]
        return None

    # -- the help ------------------------------------------------------------------------
    @staticmethod
    def rows(scene: Scene | None) -> list[tuple[str, str]]:
        """What each button does on ``scene``, for the help: a button that does
        nothing here is left out."""
        own = dict(scene.pad_keys) if scene is not None else {}
        # Each screen names what its buttons do in English, marked: said here in
        # the player's language.
        words = {name: _(what) if what else "" for name, (_k, what) in (USUAL | own).items()}
        words.setdefault("move", _("move"))
        words["back"] = _("show or hide this help")
        if scene is not None and not isinstance(scene, MenuScene) and buttons(scene):
            words["triggers"] = _("go through the screen's buttons; A presses the one lit")
        lb, rb = words.get("lb", ""), words.get("rb", "")
        words["shoulders"] = f"{lb} / {rb}" if lb and rb and lb != rb else lb or rb
        # Where only one shoulder does anything, the help names that one.
        shoulders = _("LB and RB") if lb and rb else "LB" if lb else "RB"
        return [
            (shoulders if name == "shoulders" else _(label), words[name])
            for label, name in HELP_ROWS
            if words.get(name)
        ]

    def draw_help(self, surface: pygame.Surface, scene: Scene | None) -> pygame.Rect:
        """The help over the whole screen, its panel as high as its rows; returns
        the panel. The rows wrap before their text is made smaller, and all of
        them are drawn at one size: the largest at which they fit."""
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(760, w - 40), h - 40)
        rows = self.rows(scene)
        title, foot = _("Controller buttons on this screen"), _("Any button puts this away.")
        inner = box.width - 48

        def names_w(p: int) -> int:
            return max(theme.face(p).size(label)[0] for label, _w in rows) + 16

        def tall(p: int) -> int:
            line = theme.face(p).get_linesize()
            whats = sum(
                text_layout.block_height(what, 0, inner - names_w(p), pixels=p) + 6
                for _n, what in rows
            )
            return (
                text_layout.block_height(title, 0, inner, bold=True, pixels=p + 4)
                + 12
                + whats
                + 8
                + line
            )

        p = text_layout.largest(
            theme.px(22),
            theme.FLOOR_PX,
            lambda p: inner - names_w(p) > 40 and tall(p) <= box.height - 32,
        )
        box.height = min(box.height, tall(p) + 32)
        box.center = (w // 2, h // 2)
        theme.dialog(surface, box, 150)
        y = box.top + 16
        head = pygame.Rect(box.left + 24, y, inner, box.height)
        r = text_layout.block(surface, title, head, bold=True, align="center", pixels=p + 4)
        y = r.bottom + 12
        left = box.left + 24 + names_w(p)
        for label, what in rows:
            theme.text(surface, label, (box.left + 24, y), pixels=p, color=theme.ACCENT, box=box)
            para = pygame.Rect(left, y, box.right - 24 - left, box.bottom - y)
            y = text_layout.block(surface, what, para, pixels=p).bottom + 6
        end = pygame.Rect(box.left + 24, y + 2, inner, box.bottom - y - 2)
        text_layout.block(surface, foot, end, color=theme.MUTED, align="center", pixels=p)
        return box
