"""The layout's grid: rows of widgets from a corner, the gaps across and down."""

import pygame

from game.client.layout import grid
from game.client.widgets import Button


def buttons(n):
    return [Button(str(i), lambda: None) for i in range(n)]


def test_one_row_by_default():
    row = buttons(3)
    grid(row, 20, 100, width=50, height=30, gap=8)
    assert [b.rect for b in row] == [
        pygame.Rect(20, 100, 50, 30),
        pygame.Rect(78, 100, 50, 30),
        pygame.Rect(136, 100, 50, 30),
    ]


def test_rows_of_columns_with_their_own_gap_down():
    cells = buttons(5)
    grid(cells, 0, 0, width=10, height=20, columns=2, gap=4, row_gap=6)
    assert [b.rect.topleft for b in cells] == [(0, 0), (14, 0), (0, 26), (14, 26), (0, 52)]
    assert {b.rect.size for b in cells} == {(10, 20)}


def test_one_column_stacks():
    stack = buttons(3)
    grid(stack, 5, 10, width=100, height=40, columns=1, row_gap=10)
    assert [b.rect.top for b in stack] == [10, 60, 110] and {b.rect.left for b in stack} == {5}
