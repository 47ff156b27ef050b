"""A finished game gone through by the engine, turn by turn, without pygame.

Each turn is judged against the engine's best (see :mod:`game.ai.analysis`);
the analysis keeps the verdicts, an evaluation curve for the graph (Red's view,
in tiles), and a summary per player, and it reads and writes itself as JSON so
it can be kept with the game record and open instantly next time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from game.ai.analysis import (
    EXACT_EMPTIES_COMPILED,
    JUDGE_DEPTH,
    LABELS,
    VerdictData,
    exact_empties,
)
from game.ai.endgame import empty_cells
from game.ai.evaluate import TILE, WIN
from game.ai.solver import margin
from game.i18n import _, ngettext
from game.rules import BLUE, RED, Board

from .analysis_curve import left_after, runs
from .deeper_looks import CHECKED, REFINE_DEPTH, refine_seconds
from .match import Match

#: Seconds the engine spends on a turn of the middle game at most (its search
#: stops at a depth, most often far sooner).
SECONDS = 0.8
#: Seconds the exact solver may spend on the game's ending as a whole. Its
#: turns are judged after the rest, from the last one back, each with what is
#: left: an ending of 15 empty cells may take 1 to 4 s to settle, and a turn
#: that cannot settle in time leaves the earlier (bigger) endings a short try.
ENDING_SECONDS = 6.0
#: A turn's try at an exact value once an ending later in the game failed.
SHORT_TRY = 0.1
#: The first pass labels every turn within these seconds of search, shared by
#: the game's turns, so that a side-8 game of 225 turns has its first labels
#: within seconds, not minutes; :data:`QUICK_MOST` a turn at most.
QUICK_SECONDS = 4.0
QUICK_MOST = 0.1
#: The second pass gives the middle game :data:`SECONDS` a turn for this many
#: turns, shared among more on bigger boards: a side-5 game's middle turns
#: keep most of their time, a side-8 game's get a seventh, and no
#: depth the time cannot finish is begun (:data:`game.ai.analysis.GROWTH`).
MIDDLE_TURNS = 28


class Ask(NamedTuple):
    """A turn to judge, and how: the judge's ``seconds`` and ``exact_seconds``
    (:func:`game.ai.analysis.judge`)."""

    at: int  # the turn's index in the game, from 0
    mfen: str  # the position before the turn
    played: str
    seconds: float
    exact_seconds: float
    #: The second pass, whose verdict is final; the first one's may be refined.
    deep: bool = True
    #: The depth to search to (None: the judge's own).
    depth: int | None = None


#: How far the graph and the bar go each way, in tiles.
CLAMP = 15.0


def score_in_tiles(score: int) -> float:
    """An engine score for the side to move, in tiles: the final margin when the
    solver settled it, else the evaluation."""
    return float(margin(score)) if abs(score) >= WIN else score / TILE


@dataclass(frozen=True)
class TurnVerdict:
    ply: int  # the turn's number in the game, from 1
    mover: str  # "red" or "blue"
    played: str
    best: str
    loss: float
    label: str
    exact: bool
    best_score: int
    #: No later pass will change it (a first pass's label may still change).
    final: bool = True
    #: The label changed between the judge's last two depths (shown with a "?").
    unsure: bool = False
    #: The depth the judge's search finished (0: settled exactly, or forced).
    depth: int = 0

    @property
    def flagged(self) -> bool:
        return self.label in ("inaccuracy", "mistake", "blunder")

    def evaluation(self) -> float:
        """How the position before this turn stood for Red, in tiles."""
        tiles = max(-CLAMP, min(CLAMP, score_in_tiles(self.best_score)))
        return tiles if self.mover == "red" else -tiles


class GameAnalysis:
    """``clock`` times the ending's judgements against :attr:`ending_seconds`."""

    def __init__(self, match: Match, clock: Callable[[], float] = time.monotonic) -> None:
        board = Board(match.board.root)
        line = list(match.board.turn_stack) + match.redo_stack[::-1]
        #: (position before the turn, the turn as played, who played it), per turn.
        self.turns: list[tuple[str, str, str]] = []
        #: The turns that were the only legal one (passes too): they are not judged.
        self.forced: set[int] = set()
        #: The turns of the ending (few enough empty cells for an exact try).
        self.ending: set[int] = set()
        #: The ending's turns the judge tries to settle exactly.
        self.solvable: set[int] = set()
        for i, turn in enumerate(line):
            self.turns.append((board.mfen(), board.notation(turn), str(board.mover)))
            if len(board.legal_turns()) == 1:
                self.forced.add(i)
            if empty_cells(board) <= EXACT_EMPTIES_COMPILED:
                self.ending.add(i)
            if empty_cells(board) <= exact_empties(board) and i not in self.forced:
                self.solvable.add(i)
            board.push(turn)
        #: Red's final margin in tiles, when the game is over (the graph's last point).
        self.final: float | None = None
        if board.is_game_over():
            self.final = float(board.count(RED) - board.count(BLUE))
        #: A side resigned: the curve ends at the position it left (:func:`.left_after`).
        self.resigned = match.resigned is not None
        self.verdicts: list[TurnVerdict | None] = [None] * len(self.turns)
        for i, (_turn, played, mover) in enumerate(self.turns):
            if played == "pass":  # forced: nothing to judge
                self.verdicts[i] = TurnVerdict(i + 1, mover, played, played, 0.0, "best", True, 0)

        self.side = board.size
        self.seconds = SECONDS
        self.ending_seconds = ENDING_SECONDS
        #: The first pass's seconds, shared by the turns (a script may want fewer).
        self.quick_seconds = QUICK_SECONDS
        self._clock = clock
        self._spent = 0.0  # on the ending so far
        self._asked: dict[int, float] = {}  # when each ending turn was handed out
        self._failed = False  # an ending turn did not settle in time
        self._deep: dict[int, bool] = {}  # each asked turn's pass
        self._refining: dict[int, int] = {}  # turns judged again: their depth before
        self._stuck: set[int] = set()  # turns the time took no deeper
        self._retried: set[int] = set()  # solvable turns given a longer exact try
        self._trying: int | None = None  # the one being given it

    # -- running -------------------------------------------------------------------
    def next_turn(self) -> Ask | None:
        """The next turn to judge, or None when done. Two passes: the first
        labels every turn, in order, with a short search (a turn it searches as
        deep as the analysis goes is settled by it); the second judges the rest
        as deep as the time allows: the middle game in order, then the ending
        from its last turn back, so each exact solve starts from the proved
        values of the turns after it and the last turns of the game are the
        ones settled exactly."""
        ask = self._quick() or self._deeper() or self._refine()
        if ask is not None:
            self._deep[ask.at] = ask.deep
        return ask

    def _quick(self) -> Ask | None:
        todo = [i for i, v in enumerate(self.verdicts) if v is None]
        if not todo:
            return None
        judged = sum(played != "pass" for _, played, _ in self.turns)
        box = min(QUICK_MOST, self.quick_seconds / max(1, judged))
        i = todo[0]
        return Ask(i, self.turns[i][0], self.turns[i][1], box, box, deep=False)

    def _deeper(self) -> Ask | None:
        todo = [i for i, v in enumerate(self.verdicts) if v is not None and not v.final]
        middle = [i for i in todo if i not in self.ending]
        if middle:
            share = min(1.0, MIDDLE_TURNS / max(1, len(self.turns) - len(self.ending)))
            box = self.seconds * share
            i = middle[0]
            return Ask(i, self.turns[i][0], self.turns[i][1], box, box)
        if not todo:
            return None
        i = todo[-1]
        left = self.ending_seconds - self._spent
        tries = min(self.seconds, SHORT_TRY) if self._failed else max(self.seconds, left)
        self._asked[i] = self._clock()
        return Ask(i, self.turns[i][0], self.turns[i][1], self.seconds, tries)

    def unsettled_turns(self) -> list[int]:
        """The turns a deeper look may still settle, the worst labels first
        (a player reads the blunders and mistakes first), then in game order:
        the unsure labels, and the flagged ones not yet seen from their depth
        in :data:`CHECKED`, since a deeper search mostly finds a blunder
        bigger than a shallow one does (an inaccuracy too may be one), and a
        mistake called where there is none costs a player's trust."""
        todo = [
            i
            for i, v in enumerate(self.verdicts)
            if v is not None
            and not v.exact
            and i not in self._stuck
            and ((v.unsure and v.depth < REFINE_DEPTH) or v.depth < CHECKED.get(v.label, 0))
        ]
        todo.sort(key=lambda i: (-LABELS.index(self._label(i)), i))
        return todo + [i for i in sorted(self._unsolved(), reverse=True) if i not in todo]

    def _unsolved(self) -> set[int]:
        """The ending's turns not settled exactly nor yet given a longer try
        (a confirmation's time) than the ending's pass could spare: a won ending
        thrown away is a blunder however few tiles it costs, which an exact
        judge names where a search sees a good turn (issue 53: 3 of 16 missed
        blunders, in side-6 endings). Asked from the last back (each then
        starts from the values proved after it)."""
        left = self.solvable - self._retried
        return {i for i in left if (v := self.verdicts[i]) is not None and not v.exact}

    def _label(self, index: int) -> str:
        v = self.verdicts[index]
        return "best" if v is None else v.label

    def _refine(self) -> Ask | None:
        if not self.done:
            return None
        todo = self.unsettled_turns()
        if not todo:
            return None
        i = todo[0]
        v = self.verdicts[i]
        before = max(JUDGE_DEPTH, v.depth if v is not None else 0)
        self._refining[i] = before
        mfen, played, _mover = self.turns[i]
        seconds = refine_seconds(self.side, self._label(i))
        # An ending's longer try counts as made once answered: till then, unsettled.
        self._trying = i if i in self._unsolved() else None
        tries = SHORT_TRY if self._trying is None else refine_seconds(self.side, "blunder")
        return Ask(i, mfen, played, seconds, tries, depth=before + 1)

    @property
    def settled(self) -> bool:
        """Done, and no unsure label left that a deeper look could settle."""
        return self.done and not self.unsettled_turns()

    def record(self, index: int, best: str, data: VerdictData) -> None:
        """Take a verdict on the turn at ``index``, asked by :meth:`next_turn`
        (or, if not, taken as final)."""
        before = self._refining.pop(index, None)
        if index == self._trying:
            self._retried.add(index)
            self._trying = None
        if before is not None and not data["exact"] and data.get("depth", 0) <= before:
            self._stuck.add(index)  # no deeper in the time: the label before stands
            return
        asked = self._asked.pop(index, None)
        if asked is not None:
            self._spent += self._clock() - asked
            self._failed = self._failed or not data["exact"]
        deep = self._deep.pop(index, True)
        exact = bool(data["exact"])
        # A first pass that searched as deep as the second would is final, but
        # an ending turn is worth its exact try.
        deep_enough = data.get("depth", 0) >= JUDGE_DEPTH and index not in self.ending
        _, played, mover = self.turns[index]
        self.verdicts[index] = TurnVerdict(
            index + 1,
            mover,
            played,
            best,
            float(data["loss"]),
            str(data["label"]),
            exact,
            int(data["best_score"]),
            final=deep or exact or deep_enough,
            unsure=bool(data.get("unsure", False)) and not exact,
            depth=int(data.get("depth", 0)),
        )

    @property
    def done(self) -> bool:
        """Every turn has its final verdict."""
        return all(v is not None and v.final for v in self.verdicts)

    @property
    def labelled(self) -> bool:
        """Every turn has a verdict, if not yet a final one."""
        return all(v is not None for v in self.verdicts)

    @property
    def settling(self) -> bool:
        """Is the turn being judged an ending the exact solver is trying to settle?"""
        return bool(self._asked) and not self._failed

    @property
    def progress(self) -> float:
        """How far both passes have got, from 0 to 1."""
        if not self.verdicts:
            return 1.0
        got = sum((v is not None) + (v is not None and v.final) for v in self.verdicts)
        return got / (2 * len(self.verdicts))

    # -- what it shows -----------------------------------------------------------------
    def curve(self) -> list[float | None]:
        """Red's view, in tiles, of each position before a turn and of the last one
        (None: not judged yet, or the game goes on). A forced turn or a pass is
        not judged: the position it is played in stands as the next one does."""
        points: list[float | None] = [None if v is None else v.evaluation() for v in self.verdicts]
        final = left_after(self.verdicts, self.forced) if self.resigned else self.final
        points.append(None if final is None else max(-CLAMP, min(CLAMP, final)))
        for i in sorted(self.forced, reverse=True):
            points[i] = points[i + 1]
        return points

    def runs(self) -> list[list[tuple[int, float]]]:
        """The curve's judged points in runs of neighbours (:func:`.analysis_curve.runs`)."""
        return runs(self.curve())

    def summary(self, color: str) -> dict[str, Any]:
        """One player's turns by label, and an accuracy: the share of their judged
        turns within a tile of the engine's best. ``turns`` are those judged of
        the ``of`` they played (passes are not judged), and ``final`` says that
        no later pass will change their labels: nor a deeper look, which may
        still change a label of theirs it has yet to settle."""
        theirs = [
            (i, v)
            for i, (_, played, mover) in enumerate(self.turns)
            if mover == color and played != "pass"
            for v in (self.verdicts[i],)
        ]
        mine = [v for _, v in theirs if v is not None]
        counts = {label: sum(v.label == label for v in mine) for label in LABELS}
        close = sum(v.label in ("best", "good") for v in mine)
        accuracy = round(100 * close / len(mine)) if mine else 100
        unsettled = set(self.unsettled_turns())
        final = all(v is not None and v.final and i not in unsettled for i, v in theirs)
        return {
            "counts": counts,
            "accuracy": accuracy,
            "turns": len(mine),
            "of": len(theirs),
            "final": final,
        }

    # -- keeping it ----------------------------------------------------------------------
    def to_json(self) -> list[dict[str, Any] | None]:
        """The verdicts, each turn's (``None``: not judged yet, when kept unfinished)."""
        return [None if v is None else asdict(v) for v in self.verdicts]

    def load(self, data: Any) -> bool:
        """Take verdicts kept with the record, finished or not; False (and
        nothing taken) if they do not fit this game."""
        if not isinstance(data, list) or len(data) != len(self.turns):
            return False
        try:
            verdicts = [None if item is None else TurnVerdict(**item) for item in data]
        except TypeError:
            return False
        if any(
            v is not None and (v.played != t[1] or v.label not in LABELS)
            for v, t in zip(verdicts, self.turns, strict=True)
        ):
            return False
        self.verdicts = list(verdicts)
        return True


