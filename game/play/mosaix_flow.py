"""Mosaix's turn flow, without a screen: what the solo game and a match at one
screen do between the player's input and the sheet.

A turn: the dice roll, the roller chooses a formation (a shape, an order of the
symbols and a turn, with :class:`~game.play.arranger.Arranger`), and each player
writes it on their own sheet where it may go. The AI (arranging, placing, a
hint) works in the jobs process (:mod:`game.play.jobs`): the flow submits its
work and :meth:`SheetFlow.poll` collects the answer, so nothing here waits.

The screen (``game.client.scenes.mosaix_play``) shows the flow: it says when
the dice have stopped tumbling (``ready``), points at cells, and draws what the
:class:`MosaixEvent` values returned by every call say happened.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from game.i18n import N_, _, ngettext
from game.mosaix import Formation, Placement, Sheet
from game.mosaix import ai as mosaix_ai
from game.mosaix.game import SOLO_SUPER, SOLO_WIN, Solo, daily_seed
from game.mosaix.sheet import SIZE

from .arranger import Arranger
from .jobs import Job
from .mosaix_aim import Preview, anchor, hanging, new_areas, placement_at, preview_at, why_not
from .mosaix_records import load as load_records
from .mosaix_records import save as save_records

#: How a message reads: plain, a prompt to act, good news, a refusal.
Tone = Literal["muted", "accent", "good", "bad"]


class JobRunner(Protocol):
    """What the flow needs of the jobs service (:class:`game.play.jobs.Jobs`)."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Job: ...
    def cancel(self, job: Job | None) -> None: ...


@dataclass
class MosaixEvent:
    """Something the screen shows: ``rolled`` (the dice tumble), ``written`` (a
    placement was written on ``sheet``'s sheet; ``areas`` reached five cells),
    ``finished`` (the game or match is over; ``best``: a new best solo score)."""

    kind: Literal["rolled", "written", "finished"]
    placement: Placement | None = None
    sheet: int = 0
    areas: list[int] = field(default_factory=list)
    best: bool = False


#: Each symbol's name in the count.
SYMBOL_NAMES = {"O": N_("Circles"), "X": N_("Crosses"), "T": N_("Triangles")}


@dataclass(frozen=True)
class CountLine:
    """A line of the count at the end: its text, its part (which sets how large
    it reads) and its tone: "text", a :data:`Tone`, or a symbol ("O", "X", "T"),
    drawn in that symbol's colour."""

    text: str
    part: Literal["title", "winner", "line", "total", "note"]
    tone: str


def verdict(total: int) -> tuple[str, Tone]:
    """What a solo score earns: a win from :data:`SOLO_WIN` points, more from
    :data:`SOLO_SUPER`; below, what would have won."""
    if total >= SOLO_SUPER:
        return _("Really super!"), "good"
    if total >= SOLO_WIN:
        return _("Won!"), "good"
    return _("{n} to win").format(n=SOLO_WIN), "accent"


