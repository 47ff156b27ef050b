"""Match setup: who plays each side, the board size; or load a saved game."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.ai.levels import LEVELS
from game.play.history import describe as describe_game
from game.play.in_progress import match_in_progress
from game.play.match import HUMAN, PLAYERS, Match, open_record

from .. import theme
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

    title = "New match"
    button_width = 760

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        s = app.settings
        self.red = Segments("Red", PLAYERS, s.red_player, lambda v: self._set("red_player", v))
        self.blue = Segments("Blue", PLAYERS, s.blue_player, lambda v: self._set("blue_player", v))

    def build(self) -> list[Widget]:
        s = self.app.settings
        sides = Segments(
            "Board side", SIDES, str(s.board_side), lambda v: self._set("board_side", int(v))
        )
        return [
            self.red,
            self.blue,
            sides,
            Button("Start", self.start, key=pygame.K_RETURN),
            Button("Load a saved game", lambda: self.app.scenes.push(LoadScene(self.app))),
            Button("Back", self.back),
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
        theme.text(
            surface,
            self.title,
            (w // 2, round(40 * k)),
            size=round(56 * k),
            anchor="midtop",
            bold=True,
        )
        size = max(15, round(20 * k))
        y = round(104 * k)
        for side, who in (
            ("Red", self.app.settings.red_player),
            ("Blue", self.app.settings.blue_player),
        ):
            for line in theme.wrap(f"{side}, {who}: {describe(who)}", size, w - 60)[:1]:
                theme.text(
                    surface, line, (w // 2, y), size=size, color=theme.MUTED, anchor="midtop"
                )
            y += size + 8
        draw_all(self.controls, surface)


def describe(player: str) -> str:
    """One line on what a player is."""
    if player == HUMAN:
        return "a person at this screen."
    return LEVELS[player.lower()].blurb


class LoadScene(MenuScene):
    title = "Saved games"
    # A row says when, who, how long and how it stands: the window's width, not a
    # menu button's, or its text shrinks to a squint.
    button_width = 900
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
            self.page_line = "No saved games yet: use Save game during a match."
        elif pages == 1:
            self.page_line = "Newest first."
        else:
            self.page_line = f"Newest first: {first + 1} to {first + len(shown)} of {len(files)}."
        buttons: list[Widget] = [SavedGameButton(f, partial(self.load, f)) for f in shown]
        if pages > 1:
            newer = Button("Newer games", partial(self.turn, -1), enabled=self.page > 0)
            older = Button("Older games", partial(self.turn, 1), enabled=self.page < pages - 1)
            buttons += [newer, older]
        return [*buttons, Button("Back", self.back)]

    def turn(self, by: int) -> None:
        """Another page of saved games."""
        self.page += by
        self.enter()

    def load(self, path: Path) -> None:
        match, message = open_record(path, f"saved game {path.name}")
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
            scene.say("A saved game to look through: your match in progress is kept.", seconds=6.0)