def thrown_away(verdict: TurnVerdict) -> str:
    """What a proved turn gave away of the result ("" if it kept it): a turn that
    throws a won game away is a blunder whatever the tiles, and says why."""
    if not verdict.exact:
        return ""
    best = margin(verdict.best_score)
    played = best - round(verdict.loss)
    # The turn by name: after "Better: e1 —" an "it" would read as e1.
    if best > 0 and played == 0:
        return _("{turn} turned a won game into a draw.").format(turn=verdict.played)
    if best > 0 > played:
        return _("{turn} turned a won game into a lost one.").format(turn=verdict.played)
    if best == 0 > played:
        return _("{turn} turned a drawn game into a lost one.").format(turn=verdict.played)
    return ""


def better_line(verdict: TurnVerdict) -> str:
    """What a flagged turn should have been, in whole tiles: a player counts
    tiles, so the engine's fraction of one is rounded, or said in words."""
    took = len(verdict.played.split("x")) - 1
    best = len(verdict.best.split("x")) - 1
    tiles = round(verdict.loss)
    lost = thrown_away(verdict)
    if lost:
        worth = lost
    elif tiles < 1:
        worth = _("it was worth a little more by the end.")
    else:
        worth = ngettext(
            "it was worth about {n} tile more by the end.",
            "it was worth about {n} tiles more by the end.",
            tiles,
        ).format(n=tiles)
    if best and took:
        line = _("Better: {turn} takes {best}; you took {took}").format(
            turn=verdict.best, best=best, took=took
        )
    else:
        line = _("Better: {turn}").format(turn=verdict.best)
    # A dash, not a full stop: "Better: a1. c4 turned..." read "a1." as a move number.
    return _("{better} — {worth}").format(better=line, worth=worth)


