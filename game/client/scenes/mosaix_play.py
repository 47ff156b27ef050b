"""Mosaix on screen: the solo game (and the daily one), a match of 1 to 4
sheets, and the count at the end.

A turn: the dice roll (they tumble for a moment), the roller picks a shape
(keys 1-7 or the buttons), an order of the symbols (Space) and a turn (R, or
the right mouse button); every player then points at their sheet, where the
formation shows where each symbol would land (green: it may go there; red: it
may not, and why is said above), and clicks to write it. Symbols are drawn in,
and an area that reaches five cells lights up.

The AI thinks in the jobs process (:mod:`game.play.jobs`; a hint looks one
roll ahead and takes about half a second, placing in a match a few
hundredths), so the window keeps drawing meanwhile.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.mosaix import CREDIT, Formation, Placement, Sheet
from game.mosaix import ai as mosaix_ai
from game.mosaix.game import SCALE, SOLO_SUPER, SOLO_WIN, Match, Solo, daily_seed
from game.mosaix.sheet import AREA_MIN, SIZE, areas_of, spots
from game.play.arranger import SHAPE_NAMES, Arranger
from game.play.jobs import Job
from game.play.mosaix_records import load as load_records
from game.play.mosaix_records import save as save_records

from .. import theme
from ..scene import ButtonScene, Scene
from ..sheet_view import SYMBOL_COLOR, SheetView, draw_symbol
from ..widgets import Button, draw_all, press, update_all
from .confirm import ConfirmScene

ROLL_TIME = 0.6  # seconds the dice tumble
PANEL = 340


def preview_at(formation: Formation, cell: tuple[int, int]) -> tuple[int, int]:
    """Where the formation's corner goes so that its middle sits on ``cell``."""
    w = max(c[0] for c in formation.cells) + 1
    h = max(c[1] for c in formation.cells) + 1
    return cell[0] - w // 2, cell[1] - h // 2


def placement_at(formation: Formation, x: int, y: int) -> Placement | None:
    """The placement of ``formation`` (as turned) with its corner at (x, y), if any
    of it lands on the sheet."""
    for p in spots(formation):
        if p.formation == formation and p.x == x and p.y == y:
            return p
    return None


def why_not(sheet: Sheet, p: Placement | None, max_dropped: int) -> str | None:
    """Why ``p`` may not be written (``None`` if it may)."""
    if p is None:
        return "Point at the sheet: at least one symbol must land on it."
    if p.bits & sheet.filled:
        return "A symbol would land on a cell that is already written."
    if p.dropped > max_dropped:
        if max_dropped == 0:
            return "The scale is used up: every symbol must land on the sheet."
        return (
            f"Only {max_dropped} symbol{'s' if max_dropped > 1 else ''} may hang over the edge now."
        )
    return None


def new_areas(before: Sheet, after: Sheet) -> list[int]:
    """Areas that reached five cells with the last placement."""
    out = []
    for b_mask, a_mask in zip(before.masks, after.masks, strict=True):
        old = {a for a in areas_of(b_mask) if a.bit_count() >= AREA_MIN}
        out += [a for a in areas_of(a_mask) if a.bit_count() >= AREA_MIN and a not in old]
    return out


