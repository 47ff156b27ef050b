"""The house as docs/architecture.md draws it: no module of game/ imports one of a layer above
its own, and no modules import each other in a circle. Every import counts, those
inside functions and under TYPE_CHECKING too: a circle a type checker walks is still
a circle, and a layer reached only for a type still ties the layers together."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
# The modules beside the packages, which import no layer (tests/test_project.py), and
# the program's entry points, which sit above every layer.
BASE = {"game.files", "game.glicko", "game.i18n", "game.lines", "game.paths", "game.wholes"}
ENTRY = {"game", "game.__main__", "game.frozen"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in GAME.rglob("*.py")}


def imports(name: str) -> set[str]:
    """The modules of game/ that module ``name`` imports, wherever the import is."""
    path = modules()[name]
    return imports_in(path.read_text(), name, package=path.name == "__init__.py")


def imports_in(source: str, name: str, package: bool = False) -> set[str]:
    """The modules of game/ that ``source``, module ``name``, imports."""
    home = name if package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = home.split(".")[: len(home.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # "from package import module" imports the module, not only the package.
            targets = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules()]
            targets = targets or [base]
        else:
            continue
        for target in targets:
            # "import game.rules.board" names the module; a name inside one is its module.
            module = target
            while module and module not in modules():
                module = module.rpartition(".")[0]
            if module and module != name:
                found.add(module)
    return found


def graph() -> dict[str, set[str]]:
    return {name: imports(name) for name in modules()}


def circles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.add(frozenset(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


# -- what the client may import below game/play ------------------------------------------
#: The value types of the rules and of the dice game, by module and name: what a
#: screen holds, draws and hands back (a board, a colour, a position, a turn, a
#: chain, the pass turn and the rules' error; Mosaix's score sheet, formation, solo
#: and match), the numbers of the rules it draws by (the sheet's SIZE; the solo's SCALE and its
#: goals), and the reading of a value's own encoding (``geometry``: a board's cells
#: and their names; ``bit``: a sheet's). Anything else below game/play is reached
#: through game/play (a thin re-export there where play already holds the thing:
#: ``Message`` in online_session.py, ``Puzzle`` in puzzle_session.py, ``Pack`` and
#: ``theme_name`` in puzzle_shelf.py).
VALUE_TYPES: dict[str, set[str]] = {
    "game.rules": {
        "BLUE", "PASS", "RED", "Board", "Chain", "Color", "Position", "RulesError", "Turn",
        "geometry",
    },
    "game.mosaix": {"Formation", "Sheet"},
    "game.mosaix.sheet": {"SIZE", "Sheet", "bit"},
    "game.mosaix.game": {"SCALE", "SOLO_SUPER", "SOLO_WIN", "Match", "Solo"},
}  # fmt: skip
#: The client's modules that still reach past game/play, each with what it may
#: import there, and why. The scripted drivers are no screens: they check a build
#: and stand in for the second player of a tour, so they use the layers directly.
CLIENT_EXCEPTIONS: dict[str, set[str]] = {
    # The app starts and stops the AI's own process, and its services name its type;
    # play's controllers see it only through their AILine protocol.
    "game.client.app": {"game.ai.worker"},
    "game.client.scene": {"game.ai.worker"},
    # The frozen build's self-check: every layer is there, the compiled parts too.
    "game.client.scripted.smoke": {
        "game.ai.checks", "game.ai.endgame", "game.ai.side3", "game.ai.worker",
        "game.mosaix.ai", "game.puzzles",
    },
    # The tours: the dice game's AI plays the other seat (its placements worked out
    # once a run); a server hosted for the online tour, and a second player on a line
    # of its own.
    "game.client.scripted.tour": {"game.mosaix.ai", "game.mosaix.sheet"},
    "game.client.scripted.online_tour": {
        "game.online.host", "game.online.link",
    },
}  # fmt: skip


def client_wrong(source: str, name: str, package: bool = False) -> list[str]:
    """The imports in ``source`` (client module ``name``) past the client's rule."""
    allowed = CLIENT_EXCEPTIONS.get(name, set())
    wrong = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            names = {a.name for a in node.names}
            if names <= VALUE_TYPES.get(node.module or "", set()):
                continue
        for target in imports_in(ast.unparse(node), name, package):
            if layer_of(target) in (None, "client", "play") or target in allowed:
                continue
            wrong.append(f"{name}: {ast.unparse(node)}")
    return wrong


# -- the manual's picture ------------------------------------------------------------------
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def picture() -> list[str]:
    """The first drawing under the architecture page's "The layers": the packages and
    their arrows."""
    text = ARCHITECTURE.read_text()
    block = re.search(r"^## The layers\n.*?```\n(.*?)```", text, re.S | re.M)
    assert block, "docs/architecture.md needs the drawing of the layers under '## The layers'"
    return block.group(1).splitlines()


