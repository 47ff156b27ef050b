"""Match setup: who plays each side, the board size; or load a saved game."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.i18n import N_, _
from game.play.history import describe as describe_game
from game.play.in_progress import match_in_progress
from game.play.match import PLAYERS, Match, open_record, player_blurb, player_name

from .. import text_layout, theme
from ..layout import column
from ..scene import Services
from ..widgets import Action, Button, Segments, Widget, draw_all
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

    def seat(self, side: str, setting: str) -> Segments:
        """Who plays ``side``: a person or an AI level, each level by its name."""
        chosen = getattr(self.app.settings, setting)
        return Segments(side, PLAYERS, chosen, lambda v: self._set(setting, v), shown=player_name)

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
            Button(N_("Load a saved game"), lambda: self.app.scenes.push(LoadScene(self.app))),
            Button(N_("Back"), self.back),
        ]

    def _set(self, name: str, value: object) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()

    def start(self) -> None:
        s = self.app.settings
        match = Match(s.board_side, s.red_player, s.blue_player)
        ask_to_replace(self.app, lambda: self.app.scenes.replace(MatchScene(self.app, match)))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        k = self.header(h) / 190
        size = round(56 * k)
        head = pygame.Rect(20, round(40 * k), w - 40, theme.font(size, True).get_height())
        text_layout.label(surface, _(self.title), head, size=size, align="center", bold=True)
        size = max(15, round(20 * k))
        # The two lines end above the first control, however large the text.
        lines = pygame.FRect(30, round(104 * k), w - 60, self.controls[0].rect.top - round(104 * k))
        for row_box, (side, who) in zip(
            column(lines, 2, height=lines.height / 2, gap=0),
            (
                (N_("Red"), self.app.settings.red_player),
                (N_("Blue"), self.app.settings.blue_player),
            ),
            strict=True,
        ):
            line = _("{side}, {player}: {what}").format(
                side=_(side), player=player_name(who), what=player_blurb(who)
            )
            text_layout.label(
                surface,
                line,
                row_box,
                size=size,
                color=theme.MUTED,
                align="center",
                pointer=self.app.pointer,
            )
        draw_all(self.controls, surface)


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