class SheetFlow:
    """What the solo game and a match share: the dice, the roller's choice of
    formation, pointing and writing on a sheet, and the AI's work."""

    def __init__(self, jobs: JobRunner) -> None:
        self.jobs = jobs
        self.arranger: Arranger | None = None
        self.thinking: Job | None = None
        self._then: Callable[[Any], list[MosaixEvent]] = lambda _result: []
        #: The line for the player, and how it reads.
        self.message: tuple[str, Tone] = ("", "muted")
        self.finished = False
        #: The pointer still rests where the last formation was written: the next
        #: one shows once it moves, not drawn red over what was just written.
        self.written_here = False

    # -- the roll and the formation -------------------------------------------------------
    def new_roll(self, rolled: str) -> list[MosaixEvent]:
        self.arranger = Arranger(rolled)
        return [MosaixEvent("rolled")]

    def pick_shape(self, index: int) -> None:
        if self.can_arrange():
            self.arranger.pick_shape(index)  # type: ignore[union-attr]

    def next_order(self) -> None:
        if self.can_arrange():
            self.arranger.next_order()  # type: ignore[union-attr]

    def rotate(self) -> None:
        if self.can_turn():
            self.arranger.rotate()  # type: ignore[union-attr]

    def can_arrange(self) -> bool:
        """May the player choose the shape and the order of the symbols now?"""
        return self.arranger is not None

    def can_turn(self) -> bool:
        """May the player turn the formation now (to lay it out, or to write it)?"""
        return self.arranger is not None

    def formation(self) -> Formation | None:
        return None if self.arranger is None else self.arranger.formation

    # -- pointing and writing -------------------------------------------------------------
    def sheet(self) -> Sheet:
        raise NotImplementedError

    def max_dropped(self) -> int:
        return 3

    def may_write(self) -> bool:
        """May the player write now (the dice must also have stopped: the screen's
        ``ready``)?"""
        return self.thinking is None and not self.finished

    def aimed(self, cell: tuple[int, int] | None) -> Placement | None:
        """The placement pointing at ``cell`` writes: the formation (as turned) with
        its anchor on ``cell`` where it may go there, else the nearest place where
        it may go with one of its symbols on ``cell``, so that any cell of the
        sheet reaches the placements that hang over an edge. Where none may, the
        anchored one (to say why not)."""
        f = self.formation()
        if f is None or cell is None:
            return None
        anchored = placement_at(f, *preview_at(f, cell))
        sheet, most = self.sheet(), self.max_dropped()
        if anchored is not None and why_not(sheet, anchored, most) is None:
            return anchored
        ax, ay = anchor(f)
        best: tuple[int, Placement] | None = None
        for fx, fy, _symbol in f.cells:
            p = placement_at(f, cell[0] - fx, cell[1] - fy)
            if p is None or why_not(sheet, p, most) is not None:
                continue
            far = abs(fx - ax) + abs(fy - ay)
            if best is None or far < best[0]:
                best = (far, p)
        return best[1] if best is not None else anchored

    def preview(self, cell: tuple[int, int] | None) -> Preview | None:
        """What pointing at ``cell`` shows, or None when nothing is to be written."""
        f = self.formation()
        if f is None or cell is None or not self.may_write() or self.written_here:
            return None
        p = self.aimed(cell)
        x0, y0 = (p.x, p.y) if p is not None else preview_at(f, cell)
        cells = [(fx + x0, fy + y0, s) for fx, fy, s in f.cells]
        shown = [(x, y, s) for x, y, s in cells if 0 <= x < SIZE and 0 <= y < SIZE]
        why = why_not(self.sheet(), p, self.max_dropped())
        # The symbols over the edge are shown there too: left out without being seen,
        # one went missing from a player's first move.
        hanging = [c for c in cells if c not in shown]
        return Preview(shown, why is None, why, hanging)

    def pointed(self) -> None:
        """The pointer moved to another cell: what was said of the last one (a
        refusal, a placement written) gives way to what the new cell says."""
        self.written_here = False
        if self.message[1] in ("bad", "good") and self.thinking is None and not self.finished:
            self.message = ("", "muted")

    def hover_text(self, cell: tuple[int, int] | None) -> tuple[str, Tone] | None:
        """The line for a pointer over ``cell``: why the formation may not go there,
        or that a click writes it. None when there is nothing to say of it."""
        preview = self.preview(cell)
        if preview is None:
            return None
        if preview.why:
            return preview.why, "bad"
        if preview.hanging:
            return self.hanging(len(preview.hanging)), "accent"
        return _("Click to write it here."), "good"

    def hanging(self, dropped: int) -> str:
        """What a click says before it writes a formation with ``dropped`` symbols
        over the edge (see :func:`.mosaix_aim.hanging`)."""
        return hanging(dropped, scale=False)

    def line(self, cell: tuple[int, int] | None) -> tuple[str, Tone]:
        """The line above the sheet with the pointer over ``cell`` (None: nowhere,
        or the dice still rolling). A formation drawn red always says why, and one
        hanging over the edge what that costs, whatever was said before; otherwise
        what was said last, else what a click does."""
        preview = self.preview(cell)
        if preview is not None and preview.why:
            return preview.why, "bad"
        if preview is not None and preview.hanging:  # what the click costs, first
            return self.hanging(len(preview.hanging)), "accent"
        if self.message[0]:
            return self.message
        return self.hover_text(cell) or ("", "muted")

    def click(self, cell: tuple[int, int] | None) -> list[MosaixEvent] | str:
        """Write the formation with its anchor on ``cell``. Returns what happened, or
        why not (the refusal is also the new message)."""
        if not self.may_write() or self.formation() is None:
            return []
        p = self.aimed(cell)
        why = why_not(self.sheet(), p, self.max_dropped())
        if why or p is None:
            self.say(why or "", "bad")
            return why or ""
        events = self.write(p)
        self.written_here = True
        return events

    def write(self, p: Placement) -> list[MosaixEvent]:
        """Write ``p`` on the sheet being played (the game's own rules)."""
        raise NotImplementedError

    def _written(self, before: Sheet, after: Sheet, p: Placement, sheet: int) -> MosaixEvent:
        return MosaixEvent("written", p, sheet, new_areas(before, after))

    def count(self, best: bool) -> list[CountLine]:
        """The lines of the count at the end (each kind of game has its own)."""
        raise NotImplementedError

    def say(self, text: str, tone: Tone = "muted") -> None:
        self.message = (text, tone)

    # -- the AI ---------------------------------------------------------------------------
    def think(
        self,
        work: Callable[..., Any],
        args: tuple[Any, ...],
        then: Callable[[Any], list[MosaixEvent]],
    ) -> None:
        """Run ``work(*args)`` in the jobs process; ``then(result)`` once it is done."""
        self.jobs.cancel(self.thinking)
        self.thinking = self.jobs.submit(work, *args)
        self._then = then

    def poll(self) -> list[MosaixEvent]:
        """Collect the AI's answer, if it came (never waits)."""
        job = self.thinking
        if job is None or not job.done:
            return []
        self.thinking = None
        if job.error is not None:
            self.say(_("The AI could not play: {reason}.").format(reason=job.error), "bad")
            return []
        return self._then(job.value)

    def leave(self) -> None:
        """The screen is gone: the AI's work stops."""
        self.jobs.cancel(self.thinking)
        self.thinking = None


