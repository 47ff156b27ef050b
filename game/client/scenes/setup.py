"""Match setup: who plays each side, the board size; or load a saved game."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.i18n import N_, _
from game.play import ai_rating
from game.play.history import describe as describe_game
from game.play.in_progress import match_in_progress
from game.play.match import PLAYERS, Match, open_record, player_blurb, player_name

from .. import text_layout, theme
from ..layout import anchor
from ..layout_tree import Column, Node
from ..scene import Services
from ..stepper_choice import StepperChoice
from ..widgets import Action, Button, Segments, Widget, draw_all, title_column
from .confirm import ask_to_replace
from .match_scene import MatchScene
from .menu import MenuScene

SIDES = [str(n) for n in range(3, 9)]


class SavedGameButton(Button):
    """A saved game's button, which knows the file it opens (its label says
    what is in the game)."""

    def __init__(self, path: Path, action: Action) -> None:
        super().__init__(describe_game(path), action, size=20)
        self.path = path


class SetupScene(MenuScene):
    """Who plays each side and the board side, every choice in view, with what
    each level does said below."""

    title = N_("New match")
    button_width = 760
    max_columns = 1  # the choices need the window's width

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.red = self.seat(N_("Red"), "red_player")
        self.blue = self.seat(N_("Blue"), "blue_player")
        self.rating, problem = ai_rating.load(app.data)
        if problem:
            app.toast(problem)
        self.change = ai_rating.last_change(app.data)
        #: What "Match my level" said it picked, in the rating's line until a
        #: player is chosen by hand (a banner would lie over the choices).
        self.picked = ""
        #: The pixel size of the lines (set as laid out): one for all three,
        #: whatever they say.
        self.pixels = theme.px(self.least(1.0))

    def seat(self, side: str, setting: str) -> StepperChoice:
        """Who plays ``side``: a person or an AI level, the level on a stepper
        (with a person chosen it shows the level chosen last, kept in the settings)."""
        chosen = getattr(self.app.settings, setting)
        return StepperChoice(
            side,
            PLAYERS,
            chosen,
            lambda v: self._set(setting, v),
            stepped=self.app.settings.shown_level(setting.removesuffix("_player")),
            ladder=True,
            shown=player_name,
        )

    def build(self) -> list[Widget]:
        s = self.app.settings
        sides = Segments(
            N_("Board side"), SIDES, str(s.board_side), lambda v: self._set("board_side", int(v))
        )
        return [
            self.red,
            self.blue,
            sides,
            Button(N_("Start"), self.start, key=pygame.K_RETURN),
            Button(N_("Match my level"), self.match_level),
            Button(N_("Load a saved game"), lambda: self.app.scenes.push(LoadScene(self.app))),
            Button(N_("Back"), self.back),
        ]

    def _set(self, name: str, value: object) -> None:
        if name.endswith("_player"):
            self.picked = ""
            self.app.settings.choose_player(name.removesuffix("_player"), str(value))
        else:
            setattr(self.app.settings, name, value)
        self.app.save_settings()
        self.resize(self.app.size)  # a player's line may take a line more, or one less

    def match_level(self) -> None:
        """The AI side gets the level nearest the player's rating (game/play decides)."""
        s = self.app.settings
        pick = ai_rating.match_my_level(s.red_player, s.blue_player, self.rating)
        s.choose_player("red", pick.red)
        s.choose_player("blue", pick.blue)
        self.app.save_settings()
        self.red.index, self.blue.index = PLAYERS.index(pick.red), PLAYERS.index(pick.blue)
        self.picked = pick.message
        self.app.speak(pick.message)
        self.resize(self.app.size)

    def start(self) -> None:
        s = self.app.settings
        match = Match(s.board_side, s.red_player, s.blue_player)
        ask_to_replace(self.app, lambda: self.app.scenes.replace(MatchScene(self.app, match)))

    def layout(self, size: tuple[int, int]) -> Node:
        """The title, then what Red's and Blue's players do and the rating's line
        (a paragraph each, a gap between), then the choices, their options in one
        column (:func:`title_column`), where a menu has its buttons."""
        w, h = size
        head = self.header(h)
        k = head / 190
        top = round(104 * k)
        width = w - 60
        # The lines are one size whatever they say, each kept the room the
        # longest it can say needs (any player on its side; the rating's line or
        # any pick's), so stepping through the levels moves no control and
        # changes no size. They grow into the header's room, up to the size of
        # the buttons' labels; where even the least size needs more (wrapped, in
        # Large text at 640x480), the room comes from the buttons'.
        least = theme.px(self.least(k))
        budget = max(head - top, self.need(least, width))
        room = h - head - 30 - (budget - (head - top))
        title = theme.font(round(56 * k), True).get_height()
        title_column([c for c in self.controls if isinstance(c, Segments)])
        buttons = self.button_grid(w, room)
        labels = max((c.size for c in self.controls if isinstance(c, Button)), default=0)
        most = max(least, theme.px(labels))
        self.pixels = text_layout.largest(most, least, lambda p: self.need(p, width) <= budget)
        heights = self.heights(self.pixels, width)
        gap = line_gap(self.pixels)
        tall = buttons.height if isinstance(buttons.height, int | float) else 0.0
        # The menu's margin under them, less the gap over the Red row: taken from
        # the buttons' room, it made Large's smaller than Normal's.
        under = max(8, (room - tall) / 2 + 30 - gap)
        return Column(
            justify="start",
            children=[
                Column(
                    dock="top",
                    height=top,
                    justify="start",
                    children=[
                        Node(height=round(40 * k)),
                        # Whole, over the lines' room if need be (they are centred).
                        Node("title", width=w - 40, height=title, min_height=title),
                    ],
                ),
                Column(
                    key="blurbs",
                    width=width,
                    children=[
                        # The last one too, over the Red row: a wrapped pick sat
                        # right on it (play-test at 640x480).
                        Node(key, height=heights[key], margin=(0, 0, gap, 0))
                        for key in ("red", "blue", "rating")
                    ],
                ),
                buttons,
                Node(height=under),
            ],
        )

    def heights(self, pixels: int, width: int) -> dict[str, int]:
        """Each line's room at ``pixels``: what the longest it can say needs."""
        least = self.least(1.0)
        return {
            key: max(text_layout.block_height(line, least, width, pixels=pixels) for line in said)
            for key, said in self.every_line().items()
        }

    def need(self, pixels: int, width: int) -> int:
        """The lines' room at ``pixels``: each one's, and the gaps between them."""
        heights = self.heights(pixels, width)
        return sum(heights.values()) + (len(heights) - 1) * line_gap(pixels)

    @staticmethod
    def least(k: float) -> int:
        """The lines' least text size in a window whose header is ``k`` of its
        tallest: no smaller than a match's small text (play-test at 640x480:
        drawn at 19 pixels beside the match's 20, they read as too small)."""
        return max(16, round(20 * k))

    def lines(self) -> dict[str, str]:
        """What Red's and Blue's players do, and the player's rating, by box."""
        s = self.app.settings
        return {
            "red": seat_line(N_("Red"), s.red_player),
            "blue": seat_line(N_("Blue"), s.blue_player),
            "rating": self.picked or ai_rating.rating_line(self.rating, self.change),
        }

    def every_line(self) -> dict[str, list[str]]:
        """Every line each box of :meth:`lines` can show on this screen."""
        return {
            "red": [seat_line(N_("Red"), who) for who in PLAYERS],
            "blue": [seat_line(N_("Blue"), who) for who in PLAYERS],
            "rating": [
                ai_rating.rating_line(self.rating, self.change),
                *ai_rating.every_pick(self.rating),
            ],
        }

    def draw(self, surface: pygame.Surface) -> None:
        k = self.draw_title(surface, size=56, floor=None)
        least = self.least(k)
        # Each at the one size the layout chose, in the middle of its room.
        for key, line in self.lines().items():
            box = self.boxes[key]
            tall = text_layout.block_height(line, least, box.width, pixels=self.pixels)
            text_layout.block(
                surface,
                line,
                anchor(box, (box.width, tall)),
                size=least,
                pixels=self.pixels,
                color=theme.MUTED,
                align="center",
            )
        draw_all(self.controls, surface)


