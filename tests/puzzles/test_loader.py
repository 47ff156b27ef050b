"""Every kind of fault in a pack file gives a message naming the file, the
puzzle, the field and the reason; the rest of the pack still loads."""

import json
from pathlib import Path

import jsonschema
import pytest

from game.puzzles import Pack, Puzzle, load_pack, load_packs, write_pack
from game.puzzles.solve import analyse_flips
from game.rules import Board, Turn

CHAIN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"  # xc1xc2xd3xd4 takes 4, uniquely
WIN = "BBBB/RRRRB/RBBRRB/BRRRBRB/RRBBRR/RBRBR/BRBB b"  # only xb1xc1 wins


def good(**changes):
    base = {
        "id": "p1",
        "fen": CHAIN,
        "goal": "most",
        "solution": "xc1xc2xd3xd4",
        "rating": 900,
        "themes": ["one-way-in"],
        "source": "a test",
    }
    return {**base, **changes}


def good_win(**changes):
    return good(**{"id": "w1", "fen": WIN, "goal": "win", "solution": "xb1xc1", **changes})


def pack_file(tmp_path, items, **header):
    data = {"format": 1, "id": "test", "title": "Test", "description": "", "puzzles": items}
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({**data, **header}))
    return path


def test_a_good_pack_loads_and_round_trips(tmp_path):
    path = pack_file(tmp_path, [good(), good_win(margin=1)])
    pack, problems = load_pack(path)
    assert problems == [] and [p.id for p in pack.puzzles] == ["p1", "w1"]
    assert pack.puzzles[0].banner == "Red to move: flip the most tiles"
    assert pack.puzzles[1].banner == "Blue to move and win"
    write_pack(tmp_path / "again.json", pack)
    again, problems = load_pack(tmp_path / "again.json")
    assert again == pack and problems == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "is not valid JSON (Expecting property name enclosed in double quotes at line 1"),
        ("[1, 2]", "the file must hold one JSON object"),
    ],
)
def test_unreadable_files_are_refused_whole(tmp_path, text, reason):
    path = tmp_path / "bad.json"
    path.write_text(text)
    pack, problems = load_pack(path)
    assert pack is None and len(problems) == 1
    assert str(problems[0]).startswith(str(path)) and reason in str(problems[0])


def test_missing_and_non_utf8_files(tmp_path):
    _, problems = load_pack(tmp_path / "nowhere.json")
    assert "cannot be read" in str(problems[0])
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"title": "caf\xe9"}')
    _, problems = load_pack(path)
    assert str(problems[0]).startswith(f"{path}: is not UTF-8 text")


@pytest.mark.parametrize(
    ("header", "field", "reason"),
    [
        ({"format": 2}, "format", "must be 1, not 2"),
        ({"format": None}, "format", "missing"),
        ({"colour": "red"}, "colour", "is not a pack field (a typo?)"),
        ({"id": "My Pack"}, "id", "use lower-case letters, digits and dashes"),
        ({"title": 7}, "title", "must be text"),
        ({"puzzles": {}}, "puzzles", "must be a list"),
    ],
)
def test_pack_header_faults(tmp_path, header, field, reason):
    pack, problems = load_pack(pack_file(tmp_path, [good()], **header))
    assert pack is None
    assert str(problems[0]) == f"{tmp_path / 'pack.json'}, field '{field}': {reason}"


@pytest.mark.parametrize(
    ("puzzle", "field", "reason"),
    [
        ({k: v for k, v in good().items() if k != "source"}, "source", "missing"),
        (good(colour="red"), "colour", "is not a puzzle field (a typo?)"),
        (good(id="P 1"), "id", "use lower-case letters, digits and dashes"),
        (good(goal="best"), "goal", "must be one of most, win, not 'best'"),
        (good(rating="hard"), "rating", "must be a whole number"),
        (good(rating=9000), "rating", "must be between 0 and 4000, not 9000"),
        (good(themes="chain"), "themes", "must be a list of words"),
        (good(fen="BBRR/RBBBR r"), "fen", "rows"),
        (good(solution="xc1xzz"), "solution", "zz"),
        (good(solution="xc1xc2"), "solution", "owed"),
        (good(solution="e3"), "solution", ""),
        (good(solution="xc4xd4xd3"), "solution", "flips 3 tiles but xc1xc2xd3xd4 flips 4"),
        (good(best=5), "best", "says 5 but the position gives 4"),
        (good(runner_up=1), "runner_up", "says 1 but the position gives 3"),
        (good(margin=3), "margin", "belongs to win puzzles only"),
        (good_win(solution="xb2"), "solution", "does not win: with best play the mover loses by 1"),
        (good(goal="win"), "goal", "also wins; a win puzzle needs one"),
        (good_win(margin=9), "margin", "says 9 but exact play gives 1"),
    ],
)
def test_puzzle_faults_skip_only_that_puzzle(tmp_path, puzzle, field, reason):
    other = good(id="fine")
    path = pack_file(tmp_path, [puzzle | {"id": puzzle.get("id", "bad")}, other])
    pack, problems = load_pack(path)
    assert [p.id for p in pack.puzzles] == ["fine"]
    (problem,) = problems
    assert problem.file == str(path) and problem.field == field
    assert problem.puzzle == puzzle.get("id", "bad")
    assert reason in problem.reason
    assert str(problem).startswith(f"{path}, puzzle {problem.puzzle}, field '{field}': ")


