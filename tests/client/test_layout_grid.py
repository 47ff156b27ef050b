"""The layout's grid: rows of boxes in a box, the gaps across and down, and
place giving them to widgets in whole pixels."""

import pygame

from game.client.layout import grid, place, whole_rows
from game.client.widgets import Button


def test_one_row_shares_the_width_of_its_box():
    cells = grid(pygame.Rect(20, 100, 166, 30), 3, columns=3, height=30, gap=8)
    assert [c.topleft for c in cells] == [(20, 100), (78, 100), (136, 100)]
    assert {c.size for c in cells} == {(50, 30)}


def test_rows_of_columns_with_their_own_gap_down():
    cells = grid(pygame.Rect(0, 0, 24, 200), 5, columns=2, width=10, height=20, gap=4, row_gap=6)
    assert [c.topleft for c in cells] == [(0, 0), (14, 0), (0, 26), (14, 26), (0, 52)]


def test_place_gives_widgets_the_cells():
    stack = [Button(str(i), lambda: None) for i in range(3)]
    place(stack, grid(pygame.Rect(5, 10, 100, 300), 3, columns=1, height=40, row_gap=10))
    assert [b.rect for b in stack] == [pygame.Rect(5, y, 100, 40) for y in (10, 60, 110)]


def test_whole_rows_keeps_the_top_of_a_box_that_holds_whole_rows():
    # Rows 70 high with 8 under each: 300 holds three (3 * 78 - 8 = 226), not four.
    assert whole_rows(pygame.Rect(30, 100, 200, 300), 78, 8) == pygame.Rect(30, 100, 200, 226)
    # Exactly four, the last with no gap under it.
    assert whole_rows(pygame.Rect(0, 0, 10, 304), 78, 8).height == 304
    # Too short for one: one all the same (a list shows at least a row).
    assert whole_rows(pygame.Rect(0, 0, 10, 20), 78, 8).height == 70
