"""A match on screen: the board, the side panel, clicks, the AI and animation.

The scene is the view of a :class:`~..match_controller.MatchController`: the
board input turns the mouse into calls on it, and the events those calls return
become animations, sounds and messages. When an AI is to move the controller
asks the worker process and is polled every frame, so the window never waits;
its turn is shown tile by tile before the next one is asked for.
"""

from __future__ import annotations

import pygame

from game.play.explain import explain, turn_summary
from game.play.in_progress import CURRENT
from game.play.match import Event, Match
from game.play.match_controller import HINT_LEVEL, MatchController
from game.play.notices import Notices
from game.rules import BLUE, RED

from .. import theme
from ..board_input import BoardInput
from ..board_view import CHAIN_GAP, BoardView
from ..scene import Scene
from ..side_panel import SidePanel
from .confirm import ConfirmScene
from .game_over import GameOverScene
from .pause import PauseScene

__all__ = ["CURRENT", "HINT_LEVEL", "MatchScene"]


class MatchScene(Scene):
    """``current``: see :class:`MatchController`."""

    def __init__(self, app, match: Match, *, current: bool = True, control=None) -> None:
        super().__init__(app)
        #: A match at this screen, or (an online game) another controller like it.
        self.control = control or MatchController(
            match, app.data, app.worker.line(), current=current
        )
        self.view = BoardView(match.board.size)
        self.input = BoardInput(self.view)
        self.notices = Notices()
        self.panel = self.make_panel()
        self.pending: list[tuple[float, str]] = []  # sounds due at a time
        self.finished = False
        self.clock = 0.0
        self._targets: tuple = (None, frozenset())

    def make_panel(self) -> SidePanel:
        return SidePanel(
            undo=self.undo,
            redo=self.redo,
            hint=self.ask_hint,
            take_back=self.take_back_chain,
            save=self.save_game,
            menu=self.menu,
        )

    def over_scene(self) -> Scene:
        """The panel that shows the result over the finished board."""
        return GameOverScene(self.app, self)

    @property
    def match(self) -> Match:
        return self.control.match

    @property
    def current(self) -> bool:
        return self.control.current

    @property
    def hover(self) -> int | None:
        return self.input.hover

    @property
    def hint(self) -> tuple[int, ...]:
        return self.control.hint

    # -- layout ------------------------------------------------------------------
    def enter(self) -> None:
        self.view.speed = self.app.settings.speed
        self.resize(self.app.size)

    def resume(self) -> None:
        self.resize(self.app.size)
        # The pointer moved while another scene was on top: what it is over now.
        self.input.point(self.app.pointer)

    def resize(self, size: tuple[int, int]) -> None:
        self.control.ponder_allowed = self.app.settings.ponder  # back from Settings
        w, h = size
        panel = self.panel.layout(size)
        self.view.coordinates = self.app.settings.coordinates
        self.view.layout(pygame.Rect(20, 70, w - panel.width - 40, h - 110))

    # -- input -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        chain = self.match.chain is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and chain:
            self.take_back_chain()
            return
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return
            if event.key == pygame.K_y:
                self.redo()
                return
        if self.panel.handle(event, self.app.click):
            return
        if self.handle_moves(event):
            return
        action = self.input.handle(event)
        if action is None:
            return
        if action.kind == "hover":
            if action.cell is not None and self.notices.passing("status"):
                self.say("")  # a passing message gives way to what the new cell says
        elif action.kind == "back" and chain:
            self.take_back_flip()
        elif action.kind == "click":
            self.click(action.cell)

    def handle_moves(self, event: pygame.event.Event) -> bool:
        """The move list: a click on a move, the wheel over the panel, and the
        keys Left, Right, Home and End go through the game."""
        match = self.match
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.panel.move_at(event.pos)
            if ply is not None:
                self.go(ply)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.panel.rect.collidepoint(
            pygame.mouse.get_pos()
        ):
            self.panel.scroll(-event.y)
            return True
        elif event.type == pygame.KEYDOWN and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            target = {
                pygame.K_LEFT: match.ply - 1,
                pygame.K_RIGHT: match.ply + 1,
                pygame.K_HOME: 0,
                pygame.K_END: match.plies,
            }.get(event.key)
            if target is not None:
                self.go(target)
                return True
        return False

    def go(self, ply: int) -> None:
        if self.control.goto(ply):
            self.finished = False  # the result shows again only if play reaches an end
            self.say("")

    def click(self, cell: int) -> None:
        if self.finished:
            return
        if self.control.wants_change(cell) and not self.control.may_change():
            self.ask_to_play_on(lambda: self.click(cell))
            return
        if self.control.browsing and self.control.later and self.control.wants_change(cell):
            self.ask_to_drop_later(lambda: self.click(cell))
            return
        if not self.match.human_to_move:
            self.say("The AI is thinking." if self.match.ai_to_move else "The game is over.")
            return
        self.show(self.control.click(cell))

    def ask_to_drop_later(self, then) -> None:
        """Playing on from an earlier position drops the turns after it: ask."""
        n = self.control.later

        def drop() -> None:
            self.match.redo_stack.clear()
            self.control.browsing = False
            then()

        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "Play on from here?",
                f"The {n} later turn{'s' if n != 1 else ''} of this game will be dropped. "
                "Press End to go back to the end instead.",
                "Play on",
                drop,
            )
        )

    def ask_to_play_on(self, then) -> None:
        """This saved game would change while another match is in progress: ask."""

        def replace() -> None:
            self.control.current = True
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

    # -- actions -------------------------------------------------------------------
    def undo(self) -> None:
        if self.control.undo():
            self.finished = False
            self.say("Took back.", theme.MUTED)
        else:
            self.say("Nothing to take back.")

    def redo(self) -> None:
        if self.control.redo():
            if self.match.over:
                self.finish()
        else:
            self.say("Nothing to redo.")

    def take_back_chain(self) -> None:
        cells = self.control.take_back_chain()
        if cells:
            self.say(f"Took back {len(cells)} flip{'s' if len(cells) > 1 else ''}.", theme.MUTED)

    def take_back_flip(self) -> None:
        self.control.take_back_flip()
        self.say("")  # an old refusal may not hold any more
        self.say_chain()

    def ask_hint(self) -> None:
        self.say(self.control.ask_hint(), theme.MUTED)

    def save_game(self) -> None:
        done, text = self.control.save_game()
        self.say(text, theme.GOOD if done else theme.BAD)

    def menu(self) -> None:
        """The pause menu: resume, settings, save, resign, leave."""
        self.app.scenes.push(PauseScene(self.app, self))

    def resign(self, side) -> None:
        # Resigning changes the game, as playing on does: a saved game opened for a
        # look becomes the match in progress only if the player says so.
        if not self.control.may_change():
            self.ask_to_play_on(lambda: self.resign(side))
            return
        self.control.cancel_ai()
        self.show(self.control.resign(side))

    def leave(self) -> None:
        self.control.cancel_ai()

    def cancel_ai(self) -> None:
        self.control.cancel_ai()

    def autosave(self) -> None:
        problem = self.control.autosave()
        if problem:
            self.say(problem, theme.BAD)

    # -- events to animation and sound -----------------------------------------------
    def show(self, events: list[Event]) -> None:
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
            elif ev.kind == "flip":
                self.view.flip(ev.cells[0], ev.color.other, delay)
                self.pending.append((self.clock + delay, "chain" if delay else "flip"))
                delay += CHAIN_GAP / self.view.speed
                self.say_chain()
            elif ev.kind == "turn":
                # Say what was played: the line must not read the tile now under the
                # pointer as a refusal of the click just made.
                self.say(turn_summary(ev.color.title, ev.text), theme.TEXT)
            elif ev.kind == "pass":
                self.notices.say("banner", ev.text, theme.ACCENT, 2.5)
                self.pending.append((self.clock + delay, "pass"))
            elif ev.kind == "over":
                self.finish()

    def say_chain(self) -> None:
        """During a chain, say what is owed (until something else is said)."""
        owed = self.match.owed()
        if owed:
            n = len(owed)
            what = "the ringed tile" if n == 1 else f"one of the {n} ringed tiles"
            self.say(f"Chain: now flip {what}.", theme.ACCENT, 0)

    def finish(self) -> None:
        self.finished = True

    def say(self, text: str, color=theme.MUTED, seconds: float = 4.0) -> None:
        self.notices.say("status", text, color, seconds)

    @property
    def status(self) -> tuple[str, tuple, float]:
        """The status line: text, colour, seconds left (0: until replaced)."""
        n = self.notices.get("status")
        return ("", theme.MUTED, 0.0) if n is None else (n.text, n.color, max(0.0, n.left))

    # -- time ------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.clock += dt
        moving = self.view.busy
        self.view.update(dt)
        self.panel.refresh(self.match)
        changed = self.panel.update(dt)
        due = [s for s in self.pending if s[0] <= self.clock]
        self.pending = [s for s in self.pending if s[0] > self.clock]
        for _, name in due:
            self.app.sound(name)
        changed = self.notices.update(dt) or changed
        banner = self.notices.get("banner")
        ready = not self.view.busy and not self.finished and (banner is None or banner.left <= 1.5)
        pondering = self.control.pondering
        events = self.control.poll(self.clock, ready)
        changed = changed or self.control.pondering != pondering  # the turn line says so
        if events:
            self.show(events)
        if self.finished and not self.view.busy and self.app.scenes.top is self:
            self.app.sound(self.end_sound())
            self.app.scenes.push(self.over_scene())
        chain = self.match.chain is not None  # the owed tiles' rings pulse
        return bool(moving or self.view.busy or changed or events or self.control.thinking or chain)

    def end_sound(self) -> str:
        winner = self.match.winner()
        humans = [c for c in (RED, BLUE) if self.match.is_human(c)]
        if len(humans) == 1 and winner is not None and winner not in humans:
            return "loss"
        return "win"

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
        )
        self.draw_top(surface)
        self.panel.draw(surface, match, self.turn_line(), self.clock, self.control.thinking)
        banner = self.notices.get("banner")
        if banner is not None:
            box = pygame.Rect(0, 0, min(640, surface.get_width() - 40), 80)
            box.center = self.view.rect.center
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((*theme.PANEL, round(235 * min(1.0, banner.left * 2))))
            surface.blit(panel, box)
            pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=12)
            theme.text(surface, banner.text, box.center, size=32, anchor="center", bold=True)

    def turn_line(self) -> tuple[str, tuple]:
        """Whose turn it is, the result, or the AI thinking."""
        match = self.match
        if self.finished or match.over:
            return match.result_text(), theme.ACCENT
        if match.ai_to_move and self.control.thinking:
            dots = "." * (1 + int(self.clock * 3) % 3)
            waited = self.clock - self.control.thinking_since
            took = f" {waited:.0f} s" if waited >= 2 else ""
            return f"{match.ai_to_move} is thinking{dots}{took}", theme.ACCENT
        mover = match.board.mover
        if self.control.pondering and match.human_to_move:
            other = match.player(mover.other)
            return f"{mover.title} to move. {other} is thinking too.", theme.TILE[mover]
        return f"{mover.title} to move", theme.TILE[mover]

    def targets(self) -> frozenset[int]:
        """The cells a click can act on now, worked out once per board state."""
        match = self.match
        key = (match.board.transposition_key(), match.chain)
        if self._targets[0] != key:
            self._targets = (key, frozenset(match.targets()))
        return self._targets[1]

    def hover_text(self) -> tuple[str, tuple]:
        """What the status line says about the cell under the pointer."""
        match = self.match
        if self.hover is None or self.finished:
            return "", theme.MUTED
        text, tone = explain(match.board, match.chain, self.hover, your_turn=match.human_to_move)
        return text, theme.TONES[tone]

    def draw_top(self, surface: pygame.Surface) -> None:
        text, color, _ = self.status
        if not text:
            text, color = self.hover_text()
        w = self.panel.rect.left
        if text:
            for i, line in enumerate(theme.wrap(text, 24, w - 40)[:2]):
                theme.text(
                    surface, line, (w // 2, 14 + 26 * i), size=24, color=color, anchor="midtop"
                )
