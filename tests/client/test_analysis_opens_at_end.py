"""The analysis of a finished game opens on its final position, from the
result card and from History, as History's look back does (play-test: it
opened on the empty board)."""

import pygame

from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.history_scene import HistoryScene

from .test_history import finish_hot_seat


def test_the_cards_analyse_opens_on_the_final_position(app, drive):
    played = finish_hot_seat(app, drive, side=3, seed=4)
    assert isinstance(app.scenes.top, GameOverScene)
    drive.key(pygame.K_a)
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene)
    assert analysis.ply == played.match.plies == len(analysis.analysis.turns) > 0


def test_historys_analyse_opens_on_the_final_position(app, drive):
    played = finish_hot_seat(app, drive, side=3, seed=4)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    drive.click(history.analyse_button.rect.center)
    analysis = app.scenes.top
    assert isinstance(analysis, AnalysisScene)
    assert analysis.ply == played.match.plies == len(analysis.analysis.turns) > 0
