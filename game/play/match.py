"""A match: the board, who plays each side, undo and redo, and the game record.

No pygame here. The match scene turns clicks into :meth:`Match.click` calls and
AI answers into :meth:`Match.play`; each returns the :class:`Event` list that
the scene animates and sounds out. A forced pass is played for the player and
reported as an event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.i18n import _, ngettext
from game.rules import BLUE, PASS, RED, Board, Chain, Color, RulesError, Turn
from game.rules.errors import clip

from .chain_on_board import ChainOnBoard
from .explain import it
from .storage import read_json, set_aside

HUMAN = "Human"
PLAYERS = (HUMAN, *(lvl.name for lvl in LEVELS.values()))
#: The level a match's AI side plays unless told.
DEFAULT_LEVEL = "Club"


def player_name(player: str) -> str:
    """``player`` (an entry of :data:`PLAYERS`, or a person's name) as a screen
    shows it: "Human" and an AI level's name ("Anfänger") in the player's
    language, a person's name as it is. The English entry is what saves and
    settings keep, so they read in every language."""
    return _(player) if player in PLAYERS else player


def player_blurb(player: str) -> str:
    """One line on what ``player`` (an entry of :data:`PLAYERS`) is."""
    if player == HUMAN:
        return _("a person at this screen.")
    return _(LEVELS[player.lower()].blurb)


RECORD_FORMAT = 1


@dataclass(frozen=True)
class Event:
    """Something that happened on the board, for the scene to show.

    kind: ``place``, ``flip`` (one tile of a chain), ``turn`` (a turn completed),
    ``pass``, ``over``, ``refused`` (a click that broke a rule; ``text`` says which),
    from the controller ``hint`` (the cells of the turn suggested) and
    ``error`` (something failed; ``text`` says what), and from an online game's
    line ``link`` (``text``: "online", "offline" or "closed").
    """

    kind: str
    cells: tuple[int, ...] = ()
    color: Color | None = None
    text: str = ""


class RecordError(ValueError):
    """A game record that cannot be replayed; the message names the fault."""


class Match(ChainOnBoard):
    def __init__(self, side: int = 5, red: str = HUMAN, blue: str = DEFAULT_LEVEL) -> None:
        for who in (red, blue):
            if who not in PLAYERS:
                raise ValueError(  # i18n: not shown (a caller's mistake)
                    f"unknown player {who!r}; choose from {', '.join(PLAYERS)}"
                )
        self.board = Board(size=side)
        self.players = {RED: red, BLUE: blue}
        self.redo_stack: list[Turn] = []
        #: The flip turn a human is clicking through, if any (the board is unchanged
        #: until it is complete).
        self.chain: Chain | None = None
        #: What a loaded record had to be forgiven (players this version does not know).
        self.notes: list[str] = []
        #: The side that resigned, if one did (the match is then over).
        self.resigned: Color | None = None
        #: An online game's record replayed here: the people's names, played by hand
        #: (:attr:`players` says Human), and its ``online`` part, kept as it came.
        self.people: dict[Color, str] = {}
        self.online: dict[str, Any] | None = None

    # -- who plays ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.resigned_here or self.board.is_game_over()

    @property
    def finished(self) -> bool:
        """The game has ended, whichever of its positions is shown: a side
        resigned, or the last position (after the turns looked back over) is over."""
        if self.resigned is not None:
            return True
        return self.end_board().is_game_over()

    def end_board(self) -> Board:
        """The game's last position: the board with the turns looked back from
        played again (the board itself when none are)."""
        if not self.redo_stack:
            return self.board
        last = self.board.copy()
        for turn in reversed(self.redo_stack):
            last.push(turn)
        return last

    @property
    def resigned_here(self) -> bool:
        """A side resigned, and the position shown is the end of the game (a
        resignation belongs to the last position, not to earlier ones looked at)."""
        return self.resigned is not None and not self.redo_stack

    def winner(self) -> Color | None:
        """The winner once the match is over (``None`` for a draw or before the end)."""
        if self.resigned is not None and self.resigned_here:
            return self.resigned.other
        return self.board.winner()

    def resign(self, color: Color) -> list[Event]:
        """``color`` gives up: the other side wins, whatever the tiles say. A
        finished game, even looked back over, cannot be resigned."""
        if self.finished:
            return []
        self.chain = None
        self.redo_stack.clear()
        self.resigned = color
        return [Event("over", (), self.winner(), self.result_text())]

    def player(self, color: Color) -> str:
        """Who plays ``color``, as the screens name them: a person of an online
        game by name, else an entry of :data:`PLAYERS`."""
        return self.people.get(color) or self.players[color]

    def is_human(self, color: Color) -> bool:
        return self.players[color] == HUMAN

    def before_a_turn(self, side: Color) -> bool:
        """The person (the one at this screen against the AI, else ``side``) has
        played no turn of their own (a forced pass is not one) in the whole game,
        wherever it is looked at."""
        humans = [c for c in (RED, BLUE) if self.is_human(c)]
        if len(humans) == 1:
            side = humans[0]
        board = Board(self.board.root)
        for turn in [*self.board.turn_stack, *reversed(self.redo_stack)]:
            if turn is not PASS and board.mover == side:
                return False
            board.push(turn)
        return True

    @property
    def called_off(self) -> bool:
        """Resigned before the person played a turn (:mod:`.called_off`): no
        winner, no result that counts."""
        return self.resigned is not None and self.before_a_turn(self.resigned)

    @property
    def human_to_move(self) -> bool:
        return not self.over and self.is_human(self.board.mover)

    @property
    def ai_to_move(self) -> str | None:
        """The AI level to ask for a turn now, if the side to move is an AI."""
        if self.over or self.is_human(self.board.mover):
            return None
        return self.players[self.board.mover]

    # -- playing ------------------------------------------------------------
    def _refused(self, cell: int, reason: str) -> str:
        """A refused placement says it is one, as the pointer's line does (play-test:
        "b3 would join 2 of Blue's groups into one." did not say b3 was refused);
        a flip's reason says so already ("Flipping e5 would not ...")."""
        if self.chain is not None or self.board.tile_at(cell) is not None:
            return reason
        name = self.board.geometry.names[cell]
        return _("Can't place on {cell}: {reason}.").format(cell=name, reason=it(reason, name))

    def click(self, cell: int) -> list[Event]:
        """A human clicked ``cell``: place, start a flip chain, or continue one."""
        mover = self.board.mover
        if not self.human_to_move:
            return [Event("refused", (cell,), mover, _("Wait for your turn."))]
        try:
            done = self.board.click(cell, self.chain)
        except RulesError as e:
            return [Event("refused", (cell,), mover, sentence(self._refused(cell, str(e))))]
        if isinstance(done, Chain):
            self.chain = done
            return [Event("flip", (self.chain.cells[-1],), mover)]
        self.chain = None
        cell = done.cells[-1]
        events = [Event("place" if done.is_place else "flip", (cell,), mover)]
        self.redo_stack.clear()
        return events + self._after(done, mover)

    def play(self, turn: Turn) -> list[Event]:
        """Play a whole turn (an AI's answer, or a redo), with an event per tile."""
        mover = self.board.mover
        self.chain = None
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
            who = self.board.mover
            self.board.push(PASS)
            text = _("{color} has no move and passes.").format(color=_(who.title))
            events.append(Event("pass", (), who, text))
        if self.over:
            events.append(Event("over", (), self.winner(), self.result_text()))
        return events

    def take_back_chain(self) -> tuple[int, ...]:
        """Undo the flips of an unfinished chain (nothing if none is in progress)."""
        cells = self.chain.cells if self.chain is not None else ()
        self.chain = None
        return cells

    def take_back_flip(self) -> int | None:
        """Undo the last flip of an unfinished chain; returns its cell, if any."""
        if self.chain is None:
            return None
        cell = self.chain.cells[-1]
        self.chain = self.chain.take_back()
        return cell

    def targets(self) -> list[int]:
        """The cells a click can act on now."""
        return self.chain.owed() if self.chain is not None else self.board.click_targets()

    def _one_human(self) -> bool:
        return sum(self.is_human(c) for c in (RED, BLUE)) == 1

    @property
    def can_undo(self) -> bool:
        """:meth:`undo` would take something back: a chain, a resignation, or a
        turn; against an AI, only a turn of the person's (taking back the AI's
        first turn alone left it to move with nobody asking it)."""
        if self.chain is not None:
            return True
        if self.resigned_here:  # a game called off is gone, not one to go back to
            return not self.called_off
        if not self._one_human():
            return any(turn is not PASS for turn in self.board.turn_stack)
        board = Board(self.board.root)
        for turn in self.board.turn_stack:
            if turn is not PASS and self.is_human(board.mover):
                return True
            board.push(turn)
        return False

    def undo(self) -> bool:
        """Take back the last turn, or an unfinished chain. Against an AI, go back
        to the human's previous turn, never further than their first (nothing
        changes while they have none). Returns whether anything changed."""
        if self.chain is not None:
            self.chain = None
            return True
        if not self.can_undo:
            return False
        if self.resigned_here:  # a resignation is taken back first
            self.resigned = None
            return True
        while self.board.turn_stack:
            turn = self.board.pop()
            self.redo_stack.append(turn)
            if turn is PASS:
                continue  # forced passes go with the turn before them
            if not self._one_human() or self.is_human(self.board.mover):
                break
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back, up to the human's next turn."""
        if not self.redo_stack or self.chain is not None:
            return False
        while self.redo_stack:
            self.board.push(self.redo_stack.pop())
            while self.redo_stack and self.redo_stack[-1] is PASS:
                self.board.push(self.redo_stack.pop())
            if not self._one_human() or self.human_to_move or self.over:
                break
        return True

    # -- moving through the game ------------------------------------------------
    @property
    def ply(self) -> int:
        """How many turns are on the board (the position shown)."""
        return len(self.board.turn_stack)

    @property
    def plies(self) -> int:
        """How many turns the game has, those taken back included."""
        return len(self.board.turn_stack) + len(self.redo_stack)

    def goto(self, ply: int) -> bool:
        """Show the position after ``ply`` turns, keeping the later ones to come
        back to (as undo and redo do, one turn at a time). Returns whether it moved."""
        ply = max(0, min(self.plies, ply))
        if ply == self.ply and self.chain is None:
            return False
        self.chain = None
        while self.ply > ply:
            self.redo_stack.append(self.board.pop())
        while self.ply < ply:
            self.board.push(self.redo_stack.pop())
        return True

    def final_result(self) -> str | None:
        """The result at the game's end (not at the position looked at)."""
        if self.resigned is not None:
            return str(self.resigned.other)
        return self.end_board().result()

    def all_moves(self) -> list[str]:
        """Every turn of the game in notation, those taken back included."""
        line = list(self.board.turn_stack) + self.redo_stack[::-1]
        return [self.board.notation(t) for t in line]

    # -- what the scene shows ---------------------------------------------------
    def moves(self) -> list[str]:
        """The turns so far in notation."""
        return [self.board.notation(t) for t in self.board.turn_stack]

    def players_text(self) -> str:
        """Who plays: "Red: Human, Blue: Club"."""
        return _("Red: {red}, Blue: {blue}").format(
            red=player_name(self.player(RED)), blue=player_name(self.player(BLUE))
        )

    def result_text(self) -> str:
        if self.resigned is not None and self.resigned_here and self.called_off:
            # Not "Red resigned: Blue wins": a called-off game has no winner.
            return _("{color} called the game off: it does not count.").format(
                color=_(self.resigned.title)
            )
        if self.resigned is not None and self.resigned_here:
            return _("{color} resigned: {winner} wins.").format(
                color=_(self.resigned.title), winner=_(self.resigned.other.title)
            )
        b = self.board
        red, blue = b.count(RED), b.count(BLUE)
        winner = b.winner()
        if winner is None:
            return ngettext("A draw, {n} tile each.", "A draw, {n} tiles each.", red).format(n=red)
        return _("{player} wins, {n} tiles to {other}.").format(
            player=_(winner.title), n=max(red, blue), other=min(red, blue)
        )

    # -- records ------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as JSON: board side, players, turns in notation, result."""
        return {
            "format": RECORD_FORMAT,
            "game": "Mosaic by Mark Steere",  # i18n: a file's words
            "side": self.board.size,
            "red": self.player(RED),
            "blue": self.player(BLUE),
            # The whole game, turns taken back and not yet replaced included, so that
            # looking back through it never costs its end.
            "turns": self.all_moves(),
            "result": self.final_result(),
            **({"resigned": str(self.resigned)} if self.resigned is not None else {}),
            # The position shown, when it is not the end: after an undo, or looking back.
            **({"at": self.ply} if self.ply < self.plies else {}),
            **({"online": self.online} if self.online is not None else {}),
        }

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """Replay a record; raises :class:`RecordError` naming the field or turn at fault."""
        if not isinstance(data, dict):
            raise RecordError(_("a game record must be a JSON object"))
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(_("field 'format' must be {n}").format(n=RECORD_FORMAT))
        side = data.get("side")
        if not isinstance(side, int) or isinstance(side, bool) or not 2 <= side <= 12:
            raise RecordError(_("field 'side' must be a board side from 2 to 12"))
        turns = data.get("turns")
        if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
            raise RecordError(_("field 'turns' must be a list of turns in notation"))
        players, notes, people = [], [], {}
        online = data.get("online")
        for color in (RED, BLUE):
            who = data.get(str(color), HUMAN)
            if isinstance(online, dict) and isinstance(who, str):
                # An online game's names are people's: both are replayed by hand,
                # and named as they played.
                people[color] = who[:40]
                who = HUMAN
            if not isinstance(who, str) or who not in PLAYERS:
                # A level renamed in a later version must not cost the game itself.
                shown = clip(who) if isinstance(who, str) else _("not a name")
                notes.append(
                    _("{color} was {player}, a player this version does not know").format(
                        color=_(color.title), player=shown
                    )
                )
                who = HUMAN
            players.append(who)
        match = cls(side, *players)
        match.notes = notes
        if isinstance(online, dict):
            match.people, match.online = people, online
        for number, text in enumerate(turns, 1):
            try:
                match.board.play(text)
            except RulesError as e:
                raise RecordError(
                    _("turn {number} ({turn}): {reason}").format(
                        number=number, turn=clip(text, quote=False), reason=e
                    )
                ) from None
        resigned = data.get("resigned")
        if resigned is not None:
            if resigned not in ("red", "blue"):
                raise RecordError(_("field 'resigned' must be red or blue"))
            match.resign(RED if resigned == "red" else BLUE)
        at = data.get("at", len(turns))
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(turns):
            raise RecordError(
                _("field 'at' must be a turn number from 0 to {n}").format(n=len(turns))
            )
        match.goto(at)
        return match


