"""What a match shows: the board, the side panel, the status line above the
board and the keys below it, and the controller's events as animation, sound
and messages. :class:`~.match_scene.MatchScene` adds what the player does
(clicks, keys, the menu) and the ways out of a match.
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.play import look_back, speech
from game.play.control import Hints, MatchControl, Saves, TakeBacks, Thinks, abilities
from game.play.explain import explain, turn_summary
from game.play.match import Event, Match, player_name
from game.play.match_end import BANNER_AFTER_TURN, banner_takes, keys_when_over
from game.play.notices import UNTIL_MOVED, Notices
from game.rules import BLUE, PASS, RED

from .. import text_layout as tl
from .. import theme
from ..board_input import BoardInput
from ..board_view import CHAIN_GAP, BoardView
from ..layout import anchor, split
from ..layout_tree import Column, Node, Row, Stack
from ..scene import Scene, Services
from ..side_panel import PANEL_WIDTH, SidePanel


class MatchBoard(Scene):
    """A match's screen without its input: it draws ``control``'s match and
    animates the events the controller returns. ``make_panel`` gives the side
    panel, with the actions of the scene that plays."""

    #: Speech tells, after the first line, how to hear the score and play by key.
    tells_keys = True

    def __init__(self, app: Services, control: MatchControl) -> None:
        super().__init__(app)
        self.control: MatchControl = control
        self.can = abilities(control)
        # The optional parts of the controller, each None where it cannot.
        self.takebacks = control if isinstance(control, TakeBacks) else None
        self.hints = control if isinstance(control, Hints) else None
        self.saves = control if isinstance(control, Saves) else None
        self.thinker = control if isinstance(control, Thinks) else None
        self.view = BoardView(control.match.board.size)
        self.input = BoardInput(self.view)
        self.notices = Notices()
        self.panel = self.make_panel()
        self.pending: list[tuple[float, str]] = []  # sounds due at a time
        self.finished = False
        self.clock = 0.0
        self.banner_put_away = -1e9  # when a click last put a banner away
        # The cells a click can act on, and the board state they were worked out for.
        self._targets_for: object = None
        self._targets: frozenset[int] = frozenset()

    def make_panel(self) -> SidePanel:
        """The side panel, with the buttons of what the player may do."""
        raise NotImplementedError

    @property
    def match(self) -> Match:
        return self.control.match

    @property
    def current(self) -> bool:
        return self.control.current

    @property
    def hover(self) -> int | None:
        # Under a banner the preview invited the click the banner now takes.
        return None if self.notices.get("banner") is not None else self.input.hover

    @property
    def typing(self) -> bool:
        return self.input.typing

    @property
    def hint(self) -> tuple[int, ...]:
        return self.control.hint

    # -- layout ------------------------------------------------------------------
    def enter(self) -> None:
        self.view.speed = self.app.settings.speed
        self.take_settings()
        self.resize(self.app.size)

    def resume(self) -> None:
        self.take_settings()
        self.resize(self.app.size)
        # The pointer moved while another scene was on top: what it is over now.
        self.input.point(self.app.pointer)

    def take_settings(self) -> None:
        """What the settings say of the board and the AI (back from Settings)."""
        if self.thinker is not None:
            self.thinker.ponder_allowed = self.app.settings.ponder
            self.thinker.master_long = self.app.settings.master_long
        self.view.coordinates = self.app.settings.coordinates

    def layout(self, size: tuple[int, int]) -> Node:
        """The panel on the right; left of it, 20 pixels in from either side, the
        board under the status line, and the line of keys at the foot. The turn
        box opens over the status line, and takes its place."""
        h = size[1]
        return Row(
            children=[
                Node(width=20),
                Stack(
                    children=[
                        Column(justify="start", children=[Node(height=8), Node("status")]),
                        Column(
                            justify="start",
                            children=[Node(height=10), Node(self.input.box, height=48)],
                        ),
                        Column(
                            justify="start",
                            children=[Node(height=70), Node(self.view, height=h - 110)],
                        ),
                        Column(justify="end", children=[Node("keys", height=28), Node(height=6)]),
                    ]
                ),
                Node(width=20),
                Node(self.panel, width=min(PANEL_WIDTH, size[0] // 3)),
            ]
        )

    @property
    def top_box(self) -> pygame.FRect:
        """The status line's: two lines' room over the board, down to it."""
        return split(self.boxes["status"], max(26, self.view.rect.top - 10), "top")[0]

    @property
    def keys_box(self) -> pygame.FRect:
        return self.boxes["keys"]

    # -- events to animation and sound -----------------------------------------------
    def show(self, events: list[Event]) -> None:
        self.app.speak(speech.events(events))
        if self.match.chain is not None and any(e.kind == "flip" for e in events):
            self.app.speak(speech.chain_step(self.match.chain))
        delay = 0.0
        for ev in events:
            if ev.kind == "refused":
                self.say(ev.text, theme.BAD)
                self.app.sound("refuse")
            elif ev.kind == "error":
                self.say(ev.text, theme.BAD)
            elif ev.kind == "hint":
                self.say(ev.text, theme.GOOD, 6)
            elif ev.kind == "place":
                self.view.pop(ev.cells[0], delay)
                self.app.sound("place")
                self.say("")
            elif ev.kind == "flip" and ev.color is not None:
                self.view.flip(ev.cells[0], ev.color.other, delay)
                self.pending.append((self.clock + delay, "chain" if delay else "flip"))
                delay += CHAIN_GAP / self.view.speed
                self.say_chain()
            elif ev.kind == "turn" and ev.color is not None:
                self.notices.shorten("banner", BANNER_AFTER_TURN)  # over the next turn's cells
                # Say what was played: the line must not read the tile now under the
                # pointer as a refusal of the click just made.
                self.say(turn_summary(ev.color.title, ev.text), theme.TEXT, UNTIL_MOVED)
            elif ev.kind == "pass":
                self.notices.say("banner", ev.text, theme.ACCENT, 2.5)
                self.pending.append((self.clock + delay, "pass"))
                # The banner goes by in seconds: the line over the board keeps the
                # pass after the turn that forced it, until the player moves on.
                said = self.status[0]
                self.say(f"{said} {ev.text}" if said else ev.text, theme.ACCENT, UNTIL_MOVED)
            elif ev.kind == "over":
                self.finish()

    # -- what Speech says (see game.client.speaker) ----------------------------------
    def heard(self) -> tuple[str, str]:
        """The screen's title and first line: who plays, and whose turn it is."""
        match = self.match
        title = _("Match on a board of side {side}: Red, {red}; Blue, {blue}").format(
            side=match.board.size,
            red=player_name(match.player(RED)),
            blue=player_name(match.player(BLUE)),
        )
        return title, self.turn_line()[0]

    def cell_said(self, cell: int) -> str:
        match = self.match
        return speech.cell(
            match.board, match.chain, cell, your_turn=match.human_to_move and not self.finished
        )

    def state_said(self) -> str:
        match = self.match
        before, said = match.board.copy(), ""
        while before.turn_stack and not said:  # the last turn played, forced passes aside
            turn = before.pop()
            if turn is not PASS:
                said = speech.turn(before.mover, before.notation(turn))
        over = match.result_text() if match.over else ""
        return speech.score(match.board, match.players, over=over, last=said)

    def say_chain(self) -> None:
        """During a chain, say what is owed (until something else is said)."""
        owed = self.match.owed()
        if owed:
            n = len(owed)
            text = ngettext(
                "Chain: now flip the ringed tile.",
                "Chain: now flip one of the {n} ringed tiles.",
                n,
            )
            self.say(text.format(n=n), theme.ACCENT, 0)

    def finish(self) -> None:
        self.finished = True

    def say(self, text: str, color: theme.Color = theme.MUTED, seconds: float = 4.0) -> None:
        self.notices.say("status", text, color, seconds)

    @property
    def status(self) -> tuple[str, theme.Color, float]:
        """The status line: text, colour, seconds left (0: until replaced)."""
        n = self.notices.get("status")
        return ("", theme.MUTED, 0.0) if n is None else (n.text, n.color, max(0.0, n.left))

    @property
    def thinking(self) -> bool:
        """An AI at this screen is working out its turn."""
        return self.thinker is not None and self.thinker.thinking

    @property
    def pondering(self) -> bool:
        """The AI opponent thinks over the ending on the player's time."""
        return self.thinker is not None and self.thinker.pondering

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        match = self.match
        human = match.human_to_move
        targets = self.targets() if human and not self.finished else frozenset()
        last = match.board.peek()
        chain = match.chain
        self.view.draw(
            surface,
            match.shown(),
            hover=self.hover if human else None,
            targets=targets,
            markers=self.app.settings.legal_markers,
            last=last.cells if last is not None and chain is None else (),
            chain=chain.cells if chain is not None else (),
            shapes=self.app.settings.colour_blind,
            hint=self.hint,
            pulse=self.clock,
            cursor=self.input.cursor,
        )
        self.draw_top(surface)
        self.panel.draw(surface, match, self.turn_line(), self.clock, self.thinking)
        banner = self.notices.get("banner")
        if banner is not None:
            box = self.banner_box()
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((*theme.PANEL, round(235 * min(1.0, banner.left * 2))))
            surface.blit(panel, box)
            pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=12)
            tl.label(surface, banner.text, box.inflate(-24, 0), size=32, bold=True, align="center")

    def banner_took(self, event: pygame.event.Event) -> bool:
        """A click on the board while a banner is up, or just after a click put
        it away, only puts the banner away; a key puts it away and still does
        its job."""
        up = self.notices.get("banner") is not None
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        on_board = click and event.pos[0] < self.panel.rect.left
        if event.type == pygame.KEYDOWN:
            self.notices.clear("banner")
        if not banner_takes(click, on_board, up, self.clock - self.banner_put_away):
            return False
        if up:
            self.notices.clear("banner")
            self.banner_put_away = self.clock
        return True

    def banner_box(self) -> pygame.FRect:
        """Where a banner shows: over the board's middle, or as near it as it
        hides none of the tiles."""
        box = anchor(self.view.rect, (min(640, self.panel.rect.left - 24), 80), "center")
        return self.view.clear_of_tiles(box, self.match.shown())

    def turn_line(self) -> tuple[str, theme.Color]:
        """Whose turn it is, the result, or the AI thinking."""
        match = self.match
        if self.finished or match.over:
            return match.result_text(), theme.ACCENT
        # A finished game looked back over (nobody is to move), or an earlier
        # position of one going on: "Red to move" read as the game's own state.
        if match.finished or (self.control.browsing and match.ply < match.plies):
            return look_back.looking_at(match.ply, match.plies), theme.MUTED
        if match.ai_to_move and self.thinker is not None and self.thinker.thinking:
            dots = "." * (1 + int(self.clock * 3) % 3)
            waited = self.clock - self.thinker.thinking_since
            level = player_name(match.ai_to_move)
            if waited >= 2:
                text = _("{player} is thinking{dots} {seconds} s").format(
                    player=level, dots=dots, seconds=f"{waited:.0f}"
                )
            else:
                text = _("{player} is thinking{dots}").format(player=level, dots=dots)
            return text, theme.ACCENT
        mover = match.board.mover
        if self.pondering and match.human_to_move:
            other = player_name(match.player(mover.other))
            text = _("{side} to move. {player} is thinking too.")
            return text.format(side=_(mover.title), player=other), theme.TILE[mover]
        return _("{side} to move").format(side=_(mover.title)), theme.TILE[mover]

    def targets(self) -> frozenset[int]:
        """The cells a click can act on now, worked out once per board state."""
        match = self.match
        key = (match.board.transposition_key(), match.chain)
        if self._targets_for != key:
            self._targets_for, self._targets = key, frozenset(match.targets())
        return self._targets

    def hover_text(self) -> tuple[str, theme.Color]:
        """What the status line says about the cell under the pointer (or the
        board cursor, if the keys moved last)."""
        match = self.match
        cell = self.input.focus
        if cell is None or self.finished or self.notices.get("banner") is not None:
            return "", theme.MUTED
        text, tone = explain(match.board, match.chain, cell, your_turn=match.human_to_move)
        return text, theme.TONES[tone]

    def draw_top(self, surface: pygame.Surface) -> None:
        # Once the game is over its result panel takes the keys: the board's
        # would be a promise the panel does not keep.
        if not self.finished:
            self.input.draw_help(surface, self.keys_box, *self.keys_text())
        if self.input.typing:
            self.input.box.draw(surface)
            return
        text, color, _left = self.status
        if not text:
            text, color = self.hover_text()
        if text:
            # Two lines above the board; a long explanation is made smaller to fit
            # them (never below the floor) rather than losing its end.
            tl.block(surface, text, self.top_box, size=24, floor=15, color=color, align="center")

    def keys_text(self) -> tuple[str, ...]:
        """The line of keys under the board, longest first: until the cursor shows,
        Left and Right are the moves'."""
        texts = self.input.help_text()
        if self.match.over and not self.input.typing and not self.input.by_pad:
            # The last position: no turn is left to play, only the game to look back on.
            return keys_when_over(self.match)
        if self.input.cursor is None and not self.input.typing and not self.input.by_pad:
            return (
                _("{keys} Left and Right step through the moves.").format(keys=texts[0]),
                _("Up or Down: board cursor. T: type a turn. Left, Right: the moves."),
                *texts[1:],
            )
        return texts