class SheetPlay(Scene):
    """What the solo game and a match share: the dice, the roller's choice of
    formation, pointing and writing on a sheet, and the AI in its thread."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.view = SheetView()
        self.hover: tuple[int, int] | None = None
        self.arranger: Arranger | None = None
        self.rolling = 0.0
        self.message = ("", theme.MUTED)
        self.clock = 0.0
        self.thinking: Job | None = None
        self._then: Callable[[Any], None] = lambda _result: None
        self.shape_buttons = [
            Button(f"{i + 1} {name}", lambda i=i: self.pick_shape(i), key=pygame.K_1 + i, size=20)
            for i, name in enumerate(SHAPE_NAMES)
        ]
        self.order_button = Button("Order (Space)", self.next_order, key=pygame.K_SPACE, size=20)
        self.turn_button = Button("Turn (R)", self.rotate, key=pygame.K_r, size=20)
        self.controls: list[Button] = [*self.shape_buttons, self.order_button, self.turn_button]

    # -- the roll and the formation -----------------------------------------------
    def new_roll(self, rolled: str) -> None:
        self.arranger = Arranger(rolled)
        self.rolling = ROLL_TIME
        self.app.sound("dice")

    def pick_shape(self, index: int) -> None:
        if self.can_arrange():
            self.arranger.pick_shape(index)

    def next_order(self) -> None:
        if self.can_arrange():
            self.arranger.next_order()

    def rotate(self) -> None:
        if self.can_turn():
            self.arranger.rotate()

    def can_arrange(self) -> bool:
        """May the player choose the shape and the order of the symbols now?"""
        return self.arranger is not None

    def can_turn(self) -> bool:
        """May the player turn the formation now (to lay it out, or to write it)?"""
        return self.arranger is not None

    def formation(self) -> Formation | None:
        return None if self.arranger is None else self.arranger.formation

    # -- pointing and writing ------------------------------------------------------------
    def sheet(self) -> Sheet:
        raise NotImplementedError

    def max_dropped(self) -> int:
        return 3

    def may_write(self) -> bool:
        return self.rolling <= 0 and self.thinking is None

    def aimed(self) -> Placement | None:
        f = self.formation()
        if f is None or self.hover is None:
            return None
        return placement_at(f, *preview_at(f, self.hover))

    def write(self, p: Placement) -> None:
        """Write ``p`` on the sheet being played (the scene's own rules)."""
        raise NotImplementedError

    def written(self, before: Sheet, p: Placement) -> None:
        """Show a placement that was just written."""
        after = before.place(p)
        self.view.written(p.cells())
        self.app.sound("draw")
        grown = new_areas(before, after)
        for area in grown:
            self.view.light(area)
        if grown:
            self.app.sound("area")

    def handle(self, event: pygame.event.Event) -> None:
        if press(self.controls, event, self.app.click):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.cell_at(event.pos, margin=2)
        elif event.type == pygame.MOUSEWHEEL or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        ):
            self.rotate()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.cell_at(event.pos, margin=2)
            if cell is not None:
                self.hover = cell
                self.click()

    def click(self) -> None:
        if not self.may_write() or self.formation() is None:
            return
        p = self.aimed()
        why = why_not(self.sheet(), p, self.max_dropped())
        if why:
            self.say(why, theme.BAD)
            self.app.sound("refuse")
            return
        self.write(p)

    def say(self, text: str, color=theme.MUTED) -> None:
        self.message = (text, color)

    # -- the AI ----------------------------------------------------------------------------
    def think(self, work: Callable[..., Any], args: tuple, then: Callable[[Any], None]) -> None:
        """Run ``work(*args)`` in the jobs process; ``then(result)`` once it is done."""
        self.app.jobs.cancel(self.thinking)
        self.thinking = self.app.jobs.submit(work, *args)
        self._then = then

    def leave(self) -> None:
        self.app.jobs.cancel(self.thinking)
        self.thinking = None

    # -- time and layout ------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.clock += dt
        for b in (*self.shape_buttons, self.order_button):
            b.enabled = self.can_arrange()
        self.turn_button.enabled = self.can_turn()
        moving = self.view.busy or self.rolling > 0 or self.thinking is not None
        self.view.update(dt)
        self.rolling = max(0.0, self.rolling - dt)
        if self.thinking is not None and self.thinking.done:
            done, then = self.thinking, self._then
            self.thinking = None
            if done.error is None:
                then(done.value)
            else:
                self.say(f"The AI could not play: {done.error}.", theme.BAD)
        return update_all(self.controls, dt) or moving

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        panel = min(PANEL, w * 2 // 5)
        self.panel = pygame.Rect(w - panel, 0, panel, h)
        # The panel is laid out for 800 pixels of height and squeezed below that.
        self.k = max(0.55, min(1.0, h / 800))
        self.view.layout(pygame.Rect(30, 80, w - panel - 60, h - 130))
        bw = (panel - 40) // 4
        bh = self.y(38)
        for i, b in enumerate(self.shape_buttons):
            b.rect = pygame.Rect(
                self.panel.left + 12 + (i % 4) * (bw + 5), self.y(150) + (i // 4) * (bh + 6), bw, bh
            )
        for b in (*self.shape_buttons, self.order_button, self.turn_button):
            b.size = max(14, self.y(20))
        half = (panel - 34) // 2
        self.order_button.rect = pygame.Rect(self.panel.left + 12, self.y(240), half, bh)
        self.turn_button.rect = pygame.Rect(self.panel.left + 22 + half, self.y(240), half, bh)

    def y(self, v: float) -> int:
        """A height on the panel, as laid out for 800 pixels, at this window's size."""
        return round(v * self.k)

    def draw_heading(self, surface: pygame.Surface, title: str) -> None:
        p = self.panel
        theme.text(
            surface, title, (p.centerx, self.y(10)), size=self.y(28), bold=True, anchor="midtop"
        )
        size = max(12, self.y(16))
        for i, line in enumerate(theme.wrap(CREDIT, size, p.width - 16)[:2]):
            theme.text(
                surface,
                line,
                (p.centerx, self.y(44) + i * (size + 2)),
                size=size,
                color=theme.MUTED,
                anchor="midtop",
            )

    # -- drawing ---------------------------------------------------------------------------
    def draw_sheet(self, surface: pygame.Surface, outline: bool = False) -> None:
        preview, ok = [], True
        f = self.formation()
        if f is not None and self.hover is not None and self.may_write() and not outline:
            x0, y0 = preview_at(f, self.hover)
            preview = [
                (fx + x0, fy + y0, s)
                for fx, fy, s in f.cells
                if 0 <= fx + x0 < SIZE and 0 <= fy + y0 < SIZE
            ]
            ok = why_not(self.sheet(), placement_at(f, x0, y0), self.max_dropped()) is None
        self.view.draw(surface, self.sheet(), preview=preview, preview_ok=ok, outline=outline)

    def draw_message(self, surface: pygame.Surface) -> None:
        text, color = self.message
        if (
            not text
            and self.hover is not None
            and self.may_write()
            and self.formation() is not None
        ):
            why = why_not(self.sheet(), self.aimed(), self.max_dropped())
            text, color = (why, theme.BAD) if why else ("Click to write it here.", theme.GOOD)
        w = self.panel.left
        for i, line in enumerate(theme.wrap(text, 24, w - 40)[:2]):
            theme.text(surface, line, (w // 2, 16 + 26 * i), size=24, color=color, anchor="midtop")

    def draw_dice(self, surface: pygame.Surface, top: int) -> None:
        """The four dice, tumbling while they roll."""
        p = self.panel
        if self.arranger is None:
            return
        rolled = self.arranger.rolled
        if self.rolling > 0:
            rng = random.Random(int(self.clock * 20))
            rolled = "".join(rng.choice("OXT") for _ in range(4))
        size = min(self.y(54), (p.width - 60) // 4)
        for i, s in enumerate(rolled):
            r = pygame.Rect(p.left + 14 + i * (size + 10), top, size, size)
            if self.rolling > 0:
                r.y += round(6 * ((self.clock * 17 + i) % 2 - 1))
            pygame.draw.rect(surface, theme.TEXT, r, border_radius=8)
            draw_symbol(surface, s, r, SYMBOL_COLOR[s] if self.rolling <= 0 else theme.MUTED)

    def draw_formation(self, surface: pygame.Surface, top: int) -> None:
        f = self.formation()
        if f is None or self.rolling > 0:
            return
        p = self.panel
        cell = self.y(30)
        w = max(c[0] for c in f.cells) + 1
        h = max(c[1] for c in f.cells) + 1
        left = p.centerx - w * cell // 2
        for x, y, s in f.cells:
            r = pygame.Rect(left + x * cell, top + (h - 1 - y) * cell, cell, cell)
            pygame.draw.rect(surface, theme.CELL, r.inflate(-2, -2), border_radius=4)
            draw_symbol(surface, s, r)
        theme.text(
            surface,
            f"{SHAPE_NAMES[self.arranger.shape]}-shape",
            (p.right - 14, top),
            size=max(12, self.y(18)),
            color=theme.MUTED,
            anchor="topright",
        )


class MosaixSoloScene(SheetPlay):
    """The solo game: you roll and lay out every formation; the scale of 8 lets
    symbols hang over the edge; 120 points wins, 130 is really super."""

    def __init__(self, app, seed: int | None = None, *, daily: dt.date | None = None) -> None:
        super().__init__(app)
        self.day = daily
        if seed is None:
            seed = daily_seed(daily) if daily is not None else random.randrange(2**63)
        self.game = Solo(seed)
        self.records, message = load_records(app.data)
        if message:
            app.toast(message)
        self.hint_button = Button("Hint (H)", self.hint, key=pygame.K_h, size=22)
        self.end_button = Button("End game (E)", self.ask_to_end, key=pygame.K_e, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.hint_button, self.end_button, self.menu_button]
        self.finished = False

    def enter(self) -> None:
        self.resize(self.app.size)
        self.new_roll(self.game.rolled)
        self.say(
            "Pick a shape and an order for the dice, point at the sheet, click to write.",
            theme.ACCENT,
        )

    def resume(self) -> None:
        self.resize(self.app.size)

    def sheet(self) -> Sheet:
        return self.game.sheet

    def max_dropped(self) -> int:
        return self.game.max_dropped

    def may_write(self) -> bool:
        return super().may_write() and not self.finished

    def write(self, p: Placement) -> None:
        before = self.game.sheet
        self.game.play(p)
        self.written(before, p)
        if p.dropped:
            off = f"{p.dropped} symbol{'s' if p.dropped > 1 else ''} off the edge"
            self.say(f"{off}: the scale has {self.game.scale} left.")
        else:
            self.say("")
        if self.game.over:
            self.finish()
        else:
            self.new_roll(self.game.rolled)

    def hint(self) -> None:
        if self.finished or self.thinking is not None or self.rolling > 0:
            return
        game = self.game
        seed = len(game.turns)
        self.say("Thinking...", theme.MUTED)

        def shown(p: Placement | None) -> None:
            if p is None:
                self.say("Nothing fits any more.", theme.BAD)
                return
            self.arranger.show(p.formation)
            w = max(c[0] for c in p.formation.cells) + 1
            h = max(c[1] for c in p.formation.cells) + 1
            self.hover = (p.x + w // 2, p.y + h // 2)
            self.say("Try it here: the preview shows where.", theme.GOOD)

        self.think(
            mosaix_ai.plan, (game.sheet, game.rolled, random.Random(seed), game.scale), shown
        )

    def ask_to_end(self) -> None:
        if self.finished:
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "End the game now?",
                f"Your score would be {self.game.score}: the sheet's points and one for each "
                "empty space of the scale.",
                "End it",
                self.end,
            )
        )

    def end(self) -> None:
        self.game.end()
        self.finish()

    def finish(self) -> None:
        self.finished = True
        day = self.day.isoformat() if self.day is not None else None
        best = self.records.finished(self.game.score, day)
        try:
            save_records(self.records, self.app.data)
        except OSError as e:
            self.app.toast(f"Your Mosaix results could not be saved: {e.strerror or e}")
        self.app.scenes.push(MosaixResultScene(self.app, self, best))

    def menu(self) -> None:
        if self.finished or not self.game.turns:
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Leave this game?",
                "A solo game is not kept.",
                "Leave",
                self.app.scenes.pop,
            )
        )

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        p = self.panel
        buttons = (self.hint_button, self.end_button, self.menu_button)
        if size[1] >= 700:
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(p.left + 12, p.bottom - 60 - (2 - i) * 50, p.width - 24, 42)
        else:  # a short window: one row of three
            bw = (p.width - 36) // 3
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(p.left + 12 + i * (bw + 6), p.bottom - 44, bw, 36)
                b.label = b.label.split(" (")[0]
                b.size = 18

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, f"Mosaix {'Daily solo' if self.day else 'Solo'}")
        self.draw_dice(surface, self.y(80))
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.y(292))
        y = self.y(420)
        theme.text(surface, "Scale", (p.left + 14, y), size=max(14, self.y(20)), color=theme.MUTED)
        box = min(22, (p.width - 90) // SCALE - 4)
        for i in range(SCALE):
            r = pygame.Rect(p.left + 70 + i * (box + 4), y - 2, box, box)
            pygame.draw.rect(surface, theme.CELL_EDGE, r, 2, border_radius=3)
            if i >= self.game.scale:
                pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        theme.text(
            surface,
            f"Points now: {self.game.sheet.score()} + {self.game.scale} = {self.game.score}",
            (p.left + 14, y + self.y(32)),
            size=max(15, self.y(22)),
        )
        theme.text(
            surface,
            f"Best: {self.records.best}   win at {SOLO_WIN}",
            (p.left + 14, y + self.y(60)),
            size=max(13, self.y(18)),
            color=theme.MUTED,
        )


class MosaixResultScene(ButtonScene):
    """The count: each symbol's areas of five or more times their cells, outlined
    on the sheet below; the scale's points; the verdict."""

    overlay = True

    def __init__(self, app, play: SheetPlay, best: bool = False) -> None:
        super().__init__(app)
        self.play = play
        self.best = best
        again = Button("Play again", self.again, key=pygame.K_RETURN, size=24)
        self.controls = [again, Button("Menu", self.menu, key=pygame.K_ESCAPE, size=24)]

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        p = self.play.panel
        self.box = pygame.Rect(p.left + 8, 66, p.width - 16, size[1] - 80)
        for i, b in enumerate(self.controls):
            b.rect = pygame.Rect(
                self.box.left + 12, self.box.bottom - 110 + i * 52, self.box.width - 24, 44
            )

    def again(self) -> None:
        play = self.play
        self.app.scenes.pop()
        if isinstance(play, MosaixSoloScene):
            self.app.scenes.replace(MosaixSoloScene(self.app, daily=None))
        else:
            self.app.scenes.replace(MosaixMatchScene(self.app, play.kinds))

    def menu(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=14)
        y = box.top + 14
        for line, size, color in self.lines():
            theme.text(surface, line, (box.centerx, y), size=size, color=color, anchor="midtop")
            y += size + 10
        draw_all(self.controls, surface)

    def lines(self) -> list[tuple[str, int, tuple]]:
        play = self.play
        if isinstance(play, MosaixSoloScene):
            game = play.game
            out = [("The count", 34, theme.TEXT)]
            for s, (k, n) in game.sheet.breakdown().items():
                out.append((f"{NAMES[s]}: {k} x {n} = {k * n}", 22, SYMBOL_COLOR[s]))
            out.append((f"Scale: {game.scale}", 22, theme.TEXT))
            total = game.score
            verdict = (
                "Really super!"
                if total >= SOLO_SUPER
                else "Won!"
                if total >= SOLO_WIN
                else f"{SOLO_WIN} wins"
            )
            out.append(
                (
                    f"{total} points. {verdict}",
                    28,
                    theme.GOOD if total >= SOLO_WIN else theme.ACCENT,
                )
            )
            if self.best:
                out.append(("A new best score", 20, theme.ACCENT))
            return out
        scores = play.match.scores()
        winners = play.match.winners()
        names = [play.name(i) for i in winners]
        head = f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}"
        out = [(head, 30, theme.GOOD)]
        for i, score in enumerate(scores):
            out.append((f"{play.name(i)}: {score} points", 22, theme.TEXT))
        return out


