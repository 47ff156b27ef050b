"""Issue 54: screens that gave a control no room for Large text at 640x480, its
labels drawn a whole text size under what the text size asks while the
screen's other buttons have theirs (:func:`below_the_text_size`). Each screen
here is drawn as the player who chose Large text in that language sees it."""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.client import theme
from game.client.scenes.online_lobby import OnlineScene
from game.client.scripted.checks import below_the_text_size, controls_of, look
from game.i18n import set_language
from game.online.host import LocalServer
from game.online.link import Link

from .test_online import news, until


@contextmanager
def large(app, drive, language: str, size=(640, 480)):
    """The window at ``size``, its texts Large and in ``language``."""
    w, h = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    drive.frames(1)
    set_language(language)
    theme.set_text_size("Large")
    try:
        yield
    finally:
        theme.set_text_size("Normal")
        set_language("en")


def below(app) -> list[str]:
    seen = look(app)
    assert seen is not None
    return below_the_text_size(seen.scene, seen, controls_of(app.scenes.top))


def test_the_lobbys_choices_get_their_size_beside_its_list_of_seeks(app, drive, tmp_path):
    """The lobby's left column was 290 wide at 640: the time row's five options
    needed some 330, and were drawn at 17 pixels against the 23 asked. The
    choices now take the window's width, and the seeks' lines keep theirs."""
    host = LocalServer(tmp_path / "server.db", host="127.0.0.1", port=0)
    port = host.start()
    cat = Link(f"ws://127.0.0.1:{port}", "Bob").start()
    try:
        news(cat, "welcome")
        cat.send("seek", side=5, base=300, inc=3, rated=True)  # as the tour's
        news(cat, "seeking")
        for language in ("es", "it", "de"):
            with large(app, drive, language):
                lobby = OnlineScene(app)
                app.scenes.reset(lobby)
                lobby.name_field.value = "Emma"
                lobby.connect(f"ws://127.0.0.1:{port}")
                until(drive, lambda lobby=lobby: lobby.seek_count > 0)
                drive.frames(2)
                assert not below(app), below(app)
                lobby.lobby.choose_pace("Correspondence")
                lobby.rebuild()
                drive.frames(2)
                assert not below(app), below(app)
                seek = lobby.controls[lobby.left_count + lobby.postal_shown]
                assert seek.label.startswith("Bob")  # the seek's line was checked too
                lobby.disconnect()
    finally:
        cat.close()
        host.stop()


def test_new_matchs_players_keep_their_size_at_640_in_large(app, drive):
    """New match's six levels were drawn at 17 pixels against 24 asked at 640x480
    in Spanish Large (at 20 in French); ten levels side by side, at 17 even in
    English Normal, on two rows of six. A seat is the person and a level on a
    stepper: one row, every name at its size."""
    from game.client.scenes.setup import SetupScene

    for language in ("es", "fr", "de"):
        with large(app, drive, language):
            scene = SetupScene(app)
            app.scenes.reset(scene)
            drive.frames(2)
            assert not below(app), below(app)
            assert len(scene.red.parts()) == len(scene.blue.parts()) == 2
    scene = SetupScene(app)
    app.scenes.reset(scene)
    drive.frames(2)
    assert not below(app)


def test_the_puzzle_browsers_buttons_wrap_onto_two_rows_where_one_shrinks_them(app, drive):
    """The puzzle browser's five buttons along its foot, 112 pixels each at 640
    wide, drew German "Wendesprint" and "Tagesrätsel" at Normal's size in Large
    (the theme button beside them at its own). They take two rows there."""
    from game.client.scenes.puzzle_browser import PuzzleBrowserScene

    with large(app, drive, "de"):
        browser = PuzzleBrowserScene(app)
        app.scenes.reset(browser)
        drive.frames(2)
        seen = look(app)
        assert seen is not None
        controls = [*controls_of(browser), browser.theme_button]
        assert not below_the_text_size(seen.scene, seen, controls)
        tops = sorted({b.rect.top for b in browser.controls})
        assert len(tops) == 2 and all(b.rect.bottom <= 480 for b in browser.controls)
    browser = PuzzleBrowserScene(app)  # English in Normal: one row holds them
    app.scenes.reset(browser)
    drive.frames(2)
    assert len({b.rect.top for b in browser.controls}) == 1
