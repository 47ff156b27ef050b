"""docs/online-server.md's table of limits says what the code does: every field
of ``Limits`` once, with its default, and counted where ``limits.COUNTED`` says
(each connection, each process, the whole cluster, each game or seek)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from game.online.limits import COUNTED, Limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "online-server.md"
ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \| [^|]+ \| ([^|]+?) \|$", re.MULTILINE)
WORDS = {
    "each connection": "connection",
    "each process": "process",
    "the whole cluster": "cluster",
    "each game": "game",
    "each seek": "seek",
}


def table() -> list[tuple[str, str, str]]:
    text = DOC.read_text("utf-8")
    section = text.split("### Every limit, and where it is counted", 1)[1].split("\n#", 1)[0]
    return ROW.findall(section)


def test_every_limit_is_in_the_docs_once_with_its_default_and_where_it_is_counted():
    rows = table()
    fields = {f.name: f.default for f in dataclasses.fields(Limits)}
    assert sorted(name for name, _, _ in rows) == sorted(fields)
    for name, default, counted in rows:
        value = fields[name]
        assert default == (f"{value:g}" if isinstance(value, float) else str(value)), name
        assert WORDS[counted] == COUNTED[name], name


def test_the_limits_counted_for_the_whole_cluster_are_the_ones_kept_in_postgresql():
    """The cluster's counts of events (not its lists) are the strikes table's:
    the wrong codes and the sign-ups, as the server sets them up."""
    import inspect

    from game.online import server

    source = inspect.getsource(server.Server.join_cluster)
    for window in ("join_failures", "join_window", "signups", "signup_window"):
        assert COUNTED[window] == "cluster"
        assert f"lim.{window}" in source, window


def test_the_tournament_caps_and_the_looks_beside_the_table_are_the_code_s():
    """The figures said after the table: a tournament's caps (its defaults), the
    director's look and the second ask after a write in doubt."""
    from game.online.doubts import AGAIN
    from game.online.tournament_store import Tournament
    from game.online.tournaments import Tournaments

    text = DOC.read_text("utf-8")
    section = text.split("### Every limit, and where it is counted", 1)[1].split("\n## ", 1)[0]
    said = " ".join(section.split())
    caps = Tournament("", "", "swiss", 5, 180, 2, True, 0.0)
    assert f"the players with a provisional rating it takes ({caps.provisional} unless" in said
    assert f"`most`, its players ({caps.most}: no limit)" in said
    assert f"tournaments every {Tournaments.every:g} s" in said
    assert f"asked about again {AGAIN:g} s after" in said
