"""``python -m game.online.tournament_cli``: an operator makes tournaments, from the
command line or a TOML file, in the server's database (see docs/online-server.md,
"Tournaments"). A running server, or every process of a cluster, picks them up
at its next look: nothing needs a restart.

    python -m game.online.tournament_cli --db mosaic-server.db create \\
        --name "Friday Swiss" --kind swiss --rounds 5 --side 5 --base 180 --inc 2 \\
        --starts 2026-12-04T19:00Z
    python -m game.online.tournament_cli --db mosaic-server.db file tournaments.toml
    python -m game.online.tournament_cli --db mosaic-server.db list

A file holds one ``[[tournament]]`` table a tournament, its keys the options'
names (``name``, ``kind``, ``side``, ``base``, ``inc``, ``rated``, ``starts`` or
``in``, ``minutes``, ``rounds``, ``provisional``, ``most``). A bad entry is
named (file, number, key) and nothing of the file is made.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .protocol import BASE_RANGE, INC_RANGE, SIDE_RANGE
from .store import Store
from .tournament_rules import ARENA, KINDS, SWISS
from .tournament_store import Tournament, TournamentStore

#: What each key of a tournament may hold: (lowest, highest) for a number.
RANGES = {
    "side": SIDE_RANGE,
    "base": BASE_RANGE,
    "inc": INC_RANGE,
    "minutes": (1, 24 * 60),
    "rounds": (1, 30),
    "provisional": (0, 10_000),
    "most": (0, 10_000),
}
DEFAULTS: dict[str, Any] = {
    "side": 5, "base": 180, "inc": 2, "rated": True, "minutes": 60, "rounds": 5,
    "provisional": 4, "most": 0,
}  # fmt: skip
KEYS = {"name", "kind", "starts", "in", *DEFAULTS}


class Bad(ValueError):
    """An entry that makes no tournament; the text says what and where."""


def when(text: str) -> float:
    """An ISO date and time (UTC if no zone is given) as wall-clock seconds."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        example = "2026-12-04T19:00Z"
        raise Bad(f"'starts' must be a date and time such as {example}, not {text!r}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def tournament(entry: dict[str, Any], now: float) -> Tournament:
    """A tournament from an entry's keys, checked; raises :class:`Bad`."""
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        raise Bad(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(KEYS))})")
    name = entry.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 60:
        raise Bad("'name' must be a text of 1 to 60 characters")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise Bad(f"'kind' must be {' or '.join(KINDS)}")
    values = DEFAULTS | entry
    for key, (lo, hi) in RANGES.items():
        v = values[key]
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise Bad(f"{key!r} must be a whole number from {lo} to {hi}")
    if not isinstance(values["rated"], bool):
        raise Bad("'rated' must be true or false")
    if "starts" in entry and "in" in entry:
        raise Bad("give 'starts' or 'in', not both")
    if "starts" in entry:
        starts = when(str(entry["starts"]))
    else:
        minutes = entry.get("in", 0)
        if not isinstance(minutes, int | float) or isinstance(minutes, bool) or minutes < 0:
            raise Bad("'in' must be the minutes from now, 0 or more")
        starts = now + 60 * minutes
    return Tournament(
        "", name.strip(), kind, values["side"], values["base"], values["inc"], values["rated"],
        starts, minutes=values["minutes"] if kind == ARENA else 0,
        rounds=values["rounds"] if kind == SWISS else 0,
        provisional=values["provisional"], most=values["most"],
    )  # fmt: skip


def from_file(path: Path, now: float) -> list[Tournament]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise Bad(f"{path}: cannot read it ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise Bad(f"{path}: not TOML ({e})") from None
    entries = data.get("tournament")
    if not isinstance(entries, list) or not entries:
        raise Bad(f"{path}: no [[tournament]] table in it")
    made = []
    for i, entry in enumerate(entries, 1):
        try:
            made.append(tournament(entry, now))
        except Bad as e:
            raise Bad(f"{path}: tournament {i}: {e}") from None
    return made


def describe(t: Tournament) -> str:
    starts = datetime.fromtimestamp(t.starts, UTC).strftime("%Y-%m-%d %H:%M UTC")
    length = f"{t.minutes} minutes" if t.kind == ARENA else f"{t.rounds} rounds"
    state = f"over, won by {t.winner}" if t.ended else f"starts {starts}"
    return f"{t.id}  {t.name} ({t.kind}, {length}, side {t.side}, {t.base}+{t.inc}): {state}"


async def _run(args: argparse.Namespace) -> int:
    now = time.time()
    if args.command == "create":
        entry = {k: v for k, v in vars(args).items() if k in KEYS and v is not None}
        if args.minutes_from_now is not None:
            entry["in"] = args.minutes_from_now
        made = [tournament(entry, now)]
    elif args.command == "file":
        made = from_file(Path(args.path), now)
    else:
        made = []
    try:
        store = await Store.open(args.db)
    except Exception as e:  # whatever the engine raised, said plainly
        raise Bad(f"cannot open the database {args.db}: {e}") from None
    try:
        db = TournamentStore(store.db)
        for t in made:
            await db.create(t)
            print("made", describe(t))
        if args.command == "list":
            for t in await db.listed(100):
                print(describe(t))
    finally:
        await store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.online.tournament_cli", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--db", default="mosaic-server.db", help="the server's database")
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("create", help="make one tournament")
    c.add_argument("--name", required=True)
    c.add_argument("--kind", required=True, choices=KINDS)
    c.add_argument("--starts", help="when, such as 2026-12-04T19:00Z (UTC if no zone)")
    c.add_argument("--in", dest="minutes_from_now", type=float, help="or minutes from now")
    for key in ("side", "base", "inc", "minutes", "rounds", "provisional", "most"):
        c.add_argument(f"--{key}", type=int, help=f"default {DEFAULTS[key]}")
    c.add_argument("--casual", dest="rated", action="store_false", default=None)
    f = sub.add_parser("file", help="make the tournaments of a TOML file")
    f.add_argument("path")
    sub.add_parser("list", help="the tournaments not over, then the latest over")
    args = ap.parse_args(argv)
    try:
        return asyncio.run(_run(args))
    except Bad as e:
        print(f"mosaic tournaments: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
