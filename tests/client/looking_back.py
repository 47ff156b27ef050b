"""A game kept in History and opened from it, for the tests of looking back."""

import datetime as dt
import random

import pygame

from game.client.scenes.history_scene import HistoryScene
from game.client.scenes.review_scene import ReviewScene
from game.play.history import archive
from game.play.match import Match


def random_game(seed: int = 5) -> Match:
    """A side-3 game of a person and Beginner, played to its end at random."""
    match = Match(3, "Human", "Beginner")
    rng = random.Random(seed)
    while not match.over:
        match.play(rng.choice(match.board.legal_turns()))
    return match


def opened_from_history(app, drive, match: Match | None = None) -> ReviewScene:
    """``match`` (a random game if none), kept in History and opened from it:
    the look back, at its end."""
    archive(match or random_game(), app.data, dt.datetime(2026, 11, 1, 10, 0))
    history = HistoryScene(app)
    app.scenes.reset(history)
    drive.frames(2)
    drive.click(history.open_button.rect.center)
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.match.ply == review.match.plies
    return review


def from_the_start(drive, review: ReviewScene) -> ReviewScene:
    """``review`` stepped back to its first turn (Home), as a player does."""
    drive.key(pygame.K_HOME)
    assert review.match.ply == 0 < review.match.plies
    return review
