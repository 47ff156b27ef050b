"""Names that look alike are one name: Cyrillic "Аnn" is Latin "Ann".

:func:`skeleton` follows Unicode TR39's skeleton (the confusables that map one
letter to one Latin letter), after the NFKC form and case folding the server
already applied, so that two names with one skeleton never both belong to
players: they would be two identical rows on the leaderboard.

The table holds the letters of the scripts beside Latin that look like Latin
ones (Cyrillic, Greek, Armenian and a few Latin letters and digits): the
capitals first, then, after case folding, the lower case. The
library ``confusable-homoglyphs`` was weighed: it carries 900 KB of tables in
every copy of the game and gives no skeleton, only whether a string mixes
scripts, which refuses names such as "Аnn" but not a whole-Cyrillic look-alike
such as "Аее" beside "Aee".
"""

from __future__ import annotations

import unicodedata

from .sql import Database, Step

#: Capitals that look like Latin ones but whose lower case does not (Greek
#: "Ν" is "N", its "ν" a "v"): read before case folding.
CAPITALS: dict[str, str] = {
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y",
}  # fmt: skip
#: Look-alike letters (lower case) and the Latin letter each is read as.
LOOKALIKES: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "г": "r",
    "ѕ": "s", "т": "t", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "с": "c", "ԁ": "d",
    "ь": "b", "п": "n", "ɡ": "g", "ԍ": "g", "ӡ": "3", "з": "3",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    "ω": "w", "ς": "c",
    # Armenian
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "զ": "q",
    # Latin and digits read as other Latin letters
    "ı": "i", "ȷ": "j", "0": "o", "1": "l", "|": "l", "ſ": "f",
}  # fmt: skip


def skeleton(name: str) -> str:
    """What two names that look alike share: ``Ann``, ``ANN``, full-width
    ``Ａｎｎ`` and Cyrillic ``Аnn`` are one.

    >>> skeleton("\\u0410nn") == skeleton("Ann") == "ann"
    True
    >>> skeleton("B0b") == skeleton("Bob")
    True
    """
    kept = unicodedata.normalize("NFKC", name)
    folded = "".join(CAPITALS.get(c, c) for c in kept).casefold()
    return "".join(LOOKALIKES.get(c, c) for c in folded)


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