NAMES = {"O": "Circles", "X": "Crosses", "T": "Triangles"}


class MosaixMatchScene(SheetPlay):
    """A match of 1 to 4 sheets at one screen, humans and AI. The roller changes
    each round; then every player writes the formation on their own sheet, the
    humans one after another (hand the mouse on)."""

    def __init__(self, app, kinds: list[str], seed: int | None = None) -> None:
        super().__init__(app)
        self.kinds = kinds
        self.match = Match(kinds, seed if seed is not None else random.randrange(2**63))
        self.player = self.match.roller  # whose sheet is shown large
        self.thumbs = [SheetView() for _ in kinds]
        self.ready_button = Button("Lay it out (Enter)", self.lay_out, key=pygame.K_RETURN, size=22)
        self.menu_button = Button("Menu", self.menu, key=pygame.K_ESCAPE, size=22)
        self.controls += [self.ready_button, self.menu_button]

    def name(self, i: int) -> str:
        return f"Player {i + 1}" + (" (AI)" if self.kinds[i] == "AI" else "")

    def enter(self) -> None:
        self.resize(self.app.size)
        self.start_round()

    def resume(self) -> None:
        self.resize(self.app.size)

    def sheet(self) -> Sheet:
        return self.match.sheets[self.player]

    # -- the round ----------------------------------------------------------------------------
    def start_round(self) -> None:
        m = self.match
        self.player = m.roller
        self.new_roll(m.rolled)
        if self.kinds[m.roller] == "AI":
            me = m.roller
            others = [s for i, s in enumerate(m.sheets) if i != me]
            seed = m.rounds
            self.say(f"{self.name(me)} rolls and lays out a formation...", theme.MUTED)
            self.think(
                mosaix_ai.arrange,
                (m.sheets[me], others, m.rolled, random.Random(seed)),
                self.arranged,
            )
        else:
            self.say(
                f"{self.name(m.roller)} rolls: pick a shape and an order, then lay it out.",
                theme.ACCENT,
            )

    def can_arrange(self) -> bool:
        return (
            self.arranger is not None
            and self.match.formation is None
            and self.kinds[self.match.roller] != "AI"
        )

    def formation(self) -> Formation | None:
        if self.match.formation is not None and self.arranger is not None:
            return self.arranger.formation
        return super().formation()

    def lay_out(self) -> None:
        if not self.can_arrange() or self.rolling > 0:
            return
        self.arranged(self.arranger.formation)

    def arranged(self, formation: Formation) -> None:
        self.arranger.show(formation)
        self.match.arrange(formation)
        self.next_writer()

    def may_write(self) -> bool:
        m = self.match
        return (
            super().may_write()
            and m.formation is not None
            and not m.finished
            and self.player not in m.done
            and self.kinds[self.player] == "Human"
        )

    def can_turn(self) -> bool:
        return self.can_arrange() or self.may_write()

    def write(self, p: Placement) -> None:
        before = self.sheet()
        self.match.write(self.player, p)
        self.written(before, p)
        self.next_writer()

    def next_writer(self) -> None:
        """The next player to write this round's formation, or the next round."""
        m = self.match
        if m.finished:
            self.app.scenes.push(MosaixResultScene(self.app, self))
            return
        if m.formation is None:  # the round is over: the next roller rolls
            self.start_round()
            return
        order = [(m.roller + k) % len(self.kinds) for k in range(len(self.kinds))]
        waiting = [i for i in order if i not in m.done]
        self.player = waiting[0]
        if self.kinds[self.player] == "AI":
            who, sheet, formation = self.player, m.sheets[self.player], m.formation
            self.think(
                mosaix_ai.place, (sheet, formation, random.Random(m.rounds + who)), self.ai_wrote
            )
        else:
            self.say(f"{self.name(self.player)}: write the formation on your sheet.", theme.ACCENT)

    def ai_wrote(self, p: Placement | None) -> None:
        if p is None:  # cannot happen: arrange() marks sheets with no placement as done
            self.next_writer()
            return
        self.write(p)

    def update(self, dt: float) -> bool:
        self.ready_button.enabled = self.can_arrange() and self.rolling <= 0
        return super().update(dt)

    def menu(self) -> None:
        if self.match.finished:
            self.app.scenes.pop()
            return
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Leave this match?",
                "A Mosaix match is not kept.",
                "Leave",
                self.app.scenes.pop,
            )
        )

    # -- layout and drawing ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        p = self.panel
        self.ready_button.rect = pygame.Rect(p.left + 12, self.y(286), p.width - 24, self.y(40))
        self.menu_button.rect = pygame.Rect(p.left + 12, p.bottom - 54, p.width - 24, 42)
        top = self.y(470)
        rows = (len(self.thumbs) + 1) // 2
        room = (self.menu_button.rect.top - 10 - top) // rows - 24
        small = min(110, room, (p.width - 30) // 2)
        self.show_thumbs = small >= 49
        for i, view in enumerate(self.thumbs):
            cell = pygame.Rect(0, 0, small, small)
            cell.topleft = (p.left + 10 + (i % 2) * (small + 10), top + (i // 2) * (small + 24))
            view.layout(cell)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_sheet(surface, outline=self.match.finished)
        self.draw_message(surface)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        self.draw_heading(surface, "Mosaix match")
        self.draw_dice(surface, self.y(80))
        draw_all(self.controls, surface)
        self.draw_formation(surface, self.y(336))
        theme.text(
            surface,
            f"Sheet shown: {self.name(self.player)}",
            (self.view.rect.centerx, self.view.rect.bottom + 26),
            size=20,
            color=theme.ACCENT,
            anchor="midtop",
        )
        if not self.show_thumbs:  # a short window: the scores as a list
            top = self.y(470)
            for i, sheet in enumerate(self.match.sheets):
                color = theme.ACCENT if i == self.player else theme.TEXT
                line = f"{self.name(i)}: {sheet.score()} points"
                theme.text(surface, line, (p.left + 14, top + 20 * i), size=16, color=color)
            return
        for i, view in enumerate(self.thumbs):
            view.draw(surface, self.match.sheets[i], labels=False)
            label = f"{self.name(i)}: {self.match.sheets[i].score()}"
            color = theme.ACCENT if i == self.player else theme.MUTED
            theme.text(
                surface,
                label,
                (view.rect.centerx, view.rect.bottom + 6),
                size=16,
                color=color,
                anchor="midtop",
            )
