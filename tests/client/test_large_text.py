"""Large text done right on the screens the client's core draws (issue 44, section
2): the real scenes, at real window sizes, in Normal and Large text."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.client import theme
from game.client.app import App
from game.client.scene import Scene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import Driver, text_problems

from .screens import large_at_640
from .test_focus_keys import card


@contextmanager
def shown(
    tmp_path: Path,
    size: tuple[int, int],
    text_size: str,
    make: Callable[[App], Scene],
    language: str = "en",
) -> Iterator[App]:
    """An app of ``size`` in ``text_size`` text and ``language`` with ``make``'s
    scene on top, settled. The language goes in the settings: the app speaks
    theirs, whatever was set before it started."""
    data = tmp_path / f"{size[0]}x{size[1]}-{text_size}"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": language}))
    pygame.init()
    app = App(size, data)
    try:
        app.scenes.reset(make(app))
        Driver(app).settle(0.6)
        yield app
    finally:
        app.close()


def texts(app: App) -> list[tuple[str, pygame.Rect]]:
    """Each text one draw of the screen puts on it, and where."""
    scene = app.scenes.top
    assert scene is not None
    scratch = app.screen.copy()
    theme.drawn_texts = []
    try:
        scene.draw(scratch)
        return [(m, r) for s, m, r, _ in theme.drawn_texts if s is scratch]
    finally:
        theme.drawn_texts = None


def pixels(app: App) -> dict[str, int]:
    """Each text on the screen and how tall its line is drawn (a line's height
    grows with its font's size), the smallest where it is drawn twice."""
    out: dict[str, int] = {}
    for msg, r in texts(app):
        out[msg] = min(r.height, out.get(msg, r.height))
    return out


def sizes(tmp_path, size, text_size, make) -> dict[str, int]:
    with shown(tmp_path, size, text_size, make) as app:
        return pixels(app)


def test_the_title_buttons_are_not_smaller_in_a_larger_window(tmp_path):
    """At 800x600 the title's buttons had smaller text than at 640x480, and at
    1280x800 Large smaller than at 640x480 Large."""
    for text_size in ("Normal", "Large"):
        small = sizes(tmp_path, (640, 480), text_size, TitleScene)
        for window in ((800, 600), (1024, 768), (1280, 800)):
            large = sizes(tmp_path, window, text_size, TitleScene)
            for label in ("Play", "Puzzles", "Settings", "Quit"):
                assert large[label] >= small[label], (label, window, text_size)


def test_the_title_buttons_are_not_smaller_in_large_text(tmp_path):
    for window in ((640, 480), (800, 600), (1280, 800)):
        normal = sizes(tmp_path, window, "Normal", TitleScene)
        large = sizes(tmp_path, window, "Large", TitleScene)
        for label in ("Play", "Learn to play", "Mosaix dice game", "Analysis board"):
            assert large[label] >= normal[label], (label, window)


def test_the_settings_slider_labels_are_larger_in_large_text(tmp_path):
    """The slider's label had the half the bar left it, and Large was squeezed
    back to Normal's size in it (at 2560x1440): the label now has the room it
    needs and the bar the rest. The settings are one list at one size, the
    size their tightest label fits: at 640x480 that is the longest setting's
    button's, which Large cannot enlarge, so there Large is no smaller."""
    for window in ((640, 480), (1280, 800), (2560, 1440)):
        normal = sizes(tmp_path, window, "Normal", SettingsScene)
        large = sizes(tmp_path, window, "Large", SettingsScene)
        sliders = [m for m in normal if m.endswith("%")]
        assert sliders, "the settings show their sliders' values"
        for label in sliders:
            if window == (640, 480):
                assert large[label] >= normal[label], (label, window)
            else:
                assert large[label] > normal[label], (label, window)


def board_area(app: App) -> pygame.Rect:
    """Where a match's result goes: over the board, beside the side panel."""
    w, h = app.size
    return pygame.Rect(0, 0, w - min(330, w // 3), h)


def finished(app: App) -> GameOverScene:
    return card(app, board_area(app))


def test_the_result_buttons_are_larger_in_large_text(tmp_path):
    """ "See board" and "Save game" were squeezed into a fifth of the panel and
    drew no larger in Large than in Normal: the buttons go into more rows
    instead, and Large draws every label larger."""
    for window in ((640, 480), (800, 600), (1280, 800)):
        normal = sizes(tmp_path, window, "Normal", finished)
        large = sizes(tmp_path, window, "Large", finished)
        for label in ("See board", "Save game", "Rematch", "Analyse", "Title screen"):
            assert large[label] > normal[label], (label, window)


def test_the_board_side_label_of_a_new_match_has_room_in_large_text(tmp_path):
    """It read "Board sid", cut by the "3" button, at 640x480 and 1280x800 Large."""
    for window in ((640, 480), (1280, 800)):
        for text_size in ("Normal", "Large"):
            with shown(tmp_path, window, text_size, SetupScene) as app:
                scene = app.scenes.top
                assert isinstance(scene, SetupScene)
                side = next(c for c in scene.controls if getattr(c, "title", "") == "Board side")
                drawn = [r for m, r in texts(app) if m == "Board side"]
                assert len(drawn) == 1, "the label is drawn whole, not cut"
                assert drawn[0].right <= side.parts()[0].left, (window, text_size)
                assert text_problems(app) == []


def ended_match(app: App) -> Scene:
    """A match whose last turn is clicked: its result card over the real board."""
    from game.client.scripted.tour import _ends, game_until, match_scene

    turns, last = game_until(4, 3, _ends)
    match_scene(app, turns, 4)
    drive = Driver(app)
    for cell in last.cells:
        drive.click_cell(cell)
    drive.settle(2.0)
    top = app.scenes.top
    assert isinstance(top, GameOverScene)
    return top


def test_the_result_lines_are_larger_in_large_text_at_640x480(tmp_path):
    """At 640x480 Large enlarged the result card's buttons but left its lines at
    Normal's size, squeezed alike into the short card: the headline gives way
    now, and every line under it grows with the text size, also once saving
    has put its note under them."""
    drawn: dict[str, dict[str, int]] = {}
    for text_size in ("Normal", "Large"):
        with shown(tmp_path, (640, 480), text_size, TitleScene) as app:
            over = ended_match(app)
            drawn[text_size] = pixels(app)
            assert text_problems(app) == []
            over.save()
            assert over.note[0] and text_problems(app) == []
    normal, large = drawn["Normal"], drawn["Large"]
    card = [m for m in normal if "turns" in m or "(Human)" in m]
    assert len(card) == 3, sorted(normal)
    for line in card:
        assert large[line] > normal[line], (line, normal[line], large[line])


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_the_result_cards_two_count_lines_share_a_size(tmp_path, language):
    """In French at 640x480 Large, "Rouge (Humain) : 18 tuiles" was drawn a size
    smaller than "Bleu (Humain) : 19 tuiles" under it, each fitted by itself."""
    from game.client.scripted.checks import look
    from game.play.match import player_name

    with large_at_640(tmp_path, language) as app:
        app.scenes.reset(TitleScene(app))
        ended_match(app)
        seen = look(app)
        assert seen is not None
        human = player_name("Human")
        counts = {p for m, _r, _b, p in seen.texts if f"({human})" in m}
        assert len(counts) == 1, counts
        assert text_problems(app, seen) == []


def german(tmp_path: Path, window: tuple[int, int], text_size: str) -> App:
    """An app of ``window`` in ``text_size`` German text."""
    from game.i18n import set_language

    data = tmp_path / f"de-{window[0]}-{text_size}"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"text_size": text_size, "language": "de"}))
    pygame.init()
    app = App(window, data)
    assert set_language("de") == "de"
    return app


