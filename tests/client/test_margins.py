"""Texts keep room inside the control or card they are drawn in (game/client/margin.py):
the label fits keep it where the play-test saw texts against their edges (the
pause menu's long labels, "Oui" alone on a line, the puzzle packs' titles)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.button_label import after_colon, button_label
from game.client.margin import letters, needed
from game.client.scenes.puzzle_cards import pack_fit, pack_row

LEAVE = "Leave to the title screen"


def drawn_lines(draw) -> list[tuple[str, pygame.Rect, int]]:
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines, theme.drawn_asked = [], [], [], []
    try:
        draw()
        return [
            (m, r, p)
            for (_s, m, _r, _b), p, lines in zip(
                theme.drawn_texts, theme.drawn_px, theme.drawn_lines, strict=True
            )
            for r in lines
        ]
    finally:
        theme.drawn_texts = None


def keeps_room(lines, frame: pygame.Rect, labels: bool = True) -> bool:
    for _m, r, p in lines:
        ink, (side, end) = letters(r), needed(p, labels)
        if min(ink.left - frame.left, frame.right - ink.right) < side:
            return False
        if min(ink.top - frame.top, frame.bottom - ink.bottom) < end:
            return False
    return True


def test_the_pause_menus_long_labels_keep_their_room(app):
    """640x480 in Large: "Leave to the title screen" on two lines filled its
    button's height; at 1600x920 on one line it ran from edge to edge."""
    theme.set_text_size("Large")
    try:
        for rect in (pygame.Rect(330, 343, 280, 62), pygame.Rect(620, 700, 360, 64)):
            for msg in (LEAVE, "Analyse this position"):
                lines = drawn_lines(
                    lambda m=msg, r=rect: button_label(app.screen, m, r, 30, theme.TEXT)
                )
                assert lines and keeps_room(lines, rect), (msg, rect, lines)
    finally:
        theme.set_text_size("Normal")


def test_a_one_word_value_is_not_left_alone_on_a_line(app):
    """French settings at 640x480 broke "L'IA réfléchit pendant votre tour : Oui"
    after its colon, "Oui" alone on the second line."""
    msg = "L'IA réfléchit pendant votre tour : Oui"
    assert after_colon(msg, 20, 1000) == msg
    assert after_colon("Sound: 70 %", 20, 1000) == "Sound:\n70 %"


def test_a_pack_rows_title_keeps_room_under_the_rows_top(app):
    """The puzzle packs' names sat against the top of their row."""
    theme.set_text_size("Large")
    try:
        titles, stats = ["First Chains", "Small-Board Endings"], ["2/30 solved   4/90 stars"]
        fit = pack_fit(titles, stats, 380 - 24, (78 - 8) / 2, False)
        row = pygame.Rect(30, 100, 380, max(78, fit.row + 8) - 8)
        lines = drawn_lines(
            lambda: pack_row(app.screen, row, titles[0], stats[0], False, False, fit)
        )
        assert len(lines) == 2 and keeps_room(lines, row, labels=False), lines
    finally:
        theme.set_text_size("Normal")