def open_record(path: Path, what: str) -> tuple[Match | None, str | None]:
    """The match in the game record at ``path``, and a message for the player: why
    there is no match (a bad file is set aside, see :mod:`.storage`), or what had
    to be forgiven in a good one."""
    data, message = read_json(path, what)
    if data is None:
        return None, message or _("Your {what} is not there any more.").format(what=_(what))
    try:
        match = Match.from_record(data)
    except RecordError as e:
        return None, set_aside(path, what, str(e))
    if match.notes:
        return match, _("In your {what}: {notes}; Human plays instead.").format(
            what=_(what), notes="; ".join(match.notes)
        )
    return match, None


def sentence(text: str) -> str:
    """A rules message as a sentence for the player. A cell's name keeps its small
    letter even at the start ("b5 is not empty."), as the board labels it."""
    text = text.strip()
    starts_with_cell = len(text) > 1 and text[0].islower() and text[1].isdigit()
    first = text[:1] if starts_with_cell else text[:1].upper()
    return first + text[1:] + ("" if text.endswith(".") else ".")


def turns_said(turns: int, first: Color, passes: int = 0, *, apart: bool = False) -> str:
    """How many turns the game took, and each side's share: the move list numbers
    its rows, a turn of each, so "48 turns" alone read as twice its last row.
    ``passes`` of them, said apart: a pass is a row's entry too, but "87 turns"
    of which five were passes read as 87 played. ``apart``: the passes start a
    line of their own, where the whole is too long for one: wrapped at the last
    space that fits, it broke inside them ("4 of / them passes", a play-test)."""
    if turns < 2:
        line = ngettext("{n} turn", "{n} turns", turns).format(n=turns)
    elif turns % 2 == 0:
        line = _("{n} turns, {each} each").format(n=turns, each=turns // 2)
    else:
        line = _("{n} turns: {more} by {first}, {fewer} by {second}").format(
            n=turns,
            more=turns // 2 + 1,
            first=_(first.title),
            fewer=turns // 2,
            second=_(first.other.title),
        )
    if not passes:
        return line
    said = ngettext("{line}, {n} of them a pass", "{line}, {n} of them passes", passes)
    before, _line, after = said.partition("{line}")
    after = after.format(n=passes)
    if apart:  # the line's own mark (", ") stays with it, the space becomes the break
        after = re.sub(r"^(\W*?)\s+", lambda m: m.group(1) + "\n", after, count=1)
    return before.format(n=passes) + line + after
