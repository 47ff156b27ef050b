"""Flip Rush and Streak on screen: the puzzle board with a clock, combo counter,
score pop-ups and strikes, and an end-of-run summary with personal bests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.i18n import N_, _
from game.play.arcade import MODES, STRIKES, start_run
from game.play.puzzle_score import (
    ON_SOON,
    SHOW_ANSWER,
    WAIT,
    Answer,
    rating_shown,
    run_answer,
    run_skip,
    settling,
)
from game.play.puzzle_shelf import theme_name

from .. import text_layout as tl
from .. import theme
from ..board_input import BOARD_PAD
from ..button_label import label_width
from ..layout_tree import Column, Node, Row, Stack
from ..scene import ButtonScene, Services, pad_buttons
from ..widgets import Button, draw_all
from .puzzle_scene import RESET_AFTER, PuzzleScene

NEXT_AFTER = 0.9  # seconds a right answer stays on screen
WARN_SECONDS = 10


class Popup(NamedTuple):
    text: str
    color: theme.Color
    left: float  # seconds


class ArcadeScene(PuzzleScene):
    """A run of puzzles in one of the arcade modes: ``"rush"``, ``"streak"`` or
    ``"trainer"``. A card with the mode's rules comes first; the clock starts
    when the player says so."""

    pad_keys = pad_buttons(
        BOARD_PAD,
        x=(pygame.K_s, N_("skip this puzzle")),
        y=(pygame.K_h, N_("hint (costs a star)")),
    )

    def __init__(
        self, app: Services, mode: str, seed: int | None = None, *, theme: str | None = None
    ) -> None:
        self.mode = mode
        progress = app.puzzles.progress
        self.run, self.theme = start_run(
            mode,
            app.puzzles.packs,
            random.Random(seed),
            seen=progress.seen,
            rating=progress.rating.rating,
            theme=theme,
        )
        self.first_rating = progress.rating.rating
        self.popups: list[Popup] = []
        self.advance_in = 0.0
        self.last_whole: int | None = None
        # A wrong answer ends a Streak run and moves the others on: say so, not "Try again".
        super().__init__(
            app,
            self.run.puzzle,
            on_result=self.answered,
            hints=self.run.can_hint,
            wrong_text=self.run.wrong_text,
        )
        # The clock runs on in Rush and Streak; the Trainer waits for Next after a
        # miss, with the answer played out on the board.
        # A run gives up no answer, nor leaves for the analysis board.
        dropped = [self.retry_button, self.reveal_button, self.analyse_button]
        if not self.run.teaches:
            dropped.append(self.next_button)
        self.controls = [b for b in self.controls if b not in dropped]
        self.back_button.label = N_("End run")
        self.skip_button = Button(self.run.skip_label, self.skip, key=pygame.K_s, size=22)
        if self.run.can_skip:
            self.controls.insert(0, self.skip_button)
        name = _(MODES[mode][0])
        if self.theme:
            name = _("{mode}: {theme}").format(mode=name, theme=theme_name(self.theme))
        self.title = name
        #: The card with the mode's rules has been shown.
        self.carded = False

    def enter(self) -> None:
        super().enter()
        if not self.carded:  # the rules once, before the run
            self.carded = True
            card = RunCardScene(self.app, self.mode, self.theme, back=self.leave_unplayed)
            self.app.scenes.push(card)

    def leave_unplayed(self) -> None:
        """Back from the rules card: no run was played, so none is scored."""
        self.app.scenes.close(self)

    def resume(self) -> None:
        self.resize(self.app.size)

    def corner_sizes(self, width: int) -> tuple[int, int, int]:
        """The text sizes of the clock, the score and the combo: a narrow window
        gets smaller ones."""
        k = 1.0 if width >= 900 else 0.7
        return round(52 * k), round(34 * k), round(30 * k)

    def banner_room(self, width: int) -> tuple[float, float]:
        """Between the clock and the score as drawn (with room for three digits),
        the goal as centred as they let it be."""
        clock, score, _combo = self.corner_sizes(width)
        run = self.run
        left = theme.font(clock, True).size("0:00")[0] if run.clock is not None else 0
        if run.clock is None:
            score = round(score * 40 / 34)  # alone in its corner, larger
        widest = run.score_line.rstrip("0123456789") + "000"
        return self.between(width, left, theme.font(score, True).size(widest)[0])

    def corners_bottom(self, width: int) -> float:
        clock, score, _combo = self.corner_sizes(width)
        tallest = max(theme.font(clock, True).get_height(), theme.font(score, True).get_height())
        return 20 + tallest

    def said_room(self, width: int) -> tuple[float, float]:
        """Between the strikes and the combo, on the line that speaks of the board."""
        if self.run.clock is None:
            return super().said_room(width)
        _clock, _score, combo = self.corner_sizes(width)
        left = theme.font(22).size(_("Strikes"))[0] + 18 + 26 * STRIKES
        right = theme.font(combo).size(_("Combo x{n}").format(n=99))[0]
        return self.between(width, left, right)

    @staticmethod
    def between(width: int, left: int, right: int) -> tuple[float, float]:
        """The room between corner labels ``left`` and ``right`` pixels wide (30 in
        from the window's edges): centred if that leaves half the window, else all
        that is left."""
        side = max(left, right) + 46
        if width - 2 * side >= width / 2:
            return side, width - side
        return (left + 46 if left else 20), width - (right + 46 if right else 20)

    def answered(self, right: bool, first_try: bool) -> None:
        puzzles = self.app.puzzles
        judged = Answer(right, first_try, self.stars)
        answer = run_answer(self.run, puzzles.progress, puzzles.packs, self.puzzle, judged)
        if answer.rating is not None:
            # In the line under the heading, which is laid out to fit: a pop-up
            # of it lay over the line's own text.
            shown, change = rating_shown(*answer.rating)
            rating = _("{said} Your rating: {rating} ({change}).").format(
                said=self.message[0].strip(), rating=shown, change=change
            )
            self.say(rating, self.message[1])
        for text, tone in answer.popups:
            self.popup(text, theme.TONES[tone])
        if answer.then == WAIT:
            # The rating's change is the Trainer's news: it stays until the player
            # moves on, as a miss does.
            text = _("{said} Next (N) when you are ready.").format(said=self.message[0])
            self.say(text, self.message[1])
        elif answer.then == ON_SOON:
            self.advance_in = NEXT_AFTER
        elif answer.then == SHOW_ANSWER:
            # A miss is where a trainer teaches: play the answer out, and go on
            # when the player has seen it.
            self.reset_in = 0.0
            self.reveal_queue = self.session.reveal()
            self.reveal_timer = RESET_AFTER / 2
            self.next_button.enabled = True
            text = _("{said} The answer, {turn}, is played out: Next (N) when you are ready.")
            said = self.message[0].strip()
            self.say(text.format(said=said, turn=self.puzzle.solution), theme.BAD)
            return
        else:
            self.advance_in = RESET_AFTER
        self.reset_in = 0.0  # the run moves on rather than retrying

    def next(self) -> None:
        """The Trainer's Next, after an answer: on to a puzzle at the new rating."""
        if self.run.teaches and self.next_button.enabled:
            self.reveal_queue = []
            self.advance()

    def click(self, cell: int, delay: float = 0.0) -> None:
        if self.advance_in <= 0:
            self.run.touch()
            super().click(cell, delay)

    def hint(self) -> None:
        self.run.touch()
        super().hint()

    def skip(self) -> None:
        puzzles = self.app.puzzles
        skipped, moved = run_skip(self.run, puzzles.progress, puzzles.packs, self.puzzle)
        if not skipped:
            return
        self.advance_in = 0.0
        self.load(self.run.next_puzzle(puzzles.progress.rating.rating))
        self.skip_button.enabled = self.run.may_skip
        if moved is None:
            self.popup(_("Skipped"), theme.MUTED)
        else:  # the Trainer's news after every first try, a skip's too, in its line
            shown, change = rating_shown(*moved)
            text = _("Skipped: a miss. Your rating: {rating} ({change}).")
            self.say(text.format(rating=shown, change=change), theme.MUTED)

    def popup(self, text: str, color: theme.Color) -> None:
        self.popups.append(Popup(text, color, 1.2))

    def back(self) -> None:
        self.finish()

    def finish(self) -> None:
        score = self.run.score
        record = self.app.puzzles.progress.high_score(self.run.mode, score)
        self.app.puzzles.save()
        self.app.scenes.replace(SummaryScene(self.app, self, score, record))

    def update(self, dt: float) -> bool:
        super().update(dt)
        self.skip_button.enabled = self.run.may_skip
        self.popups = [p._replace(left=p.left - dt) for p in self.popups if p.left > dt]
        on_top = self.app.scenes.top is self  # the clock waits behind the rules card
        clocked = self.run.clock is not None
        if clocked and on_top and not self.run.over and self.advance_in <= 0:
            self.run.tick(dt)
            whole = int(self.run.clock or 0)
            if whole < WARN_SECONDS and whole != self.last_whole:
                self.app.sound("click")
            self.last_whole = whole
        if self.advance_in > 0:
            self.advance_in -= dt
            if self.advance_in <= 0:
                self.advance()
        elif self.run.over and not self.next_button.enabled:
            self.finish()
        return True  # the clock, the combo and the pop-ups keep moving

    def advance(self) -> None:
        """On to the run's next puzzle, or to its end."""
        self.advance_in = 0.0
        if self.run.over:
            self.finish()
            return
        self.load(self.run.next_puzzle(self.app.puzzles.progress.rating.rating))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w = surface.get_width()
        run = self.run
        clock_size, score_size, combo_size = self.corner_sizes(w)
        if run.clock is not None:
            left = run.clock
            warn = left < WARN_SECONDS
            pulse = warn and int(self.t * 4) % 2 == 0
            color = theme.BAD if warn else theme.TEXT
            size = clock_size if pulse else round(clock_size * 46 / 52)
            clock = f"{int(left) // 60}:{int(left) % 60:02d}"
            theme.text(surface, clock, (30, 20), size=size, color=color, bold=True)
            theme.text(
                surface,
                run.score_line,
                (w - 30, 20),
                size=score_size,
                color=theme.ACCENT,
                anchor="topright",
                bold=True,
            )
            # Beside the line that speaks of the board: the strikes, and the combo.
            y = self.said_box.top + 4
            said = theme.text(surface, _("Strikes"), (30, y), size=22, color=theme.MUTED)
            for i in range(STRIKES):
                color = theme.BAD if i < run.strikes else theme.CELL_EDGE
                cx, cy = said.right + 18 + 26 * i, said.centery
                pygame.draw.line(surface, color, (cx - 8, cy - 8), (cx + 8, cy + 8), 4)
                pygame.draw.line(surface, color, (cx + 8, cy - 8), (cx - 8, cy + 8), 4)
            if run.combo >= 2:
                theme.text(
                    surface,
                    _("Combo x{n}").format(n=run.combo),
                    (w - 30, self.said_box.top),
                    size=combo_size,
                    color=theme.GOOD,
                    anchor="topright",
                )
        else:
            theme.text(
                surface,
                run.score_line,
                (w - 30, 20),
                size=round(score_size * 40 / 34),
                color=theme.ACCENT,
                anchor="topright",
                bold=True,
            )
        for i, (text, color, left) in enumerate(self.popups):
            # Beside the score, under the line below the heading (never over its
            # text), drifting up as it fades.
            rise = (1.2 - left) * 30
            theme.text(
                surface,
                text,
                (w - 30, self.said_box.bottom + 8 + 34 * i - rise),
                size=32,
                color=color,
                anchor="topright",
                bold=True,
            )


class RunCardScene(ButtonScene):
    """A run's rules, over its first puzzle, until the player starts it."""

    overlay = True

    def __init__(
        self, app: Services, mode: str, theme: str | None = None, *, back: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.mode = mode
        self.theme = theme
        # Esc goes back where the player came from: closing the card alone would
        # start the clock behind it.
        self.controls = [
            Button(N_("Start"), self.app.scenes.pop, key=pygame.K_RETURN),
            Button(N_("Back"), back, key=pygame.K_ESCAPE),
        ]

    def enter(self) -> None:
        self.resize(self.app.size)

    def layout(self, size: tuple[int, int]) -> Node:
        """The card in the middle, as tall as its rules need (within the window):
        the mode's name, its rules, the two buttons at its foot."""
        w, h = size
        width = min(620, w - 40)
        need = 80 + tl.block_height(self.rules(), 22, width - 48) + 16 + 70
        return Stack(
            children=[
                Column(
                    key="box",
                    width=width,
                    height=min(need, h - 40),
                    justify="start",
                    children=[
                        Node("title", height=56, margin=(14, 24, 0, 24)),
                        Node("rules", margin=(10, 24, 12, 24)),
                        Row(
                            dock="bottom",
                            height=70,
                            gap=20,
                            children=[
                                Node(c, width=200, height=52, anchor="top") for c in self.controls
                            ],
                        ),
                    ],
                )
            ]
        )

    @property
    def box(self) -> pygame.Rect:
        """The card."""
        return self.boxes.rect("box")

    def rules(self) -> str:
        """The mode's rules, and the theme it keeps to."""
        rules = _(MODES[self.mode][1])
        if self.theme:
            only = _("{rules} Only puzzles with the theme {theme}, from every pack.")
            rules = only.format(rules=rules, theme=theme_name(self.theme))
        return rules

    def draw(self, surface: pygame.Surface) -> None:
        theme.dialog(surface, self.box, round(self.t * 900))
        title = self.boxes["title"]
        tl.label(surface, _(MODES[self.mode][0]), title, size=40, bold=True, align="center")
        tl.block(surface, self.rules(), self.boxes["rules"], size=22, floor=14, align="center")
        draw_all(self.controls, surface)


class SummaryScene(ButtonScene):
    """The end of a run: what you did, your bests, your puzzle rating."""

    def __init__(self, app: Services, run_scene: ArcadeScene, score: int, record: bool) -> None:
        super().__init__(app)
        self.run_scene = run_scene
        self.score = score
        self.record = record
        self.controls = [
            Button(N_("Play again"), self.again, key=pygame.K_RETURN),
            Button(N_("Back to puzzles"), self.app.scenes.pop, key=pygame.K_ESCAPE),
        ]

    def enter(self) -> None:
        self.resize(self.app.size)
        self.app.sound("win" if self.record else "pass")

    def layout(self, size: tuple[int, int]) -> Node:
        """The heading, every line between it and the buttons (a short window gives
        each a lower box: the sizes follow the window, never the text size), and
        two buttons 40 apart, centred together, at least 260 wide and as wide as
        their longest label needs (up to half the window)."""
        w, h = size
        # As wide as the longest label needs on one line, up to half the window.
        need = max(label_width(_(c.label), theme.px(c.size)) for c in self.controls)
        wide = max(260, min(need + 8, (w - 80) // 2))
        lines = [
            Node(("line", i), height=(40 if grows else tall) + 24)
            for i, (_text, _color, tall, grows) in enumerate(self.lines())
        ]
        return Column(
            justify="start",
            padding=(0, 20),
            children=[
                Node(height=round(60 * min(1.0, h / 800))),
                Node("head", height=theme.font(52, True).get_linesize()),
                Column(justify="start", margin=(20, 0, 16, 0), children=lines),
                Column(
                    dock="bottom",
                    height=120,
                    justify="start",
                    children=[
                        Row(
                            height=56, gap=40, children=[Node(c, width=wide) for c in self.controls]
                        )
                    ],
                ),
            ],
        )

    def lines(self) -> list[tuple[str, theme.Color, float, bool]]:
        """The result's lines: text, colour, size, and whether it grows and shrinks."""
        run = self.run_scene.run
        mode = self.run_scene.mode
        best = self.app.puzzles.progress.best.get(mode, 0)
        score = _("Score {score}").format(score=self.score)
        lines: list[tuple[str, theme.Color, float, bool]] = [(score, theme.ACCENT, 60, False)]
        lines.append((run.summary(), theme.TEXT, 32, False))
        if run.teaches:
            now = self.app.puzzles.progress.rating.rating
            shown, change = rating_shown(self.run_scene.first_rating, now)
            text = _("Rating {rating} ({change} this run)")
            lines.append((text.format(rating=shown, change=change), theme.TEXT, 32, False))
        if self.record:
            grow = 40 + 4 * abs(((self.t * 3) % 2) - 1)
            lines.append((_("New personal best!"), theme.GOOD, grow, True))
        else:
            lines.append((_("Personal best: {score}").format(score=best), theme.MUTED, 32, False))
        r = self.app.puzzles.progress.rating
        if run.teaches:  # the rating is said above, with how far this run moved it
            return lines
        if settling(r):
            rated = _("Puzzle rating {rating} (provisional)").format(rating=f"{r.rating:.0f}")
        else:
            rated = _("Puzzle rating {rating} (+/- {doubt})").format(
                rating=f"{r.rating:.0f}", doubt=f"{2 * r.rd:.0f}"
            )
        lines.append((rated, theme.TEXT, 30, False))
        return lines

    def again(self) -> None:
        scene = self.run_scene
        self.app.scenes.replace(ArcadeScene(self.app, scene.mode, theme=scene.theme))

    def draw(self, surface: pygame.Surface) -> None:
        mode = self.run_scene.mode
        heading = _("{mode}: run over").format(mode=_(MODES[mode][0]))
        tl.label(surface, heading, self.boxes["head"], size=52, bold=True, align="center")
        for i, (text, color, tall, grows) in enumerate(self.lines()):
            box = self.boxes["line", i]
            k = box.height / ((40 if grows else tall) + 24)  # the share the window left it
            tl.label(surface, text, box, size=max(14, round(tall * k)), color=color, align="center")
        draw_all(self.controls, surface)
