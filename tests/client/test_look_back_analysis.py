"""A in a look back opened from History opens the game's analysis as History's
own Analyse does (play-test: it started a fresh one, "Solving the ending…",
beside the one kept with the game, and kept nothing it found), at the turn
looked at."""

import datetime as dt

import pygame

from game.client.scenes.analysis_scene import AnalysisScene
from game.client.scenes.history_scene import HistoryScene
from game.client.scenes.review_scene import ReviewScene
from game.files import read_json
from game.play import game_analysis
from game.play.history import archive, entries

from .test_analysis import random_game, run_until_done


def test_a_in_a_look_back_keeps_and_reopens_the_games_analysis(app, drive, monkeypatch):
    monkeypatch.setattr(game_analysis, "SECONDS", 0.2)
    monkeypatch.setattr(game_analysis, "ENDING_SECONDS", 0.2)
    archive(random_game(4), app.data, dt.datetime(2026, 11, 1, 10, 0))
    (game,), _ = entries(app.data)
    assert "analysis" not in read_json(game.path)
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    drive.click(history.open_button.rect.center)
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    drive.key(pygame.K_HOME)  # opened at its end
    for _ in range(3):
        drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_a)
    first = app.scenes.top
    assert isinstance(first, AnalysisScene) and first.ply == review.match.ply == 3
    assert first.job.record_path == game.path and not first.job.loaded
    run_until_done(drive, first)
    labels = [v.label for v in first.analysis.verdicts]
    kept = read_json(game.path)["analysis"]
    assert [k["label"] for k in kept] == labels  # kept with the game's own record
    app.scenes.pop()
    drive.frames(2)
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_a)
    again = app.scenes.top
    assert isinstance(again, AnalysisScene) and again.ply == 2
    assert again.job.loaded and [v.label for v in again.analysis.verdicts] == labels
