"""A game played up to its last turn, and that turn played by clicks to the
result card: what the card's tests share."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.client.app import App
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.match_scene import MatchScene
from game.client.scripted.tour import Driver
from game.play.match import HUMAN, Match
from game.rules import PASS, Board


def but_the_last_turn(
    side: int, wanted: Callable[[Board], bool], *, blue: str = HUMAN, seeds: int = 2000
) -> tuple[Match, tuple[int, ...]]:
    """The first game of random turns on ``side`` whose finished board is
    ``wanted`` and whose last turn places or flips, played up to that turn
    (Red a person, Blue ``blue``); that turn's cells."""
    for seed in range(seeds):
        rng = random.Random(seed)
        board = Match(side, HUMAN, HUMAN).board
        while not board.is_game_over():
            board.push(rng.choice(board.legal_turns()))
        *before, last = board.turn_stack
        if last is not PASS and wanted(board):
            played = Match(side, HUMAN, blue)
            for turn in before:
                played.board.push(turn)
            return played, last.cells
    raise AssertionError("no game found")


def to_the_card(
    app: App, drive: Driver, match: Match, last: tuple[int, ...]
) -> tuple[MatchScene, GameOverScene]:
    """``match`` on the screen, its last turn clicked: the scene and its card."""
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.frames(2)
    for cell in last:
        drive.click_cell(cell)
    drive.settle(1.5)
    card = app.scenes.top
    assert isinstance(card, GameOverScene)
    return scene, card
