"""The store's tables as SQL that SQLite and PostgreSQL both read: the first schema,
the columns added since (a database made before gets them on its next start), and
the indexes the queries of :mod:`.store` are written for."""

from __future__ import annotations

from .tournament_schema import TOURNAMENT_COLUMNS, TOURNAMENT_INDEXES, TOURNAMENT_TABLES

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    name_key TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    side INTEGER NOT NULL, base INTEGER NOT NULL, inc INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    red TEXT NOT NULL REFERENCES players(id), blue TEXT NOT NULL REFERENCES players(id),
    red_name TEXT NOT NULL, blue_name TEXT NOT NULL,
    red_rating DOUBLE PRECISION NOT NULL, blue_rating DOUBLE PRECISION NOT NULL,
    red_ms INTEGER NOT NULL, blue_ms INTEGER NOT NULL,
    result TEXT, reason TEXT NOT NULL DEFAULT '',
    ratings TEXT,
    created DOUBLE PRECISION NOT NULL, ended REAL
);
CREATE TABLE IF NOT EXISTS turns (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    turn TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_open ON games(result) WHERE result IS NULL;
CREATE TABLE IF NOT EXISTS names (
    key TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players(id)
);
CREATE TABLE IF NOT EXISTS strikes (
    key TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

#: Columns added since the first schema, as (table, column, type): a database
#: made before gets them on the first start after. A correspondence game has
#: ``days`` (``NULL`` for a live one), keeps each side's days of reserve in
#: ``red_ms``/``blue_ms`` and when the running turn began in ``since``
#: (wall-clock seconds); its ratings are apart from live play's (``p*`` on the
#: player; ``NULL`` until the first correspondence game: the starting rating).
ADDED_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("players", "name_key", "TEXT"),
    ("games", "days", "INTEGER"),
    ("games", "since", "DOUBLE PRECISION"),
    ("games", "host", "TEXT"),
    ("games", "epoch", "INTEGER NOT NULL DEFAULT 0"),
    ("players", "prating", "DOUBLE PRECISION"),
    ("players", "prd", "DOUBLE PRECISION"),
    ("players", "pvol", "DOUBLE PRECISION"),
    ("players", "pgames", "INTEGER NOT NULL DEFAULT 0"),
    # When the player last finished a rated game, live and by correspondence:
    # the leaderboard lists only players who play.
    ("players", "rated_at", "DOUBLE PRECISION"),
    ("players", "prated_at", "DOUBLE PRECISION"),
)
#: A display name is one player's on a server, whatever its case or width: the
#: key is :func:`.protocol.name_key` of it. Players kept before the key existed
#: get theirs on the first start after; of several who shared a name, the first
#: to take it keeps it and the others keep their name without a key (NULLs do
#: not clash), so nobody can take it from them and they lose nothing.
NAME_KEY_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players(name_key)"
#: A player's games, for a hello's correspondence list; and their finished
#: games newest first, for their page, a page at a time without a sort.
INDEXES = (
    NAME_KEY_INDEX + ";\n"
    "CREATE INDEX IF NOT EXISTS games_red ON games(red);\n"
    "CREATE INDEX IF NOT EXISTS games_blue ON games(blue);\n"
    "CREATE INDEX IF NOT EXISTS strikes_key ON strikes(key, at);\n"
    "CREATE INDEX IF NOT EXISTS games_red_done ON games(red, ended, id)"
    " WHERE result IS NOT NULL;\n"
    "CREATE INDEX IF NOT EXISTS games_blue_done ON games(blue, ended, id)"
    " WHERE result IS NOT NULL;\n"
)

SCHEMA += TOURNAMENT_TABLES
ADDED_COLUMNS += TOURNAMENT_COLUMNS
INDEXES += TOURNAMENT_INDEXES
