"""The window, the frame loop and the services every scene shares.

One frame: read the events (the window's own keys first: F11 and resizing),
hand the rest to the top scene, advance every visible scene by the time since
the last frame, and draw them bottom first, then any message banner, but only
when something changed: an event came, a scene says something on it moves, or
the scenes on show are not the ones last drawn. A still screen costs next to
nothing. Nothing in a frame waits: the AI answers through its worker process
and is polled.

The app is the :class:`~.scene.Services` that scenes use, and nothing more.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from game import CREDIT, paths
from game.ai.worker import AIWorker
from game.i18n import _, language, set_language
from game.play.jobs import Jobs
from game.play.notices import Notices
from game.play.puzzle_library import PuzzleLibrary
from game.play.settings import load as load_settings
from game.play.settings import save as save_settings
from game.play.storage import data_dir
from game.play.voice import SystemVoice, Voice

from . import text_layout, theme
from .audio import Audio
from .board_view import hex_points
from .crash import HEADLESS
from .pad import Pads
from .pointer import covered, keys_pressed, pointer_used
from .scene import Scene, SceneStack
from .speaker import SAY_STATE, Speaker, state_said

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 480)
FPS = 60
#: With no input for this long and nothing moving, the screen is looked at
#: this many times a second: the next input is answered within a thirtieth of a
#: second, then at full rate again.
STILL_AFTER = 0.5
STILL_FPS = 30
#: With no input for this long, and nothing moved for :data:`MOVED_AFTER`, ten
#: times a second: each look costs about a third of a millisecond, and thirty
#: of them a second were most of a still title's 2% of a core. A player back
#: after a rest is answered within a tenth of a second; their first move of
#: the pointer or key brings the full rate back.
REST_AFTER = 2.0
REST_FPS = 10
#: A scene that moves now and then (the title's backdrop, drawn at 15 frames a
#: second while a tile moves) is looked at :data:`STILL_FPS` times a second
#: this long after its last move, so that its next frame comes in time.
MOVED_AFTER = 0.2


#: What a game controller sends (see :mod:`.pad`).
PAD_EVENTS = frozenset(
    {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERAXISMOTION,
    }
)


def fitted(
    size: tuple[int, int], desktops: list[tuple[int, int]], edge: tuple[int, int] = (0, 80)
) -> tuple[int, int]:
    """The window's first size on the player's screen: the size asked for, made smaller
    where the first desktop cannot hold it with ``edge`` to spare (the taskbar, the
    window's own title bar: a 1280x800 window on a 1366x768 laptop would lose its
    foot), never under :data:`MIN_SIZE`.

    >>> fitted((1280, 800), [(1366, 768)])
    (1280, 688)
    >>> fitted((1280, 800), [(640, 480)])
    (640, 480)
    >>> fitted((1280, 800), [])
    (1280, 800)
    """
    if not desktops:
        return size
    room = (desktops[0][0] - edge[0], desktops[0][1] - edge[1])
    return (
        max(MIN_SIZE[0], min(size[0], room[0])),
        max(MIN_SIZE[1], min(size[1], room[1])),
    )


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


def ask_for_sharp_pixels() -> None:
    """On Windows, draw at the screen's own pixels: a program that does not say so
    is stretched by Windows on a display scaled to 125%, 150% or 200%, and blurs.
    The executable's manifest says the same (tools/bundle.py); this hint covers a
    game started from a Python install, whose python.exe says nothing of it. SDL
    reads it when the display starts; one already set (by a player) is kept."""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, data: Path | None = None) -> None:
        self.data = data or data_dir()
        self.data.mkdir(parents=True, exist_ok=True)
        self.settings, message = load_settings(self.data)
        set_language(self.settings.language)  # before the first text is drawn
        pointer_used()  # a new window: no key has been pressed in it yet
        ask_for_sharp_pixels()
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
            if driver in HEADLESS and os.environ.get("SDL_VIDEODRIVER") != driver:
                # SDL falls back to a window nobody can see rather than failing.
                pygame.display.quit()
                # i18n: not shown (the console's words, beside SDL's own: game/__main__.py)
                raise NoDisplay("no screen was found")
            if driver not in HEADLESS:  # a made-up driver's desktop is made up too
                size = fitted(size, pygame.display.get_desktop_sizes())
            pygame.font.init()
            theme.reset_fonts()
            theme.set_text_size(self.settings.text_size)
            self.window = pygame.Window(
                CREDIT, size, resizable=True, fullscreen_desktop=self.settings.fullscreen
            )
        except pygame.error as e:
            raise NoDisplay(str(e)) from None
        # The window keeps to its smallest size itself, however it is dragged.
        self.window.minimum_size = MIN_SIZE
        self.window.set_icon(icon())
        self.screen = self.window.get_surface()
        #: The window is closed (see :meth:`close`).
        self.closed = False
        pygame.key.set_repeat(300, 40)
        self.audio = Audio(0.0 if self.settings.muted else self.settings.volume)
        #: Game controllers, plugged in now or later; their buttons come as keys.
        self.pads = Pads(self.toast, self.click)
        self.pads.start()
        self.clock = pygame.time.Clock()
        self.scenes = SceneStack()
        self.running = True
        self.notices = Notices()
        #: The AI's worker; its process starts with the first request.
        self.worker = AIWorker()
        #: Other work too long for a frame (the Mosaix AI, proving a puzzle); its
        #: process likewise starts with the first job.
        self.jobs = Jobs()
        self.time = 0.0
        #: Where the pointer was last seen over the window (None: off it), for the
        #: scene that comes back to the top after others had the events.
        self.pointer: tuple[int, int] | None = None
        #: The puzzle packs and progress, read on the first visit to the puzzles.
        self.puzzles = PuzzleLibrary(paths.puzzles(), self.data, self.toast)
        #: The ids of the scenes on show when the screen was last drawn.
        self._drawn: tuple[int, ...] = ()
        #: A frame run with ``draw=False`` changed something: the next drawing
        #: frame draws whatever else happens in it.
        self._owed = False
        self.frames_drawn = 0
        #: Seconds since the last input (an event), and since a scene last said
        #: something on it moves.
        self.still_for = 0.0
        self.moved_for = 0.0
        self.moving = True
        #: What Speech says this frame, and the voice that says it: the system's,
        #: its process started on the first word (a test puts a Recorder here).
        self.speaker = Speaker()
        self.voice: Voice | None = None
        self._spoke = False
        if message:
            self.toast(message)

    # -- shared services -------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toast(self, message: str, seconds: float = 5.0) -> None:
        """Show ``message`` in a banner at the top for a while."""
        self.notices.add("toast", message, seconds=seconds)
        self._drawn = ()

    @property
    def dialog_open(self) -> bool:
        """A dialog is over the screen: toasts wait for it to close (drawn over it,
        they hid its words; under it, they would go by unread)."""
        top = self.scenes.top
        return top is not None and top.overlay

    @property
    def toasts(self) -> list[tuple[str, float]]:
        """The messages on show at the top: text and seconds left."""
        return [(n.text, n.left) for n in self.notices.all("toast")]

    def save_settings(self) -> None:
        self.audio.volume = 0.0 if self.settings.muted else self.settings.volume
        try:
            save_settings(self.settings, self.data)
        except OSError as e:
            self.toast(_("Settings could not be saved: {reason}").format(reason=e.strerror or e))

    def mute(self, on: bool) -> None:
        """Sound off or on again (M, anywhere in the game)."""
        self.settings.muted = on
        self.save_settings()
        self.toast(_("Sound off. M turns it on again.") if on else _("Sound on."), 2.0)

    def speak(self, text: str) -> None:
        """Say ``text`` with this frame's other words, if Speech is on."""
        if self.settings.speech:
            self.speaker.hear(text)

    def say_frame(self) -> None:
        """Say what this frame changed (see :mod:`.speaker`), and tell the player
        once if the voice cannot speak. The frame that turns Speech off still
        speaks, so that the player hears it go."""
        speaking, self._spoke = self.settings.speech or self._spoke, self.settings.speech
        if not speaking:
            self.speaker.forget()
        else:
            self.speaker.look(self.scenes.top, self.size)
            text = self.speaker.take()
            if text:
                if self.voice is None:
                    self.voice = SystemVoice()
                self.voice.say(text, language())
        if self.voice is not None:
            problem = self.voice.poll()
            if problem:
                self.settings.voice_failed()
                self.save_settings()
                top = self.scenes.top
                # Said on the screen's own line where it has one (Settings, where
                # Speech was turned on): a banner there lay over its rows.
                if top is None or not top.tell(problem):
                    self.toast(problem)

    def sound(self, name: str) -> None:
        self.audio.play(name)

    def click(self) -> None:
        """The sound of a button press, at its own volume."""
        if not self.settings.muted:
            self.audio.play("click", self.settings.click_volume)

    def set_fullscreen(self, on: bool) -> None:
        """The whole screen, or back to the window as it was."""
        self.settings.fullscreen = on
        try:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        except pygame.error:
            self.window.set_windowed()
            self.settings.fullscreen = False
        self._resized()
        self.save_settings()

    def _resized(self) -> None:
        self.screen = self.window.get_surface()
        for scene in self.scenes.scenes:
            scene.resize(self.size)
        self._drawn = ()

    def quit(self) -> None:
        self.running = False

    # -- the loop ----------------------------------------------------------------
    def run(self, first: Scene) -> None:
        self.scenes.push(first)
        try:
            self.frame(0.0)  # the first frame, before anything else is read
            self.puzzles.preload()
            while self.running:
                # The clock sleeps out the rest of each frame. (SDL's event.wait()
                # would poll every millisecond under some drivers.)
                dt = self.clock.tick(self.frame_rate()) / 1000
                self.frame(min(dt, 0.1))
        finally:
            self.close()

    def frame_rate(self) -> int:
        """Frames a second for the next frame: full while anything happens, then
        fewer the longer nothing does."""
        if self.moving or self.still_for < STILL_AFTER:
            return FPS
        if self.still_for < REST_AFTER or self.moved_for < MOVED_AFTER:
            return STILL_FPS
        return REST_FPS

    def frame(self, dt: float, draw: bool = True) -> bool:
        """Handle the waiting events, advance ``dt`` seconds, and draw if anything
        changed; returns whether it drew. With ``draw=False`` (a script's frames
        whose pixels nobody sees, never the loop's: :meth:`run` draws every frame
        that changed) a frame that would draw leaves it to the next one that may."""
        # A held stick or d-pad repeats its arrow: input as much as an event.
        events = pygame.event.get() + self.pads.update(dt)
        for event in events:
            self.dispatch(event)
        self.jobs.poll()
        self.audio.update(dt)
        self.time += dt
        moving = False
        visible = self.scenes.visible()
        for scene in visible:
            with covered(scene is not visible[-1]):
                moving = bool(scene.update(dt)) or moving
        moving = self.notices.update(dt, held=("toast",) if self.dialog_open else ()) or moving
        self.say_frame()
        #: Something on screen moves: the loop keeps drawing frames.
        self.moving = moving
        shown = tuple(map(id, self.scenes.visible()))
        self.still_for = 0.0 if events else self.still_for + dt
        self.moved_for = 0.0 if moving else self.moved_for + dt
        if not (events or moving or shown != self._drawn or self._owed):
            return False
        if not draw:
            self._owed = True
            return False
        self._owed = False
        self.draw()
        self.window.flip()
        self._drawn = shown
        self.frames_drawn += 1
        return True

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
            pointer_used()
        elif event.type == pygame.KEYDOWN:
            keys_pressed()
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type == pygame.QUIT:
            self.running = False  # close() leaves every scene, once
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            # A window dragged to a size is that size already; an event alone (a
            # script's) asks for it, and the window keeps to its smallest size.
            if (event.w, event.h) != self.window.size:
                self.window.size = (event.w, event.h)
            self._resized()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        top = self.scenes.top
        if event.type in PAD_EVENTS:
            for key in self.pads.handle(event, top):
                self.dispatch(key)
            return
        if self.pads.helping and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pads.helping = False  # the keys or the mouse put the controller's help away
            return
        shortcut = (
            event.type == pygame.KEYDOWN
            and not event.mod & pygame.KMOD_CTRL
            and not (top is not None and top.typing)
        )
        if shortcut and event.key == pygame.K_m:
            self.mute(not self.settings.muted)
            return
        if shortcut and event.key == SAY_STATE and self.settings.speech and top is not None:
            self.speak(state_said(top, self.size))
            return
        if top is not None:
            top.handle(event)

    def draw(self) -> None:
        self.screen.fill(theme.BG)
        toasts = [] if self.dialog_open else self.notices.all("toast")
        texts = self.draw_scenes(bool(toasts))
        w = self.size[0]
        y = 12
        for notice in toasts:
            message, left = notice.text, notice.left
            width = min(900, w - 80)
            box = pygame.Rect(
                0, y, min(940, w - 40), text_layout.block_height(message, 22, width) + 14
            )
            box.centerx = w // 2
            box.top = free_top(box, texts, self.size[1])
            texts.append(box)  # the next banner keeps clear of this one
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((*theme.PANEL, round(235 * min(1.0, left * 3))))
            self.screen.blit(panel, box)
            pygame.draw.rect(self.screen, theme.ACCENT, box, 2, border_radius=8)
            text = pygame.Rect(0, box.top + 7, width, box.height - 14)
            text.centerx = box.centerx
            text_layout.block(self.screen, message, text, size=22, align="center")
            y = box.bottom + 8
        if self.pads.helping:
            self.pads.draw_help(self.screen, self.scenes.top)

    def draw_scenes(self, watch: bool) -> list[pygame.Rect]:
        """Draw the scenes, bottom first; with ``watch``, return where their texts
        went (a banner is placed where it covers none of them)."""
        checking = theme.drawn_texts is not None  # the layout check keeps its own list
        if watch and not checking:
            theme.drawn_texts = []
        start = len(theme.drawn_texts) if theme.drawn_texts is not None else 0
        kept = len(theme.drawn_px), len(theme.drawn_lines)
        try:
            visible = self.scenes.visible()
            for scene in visible:
                scene.refit(self.size)
                with covered(scene is not visible[-1]):
                    scene.draw(self.screen)
            found = theme.drawn_texts[start:] if watch and theme.drawn_texts else []
            return [pygame.Rect(r) for _s, _m, r, _b in found]
        finally:
            if watch and not checking:
                theme.drawn_texts = None
                del theme.drawn_px[kept[0] :], theme.drawn_lines[kept[1] :]

    def close(self) -> None:
        """Leave every scene (once each), stop the AI's and the jobs' processes and
        close the window."""
        self.scenes.reset()
        self.worker.close()
        self.jobs.close()
        self.pads.close()
        if self.voice is not None:
            self.voice.close()
            self.voice = None
        if not self.closed:
            self.closed = True
            # Now, not when the collector frees it: after pygame.quit() its handle
            # may name another window by then. A late draw goes to a plain surface.
            size = self.size
            self.window.destroy()
            self.screen = pygame.Surface(size)

    # -- screenshots --------------------------------------------------------------
    def screenshot(self, path: str | os.PathLike[str]) -> None:
        self.draw()
        pygame.image.save(self.screen, os.fspath(path))


