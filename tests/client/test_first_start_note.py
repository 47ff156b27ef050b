"""The first start's pointer to the tutorial is a line of the title's own: over
no control, and not carried into the screens the player goes on to."""

import pygame

from game.client import theme
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import TitleScene
from game.client.scripted.checks import look, text_problems


def frame_texts(app, drive) -> list[str]:
    """Every text the next whole frame draws (the scenes and what floats over them)."""
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
    try:
        app.draw()
        return [m for _s, m, _r, _b in theme.drawn_texts]
    finally:
        theme.drawn_texts, theme.drawn_px, theme.drawn_lines = None, [], []


def test_the_first_start_note_sits_in_the_title_and_stays_there(app, drive):
    for w, h in ((640, 480), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        drive.frames(1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    title = app.scenes.top
    seen = look(app)
    assert seen is not None
    note = [r for m, r, _, _ in seen.texts if "Learn to play teaches" in m]
    assert note, "the note is drawn by the title itself"
    for r in note:
        for c in title.controls:
            assert not r.colliderect(c.rect), f"the note lies over {c.label!r}"
    assert text_problems(app, seen) == []
    learn = next(c for c in title.controls if getattr(c, "label", "") == "Learn to play")
    assert learn.primary  # the button the note names is lit
    assert not [t for t, _ in app.toasts if "Learn to play" in t]  # no banner over it all
    app.scenes.push(SetupScene(app))
    drive.frames(2)
    assert not any("Learn to play teaches" in t for t in frame_texts(app, drive))


def test_the_focus_on_play_is_the_one_button_that_looks_selected(app, drive):
    """Issue 54, item 5: with the keyboard (or a controller) on Play, Learn to play's
    gold edge beside it made two buttons look selected. Focus has one look (the
    ring and the lit fill and edge); the recommended button another (its label)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(1)
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    title = app.scenes.top
    learn = next(c for c in title.controls if getattr(c, "label", "") == "Learn to play")
    assert learn.primary
    drive.key(pygame.K_DOWN)
    drive.settle(0.5)  # the glow eases in
    focused = [c for c in title.controls if c.focused]
    assert [c.label for c in focused] == ["Play"]
    app.draw()
    screen = app.screen

    def looks_selected(c) -> bool:
        # Gold or white at its left side: an edge or a ring (a lit button grows a little).
        r = c.rect
        side = [screen.get_at((x, r.centery))[:3] for x in range(r.left - 8, r.left + 3)]
        return any(p in (theme.ACCENT[:3], theme.TEXT[:3]) for p in side)

    assert [c.label for c in title.controls if looks_selected(c)] == ["Play"]
