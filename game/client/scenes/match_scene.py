"""A match on screen: clicks and keys, the AI, the menu and the ways out (what
the screen shows is :mod:`.match_board`'s).

The scene is the view of a :class:`~..match_controller.MatchController`: the
board input turns the mouse into calls on it, and the events those calls return
become animations, sounds and messages. When an AI is to move the controller
asks the worker process and is polled every frame, so the window never waits;
its turn is shown tile by tile before the next one is asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _, ngettext
from game.play import look_back, match_end
from game.play.board_keys import typed_turn
from game.play.called_off import resign_words
from game.play.chain_on_board import took_back
from game.play.control import MatchControl, not_your_turn
from game.play.in_progress import CURRENT
from game.play.match import Event, Match
from game.play.match_controller import HINT_LEVEL, MatchController, looked_back, replacing
from game.play.match_menu import menu_words
from game.play.offers import offers
from game.rules import BLUE, RED, Color

from .. import theme
from ..board_input import BOARD_PAD, BoardAction
from ..scene import Scene, Services, pad_buttons
from ..side_panel import SidePanel
from .analysis_board import AnalysisBoardScene
from .analysis_scene import AnalysisScene
from .confirm import ConfirmScene, ask_to_replace
from .game_over import Over, result_card
from .match_board import MatchBoard
from .pause import Paused, PauseScene

__all__ = ["CURRENT", "HINT_LEVEL", "MatchScene"]


class MatchScene(MatchBoard):
    """``current``: see :class:`MatchController`. ``control``: another game behind
    the screen (an online game); the screen offers only what it can do."""

    #: What Ctrl+Z and the like say where turns cannot be taken back.
    no_takebacks = N_("Turns cannot be taken back in this game.")
    pad_keys = pad_buttons(
        BOARD_PAD,
        b=(pygame.K_ESCAPE, N_("take back a chain, hide the cursor, or the menu")),
        x=(pygame.K_u, N_("take back a turn")),
        y=(pygame.K_h, N_("hint")),
        lb=(pygame.K_LEFT, N_("step back a move")),
        rb=(pygame.K_RIGHT, N_("step forward")),
        start=(pygame.K_ESCAPE, N_("the match's menu")),
    )

    def __init__(
        self,
        app: Services,
        match: Match,
        *,
        current: bool = True,
        control: MatchControl | None = None,
        review: bool = False,
    ) -> None:
        """``review``: opened for a look back from History, where Back and Esc
        lead (the pause menu stays on a controller's Start)."""
        self.review = review
        #: Started by the result card's Rematch: the line over the board says the
        #: person's colour until they play (:func:`rematch_reminder`).
        self.rematched = False
        if control is None:
            line = app.worker.line()
            control = MatchController(match, app.data, line, current=current, review=review)
        super().__init__(app, control)

    def make_panel(self) -> SidePanel:
        can = self.can
        return SidePanel(
            undo=self.undo if can.undo else None,
            redo=self.redo if can.undo else None,
            hint=self.ask_hint if can.hint else None,
            # Undo takes back a chain under way as well: a second button for it
            # beside Undo left a newcomer asking which was which.
            take_back=None if can.undo else self.take_back_chain,
            save=self.save_game if can.save else None,
            menu=self.back_to_list if self.review else self.menu,
            menu_label=N_("Back") if self.review else N_("Pause"),
        )

    def over_scene(self) -> Scene:
        """The panel that shows the result over the finished board."""
        return result_card(self.app, self.outcome(), offers(self.match).card)

    def outcome(self) -> Over:
        """The finished game for its result panel, and where each choice leads."""
        can = offers(self.match)
        return Over(
            match=self.match,
            area=self.board_area,
            see_board=self.see_board,
            analyse=self.analyse_game if can.analyse else None,
            leave=self.leave_match,  # as the button says, from History's review too
            rematch=self.rematch,
            save=self.saved if self.saves is not None and can.save else None,
            note=self.control.over_note(),
        )

    def board_area(self) -> pygame.Rect:
        """The window left of the panel, as high as the board: where a panel over
        the board goes, the moves kept in view."""
        board = self.view.rect
        return pygame.Rect(0, board.top, self.panel.rect.left, board.height)

    def see_board(self) -> None:
        """Put the result panel away to look at the final board."""
        self.finished = False  # shown once: the panel comes back only at an end
        self.app.scenes.pop_to(self)
        hint = match_end.see_board_hint(self.match, review=self.review, takebacks=self.can.undo)
        if hint:
            self.say(hint, seconds=6.0)

    def analyse_game(self) -> None:
        """Go through the game with the engine (kept with its record in the history,
        if this very game has one), from the turn :func:`analysis_turn` says."""
        start = look_back.analysis_turn(self.match)
        self.app.scenes.push(AnalysisScene(self.app, self.match, self.control.kept_record(), start))

    def rematch(self) -> None:
        """The same players with the colours swapped, as a new match in progress."""
        old = self.match
        fresh = Match(old.board.size, old.players[BLUE], old.players[RED])

        def start() -> None:
            self.app.scenes.pop_to(self)
            scene = MatchScene(self.app, fresh)
            self.app.scenes.replace(scene)
            said = match_end.rematch_said(fresh)
            scene.rematched = True
            scene.notices.say("banner", said, theme.ACCENT, match_end.rematch_banner_seconds(fresh))
            scene.say(said, theme.ACCENT, 8.0)  # kept over the board once the banner goes

        ask_to_replace(self.app, start)

    def show(self, events: list[Event]) -> None:
        super().show(events)
        reminder = match_end.rematch_reminder(self.match) if self.rematched else ""
        if reminder and any(e.kind == "turn" for e in events):
            # The AI's turn took the line that said the rematch's colour: it
            # stays said beside the turn, until the person plays theirs.
            self.say(f"{self.status[0]} {reminder}".strip(), theme.ACCENT, 0)

    # -- input -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        chain = self.match.chain is not None
        if self.banner_took(event):
            return
        if self.input.typing:
            action = self.input.keys(event)
            if action is not None:
                self.act(action)
                return
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
        # Left and Right step through the moves until the board cursor is shown.
        action = self.input.keys(event, arrows=False)
        if action is not None:
            self.act(action)
            return
        if self.panel.handle(event, self.app.click):
            return
        if self.handle_moves(event):
            return
        action = self.input.handle(event)
        if action is not None:
            self.act(action)

    def act(self, action: BoardAction) -> None:
        """What the mouse or the keys did on the board."""
        chain = self.match.chain is not None
        if action.kind in ("hover", "cursor"):
            if action.cell is not None and self.notices.passing("status"):
                self.say("")  # a passing message gives way to what the new cell says
        elif action.kind == "back" and chain:
            self.take_back_flip()
        elif action.kind == "click" and action.cell is not None:
            self.click(action.cell)
        elif action.kind == "turn":
            self.play_typed(action.text)

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
        self.play((cell,))

    def play(self, cells: tuple[int, ...]) -> None:
        """Click ``cells`` in turn (one click, or a typed turn's), stopping at the
        first one refused; then show what they did, a chain tile by tile."""
        cell = cells[0]
        if self.finished:
            return
        if self.control.wants_change(cell) and not self.control.may_change():
            self.ask_to_play_on(lambda: self.play(cells))
            return
        if self.control.browsing and self.control.later and self.control.wants_change(cell):
            self.ask_to_drop_later(lambda: self.play(cells))
            return
        if not self.match.human_to_move:
            self.say(not_your_turn(self.match, self.thinking, self.control.browsing))
            return
        events: list[Event] = []
        for cell in cells:
            done = self.control.click(cell)
            events += done
            if any(e.kind in ("refused", "error") for e in done):
                break
        self.show(events)

    def play_typed(self, text: str) -> None:
        """A turn typed in the turn box: checked whole first, then played as the
        clicks on its cells, so a refused one changes nothing."""
        match = self.match
        if self.finished or match.over:
            self.say(_("The game is over."))
            return
        if not match.human_to_move and not self.control.browsing:
            self.say(not_your_turn(match, self.thinking, self.control.browsing))
            return
        if self.control.browsing and not self.control.later:
            # A game whose earlier turns are never dropped (a server's): a turn is
            # played at its end, so it is checked there.
            self.control.play_on_from_here()
        plan = typed_turn(match.board, match.chain, text)
        if plan.reason:
            self.say(plan.reason, theme.BAD)
            self.app.sound("refuse")
            return
        self.play(plan.cells)

    def ask_to_drop_later(self, then: Callable[[], None]) -> None:
        """Playing on from an earlier position drops the turns after it: ask."""
        n = self.control.later

        def drop() -> None:
            self.control.play_on_from_here()
            then()

        self.app.scenes.push(
            ConfirmScene(
                self.app,
                _("Play on from here?"),
                ngettext(
                    "The {n} later turn of this game will be dropped. "
                    "Press End to go back to the end instead.",
                    "The {n} later turns of this game will be dropped. "
                    "Press End to go back to the end instead.",
                    n,
                ).format(n=n),
                _("Play on"),
                drop,
            )
        )

    def ask_to_play_on(self, then: Callable[[], None], resigner: Color | None = None) -> None:
        """This saved game would change while another match is in progress: ask."""

        def replace() -> None:
            self.control.claim()
            then()

        question, why, yes = replacing(resigner)
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                question,
                why,
                yes,
                replace,
                no=_("Keep it"),
                on_no=lambda: self.say(_("Your match in progress is kept."), theme.MUTED),
            )
        )

    # -- actions -------------------------------------------------------------------
    def undo(self) -> None:
        if self.match.chain is not None:  # the chain under way, and says how much
            self.take_back_chain()
            return
        if self.takebacks is None:
            self.say(_(self.no_takebacks))
            return
        shown = self.match.ply
        if self.takebacks.undo():
            self.finished = False
            if self.match.finished:  # the end is still ahead: this is looking back
                self.say(looked_back(max(1, shown - self.match.ply)), theme.MUTED)
            else:
                self.say(_("Took back."), theme.MUTED)
        else:
            self.say(_("Nothing to take back."))

    def redo(self) -> None:
        if self.takebacks is None:
            self.say(_(self.no_takebacks))
        elif self.takebacks.redo():
            self.say("")  # what Undo said no longer holds
            if match_end.card_on_redo(self.match, looking_back=self.review):
                self.finish()
        else:
            self.say(_("Nothing to redo."))

    def take_back_chain(self) -> None:
        cells = self.control.take_back_chain()
        if cells:
            self.say(took_back(len(cells), chain_goes_on=False), theme.MUTED)

    def take_back_flip(self) -> None:
        taken = int(self.control.take_back_flip() is not None)
        # An old refusal may not hold any more: the line says what was taken back,
        # or what the chain owes now.
        self.say(took_back(taken, self.match.chain is not None), theme.MUTED)
        self.say_chain()

    def ask_hint(self) -> None:
        """The panel's Hint, which is Result once the game is over."""
        if self.match.finished:
            self.app.scenes.pop_to(self)
            self.app.scenes.push(self.over_scene())
        elif self.hints is not None:
            self.say(self.hints.ask_hint(), theme.MUTED)

    def save_game(self) -> None:
        """The panel's Save game: what it did, on the line over the board."""
        done, text = self.saved()
        self.say(text, theme.GOOD if done else theme.BAD)

    def saved(self) -> tuple[bool, str]:
        """Save the game to a file; (done, what to say). A dialog's Save game says
        it in the dialog: said on the line under it too, it peeked over its edge."""
        if self.saves is None:
            return False, _("This game cannot be saved to a file.")
        return self.saves.save_game()

    def menu(self) -> None:
        """The pause menu: resume, settings, save, resign, leave."""
        self.app.scenes.push(PauseScene(self.app, self.paused()))

    def open_menu(self) -> bool:
        # Start is a controller's: the keys line left under the menu names its buttons.
        self.input.by_pad = True
        self.menu()  # an online game's leads to the lobby
        return True

    def paused(self) -> Paused:
        """What the pause menu offers for this match now."""
        match = self.match
        side = None if match.finished else self.resigner()
        can = offers(match)
        return Paused(
            status=lambda: match.result_text() if match.over else match.players_text(),
            analyse=lambda: self.app.scenes.push(
                AnalysisBoardScene(self.app, self.match.board.position())
            ),
            leave=self.leave_match,
            resign=self.resign,
            resigner=side,
            resign_words=None if side is None else resign_words(match, side),
            save=self.saved if self.saves is not None and can.save else None,
            analyse_game=self.analyse_game if can.analyse_from_menu else None,
            finished=match.finished,
            words=menu_words(match),
        )

    def resigner(self) -> Color | None:
        """The side a resignation is for: the one person playing, or the side to
        move when two people share the screen; None when no person plays."""
        match = self.match
        humans = [c for c in match.players if match.is_human(c)]
        if not humans:
            return None
        return humans[0] if len(humans) == 1 else match.board.mover

    def resign(self, side: Color) -> None:
        # Resigning changes the game, as playing on does: a saved game opened for a
        # look becomes the match in progress only if the player says so.
        if not self.control.may_change():
            self.ask_to_play_on(lambda: self.resign(side), resigner=side)
            return
        self.cancel_ai()
        self.show(self.control.resign(side))

    def leave(self) -> None:
        self.cancel_ai()

    def leave_match(self) -> None:
        """Leave for the title screen, as the pause menu says, even from a game
        opened over another screen (History's review): the AI stops and the
        match in progress is kept."""
        problem = self.control.leave()
        if problem:
            self.app.toast(problem)
        self.app.scenes.close(self)
        self.app.scenes.to_bottom()

    def back_to_list(self) -> None:
        """A review's Back (and Esc): to the list it was opened from, the match
        kept as leaving keeps it."""
        problem = self.control.leave()
        if problem:
            self.app.toast(problem)
        self.app.scenes.close(self)

    def cancel_ai(self) -> None:
        if self.thinker is not None:
            self.thinker.cancel_ai()

    # -- time ------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.clock += dt
        moving = self.view.busy
        self.view.update(dt)
        self.panel.refresh(self.match)
        # Where the button opens this menu (not History's Back, an online Lobby):
        # Pause while the game goes on, Menu once it is over.
        if self.panel.menu.action == self.menu:
            self.panel.menu.label = menu_words(self.match).button
        changed = self.panel.update(dt)
        due = [s for s in self.pending if s[0] <= self.clock]
        self.pending = [s for s in self.pending if s[0] > self.clock]
        for _at, name in due:
            self.app.sound(name)
        changed = self.notices.update(dt) or changed
        banner = self.notices.get("banner")
        left = None if banner is None else banner.left
        ai = match_end.ai_timing(self.view.busy, self.finished, left)
        pondering = self.pondering
        events = self.control.poll(self.clock, ai.ask, ai.show)
        changed = changed or self.pondering != pondering  # the turn line says so
        if events:
            self.show(events)
        if self.finished and not self.view.busy and self.app.scenes.top is self:
            self.app.sound(self.end_sound())
            self.app.scenes.push(self.over_scene())
        chain = self.match.chain is not None  # the owed tiles' rings pulse
        typing = self.input.box.update(dt)  # the caret blinks
        return bool(
            moving or self.view.busy or changed or events or self.thinking or chain or typing
        )

    def end_sound(self) -> str:
        winner = self.match.winner()
        humans = [c for c in (RED, BLUE) if self.match.is_human(c)]
        if len(humans) == 1 and winner is not None and winner not in humans:
            return "loss"
        return "win"
