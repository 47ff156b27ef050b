"""Hostile input to the rules core and every command line (issue 12): the only
outcomes allowed are an answer or a clear error naming what is wrong."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import SIDES, Board, MfenError, RulesError, SideError, geometry
from game.rules.geometry import _geometry
from game.rules.turn import parse_turn

ROOT = Path(__file__).resolve().parent.parent
EMPTY5 = "5/6/7/8/9/8/7/6/5 r"


@pytest.mark.parametrize(
    "text, words",
    [
        ("5/6/7/8/²/8/7/6/5 r", "unexpected character '²'"),
        ("5/6/7/8/٣/8/7/6/5 r", "unexpected character"),
        ("5/6/7/8/" + "9" * 5000 + "/8/7/6/5 r", "too long"),
        ("5/6/7/8/" + "9" * 300 + "/8/7/6/5 r", "longer than the row"),
        ("/".join(["1"] * 211) + " r", "211 rows"),
        ("/".join(["1"] * 25) + " r", "25 rows"),
        ("5/6/7/8/9/8/7/6/5 r\x00", "side to move"),
        ("5/6/7/8/9/8/7/6/5", "no side to move"),
        ("5/6/7/8/9/8/7/6/5 r extra", "3 fields"),
        ("5/6/7/8/9/8/7/6/5 " + "q" * 10_000, "too long"),
    ],
)
def test_bad_mfen_is_an_mfen_error_with_a_short_message(text, words):
    with pytest.raises(MfenError) as err:
        Board(text)
    assert words in str(err.value)
    assert len(str(err.value)) < 300  # long input is cut, never echoed whole


def test_a_large_side_is_refused_from_the_texts_shape_before_any_geometry_is_built():
    built = _geometry.cache_info().currsize
    rows = [str(n) for n in range(60, 120)] + [str(n) for n in range(118, 59, -1)]
    line = "/".join(rows) + " r"  # a side-60 board: 428 bytes that once cost 75 s and 6 GB
    assert len(line) < 500
    with pytest.raises(MfenError, match="119 rows"):
        Board(line)
    assert _geometry.cache_info().currsize == built


@pytest.mark.parametrize("side", [0, 1, 13, 26, 106, -5, True, 5.0, "5"])
def test_unsupported_sides_are_refused(side):
    with pytest.raises(SideError, match="from 2 to 12"):
        Board(size=side)


def test_every_supported_side_names_its_cells_plainly():
    # asserts-in-branch: SIDES is the rules' own range of sides, 2 to 12
    for n in SIDES:
        geo = geometry(n)
        assert all(re.fullmatch(r"[a-w][0-9]{1,2}", name) for name in geo.names)
        assert not any(name.startswith("x") for name in geo.names)  # x is the flip prefix
        b = Board(size=n)
        assert Board(b.mfen()).mfen() == b.mfen()


@pytest.mark.parametrize("text", ["x" * 5000, "xa1" * 1000, "e5" + " " * 3000, "ｅ５", "xé1"])
def test_bad_turn_text_is_a_rules_error_with_a_short_message(text):
    with pytest.raises(RulesError) as err:
        parse_turn(text, geometry(5))
    assert len(str(err.value)) < 300


# -- the command lines --------------------------------------------------------------

NASTY = [
    b"",
    b"   ",
    b"\xff\xfe\xfd not utf-8",
    b"5/6/7/8/\xc2\xb2/8/7/6/5 r",  # a superscript two
    b"5/6/7/8/" + b"9" * 5000 + b"/8/7/6/5 r",
    b"/".join([b"1"] * 211) + b" r",
    b"/".join(str(n).encode() for n in [*range(60, 120), *range(118, 59, -1)]) + b" r",
    b"5/6/7/8/9/8/7/6/5 r\t" + b"x" * 100_000,
    b"5/6/7/8/9/8/7/6/5 r\txe5xe5",
    b"5/6/7/8/9/8/7/6/5 r\t\x00",
    b"\x00\x00\x00",
    b"{" * 10_000,
    b"a" * 200_000,
    EMPTY5.encode(),
]


def run_cli(args, lines, timeout=300):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # strict decoding, as the report had it
    proc = subprocess.run(
        [sys.executable, "-m", *args],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=timeout,
        check=False,
    )
    return proc


@pytest.mark.parametrize("command", ["legal", "apply"])
def test_the_rules_command_answers_every_line_of_a_nasty_corpus(command):
    proc = run_cli(["game.rules", command], NASTY)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(out) == len(NASTY)
    assert all(len(json.dumps(o)) < 1000 for o in out)  # bad input is cut, not echoed
    assert not any("internal error" in o.get("error", "") for o in out)
    assert "not UTF-8" in out[2]["error"] and out[0] == {"error": "empty line"}
    last = out[-1]
    assert ("turns" in last) if command == "legal" else ("error" in last)


def test_the_ai_command_answers_every_line_of_a_nasty_corpus():
    proc = run_cli(["game.ai", "--level", "Casual", "--movetime", "0.05"], NASTY)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    out = proc.stdout.decode().splitlines()
    assert len(out) == len(NASTY)
    assert all(len(line) < 1000 for line in out)
    assert all(line.startswith("error: ") for line in out[:-1])
    assert not any("internal error" in line for line in out)
    board = Board(EMPTY5)
    board.play(out[-1])  # the good line after all that still gets a legal turn


def test_puzzles_verify_survives_broken_packs_and_reports_each(tmp_path):
    good = {
        "format": 1,
        "id": "good",
        "title": "Good",
        "description": "",
        "puzzles": [
            {
                "id": "p1",
                "fen": "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r",
                "goal": "most",
                "solution": "xc1xc2xd3xd4",
                "rating": 900,
                "themes": [],
                "source": "a test",
            }
        ],
    }
    (tmp_path / "1-good.json").write_text(json.dumps(good))
    (tmp_path / "2-same-id.json").write_text(json.dumps(good))
    (tmp_path / "3-deep.json").write_text("[" * 100_000)
    (tmp_path / "4-digits.json").write_text('{"format": ' + "1" * 5000 + "}")
    (tmp_path / "5-binary.json").write_bytes(b"\xff\x00\xfe")
    bad_fen = {**good, "id": "badfen"}
    bad_fen["puzzles"] = [{**good["puzzles"][0], "fen": "5/6/7/8/²/8/7/6/5 r"}]
    (tmp_path / "6-fen.json").write_text(json.dumps(bad_fen))
    proc = subprocess.run(
        [sys.executable, "-m", "game.puzzles", "verify", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    out = proc.stdout
    assert "2-same-id.json, field 'id': is the id of 1-good.json already" in out
    assert "3-deep.json: is nested far too deeply" in out
    assert "4-digits.json: holds a value that cannot be read" in out
    assert "5-binary.json: is not UTF-8 text" in out
    assert "6-fen.json, puzzle p1, field 'fen'" in out and "unexpected character" in out
    assert re.search(r"^1 puzzles in 1 packs proved in [0-9.]+ s; 6 problems$", out, re.M)


def test_the_analyse_command_answers_every_line_of_a_nasty_corpus():
    proc = run_cli(["game.ai", "analyse", "--movetime", "0.05"], NASTY)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(out) == len(NASTY)
    assert all("error" in o and len(o["error"]) < 400 for o in out)
    assert not any("internal error" in o["error"] for o in out)