def drawn_arrows(lines: list[str]) -> dict[str, set[str]]:
    """Each package drawn, and the packages its wires lead down to. A wire goes down
    a '|'; at a '+' it also runs sideways along '-' and '+'; it never climbs, so two
    wires that join on their way down lead to the same package."""
    grid = [line.ljust(max(map(len, lines))) for line in lines]
    labels = {
        (row, col): m.group(1)
        for row, line in enumerate(grid)
        for m in re.finditer(r"game/(\w+)", line)
        for col in range(m.start(), m.end())
    }

    def below(row: int, col: int) -> Iterator[str]:
        seen, todo = set(), [(row + 1, col)]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen or r >= len(grid) or not 0 <= c < len(grid[r]):
                continue
            seen.add((r, c))
            ch = grid[r][c]
            if (r, c) in labels:
                yield labels[(r, c)]
            elif ch == "|":
                todo.append((r + 1, c))
            elif ch in "+-":
                todo += [(r + 1, c)] if ch == "+" else []
                todo += [(r, c - 1), (r, c + 1)]

    arrows: dict[str, set[str]] = {}
    for (row, col), name in labels.items():
        arrows.setdefault(name, set()).update(n for n in below(row, col) if n != name)
    return arrows


def reachable(arrows: dict[str, set[str]]) -> dict[str, set[str]]:
    """The packages below each one on its arrows, directly or further down."""
    out: dict[str, set[str]] = {}
    for name, first in arrows.items():
        todo, seen = list(first), set()
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += arrows.get(n, ())
        out[name] = seen
    return out


def packages() -> set[str]:
    return {p.parent.name for p in GAME.glob("*/*.py")}


def layer_of(module: str) -> str | None:
    """The package a module is in, or None for the modules beside the packages."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in packages() else None


# -- the tests -----------------------------------------------------------------------------
def test_the_manual_draws_every_package_of_game_and_they_stand_in_one_column():
    arrows = drawn_arrows(picture())
    assert set(arrows) == packages()
    below = reachable(arrows)
    assert all(name not in below[name] for name in arrows), "the drawing has a loop"
    # The drawing as the page's words say it, read back.
    assert below["client"] == packages() - {"client"}
    assert below["play"] == {"rules", "ai", "puzzles", "mosaix", "online"}
    assert below["online"] == below["puzzles"] == {"rules", "ai"} and below["mosaix"] == set()


def test_no_module_imports_one_of_a_higher_layer():
    below = reachable(drawn_arrows(picture()))
    wrong = []
    for module, targets in graph().items():
        for target in targets:
            layer, theirs = layer_of(module), layer_of(target)
            if target in ENTRY - {"game"} and module not in ENTRY:
                wrong.append(f"{module} imports the entry point {target}")
            elif module in BASE and target not in BASE:
                wrong.append(f"{module}, a base module, imports {target}")
            elif layer is not None and theirs not in (layer, None, *below[layer]):
                wrong.append(f"{module} ({layer}) imports {target} ({theirs}), above it")
    assert wrong == []


def test_no_modules_import_each_other_in_a_circle():
    assert circles(graph()) == set(), "circles of imports"


def test_the_scan_sees_imports_made_for_types_and_inside_functions():
    """The scan is not blind where imports hide: a circle through them is one."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .match import Match\n"
        "def later():\n"
        "    from game.rules import board\n"
        "    import game.puzzles.pack\n"
    )
    assert imports_in(source, "game.play.control") == {
        "game.play.match", "game.rules.board", "game.puzzles.pack",
    }  # fmt: skip
    assert "game.client.app" in imports("game.__main__")  # inside its main()
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {frozenset("abc")}


def test_the_client_reaches_below_play_only_for_value_types():
    """Screens draw a model of game/play and forward input to it: below play they
    import only the value types of the rules and of the dice game."""
    wrong = []
    for name, path in modules().items():
        if layer_of(name) == "client":
            source = path.read_text()
            wrong += client_wrong(source, name, package=path.name == "__init__.py")
    assert wrong == []
    # Each exception is still needed: one no longer used is struck off.
    for name, allowed in CLIENT_EXCEPTIONS.items():
        assert allowed <= imports(name), f"{name} no longer imports {allowed - imports(name)}"


def test_the_clients_rule_reads_the_names_imported():
    here = "game.client.scenes.some_screen"
    assert (
        client_wrong("from game.rules import Board, Color\nfrom game.play import lobby", here) == []
    )
    assert client_wrong("from game.mosaix.game import SCALE, Solo", here) == []
    assert client_wrong("from game.online.link import Link", here)
    assert client_wrong("import game.online.protocol", here)
    # A value-type module, but a name that is not one of its value types.
    assert client_wrong("from game.rules import Board, legal_turns", here)
    assert client_wrong("from game.puzzles import Puzzle", here)
    assert client_wrong("def later():\n    from game.ai.levels import LEVELS", here)
    # The exceptions hold only for their own module.
    assert client_wrong("from game.ai.worker import AIWorker", "game.client.app") == []
    assert client_wrong("from game.ai.worker import AIWorker", here)
