"""The history of finished matches, without pygame: every finished match is
archived as a game record in ``history/``; the history screen lists, filters,
opens, deletes and exports them, and counts wins, draws and losses per AI level
and board side."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from game.files import BadFile, read_json, write_new
from game.i18n import N_, _, ngettext
from game.online.table import NO_MOVES
from game.play.endings import ending_text
from game.rules import BLUE, RED

from .history_notes import results_note
from .history_rows import FIELD_GAP
from .match import HUMAN, PLAYERS, Match, player_name
from .storage import move_aside

FOLDER = "history"


def archive(match: Match, data: Path, when: dt.datetime | None = None) -> Path:
    """Keep a finished match; returns the file written (never over another)."""
    when = when or dt.datetime.now()
    record = match.record()
    board = match.board
    red, blue = board.count(RED), board.count(BLUE)
    record |= {"date": when.isoformat(timespec="seconds"), "score": {"red": red, "blue": blue}}
    return write_new(Path(data) / FOLDER, when.strftime("game-%Y%m%d-%H%M%S"), record)


#: The person's outcome, as the list shows it (the keys stay English: the tallies use them).
OUTCOMES = {"won": N_("won"), "lost": N_("lost"), "drawn": N_("drawn")}


@dataclass(frozen=True)
class Entry:
    """One archived game, as the history lists it."""

    path: Path
    red: str
    blue: str
    side: int
    result: str  # "red", "blue" or "draw"
    red_tiles: int
    blue_tiles: int
    turns: int
    date: str
    #: The colour the player had in an online game ("red" or "blue"), else None.
    you: str | None = None
    #: How it ended when the board did not end it: "red resigned", "blue ran out
    #: of time" (the side's colour first, as the record keeps it); else "".
    ended: str = ""
    #: The player's rating before and after a rated online game, else None.
    rating: tuple[int, int] | None = None

    @property
    def opponent(self) -> str:
        """The AI a person played, "Human" for a game between people, the two AIs,
        or the other player's name and "online"."""
        if self.you is not None:
            return _("{player} online").format(player=self.blue if self.you == "red" else self.red)
        if self.red == HUMAN and self.blue == HUMAN:
            return HUMAN
        if self.red == HUMAN:
            return self.blue
        if self.blue == HUMAN:
            return self.red
        return _("{red} v {blue}").format(red=player_name(self.red), blue=player_name(self.blue))

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "drawn" for the person against an AI, else who won."""
        if self.result == "draw":
            return "drawn"
        if self.you is not None:
            return "won" if self.result == self.you else "lost"
        people = [c for c, who in (("red", self.red), ("blue", self.blue)) if who == HUMAN]
        if len(people) == 1:
            return "won" if self.result == people[0] else "lost"
        return _("{color} won").format(color=_(self.result.title()))

    @property
    def yours(self) -> str | None:
        """The player's colour ("red" or "blue"): online, the side they had; at the
        screen, the one person's against an AI; None between two people or two AIs."""
        if self.you is not None:
            return self.you
        if (self.red == HUMAN) != (self.blue == HUMAN):
            return "red" if self.red == HUMAN else "blue"
        return None

    def score(self) -> str:
        """The tiles, the player's first ("you-them", as the row names the one they
        played); Red's first where no one side is theirs."""
        if self.yours == "blue":
            return f"{self.blue_tiles}-{self.red_tiles}"
        return f"{self.red_tiles}-{self.blue_tiles}"

    def how(self) -> str:
        """How a game ended that the board did not end, in the player's words:
        "you resigned", "Bob resigned", "Blue resigned"; "" when the board ended it."""
        side, _sep, rest = self.ended.partition(" ")
        if side not in ("red", "blue") or not rest:
            return ""
        player = self.red if side == "red" else self.blue
        you = side == self.yours
        if you and rest == "resigned":
            return _("you resigned")
        # i18n: the record's words, matched
        if you and rest == "ran out of time":
            return _("you ran out of time")
        # i18n: the record's words, matched
        if you and rest == "left the game":
            return _("you left the game")
        who = player if self.you is not None else _(side.title())
        return ending_text(self.ended, {side: who})

    def line(self, turns: bool = True) -> str:
        """The game's row in the list; without its count of ``turns``, shorter
        (:mod:`.history_rows`)."""
        score = self.score()
        how = self.how()
        outcome = _(OUTCOMES[self.outcome]) if self.outcome in OUTCOMES else self.outcome
        result = _("{outcome} {score} ({how})") if how else _("{outcome} {score}")
        result = result.format(outcome=outcome, score=score, how=how)
        if self.rating is not None:
            change = self.rating[1] - self.rating[0]
            result = _("{result}, rating {change}").format(result=result, change=f"{change:+d}")
        count = ngettext("{n} turn", "{n} turns", self.turns).format(n=self.turns)
        # Which colour was the player's (play-test: a newcomer asked which side
        # they had had); no one's between two people or two AIs.
        said = (
            _("{date}  v {opponent}  {result}  {turns}  side {side}")
            if self.yours is None
            else _("{date}  as {color} v {opponent}  {result}  {turns}  side {side}")
        )
        said = said.format(
            date=self.date[:10],
            color=_(self.yours.title()) if self.yours else "",
            opponent=player_name(self.opponent),
            result=result,
            turns=count if turns else "",
            side=self.side,
        )
        return said.replace(FIELD_GAP * 2, FIELD_GAP).strip()  # the gap of a field left out


