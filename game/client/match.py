"""A match: the board, who plays each side, undo and redo, and the game record.

No pygame here. The match scene turns clicks into :meth:`Match.click` calls and
AI answers into :meth:`Match.play`; each returns the :class:`Event` list that
the scene animates and sounds out. A forced pass is played for the player and
reported as an event.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.rules import BLUE, PASS, RED, Board, Color, RulesError, Turn
from game.rules.errors import clip

from .storage import read_json, set_aside

HUMAN = "Human"
PLAYERS = (HUMAN, *(lvl.name for lvl in LEVELS.values()))
RECORD_FORMAT = 1


@dataclass(frozen=True)
class Event:
    """Something that happened on the board, for the scene to show.

    kind: ``place``, ``flip`` (one tile of a chain), ``turn`` (a turn completed),
    ``pass``, ``over`` or ``refused`` (a click that broke a rule; ``text`` says which).
    """

    kind: str
    cells: tuple[int, ...] = ()
    color: Color | None = None
    text: str = ""


class RecordError(ValueError):
    """A game record that cannot be replayed; the message names the fault."""


class Match:
    def __init__(self, side: int = 5, red: str = HUMAN, blue: str = "Club") -> None:
        for who in (red, blue):
            if who not in PLAYERS:
                raise ValueError(f"unknown player {who!r}; choose from {', '.join(PLAYERS)}")
        self.board = Board(size=side)
        self.players = {RED: red, BLUE: blue}
        self.redo_stack: list[Turn] = []
        #: What a loaded record had to be forgiven (players this version does not know).
        self.notes: list[str] = []

    # -- who plays ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.board.is_game_over()

    def player(self, color: Color) -> str:
        return self.players[color]

    def is_human(self, color: Color) -> bool:
        return self.players[color] == HUMAN

    @property
    def human_to_move(self) -> bool:
        return not self.over and self.is_human(self.board.turn)

    @property
    def ai_to_move(self) -> str | None:
        """The AI level to ask for a turn now, if the side to move is an AI."""
        if self.over or self.is_human(self.board.turn) or self.board.chain:
            return None
        return self.players[self.board.turn]

    # -- playing ------------------------------------------------------------
    def click(self, cell: int) -> list[Event]:
        """A human clicked ``cell``: place, start a flip chain, or continue one."""
        mover = self.board.turn
        if not self.human_to_move:
            return [Event("refused", (cell,), mover, "Wait for your turn.")]
        try:
            done = self.board.step(cell)
        except RulesError as e:
            return [Event("refused", (cell,), mover, sentence(str(e)))]
        kind = "place" if done is not None and done.is_place else "flip"
        events = [Event(kind, (cell,), mover)]
        if done is not None:
            self.redo_stack.clear()
            events += self._after(done, mover)
        return events

    def play(self, turn: Turn) -> list[Event]:
        """Play a whole turn (an AI's answer, or a redo), with an event per tile."""
        mover = self.board.turn
        self.board.play(turn)
        self.redo_stack.clear()
        if turn.is_place:
            events = [Event("place", turn.cells, mover)]
        else:
            events = [Event("flip", (c,), mover) for c in turn.cells]
        return events + self._after(turn, mover)

    def _after(self, turn: Turn, mover: Color) -> list[Event]:
        events = [Event("turn", turn.cells, mover, self.board.notation(turn))]
        while self.board.must_pass():
            who = self.board.turn
            self.board.push(PASS)
            events.append(Event("pass", (), who, f"{who.title} has no move and passes."))
        if self.over:
            events.append(Event("over", (), self.board.winner(), self.result_text()))
        return events

    def take_back_chain(self) -> tuple[int, ...]:
        """Undo the flips of an unfinished chain (nothing if none is in progress)."""
        return self.board.take_back_chain() if self.board.chain else ()

    def _one_human(self) -> bool:
        return sum(self.is_human(c) for c in (RED, BLUE)) == 1

    def undo(self) -> bool:
        """Take back the last turn, or an unfinished chain. Against an AI, go back
        to the human's previous turn. Returns whether anything changed."""
        if self.board.chain:
            self.board.take_back_chain()
            return True
        if not self.board.turn_stack:
            return False
        while self.board.turn_stack:
            turn = self.board.pop()
            self.redo_stack.append(turn)
            if turn is PASS:
                continue  # forced passes go with the turn before them
            if not self._one_human() or self.is_human(self.board.turn):
                break
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back, up to the human's next turn."""
        if not self.redo_stack or self.board.chain:
            return False
        while self.redo_stack:
            self.board.push(self.redo_stack.pop())
            while self.redo_stack and self.redo_stack[-1] is PASS:
                self.board.push(self.redo_stack.pop())
            if not self._one_human() or self.human_to_move or self.over:
                break
        return True

    # -- what the scene shows ---------------------------------------------------
    def moves(self) -> list[str]:
        """The turns so far in notation."""
        return [self.board.notation(t) for t in self.board.turn_stack]

    def result_text(self) -> str:
        b = self.board
        red, blue = b.count(RED), b.count(BLUE)
        winner = b.winner()
        if winner is None:
            return f"A draw, {red} tiles each."
        return f"{winner.title} wins, {max(red, blue)} tiles to {min(red, blue)}."

    # -- records ------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as JSON: board side, players, turns in notation, result."""
        return {
            "format": RECORD_FORMAT,
            "game": "Mosaic by Mark Steere",
            "side": self.board.size,
            "red": self.players[RED],
            "blue": self.players[BLUE],
            "turns": self.moves(),
            "result": self.board.result(),
        }

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """Replay a record; raises :class:`RecordError` naming the field or turn at fault."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"field 'format' must be {RECORD_FORMAT}")
        side = data.get("side")
        if not isinstance(side, int) or isinstance(side, bool) or not 2 <= side <= 12:
            raise RecordError("field 'side' must be a board side from 2 to 12")
        turns = data.get("turns")
        if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
            raise RecordError("field 'turns' must be a list of turns in notation")
        players, notes = [], []
        for color in (RED, BLUE):
            who = data.get(str(color), HUMAN)
            if not isinstance(who, str) or who not in PLAYERS:
                # A level renamed in a later version must not cost the game itself.
                shown = clip(who) if isinstance(who, str) else "not a name"
                notes.append(f"{color.title} was {shown}, a player this version does not know")
                who = HUMAN
            players.append(who)
        match = cls(side, *players)
        match.notes = notes
        for number, text in enumerate(turns, 1):
            try:
                match.board.play(text)
            except RulesError as e:
                raise RecordError(f"turn {number} ({clip(text, quote=False)}): {e}") from None
        return match


def open_record(path: Path, what: str) -> tuple[Match | None, str | None]:
    """The match in the game record at ``path``, and a message for the player: why
    there is no match (a bad file is set aside, see :mod:`.storage`), or what had
    to be forgiven in a good one."""
    data, message = read_json(path, what)
    if data is None:
        return None, message or f"Your {what} is not there any more."
    try:
        match = Match.from_record(data)
    except RecordError as e:
        return None, set_aside(path, what, str(e))
    if match.notes:
        return match, f"In your {what}: " + "; ".join(match.notes) + "; Human plays instead."
    return match, None


def sentence(text: str) -> str:
    """A rules message as a sentence for the player."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
