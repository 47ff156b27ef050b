"""``_`` is the translation function wherever a module imports it: a function that
also binds ``_`` (``a, _ = pair``) turns every ``_("...")`` in it into an
UnboundLocalError, which ruff's F402 catches for loops only."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def shadowed(source: str) -> list[int]:
    """The lines of functions in ``source`` that both bind ``_`` and call it."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            nodes = list(ast.walk(fn))
            binds = any(
                isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                for n in nodes
            )
            calls = any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                for n in nodes
            )
            if binds and calls:
                found.append(fn.lineno)
    return found


def test_no_function_binds_the_translation_function():
    bad = [
        f"{path.relative_to(GAME.parent)}:{line}"
        for path in sorted(GAME.rglob("*.py"))
        for line in shadowed(path.read_text(encoding="utf-8"))
    ]
    assert not bad, "these functions bind _ and call _(): rename the throwaway\n" + "\n".join(bad)


def test_the_check_sees_a_bound_underscore():
    source = "def f(pair):\n    a, _ = pair\n    return _('text')\n"
    assert shadowed(source) == [1]
    assert shadowed("def f(pair):\n    a, _b = pair\n    return _('text')\n") == []


def unimported(source: str) -> set[str]:
    """The translation functions ``source`` calls without importing them (neither
    ruff nor mypy reports an unbound ``_``: both take it for a builtin)."""
    tree = ast.parse(source)
    bound = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    } | {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    called = {
        n.func.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    return (called & {"_", "N_", "ngettext", "pgettext"}) - bound


def test_every_module_that_translates_imports_the_functions():
    bad = [
        f"{path.relative_to(GAME.parent)}: {sorted(names)}"
        for path in sorted(GAME.rglob("*.py"))
        if (names := unimported(path.read_text(encoding="utf-8")))
    ]
    assert not bad, "call without import (from game.i18n import ...):\n" + "\n".join(bad)
    assert unimported("x = _('a')\n") == {"_"}
    assert unimported("from game.i18n import _\nx = _('a')\n") == set()
