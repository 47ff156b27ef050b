"""The first start's pointer to the tutorial is a line of the title's own: over
no control, and not carried into the screens the player goes on to."""

import pygame

from game.client import theme
from game.client.scenes.setup import SetupScene
from game.client.scenes.title import FIRST_NOTE, TitleScene
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
    assert learn.badge == "new here?"  # the button the note names is tagged
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
    assert learn.badge
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


def test_the_recommended_button_is_tagged_not_lit_like_the_focus(app, drive):
    """Issue 54 (continued), item 4: Learn to play's gold label beside the focus on
    Play still read as two buttons selected: it is tagged "new here?" instead, and
    its label drawn as every other button's."""
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    title = app.scenes.top
    learn = next(c for c in title.controls if getattr(c, "label", "") == "Learn to play")
    drive.key(pygame.K_DOWN)
    drive.settle(0.5)
    seen = look(app)
    assert seen is not None
    app.draw()

    def gold(text: str) -> int:
        (r,) = [r for m, r, _b, _p in seen.texts if m == text]
        area = app.screen.subsurface(r)
        return sum(
            area.get_at((x, y))[:3] == theme.ACCENT[:3]
            for x in range(r.width)
            for y in range(r.height)
        )

    assert gold("Learn to play") == 0  # drawn as every other label
    assert gold("new here?") > 0  # its tag: dark letters on gold
    (tag,) = [r for m, r, _b, _p in seen.texts if m == "new here?"]
    assert tag.colliderect(learn.rect.inflate(0, 4))


def test_a_screen_reached_by_the_keys_shows_its_focus_at_once(app, drive):
    """Issue 54 (continued), item 4: Enter on Settings opened it with no control
    focused, and nothing showed where the keys were until an arrow was pressed.
    Reached by the pointer, a screen still waits for the keys."""
    from game.client.scenes.settings_scene import SettingsScene

    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    title = app.scenes.top
    settings = next(c for c in title.controls if getattr(c, "label", "") == "Settings")
    while not settings.focused:
        drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    opened = app.scenes.top
    assert isinstance(opened, SettingsScene)
    focused = [c for c in opened.controls if c.focused]
    assert focused == [opened.controls[0]]
    around = focused[0].rect.inflate(16, 16)

    def drawn_there() -> bytes:
        drive.settle(0.5)
        app.draw()
        return pygame.image.tobytes(app.screen.subsurface(around), "RGB")

    shown = drawn_there()
    opened.set_focus(None)
    assert drawn_there() != shown  # the focus is seen, not only kept
    opened.set_focus(0)
    drive.key(pygame.K_ESCAPE)
    drive.click(settings.rect.center)  # by the pointer: no focus until a key
    assert isinstance(app.scenes.top, SettingsScene)
    assert not [c for c in app.scenes.top.controls if c.focused]


def test_new_here_stays_on_later_launches_until_a_lesson_is_opened(app, drive):
    """Issue 54 (continued), item 4: the tag showed on the very first launch only;
    a newcomer who closed the game before trying a lesson lost it. It stays until
    a lesson is opened (or a match finished); that it is never a second focus is
    the test above."""
    from game.client.scenes.tutorial import LessonScene, TutorialMenuScene

    app.scenes.reset(TitleScene(app))  # the first launch: the note, and the tag
    drive.frames(2)
    for _launch in range(2):  # closed, and opened again: the tag, without the note
        app.scenes.reset(TitleScene(app))
        drive.frames(2)
        title = app.scenes.top
        assert not title.note
        learn = next(c for c in title.controls if getattr(c, "label", "") == "Learn to play")
        assert learn.badge == "new here?"
    # The lessons' list alone is not a lesson tried: the tag is still there after.
    drive.click(learn.rect.center)
    assert isinstance(app.scenes.top, TutorialMenuScene)
    drive.key(pygame.K_ESCAPE)
    learn = next(c for c in title.controls if getattr(c, "label", "") == "Learn to play")
    assert learn.badge == "new here?"
    drive.click(learn.rect.center)
    drive.click(app.scenes.top.controls[0].rect.center)  # the first lesson
    assert isinstance(app.scenes.top, LessonScene)
    app.scenes.reset(TitleScene(app))  # the next launch
    drive.frames(2)
    learn = next(c for c in app.scenes.top.controls if getattr(c, "label", "") == "Learn to play")
    assert learn.badge == ""


def test_the_buttons_stay_where_they_were_once_the_note_is_gone(app, drive):
    """Play-test: the title's rows moved up ~25 pixels once "New to Mosaic?" was
    no longer shown (after the first start, or once Learn to play was found)."""
    for w, h in ((640, 480), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        drive.frames(1)
        app.scenes.reset(TitleScene(app))
        drive.frames(2)
        title = app.scenes.top
        assert title.note == (FIRST_NOTE if w == 640 else "")  # offered once
        title.note = FIRST_NOTE
        title.resize(app.size)
        drive.frames(2)
        with_note = [pygame.Rect(c.rect) for c in title.controls]
        title.note = ""  # as the next start, or back from Learn to play, shows it
        title.resize(app.size)
        drive.frames(2)
        assert [pygame.Rect(c.rect) for c in title.controls] == with_note, (w, h)
