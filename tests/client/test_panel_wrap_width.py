"""A wrapped text takes its box's width: the analysis panel's texts wrapped in
lines of about 150 pixels in a panel 216 wide at 640x480 (and under 240 in one
328 wide), the lines balanced to the width of the shortest, a narrow column in
the panel. Its lines now fill the box, each but the last as full as it goes,
the last keeping at least a third of the width (no "to 9." left over) and no
word alone where words could share."""

from __future__ import annotations

import pygame
import pytest

from game.client import theme
from game.client.glyphs import Face, words
from game.client.scripted.checks import look

from .test_analysis_room import judged, long_game, right
from .test_large_text import shown


def faults(f: Face, lines: list[str], width: int) -> int:
    return f.cost(lines, width)[0]


def could_fill(f: Face, lines: list[str], width: int) -> str | None:
    """A line, but the last, that could take the next line's first word and still
    fit ``width`` with no more faults; None if every one is as full as it goes."""
    for n in range(len(lines) - 1):
        head, *rest = words(lines[n + 1])
        if not rest:
            continue  # the next line would be gone: another number of lines
        moved = [*lines[:n], f"{lines[n]} {head}", " ".join(rest), *lines[n + 2 :]]
        if f.size(moved[n])[0] <= width and faults(f, moved, width) <= faults(f, lines, width):
            return lines[n]
    return None


def test_two_lines_fill_the_first_to_the_width_and_leave_the_last_a_third() -> None:
    pygame.font.init()
    theme.reset_fonts()
    f = theme.face(23)
    msg = "Better: f5 — it was worth about 1 tile more by the end."
    width = 216
    lines = f.wrap(msg, width)
    assert " ".join(lines) == msg and len(lines) == 2, lines
    wide = [f.size(line)[0] for line in lines]
    assert max(wide) <= width and wide[0] >= 0.85 * width, (lines, wide)
    assert 3 * wide[-1] >= width, (lines, wide)
    summary = "Blue: accuracy so far 38%, 2 blunders, 7 mistakes, 6 inaccuracies"
    lines = f.wrap(summary, 328)
    assert could_fill(f, lines, 328) is None and faults(f, lines, 328) == 0, lines


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_a_count_in_the_summary_is_never_wrapped_from_its_word(language: str) -> None:
    """Play-test: "Red: accuracy 55%, 0 / blunders, 3 mistakes, / 7 inaccuracies"
    at every text size. At any width the summary wraps, a line never ends on a
    count whose word went to the next line."""
    from game.i18n import set_language
    from game.play.game_analysis import summary_line

    pygame.font.init()
    theme.reset_fonts()
    counts = {"blunder": 0, "mistake": 3, "inaccuracy": 7}
    assert set_language(language) == language
    try:
        said = summary_line("Red", {"counts": counts, "accuracy": 55, "turns": 20})
    finally:
        set_language("en")
    for pixels in (18, 23, 30):
        f = theme.face(pixels)
        for width in range(120, f.size(said)[0], 7):
            lines = f.wrap(said, width)
            assert len(lines) > 1 and not any(line[-1].isdigit() for line in lines[:-1]), lines
            # Nor is the accuracy sent away from its word ("accuracy / 55%").
            assert not any(line.lstrip().startswith(("55", "%")) for line in lines), lines


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_so_far_is_never_wrapped_from_the_accuracy(language: str) -> None:
    """Play-test at 1280x800 Large: "Red: accuracy so / far 96%, ...". At any
    width the summary wraps, "so far" (in its language) stays whole, with the
    figure after it."""
    from game.i18n import set_language
    from game.play.game_analysis import NO_BREAK, summary_line

    pygame.font.init()
    theme.reset_fonts()
    counts = {"blunder": 0, "mistake": 3, "inaccuracy": 7}
    assert set_language(language) == language
    try:
        summary = {"counts": counts, "accuracy": 96, "turns": 20, "final": False}
        said = summary_line("Red", summary)
    finally:
        set_language("en")
    head = said.split(",")[0]
    together = head[head.rindex(" ") + 1 :]  # "so far 96%", unbroken
    two = language in ("en", "fr", "es")  # "so far" is two words, else one
    assert "96" in together and together.count(NO_BREAK) >= 1 + two, said
    assert language != "en" or together == f"so{NO_BREAK}far{NO_BREAK}96%", said
    wrapped = 0
    for pixels in (18, 23, 30, 34):
        f = theme.face(pixels)
        for width in range(120, f.size(said)[0], 7):
            lines = f.wrap(said, width)
            wrapped += len(lines) > 1
            assert any(together in line for line in lines), lines
    assert wrapped > 10


@pytest.mark.parametrize(
    ("size", "text_size"), [((640, 480), "Normal"), ((640, 480), "Large"), ((1280, 800), "Large")]
)
def test_the_analysis_texts_wrap_to_the_panels_width(tmp_path, size, text_size) -> None:
    match = long_game()
    with shown(tmp_path, size, text_size, lambda app: judged(app, match)) as app:
        scene = app.scenes.top
        right(scene, 5)  # a blunder: its header, and the better turn under it
        seen = look(app)
        assert seen is not None
        drawn: dict[str, list[pygame.Rect]] = {}
        boxes = {}
        for msg, r, b, p in seen.texts:
            if b is not None and scene.panel.contains(r) and r.top < scene.rows[0][1].top:
                drawn.setdefault(msg, []).append(r)
                boxes[msg] = (b, p)
        wrapped = {m: rs for m, rs in drawn.items() if len(rs) > 1}
        assert any(m.startswith("Better:") for m in wrapped) and len(wrapped) >= 3, sorted(drawn)
        for msg, rs in wrapped.items():
            box, p = boxes[msg]
            assert box.width >= scene.panel.width - 32, (msg, box, scene.panel)  # the panel's
            f = theme.face(p)
            lines = f.wrap(msg, box.width)
            # Drawn as wrapped at the box's width (the ink a pixel or three inside the advances).
            widths = [f.size(line)[0] for line in lines]
            assert len(widths) == len(rs), (msg, lines, rs)
            assert all(0 <= w - r.width <= 4 for w, r in zip(widths, rs, strict=True)), (lines, rs)
            assert could_fill(f, lines, box.width) is None, (msg, lines)
