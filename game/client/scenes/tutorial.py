"""The tutorial: a list of short lessons (each can be replayed; done ones are
ticked), and a lesson on a live board, with its text, the group counter, and
what the engine says of each try."""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import N_, _
from game.play.lessons import LESSONS, Feedback, LessonRun, TutorialProgress
from game.play.lessons import load as load_tutorial
from game.play.lessons import save as save_tutorial
from game.rules import BLUE, RED

from .. import theme
from ..board_input import BOARD_PAD, BoardInput
from ..board_view import BoardView
from ..focus_row import FocusRow
from ..layout import grid
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, Widget, draw_all, press, update_all
from .howto import HowToScene
from .menu import MenuScene

#: Seconds within which a second click counts as part of a double-click.
DOUBLE_CLICK = 0.5


def tutorial_progress(app: Services) -> TutorialProgress:
    progress, message = load_tutorial(app.data)
    if message:
        app.toast(message)
    return progress


class TutorialMenuScene(MenuScene):
    title = N_("Learn to play")
    button_width = 520

    @property
    def subtitle(self) -> str:
        return _("Mosaic by Mark Steere, in ten short lessons on a live board.")

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        #: Seconds for which a mouse press does nothing (see :meth:`LessonScene.next`).
        self.deaf = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and self.deaf > 0:
            return
        super().handle(event)

    def update(self, dt: float) -> bool:
        self.deaf = max(0.0, self.deaf - dt)
        return super().update(dt)

    def build(self) -> list[Widget]:
        done = tutorial_progress(self.app).done
        lessons = [
            Button(
                (
                    _("{number}. {lesson}  (done)")
                    if lesson.id in done
                    else _("{number}. {lesson}")
                ).format(number=i + 1, lesson=_(lesson.title)),
                partial(self.open_lesson, i),
                size=22,
            )
            for i, lesson in enumerate(LESSONS)
        ]
        rules = Button(N_("The rules in brief"), lambda: self.app.scenes.push(HowToScene(self.app)))
        return [*lessons, rules, Button(N_("Back"), self.back)]

    def open_lesson(self, index: int) -> None:
        self.app.scenes.push(LessonScene(self.app, index))


