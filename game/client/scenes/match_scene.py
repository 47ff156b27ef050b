"""A match on screen: the board, the side panel, clicks, the AI and animation.

Clicks go to :class:`~game.client.match.Match`; the events it returns become
animations and sounds. When an AI is to move the scene asks the worker process
and polls it every frame, so the window never waits; its turn is shown tile by
tile before the next one is asked for.
"""

from __future__ import annotations

import math
import time

import pygame

from game.rules import BLUE, RED, Color

from .. import theme
from ..board_view import CHAIN_GAP, BoardView
from ..in_progress import CURRENT, match_in_progress
from ..match import Event, Match
from ..scene import Scene
from ..storage import write_json, write_new
from ..widgets import Button, draw_all, press, update_all
from .confirm import ConfirmScene
from .game_over import GameOverScene

PANEL_WIDTH = 330
HINT_LEVEL = "Master"
HINT_SECONDS = 1.0


class MatchScene(Scene):
    """``current``: this match is the match in progress, kept after every turn. A
    saved game opened for a look is not, until the player plays on in it (and,
    if another match is in progress, says that it may take that one's place)."""

    def __init__(self, app, match: Match, *, current: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.current = current
        self.view = BoardView(match.board.size)
        self.hover: int | None = None
        self.status = ("", theme.MUTED, 0.0)  # text, colour, seconds left (0: until replaced)
        self.banner = ("", 0.0)
        self.request: int | None = None
        self.hint_request: int | None = None
        self.hint: tuple[int, ...] = ()
        self.pending: list[tuple[float, str]] = []  # sounds due at a time
        self.finished = False
        self.clock = 0.0
        self.thinking_since = 0.0
        self._targets: tuple = (None, frozenset())
        self.buttons = [
            Button("Undo", self.undo, key=pygame.K_u, size=24),
            Button("Redo", self.redo, key=pygame.K_r, size=24),
            Button("Hint", self.ask_hint, key=pygame.K_h, size=24),
            Button("Take back", self.take_back_chain, size=24),
            Button("Save game", self.save_game, size=24),
            Button("Menu", self.menu, key=pygame.K_ESCAPE, size=24),
        ]

    # -- layout ------------------------------------------------------------------
    def enter(self) -> None:
        self.view.speed = self.app.settings.speed
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        panel = min(PANEL_WIDTH, w // 3)
        self.panel = pygame.Rect(w - panel, 0, panel, h)
        self.view.layout(pygame.Rect(20, 70, w - panel - 40, h - 110))
        bw = (panel - 36) // 2
        y = h - 3 * 52 - 10
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(
                self.panel.left + 12 + (i % 2) * (bw + 12), y + (i // 2) * 52, bw, 44
            )

    # -- input -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.match.board.chain:
            self.take_back_chain()
            return
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return
            if event.key == pygame.K_y:
                self.redo()
                return
        if press(self.buttons, event, self.app.click):
            return
        if event.type == pygame.MOUSEMOTION:
            cell = self.view.cell_at(event.pos)
            if cell != self.hover and cell is not None and self.status[2] > 0:
                self.say("")  # a passing message gives way to what the new cell says
            self.hover = cell
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.match.board.chain:
            self.take_back_flip()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.click(cell)

    def click(self, cell: int) -> None:
        if self.finished:
            return
        wants_change = self.match.ai_to_move or (
            self.match.human_to_move and cell in self.targets()
        )
        if wants_change and not self.claim(lambda: self.click(cell)):
            return
        if not self.match.human_to_move:
            self.say("The AI is thinking." if self.match.ai_to_move else "The game is over.")
            return
        self.hint = ()
        self.show(self.match.click(cell))

    # -- whose match this is -----------------------------------------------------------
    def claim(self, then) -> bool:
        """Make this the match in progress before the game changes. True at once if
        it is, or if no other match is in progress; otherwise ask the player, run
        ``then`` if they agree, and return False."""
        if self.current:
            return True
        if not match_in_progress(self.app.data):
            self.current = True
            return True

        def replace() -> None:
            self.current = True
            then()

        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Replace the match in progress?",
                "Playing on in this saved game makes it your match in progress, in place of "
                "the one you have now. To keep that one, choose Keep it and use Continue on "
                "the title screen.",
                "Replace",
                replace,
                no="Keep it",
                on_no=lambda: self.say("Your match in progress is kept.", theme.MUTED),
            )
        )
        return False

    # -- actions -------------------------------------------------------------------
    def undo(self) -> None:
        self.cancel_ai()
        if self.match.undo():
            self.finished = False
            self.hint = ()
            self.say("Took back.", theme.MUTED)
            self.autosave()
        else:
            self.say("Nothing to take back.")

    def redo(self) -> None:
        self.cancel_ai()
        if self.match.redo():
            self.hint = ()
            self.autosave()
            if self.match.over:
                self.finish()
        else:
            self.say("Nothing to redo.")

    def take_back_chain(self) -> None:
        cells = self.match.take_back_chain()
        if cells:
            self.say(f"Took back {len(cells)} flip{'s' if len(cells) > 1 else ''}.", theme.MUTED)

    def take_back_flip(self) -> None:
        board = self.match.board
        if len(board.chain) > 1:
            board.take_back_flip()
        else:
            board.take_back_chain()

    def ask_hint(self) -> None:
        if not self.match.human_to_move or self.match.board.chain:
            self.say("Hints are for the start of your turn.")
            return
        self.hint_request = self.app.worker.request(
            self.match.board.mfen(), level=HINT_LEVEL, seconds=HINT_SECONDS
        )
        self.say(f"Asking {HINT_LEVEL} for a hint...", theme.MUTED)

    def save_game(self) -> None:
        folder = self.app.data / "games"
        try:
            path = write_new(folder, time.strftime("mosaic-%Y%m%d-%H%M%S"), self.match.record())
        except OSError as e:
            self.say(f"Could not save: {e.strerror or e}", theme.BAD)
            return
        self.say(f"Saved as {path.name}.", theme.GOOD)

    def menu(self) -> None:
        self.cancel_ai()
        self.autosave()
        self.app.scenes.pop()

    def leave(self) -> None:
        self.cancel_ai()

    def cancel_ai(self) -> None:
        if self.request is not None or self.hint_request is not None:
            if self.app._worker is not None:
                self.app.worker.cancel()
            self.request = self.hint_request = None

    def autosave(self) -> None:
        """Keep the match in progress, to resume after a restart (a finished match
        is not kept)."""
        if not self.current:
            return
        path = self.app.data / CURRENT
        try:
            if self.match.over:
                path.unlink(missing_ok=True)
            else:
                write_json(path, self.match.record())
        except OSError as e:
            self.say(f"Could not keep the match: {e.strerror or e}", theme.BAD)

    # -- events to animation and sound -----------------------------------------------
    def show(self, events: list[Event]) -> None:
        delay = 0.0
        for ev in events:
            if ev.kind == "refused":
                self.say(ev.text, theme.BAD)
                self.app.sound("refuse")
            elif ev.kind == "place":
                self.view.pop(ev.cells[0], delay)
                self.app.sound("place")
                self.say("")
            elif ev.kind == "flip":
                self.view.flip(ev.cells[0], ev.color.other, delay)
                self.pending.append((self.clock + delay, "chain" if delay else "flip"))
                delay += CHAIN_GAP / self.view.speed
                owed = self.match.board.chain
                if owed:
                    n = len(self.match.board.owed())
                    what = "the ringed tile" if n == 1 else f"one of the {n} ringed tiles"
                    self.say(f"Chain: now flip {what}.", theme.ACCENT, 0)
            elif ev.kind == "turn":
                self.say("")
                self.autosave()
            elif ev.kind == "pass":
                self.banner = (ev.text, 2.5)
                self.pending.append((self.clock + delay, "pass"))
            elif ev.kind == "over":
                self.finish()

    def finish(self) -> None:
        self.finished = True

    def say(self, text: str, color=theme.MUTED, seconds: float = 4.0) -> None:
        self.status = (text, color, seconds)

    # -- time ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        update_all(self.buttons, dt)
        self.buttons[3].enabled = bool(self.match.board.chain)
        due = [s for s in self.pending if s[0] <= self.clock]
        self.pending = [s for s in self.pending if s[0] > self.clock]
        for _, name in due:
            self.app.sound(name)
        text, color, left = self.status
        if left > 0:
            left -= dt
            self.status = (text if left > 0 else "", color, max(0.0, left))
        btext, bleft = self.banner
        self.banner = (btext, max(0.0, bleft - dt))
        self.poll_ai()
        if self.finished and not self.view.busy and self.app.scenes.top is self:
            self.app.sound(self.end_sound())
            self.app.scenes.push(GameOverScene(self.app, self))

    def end_sound(self) -> str:
        winner = self.match.board.winner()
        humans = [c for c in (RED, BLUE) if self.match.is_human(c)]
        if len(humans) == 1 and winner is not None and winner not in humans:
            return "loss"
        return "win"

    def poll_ai(self) -> None:
        if self.app._worker is None and not self.match.ai_to_move:
            return
        if (
            self.request is None
            and self.match.ai_to_move
            and (self.current or not match_in_progress(self.app.data))
            and not self.view.busy
            and not self.finished
            and self.banner[1] <= 1.5
        ):
            self.current = True  # the game moves on: it is the match in progress now
            self.request = self.app.worker.request(
                self.match.board.mfen(), level=self.match.ai_to_move
            )
            self.thinking_since = self.clock
        if self.request is None and self.hint_request is None:
            return
        for answer in self.app.worker.poll():
            if answer.id == self.request:
                self.request = None
                if answer.mfen != self.match.board.mfen():
                    continue  # the board moved on (an undo raced the answer)
                if answer.error or answer.turn is None:
                    self.say(f"The AI failed ({answer.error}); trying again.", theme.BAD)
                    continue
                turn = self.match.board.parse_turn(answer.turn)
                self.show(self.match.play(turn))
            elif answer.id == self.hint_request:
                self.hint_request = None
                if answer.turn and self.match.human_to_move:
                    turn = self.match.board.parse_turn(answer.turn)
                    self.hint = turn.cells
                    self.say(f"{HINT_LEVEL} would play {answer.turn}.", theme.GOOD, 6)

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        board = self.match.board
        human = self.match.human_to_move
        targets = self.targets() if human and not self.finished else frozenset()
        last = board.peek()
        self.view.draw(
            surface,
            board,
            hover=self.hover if human else None,
            targets=targets,
            markers=self.app.settings.legal_markers,
            last=last.cells if last is not None and not board.chain else (),
            chain=board.chain,
            shapes=self.app.settings.colour_blind,
            hint=self.hint,
            pulse=self.clock,
        )
        self.draw_top(surface)
        self.draw_panel(surface)
        btext, bleft = self.banner
        if bleft > 0:
            box = pygame.Rect(0, 0, min(640, surface.get_width() - 40), 80)
            box.center = self.view.rect.center
            alpha = round(235 * min(1.0, bleft * 2))
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((*theme.PANEL, alpha))
            surface.blit(panel, box)
            pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=12)
            theme.text(surface, btext, box.center, size=32, anchor="center", bold=True)

    def targets(self) -> frozenset[int]:
        """The cells a click can act on now, worked out once per board state."""
        board = self.match.board
        key = (board.transposition_key(), board.chain)
        if self._targets[0] != key:
            self._targets = (key, frozenset(board.step_targets()))
        return self._targets[1]

    def hover_text(self) -> tuple[str, tuple]:
        """What the status line says about the cell under the pointer."""
        board = self.match.board
        cell = self.hover
        if cell is None or not self.match.human_to_move or self.finished:
            return "", theme.MUTED
        name = board.geometry.names[cell]
        if board.chain:
            if cell in board.owed():
                return f"Flip {name} to go on with the chain.", theme.ACCENT
            return "Flip one of the ringed tiles to go on with the chain.", theme.ACCENT
        tile = board.tile_at(cell)
        if tile is None:
            why = it(board.why_not_place(cell), name)
            return (
                (f"Can't place on {name}: {why}.", theme.BAD)
                if why
                else (f"Place a tile on {name}.", theme.GOOD)
            )
        if tile == board.turn:
            return f"{name} is your own tile.", theme.MUTED
        why = it(board.why_not_flip(cell), name)
        return (f"Can't flip {name}: {why}.", theme.BAD) if why else (f"Flip {name}.", theme.GOOD)

    def draw_top(self, surface: pygame.Surface) -> None:
        text, color, _ = self.status
        if not text:
            text, color = self.hover_text()
        w = self.panel.left
        if text:
            for i, line in enumerate(theme.wrap(text, 24, w - 40)[:2]):
                theme.text(
                    surface, line, (w // 2, 14 + 26 * i), size=24, color=color, anchor="midtop"
                )

    def draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        board = self.match.board
        y = 18
        theme.text(
            surface,
            "Mosaic by Mark Steere",
            (p.centerx, y),
            size=20,
            color=theme.MUTED,
            anchor="midtop",
        )
        y += 34
        for color in (RED, BLUE):
            y = self.draw_side(surface, color, y)
        # Whose turn, or the AI thinking.
        if self.finished or self.match.over:
            line, col = self.match.result_text(), theme.ACCENT
        elif self.match.ai_to_move and self.request is not None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            waited = self.clock - self.thinking_since
            took = f" {waited:.0f} s" if waited >= 2 else ""
            line, col = f"{self.match.ai_to_move} is thinking{dots}{took}", theme.ACCENT
        else:
            line, col = f"{board.turn.title} to move", theme.TILE[board.turn]
        theme.text(surface, line, (p.left + 16, y + 6), size=24, color=col)
        if self.match.ai_to_move and self.request is not None:
            self.spinner(surface, (p.right - 30, y + 16))
        y += 44
        theme.text(surface, "Moves", (p.left + 16, y), size=20, color=theme.MUTED)
        y += 24
        moves = self.match.moves()
        rows = max(1, (self.buttons[0].rect.top - y - 12) // 22)
        pairs = [moves[i : i + 2] for i in range(0, len(moves), 2)]
        for i, pair in enumerate(pairs[-rows:], max(1, len(pairs) - rows + 1)):
            line = f"{i:>3}. " + "  ".join(m if len(m) < 16 else m[:14] + "..." for m in pair)
            theme.text(surface, line, (p.left + 16, y), size=20)
            y += 22
        draw_all(self.buttons, surface)

    def draw_side(self, surface: pygame.Surface, color: Color, y: int) -> int:
        p = self.panel
        board = self.match.board
        box = pygame.Rect(p.left + 10, y, p.width - 20, 72)
        active = board.turn == color and not self.match.over
        pygame.draw.rect(surface, theme.BG_LIGHT, box, border_radius=10)
        if active:
            pygame.draw.rect(surface, theme.TILE[color], box, 3, border_radius=10)
        pygame.draw.circle(surface, theme.TILE[color], (box.left + 26, box.top + 26), 13)
        name = f"{color.title}: {self.match.player(color)}"
        theme.text(surface, name, (box.left + 50, box.top + 12), size=24, bold=True)
        counts = (
            f"{plural(board.count(color), 'tile')}   {plural(board.group_count(color), 'group')}"
        )
        theme.text(surface, counts, (box.left + 50, box.top + 42), size=20, color=theme.MUTED)
        return y + 82

    def spinner(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        for k in range(8):
            a = self.clock * 6 + k * math.pi / 4
            shade = 80 + 20 * k
            pos = (centre[0] + 10 * math.cos(a), centre[1] + 10 * math.sin(a))
            pygame.draw.circle(surface, (shade, shade, shade), pos, 3)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def it(reason: str | None, name: str) -> str | None:
    """A rules reason that starts with the cell's name, with "it" in its place."""
    if reason and reason.startswith(name + " "):
        return "it" + reason[len(name) :]
    return reason
