import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.cli import run

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def lines(command, *inputs):
    return [json.loads(x) for x in run(command, [i + "\n" for i in inputs])]


def test_legal_lists_turns_counts_and_winner():
    (out,) = lines("legal", "3/4/5/4/3 r")
    assert out == {
        "fen": "3/4/5/4/3 r",
        "turns": [
            "a1",
            "a2",
            "a3",
            "b1",
            "b2",
            "b3",
            "b4",
            "c1",
            "c2",
            "c3",
            "c4",
            "c5",
            "d1",
            "d2",
            "d3",
            "d4",
            "e1",
            "e2",
            "e3",
        ],
        "over": False,
        "red": 0,
        "blue": 0,
        "winner": None,
    }
    (over,) = lines("legal", "BR/BRR/RR r")
    assert over["turns"] == [] and over["over"] and over["winner"] == "red"


def test_bad_lines_get_an_error_and_the_run_goes_on():
    out = lines("legal", "3/4/5/4/3 q", "", "3/4/5/4/3 b")
    assert "error" in out[0] and "side to move 'q'" in out[0]["error"]
    # Every line gets exactly one answer, a blank one included (issue 12).
    assert out[1] == {"error": "empty line"}
    assert out[2]["fen"] == "3/4/5/4/3 b" and len(out) == 3


def test_apply_plays_or_explains():
    out = lines(
        "apply",
        "3/4/5/4/3 r\tc3",
        "3/4/2R2/4/3 r\tc4",
        "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r\txc4",
        "BR/BRR/RR r\tpass",
        "3/4/5/4/3 r",
        "3/4/5/4/3 r\tq9",
    )
    assert out[0] == {"fen": "3/4/2R2/4/3 b"}
    assert "touches only Red's own tiles" in out[1]["error"]
    assert "flip is still owed" in out[2]["error"]
    assert "the game is over" in out[3]["error"]
    assert "tab" in out[4]["error"]
    assert "'q9' is not a cell" in out[5]["error"]


def test_command_line_process_flushes_each_line():
    proc = subprocess.run(
        [sys.executable, "-m", "game.rules", "legal"],
        input="2/3/2 r\nnot mfen\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 2 and len(out[0]["turns"]) == 7 and "error" in out[1]


@pytest.mark.skipif(
    not (SHARED / "check-rules").exists(), reason="shared vectors not beside the repo"
)
def test_shared_rule_vectors():
    proc = subprocess.run(
        [sys.executable, str(SHARED / "check-rules")],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert proc.stdout.strip().endswith(" 0 failed")
