"""The server's memory: players, ratings and games in SQLite (standard library).

Every finished turn is committed before anyone hears of it, so a server killed
at any moment (SIGKILL included) loses no turn it announced. The database runs
in WAL mode: a commit survives the death of the process; with
``synchronous=NORMAL`` only a crash of the whole machine could lose the last
commits, and ``--durable`` (``synchronous=FULL``) closes that gap too at some
cost in turn rate.

Tokens are stored only as their SHA-256: they are 192 random bits, so a plain
hash is as strong as a slow one, and a stolen database holds no usable token.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.glicko import Rating

from .protocol import name_key

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    name_key TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    side INTEGER NOT NULL, base INTEGER NOT NULL, inc INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    red TEXT NOT NULL REFERENCES players(id), blue TEXT NOT NULL REFERENCES players(id),
    red_name TEXT NOT NULL, blue_name TEXT NOT NULL,
    red_rating REAL NOT NULL, blue_rating REAL NOT NULL,
    red_ms INTEGER NOT NULL, blue_ms INTEGER NOT NULL,
    result TEXT, reason TEXT NOT NULL DEFAULT '',
    ratings TEXT,
    created REAL NOT NULL, ended REAL
);
CREATE TABLE IF NOT EXISTS turns (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    turn TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_open ON games(result) WHERE result IS NULL;
"""

#: Columns added since the first schema, as (table, column, type): a database
#: made before gets them on the first start after. A correspondence game has
#: ``days`` (``NULL`` for a live one), keeps each side's days of reserve in
#: ``red_ms``/``blue_ms`` and when the running turn began in ``since``
#: (wall-clock seconds); its ratings are apart from live play's (``p*`` on the
#: player; ``NULL`` until the first correspondence game: the starting rating).
ADDED_COLUMNS = (
    ("games", "days", "INTEGER"),
    ("games", "since", "REAL"),
    ("games", "host", "TEXT"),
    ("players", "prating", "REAL"),
    ("players", "prd", "REAL"),
    ("players", "pvol", "REAL"),
    ("players", "pgames", "INTEGER NOT NULL DEFAULT 0"),
)
#: What an unfinished game's row is read as (see :func:`stored_game`).
OPEN_GAME_COLUMNS = (
    "id, side, base, inc, rated, red, blue, red_name, blue_name, red_rating,"
    " blue_rating, red_ms, blue_ms, created, days, since, host"
)
#: What a player row is read as (see :func:`player_of`).
PLAYER_COLUMNS = "id, name, rating, rd, volatility, games, prating, prd, pvol, pgames"

#: A display name is one player's on a server, whatever its case or width: the
#: key is :func:`.protocol.name_key` of it. Players kept before the key existed
#: get theirs on the first start after; of several who shared a name, the first
#: to take it keeps it and the others keep their name without a key (NULLs do
#: not clash), so nobody can take it from them and they lose nothing.
NAME_KEY_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players(name_key)"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_id(length: int = 10) -> str:
    return "".join(secrets.choice("abcdefghijkmnopqrstuvwxyz23456789") for _ in range(length))


class NameTaken(ValueError):
    """Another player has that display name (in any case or width)."""


@dataclass
class Player:
    id: str
    name: str
    rating: Rating
    games: int
    #: The rating of correspondence games, kept apart from live play's.
    postal: Rating = field(default_factory=Rating)
    postal_games: int = 0


def player_of(row: Sequence[Any] | None) -> Player | None:
    """A player from a row of :data:`PLAYER_COLUMNS`."""
    if row is None:
        return None
    postal = Rating(row[6], row[7], row[8]) if row[6] is not None else Rating()
    return Player(row[0], row[1], Rating(row[2], row[3], row[4]), row[5], postal, row[9])


@dataclass
class StoredGame:
    """A game row and its turns, as a restarted server finds it."""

    id: str
    side: int
    base: int
    inc: int
    rated: bool
    players: tuple[str, str]
    names: tuple[str, str]
    ratings: tuple[float, float]
    clocks: tuple[int, int]
    turns: list[str]
    created: float
    #: Days a turn of a correspondence game (``clocks`` then holds each side's
    #: days of reserve), and when its running turn began; ``None`` for a live game.
    days: int | None = None
    since: float | None = None
    #: The server process that plays it, in a cluster (:mod:`.cluster`).
    host: str | None = None


