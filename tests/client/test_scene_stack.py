"""The scene stack's lifecycle (enter, pause, resume, leave), the app closing
scenes once, and the frame loop drawing only when something changed."""

import pygame

from game.client.scene import Scene, SceneStack
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.title import TitleScene
from game.play.match import Match


class Recorder(Scene):
    def __init__(self, app, name, log, overlay=False):
        super().__init__(app)
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def leave(self):
        self.log.append(f"{self.name}.leave")


def test_push_pop_replace_and_reset_call_each_hook_in_order():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(None, n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    assert log == ["a.enter", "a.pause", "b.enter"] and stack.top is b
    stack.replace(c)
    assert log[3:] == ["b.leave", "c.enter"] and stack.scenes == [a, c]
    assert stack.pop() is c
    assert log[5:] == ["c.leave", "a.resume"]
    stack.push(b)
    stack.reset()
    assert log[-3:] == ["b.enter", "b.leave", "a.leave"] and stack.top is None
    assert stack.pop() is None


def test_overlays_are_drawn_over_the_scene_below():
    log: list[str] = []
    stack = SceneStack()
    base, panel, top = (
        Recorder(None, "base", log),
        Recorder(None, "panel", log, overlay=True),
        Recorder(None, "top", log),
    )
    stack.push(base)
    stack.push(panel)
    assert stack.visible() == [base, panel]
    stack.push(top)
    assert stack.visible() == [top]


def test_closing_the_window_leaves_every_scene_once(app, drive):
    log: list[str] = []
    app.scenes.reset(Recorder(app, "a", log))
    app.scenes.push(Recorder(app, "b", log))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.frames(1)
    assert not app.running
    app.close()
    assert log.count("b.leave") == 1 and log.count("a.leave") == 1
    assert log[-2:] == ["b.leave", "a.leave"]


def test_a_still_screen_is_not_drawn_again_until_something_changes(app, drive):
    match = Match(5, "Human", "Human")
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.frames(30)  # the opening settles
    drawn = app.frames_drawn
    drive.frames(60)
    assert app.frames_drawn == drawn  # a second of a still board: no frame drawn
    drive.hover(scene.view.centre(0))
    assert app.frames_drawn == drawn + 1  # the pointer moved: drawn once
    drive.click_cell(30)
    drive.frames(5)
    assert app.frames_drawn > drawn + 3  # the tile lands: drawn while it moves
    drive.frames(60)
    settled = app.frames_drawn
    drive.frames(30)
    assert app.frames_drawn == settled


def test_the_title_draws_now_and_then_not_every_frame(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(60)
    drawn = app.frames_drawn
    drive.frames(600)  # ten seconds
    assert 0 < app.frames_drawn - drawn < 200  # its backdrop moves, calmly