_T = TypeVar("_T")


def _field(data: dict[str, Any], name: str, kind: type[_T]) -> _T:
    value = data.get(name)
    if not isinstance(value, kind):
        raise ValueError(_("not an archived game"))
    return value


def entry(path: Path, data: Any) -> Entry:
    """An entry from an archived record; raises :class:`ValueError` if it is not one."""
    if not isinstance(data, dict):
        raise ValueError(_("not a game record"))
    red, blue, result, date = (_field(data, k, str) for k in ("red", "blue", "result", "date"))
    score = _field(data, "score", dict)
    turns, side = _field(data, "turns", list), _field(data, "side", int)
    red_tiles, blue_tiles = _field(score, "red", int), _field(score, "blue", int)
    online = data.get("online")
    you = online.get("you") if isinstance(online, dict) else None
    you = you if you in ("red", "blue") else None
    reason = online.get("reason") if isinstance(online, dict) else None
    resigned = data.get("resigned")
    if isinstance(reason, str) and reason != NO_MOVES:
        ended = reason[:60]
    elif resigned in ("red", "blue"):
        ended = f"{resigned} resigned"
    else:
        ended = ""
    shown = (red, blue, side, result, red_tiles, blue_tiles, len(turns), date, you, ended)
    return Entry(path, *shown, rating_change(online, you))


def rating_change(online: Any, you: str | None) -> tuple[int, int] | None:
    """The player's rating before and after, from an online record's ``ratings``
    (``{"red": {"before": 1500, "after": 1516}, ...}``); None if it has none."""
    ratings = online.get("ratings") if isinstance(online, dict) and you else None
    mine = ratings.get(you) if isinstance(ratings, dict) else None
    if not isinstance(mine, dict):
        return None
    before, after = mine.get("before"), mine.get("after")
    if isinstance(before, bool) or isinstance(after, bool):
        return None
    return (before, after) if isinstance(before, int) and isinstance(after, int) else None


def entries(data: Path) -> tuple[list[Entry], list[str]]:
    """Every archived game, newest played first, and what could not be read (each
    such file is moved aside, so it is told once and kept for the player to look at)."""
    folder = Path(data) / FOLDER
    out, problems = [], []
    files = sorted(folder.glob("*.json")) if folder.exists() else []
    for path in files:
        try:
            out.append(entry(path, read_json(path)))
        except FileNotFoundError:
            continue  # deleted since the folder was listed
        except (BadFile, ValueError) as e:
            problems.append(f"{path.name}: {e}{kept_aside(path)}")
    # By when each was played, not by the file's time: keeping an analysis
    # with an old game writes its file again, and must not move it to the top.
    out.sort(key=lambda g: (played_at(g), same_second(g.path)), reverse=True)
    return out, problems


def played_at(game: Entry) -> dt.datetime:
    """When ``game`` ended, as its record says (local time); the file's time
    where the record's date cannot be read."""
    try:
        when = dt.datetime.fromisoformat(game.date)
    except ValueError:
        try:
            return dt.datetime.fromtimestamp(game.path.stat().st_mtime)
        except OSError:
            return dt.datetime.min
    return when.astimezone().replace(tzinfo=None) if when.tzinfo else when


def same_second(path: Path) -> int:
    """The order of games kept in one second: the second one's file is
    ``game-...-2.json`` (:func:`game.files.write_new`), the first's has no number."""
    stem, _sep, n = path.stem.rpartition("-")
    return int(n) if n.isdigit() and len(n) < 6 and stem[-6:].isdigit() else 1


def kept_aside(path: Path) -> str:
    """Move a bad record aside; the words that say where it went."""
    try:
        return _("; it was kept as {name}").format(name=move_aside(path).name)
    except OSError:
        return ""


