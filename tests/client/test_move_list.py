"""The move list: click a move to see the position after it, step with the keys,
and play on from an earlier position only after saying so (issue 14)."""

import json
import random

import pygame
import pytest

from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.match_scene import CURRENT, MatchScene
from game.play.match import Match

from .test_scenes import start_match


def played(app, drive, turns=10, side=4, seed=2):
    scene = start_match(app, drive, side=side)
    rng = random.Random(seed)
    board = scene.match.board
    for _ in range(turns):
        turn = rng.choice(board.legal_turns())
        for cell in turn.cells:
            drive.click_cell(cell)
        drive.frames(2)
    return scene


def test_clicks_and_keys_go_through_the_game(app, drive):
    scene = played(app, drive)
    match = scene.match
    end = match.plies
    line = match.all_moves()
    third = next(r for ply, r in scene.panel.move_rects if ply == 3)
    drive.click(third.center)
    assert match.ply == 3 and match.all_moves() == line  # nothing is lost
    assert match.board.peek() == match.board.parse_turn(line[2])  # its last turn is marked
    drive.key(pygame.K_LEFT)
    assert match.ply == 2
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert match.ply == 4
    drive.key(pygame.K_HOME)
    assert match.ply == 0
    drive.key(pygame.K_END)
    assert match.ply == end and match.all_moves() == line


def test_playing_on_from_an_earlier_position_asks_first(app, drive):
    scene = played(app, drive)
    match = scene.match
    line = match.all_moves()
    drive.key(pygame.K_HOME)
    saved = json.loads((app.data / CURRENT).read_text())
    assert saved["turns"] == line  # looking back never costs the game's end
    drive.click_cell(match.board.legal_placements()[0])
    question = app.scenes.top
    assert isinstance(question, ConfirmScene) and "Play on" in question.question
    drive.key(pygame.K_ESCAPE)  # no: the game stays as it was
    assert match.ply == 0 and match.all_moves() == line
    cell = match.board.legal_placements()[0]
    drive.click_cell(cell)
    drive.key(pygame.K_y)  # yes: the later turns go
    assert match.plies == 1 and match.board.tile_at(cell) is not None


def test_the_ai_waits_while_an_earlier_position_is_looked_at(app, drive):
    match = Match(3, "Club", "Human")
    for turn in ("a1", "c3"):
        match.play(match.board.parse_turn(turn))
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.key(pygame.K_HOME)  # Red (the AI) to move at the start
    assert match.ai_to_move
    drive.settle(1.0)
    assert not scene.control.thinking and match.plies == 2  # it does not play over the game


def test_the_list_scrolls_and_keeps_the_current_move_in_view(tmp_path, drive):
    from game.client.app import App
    from game.client.scripted.tour import Driver

    small = App((640, 480), tmp_path / "small")
    try:
        d = Driver(small)
        scene = played(small, d, turns=30, side=5, seed=4)
        panel = scene.panel
        assert scene.match.plies > panel.rows_shown * 2  # more moves than rows
        d.key(pygame.K_HOME)
        d.key(pygame.K_RIGHT)
        d.frames(1)
        assert any(ply == 1 for ply, _ in panel.move_rects)  # the first move is in view
        d.key(pygame.K_END)
        d.frames(1)
        assert any(ply == scene.match.plies for ply, _ in panel.move_rects)
    finally:
        small.close()


def test_a_forced_pass_stays_said_over_the_board_and_stands_out_in_the_moves(app, drive):
    """A Windows play-test missed a pass: its banner goes by in seconds. The line
    over the board keeps it after the turn that forced it, and the move list
    shows it in gold, unlike the cells."""
    from game.client import theme
    from game.client.scripted.tour import causes_pass, game_until, match_scene

    turns, last = game_until(4, 1, causes_pass)
    scene = match_scene(app, turns, 4)
    drive.frames(2)
    for cell in last.cells:
        drive.click_cell(cell)
    drive.settle(5.0)  # the banner is long gone
    assert scene.notices.get("banner") is None
    passer = scene.match.board.mover.other
    text, _color, _left = scene.status
    assert f"{passer.title} has no move and passes." in text
    assert text.startswith(passer.other.title)  # after what the turn before it did
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
    try:
        app.draw()
        moves = [r for _s, m, r, _b in theme.drawn_texts if m == "pass"]
    finally:
        theme.drawn_texts, theme.drawn_px, theme.drawn_lines = None, [], []
    assert len(moves) == 1
    ink = {
        app.screen.get_at((x, y))[:3]
        for x in range(moves[0].left, moves[0].right)
        for y in range(moves[0].top, moves[0].bottom)
    }
    assert theme.ACCENT[:3] in ink


def with_a_chain(side: int = 5) -> Match:
    """A game of two people whose moves so far hold a chain of two flips or more."""
    rng = random.Random(5)
    while True:
        match = Match(side, "Human", "Human")
        while not match.board.is_game_over() and match.plies < 40:
            turns = match.board.legal_turns()
            chains = [t for t in turns if t.is_flip and len(t.cells) >= 2]
            match.play(rng.choice(chains) if chains and rng.random() < 0.7 else rng.choice(turns))
            if any(m.count("x") >= 2 for m in match.all_moves()) and match.plies >= 14:
                return match