class LessonScene(Scene):
    pad_keys = pad_buttons(
        BOARD_PAD,
        a=(pygame.K_RETURN, N_("play the cursor's cell, or choose an answer")),
        x=(pygame.K_r, N_("start the lesson again")),
        y=(pygame.K_p, N_("pass, where the lesson asks it")),
        rb=(pygame.K_RETURN, N_("next lesson, once this one is done")),
    )

    def __init__(self, app: Services, index: int) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.compact = False
        self.text_bottom = 0
        self.index = index
        self.lesson = LESSONS[index]
        self.run = LessonRun(self.lesson)
        self.view = BoardView(self.run.start.size)
        self.input = BoardInput(self.view)
        self.message = ("", theme.MUTED)
        self.t = 0.0
        self.option_buttons = [
            Button(option, partial(self.answer, option), size=22) for option in self.lesson.options
        ]
        self.pass_button = Button(N_("Pass"), self.pass_turn, key=pygame.K_p, size=22)
        self.retry_button = Button(N_("Start again"), self.retry, key=pygame.K_r, size=22)
        self.next_button = Button(
            _("Next lesson"), self.next, key=pygame.K_RETURN, size=22, enabled=False
        )
        self.back_button = Button(N_("Lessons"), self.app.scenes.pop, key=pygame.K_ESCAPE, size=22)
        #: The lesson's own actions, in a row above the buttons every lesson has.
        self.actions = [*self.option_buttons]
        #: The keys' (and a controller's) way to an answer.
        self.answers = FocusRow(self.option_buttons)
        if self.lesson.task == "pass":
            self.actions.append(self.pass_button)
        self.controls = [*self.actions, self.retry_button, self.next_button, self.back_button]

    def enter(self) -> None:
        self.view.speed = self.app.settings.speed
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        panel = min(440, w * 2 // 5)
        self.panel = pygame.Rect(w - panel, 0, panel, h)
        self.view.coordinates = self.app.settings.coordinates
        self.view.layout(pygame.Rect(20, 60, w - panel - 40, h - 80))
        self.compact = h < 700 or panel < 360
        bw = (panel - 36) // 2
        bh, step = (34, 40) if self.compact else (42, 50)
        # Every lesson has the same buttons in the same places, and nothing moves
        # when a lesson is done, so a quick second click on "Next lesson" lands on
        # the next lesson's (not yet enabled) "Next lesson", never on another button.
        bottom = [self.retry_button, self.next_button, self.back_button]
        y = h - 2 * step - 8
        grid(bottom, self.panel.left + 12, y, width=bw, height=bh, columns=2, row_gap=step - bh)
        n = len(self.actions)
        ow = bw if n == 1 else (panel - 24 - 8 * (n - 1)) // max(1, n)
        grid(self.actions, self.panel.left + 12, y - step - 6, width=ow, height=bh, gap=8)
        for b in (*bottom, *self.actions):
            b.size = 18 if self.compact else 22
        #: Where the lesson's text must end: above the buttons.
        self.text_bottom = min(c.rect.top for c in self.controls) - 10

    # -- tries -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        # As in a match, Esc during a chain takes the chain back (lesson 6 says so);
        # only between turns does it leave the lesson.
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            taken = self.run.take_back_chain()
            if taken is not None:
                self.show(taken)
                return
        action = None
        if self.answers.buttons:
            if self.answers.handle(event, self.app.click):
                return
        else:
            action = self.input.keys(event, typed=False)
        if action is None and press(self.controls, event, self.app.click):
            return
        action = action or self.input.handle(event)
        if action is None:
            return
        if action.kind == "click" and action.cell is not None:
            self.show(self.run.click(action.cell))
        elif action.kind == "back":
            taken = self.run.take_back_flip()
            if taken is not None:
                self.show(taken)

    def answer(self, option: str) -> None:
        self.show(self.run.answer(option))

    def pass_turn(self) -> None:
        self.show(self.run.pass_turn())

    def show(self, fb: Feedback) -> None:
        if fb.kind == "refused":
            self.say(fb.text, theme.BAD)
            self.app.sound("refuse")
        elif fb.kind == "wrong":
            self.say(fb.text, theme.BAD)
            self.app.sound("wrong")
        elif fb.kind == "moved" and fb.color is not None:
            self.view.flip(fb.cells[0], fb.color.other)
            self.app.sound("flip")
            self.say(fb.text, theme.ACCENT)
        elif fb.kind == "back" and fb.color is not None:
            for cell in fb.cells:
                self.view.flip(cell, fb.color)
            self.say(fb.text, theme.ACCENT)
        elif fb.kind == "done":
            if fb.cells and self.run.board.tile_at(fb.cells[-1]) is not None:
                self.view.pop(fb.cells[-1])
            self.say(fb.text, theme.GOOD)
            self.app.sound("right")
            self.next_button.enabled = True
            for b in self.actions:
                b.enabled = False  # answered, or passed: once is enough
            progress = tutorial_progress(self.app)
            progress.done.add(self.lesson.id)
            try:
                save_tutorial(progress, self.app.data)
            except OSError as e:
                problem = e.strerror or str(e)
                self.app.toast(
                    _("Tutorial progress could not be saved: {problem}").format(problem=problem)
                )

    def retry(self) -> None:
        self.run = LessonRun(self.lesson)
        self.next_button.enabled = False
        for b in self.actions:
            b.enabled = True
        self.say("")

    def next(self) -> None:
        if self.index + 1 < len(LESSONS):
            self.app.scenes.replace(LessonScene(self.app, self.index + 1))
        else:
            self.app.scenes.pop()
            menu = self.app.scenes.top
            if isinstance(menu, TutorialMenuScene):
                # The second click of a quick double-click on "Next lesson" would
                # land on whatever menu button lies under it ("Back" in a small window).
                menu.deaf = DOUBLE_CLICK
            self.app.toast(
                _("That was the last lesson. Try a match against Beginner, or the puzzles.")
            )

    def say(self, text: str, color: theme.Color = theme.MUTED) -> None:
        self.message = (text, color)

    # -- time and drawing -------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.t += dt
        moving = self.view.busy or self.run.chain is not None
        self.view.update(dt)
        return update_all(self.controls, dt) or moving

    def draw(self, surface: pygame.Surface) -> None:
        run = self.run
        targets: frozenset[int] = frozenset()
        if run.chain is not None:
            targets = frozenset(run.owed())
        elif not run.done and self.lesson.task in ("place", "flip", "chain", "most"):
            board = run.board
            cells = (
                board.legal_placements()
                if self.lesson.task == "place"
                else board.legal_first_flips()
            )
            targets = frozenset(cells)
        self.view.draw(
            surface,
            run.shown(),
            hover=self.input.hover,
            targets=targets,
            markers=True,
            chain=run.chain.cells if run.chain is not None else (),
            shapes=self.app.settings.colour_blind,
            pulse=self.t,
            cursor=self.input.cursor,
        )
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        small = self.compact
        theme.text(
            surface,
            _("Lesson {number} of {total}").format(number=self.index + 1, total=len(LESSONS)),
            (p.left + 16, 10),
            size=15 if small else 18,
            color=theme.MUTED,
        )
        title = _(self.lesson.title)
        theme.text(
            surface,
            title,
            (p.left + 16, 28 if small else 38),
            size=theme.fit(title, 22 if small else 28, p.width - 32, bold=True),
            bold=True,
        )
        y = 58 if small else 80
        # The text, then the counter, must fit above the buttons: shrink it until it does.
        size = 20
        while True:
            lines = theme.wrap(_(self.lesson.text), size, p.width - 32)
            needed = len(lines) * (size + 4) + 2 * (size + 6) + 8
            if y + needed <= self.text_bottom or size <= 12:
                break
            size -= 1
        for line in lines:
            theme.text(surface, line, (p.left + 16, y), size=size)
            y += size + 4
        y += 8
        for color in (RED, BLUE):
            line = run.counter(color)
            theme.text(surface, line, (p.left + 16, y), size=size, color=theme.TILE[color])
            y += size + 6
        lines, size = self.message_lines()
        for i, line in enumerate(lines):
            theme.text(
                surface,
                line,
                (p.left // 2, 10 + (size + 2) * i),
                size=size,
                color=self.message[1],
                anchor="midtop",
            )
        draw_all(self.controls, surface)

    def message_lines(self) -> tuple[list[str], int]:
        """The message above the board, wrapped, and its text size. It may use the
        room down to the board, and shrinks until it fits there, so that the end
        of a long one (lesson 6's "Esc takes back the whole chain") is not lost."""
        text = self.message[0]
        board_top = min((y for _x, y in self.view.centres), default=60.0) - self.view.radius
        room = max(3 * 24, int(board_top) - 14)
        size = 22
        while True:
            lines = theme.wrap(text, size, self.panel.left - 40)
            if len(lines) * (size + 2) <= room or size <= 14:
                return lines[: max(3, room // (size + 2))], size
            size -= 1
