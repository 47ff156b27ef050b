"""Load puzzle packs from files, skipping what is broken and saying exactly why.

One bad puzzle costs only itself and one bad file only its pack: every problem
comes back as a :class:`Problem` naming the file, the puzzle, the field and the
reason, and everything else loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.files import BadFile, read_json
from game.rules import Board, RulesError
from game.rules.errors import clip

from .pack import FieldError, Pack, Puzzle, parse_pack_header, parse_puzzle
from .prove import prove as prove_puzzle


@dataclass(frozen=True)
class Problem:
    file: str
    puzzle: str | None
    field: str | None
    reason: str

    def __str__(self) -> str:
        where = [self.file]
        if self.puzzle is not None:
            where.append(f"puzzle {self.puzzle}")
        if self.field is not None:
            where.append(f"field '{self.field}'")
        return ", ".join(where) + f": {self.reason}"


def load_pack(path: str | Path, *, prove: bool = True) -> tuple[Pack | None, list[Problem]]:
    """Read one pack file. Returns the pack (``None`` if nothing in it could be
    used) and the problems found. With ``prove`` every puzzle's claim is
    re-proved (exact, and slower); without it only the shape of each puzzle,
    its position and its solution's legality are checked."""
    path = Path(path)
    name = str(path)
    try:
        data = read_json(path)
    except FileNotFoundError:
        return None, [Problem(name, None, None, "cannot be read: the file is gone")]
    except BadFile as e:
        return None, [Problem(name, None, None, str(e).replace("it ", "", 1))]
    try:
        pid, title, description, raw = parse_pack_header(data)
    except FieldError as e:
        return None, [Problem(name, None, e.field, e.reason)]
    problems: list[Problem] = []
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        label = item.get("id") if isinstance(item, dict) else None
        label = clip(label, 30, quote=False) if isinstance(label, str) and label else f"#{i + 1}"
        try:
            puzzle = parse_puzzle(item)
            if puzzle.id in seen:
                raise FieldError("id", "is used by an earlier puzzle in this pack")
            check(puzzle, prove)
        except FieldError as e:
            problems.append(Problem(name, label, e.field, e.reason))
            continue
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    if not puzzles:
        problems.append(Problem(name, None, "puzzles", "no puzzle in this pack could be used"))
        return None, problems
    return Pack(pid, title, description, tuple(puzzles)), problems


def check(puzzle: Puzzle, prove: bool) -> None:
    """Raise :class:`FieldError` if ``puzzle`` is wrong; see :func:`load_pack`."""
    if prove:
        prove_puzzle(puzzle)
        return
    if (puzzle.fen, puzzle.solution) in CHECKED:
        return
    try:
        board = Board(puzzle.fen)
    except RulesError as e:
        raise FieldError("fen", str(e)) from None
    try:
        board.check(board.parse_turn(puzzle.solution))
    except RulesError as e:
        raise FieldError("solution", str(e)) from None
    CHECKED.add((puzzle.fen, puzzle.solution))


#: The positions and solutions that passed the quick checks: every library opened
#: reads the same shipped packs again (the tests open hundreds), and the checks are
#: most of the time a pack takes to read. (Only passes are kept: a refusal's words
#: are in the language of the moment.)
CHECKED: set[tuple[str, str]] = set()


def load_packs(directory: str | Path, *, prove: bool = True) -> tuple[list[Pack], list[Problem]]:
    """Every ``*.json`` pack in ``directory`` (in file-name order), and the problems."""
    packs: list[Pack] = []
    problems: list[Problem] = []
    files = sorted(p for p in Path(directory).glob("*.json") if p.name != "schema.json")
    owners: dict[str, Path] = {}
    for path in files:
        pack, found = load_pack(path, prove=prove)
        problems += found
        if pack is None:
            continue
        if pack.id in owners:  # progress is kept by pack id: two packs would share it
            reason = f"is the id of {owners[pack.id].name} already; this pack is left out"
            problems.append(Problem(str(path), None, "id", reason))
            continue
        owners[pack.id] = path
        packs.append(pack)
    if not files:
        problems.append(Problem(str(directory), None, None, "holds no puzzle packs"))
    return packs, problems
