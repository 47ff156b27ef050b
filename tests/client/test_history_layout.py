"""The history in a large window, laid out as the other lists are (issue 54,
continued, item 2): a centred column of a sensible width, its rows and its
results' lines at the window's size, in Normal and Large text alike."""

from __future__ import annotations

import pytest

from game.client import theme
from game.client.app import App
from game.client.scenes.history_scene import HistoryScene
from game.client.scripted.tour import text_problems

from .test_history import archive_resigned
from .test_large_text import shown, texts


def history(app: App) -> HistoryScene:
    archive_resigned(app, ["Beginner", "Club", "Expert"])
    return HistoryScene(app)


def measured(tmp_path, size, text_size) -> tuple[HistoryScene, dict[str, int], list[str]]:
    """The scene, the height each of its texts is drawn at (its rows' under
    "rows", each line of them), and what is wrong."""
    with shown(tmp_path, size, text_size, history) as app:
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene)
        drawn = texts(app)
        heights = {m: r.height for m, r in drawn}
        rows = [r.height for _m, r in drawn if scene.list_rect.contains(r)]
        assert rows
        heights["rows"] = min(rows)
        heights["rows, largest"] = max(rows)
        return scene, heights, text_problems(app)


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_history_fills_a_large_window_as_the_other_lists_do(tmp_path, text_size):
    small, small_px, problems = measured(tmp_path, (640, 480), text_size)
    assert problems == []
    large, large_px, problems = measured(tmp_path, (1280, 800), text_size)
    assert problems == []
    listed = large.list_rect
    # A centred column, neither the whole width nor a strip at the left.
    assert abs(listed.left - (1280 - listed.right)) <= 2, listed
    assert 600 <= listed.width <= 960, listed
    for c in large.controls:
        assert listed.left - 1 <= c.rect.left and c.rect.right <= listed.right + 1, c
    # The rows and the results read larger than in the smallest window.
    results = large.stats_lines(large.stats_room)
    assert len(results) == 3
    for line in results:
        assert large_px[line] > small_px[line], line
    assert large_px["rows"] > small_px["rows, largest"]
    assert large.row > small.row


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_five_opponents_read_at_the_filters_own_size(tmp_path, text_size):
    # A play-test found five opponents side by side shrunk to 8 or 9 pixels,
    # Large text or not: past the room, the opponents go on the stepper.
    def five(app: App) -> HistoryScene:
        archive_resigned(app, ["Beginner", "Casual", "Club", "Expert", "Master"])
        return HistoryScene(app)

    with shown(tmp_path, (640, 480), text_size, five) as app:
        scene = app.scenes.top
        assert isinstance(scene, HistoryScene)
        assert len(scene.filter_choice.options) == 6
        title_px, options_px = scene.filter_choice.sizes()
        wanted = max(theme.FLOOR_PX, theme.px(scene.filter_choice.size))
        assert options_px >= wanted and title_px >= wanted, (options_px, title_px, wanted)
        assert text_problems(app) == []