def icon(size: int = 64) -> pygame.Surface:
    """The window and app icon: three tiles of a mosaic, drawn, not loaded."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size * 0.27
    spots = [(0.5, 0.27, 0), (0.3, 0.64, 1), (0.7, 0.64, 0)]
    for fx, fy, color in spots:
        cx, cy = fx * size, fy * size
        pygame.draw.polygon(surf, theme.TILE_DARK[color], hex_points(cx, cy, r))
        pygame.draw.polygon(surf, theme.TILE[color], hex_points(cx, cy, r * 0.8))
    return surf


def free_top(box: pygame.Rect, texts: list[pygame.Rect], height: int) -> int:
    """The top for ``box`` (a banner) in a window ``height`` tall at which it
    covers none of ``texts``, the nearest below its own top first (a banner
    belongs near the top), then above; where every place covers some text, the
    one that covers the least of it."""
    start, tall = int(box.top), int(box.height)
    best, least = start, -1
    # The box moves only up and down: the texts beside it never meet it, and those
    # across its width always cover as much of its width.
    across = [
        (t.top, t.bottom, t.clip(box.left, t.top, box.width, t.height).width)
        for t in texts
        if t.right > box.left and t.left < box.right
    ]
    for top in [*range(start, height - tall + 1, 2), *range(start, -1, -2)]:
        bottom = top + tall
        covered = sum(
            w * (min(bottom, b) - max(top, t)) for t, b, w in across if t < bottom and b > top
        )
        if covered == 0:
            return int(top)
        if least < 0 or covered < least:
            best, least = int(top), covered
    return best
