"""The match controller: a match on its way, without pygame.

It turns a player's clicks into turns, asks the AI for its turns and for hints
through the worker process (never waiting for it), lets Master think over an
ending while the player does (:mod:`game.ai.ponder`), keeps the match in progress
after every turn, saves games, and takes turns back and plays them again. The
match scene draws what it says and animates the :class:`~.match.Event` lists
its calls return; tests drive it directly.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from game.ai.levels import LONG_SECONDS, level
from game.ai.ponder import worth_pondering
from game.glicko import Rating
from game.i18n import _, ngettext
from game.rules import Color

from . import ai_rating, look_back
from .called_off import called_off, called_off_note
from .history import archive
from .in_progress import CURRENT, match_in_progress
from .match import Event, Match, player_name
from .storage import write_json, write_new
from .tutorial_progress import note_tried

HINT_LEVEL = "Master"
#: The compiled search reaches deeper in this than the Python search did in the
#: second a hint once took (``benchmarks/answer_speed.py``), and a hint should
#: come at once: under 0.3 s on side 5.
HINT_SECONDS = 0.2


class Answer(Protocol):
    """An answer from the AI, read only (the worker's answers are frozen)."""

    @property
    def id(self) -> int: ...
    @property
    def mfen(self) -> str: ...
    @property
    def turn(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...


class AI(Protocol):
    """What the controller needs of its line to the AI (:class:`game.ai.worker.AILine`)."""

    def request(self, mfen: str, level: str = ..., seconds: float | None = ...) -> int: ...
    # A sequence: the worker's own answer class stands in for the protocol's.
    def poll(self) -> Sequence[Answer]: ...
    def serving(self, rid: int) -> bool: ...
    def cancel(self) -> None: ...
    def ponder(self, mfen: str) -> bool: ...
    @property
    def pondering(self) -> str | None: ...


class HistoryKeeper:
    """Keeps a finished game in the history, once: for the controllers of a match
    at this screen and of an online game."""

    match: Match
    data: Path
    archived: bool = False
    archive_path: Path | None = None
    #: The turns of the game as it was kept: a game undone after its end and
    #: ended again differently is another game, which the record is not.
    archived_turns: list[str] | None = None
    #: What this game did to the rating against the AI: before, after.
    moved: tuple[Rating, Rating] | None = None

    def archive(self) -> str | None:
        """Keep the finished game in the history (once). Returns what went wrong."""
        if self.archived:
            return None
        try:
            self.archive_path = archive(self.match, self.data)
            self.archived_turns = self.match.all_moves()
        except OSError as e:
            return _("The finished game could not be kept in the history: {reason}").format(
                reason=e.strerror or e
            )
        self.archived = True
        return note_tried(self.data)  # a finished match: no longer new here

    def kept_in(self, path: Path) -> None:
        """This game is in the history already, in ``path`` (a look back opened
        from there): its analysis is read from and kept in that record, as
        History's own Analyse does."""
        self.archived, self.archive_path = True, path
        self.archived_turns = self.match.all_moves()

    def kept_record(self) -> Path | None:
        """The history's record of this very game (same turns), if it has one: an
        analysis is kept there and nowhere else."""
        if self.archive_path is None or self.match.all_moves() != self.archived_turns:
            return None
        return self.archive_path

    @property
    def played_on(self) -> bool:
        """The game ended, was undone and ended again differently: the history and
        the rating keep the first ending only, so this one counts for neither."""
        return self.archived and self.match.finished and self.kept_record() is None

    def over_note(self) -> str:
        """What the result panel says of how this ending counts ("" if as usual)."""
        if not self.played_on:
            if self.moved is not None:  # a win shows, even below the floor
                return ai_rating.change_note(*self.moved)
            return called_off_note(self.match)
        if ai_rating.result(self.match) is None:
            return _("Played on after the end: not in History.")
        return _("Played on: not rated, not in History.")


class MatchController(HistoryKeeper):
    """``current``: this match is the match in progress, kept after every turn. A
    saved game opened for a look is not, until the player plays on in it (and, if
    another match is in progress, says that it may take that one's place)."""

    def __init__(
        self, match: Match, data: Path, ai: AI, *, current: bool = True, review: bool = False
    ) -> None:
        self.match = match
        self.data = Path(data)
        self.ai = ai
        self.current = current
        #: A finished game opened from History to look back over: it never turns
        #: into a match again (a click dropped its later turns and started a
        #: rated one against its AI, unasked).
        self.review = review
        self.request: int | None = None
        self.hint_request: int | None = None
        #: Answers come while the scene may not show them yet, kept until it may.
        self.held: list[Answer] = []
        #: The cells of the turn the hint suggests, ringed on the board.
        self.hint: tuple[int, ...] = ()
        self.thinking_since = 0.0
        #: The player lets the AI think over an ending on their turn (a setting).
        self.ponder_allowed = True
        #: Master takes its long time a turn (a setting: "Master thinks: Long").
        self.master_long = False
        self._ponder_memo: tuple[tuple[int, int, int] | None, str | None] = (None, None)
        #: The player went back through the moves (not by Undo): playing on asks
        #: first, and the AI waits. A game opened at an earlier position where the
        #: AI is to move is being looked back over: the AI does not drop its later
        #: turns unasked.
        self.browsing = match.ply < match.plies and bool(match.ai_to_move)
        #: The finished match is in the history, in this file.
        self.archived = False
        self.archive_path: Path | None = None
        self.archived_turns: list[str] | None = None
        #: The finished match has counted towards the player's rating against the
        #: AI (once: an ending undone and played again does not count twice).
        self.rated = False

    # -- whose match this is ------------------------------------------------------------
    def may_change(self) -> bool:
        """May the game change now without asking? Yes if it is the match in
        progress, or if no other match is (then it becomes the match in progress).
        Never a game looked back over from History."""
        if self.review:
            return False
        if not self.current and not match_in_progress(self.data):
            self.current = True
        return self.current

    def wants_change(self, cell: int) -> bool:
        """Would a click on ``cell`` change the game (or let the AI move)?"""
        m = self.match
        if self.review:
            return False
        return bool(m.ai_to_move) or (m.human_to_move and cell in m.targets())

    # -- a player's input ---------------------------------------------------------------
    def click(self, cell: int) -> list[Event]:
        if self.review:
            return [Event("refused", (cell,), self.match.board.mover, look_back.stepping())]
        self.hint = ()
        events = self.match.click(cell)
        if any(e.kind == "turn" for e in events):
            self.browsing = False
        return self._kept(events)

    def undo(self) -> bool:
        if self.review:  # a look back steps one turn, as Left does
            return self.goto(self.match.ply - 1)
        self.cancel_ai()
        self.browsing = False
        changed = self.match.undo()
        if changed:
            self.hint = ()
            self.autosave()
        return changed

    def redo(self) -> bool:
        # A look back steps one turn, as Right does: Redo went on to the
        # person's next turn, two at once against the AI.
        if self.review:
            return self.goto(self.match.ply + 1)
        self.cancel_ai()
        changed = self.match.redo()
        if changed:
            self.hint = ()
            # At the end nothing is looked back at: the AI is asked, if to move.
            self.browsing = self.browsing and self.match.ply < self.match.plies
            self.autosave()
        return changed

    def resign(self, side: Color) -> list[Event]:
        """``side`` resigns; the match is over (and no longer kept as in progress).
        A saved game opened for a look is not resigned (nor put in the history)
        until it is the match in progress (:meth:`may_change`)."""
        if not self.current:
            return []
        self.cancel_ai()
        events = self.match.resign(side)
        self.autosave()  # over: no longer the match in progress
        return self._kept(events)

    def goto(self, ply: int) -> bool:
        """Show the position after ``ply`` turns (the later ones stay, to come back
        to); the AI waits while an earlier position is looked at."""
        self.cancel_ai()
        moved = self.match.goto(ply)
        if moved:
            self.hint = ()
            self.browsing = self.match.ply < self.match.plies
        return moved

    @property
    def later(self) -> int:
        """Turns after the position shown that playing on would drop."""
        return len(self.match.redo_stack)

    def play_on_from_here(self) -> None:
        """The player plays on from the position shown: the later turns go."""
        self.match.redo_stack.clear()
        self.browsing = False

    def claim(self) -> None:
        """The player agreed: this saved game becomes the match in progress."""
        self.current = True

    def leave(self) -> str | None:
        """The match screen closes: the AI stops and the match is kept. A saved game
        left unfinished with no other match in progress becomes the match in
        progress, so that Continue comes back to it (it replaces nothing); an online
        game looked back over is the server's, never one to continue here."""
        self.cancel_ai()
        if self.match.online is None and not self.match.finished:
            self.may_change()
        return self.autosave()

    def take_back_chain(self) -> tuple[int, ...]:
        return self.match.take_back_chain()

    def take_back_flip(self) -> int | None:
        return self.match.take_back_flip()

    def ask_hint(self) -> str:
        """Ask the strongest level what it would play; the answer comes as a
        ``hint`` event from :meth:`poll`. Returns what to tell the player."""
        m = self.match
        if not m.human_to_move or m.chain is not None:
            return _("Hints are for the start of your turn.")
        self.hint_request = self.ai.request(m.board.mfen(), level=HINT_LEVEL, seconds=HINT_SECONDS)
        return _("Asking {level} for a hint...").format(level=player_name(HINT_LEVEL))

    # -- the AI -----------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        """An AI is working out its turn."""
        return self.request is not None

    def poll(self, now: float, ready: bool, show: bool = True) -> list[Event]:
        """Ask the AI for its turn when one is to move and the scene is ``ready``
        (done showing the last turn), and collect what the worker answered if the
        scene may ``show`` it (:func:`.match_end.ai_timing`: an answer that comes
        under a banner waits here, the worker kept going meanwhile). Never waits."""
        m = self.match
        events: list[Event] = []
        # Only while the player looks back does the AI wait: any other time it is
        # to move it is asked (an AI left to move after an Undo once waited for ever).
        waiting = self.browsing
        # A hint asked while the AI thinks (or the other way round) replaced the
        # older request on this match's line to the AI.
        if self.request is not None and not self._coming(self.request):
            self.request = None  # asked again below
        if self.hint_request is not None and not self._coming(self.hint_request):
            self.hint_request = None
        if self.request is None and ready and m.ai_to_move and not waiting and self.may_change():
            long = self.master_long and m.ai_to_move == "Master"
            seconds = LONG_SECONDS if long else None
            self.request = self.ai.request(m.board.mfen(), level=m.ai_to_move, seconds=seconds)
            self.thinking_since = now
        if self.request is None and self.hint_request is None:
            self.held = []
            self._ponder(waiting or bool(m.redo_stack))
            return events
        # Polled even while the answer waits: the worker goes on only when polled.
        self.held = [*self.held, *self.ai.poll()]
        if not show:
            return events
        answers, self.held = self.held, []
        for answer in answers:
            if answer.id == self.request:
                self.request = None
                if answer.mfen != m.board.mfen():
                    continue  # the board moved on (an undo raced the answer)
                if answer.error or answer.turn is None:
                    text = _("The AI failed ({reason}).").format(reason=answer.error)
                    events.append(Event("error", text=text))
                    continue
                events += self._kept(m.play(m.board.parse_turn(answer.turn)))
            elif answer.id == self.hint_request:
                self.hint_request = None
                if answer.turn and m.human_to_move and answer.mfen == m.board.mfen():
                    self.hint = m.board.parse_turn(answer.turn).cells
                    text = _("{level} would play {turn}.").format(
                        level=player_name(HINT_LEVEL), turn=answer.turn
                    )
                    events.append(Event("hint", self.hint, text=text))
        return events

    def _coming(self, rid: int) -> bool:
        """Is the answer to request ``rid`` on its way, or here and held?"""
        return self.ai.serving(rid) or any(a.id == rid for a in self.held)

    @property
    def pondering(self) -> bool:
        """The AI opponent is thinking over the ending on the player's turn."""
        return self.ai.pondering is not None

    def _ponder(self, waiting: bool) -> None:
        """While the player thinks over an ending, let the AI opponent think too;
        stop when there is nothing of this match to think over (the player
        looks back, the game ended on the player's turn, the setting is off)."""
        want = None if waiting else self._worth_pondering()
        pondering = self.ai.pondering
        if want == pondering:
            return
        if want is not None:
            self.ai.ponder(want)
        elif pondering is not None:
            self.ai.cancel()  # nothing else is under way while it ponders

    def _worth_pondering(self) -> str | None:
        """The position for the AI opponent to think over now, if any."""
        m = self.match
        if not self.ponder_allowed or not self.current or not m.human_to_move:
            return None
        if m.is_human(m.board.mover.other):
            return None  # two players at this screen
        # Asked every frame: work it out once per position, not in each frame.
        key = m.board.transposition_key()
        if self._ponder_memo[0] != key:
            try:
                opponent = level(m.player(m.board.mover.other))
                want = m.board.mfen() if worth_pondering(m.board, opponent) else None
            except ValueError:
                want = None  # not an AI level
            self._ponder_memo = (key, want)
        return self._ponder_memo[1]

    def cancel_ai(self) -> None:
        """Drop any request under way: its answer never comes. A ponder stops too."""
        if self.request is not None or self.hint_request is not None or self.ai.pondering:
            self.ai.cancel()
            self.request = self.hint_request = None
        self.held = []

    # -- files --------------------------------------------------------------------------------
    def _kept(self, events: list[Event]) -> list[Event]:
        """``events``, with the match kept once a turn is complete, and archived in
        the history once it is over (and rated), unless called off (:mod:`.called_off`)."""
        if any(e.kind == "turn" for e in events):
            problem = self.autosave()
            if problem:
                events.append(Event("error", text=problem))
        if any(e.kind == "over" for e in events) and not called_off(self.match):
            problem = self.archive()
            if problem:
                events.append(Event("error", text=problem))
            if not self.rated:
                self.rated = True
                self.moved, problem = ai_rating.count(self.match, self.data)
                if problem:
                    events.append(Event("error", text=problem))
        return events

    def autosave(self) -> str | None:
        """Keep the match in progress, to resume after a restart (a finished match,
        or one with no turn played, is not kept: Continue would offer nothing).
        Returns what went wrong, if anything."""
        if not self.current:
            return None
        path = self.data / CURRENT
        try:
            # ``finished``, not ``over``: a won game looked back over is still finished.
            if self.match.finished or not self.match.plies:
                path.unlink(missing_ok=True)
            else:
                write_json(path, self.match.record())
        except OSError as e:
            return _("Could not keep the match: {reason}").format(reason=e.strerror or e)
        return None

    def save_game(self) -> tuple[bool, str]:
        """Save the game as a new file in the games folder; (done, what to say)."""
        try:
            path = write_new(
                self.data / "games", time.strftime("mosaic-%Y%m%d-%H%M%S"), self.match.record()
            )
        except OSError as e:
            return False, _("Could not save: {reason}").format(reason=e.strerror or e)
        return True, _("Saved as {name}.").format(name=path.name)


def looked_back(taken: int) -> str:
    """What Undo says in a finished game, its end still ahead: how many turns it
    took back (against the AI, the AI's and the person's: one click, two turns)."""
    return ngettext(
        "Back {n} turn. Redo goes forward again.", "Back {n} turns. Redo goes forward again.", taken
    ).format(n=taken)


def replacing(resigner: Color | None = None) -> tuple[str, str, str]:
    """The question, its explanation and its yes before this saved game takes
    the place of the match in progress: by playing on in it, or (``resigner``
    given) by resigning it, which ends it rather than plays on."""
    if resigner is None:
        return (
            _("Replace the match in progress?"),
            _(
                "Playing on in this saved game makes it your match in progress, in place "
                "of the one you have now. To keep that one, choose Keep it and use "
                "Continue on the title screen."
            ),
            _("Replace"),
        )
    return (
        _("Give up your match in progress?"),
        _(
            "Resigning ends this saved game: {winner} wins and it goes in "
            "your history. Only one match is kept, so your match in progress is given up "
            "for it. To keep that one, choose Keep it."
        ).format(winner=_(resigner.other.title)),
        _("Resign"),
    )