def describe(path: Path) -> str:
    """A saved game's line for the list: when, who, how long, how it stands."""
    when = dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    try:
        data = read_json(path)
        turns = len(data["turns"])
        red, blue = player_name(str(data["red"])), player_name(str(data["blue"]))
        who = _("Red {red} v Blue {blue}").format(red=red, blue=blue)
        result = data.get("result")
    except (BadFile, FileNotFoundError, KeyError, TypeError):
        return _("{when}  {name} (cannot be read)").format(when=when, name=path.stem)
    if result is None:
        state = _("in progress")
    elif result == "draw":
        state = _("a draw")
    else:
        state = _("{color} won").format(color=_(str(result).title()))
    text = ngettext(
        "{when}  {players}, {n} turn, {state}", "{when}  {players}, {n} turns, {state}", turns
    )
    return text.format(when=when, players=who, n=turns, state=state)


def opponents(games: list[Entry]) -> list[str]:
    """Whom ``games`` were against, once each: people at the screen and the AI's
    levels in the ladder's order, weakest first, then the others (online
    players, two levels against each other) by name."""
    found = {g.opponent for g in games}
    ladder = [p for p in PLAYERS if p in found]
    return ladder + sorted(found - set(ladder))


def statistics(games: list[Entry]) -> dict[tuple[str, int], dict[str, int]]:
    """Wins, draws and losses against each AI level on each board side."""
    table: dict[tuple[str, int], dict[str, int]] = {}
    for g in games:
        if g.outcome not in ("won", "drawn", "lost"):
            continue
        row = table.setdefault((g.opponent, g.side), {"won": 0, "drawn": 0, "lost": 0})
        row[g.outcome] += 1
    return table


#: The filter that lets every game through.
ALL = "All"


def summary(games: list[Entry], against: str = ALL) -> list[tuple[str, int, dict[str, int]]]:
    """The results against each opponent on each board side, of the games against
    ``against`` only (``ALL``: every opponent), as (opponent, side, tallies): the
    most played first (what a player comes back to), then by the opponent's name
    as shown, then the side."""
    table = statistics([g for g in games if against in (ALL, g.opponent)])
    rows = [(opponent, side, tally) for (opponent, side), tally in table.items()]
    return sorted(rows, key=lambda r: (-sum(r[2].values()), player_name(r[0]), r[1]))


def results_lines(
    games: list[Entry], against: str = ALL, room: int | None = 3, first: int = 0
) -> list[str]:
    """The results against each opponent on each side (``against`` only, unless
    ``ALL``), the most played first, one to a line (entries run together read as
    one). What does not fit in ``room`` lines (None: no limit) is counted on the
    last; one opponent's scroll instead, from line ``first`` (:func:`results_top`)."""
    said = _("v {opponent} on side {side}: {won} won, {drawn} drawn, {lost} lost")
    lines = [
        said.format(
            opponent=player_name(opp), side=side, won=r["won"], drawn=r["drawn"], lost=r["lost"]
        )
        for opp, side, r in summary(games, against)
    ]
    if not lines and against == ALL:
        return [_("Your results against each AI level show here.")]
    if room is None or len(lines) <= room:
        return lines
    if against != ALL:
        # The filter can narrow them no further (a play-test found "and 5 more
        # lines of results" with no way to them): they scroll.
        return scrolled(lines, room, first)
    more = len(lines) - room + 1
    # What is left out is lines of results (an opponent on a side), not games;
    # with every opponent's, the filter is the way to see them.
    rest = ngettext(
        "and {n} more line: choose its opponent above",
        "and {n} more lines: choose an opponent above",
        more,
    )
    return [*lines[: room - 1], rest.format(n=more)]


def in_view(room: int) -> int:
    """How many of one opponent's results show in ``room`` lines while they
    scroll: all but the line that says which (none spared from a single line)."""
    return max(1, room - 1)


def results_top(games: list[Entry], against: str, room: int) -> int:
    """The furthest line one opponent's results scroll to (the first in view
    with the last at the bottom); 0 where they fit in ``room`` lines, or with
    every opponent's (the filter is the way to those)."""
    n = len(summary(games, against))
    if against == ALL or n <= room:
        return 0
    return n - in_view(room)


def scrolled(lines: list[str], room: int, first: int) -> list[str]:
    """``lines`` from ``first`` (kept in range), as many as ``room`` holds with a
    last line saying which are in view and that the rest scroll."""
    shown = in_view(room)
    first = max(0, min(first, len(lines) - shown))
    out = lines[first : first + shown]
    if room > 1:
        out.append(results_note(first + 1, first + len(out), len(lines)))
    return out


def export(games: list[Entry], data: Path, when: dt.datetime | None = None) -> Path:
    """All of ``games`` in one JSON file in the data folder; returns it."""
    when = when or dt.datetime.now()
    records = [json.loads(g.path.read_text(encoding="utf-8")) for g in games]
    name = when.strftime("mosaic-games-%Y%m%d-%H%M%S")  # i18n: a file's name
    return write_new(Path(data), name, records)