def test_the_result_lines_grow_into_a_tall_cards_room(tmp_path):
    """At 1280x800 the German result card's lines filled a small part of it at
    their own sizes: they grow into the card's room, all alike, below the
    headline's size; at 640x480 in Large text, with no room to spare, they keep
    their sizes and every line fits."""
    from game.client.scripted.checks import look
    from game.i18n import set_language
    from game.play.match import player_name

    drawn = {}
    try:
        for window, text_size in (((1280, 800), "Normal"), ((640, 480), "Large")):
            app = german(tmp_path, window, text_size)
            try:
                over = finished(app)
                app.scenes.reset(over)
                Driver(app).settle(1.0)
                seen = look(app)
                assert seen is not None
                counts = {p for m, _r, _b, p in seen.texts if f"({player_name('Human')})" in m}
                headline = max(p for _m, _r, _b, p in seen.texts)
                assert len(counts) == 1 and max(counts) < headline, (counts, headline)
                assert text_problems(app, seen) == []
                drawn[window] = (max(counts), theme.px(28))  # and their own size
            finally:
                app.close()
    finally:
        set_language("en")
    now, own = drawn[(1280, 800)]
    assert now >= own * 1.3, drawn
    now, own = drawn[(640, 480)]
    assert now <= own, drawn  # no room to grow: at most their size, squeezed as before


