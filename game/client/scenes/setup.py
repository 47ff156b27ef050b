"""Match setup: who plays each side, the board size; or load a saved game."""

from __future__ import annotations

import pygame

from ..in_progress import match_in_progress
from ..match import PLAYERS, Match, open_record
from ..widgets import Button, Choice
from .confirm import ask_to_replace
from .match_scene import MatchScene
from .menu import MenuScene

SIDES = [str(n) for n in range(3, 9)]


class SetupScene(MenuScene):
    title = "New match"
    subtitle = "Right-click a choice to go back through it."

    def build(self) -> list:
        s = self.app.settings
        return [
            Choice("Red", PLAYERS, s.red_player, lambda v: self._set("red_player", v)),
            Choice("Blue", PLAYERS, s.blue_player, lambda v: self._set("blue_player", v)),
            Choice(
                "Board side", SIDES, str(s.board_side), lambda v: self._set("board_side", int(v))
            ),
            Button("Start", self.start, key=pygame.K_RETURN),
            Button("Load a saved game", lambda: self.app.scenes.push(LoadScene(self.app))),
            Button("Back", self.back),
        ]

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()

    def start(self) -> None:
        s = self.app.settings
        match = Match(s.board_side, s.red_player, s.blue_player)
        ask_to_replace(self.app, lambda: self.app.scenes.replace(MatchScene(self.app, match)))


class LoadScene(MenuScene):
    title = "Saved games"
    subtitle = "The ten most recent, newest first."

    def build(self) -> list:
        folder = self.app.data / "games"
        files = sorted(folder.glob("*.json"), reverse=True)[:10] if folder.exists() else []
        if not files:
            self.subtitle = "No saved games yet: use Save game during a match."
        buttons = [Button(f.stem, lambda f=f: self.load(f), size=24) for f in files]
        return [*buttons, Button("Back", self.back)]

    def load(self, path) -> None:
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