def summary_line(title: str, summary: dict[str, Any], short: bool = False) -> str:
    """One player's summary, for the panel (``title``: "Red" or "Blue"). An
    accuracy is given only once every turn of theirs has a label, and it says
    "so far" until no later pass can change it: at 3% of a side-8 game "accuracy
    100%" of two turns read as a verdict, and on side 3 a third became a half.
    ``short``: on one short line, with the same care (see :func:`short_summary`)."""
    color = _(title)
    if not summary["turns"]:
        return _("{color}: no turns judged yet").format(color=color)
    if short:
        return short_summary(color, summary)
    if summary["turns"] < summary.get("of", summary["turns"]):
        return _("{color}: {judged} of {turns} turns judged so far").format(
            color=color, judged=summary["turns"], turns=summary["of"]
        )
    c = summary["counts"]
    words = {
        "color": color,
        "accuracy": summary["accuracy"],
        "blunders": unbroken(ngettext("{n} blunder", "{n} blunders", c["blunder"]), c["blunder"]),
        "mistakes": unbroken(ngettext("{n} mistake", "{n} mistakes", c["mistake"]), c["mistake"]),
        "inaccuracies": unbroken(
            ngettext("{n} inaccuracy", "{n} inaccuracies", c["inaccuracy"]), c["inaccuracy"]
        ),
    }
    line = _("{color}: accuracy {accuracy}%, {blunders}, {mistakes}, {inaccuracies}")
    if not summary.get("final", True):
        line = so_far(
            _("{color}: accuracy so far {accuracy}%, {blunders}, {mistakes}, {inaccuracies}"), line
        )
    return held(line).format(**words)


