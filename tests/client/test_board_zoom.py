"""Zoom and pan on the board (issue 44, section 3): a side-8 board at 640x480
has cells about 12 pixels across; the wheel, + and -, a drag and the board
cursor bring a part of it closer and keep it in view."""

from __future__ import annotations

import pygame

from game.client.app import App
from game.client.scenes.match_scene import MatchScene
from game.client.scripted.driver import Driver
from game.play.match import Match


def side_eight(tmp_path) -> tuple[App, Driver, MatchScene]:
    pygame.init()
    app = App((640, 480), tmp_path / "data")
    scene = MatchScene(app, Match(8, "Human", "Human"))
    app.scenes.reset(scene)
    drive = Driver(app)
    drive.frames(2)
    return app, drive, scene


def drag(drive: Driver, start: tuple[int, int], by: tuple[int, int]) -> None:
    end = (start[0] + by[0], start[1] + by[1])
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=2))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=by, buttons=(0, 1, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=2))
    drive.frames()


def test_the_wheel_brings_the_cell_under_the_pointer_closer_and_a_click_plays_it(tmp_path):
    app, drive, scene = side_eight(tmp_path)
    try:
        view = scene.view
        small = view.radius
        assert small < 14  # the defect: a side-8 board's cells at 640x480
        cell = 40
        at = view.centre(cell)
        drive.wheel(at, 4)
        assert view.radius > 2 * small
        assert view.cell_at(at) == cell  # what was under the pointer still is
        drive.click(at)
        assert scene.match.board.tile_at(cell) is not None
        drive.key(pygame.K_MINUS)
        drive.wheel(at, -20)
        assert view.radius == small and view.zoom.whole
    finally:
        app.close()


def test_a_drag_moves_the_board_and_the_cursor_keeps_itself_in_view(tmp_path):
    app, drive, scene = side_eight(tmp_path)
    try:
        view = scene.view
        for _ in range(6):
            drive.key(pygame.K_PLUS)
        middle = view.rect.center
        before = view.centre(0)
        drag(drive, middle, (60, 40))
        assert view.centre(0) == (before[0] + 60, before[1] + 40)
        # Outside the view a cell is not there to click.
        hidden = next(
            c for c in range(len(view.centres)) if not view.rect.collidepoint(view.centre(c))
        )
        assert view.cell_at(view.centre(hidden)) is None
        # The cursor walked to the board's far edge: every cell it stood on was shown.
        drive.key(pygame.K_DOWN)  # the cursor shows
        for _ in range(16):
            drive.key(pygame.K_DOWN)
            assert view.rect.collidepoint(view.centre(scene.input.cursor))
    finally:
        app.close()


def test_the_analysis_board_zooms_too_and_keeps_its_arrows_for_the_turns(tmp_path):
    from game.client.scenes.analysis_scene import AnalysisScene

    pygame.init()
    app = App((640, 480), tmp_path / "data")
    try:
        match = Match(8, "Human", "Human")
        for _ in range(3):
            match.play(match.board.legal_turns()[0])
        scene = AnalysisScene(app, match)
        app.scenes.reset(scene)
        drive = Driver(app)
        small = scene.view.radius
        drive.wheel(scene.view.rect.center, 3)
        assert scene.view.radius > small
        drive.key(pygame.K_RIGHT)
        assert scene.ply == 1  # Right still steps through the game
        drive.key(pygame.K_MINUS)
        drive.key(pygame.K_MINUS)
        drive.key(pygame.K_MINUS)
        assert scene.view.zoom.whole
    finally:
        app.close()


def test_zoomed_in_the_rows_in_view_keep_their_letters_on_the_screen(tmp_path):
    """Issue 54, item 4: zoomed in on side 8 the row letters (beside the rows'
    ends, out of view) went, and the player could not tell which row was shown."""
    from game.client import theme

    app, drive, scene = side_eight(tmp_path)
    try:
        view = scene.view
        drive.wheel(view.rect.center, 4)
        drive.key(pygame.K_DOWN)  # the cursor shows, and walks up: the view follows
        for _ in range(6):
            drive.key(pygame.K_UP)
        assert not view.zoom.whole
        theme.drawn_texts = []
        try:
            app.draw()
            letters = [
                (m, r) for s, m, r, _b in theme.drawn_texts if s is app.screen and len(m) == 1
            ]
        finally:
            theme.drawn_texts = None
        geo = view.geo
        shown = set()
        for row, start in enumerate(geo.row_starts):
            y = view.centres[start][1]  # any part of the row in view
            if view.rect.top < y + view.radius and y - view.radius < view.rect.bottom:
                shown.add(chr(ord("a") + row))
        assert shown, "rows in view"
        inside = [m for m, r in letters if view.rect.contains(r)]
        for letter in shown:
            assert inside.count(letter) == 2, (letter, inside)  # at both sides of the view
        # Sequel (issue 54 continued, item 2): the letters stood on chips over the
        # cells, hiding their dots and numbers; now they have strips of their own.
        cells = view.cells_rect()
        assert not [(m, r) for m, r in letters if r.colliderect(cells)]
        cursor = view.centre(scene.input.cursor)
        assert cells.collidepoint(cursor)  # the cursor's cell kept clear of the strips
    finally:
        app.close()
