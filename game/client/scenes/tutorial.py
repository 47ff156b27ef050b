"""The tutorial: a list of short lessons (each can be replayed; done ones are
ticked), and a lesson on a live board, with its text, the group counter, and
what the engine says of each try."""

from __future__ import annotations

import re
from functools import partial

import pygame

from game.i18n import N_, _
from game.play.lesson_tasks import lesson_texts
from game.play.lessons import LESSONS, Feedback, LessonRun
from game.play.tutorial_progress import TutorialProgress, list_line, note_tried
from game.play.tutorial_progress import load as load_tutorial
from game.play.tutorial_progress import save as save_tutorial
from game.rules import BLUE, RED

from .. import text_layout as tl
from .. import theme
from ..board_input import BOARD_PAD, BoardInput
from ..board_view import BoardView
from ..button_rows import GAP, label_rows
from ..focus_row import FocusRow
from ..layout import split
from ..layout_tree import Column, Fit, Node, Row, Stack
from ..scene import Scene, Services, pad_buttons
from ..widgets import Button, Widget, draw_all, press, update_all
from .analysis_board import AnalysisBoardScene
from .howto import HowToScene
from .menu import MenuScene
from .pause import Paused, PauseScene

#: The lesson panel's text sizes, in a large window and in a small one.
SIZES = {"number": (18, 15), "title": (28, 22), "body": (20, 18)}
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
                list_line(i + 1, lesson, lesson.id in done), partial(self.open_lesson, i), size=22
            )
            for i, lesson in enumerate(LESSONS)
        ]
        # One grid, one text size: the lessons' (their lines are the longest).
        rules = Button(
            N_("The rules in brief"), lambda: self.app.scenes.push(HowToScene(self.app)), size=22
        )
        return [*lessons, rules, Button(N_("Back"), self.back, size=22)]

    def open_lesson(self, index: int) -> None:
        self.app.scenes.push(LessonScene(self.app, index))


