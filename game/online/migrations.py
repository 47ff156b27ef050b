"""What a store made by an earlier version needs on its first start after, beside
the tables and columns :mod:`.schema` adds: its players' names keyed as this
version keys them. Each step is done once, and a store that has it is left as
it is; :func:`migrate` runs them in order, after the schema.
"""

from __future__ import annotations

from .lookalikes import VERSION as UNICODE
from .names import skeleton
from .protocol import name_key
from .sql import Database, Step

#: Which skeleton the keys of a store were made with (:func:`rekey_names`).
KEYS = f"uts39-{UNICODE}"


async def migrate(db: Database) -> None:
    await key_names(db)
    await keep_old_names(db)
    await rekey_names(db)


async def key_names(db: Database) -> None:
    """Give the players kept before names had keys theirs (see
    :data:`.schema.NAME_KEY_INDEX`)."""
    rows = await db.fetch("SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created")
    if rows:
        await db.write(
            [
                Step(
                    "UPDATE players SET name_key=? WHERE id=?"
                    " AND NOT EXISTS (SELECT 1 FROM players WHERE name_key=?)",
                    (name_key(name), pid, name_key(name)),
                )
                for pid, name in rows
            ]
        )


async def keep_old_names(db: Database) -> None:
    """Fill the table of names kept (see :meth:`.store.Store.rename`) in a
    database made before it: each player keeps their name, by its old key
    (case folded) and by its skeleton, the first to have taken it first."""
    if await db.fetch("SELECT 1 FROM names LIMIT 1"):
        return
    rows = await db.fetch(
        "SELECT id, name, name_key FROM players WHERE name_key IS NOT NULL ORDER BY created"
    )
    keep = "INSERT INTO names (key, player) VALUES (?,?) ON CONFLICT (key) DO NOTHING"
    keys = tuple((k, pid) for pid, name, old in rows for k in dict.fromkeys((old, skeleton(name))))
    if keys:
        await db.write([Step(keep, many=keys)])


async def rekey_names(db: Database) -> None:
    """Key every player's name by this version's skeleton, once (a store made
    before it keyed names by a shorter table): each keeps their name, the first
    to have taken it first, and every key they had stays theirs."""
    rows = await db.fetch("SELECT value FROM settings WHERE key='names'")
    if rows and rows[0][0] == KEYS:
        return
    players = await db.fetch("SELECT id, name FROM players ORDER BY created")
    keep = "INSERT INTO names (key, player) VALUES (?,?) ON CONFLICT (key) DO NOTHING"
    steps = [Step("UPDATE players SET name_key=NULL")]
    steps += [
        Step(
            "UPDATE players SET name_key=? WHERE id=?"
            " AND NOT EXISTS (SELECT 1 FROM players WHERE name_key=?)",
            (skeleton(name), pid, skeleton(name)),
        )
        for pid, name in players
    ]
    if players:
        steps.append(Step(keep, many=tuple((skeleton(name), pid) for pid, name in players)))
    steps.append(Step("DELETE FROM settings WHERE key='names'"))
    steps.append(Step("INSERT INTO settings (key, value) VALUES ('names', ?)", (KEYS,)))
    await db.write(steps)
