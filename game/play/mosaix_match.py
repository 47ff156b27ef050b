"""Mosaix's match at one screen, without a screen: rounds, whose sheet is shown,
and the AI players' turns, on the turn flow every Mosaix game shares
(:class:`~game.play.mosaix_flow.SheetFlow`)."""

from __future__ import annotations

import random

from game.i18n import _, ngettext
from game.mosaix import Formation, Placement, Sheet
from game.mosaix import ai as mosaix_ai
from game.mosaix.game import Match

from .mosaix_flow import CountLine, JobRunner, MosaixEvent, SheetFlow


class MatchFlow(SheetFlow):
    """A match of 1 to 4 sheets at one screen, humans and AI. The roller changes
    each round; then every player writes the formation on their own sheet, the
    humans one after another (hand the mouse on)."""

    def __init__(self, jobs: JobRunner, kinds: list[str], seed: int | None = None) -> None:
        super().__init__(jobs)
        self.kinds = kinds
        self.match = Match(kinds, seed if seed is not None else random.randrange(2**63))
        self.player = self.match.roller  # whose sheet is shown large

    def name(self, i: int) -> str:
        text = _("Player {n} (AI)") if self.kinds[i] == "AI" else _("Player {n}")
        return text.format(n=i + 1)

    def count(self, best: bool = False) -> list[CountLine]:
        """Who won, then every player's points (a match keeps no bests)."""
        names = [self.name(i) for i in self.match.winners()]
        head = ngettext("{players} wins", "{players} win", len(names)).format(
            players=_(" and ").join(names)
        )
        out = [CountLine(head, "winner", "good")]
        for i, score in enumerate(self.match.scores()):
            text = ngettext("{player}: {n} point", "{player}: {n} points", score)
            out.append(CountLine(text.format(player=self.name(i), n=score), "line", "text"))
        return out

    def sheet(self) -> Sheet:
        return self.match.sheets[self.player]

    def start(self) -> list[MosaixEvent]:
        return self.start_round()

    def start_round(self) -> list[MosaixEvent]:
        m = self.match
        self.player = m.roller
        events = self.new_roll(m.rolled)
        if self.kinds[m.roller] == "AI":
            me = m.roller
            others = [s for i, s in enumerate(m.sheets) if i != me]
            self.say(_("{player} rolls and lays out a formation...").format(player=self.name(me)))
            args = (m.sheets[me], others, m.rolled, random.Random(m.rounds))
            self.think(mosaix_ai.arrange, args, self.arranged)
        else:
            self.say(
                _("{player} rolls: pick a shape and an order, then lay it out.").format(
                    player=self.name(m.roller)
                ),
                "accent",
            )
        return events

    def can_arrange(self) -> bool:
        return (
            self.arranger is not None
            and self.match.formation is None
            and self.kinds[self.match.roller] != "AI"
        )

    def can_turn(self) -> bool:
        return self.can_arrange() or self.may_write()

    def formation(self) -> Formation | None:
        if self.match.formation is not None and self.arranger is not None:
            return self.arranger.formation
        return super().formation()

    def lay_out(self) -> list[MosaixEvent]:
        """The roller is done choosing: everyone writes this formation."""
        if not self.can_arrange():
            return []
        return self.arranged(self.arranger.formation)  # type: ignore[union-attr]

    def arranged(self, formation: Formation) -> list[MosaixEvent]:
        if self.arranger is not None:
            self.arranger.show(formation)
        self.match.arrange(formation)
        return self.next_writer()

    def may_write(self) -> bool:
        m = self.match
        return (
            super().may_write()
            and m.formation is not None
            and not m.finished
            and self.player not in m.done
            and self.kinds[self.player] == "Human"
        )

    def write(self, p: Placement) -> list[MosaixEvent]:
        before = self.sheet()
        who = self.player
        self.match.write(who, p)
        return [self._written(before, self.match.sheets[who], p, who), *self.next_writer()]

    def next_writer(self) -> list[MosaixEvent]:
        """The next player to write this round's formation, or the next round."""
        m = self.match
        if m.finished:
            self.finished = True
            self.player = m.winners()[0]  # the sheet shown large: a winner's
            names = [self.name(i) for i in m.winners()]
            self.say(
                _("The match is over: {players} won.").format(players=_(" and ").join(names)),
                "good",
            )
            return [MosaixEvent("finished")]
        if m.formation is None:  # the round is over: the next roller rolls
            return self.start_round()
        order = [(m.roller + k) % len(self.kinds) for k in range(len(self.kinds))]
        waiting = [i for i in order if i not in m.done]
        self.player = waiting[0]
        if self.kinds[self.player] == "AI":
            who, sheet, formation = self.player, m.sheets[self.player], m.formation
            # The line names who acts now: the last prompt was another player's.
            self.say(_("{player} writes the formation...").format(player=self.name(who)))
            args = (sheet, formation, random.Random(m.rounds + who))
            self.think(mosaix_ai.place, args, self.ai_wrote)
        else:
            self.say(
                _("{player}: write the formation on your sheet.").format(
                    player=self.name(self.player)
                ),
                "accent",
            )
        return []

    def next_sheet(self) -> None:
        """Once the match is over: show the next player's sheet large, to look
        each one over under the count."""
        if self.finished:
            self.player = (self.player + 1) % len(self.kinds)

    def ai_wrote(self, p: Placement | None) -> list[MosaixEvent]:
        if p is None:  # cannot happen: arrange() marks sheets with no placement as done
            return self.next_writer()
        return self.write(p)