@pytest.mark.parametrize(
    ("size", "text_size", "language"),
    [
        *[(size, text, "en") for size in ((640, 480), (1280, 800)) for text in ("Large", "Normal")],
        ((640, 480), "Large", "de"),
    ],
)
def test_the_move_list_says_what_x_and_a_chain_mean_once_a_flip_is_in_it(
    tmp_path, size, text_size, language
):
    """A play-test: "xa2xb2" in the move list, unexplained. Its legend stands
    under the moves, over the buttons, whole where the moves keep three rows;
    else (German at 640x480 in Large) its first words beside "Moves"."""
    from game import i18n
    from game.client.app import App
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver
    from game.client.side_panel import LIST_LEAST
    from game.i18n import _
    from game.play.notation_note import NOTE, SHORT

    (tmp_path / "data").mkdir()
    settings = {"text_size": text_size, "language": language}
    (tmp_path / "data" / "settings.json").write_text(json.dumps(settings))
    app = App(size, tmp_path / "data")
    try:
        legend, short = _(NOTE), _(SHORT)
        drive = Driver(app)
        placed = Match(5, "Human", "Human")
        for _turn in range(4):
            placed.play(placed.board.legal_turns()[0])
        assert not any(m.startswith("x") for m in placed.all_moves())
        app.scenes.reset(MatchScene(app, placed, current=False))
        drive.frames(2)
        texts = drawn_words(app)
        assert short not in texts and legend not in " ".join(texts)  # nothing to explain
        scene = MatchScene(app, with_a_chain(), current=False)
        app.scenes.reset(scene)
        drive.frames(2)
        texts = drawn_words(app, rects=True)
        lines = [(m, r) for m, r in texts if m in legend and m != short]
        if language == "en":  # whole at every size
            assert " ".join(m for m, _r in lines) == legend
        else:
            assert short in [m for m, _r in texts] or " ".join(m for m, _r in lines) == legend
        buttons = min(b.rect.top for b in scene.panel.controls)
        for _m, r in lines:
            assert scene.panel.rect.contains(r) and r.bottom <= buttons
            assert not any(r.colliderect(move) for _ply, move in scene.panel.move_rects)
        assert scene.panel.rows_shown >= LIST_LEAST  # the moves keep their rows
        assert text_problems(app) == []
    finally:
        app.close()
        i18n.set_language("en")


def drawn_words(app, rects=False):
    from game.client import theme

    theme.drawn_texts = []
    try:
        app.draw()
        texts = [(m, r) for _s, m, r, _b in theme.drawn_texts]
    finally:
        theme.drawn_texts = None
    return texts if rects else [m for m, _r in texts]


def test_stepping_back_in_a_game_going_on_says_it_is_looking_back(app, drive):
    """Play-test: Left during a game showed an earlier position while the panel
    still said "Red to move", with no "Looking back" line."""
    from .test_scenes import start_match

    scene = start_match(app, drive, side=3)
    board = scene.match.board
    for _ in range(2):
        for cell in board.legal_turns()[0].cells:
            drive.click_cell(cell)
        drive.frames(3)
    assert scene.turn_line()[0] == "Red to move"
    drive.key(pygame.K_LEFT)
    assert scene.match.ply == 1
    assert scene.turn_line()[0] == "Looking back: after turn 1 of 2"
    drive.key(pygame.K_RIGHT)
    assert scene.turn_line()[0] == "Red to move"


def test_at_the_start_the_list_shows_the_first_moves_and_says_the_start(tmp_path):
    """Play-test: at Home the list stayed on the last moves, under a line that
    read "Looking back: after turn 0 of 90"."""
    from game.client.app import App
    from game.client.scripted.tour import Driver

    small = App((640, 480), tmp_path / "small")
    try:
        d = Driver(small)
        scene = played(small, d, turns=30, side=5, seed=4)
        panel = scene.panel
        d.frames(1)
        assert not any(ply == 1 for ply, _ in panel.move_rects)  # the last moves in view
        d.key(pygame.K_HOME)
        d.frames(1)
        assert scene.match.ply == 0 and any(ply == 1 for ply, _ in panel.move_rects)
        total = scene.match.plies
        assert scene.turn_line()[0] == f"Looking back: before turn 1 of {total}"
    finally:
        small.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_the_start_line_fits_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    from .looking_back import from_the_start, opened_from_history
    from .screens import large_at_640

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        review = from_the_start(drive, opened_from_history(app, drive))
        drive.frames(2)
        assert review.turn_line()[0].endswith(str(review.match.plies))
        assert text_problems(app) == []
        # As big as the line one turn on (play-test: it shrank to about 11 px).
        start = drawn_px(app, review.turn_line()[0])
        drive.key(pygame.K_RIGHT)
        drive.frames(2)
        later = drawn_px(app, review.turn_line()[0])
        assert start and later and min(start) >= min(later), (start, later)


def drawn_px(app, text: str) -> list[int]:
    """The sizes ``text`` is drawn at on the screen now (a line each)."""
    from game.client.scripted.checks import look

    seen = look(app)
    assert seen is not None
    return [px for said, _rect, _bold, px in seen.texts if said == text]
