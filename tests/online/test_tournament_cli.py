"""The operator's tournament command, and its table in docs/online-server.md
against the code."""

from __future__ import annotations

import asyncio

import pytest

from game.online import tournament_cli
from game.online.store import Store
from game.online.tournament_cli import DEFAULTS, KEYS, RANGES, Bad, tournament
from game.online.tournament_store import TournamentStore

from .test_http import doc_section, table_rows


def test_the_tournament_keys_table_says_what_the_command_takes():
    rows = table_rows(doc_section("Tournaments"), "Key")
    assert set(rows) == {f"`{k}`" for k in KEYS}
    for key, default in DEFAULTS.items():
        cells = rows[f"`{key}`"].split("|")
        assert cells[2].strip() == str(default).lower(), key
        if key in ("side", "base", "inc", "minutes", "rounds"):
            lo, hi = RANGES[key]
            assert f"{lo} to {hi}" in cells[3], key


def test_a_bad_entry_is_named_with_its_place_and_nothing_is_made(tmp_path, capsys):
    db = tmp_path / "s.db"
    path = tmp_path / "t.toml"
    path.write_text(
        '[[tournament]]\nname = "Good"\nkind = "swiss"\n\n'
        '[[tournament]]\nname = "Bad"\nkind = "arena"\nside = 12\n',
        encoding="utf-8",
    )
    assert tournament_cli.main(["--db", str(db), "file", str(path)]) == 2
    err = capsys.readouterr().err
    assert "t.toml: tournament 2: 'side' must be a whole number from 3 to 8" in err
    assert tournament_cli.main(["--db", str(db), "list"]) == 0
    assert capsys.readouterr().out == ""
    path.write_text("not = [toml", encoding="utf-8")
    assert tournament_cli.main(["--db", str(db), "file", str(path)]) == 2
    assert "not TOML" in capsys.readouterr().err


def test_tournaments_made_from_a_file_and_the_command_line_are_stored(tmp_path, capsys):
    db = tmp_path / "s.db"
    path = tmp_path / "t.toml"
    path.write_text(
        '[[tournament]]\nname = "Friday Swiss"\nkind = "swiss"\nrounds = 7\n'
        'starts = "2026-12-04T19:00Z"\n',
        encoding="utf-8",
    )
    assert tournament_cli.main(["--db", str(db), "file", str(path)]) == 0
    argv = ["--db", str(db), "create", "--name", "Blitz", "--kind", "arena", "--minutes", "30",
            "--in", "5", "--casual", "--side", "4"]  # fmt: skip
    assert tournament_cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "Friday Swiss (swiss, 7 rounds" in out and "2026-12-04 19:00 UTC" in out

    async def read():
        store = await Store.open(db)
        try:
            return await TournamentStore(store.db).open()
        finally:
            await store.close()

    made = {t.name: t for t in asyncio.run(read())}
    assert made["Friday Swiss"].rounds == 7 and made["Friday Swiss"].rated
    assert made["Blitz"].minutes == 30 and not made["Blitz"].rated and made["Blitz"].side == 4
    assert made["Blitz"].rounds == 0 and made["Friday Swiss"].minutes == 0


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ({"kind": "swiss"}, "'name'"),
        ({"name": "x", "kind": "round robin"}, "'kind' must be arena or swiss"),
        ({"name": "x", "kind": "swiss", "rounds": 0}, "'rounds' must be"),
        ({"name": "x", "kind": "swiss", "rated": "yes"}, "'rated'"),
        ({"name": "x", "kind": "swiss", "colour": 1}, "unknown key 'colour'"),
        ({"name": "x", "kind": "swiss", "starts": "soon"}, "'starts' must be a date"),
        ({"name": "x", "kind": "swiss", "starts": "2026-01-01", "in": 3}, "not both"),
    ],
)
def test_an_entry_that_makes_no_tournament_says_why(entry, says):
    with pytest.raises(Bad, match=says):
        tournament(entry, 0.0)