class Store:
    def __init__(self, path: Path | str, durable: bool = False) -> None:
        self.path = str(path)
        # One connection, used only from the event loop's thread: no locking needed.
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self._add_columns()
        self._key_names()

    def _add_columns(self) -> None:
        for table, column, kind in ADDED_COLUMNS:
            have = [row[1] for row in self.db.execute(f"PRAGMA table_info({table})")]
            if column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _key_names(self) -> None:
        """Give the players kept before names had keys theirs (see :data:`NAME_KEY_INDEX`)."""
        columns = [row[1] for row in self.db.execute("PRAGMA table_info(players)")]
        if "name_key" not in columns:
            self.db.execute("ALTER TABLE players ADD COLUMN name_key TEXT")
        self.db.execute(NAME_KEY_INDEX)
        rows = self.db.execute(
            "SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created"
        ).fetchall()
        with self.db:
            self.db.execute("BEGIN")
            for pid, name in rows:
                self.db.execute(
                    "UPDATE players SET name_key=?1 WHERE id=?2"
                    " AND NOT EXISTS (SELECT 1 FROM players WHERE name_key=?1)",
                    (name_key(name), pid),
                )

    def close(self) -> None:
        self.db.close()

    # -- players ------------------------------------------------------------
    def new_player(self, name: str) -> tuple[Player, str]:
        """A new anonymous player and the token that proves it (shown once)."""
        token = secrets.token_urlsafe(24)
        r = Rating()
        pid = new_id()
        try:
            self.db.execute(
                "INSERT INTO players (id, name, token_hash, rating, rd, volatility, games,"
                " created, name_key) VALUES (?,?,?,?,?,?,0,?,?)",
                (pid, name, token_hash(token), r.rating, r.rd, r.volatility, time.time(),
                 name_key(name)),
            )  # fmt: skip
        except sqlite3.IntegrityError as e:
            if "name_key" in str(e):
                raise NameTaken(name) from None
            raise
        return Player(pid, name, r, 0), token

    def player_by_token(self, token: str) -> Player | None:
        row = self.db.execute(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE token_hash=?", (token_hash(token),)
        ).fetchone()
        return player_of(row)

    def player(self, pid: str) -> Player | None:
        row = self.db.execute(f"SELECT {PLAYER_COLUMNS} FROM players WHERE id=?", (pid,))
        return player_of(row.fetchone())

    def rename(self, pid: str, name: str) -> None:
        """Raises :class:`NameTaken` if another player has the name."""
        try:
            self.db.execute(
                "UPDATE players SET name=?, name_key=? WHERE id=?", (name, name_key(name), pid)
            )
        except sqlite3.IntegrityError as e:
            if "name_key" in str(e):
                raise NameTaken(name) from None
            raise

    def leaderboard(
        self, limit: int = 20, min_games: int = 1, postal: bool = False
    ) -> list[dict[str, Any]]:
        """The best players of live play or, ``postal``, of correspondence games."""
        rows = self.db.execute(leaderboard_query(postal, "?"), (min_games, limit)).fetchall()
        return [{"name": n, "rating": round(r), "rd": round(d), "games": g} for n, r, d, g in rows]

    # -- games --------------------------------------------------------------
    def new_game(self, g: StoredGame) -> None:
        self.db.execute(
            "INSERT INTO games (id, side, base, inc, rated, red, blue, red_name, blue_name,"
            " red_rating, blue_rating, red_ms, blue_ms, created, days, since, host)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                g.id,
                g.side,
                g.base,
                g.inc,
                int(g.rated),
                *g.players,
                *g.names,
                *g.ratings,
                *g.clocks,
                g.created,
                g.days,
                g.since,
                g.host,
            ),
        )

    def add_turns(
        self,
        game: str,
        first_ply: int,
        turns: list[str],
        clocks: list[int],
        since: float | None = None,
    ) -> None:
        """Keep the turns just played and the clocks after them (and, for a
        correspondence game, when the next turn began), in one commit."""
        self.add_turns_of_games([(game, first_ply, turns, clocks, since)])

    def add_turns_of_games(
        self, batch: list[tuple[str, int, list[str], list[int], float | None]]
    ) -> None:
        """:meth:`add_turns` for several games at once, in one commit: under load
        one sync of the disk then keeps the turns of every game that just moved."""
        with self.db:
            self.db.execute("BEGIN")
            for game, first_ply, turns, clocks, since in batch:
                self.db.executemany(
                    "INSERT INTO turns VALUES (?,?,?)",
                    [(game, first_ply + i, t) for i, t in enumerate(turns)],
                )
                self.db.execute(
                    "UPDATE games SET red_ms=?, blue_ms=?, since=? WHERE id=?",
                    (clocks[0], clocks[1], since, game),
                )

    def finish(
        self,
        game: str,
        result: str,
        reason: str,
        clocks: list[int],
        *,
        ratings_json: str | None = None,
        new_ratings: Sequence[tuple[str, Rating]] = (),
        postal: bool = False,
    ) -> None:
        """Keep how a game ended and, for a rated one, both new ratings (of
        correspondence games, ``postal``), in one commit."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE games SET result=?, reason=?, red_ms=?, blue_ms=?, ratings=?, ended=?"
                " WHERE id=?",
                (result, reason, clocks[0], clocks[1], ratings_json, time.time(), game),
            )
            for pid, r in new_ratings:
                self.db.execute(rating_update(postal, "?"), (r.rating, r.rd, r.volatility, pid))

    def open_games(self) -> list[StoredGame]:
        """Every game not yet over, with its turns, to resume after a restart."""
        rows = self.db.execute(
            f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL"
        ).fetchall()
        return [stored_game(r, self._turns(r[0])) for r in rows]

    def open_games_of(self, pid: str) -> list[StoredGame]:
        """The player's correspondence games not yet over, with their turns."""
        rows = self.db.execute(
            f"SELECT {OPEN_GAME_COLUMNS} FROM games WHERE result IS NULL AND days IS NOT NULL"
            " AND (red=?1 OR blue=?1)",
            (pid,),
        ).fetchall()
        return [stored_game(r, self._turns(r[0])) for r in rows]

    def game_host(self, game: str) -> str | None:
        """The server process that plays this unfinished game, in a cluster."""
        row = self.db.execute(
            "SELECT host FROM games WHERE id=? AND result IS NULL", (game,)
        ).fetchone()
        return None if row is None else row[0]

    def game_hosts(self) -> set[str]:
        """Every server process that plays an unfinished game."""
        rows = self.db.execute(
            "SELECT DISTINCT host FROM games WHERE result IS NULL AND host IS NOT NULL"
        )
        return {h for (h,) in rows}

    def game_row(self, game: str) -> dict[str, Any] | None:
        """A game's stored facts (finished or not) for its record."""
        cur = self.db.execute("SELECT * FROM games WHERE id=?", (game,))
        row = cur.fetchone()
        if row is None:
            return None
        data = dict(zip([d[0] for d in cur.description], row, strict=True))
        data["turns"] = self._turns(game)
        return data

    def _turns(self, game: str) -> list[str]:
        rows = self.db.execute("SELECT turn FROM turns WHERE game=? ORDER BY ply", (game,))
        return [t for (t,) in rows]

    # -- for the web pages ----------------------------------------------------
    def player_by_name(self, name: str) -> Player | None:
        """The player with this display name, ignoring case and width."""
        row = self.db.execute(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE name_key=?", (name_key(name),)
        ).fetchone()
        return player_of(row)

    def finished_games_of(self, pid: str, limit: int | None = None) -> list[dict[str, Any]]:
        """The player's finished games, oldest first (the last ``limit`` of them):
        id, colours' names, result, reason, ratings (JSON text or None), ended."""
        rows = self.db.execute(
            "SELECT id, red, blue, red_name, blue_name, result, reason, ratings, rated, ended, days"
            " FROM games WHERE (red=? OR blue=?) AND result IS NOT NULL"
            " ORDER BY ended DESC LIMIT ?",
            (pid, pid, -1 if limit is None else limit),
        ).fetchall()
        keys = ("id", "red", "blue", "red_name", "blue_name", "result", "reason", "ratings")
        out = []
        for row in reversed(rows):
            game = dict(zip(keys, row[:8], strict=True))
            game["rated"], game["ended"], game["days"] = bool(row[8]), row[9], row[10]
            out.append(game)
        return out


