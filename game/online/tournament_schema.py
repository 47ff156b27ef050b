"""The tournaments' tables, added to the store's schema (:mod:`.schema`): a
database made before tournaments gets them on its next start.

A tournament's games are rows of ``games`` like any other, marked with the
tournament and (Swiss) the round; its standings are worked out from them
(:mod:`.tournament_rules`), so every process of a cluster reads the same table.
``version`` is bumped by every pairing, in the same commit as its games: two
processes that work out the same pairing at once cannot both store it.
"""

from __future__ import annotations

TOURNAMENT_TABLES = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    side INTEGER NOT NULL, base INTEGER NOT NULL, inc INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    starts DOUBLE PRECISION NOT NULL,
    minutes INTEGER NOT NULL DEFAULT 0,
    rounds INTEGER NOT NULL DEFAULT 0,
    provisional INTEGER NOT NULL DEFAULT 0,
    most INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    round INTEGER NOT NULL DEFAULT 0,
    ended DOUBLE PRECISION,
    winner TEXT,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS entrants (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    player TEXT NOT NULL REFERENCES players(id),
    joined DOUBLE PRECISION NOT NULL,
    provisional INTEGER NOT NULL DEFAULT 0,
    paused INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament, player)
);
CREATE TABLE IF NOT EXISTS byes (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    round INTEGER NOT NULL,
    player TEXT NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament, round, player)
);
"""

#: A tournament game's tournament and round (``NULL`` for every other game).
TOURNAMENT_COLUMNS = (
    ("games", "tournament", "TEXT"),
    ("games", "round", "INTEGER"),
)

TOURNAMENT_INDEXES = (
    "CREATE INDEX IF NOT EXISTS games_tournament ON games(tournament)"
    " WHERE tournament IS NOT NULL;\n"
    "CREATE INDEX IF NOT EXISTS tournaments_open ON tournaments(ended) WHERE ended IS NULL;\n"
)
