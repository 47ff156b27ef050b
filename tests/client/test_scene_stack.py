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


def test_close_leaves_a_scene_with_whatever_is_open_over_it():
    log: list[str] = []
    stack = SceneStack()
    a, b, c, d = (Recorder(None, n, log) for n in "abcd")
    for s in (a, b, c, d):
        stack.push(s)
    log.clear()
    stack.pop_to(b)
    assert stack.scenes == [a, b] and log == ["d.leave", "c.resume", "c.leave", "b.resume"]
    stack.push(c)
    stack.close(b)
    assert stack.scenes == [a] and stack.top is a
    stack.close(d)  # not on the stack: nothing happens
    assert stack.scenes == [a]


def test_the_result_panel_knows_its_game_and_callbacks_not_the_screen_under_it(app, drive):
    from game.client.scenes.game_over import DEAF, GameOverScene, Over
    from game.client.scenes.pause import Paused, PauseScene
    from game.rules import RED

    match = Match(3, "Human", "Human")
    chosen: list[str] = []
    over = Over(
        match=match,
        area=lambda: pygame.Rect(0, 0, 700, 600),
        see_board=lambda: chosen.append("board"),
        analyse=lambda: chosen.append("analyse"),
        leave=lambda: chosen.append("leave"),
        save=lambda: (True, "Saved as x.json."),
    )
    app.scenes.reset(TitleScene(app))
    panel = GameOverScene(app, over)
    app.scenes.push(panel)
    drive.settle(DEAF + 0.1)  # a player reads the result before pressing its buttons
    labels = [b.label for b in panel.controls]
    assert labels == ["See board", "Analyse", "Save game", "Title screen"]  # no rematch given
    assert panel.box.centerx == 350  # placed in the area it was given
    drive.click(panel.controls[2].rect.center)
    assert panel.note[0] == "Saved as x.json."
    drive.key(pygame.K_t)
    drive.key(pygame.K_b)
    drive.key(pygame.K_ESCAPE)  # puts the card away, as B does
    assert chosen == ["leave", "board", "board"]

    resigned: list = []
    pause = PauseScene(
        app,
        Paused(
            status=lambda: "Red: Ann, Blue: Bob",
            analyse=lambda: None,
            leave=lambda: None,
            resign=resigned.append,
            resigner=RED,
        ),
    )
    app.scenes.push(pause)
    drive.frames(2)
    assert pause.subtitle == "Red: Ann, Blue: Bob"
    assert "Save game" not in [b.label for b in pause.controls]
    drive.click(next(b for b in pause.controls if b.label == "Resign").rect.center)
    drive.key(pygame.K_y)  # yes, resign
    assert resigned == [RED] and app.scenes.top is panel


def test_a_still_screen_is_looked_at_less_often_until_something_happens(app, drive):
    """Full rate while anything happens; thirty times a second half a second
    after the last input; ten times a second after two seconds of nothing
    (issue 54: thirty looks a second were most of a still title's 2% of a
    core); and full rate again at the next input."""
    from game.client.app import FPS, REST_AFTER, REST_FPS, STILL_AFTER, STILL_FPS

    app.scenes.reset(TitleScene(app))
    app.frame(0.0)
    assert app.frame_rate() == FPS
    rates = []
    waited = 0.0
    while waited < REST_AFTER + 10:  # the title's backdrop moves every 8 s
        dt = 1 / app.frame_rate()
        app.frame(dt)
        waited += dt
        rates.append((waited, app.frame_rate()))
    still = [rate for at, rate in rates if STILL_AFTER + 0.1 < at < REST_AFTER - 0.1]
    assert still and set(still) <= {STILL_FPS, FPS}
    resting = [rate for at, rate in rates if at > REST_AFTER + 0.1]
    assert resting.count(REST_FPS) > len(resting) / 2  # at rest, bar the backdrop's moves
    assert STILL_FPS in resting  # a move is followed in time, if not at full rate
    drive.move((10, 10))  # the pointer moves: full rate again at once
    assert app.frame_rate() == FPS


def test_the_title_draws_a_backdrop_tile_where_it_lands(app, drive):
    """The backdrop's picture is drawn again only while a tile moves: the frame
    after the tile lands must draw it once more, or the screen keeps the tile
    half popped until the next change (CHANGE_EVERY seconds later)."""
    title = TitleScene(app)
    app.scenes.reset(title)
    drive.frames(60)  # the first tile pops in (0.2 s) and lands
    assert not title.backdrop.view.busy
    shown = pygame.image.tobytes(app.screen, "RGB")
    title.backdrop.picture = None  # the backdrop drawn afresh, as it lies now
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_a_frame_not_drawn_leaves_its_drawing_to_the_next(app, drive):
    """A script's frame run with ``draw=False`` draws nothing, however much it
    changed; the next frame that may draw does, once, even with nothing new."""
    match = Match(5, "Human", "Human")
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive.frames(30)
    drawn = app.frames_drawn
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=scene.view.centre(0), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    assert not app.frame(1 / 60, draw=False)
    assert app.frames_drawn == drawn
    assert app.frame(1 / 60)  # nothing new in this frame, but the last one's change
    assert app.frames_drawn == drawn + 1
    assert not app.frame(1 / 60)  # and then still again


def test_a_settle_drawing_its_last_frame_leaves_the_screen_drawn_as_it_is(app):
    """The tour's settles (``draw_last``) draw one frame where a tile lands, and
    the screen it leaves is the one a frame drawn now draws."""
    from game.client.scripted.driver import Driver

    match = Match(5, "Human", "Human")
    scene = MatchScene(app, match)
    app.scenes.reset(scene)
    drive = Driver(app, step=1 / 20, draw_last=True)
    drive.settle(0.5)
    drive.click(scene.view.centre(30))
    assert scene.view.busy  # the tile pops in
    drawn = app.frames_drawn
    drive.settle(1.0)
    assert not scene.view.busy
    assert app.frames_drawn == drawn + 1
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown
