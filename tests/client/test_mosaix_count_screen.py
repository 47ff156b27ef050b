"""The Mosaix count on screen over a solo game and over a match: the lines come
from the flow of the game under it, and Play again starts the same kind."""

import pygame

from game.client import theme
from game.client.scenes.mosaix_menu import MosaixMenuScene
from game.client.scenes.mosaix_play import MosaixMatchScene, MosaixResultScene, MosaixSoloScene
from game.client.sheet_view import SYMBOL_COLOR


def count_over(app, drive, play):
    app.scenes.reset(MosaixMenuScene(app))
    app.scenes.push(play)
    drive.frames(2)
    result = MosaixResultScene(app, play, best=True)
    app.scenes.push(result)
    drive.frames(2)
    return result


def test_a_match_counts_its_players_and_plays_again_with_the_same_seats(app, drive):
    play = MosaixMatchScene(app, ["Human", "AI", "AI"], seed=5)
    result = count_over(app, drive, play)
    lines = result.lines()
    assert lines[0][1:] == (30, theme.GOOD) and lines[0][0].endswith(("win", "wins"))
    assert [text.split(":")[0] for text, _, _ in lines[1:]] == [
        "Player 1",
        "Player 2 (AI)",
        "Player 3 (AI)",
    ]
    drive.key(pygame.K_RETURN)  # Play again
    again = app.scenes.top
    assert isinstance(again, MosaixMatchScene) and again is not play
    assert again.kinds == ["Human", "AI", "AI"]


def test_a_solo_count_colours_each_symbol_and_plays_again_solo(app, drive):
    play = MosaixSoloScene(app, seed=7)
    result = count_over(app, drive, play)
    lines = result.lines()
    assert lines[0] == ("The count", 34, theme.TEXT)
    assert lines[-1] == ("A new best score", 20, theme.ACCENT)
    areas = [color for _, size, color in lines[1:-4]]
    assert areas == [SYMBOL_COLOR[s] for s in play.game.sheet.breakdown()]
    drive.key(pygame.K_RETURN)
    again = app.scenes.top
    assert isinstance(again, MosaixSoloScene) and again is not play and again.day is None
