"""Tab, Shift+Tab and the four arrows move the keyboard focus over every control
of the result card and of History, as on the title and New match screens
(issue 54's play-test: Tab showed nothing on either, Up nothing on the card)."""

from __future__ import annotations

import random

import pygame

from game.client.scenes.game_over import GameOverScene, Over
from game.client.scenes.title import TitleScene
from game.play.match import Match


def card(app, area: pygame.Rect | None = None) -> GameOverScene:
    """The result card of a side-3 game of random turns, over ``area`` (the whole
    window unless told)."""
    match = Match(3, "Human", "Human")
    rng = random.Random(2)
    while not match.board.is_game_over():
        match.play(rng.choice(match.board.legal_turns()))
    over = Over(
        match,
        area=lambda: area or pygame.Rect(0, 0, *app.size),
        see_board=lambda: None,
        analyse=lambda: None,
        leave=lambda: None,
        rematch=lambda: None,
        save=lambda: (True, "Saved."),
    )
    return GameOverScene(app, over)


def focused(scene) -> list[str]:
    return [c.label for c in scene.controls if c.focused]


def test_tab_and_every_arrow_move_the_focus_over_the_result_card(app, drive):
    app.scenes.reset(TitleScene(app))
    scene = card(app)
    app.scenes.push(scene)
    drive.frames(2)
    labels = [c.label for c in scene.controls]
    assert labels == ["Rematch", "See board", "Analyse", "Save game", "Title screen"]
    # Three over two at 1280x800: the rows the arrows walk.
    assert scene.controls[0].rect.centery < scene.controls[3].rect.centery
    seen = []
    for _step in labels:
        drive.key(pygame.K_TAB)
        seen.append(focused(scene))
    assert seen == [[label] for label in labels]
    drive.key(pygame.K_TAB)
    assert focused(scene) == ["Rematch"]  # round again
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(scene) == ["Title screen"]
    drive.key(pygame.K_UP)  # to the row above, the nearest button
    assert focused(scene) == ["See board"]
    drive.key(pygame.K_UP)  # round to the bottom row
    assert focused(scene) == ["Title screen"]
    drive.key(pygame.K_DOWN)
    assert focused(scene) == ["See board"]
    drive.key(pygame.K_RIGHT)
    assert focused(scene) == ["Analyse"]
    drive.key(pygame.K_DOWN)
    assert focused(scene) == ["Title screen"]
    drive.key(pygame.K_LEFT)
    assert focused(scene) == ["Save game"]
    drive.key(pygame.K_UP)
    assert focused(scene) == ["Rematch"]


def history_focus(scene) -> list[str]:
    return [getattr(c, "label", None) or c.title for c in scene.controls if c.focused]


def test_tab_and_every_arrow_move_the_focus_over_history(app, drive):
    from game.client.scenes.history_scene import HistoryScene

    from .test_history import archive_resigned

    archive_resigned(app, ["Beginner", "Club"])
    app.scenes.reset(TitleScene(app))
    history = HistoryScene(app)
    app.scenes.push(history)
    drive.frames(2)
    assert history_focus(history) == [] and history.selected == 0
    # Tab, as read from the list (its chosen game lit): every button, the filter,
    # the list again.
    seen = []
    for _step in range(7):
        drive.key(pygame.K_TAB)
        seen.append(history_focus(history))
    assert seen == [["Open"], ["Analyse"], ["Delete"], ["Export all"], ["Back"], ["Against"], []]
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert history_focus(history) == ["Back"]
    drive.key(pygame.K_LEFT)
    assert history_focus(history) == ["Export all"]
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert history_focus(history) == ["Open"]  # round the buttons
    # Up from the buttons: the list, whose arrows choose a game; past its top, the filter.
    drive.key(pygame.K_UP)
    assert history_focus(history) == [] and history.selected == 0
    drive.key(pygame.K_DOWN)
    assert history_focus(history) == [] and history.selected == 1
    drive.key(pygame.K_UP)
    drive.key(pygame.K_UP)
    assert history_focus(history) == ["Against"] and history.selected == 0
    drive.key(pygame.K_RIGHT)  # on the filter, the next opponent
    assert history.filter != "All"
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert history_focus(history) == ["Open"]  # the list has one game now
    # Enter presses the focused button: Back leaves History.
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert history_focus(history) == []
    for _step in range(5):
        drive.key(pygame.K_TAB)
    assert history_focus(history) == ["Back"]
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene)