def held(line: str) -> str:
    """``line`` with its percentage held to the word before it (and to its
    sign, "77 %" in French and German), in every language: a narrow panel read
    "Red: accuracy / 77%"."""
    line = line.replace(" {accuracy}", NO_BREAK + "{accuracy}")
    return line.replace("{accuracy} %", "{accuracy}" + NO_BREAK + "%")


#: A space no line is broken at.
NO_BREAK = "\u00a0"


def so_far(line: str, final: str) -> str:
    """``line`` with its words for "so far" (those before the accuracy that
    ``final``, the same line without them, lacks) held together, to be held to
    the figure: a panel at 1280x800 Large read "Red: accuracy so / far 96%"."""
    head, at, tail = line.partition(" {accuracy}")
    plain = final.partition("{accuracy}")[0].split()
    said = head.split(" ")
    k = len(said)
    while k > 1 and said[k - 1] not in plain:
        k -= 1
    return " ".join([*said[:k], NO_BREAK.join(said[k:])] if k < len(said) else said) + at + tail


def unbroken(words: str, n: int) -> str:
    """A count and its word (``words``, "{n} blunders") as one, never wrapped apart:
    a narrow panel read "0 / blunders" across two lines."""
    return words.format(n=n).replace(" ", NO_BREAK)


def short_summary(color: str, summary: dict[str, Any]) -> str:
    """The summary on one short line, for a panel that would otherwise leave the
    list of turns no room: the accuracy alone (the list shows each label)."""
    if summary["turns"] < summary.get("of", summary["turns"]):
        return _("{color}: {judged} of {turns} judged").format(
            color=color, judged=summary["turns"], turns=summary["of"]
        )
    line = _("{color}: accuracy {accuracy}%")
    if not summary.get("final", True):
        line = so_far(_("{color}: accuracy so far {accuracy}%"), line)
    return held(line).format(color=color, accuracy=summary["accuracy"])
