"""The title screen: the game's name and credit over a board that keeps turning."""

from __future__ import annotations

import random

import pygame

from game import __version__
from game.i18n import N_, _, ngettext
from game.play.in_progress import CURRENT, match_in_progress
from game.play.match import open_record
from game.play.online_identity import load as load_identity
from game.play.postal_watch import PostalWatch
from game.play.tutorial_progress import new_here
from game.play.tutorial_progress import save as save_tutorial
from game.rules import Board, Color, Position

from .. import text_layout, theme
from ..board_view import BoardView
from ..layout import anchor, whole
from ..layout_tree import Column, Node, Stack
from ..scene import Services
from ..widgets import Button, Widget, draw_all
from .analysis_board import AnalysisBoardScene
from .confirm import ConfirmScene
from .history_scene import HistoryScene
from .match_scene import MatchScene
from .menu import MenuScene
from .mosaix_menu import MosaixMenuScene
from .puzzle_browser import PuzzleBrowserScene
from .settings_scene import SettingsScene
from .setup import SetupScene
from .tutorial import TutorialMenuScene, tutorial_progress

#: Seconds between two changes of the title's backdrop.
CHANGE_EVERY = 8.0
#: The size of the first start's note over the buttons.
NOTE_SIZE = 18
#: What the title screen says to a player on their first start, over the buttons.
FIRST_NOTE = N_("New to Mosaic? Learn to play teaches it in ten short lessons.")
#: The credit's margin from the window's foot, and its least gap to the buttons.
FOOT_MARGIN = 16
FOOT_GAP = 8
#: Seconds before the title asks a server again whose turn it is, after an answer.
ASK_AGAIN = 60.0