def test_not_unique_most_is_refused(tmp_path):
    fen = "RBR/BBBB/RBBBR/BBBB/RBR r"  # six one-tile flips and nothing bigger
    board = Board(fen)
    flips = analyse_flips(board)
    assert flips.sizes == [1] and len(flips.largest()) == 6
    text = board.notation(Turn.flip(flips.outcomes[flips.largest()[0]]))
    path = pack_file(tmp_path, [good(fen=fen, solution=text), good(id="fine")])
    _, problems = load_pack(path)
    assert str(problems[0]).endswith("field 'goal': 6 different flip turns take 1 tiles")


def test_duplicate_ids_and_an_empty_pack(tmp_path):
    pack, problems = load_pack(pack_file(tmp_path, [good(), good()]))
    assert len(pack.puzzles) == 1 and "used by an earlier puzzle" in problems[0].reason
    pack, problems = load_pack(pack_file(tmp_path, [good(goal="best")]))
    assert pack is None and "no puzzle in this pack could be used" in str(problems[-1])


def test_a_directory_loads_what_it_can(tmp_path):
    pack_file(tmp_path, [good()])
    (tmp_path / "broken.json").write_text("not json")
    packs, problems = load_packs(tmp_path)
    assert [p.id for p in packs] == ["test"]
    assert [p.file for p in problems] == [str(tmp_path / "broken.json")]


def test_quick_load_checks_legality_but_not_the_claim(tmp_path):
    path = pack_file(tmp_path, [good(solution="xc4xd4xd3"), good(id="q", solution="xc1xc2")])
    pack, problems = load_pack(path, prove=False)
    assert [p.id for p in pack.puzzles] == ["p1"]
    assert problems[0].puzzle == "q" and "owed" in problems[0].reason


def test_pack_objects_write_atomically(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    pack = Pack("x", "X", "", (Puzzle("a", CHAIN, "most", "xc1xc2xd3xd4", 900, (), "t"),))
    write_pack(target, pack)
    assert json.loads(target.read_text())["puzzles"][0]["id"] == "a"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


SCHEMA = Path(__file__).parents[2] / "puzzles" / "schema.json"


def schema_errors(data) -> list[str]:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    return [e.message for e in validator.iter_errors(data)]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA.read_text()))


@pytest.mark.parametrize(
    "change",
    [
        {"format": 2},
        {"id": "My Pack"},
        {"colour": "red"},
        {"puzzles": [good(goal="best")]},
        {"puzzles": [good(rating=9000)]},
        {"puzzles": [good(colour="red")]},
        {"puzzles": [{k: v for k, v in good().items() if k != "source"}]},
    ],
)
def test_the_schema_refuses_what_the_loader_refuses(tmp_path, change):
    path = pack_file(tmp_path, [good()], **change)
    _, problems = load_pack(path)
    assert problems and schema_errors(json.loads(path.read_text()))


def test_the_schema_accepts_what_the_loader_writes(tmp_path):
    pack, _ = load_pack(pack_file(tmp_path, [good(best=4, runner_up=3), good_win(margin=1)]))
    assert schema_errors(pack.to_dict()) == []


def test_verify_proves_files_side_by_side_and_names_each_problem(tmp_path):
    import json
    import shutil
    import subprocess
    import sys

    from game import paths

    first = sorted(paths.puzzles().glob("01-*.json"))[0]
    shutil.copy(first, tmp_path / first.name)
    data = json.loads(first.read_text())
    data["id"] = "broken-copy"
    data["puzzles"][0]["solution"] = data["puzzles"][1]["solution"]  # a wrong answer
    (tmp_path / "02-broken-copy.json").write_text(json.dumps(data))
    shutil.copy(first, tmp_path / "03-same-id.json")  # a second pack with the first one's id
    cmd = [sys.executable, "-m", "game.puzzles", "verify", str(tmp_path), "--workers", "2"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    wrong = data["puzzles"][0]["id"]
    assert any("02-broken-copy.json" in line and f"puzzle {wrong}" in line for line in lines)
    assert sum("03-same-id.json" in line and "is the id of" in line for line in lines) == 1
    assert lines[-1].endswith(f"{len(lines) - 1} problems")
