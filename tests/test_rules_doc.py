"""docs/rules.md stays true: every example in it is run against the engine here.

The page's own section "How the examples are written" explains its two kinds of
example. A rules example is a fenced ``mosaic`` block of ``key: value`` lines
about a position (and a picture of it); a command-line example is a fenced
``console`` block of ``$ command`` lines, each followed by what it prints, where
``...`` stands for text that changes from run to run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.rules import BLUE, RED, Board, Position, geometry, parse_turn
from game.rules.cli import ANSWERS, run

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")

#: Every command line the page must show at work: (module, subcommand).
COMMANDS = {
    *(("game.rules", name) for name in ANSWERS),
    ("game.ai", "play"),
    ("game.ai", "analyse"),
    ("game.ai", "solve"),
    ("game.puzzles", "mine"),
    ("game.puzzles", "curate"),
    ("game.puzzles", "verify"),
    ("game.mosaix", "score"),
    ("game.mosaix", "placements"),
}
KEYS = {"groups", "placements", "flips", "turns", "play", "neighbours", "over", "refused"}
PICTURE = re.compile(r"[RB.](?: +[RB.])*")
MFEN_SHAPE = re.compile(r"[0-9RB]+(?:/[0-9RB]+)+ [rb]")
TURN_SHAPE = re.compile(r"pass|[a-w][0-9]{1,2}|(?:x[a-w][0-9]{1,2})+")


def fenced(text: str, tag: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """The fenced blocks tagged ``tag``: the line number of each block's fence and
    its lines with their line numbers."""
    found: list[tuple[int, list[tuple[int, str]]]] = []
    block: list[tuple[int, str]] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if block is None:
            if line.strip() == f"```{tag}":
                block = []
                found.append((number, block))
        elif line.strip() == "```":
            block = None
        else:
            block.append((number, line))
    return found


def prose(text: str) -> str:
    """The page without its fenced blocks."""
    return re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M)


# -- rules examples ------------------------------------------------------------
@dataclass
class Example:
    line: int
    position: str
    picture: list[str] = field(default_factory=list)
    #: (line number, key, value) for every line after ``position:``.
    lines: list[tuple[int, str, str]] = field(default_factory=list)

    def values(self, key: str) -> list[str]:
        return [value for _, k, value in self.lines if k == key]

    @property
    def refused(self) -> bool:
        return bool(self.values("refused"))


def examples(text: str) -> list[Example]:
    out: list[Example] = []
    for fence, block in fenced(text, "mosaic"):
        current: Example | None = None
        for number, line in block:
            stripped = line.strip()
            if not stripped:
                continue
            if PICTURE.fullmatch(stripped):
                assert current is not None, f"line {number}: a picture before any position"
                current.picture.append(stripped)
                continue
            key, colon, value = stripped.partition(":")
            assert colon, f"line {number}: not a 'key: value' line: {line!r}"
            key, value = key.strip(), value.strip()
            if key == "position":
                current = Example(number, value)
                out.append(current)
            else:
                assert current is not None, f"line {number} (block at {fence}): no position yet"
                current.lines.append((number, key, value))
    return out


def legal(mfen: str) -> dict:
    return json.loads(next(run("legal", [mfen])))


def apply(mfen: str, turn: str) -> dict:
    return json.loads(next(run("apply", [f"{mfen}\t{turn}"])))


def outcome(text: str) -> tuple:
    """What a turn does whatever its order: two flip orders with the same cells
    are the same outcome."""
    if text == "pass":
        return ("pass",)
    if text.startswith("x"):
        return ("flip", frozenset(text.split("x")[1:]))
    return ("place", text)


def listed(value: str) -> list[str]:
    return [] if value == "none" else value.split()


def same_turns(mfen: str, claimed: list[str], actual: list[str], what: str) -> None:
    """``claimed`` (the page's list) holds the same outcomes as ``actual`` (the
    engine's), once each, and every claimed turn is legal as written."""
    outcomes = [outcome(t) for t in claimed]
    assert len(set(outcomes)) == len(outcomes), f"{what}: a turn is listed twice: {claimed}"
    assert set(outcomes) == {outcome(t) for t in actual}, (
        f"{what} of {mfen}: the page says {claimed}, the engine {actual}"
    )
    for turn in claimed:
        assert "fen" in apply(mfen, turn), f"{turn} in {mfen}: {apply(mfen, turn)}"


def picture_rows(board: Board) -> list[str]:
    geo = board.geometry
    return [
        " ".join(
            "." if board.tile_at(c) is None else "R" if board.tile_at(c) is RED else "B"
            for c in range(start, start + length)
        )
        for start, length in zip(geo.row_starts, geo.row_lengths, strict=True)
    ]


def check(example: Example) -> None:
    """Every claim of one example, against the engine; AssertionError if one is false."""
    mfen = example.position
    answer = legal(mfen)
    if example.refused:
        assert [k for _, k, _ in example.lines] == ["refused"] and not example.picture, (
            "a refused position has only its 'refused:' line"
        )
        assert answer == {"error": example.values("refused")[0]}, f"{mfen}: {answer}"
        return
    assert "error" not in answer, f"{mfen}: {answer.get('error')}"
    board = Board(mfen)
    if example.picture:
        assert [re.sub(" +", " ", row) for row in example.picture] == picture_rows(board), (
            f"the picture does not show {mfen}"
        )
    turns = answer["turns"]
    for number, key, value in example.lines:
        where = f"line {number}: {key}: {value}"
        if key == "groups":
            m = re.fullmatch(r"red (\d+), blue (\d+)", value)
            assert m, where
            counted = board.group_count(RED), board.group_count(BLUE)
            assert counted == (int(m[1]), int(m[2])), f"{where}: the engine counts {counted}"
        elif key == "placements":
            actual = [t for t in turns if t != "pass" and not t.startswith("x")]
            same_turns(mfen, listed(value), actual, where)
        elif key == "flips":
            same_turns(mfen, listed(value), [t for t in turns if t.startswith("x")], where)
        elif key == "turns":
            same_turns(mfen, listed(value), turns, where)
        elif key == "play":
            turn, arrow, result = value.partition("→")
            assert arrow, f"{where}: expected 'TURN → RESULT'"
            turn, result = turn.strip(), result.strip()
            got = apply(mfen, turn)
            if result.startswith("refused:"):
                want = {"error": result.removeprefix("refused:").strip()}
            else:
                want = {"fen": result}
            assert got == want, f"{where}: the engine answers {got}"
        elif key == "neighbours":
            cell, arrow, names = value.partition("→")
            assert arrow, f"{where}: expected 'CELL → CELLS'"
            geo = board.geometry
            actual = {geo.names[c] for c in geo.neighbours[geo.cell(cell.strip())]}
            assert sorted(names.split()) == sorted(actual), f"{where}: the engine says {actual}"
        elif key == "over":
            m = re.fullmatch(r"red (\d+), blue (\d+), (red wins|blue wins|a draw)", value)
            assert m, where
            winner = {"red wins": "red", "blue wins": "blue", "a draw": "draw"}[m[3]]
            want = {"over": True, "red": int(m[1]), "blue": int(m[2]), "winner": winner}
            got = {k: answer[k] for k in want}
            assert got == want, f"{where}: the engine answers {got}"
        else:
            raise AssertionError(f"{where}: unknown key (known: position, {', '.join(KEYS)})")


EXAMPLES = examples(TEXT)


def test_the_page_credits_the_designer_and_has_examples_of_every_kind():
    assert "Mosaic by Mark Steere" in TEXT
    assert len(EXAMPLES) >= 30
    keys = {key for example in EXAMPLES for _, key, _ in example.lines}
    assert keys == KEYS, f"unknown keys: {keys - KEYS}; unused: {KEYS - keys}"
    assert sum(bool(e.picture) for e in EXAMPLES) >= 10


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line{e.line}" for e in EXAMPLES])
def test_rules_example(example):
    check(example)


def test_every_mfen_and_turn_in_the_examples_parses():
    for example in EXAMPLES:
        if example.refused:
            continue
        position = Position.from_mfen(example.position)
        geo = position.geometry
        for _, key, value in example.lines:
            if key in ("placements", "flips", "turns"):
                for turn in listed(value):
                    parse_turn(turn, geo)
            elif key == "play" and "refused:" not in value:
                parse_turn(value.partition("→")[0].strip(), geo)
    # MFEN and turn text written in the prose, too (turn text on the usual board).
    spans = re.findall(r"`([^`\n]+)`", prose(TEXT))
    mfens = [s for s in spans if MFEN_SHAPE.fullmatch(s)]
    turns = [s for s in spans if TURN_SHAPE.fullmatch(s)]
    assert mfens and len(turns) >= 20
    for mfen in mfens:
        Position.from_mfen(mfen)
    for turn in turns:
        parse_turn(turn, geometry(5))


def test_a_false_rules_example_fails():
    """The checks have teeth: each kind of claim, made false, is caught."""
    (chain,) = [e for e in EXAMPLES if e.position == "3/R3/1BBR1/R3/3 r"]
    broken = [
        ("flips", "xc2"),
        ("flips", "xc2xc3 xc3"),
        ("turns", "none"),
        ("play", "xc2xc3 → 3/R3/1RRR1/R3/3 r"),
        ("play", "xc2 → refused: something else"),
        ("groups", "red 2, blue 1"),
        ("over", "red 4, blue 0, red wins"),
        ("neighbours", "c3 → b2 b3 c2 c4 d2"),
        ("frobnicate", "xc2xc3"),
    ]
    for key, value in broken:
        wrong = Example(chain.line, chain.position, list(chain.picture), [(0, key, value)])
        with pytest.raises(AssertionError):
            check(wrong)
    with pytest.raises(AssertionError):
        check(Example(chain.line, chain.position, [". . ."] * 5))
    with pytest.raises(AssertionError):
        check(Example(0, "3/4/5/4 r", [], [(0, "refused", "some other reason")]))


# -- command-line examples -------------------------------------------------------
@dataclass
class Command:
    line: int
    text: str
    output: list[str] = field(default_factory=list)

    def words(self) -> tuple[list[str], str | None]:
        """The command's arguments after ``python``, and what is piped into it."""
        words = shlex.split(self.text)
        stdin = None
        if "|" in words:
            bar = words.index("|")
            feed, words = words[:bar], words[bar + 1 :]
            if feed[0] == "echo":
                stdin = " ".join(feed[1:]) + "\n"
            elif feed[0] == "printf" and len(feed) == 2:
                escapes = {"n": "\n", "t": "\t", "\\": "\\"}
                stdin = re.sub(r"\\(.)", lambda m: escapes[m[1]], feed[1])
            else:
                raise AssertionError(f"line {self.line}: cannot feed from {feed[0]!r}")
        assert words[:2] == ["python", "-m"], f"line {self.line}: not a python -m command"
        return words[1:], stdin

    def key(self) -> tuple[str, str]:
        args, _ = self.words()
        module, rest = args[1], args[2:]
        if module == "game.ai" and (not rest or rest[0].startswith("-")):
            return module, "play"
        return module, rest[0]


def sessions(text: str) -> list[tuple[int, list[Command]]]:
    out = []
    for fence, block in fenced(text, "console"):
        commands: list[Command] = []
        for number, line in block:
            if line.startswith("$ "):
                commands.append(Command(number, line[2:]))
            else:
                assert commands, f"line {number}: output before any command"
                commands[-1].output.append(line)
        out.append((fence, commands))
    return out


def run_command(command: Command, cwd: Path) -> None:
    args, stdin = command.words()
    paths = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    done = subprocess.run(
        [sys.executable, *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, f"line {command.line}: exit {done.returncode}\n{done.stderr}"
    same_output(command, done.stdout.splitlines())


def same_output(command: Command, got: list[str]) -> None:
    want = command.output
    report = f"line {command.line}: $ {command.text}\nwanted:\n" + "\n".join(want)
    report += "\ngot:\n" + "\n".join(got)
    assert len(got) == len(want), report
    for line, expected in zip(got, want, strict=True):
        pattern = ".*".join(re.escape(part) for part in expected.split("..."))
        assert re.fullmatch(pattern, line), report


SESSIONS = sessions(TEXT)


@pytest.mark.parametrize("session", SESSIONS, ids=[f"line{fence}" for fence, _ in SESSIONS])
def test_command_line_example(session, tmp_path):
    """Each block's commands run in order in a fresh folder (the puzzle commands
    write files there), with this checkout's code."""
    _, commands = session
    assert commands
    for command in commands:
        run_command(command, tmp_path)


def test_every_command_line_has_an_example():
    shown = {command.key() for _, commands in SESSIONS for command in commands}
    assert shown >= COMMANDS, f"no example of {sorted(COMMANDS - shown)}"
    for module in {module for module, _ in COMMANDS}:
        assert f"### `python -m {module}" in TEXT, f"no section for {module}"


def test_a_false_command_line_example_fails(tmp_path):
    command = SESSIONS[0][1][0]
    assert command.key() == ("game.rules", "legal")
    wrong = Command(command.line, command.text, [command.output[0].replace('"red": 2', '"red": 3')])
    with pytest.raises(AssertionError):
        run_command(wrong, tmp_path)
    with pytest.raises(AssertionError):
        same_output(Command(0, "", ["a ... b"]), ["a x c"])
    same_output(Command(0, "", ["a ... b"]), ["a x y b"])


# -- the page is where the project points ------------------------------------------
def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_links_to_the_page_and_inside_it_lead_somewhere():
    anchors = {slug(h) for h in re.findall(r"^#+ (.+)$", prose(TEXT), flags=re.M)}
    pages = sorted(f"docs/{p.name}" for p in DOC.parent.glob("*.md"))
    citing = ["README.md", "puzzles/README.md", *pages]
    links = 0
    for name in citing:
        page = ROOT / name
        for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)", page.read_text()):
            path = (page.parent / target).resolve() if target else page
            if path != DOC:
                continue
            links += 1
            assert not anchor or anchor in anchors, f"{name}: no heading for #{anchor}"
    assert links >= 10


def test_nothing_cites_the_rules_spec_that_is_not_here():
    """The rules, notation and command lines are in docs/rules.md."""
    missing = "RULES-SPEC" + ".md"
    assert not (ROOT / missing).exists()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("build", "dist")]
        dirs[:] = [d for d in dirs if not d.endswith(".egg-info")]
        for name in files:
            if name.endswith((".py", ".md", ".toml", ".txt", ".json")):
                text = (Path(folder) / name).read_text(encoding="utf-8", errors="replace")
                assert missing not in text, Path(folder) / name