def stored_game(r: Sequence[Any], turns: list[str]) -> StoredGame:
    """An unfinished game from its row (the columns :meth:`Store.open_games` reads)."""
    return StoredGame(
        r[0], r[1], r[2], r[3], bool(r[4]), (r[5], r[6]), (r[7], r[8]),
        (r[9], r[10]), (r[11], r[12]), turns, r[13], r[14], r[15], r[16],
    )  # fmt: skip


def rating_update(postal: bool, mark: str) -> str:
    """The statement that keeps a player's new rating of one kind: ``mark`` is
    the engine's placeholder ("?" or "$"), numbered for PostgreSQL."""
    cols = (
        ("prating", "prd", "pvol", "pgames") if postal else ("rating", "rd", "volatility", "games")
    )
    n = [f"${i}" if mark == "$" else "?" for i in range(1, 5)]
    return (
        f"UPDATE players SET {cols[0]}={n[0]}, {cols[1]}={n[1]}, {cols[2]}={n[2]},"
        f" {cols[3]}={cols[3]}+1 WHERE id={n[3]}"
    )


def leaderboard_query(postal: bool, mark: str) -> str:
    """The best players of one kind of play, by rating less twice its deviation."""
    a, b = ("$1", "$2") if mark == "$" else ("?", "?")
    if postal:
        return (
            "SELECT name, prating, prd, pgames FROM players WHERE pgames >= " + a +
            " ORDER BY prating - 2 * prd DESC, prating DESC LIMIT " + b
        )  # fmt: skip
    return (
        "SELECT name, rating, rd, games FROM players WHERE games >= " + a +
        " ORDER BY rating - 2 * rd DESC, rating DESC LIMIT " + b
    )  # fmt: skip