class LessonScene(Scene):
    pad_keys = pad_buttons(
        BOARD_PAD,
        a=(pygame.K_RETURN, N_("play the cursor's cell, or choose an answer")),
        x=(pygame.K_r, N_("start the lesson again")),
        y=(pygame.K_p, N_("pass, where the lesson asks it")),
        rb=(pygame.K_RETURN, N_("next lesson, once this one is done")),
        start=(pygame.K_ESCAPE, N_("the menu")),
    )

    def __init__(self, app: Services, index: int) -> None:
        super().__init__(app)
        problem = note_tried(app.data)  # a lesson opened: no longer new here
        if problem:
            app.toast(problem)
        self.compact = False
        #: The lesson's text: it scrolls (the wheel, Page Up and Down) where it
        #: does not fit.
        self.body = tl.TextBlock(size=20, smallest=20, gap=4)
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
        self.take_settings()
        self.resize(self.app.size)

    def take_settings(self) -> None:
        self.view.coordinates = self.app.settings.coordinates

    def layout(self, size: tuple[int, int]) -> Node:
        """The lesson's panel at the right: its number and title, its text, the
        counter, and the buttons at the foot; the board beside it, the message
        above the board."""
        w, h = size
        panel = min(440, w * 2 // 5)
        self.compact = compact = h < 700 or panel < 360
        bh, step = (34, 40) if compact else (42, 50)
        # Every lesson has the same buttons in the same places, and nothing moves
        # when a lesson is done, so a quick second click on "Next lesson" lands on
        # the next lesson's (not yet enabled) "Next lesson", never on another button.
        bottom = [self.retry_button, self.next_button, self.back_button]
        for b in (*bottom, *self.actions):
            b.size = 18 if compact else 22
        # Their labels no smaller than the lesson's number over the text: one a
        # row, or on two lines, where two a row would shrink them.
        rows = label_rows(bottom, panel - 24, theme.px(self.sized("number")), bh)
        # One action stands at the left, over "Start again".
        one = len(self.actions) == 1
        actions = Row(
            height=bh,
            gap=8,
            justify="start",
            children=[Node(b, width=(panel - 36) / 2 if one else None) for b in self.actions],
        )
        feet = [
            Row(height=tall, gap=GAP, children=[Node(b) for b in buttons]) for buttons, tall in rows
        ]
        # Never smaller than Normal draws it: a text too long for the room scrolls.
        # A tall panel's text grows into the room it has, up to the title's size.
        self.body.smallest = self.sized("body")
        self.body.base_size = self.sized("body") if self.compact else self.sized("title") - 2
        text = Column(
            justify="start",
            padding=(8, 4, 0, 4),
            children=[
                Node("number", height=self.line(self.sized("number"))),
                # A long title takes two lines rather than a size under its text's.
                Node("title", height=Fit(self.title_height)),
                Node(self.body, margin=(4, 0, 8, 0)),
                # What the lesson asks the player to do now (its question, or its
                # task), under its text and never scrolled away.
                Node("task", height=Fit(self.task_height), margin=(0, 0, 8, 0)),
                # At the text's own size, on two lines where one is too narrow.
                Node(("counter", RED), height=Fit(self.counter_height)),
                Node(("counter", BLUE), height=Fit(self.counter_height)),
            ],
            margin=(0, 0, 10 - (step - bh), 0),  # 10 pixels over the buttons
        )
        return Row(
            children=[
                Stack(
                    padding=(10, 20, 0, 20),
                    children=[
                        Column(
                            justify="start",
                            children=[Node(height=50), Node(self.view, height=h - 80)],
                        ),
                        Node("message"),
                    ],
                ),
                Column(
                    key="panel",
                    width=panel,
                    padding=(0, 12, 14, 12),
                    gap=step - bh,
                    justify="end",
                    children=[text, *([actions] if self.actions else []), *feet],
                ),
            ]
        )

    def texts(self) -> tuple[str, str]:
        """The lesson's text in the player's language, and its task."""
        return lesson_texts(self.lesson)

    def title_height(self, width: float) -> float:
        """How tall the lesson's title is wrapped to ``width`` at its size."""
        return tl.block_height(_(self.lesson.title), self.sized("title"), width, bold=True) + 4

    def counter_height(self, width: float) -> float:
        """How tall a counter line is wrapped to ``width``: as its longest may
        read, any count two digits long (the room stays as the counts change)."""
        longest = [re.sub(r"\d+|\?", "88", self.run.counter(c)) for c in (RED, BLUE)]
        return max(tl.block_height(m, self.sized("body"), width) for m in longest) + 4

    @property
    def task(self) -> str:
        """What the lesson asks the player to do now, in the player's language:
        the text check finds it if it is not in view."""
        return self.texts()[1]

    def task_height(self, width: float) -> float:
        task = self.texts()[1]
        return tl.block_height(task, self.sized("body"), width) if task else 0.0

    @property
    def number_box(self) -> pygame.FRect:
        """The lesson's number over its title."""
        return self.boxes["number"]

    def sized(self, part: str) -> int:
        """The text size of a part of the panel, in a large window or a small one."""
        return SIZES[part][self.compact]

    @staticmethod
    def line(size: int, bold: bool = False) -> int:
        """The height of one line of text at ``size``."""
        return theme.font(size, bold).get_linesize()

    def open_menu(self) -> bool:
        """Start: the pause menu, as in a match (Esc and B still take a chain
        back, or leave for the lessons)."""
        paused = Paused(
            status=lambda: _(self.lesson.title),
            analyse=lambda: self.app.scenes.push(
                AnalysisBoardScene(self.app, self.run.board.position())
            ),
            leave=self.app.scenes.to_bottom,
            resign=lambda _side: None,
            finished=True,  # a lesson has nobody to resign for: no Resign button
        )
        self.app.scenes.push(PauseScene(self.app, paused))
        return True

    # -- tries -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        # As in a match, Esc during a chain takes the chain back (lesson 6 says so);
        # only between turns does it leave the lesson.
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            taken = self.run.take_back_chain()
            if taken is not None:
                self.show(taken)
                return
        page = event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        # The wheel, and the mouse on the text's scroll bar (taken and dragged).
        mouse = (
            pygame.MOUSEWHEEL,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONUP,
        )
        scrolls = event.type in mouse or page
        if scrolls and self.body.handle(event, self.app.pointer):
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
        self.run.again()
        self.next_button.enabled = self.run.may_go_on
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
        pygame.draw.rect(surface, theme.PANEL, self.boxes["panel"])
        number = _("Lesson {number} of {total}").format(number=self.index + 1, total=len(LESSONS))
        tl.label(
            surface, number, self.boxes["number"], size=self.sized("number"), color=theme.MUTED
        )
        tl.block(
            surface, _(self.lesson.title), self.boxes["title"], size=self.sized("title"), bold=True
        )
        text, task = self.texts()
        self.body.set_text(text)
        self.body.draw(surface)
        if task:
            tl.block(surface, task, self.boxes["task"], size=self.sized("body"),
                     color=theme.ACCENT)  # fmt: skip
        # The two counter lines are read as one, and with the text over them: at
        # its size, each wrapped in the room its longest would take.
        for c in (RED, BLUE):
            box = self.boxes["counter", c]
            tl.block(surface, self.run.counter(c), box, size=self.sized("body"),
                     color=theme.TILE[c])  # fmt: skip
        tl.block(surface, self.message[0], self.message_box(), size=22, floor=14,
                 color=self.message[1], align="center")  # fmt: skip
        draw_all(self.controls, surface)

    def message_box(self) -> pygame.FRect:
        """The message above the board: it may use the room down to the board, so
        that the end of a long one (lesson 6's "Esc takes back the whole chain")
        is not lost."""
        board_top = min((y for _x, y in self.view.centres), default=60.0) - self.view.radius
        room = max(3 * 24, board_top - 14)
        return split(self.boxes["message"], room, "top")[0]
