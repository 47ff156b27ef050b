"""Files kept for a player, without a screen: where they live, and a document that
cannot be read or makes no sense set aside with a message, never trusted."""

import sys
from pathlib import Path

import pytest

from game.play.storage import APP, data_dir, load_document, write_json


def parse(data):
    if not isinstance(data, dict) or not isinstance(data.get("n"), int):
        raise ValueError("'n' must be a whole number")
    return data["n"]


def test_a_document_is_parsed_or_the_default_comes_with_a_message(tmp_path):
    path = tmp_path / "doc.json"
    assert load_document(path, "counter", parse, lambda: 0) == (0, None)  # none yet
    write_json(path, {"n": 7})
    assert load_document(path, "counter", parse, lambda: 0) == (7, None)
    write_json(path, {"n": "seven"})
    value, message = load_document(path, "counter", parse, lambda: 0)
    assert value == 0 and message is not None
    assert message.startswith("Your counter could not be read ('n' must be a whole number)")
    assert not path.exists() and any(
        p.name.startswith("doc.json.corrupt-") for p in tmp_path.iterdir()
    )
    path.write_text("{not json")
    value, message = load_document(path, "counter", parse, lambda: 0)
    assert value == 0 and message and "the file was kept as doc.json.corrupt-" in message
    kept = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(kept) == 2  # the second, however soon, never over the first


def test_the_data_folder_is_the_one_asked_for_or_the_systems_own(tmp_path, monkeypatch):
    monkeypatch.setenv("MOSAIC_DATA_DIR", str(tmp_path / "asked"))
    assert data_dir() == tmp_path / "asked" and (tmp_path / "asked").is_dir()
    if sys.platform in ("win32", "darwin"):
        pytest.skip("the XDG folder is Linux's and the BSDs'")
    monkeypatch.delenv("MOSAIC_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / APP and data_dir().is_dir()


@pytest.mark.parametrize(
    ("system", "env", "expected"),
    [
        ("win32", {"APPDATA": "{tmp}/Roaming"}, "{tmp}/Roaming/mosaic-steere"),
        ("win32", {}, "{tmp}/home/AppData/Roaming/mosaic-steere"),
        ("darwin", {}, "{tmp}/home/Library/Application Support/mosaic-steere"),
        ("linux", {"XDG_DATA_HOME": "{tmp}/xdg"}, "{tmp}/xdg/mosaic-steere"),
        ("linux", {}, "{tmp}/home/.local/share/mosaic-steere"),
        ("linux", {"XDG_DATA_HOME": ""}, "{tmp}/home/.local/share/mosaic-steere"),
    ],
)
def test_each_system_keeps_the_data_where_its_players_look(
    system, env, expected, tmp_path, monkeypatch
):
    """The folders the README's "Download and play" names, one a system. The name
    stays mosaic-steere: another would leave a player's saves behind on upgrading."""
    for name in ("MOSAIC_DATA_DIR", "APPDATA", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value.format(tmp=tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", system)
    folder = data_dir()
    assert folder == Path(expected.format(tmp=tmp_path)) and folder.is_dir()
    assert APP == "mosaic-steere"
