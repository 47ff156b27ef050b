"""Left and Right cross the columns of a menu laid out in two (the title at
640x480), as Up and Down walk each column: keys only."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.app import App
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import Driver


def test_left_and_right_cross_the_columns_of_a_two_column_menu(tmp_path: Path) -> None:
    pygame.init()
    app = App((640, 480), tmp_path / "data")
    try:
        drive = Driver(app)
        menu = TitleScene(app)
        app.scenes.reset(menu)
        drive.frames(2)
        usable = [i for i, w in enumerate(menu.controls) if getattr(w, "enabled", True)]
        columns = {menu.controls[i].rect.centerx for i in usable}
        assert len(columns) == 2, "the title at 640x480 is laid out in two columns"
        left_x = min(columns)
        rows = {
            i: j
            for i in usable
            for j in usable
            if menu.controls[i].rect.centerx == left_x
            and menu.controls[j].rect.centerx != left_x
            and menu.controls[i].rect.centery == menu.controls[j].rect.centery
        }
        start, partner = min(rows.items())
        menu.set_focus(start)
        drive.key(pygame.K_RIGHT)
        assert menu.focus == partner
        drive.key(pygame.K_RIGHT)  # nothing further right: the focus stays
        assert menu.focus == partner
        drive.key(pygame.K_LEFT)
        assert menu.focus == start
    finally:
        app.close()
        pygame.quit()