def test_the_new_match_lines_grow_into_a_tall_windows_room(tmp_path):
    """At 1280x800 the German lines saying what each side's player does sat
    small in their wide boxes: they grow into them, both one size, no larger
    than the buttons' labels; at 640x480 Large they are no smaller than before."""
    from game.client.scripted.checks import look
    from game.i18n import set_language

    grown: dict[tuple[int, int], tuple[int, int]] = {}
    try:
        for window, text_size in (((1280, 800), "Normal"), ((640, 480), "Large")):
            app = german(tmp_path, window, text_size)
            try:
                app.scenes.reset(SetupScene(app))
                Driver(app).settle(0.6)
                seen = look(app)
                assert seen is not None
                lines = {p for m, _r, _b, p in seen.texts if m.startswith(("Rot, ", "Blau, "))}
                start = next(p for m, _r, _b, p in seen.texts if m == "Start")
                assert len(lines) == 1 and max(lines) <= start, (lines, start)
                assert text_problems(app, seen) == []
                k = min(190, max(120, window[1] * 30 // 100)) / 190  # the header's scale
                grown[window] = (max(lines), theme.px(max(15, round(20 * k))))  # as they were
            finally:
                app.close()
    finally:
        set_language("en")
    now, then = grown[(1280, 800)]
    assert now > then, grown
    now, then = grown[(640, 480)]
    assert now >= then, grown


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_players_names_are_never_smaller_than_their_counts(tmp_path, text_size, language):
    """Play-test: at 640x480 against Apprentice "Red: Human" and "Blue:
    Apprentice" shrank, in Large smaller than "7 tiles 4 groups" under them.
    Where the side's name and the player's do not fit at that size, the
    player's stands alone (the disc beside it says the side)."""
    from game.client.scenes.match_scene import MatchScene
    from game.client.scripted.checks import look
    from game.i18n import set_language
    from game.play.match import Match, player_name

    assert set_language(language) == language
    try:
        make = lambda app: MatchScene(app, Match(3, "Human", "Apprentice"))  # noqa: E731
        with shown(tmp_path, (640, 480), text_size, make, language) as app:
            seen = look(app)
            assert seen is not None
            apprentice = player_name("Apprentice")
            names = [p for m, _r, _b, p in seen.texts if m.endswith(apprentice)]
            # The counts' own size, where their row fits them: the names once
            # pulled them down to theirs, so the drawn size would not tell.
            scene = app.scenes.top
            own = scene.panel.counts_px(scene.match)
            counts = [p for m, _r, _b, p in seen.texts if theme_counts(m)]
            assert names and counts, [m for m, *_ in seen.texts]
            assert min(names) >= own >= max(counts), (names, own, counts)
    finally:
        set_language("en")


def theme_counts(text: str) -> bool:
    """Is ``text`` a side's counts ("7 tiles   4 groups", in any language)?"""
    return "   " in text and text[0].isdigit()
