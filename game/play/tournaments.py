"""The server's tournaments as the player's screen shows them, without pygame:
the list, then one tournament's standings, the player's own pairing and the
time left, and joining or pausing (docs/online-protocol.md, ``tournaments``
and ``standings``).

The screen forwards choices here and draws what this says; the messages come
from the connection the lobby already has.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.i18n import _, ngettext
from game.online.link import Heard
from game.online.server_messages import Standings, TournamentEntry, Yours

#: The player's part in a tournament they have not joined.
NOT_ENTERED = Yours(entered=False, paused=False, game=None, opponent=None, color=None, bye=False)


class Line(Protocol):
    def send(self, kind: str, **fields: Any) -> None: ...


def time_left_text(seconds: float) -> str:
    s = max(0, int(seconds))
    if s >= 3600:
        return _("{h} h {m:02d} min").format(h=s // 3600, m=s % 3600 // 60)
    return f"{s // 60}:{s % 60:02d}"


def points_text(kind: str, points: float) -> str:
    if kind == "arena":
        return str(int(points))
    whole = int(points)
    return (f"{whole}½" if whole else "½") if points != whole else str(whole)


def kind_text(t: TournamentEntry) -> str:
    """ "Swiss, 5 rounds, side 5, 3+2" in the player's language."""
    if t["kind"] == "arena":
        n = t["minutes"] or 0
        length = ngettext("Arena, {n} minute", "Arena, {n} minutes", n).format(n=n)
    else:
        n = t["rounds"] or 0
        length = ngettext("Swiss, {n} round", "Swiss, {n} rounds", n).format(n=n)
    minutes = t["base"] // 60 if t["base"] % 60 == 0 else f"{t['base']}s"
    return _("{length}, side {side}, {base}+{inc}").format(
        length=length, side=t["side"], base=minutes, inc=t["inc"]
    )


@dataclass
class Tournaments:
    line: Line
    clock: Callable[[], float] = time.monotonic
    listed: list[TournamentEntry] = field(default_factory=list)
    #: The tournament shown (the server's ``standings``), and when it came.
    current: Standings | None = None
    came: float = 0.0
    #: Bumped whenever what is shown changed (the screen builds its buttons again).
    revision: int = 0
    asked: bool = False

    def open(self) -> None:
        """Ask for the list."""
        self.line.send("tournaments")
        self.asked = True

    def choose(self, t: TournamentEntry) -> None:
        self.line.send("tournament", tournament=t["id"])

    def back_to_list(self) -> None:
        self.current = None
        self.revision += 1
        self.open()

    def enter(self) -> None:
        if self.current is not None:
            self.line.send("enter", tournament=self.current["id"])

    def pause(self) -> None:
        if self.current is not None:
            self.line.send("pause", tournament=self.current["id"])

    def apply(self, msg: Heard) -> bool:
        """Take a message that is the tournaments'; ``False`` for any other."""
        if msg["type"] == "tournaments":
            self.listed = list(msg["tournaments"])
        elif msg["type"] == "standings":
            t = msg["tournament"]
            if self.current is not None and self.current["id"] != t["id"]:
                return True  # one left a moment ago
            self.current, self.came = t, self.clock()
        else:
            return False
        self.revision += 1
        return True

    # -- what the screen shows ------------------------------------------------------
    @property
    def you(self) -> Yours:
        return (self.current.get("you") if self.current else None) or NOT_ENTERED

    @property
    def entered(self) -> bool:
        return bool(self.you.get("entered")) and not self.you.get("paused")

    def left(self) -> float | None:
        """Seconds until it starts, or until an arena's time runs out."""
        left = self.current.get("left") if self.current is not None else None
        if left is None:
            return None
        return max(0.0, float(left) - (self.clock() - self.came))

    def state_line(self) -> str:
        t = self.current
        if t is None:
            return ""
        left = self.left()
        if t["status"] == "over":
            if t.get("winner"):
                return _("Over: won by {name}.").format(name=t["winner"])
            return _("Over.")
        if t["status"] == "soon":
            return _("Starts in {time}.").format(time=time_left_text(left or 0))
        if t["kind"] == "arena":
            return _("Playing: {time} left.").format(time=time_left_text(left or 0))
        return _("Playing round {n} of {total}.").format(n=t["round"], total=t["rounds"])

    def pairing_line(self) -> str:
        """The player's own place in it: their game, a bye, or what they wait for."""
        you = self.you
        t = self.current
        if t is None:
            return ""
        if not you.get("entered"):
            return _("You have not joined.") if t["status"] != "over" else ""
        if you.get("paused"):
            return _("Paused: join again to be paired.")
        if you.get("opponent"):
            color = _("Red") if you.get("color") == 0 else _("Blue")
            return _("Your game: against {name}, as {color}.").format(
                name=you["opponent"], color=color
            )
        if you.get("bye"):
            return _("A bye this round: 1 point.")
        if t["status"] == "over":
            return ""
        return _("Waiting for your next pairing.")

    def rows(self) -> list[tuple[str, str, str, bool]]:
        """(place, name, points, on fire) for each player, best first."""
        t = self.current
        if t is None:
            return []
        return [
            (f"{r['rank']}.", r["name"], points_text(t["kind"], r["points"]), bool(r["fire"]))
            for r in t["standings"]
        ]

    def list_line(self, t: TournamentEntry) -> str:
        """A tournament in the list: its name, kind and where it is."""
        if t["status"] == "over":
            where = _("won by {name}").format(name=t["winner"]) if t.get("winner") else _("over")
        elif t["status"] == "soon":
            where = _("starts in {time}").format(time=time_left_text(t.get("left") or 0))
        else:
            where = _("playing now")
        return f"{t['name']} · {kind_text(t)} · {where}"