#: What the scale is worth (the rules: 1 point per empty scale space at the end).
SCALE_POINTS = N_("Each empty scale space is a point at the end.")


class SoloFlow(SheetFlow):
    """The solo game: you roll and lay out every formation; the scale lets
    symbols hang over the edge; your best scores are kept in ``data``."""

    def __init__(
        self, jobs: JobRunner, data: Path, seed: int | None = None, *, day: dt.date | None = None
    ) -> None:
        super().__init__(jobs)
        self.day = day
        self.data = data
        if seed is None:
            seed = daily_seed(day) if day is not None else random.randrange(2**63)
        self.game = Solo(seed)
        self.records, self.records_problem = load_records(data)

    def start(self) -> list[MosaixEvent]:
        self.say(
            _("Pick a shape and an order for the dice, point at the sheet, click to write."),
            "accent",
        )
        return self.new_roll(self.game.rolled)

    def sheet(self) -> Sheet:
        return self.game.sheet

    def max_dropped(self) -> int:
        return self.game.max_dropped

    def hanging(self, dropped: int) -> str:
        return hanging(dropped, scale=True)

    def scale_help(self) -> str:
        """What the scale is, for a pointer over it and the points beside it: a
        newcomer saw "Scale" and a row of boxes and could not tell what they
        were for (in the words of the rules' scoring)."""
        return (
            _("Scale: each symbol left off the edge crosses out a space.") + " " + _(SCALE_POINTS)
        )

    def write(self, p: Placement) -> list[MosaixEvent]:
        before = self.game.sheet
        self.game.play(p)
        events = [self._written(before, self.game.sheet, p, 0)]
        if p.dropped:
            text = ngettext(
                "Written, {n} symbol off the edge: the scale has {left} left.",
                "Written, {n} symbols off the edge: the scale has {left} left.",
                p.dropped,
            )
            said = text.format(n=p.dropped, left=self.game.scale)
            self.say(said + " " + _(SCALE_POINTS), "good")
        elif self.game.sheet.score() == before.score():
            # The points stayed as they were, and a newcomer could not tell why.
            self.say(
                _("Written. No new points: only areas of 5 or more cells of one symbol score."),
                "good",
            )
        else:
            # The panel counts the points (the sheet's and the scale's): a sheet-only
            # figure here read as a contradiction of it.
            self.say(_("Written."), "good")
        if self.game.over:
            events += self.finish()
        else:
            events += self.new_roll(self.game.rolled)
        return events

    def hint(self, show: Callable[[tuple[int, int]], None]) -> None:
        """Ask the AI where the dice would do best; ``show(cell)`` points there
        once the answer comes (the formation is already turned to match)."""
        if self.finished or self.thinking is not None:
            return
        game = self.game
        self.say(_("Thinking..."))

        def shown(p: Placement | None) -> list[MosaixEvent]:
            if p is None:
                self.say(_("Nothing fits any more."), "bad")
                return []
            if self.arranger is not None:
                self.arranger.show(p.formation)
            ax, ay = anchor(p.formation)
            self.written_here = False  # the hint's place shows wherever the pointer is
            show((p.x + ax, p.y + ay))
            self.say(_("Try it here: the preview shows where."), "good")
            return []

        args = (game.sheet, game.rolled, random.Random(len(game.turns)), game.scale)
        self.think(mosaix_ai.plan, args, shown)

    def end(self) -> list[MosaixEvent]:
        """End the game now: the score is what the sheet and the scale hold."""
        if self.finished:
            return []
        self.game.end()
        return self.finish()

    def count(self, best: bool) -> list[CountLine]:
        """The count: each symbol's areas, the scale, the total and its verdict;
        ``best``: the score is a new best."""
        out = [CountLine(_("The count"), "title", "text")]
        for s, (k, n) in self.game.sheet.breakdown().items():
            text = _("{symbols}: {k} x {n} = {points}").format(
                symbols=_(SYMBOL_NAMES[s]), k=k, n=n, points=k * n
            )
            out.append(CountLine(text, "line", s))
        out.append(CountLine(_("Scale: {n}").format(n=self.game.scale), "line", "text"))
        said, tone = verdict(self.game.score)
        # The verdict on its own line, under the points it speaks of: "7 points.
        # 120 wins" on one line read as a count of wins.
        score = self.game.score
        out.append(
            CountLine(ngettext("{n} point", "{n} points", score).format(n=score), "total", tone)
        )
        out.append(CountLine(said, "line", tone))
        if best:
            out.append(CountLine(_("A new best score"), "note", "accent"))
        return out

    def finish(self) -> list[MosaixEvent]:
        self.finished = True
        day = self.day.isoformat() if self.day is not None else None
        best = self.records.finished(self.game.score, day)
        # The prompt to write (or "Written.") no longer holds: nothing more is written.
        score = self.game.score
        self.say(
            ngettext("Game over: {n} point.", "Game over: {n} points.", score).format(n=score),
            "good",
        )
        try:
            save_records(self.records, self.data)
        except OSError as e:
            self.say(
                _("Your Mosaix results could not be saved: {reason}").format(
                    reason=e.strerror or e
                ),
                "bad",
            )
        return [MosaixEvent("finished", best=best)]