class Backdrop:
    """A dimmed side-7 board whose tiles land and turn over at random."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.view = BoardView(7)
        self.view.coordinates = False  # a backdrop, not a board to play on
        n = self.view.geo.cells
        cells = list(range(n))
        self.rng.shuffle(cells)
        self.red = set(cells[: n // 3])
        self.blue = set(cells[n // 3 : 2 * n // 3])
        self.board = Board(Position.from_cells(7, self.red, self.blue, Color.RED))
        self.timer = 0.0
        self.laid = (0, 0)  # the window size the board was laid out for
        self.since_drawn = 0.0
        self.shade: pygame.Surface | None = None  # the dimming over the board, kept
        #: The dimmed board as last drawn: the title's other changes (a button
        #: lit, a note fading) cost one blit of it, not 127 cells and a shade.
        self.picture: pygame.Surface | None = None

    def layout(self, window: pygame.Rect) -> None:
        """The board a quarter larger than the window, its middle in the middle."""
        self.view.layout(whole(anchor(window, (window.w * 1.25, window.h * 1.25))))
        self.laid = window.size
        self.picture = None

    def update(self, dt: float) -> bool:
        """Now and then a tile lands or turns over. True when the backdrop should
        be drawn again: while a tile moves, 15 times a second (it is dimmed, in
        the background: a quarter of the frames of the board in play are plenty)."""
        moved = self.view.busy
        self.view.update(dt)
        self.timer -= dt
        self.since_drawn += dt
        if self.timer > 0:
            if moved and not self.view.busy:
                # The tile has landed: drawn once more where it lies, or the picture
                # kept its last frame on the way (a tile half popped or turned)
                # until the next change, seconds later.
                self.picture = None
                self.since_drawn = 0.0
                return True
            if self.view.busy and self.since_drawn >= 1 / 15 - 1e-3:
                self.since_drawn = 0.0
                return True
            return False
        # Calm on purpose: a title left open should cost next to nothing.
        self.timer = CHANGE_EVERY
        cell = self.rng.randrange(self.view.geo.cells)
        tile = self.board.tile_at(cell)
        red, blue = self.red, self.blue
        if tile is None:
            (red if self.rng.random() < 0.5 else blue).add(cell)
            self.view.pop(cell)
        else:
            (red if tile == Color.RED else blue).discard(cell)
            if self.rng.random() < 0.8:
                (blue if tile == Color.RED else red).add(cell)
                self.view.flip(cell, tile)
        self.board = Board(Position.from_cells(7, red, blue, Color.RED))
        self.picture = None
        return True

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self.laid:
            self.layout(surface.get_rect())
        if self.view.busy or self.picture is None or self.picture.get_size() != size:
            picture = pygame.Surface(size, 0, surface)  # the screen's own format: quick to blit
            picture.fill(theme.BG)
            self.view.draw(picture, self.board)
            if self.shade is None or self.shade.get_size() != size:
                self.shade = pygame.Surface(size, pygame.SRCALPHA)
                self.shade.fill((*theme.BG, 200))
            picture.blit(self.shade, (0, 0))
            self.picture = picture
        surface.blit(self.picture, (0, 0))


class TitleScene(MenuScene):
    title = "MOSAIC"  # the game's name: not translated
    # Room for "Learn to play" and its "new here?" tag side by side in Large.
    button_width = 420
    #: Speech tells how to hear the score and move between the buttons here.
    tells_keys = True

    @property
    def subtitle(self) -> str:
        """The designer's line under the name, as drawn (and said by Speech)."""
        return _("by {designer}").format(designer="Mark Steere")

    def __init__(self, app: Services) -> None:
        #: What the credit keeps under the buttons (set by :meth:`layout`).
        self.foot_room = 0
        super().__init__(app)
        self.backdrop = Backdrop()
        self.t = 0.0
        #: Asks the server of the player's correspondence games whose turn it is.
        self.watch: PostalWatch | None = None
        self.asked = -ASK_AGAIN  # when, on self.t's scale
        #: The first start's pointer to the tutorial, a line of the title's own
        #: (over the buttons, with Learn to play lit): empty once it was shown.
        self.note = ""
        #: Learn to play is tagged "new here?" until a lesson is opened or a
        #: match finished (:func:`~game.play.tutorial_progress.new_here`).
        self.new_here = False
        self.note_room = 0  # the note's height over the buttons, set as laid out
        #: The note's text size, larger in a large window (set as laid out).
        self.note_size = NOTE_SIZE

    def start_watch(self) -> None:
        """Where the player has correspondence games, ask (in the background) in
        how many it is their turn; the Play online button then says so."""
        if self.watch is not None and not self.watch.done:
            return
        if self.t - self.asked < ASK_AGAIN and self.watch is not None:
            return
        identity, _ = load_identity(self.app.data)  # a bad file is the lobby's to report
        watch = PostalWatch.open(identity, self.app.data)
        if watch is not None:
            self.watch, self.asked = watch, self.t

    def stop_watch(self) -> None:
        if self.watch is not None:
            self.watch.close()

    def online_label(self) -> str:
        yours = self.watch.yours if self.watch is not None else 0
        if yours:
            return ngettext(
                "Play online: your turn in {n} game", "Play online: your turn in {n} games", yours
            ).format(n=yours)
        return N_("Play online")

    def build(self) -> list[Widget]:
        # Continue always has its place, greyed while there is nothing to
        # continue: the buttons under it stay put when a match starts.
        buttons: list[Widget] = [
            Button(N_("Continue"), self.continue_match, key=pygame.K_c, enabled=self.has_match())
        ]
        buttons += [
            Button(N_("Play"), lambda: self.app.scenes.push(SetupScene(self.app)), key=pygame.K_p),
            Button(self.online_label(), self.play_online),
            Button(N_("Puzzles"), lambda: self.app.scenes.push(PuzzleBrowserScene(self.app))),
            Button(N_("Mosaix dice game"), lambda: self.app.scenes.push(MosaixMenuScene(self.app))),
            self.learn_button(),
            Button(N_("History"), lambda: self.app.scenes.push(HistoryScene(self.app))),
            Button(
                N_("Analysis board"), lambda: self.app.scenes.push(AnalysisBoardScene(self.app))
            ),
            Button(N_("Settings"), lambda: self.app.scenes.push(SettingsScene(self.app))),
            Button(N_("Quit"), self.ask_to_quit, key=pygame.K_q),
        ]
        return buttons

    def learn_button(self) -> Button:
        learn = Button(N_("Learn to play"), self.learn, key=pygame.K_l)
        # The note's button, tagged: a gold label beside the focus on Play read
        # as two buttons selected.
        learn.badge = N_("new here?") if self.new_here else ""
        return learn

    def back(self) -> None:
        self.ask_to_quit()

    def play_online(self) -> None:
        # websockets, asyncio and the server's modules cost a tenth of a second at
        # start-up; they load on the first visit instead.
        from .online_lobby import OnlineScene  # noqa: PLC0415

        yours = self.watch is not None and self.watch.yours > 0
        self.stop_watch()  # the lobby has a line of its own
        self.watch = None  # and what it did is asked anew on the way back
        self.app.scenes.push(OnlineScene(self.app, to_postal=yours))

    def learn(self) -> None:
        self.note = ""  # found: its room stays, the buttons where they were
        self.app.scenes.push(TutorialMenuScene(self.app))

    def offer_tutorial(self) -> None:
        """On a first start, point a new player at the tutorial, once; tag Learn
        to play for as long as the player is new here."""
        progress = tutorial_progress(self.app)
        self.new_here = new_here(progress, self.app.data)
        if progress.offered or progress.done:
            return
        progress.offered = True
        try:
            save_tutorial(progress, self.app.data)
        except OSError:
            return  # without a place to remember it, better not to offer every time
        self.note = FIRST_NOTE

    def enter(self) -> None:
        self.offer_tutorial()
        super().enter()
        self.start_watch()

    def leave(self) -> None:
        self.stop_watch()

    def ask_to_quit(self) -> None:
        kept = N_("Your match in progress is kept for next time.") if self.has_match() else ""
        self.app.scenes.push(
            ConfirmScene(self.app, N_("Quit Mosaic?"), kept, N_("Quit"), self.app.quit)
        )

    def has_match(self) -> bool:
        return match_in_progress(self.app.data)

    def continue_match(self) -> None:
        match, message = open_record(self.app.data / CURRENT, N_("match in progress"))
        if message:
            self.app.toast(message)
        if match is None:
            self.enter()  # Continue goes away with the file
            return
        self.app.scenes.push(MatchScene(self.app, match))

    def layout(self, size: tuple[int, int]) -> Node:
        """The menu's, with the first start's note under the header, over the
        buttons, as tall as it is wrapped to the window (in Large, so both sizes
        place the buttons alike), and the credit at the foot."""
        w, h = size
        # The note's room is kept when it is gone (found, or after the first
        # start): the buttons moved up ~25 pixels between visits otherwise.
        self.note_size = round(NOTE_SIZE * theme.window_scale(size))
        pixels = round(theme.normal_px(self.note_size) * max(theme.TEXT_SCALES.values()))
        tall = text_layout.block_height(_(FIRST_NOTE), self.note_size, w - 60, pixels=pixels)
        self.note_room = min(tall, h // 8) + 6
        # The credit clear of the window's foot and of the buttons over it: at
        # 640x480 Large it sat 12 pixels off the edge, against the last row.
        credit = theme.font(18).get_height()
        self.foot_room = max(0, credit + FOOT_MARGIN + FOOT_GAP - 30)
        foot = Column(
            justify="end",
            children=[
                Node("foot", width=w - 40, height=credit),
                Node(height=FOOT_MARGIN),
            ],
        )
        return Stack(children=[super().layout(size), foot])

    def heading(self, w: int, k: float) -> list[Node]:
        """The game's name, large, and its designer's under it."""
        # Kept whole where the header is short: the buttons' room gives way instead.
        name = theme.font(round(110 * k), True).get_height()
        by = theme.font(30 * k).get_height()
        return [
            Column(
                justify="start",
                children=[
                    Node(height=round(30 * k), min_height=round(30 * k)),
                    Node("name", width=w - 40, height=name, min_height=name),
                    Node("by", width=w - 40, height=by, min_height=by),
                ],
                gap=-round(8 * k),
            )
        ]

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        self.t += dt
        if self.watch is not None and self.watch.poll():
            label = self.online_label()
            button = next(
                c for c in self.controls if isinstance(c, Button) and c.action == self.play_online
            )
            if button.label != label:
                button.label = label
                moving = True
        return self.backdrop.update(dt) or moving

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)
        k = self.header(surface.get_height()) / 190  # the title shrinks with a short window
        text_layout.label(
            surface,
            self.title,
            self.boxes["name"],
            size=round(110 * k),
            color=theme.ACCENT,
            align="center",
            bold=True,
        )
        text_layout.label(
            surface,
            self.subtitle,
            self.boxes["by"],
            size=max(18, round(30 * k)),
            align="center",
        )
        if self.note:
            text_layout.block(
                surface,
                _(self.note),
                self.boxes["note"],
                size=self.note_size,
                color=theme.ACCENT,
                align="center",
            )
        draw_all(self.controls, surface)
        text_layout.label(
            surface,
            _("Mosaic by Mark Steere. Digital edition {version}.").format(version=__version__),
            self.boxes["foot"],
            size=18,
            color=theme.MUTED,
            align="center",
        )