def line_gap(pixels: int) -> int:
    """The gap between two of New match's lines at ``pixels``: a paragraph's each,
    read apart (run together, a wrapped one crowded the next)."""
    return round(pixels / 3)


def seat_line(side: str, who: str) -> str:
    """What ``who`` does playing ``side`` (marked by the caller)."""
    return _("{side}, {player}: {what}").format(
        side=_(side), player=ai_rating.rated_name(who), what=player_blurb(who)
    )


class LoadScene(MenuScene):
    title = N_("Saved games")
    # A row says when, who, how long and how it stands: the window's width, not a
    # menu button's, or its text shrinks to a squint.
    button_width = 900
    max_columns = 1
    #: Saved games to a page: every one is reached, a page at a time.
    PAGE = 8

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.page = 0
        self.page_line = ""

    @property
    def subtitle(self) -> str:
        return self.page_line

    def build(self) -> list[Widget]:
        folder = self.app.data / "games"
        files = sorted(folder.glob("*.json"), reverse=True) if folder.exists() else []
        pages = max(1, -(-len(files) // self.PAGE))
        self.page = min(self.page, pages - 1)
        first = self.page * self.PAGE
        shown = files[first : first + self.PAGE]
        if not files:
            self.page_line = _("No saved games yet: use Save game during a match.")
        elif pages == 1:
            self.page_line = _("Newest first.")
        else:
            self.page_line = _("Newest first: {first} to {last} of {total}.").format(
                first=first + 1, last=first + len(shown), total=len(files)
            )
        buttons: list[Widget] = [SavedGameButton(f, partial(self.load, f)) for f in shown]
        if pages > 1:
            newer = Button(N_("Newer games"), partial(self.turn, -1), enabled=self.page > 0)
            older = Button(N_("Older games"), partial(self.turn, 1), enabled=self.page < pages - 1)
            buttons += [newer, older]
        return [*buttons, Button(N_("Back"), self.back)]

    def turn(self, by: int) -> None:
        """Another page of saved games."""
        self.page += by
        self.enter()

    def load(self, path: Path) -> None:
        match, message = open_record(path, _("saved game {name}").format(name=path.name))
        if message:
            self.app.toast(message)
        if match is None:
            self.enter()
            return
        self.app.scenes.pop()
        # A saved game is its own document: it is not the match in progress unless
        # the player plays on in it (MatchScene.claim asks first).
        scene = MatchScene(self.app, match, current=False)
        self.app.scenes.replace(scene)
        if match_in_progress(self.app.data):
            scene.say(
                _("A saved game to look through: your match in progress is kept."), seconds=6.0
            )
