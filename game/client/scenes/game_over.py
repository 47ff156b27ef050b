"""Game over: the result over the final board, then rematch or back to the menu.

The panel knows the finished game and what its buttons do (an :class:`Over`
given by the screen that owns the game), never that screen itself: where to go
next is the owner's to say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext
from game.play import speech
from game.play.match import Match, player_name, turns_said
from game.play.match_end import ending
from game.play.offers import CardKind
from game.rules import BLUE, RED

from .. import text_layout, theme
from ..focus_row import PRESS, FocusRow
from ..layout_tree import Column, Grid, Node, Stack
from ..scene import ButtonScene, Services, pad_buttons
from ..widgets import Button, draw_all


@dataclass(frozen=True)
class Over:
    """A finished game as its result panel shows it, and what its buttons do."""

    match: Match
    #: Where the panel goes: over the board, the moves left in view.
    area: Callable[[], pygame.Rect]
    #: Put the panel away to look at the final board.
    see_board: Callable[[], None]
    #: Leave the game (for the title screen, or an online game's lobby).
    leave: Callable[[], None]
    #: Go through the game with the engine (none for a game called off).
    analyse: Callable[[], None] | None = None
    #: What leaving leads to: named so, not "Menu", which the side panel's button
    #: (the pause menu) was called as well.
    leave_label: str = N_("Title screen")
    #: The same players again, colours swapped (a match at this screen).
    rematch: Callable[[], None] | None = None
    #: Save the game to a file: (done, what to say).
    save: Callable[[], tuple[bool, str]] | None = None
    #: How this ending counts, when not as usual (played on after the end).
    note: str = ""


#: Narrower than this, the result's buttons go in more rows: their labels keep
#: their size, and Large its larger one, rather than shrink to fit a fifth of a
#: small window.
NARROWEST = 150
#: The headline's least height, in pixels, where the panel is short: it gives
#: way first, down to this, so the lines under it keep their size.
HEADLINE_LEAST = 52


#: Seconds after a result card appears in which it takes no click and no
#: button's key. The game ends on the last turn's click, and a fast player's
#: next click (or Enter, or a controller's A) is often already on its way,
#: meant for the board: it would land on the button now under it, Rematch among
#: them. A fast player's clicks in a row come 0.1 to 0.3 s apart, so 0.4 s
#: catches them; reading the result and choosing a button takes longer than
#: that, so no press meant for the card is lost, and the wait is not felt.
DEAF = 0.4


def too_soon(t: float, event: pygame.event.Event, buttons: list[Button]) -> bool:
    """Is ``event``, ``t`` seconds after a result card appeared, a press the card
    does not take yet (:data:`DEAF`)? A click, or a key that would press one of
    ``buttons`` or put the card away; not Tab or an arrow, which only move the
    focus."""
    if t >= DEAF:
        return False
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return True
    keys = {b.key for b in buttons} | set(PRESS) | {pygame.K_ESCAPE}
    return event.type == pygame.KEYDOWN and event.key in keys


#: The headline's size; the lines under it grow to just under it, no further.
HEADLINE = 56
#: Lines asked for smaller than this are the card's small lines (the status,
#: the turns, the note): one too long for its line takes two where there is room.
SMALL = 28
#: A window at least this high has room for the lines under the headline to grow.
TALL = 700
#: The steps the lines under the headline grow by.
GROW_STEP = 0.05


def grown(lines: list[tuple[str, float, theme.Color, bool]], width: int, room: float) -> float:
    """How much larger than asked the lines under the headline (``lines``' first)
    can be drawn, all alike: as much as keeps each on one line with a tenth of
    ``width`` to spare (not edge to edge) and all, with the headline, ``room``
    high; up to just under the headline's size, and at least their own. Measured
    in Normal text's pixels, with room for Large's headline: Large then draws
    them as large (or at its own sizes, if larger), never smaller."""
    _head, *rest = lines
    largest = max((s for _t, s, _c, _b in rest), default=1.0)
    k = best = 1.0
    while largest * (k + GROW_STEP) <= HEADLINE - 2:
        k += GROW_STEP
        fonts = [theme.face(theme.normal_px(s * k), b) for _t, s, _c, b in rest]
        headline = text_layout.room(HEADLINE, bold=True)  # Large's, in either
        tall = headline + sum(f.get_height() + 6 for f in fonts)
        wide = max((f.size(t)[0] for f, (t, *_r) in zip(fonts, rest, strict=True)), default=0)
        if tall > room or wide > 0.9 * width:
            break
        best = k
    return best


class GameOverScene(ButtonScene):
    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, N_("rematch")),
        y=(pygame.K_a, N_("analyse the game")),
        # Esc (B) puts the card away, as it does every card: the side panel's
        # Result brings it back. Leaving has a key of its own (T). X is left
        # free: as a second "see the board" it only doubled B in the help.
        b=(pygame.K_ESCAPE, N_("see the board")),
    )

    overlay = True

    def __init__(self, app: Services, over: Over) -> None:
        super().__init__(app)
        self.over = over
        # How the ending counts, then what saving said, shown in the panel.
        self.note = (over.note, theme.MUTED)
        buttons: list[Button | None] = [
            Button(N_("Rematch"), over.rematch, key=pygame.K_RETURN, size=24)
            if over.rematch
            else None,
            Button(N_("See board"), over.see_board, key=pygame.K_b, size=24),
            Button(N_("Analyse"), over.analyse, key=pygame.K_a, size=24) if over.analyse else None,
            Button(N_("Save game"), self.save, size=24) if over.save else None,
            Button(over.leave_label, over.leave, key=pygame.K_t, size=24),
        ]
        self.controls = [b for b in buttons if b is not None]
        # The d-pad (or the arrows) lights a button and A (Enter) presses it;
        # until one is lit, Enter is Rematch's own key.
        self.focus = FocusRow(self.controls)
        #: How much larger than their own sizes the lines under the headline are
        #: drawn: a tall panel's room is theirs.
        self.grow = 1.0
        #: How wide the panel's lines are (0 before it is laid out).
        self.across = 0
        #: May the turns line take two lines, its passes on the second?
        self.apart = True

    def handle(self, event: pygame.event.Event) -> None:
        if too_soon(self.t, event, self.controls):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.click()
            self.over.see_board()
        elif not self.focus.handle(event, self.app.click):
            super().handle(event)

    def enter(self) -> None:
        self.resize(self.app.size)

    def state_said(self) -> str:
        """What the score key says here: the result's lines as shown, both
        players' tiles among them (the generic words stop at the first line)."""
        return speech.together(line[0] for line in self.lines())

    def room(self, size: tuple[int, int]) -> pygame.Rect:
        """The board's area down to the window's foot: the moves stay in view beside
        the panel, and a short board (a small window) does not squeeze its lines.
        Not above the board, where the lines over it (what the last turn did)
        stay in view; unless the result's lines need it, each at least at
        Normal's size (play-test: at 640x480 in Large, a long turns line and a
        note under it shrank together, far under it)."""
        room = pygame.Rect(self.over.area())
        room.height = size[1] - room.top
        if size[1] < TALL:  # a tall window's panel has room to spare
            self.grow = 1.0
            spec, frame = self.spec(self.shape(size)[2])
            short = frame + sum(least for *_r, least in spec) - (room.height - 8)
            up = max(0, min(short, room.top - 8))
            room.top, room.height = room.top - up, room.height + up
        return room

    def shape(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """The panel's width, its buttons across and their rows' height: as few
        rows as keep each button at least :data:`NARROWEST` wide."""
        width = min(600, self.over.area().width - 24)
        self.across, self.apart = width - 24 - 16, True
        n = len(self.controls)
        for rows in range(1, n + 1):
            across = -(-n // rows)
            if (width - 24 - 12 * (across - 1)) / across >= NARROWEST:
                break
        rows = -(-n // across)
        return width, across, rows * 46 + (rows - 1) * 8

    def spec(self, buttons_h: int) -> tuple[list[tuple[int, int, int, int]], int]:
        """Each line's height at its size on one line, at its size wrapped (a
        small line too long for one), its least on one line and its least
        wrapped (Normal's size; the headline's, :data:`HEADLINE_LEAST`); and the
        panel's height beside its lines."""
        spec = []
        for i, (t, s, _c, b) in enumerate(self.lines()):
            high = theme.font(56 if i == 0 else s, b).get_height()
            least = theme.face(theme.normal_px(s), b).get_height() if i else HEADLINE_LEAST
            two, two_least = high, min(least, high)
            if i and s < SMALL and ("\n" in t or theme.font(s, b).size(t)[0] > self.across):
                two = text_layout.block_height(t, s, self.across, bold=b)
                two_least = text_layout.block_height(
                    t, s, self.across, bold=b, pixels=theme.normal_px(s)
                )
            spec.append((high, two, min(least, high), two_least))
        return spec, 16 + 6 * (len(spec) - 1) + 24 + buttons_h + 6 + 4

    @property
    def box(self) -> pygame.Rect:
        """The panel."""
        return self.boxes.rect("box")

    def layout(self, size: tuple[int, int]) -> Node:
        """The panel in the middle of the board's area: the result's lines, each
        as tall as its text at its size, the headline squeezed where the panel is
        shorter (so Large enlarges every line, as it does the buttons), over the buttons in as few
        rows as keep each at least :data:`NARROWEST` wide."""
        room = size[1] - self.room(size).top - 8
        width, across, buttons_h = self.shape(size)
        height = min(room, max(360, 250 + buttons_h))
        # A tall window's panel has room to spare under the headline: the lines
        # grow into it, below the headline's size. A short one's room is Large
        # text's, to draw its lines larger than Normal.
        self.grow = 1.0
        if size[1] >= TALL:
            inside = (width - 24 - 16, height - 24 - (buttons_h + 6) - 4 - 16)
            normal = grown(self.lines(), *inside)
            self.grow = max(1.0, normal * theme.normal_px(100) / theme.px(100))
        # A short panel takes its room from the headline first, which has plenty,
        # and from the lines under it no further than Normal's size: Large
        # enlarges them as it does the buttons. A small line too long for one
        # line at its size (the turns with their passes) takes two where the
        # panel has room, rather than shrink.
        # As high as what it holds, no band left empty above the buttons (play-test:
        # a card with fewer lines, reopened from History, had one at 1280x800).
        spec, frame = self.spec(buttons_h)
        # A small line too long for one line wraps where the lines can give way
        # for it, each no smaller than Normal's size: on one line, the small
        # lines shrank together to fit it (play-test: far under Normal's size at
        # 640x480 in Large, a rating line under the turns).
        wrap = frame + sum(two_least for *_r, two_least in spec) <= room
        self.apart = wrap
        held = frame + sum(two if wrap else high for high, two, _l, _t in spec)
        lines = [
            Node(
                ("line", i),
                height=two if wrap else high,
                min_height=two_least if wrap else least,
            )
            for i, (high, two, least, two_least) in enumerate(spec)
        ]
        height = min(room, held)
        buttons = Grid(
            columns=across,
            rows=46,
            gap=12,
            row_gap=8,
            height=buttons_h,
            anchor="top",
            children=[Node(c) for c in self.controls],
        )
        return Stack(
            children=[
                Column(
                    key="box",
                    width=width,
                    height=height,
                    padding=12,
                    gap=4,
                    children=[
                        Column(dock="bottom", height=buttons_h + 6, children=[buttons]),
                        Column(margin=8, gap=6, justify="start", children=lines),
                    ],
                )
            ]
        )

    def lines(self) -> list[tuple[str, float, theme.Color, bool]]:
        """The result's lines, top to bottom: text, size, colour, bold."""
        match = self.over.match
        # The game's end, not the position on screen: the card is opened while
        # looking back too, where that position may have no winner yet.
        end = ending(match)
        color = theme.ACCENT if end.winner is None else theme.TILE[end.winner]
        out = [(end.headline, HEADLINE * (1 + 0.08 * max(0.0, 1 - self.t * 3)), color, True)]
        k = self.grow
        if end.resign_line:
            out.append((end.resign_line, 22 * k, theme.MUTED, False))
        for side in (RED, BLUE) if end.counted else ():
            n = end.tiles[side]
            line = ngettext("{side} ({player}): {n} tile", "{side} ({player}): {n} tiles", n)
            out.append(
                (
                    line.format(side=_(side.title), player=player_name(match.player(side)), n=n),
                    28 * k,
                    theme.TEXT,
                    False,
                )
            )
        turns = turns_said(end.turns, end.first, end.passes) if end.counted else ""
        if turns and self.apart and self.across and theme.font(22 * k).size(turns)[0] > self.across:
            turns = turns_said(end.turns, end.first, end.passes, apart=True)
        if turns:
            out.append((turns, 22 * k, theme.MUTED, False))
        text, note = self.note
        if text:  # no row kept empty (play-test: reopened from History, a band)
            # The turns line's size: Large's rating line read as small print at 20.
            out.append((text, 22 * k, note, False))
        return out

    def save(self) -> None:
        if self.over.save is not None:
            done, text = self.over.save()
            self.note = (text, theme.GOOD if done else theme.BAD)
            self.resize(self.app.size)  # a row for what saving said

    def wraps(self, i: int, text: str, size: float, bold: bool) -> bool:
        """Is line ``i`` a small one too long for one line at its size, given
        room for two (:meth:`layout`)? Then it takes two rather than shrink."""
        box = self.boxes[("line", i)]
        least = text_layout.block_height(
            text, size, box.width, bold=bold, pixels=theme.normal_px(size)
        )
        return (
            i > 0
            and size < SMALL
            and ("\n" in text or theme.font(size, bold).size(text)[0] > box.width)
            and least <= box.height
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme.dialog(surface, self.box, round(self.t * 600))
        lines = [(i, *line) for i, line in enumerate(self.lines()) if line[0]]
        wrapped = {i for i, t, s, _c, b in lines if self.wraps(i, t, s, b)}
        # Lines of one size are read together: one size (Red's and Blue's counts;
        # the small lines, where one too long for its line has no room for two).
        most = {
            s: min(
                text_layout.block_px(t, s, self.boxes[("line", i)].w, self.boxes[("line", i)].h)
                if i in wrapped
                else text_layout.label_px(t, self.boxes[("line", i)], s, bold=b)
                for i, t, z, _c, b in lines
                if z == s
            )
            for _i, _t, s, _c, _b in lines
        }
        for i, text, s, color, bold in lines:
            box = self.boxes[("line", i)]
            if i in wrapped:
                text_layout.block(
                    surface, text, box, size=s, color=color, align="center", pixels=most[s]
                )
                continue
            text_layout.label(
                surface, text, box, size=s, color=color, align="center", bold=bold, most=most[s]
            )
        draw_all(self.controls, surface)


class NoAnalysisCard(GameOverScene):
    """The card of a game with nothing to analyse (one called off): the
    controller's help offers no Y for the Analyse it does not show."""

    pad_keys = pad_buttons(
        a=(pygame.K_RETURN, N_("rematch")),
        b=(pygame.K_ESCAPE, N_("see the board")),
    )


#: The card of each kind the game's offers name.
CARDS: dict[CardKind, type[GameOverScene]] = {"analysed": GameOverScene, "plain": NoAnalysisCard}


def result_card(app: Services, over: Over, kind: CardKind) -> GameOverScene:
    """The result card of ``kind`` for ``over``."""
    return CARDS[kind](app, over)
