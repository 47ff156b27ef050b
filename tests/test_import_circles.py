"""No module of the application layer or the client imports itself round a
circle: each hands the one above it a narrow interface instead (the list of
correspondence games, for one, needs only a protocol of the lobby's). The
imports are read from the source, those under ``TYPE_CHECKING`` included."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
#: The packages whose modules must form no circle.
CHECKED = ("client", "play")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in GAME.rglob("*.py")}


def imported(name: str, path: Path) -> set[str]:
    """The modules of the game that ``path`` (module ``name``) imports."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            wanted = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            # ``from pkg import name`` imports the module pkg.name if there is one.
            wanted = [f"{source}.{a.name}" for a in node.names] + [source]
        else:
            continue
        for target in wanted:
            module = target
            while module and module not in MODULES:
                module = module.rpartition(".")[0]
            if module and module != name:
                found.add(module)
    return found


def circle_through(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """A path of imports from ``start`` back to it, if there is one."""
    trail = [start]
    seen = {start}

    def walk(name: str) -> list[str] | None:
        for nxt in sorted(graph.get(name, ())):
            if nxt == start:
                return [*trail, start]
            if nxt in seen:
                continue
            seen.add(nxt)
            trail.append(nxt)
            found = walk(nxt)
            if found:
                return found
            trail.pop()
        return None

    return walk(start)


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


@pytest.mark.parametrize("package", CHECKED)
def test_no_module_imports_itself_round_a_circle(package):
    circles = []
    for name in sorted(MODULES):
        if name.startswith(f"game.{package}."):
            circle = circle_through(name, GRAPH)
            if circle:
                circles.append(" -> ".join(circle))
    assert not circles, "\n".join(circles)


def test_the_reader_finds_a_circle_when_there_is_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circle_through("a", graph) == ["a", "b", "c", "a"]
    assert circle_through("d", graph) is None


def test_the_reader_sees_relative_and_type_checking_imports():
    lobby = "game.client.scenes.online_lobby"
    assert "game.client.scenes.correspondence" in GRAPH[lobby]
    assert "game.client.theme" in GRAPH[lobby]  # ``from .. import theme``
    # The online match screen imports the link only for its type.
    assert "game.online.link" in GRAPH["game.client.scenes.online_match"]
