"""A game of Mosaix, without pygame: the solo game with its scale, and a match of
1 to 4 sheets that take turns as roller.

The dice are seeded: a game is fixed by its seed, and the daily solo game's seed
comes from the date, so every player gets the same rolls on a given day.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass, field

from .errors import PlacementError
from .formation import SHAPES, SYMBOLS, Formation
from .sheet import Placement, Sheet

#: Spaces on the solo scale: symbols the solo player may leave off the edge.
SCALE = 8
#: Solo scores that win, and that are "really super".
SOLO_WIN, SOLO_SUPER = 120, 130


def roll(rng: random.Random) -> str:
    """Four dice: each shows each symbol on two of its six faces."""
    return "".join(rng.choice(SYMBOLS) for _ in range(4))


def daily_seed(day: dt.date) -> int:
    """The same seed for every player on ``day`` (not Python's salted hash)."""
    digest = hashlib.sha256(f"mosaix-daily-{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def fits_somewhere(sheet: Sheet, max_dropped: int) -> bool:
    """Can any formation at all still be written (symbols do not matter for that)?"""
    return any(sheet.can_write(Formation.build(shape, "OOOO"), max_dropped) for shape in SHAPES)


@dataclass
class Solo:
    """The solo game: roll, arrange, write, until the sheet is full, nothing fits
    within what the scale allows, or the player ends the game."""

    seed: int
    centre: str = ""
    sheet: Sheet = field(init=False)
    scale: int = SCALE
    rolled: str = ""
    ended: bool = False
    turns: list[tuple[str, Placement]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.sheet = Sheet.empty(self.centre or self.rng.choice(SYMBOLS))
        self.rolled = roll(self.rng)

    @property
    def max_dropped(self) -> int:
        """Symbols a formation may leave off the sheet now."""
        return min(3, self.scale)

    @property
    def over(self) -> bool:
        return self.ended or self.sheet.full or not fits_somewhere(self.sheet, self.max_dropped)

    def options(self, formation: Formation) -> list[Placement]:
        """Where ``formation`` may go now."""
        return self.sheet.placements(formation, self.max_dropped)

    def play(self, placement: Placement) -> None:
        """Write ``placement`` (a formation of the rolled symbols) and roll again."""
        if self.over:
            raise PlacementError("the game is over")
        if placement.formation.symbols != "".join(sorted(self.rolled)):
            raise PlacementError(
                f"the formation {placement.formation} is not made of the rolled {self.rolled}"
            )
        if placement.dropped > self.max_dropped:
            raise PlacementError(
                f"{placement.dropped} symbols would be left off, and the scale has "
                f"{self.scale} space{'s' if self.scale != 1 else ''} left"
            )
        self.sheet = self.sheet.place(placement)
        self.scale -= placement.dropped
        self.turns.append((self.rolled, placement))
        self.rolled = roll(self.rng)

    def end(self) -> None:
        """The player ends the game (allowed at any time)."""
        self.ended = True

    @property
    def score(self) -> int:
        """The sheet's points plus a point for each empty space of the scale."""
        return self.sheet.score() + self.scale


@dataclass
class Match:
    """1 to 4 sheets; the roller changes each round. Every player writes the
    roller's formation (any number of symbols may hang over the edge, at least
    one written when any placement allows it)."""

    players: list[str]
    seed: int
    sheets: list[Sheet] = field(init=False)
    roller: int = 0
    rolled: str = ""
    formation: Formation | None = None
    #: Who has written this round's formation (or could not).
    done: set[int] = field(default_factory=set)
    #: Players who could write nothing this round.
    stuck: set[int] = field(default_factory=set)
    finished: bool = False
    rounds: int = 0

    def __post_init__(self) -> None:
        if not 1 <= len(self.players) <= 4:
            raise ValueError("a match has 1 to 4 players")
        self.rng = random.Random(self.seed)
        self.sheets = [Sheet.empty(self.rng.choice(SYMBOLS)) for _ in self.players]
        self.rolled = roll(self.rng)

    def arrange(self, formation: Formation) -> None:
        """The roller lays out this round's formation."""
        if self.formation is not None:
            raise PlacementError("this round's formation is already laid out")
        if formation.symbols != "".join(sorted(self.rolled)):
            raise PlacementError(
                f"the formation {formation} is not made of the rolled {self.rolled}"
            )
        self.formation = formation
        for i, sheet in enumerate(self.sheets):
            if not sheet.can_write(formation):
                self.done.add(i)
                self.stuck.add(i)
        self._round_over()

    def options(self, player: int) -> list[Placement]:
        if self.formation is None:
            return []
        return self.sheets[player].placements(self.formation)

    def write(self, player: int, placement: Placement) -> None:
        if self.formation is None:
            raise PlacementError("the roller has not laid out a formation yet")
        if player in self.done:
            raise PlacementError("that sheet has had its turn this round")
        if placement.formation.cells not in [t.cells for t in self.formation.turns()]:
            raise PlacementError("that is not this round's formation")
        self.sheets[player] = self.sheets[player].place(placement)
        self.done.add(player)
        self._round_over()

    def _round_over(self) -> None:
        if len(self.done) < len(self.sheets):
            return
        self.rounds += 1
        if self.stuck or any(s.full for s in self.sheets):
            self.finished = True
            return
        self.roller = (self.roller + 1) % len(self.players)
        self.rolled = roll(self.rng)
        self.formation = None
        self.done = set()

    def scores(self) -> list[int]:
        return [s.score() for s in self.sheets]

    def winners(self) -> list[int]:
        """The players with the most points (equal scores share the win)."""
        scores = self.scores()
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]
