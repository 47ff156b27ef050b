"""No test whose checks may all be skipped: every test function in tests/ that checks
anything has a check that runs whenever the test does.

The rule, over each test function's own statements (``test*`` functions at the top of
a ``test_*.py`` module or in its classes; nested functions are not looked into):
- A check is an ``assert`` statement or a ``with pytest.raises(...)``/``pytest.warns``.
- A body surely checks when one of its statements is a check, or is
  - a ``with`` whose body surely checks;
  - an ``if`` with an ``else`` (or ``elif`` chain ending in one) whose every branch
    surely checks;
  - a ``for`` over a literal that is not empty (a tuple, list, set or dict display,
    such a dict's ``.items()``/``.keys()``/``.values()``, or ``range(...)`` of int
    literals that is not empty), or a ``while True``, whose body surely checks;
  - a ``try`` whose ``finally`` surely checks, or whose body (or else) surely checks
    and whose every ``except`` surely checks too (without an ``except``, an exception
    in the body fails the test, so the body's check is enough).
- Anything else may not run: an ``if`` without ``else``, ``match``, a loop over
  anything computed, a loop's ``else``, an ``except`` that swallows what skipped the
  body's check.
- A test with checks whose body does not surely check fails, unless its source says
  ``# asserts-in-branch: <what running it proves>`` -- for a test whose branches are
  shown to run by other means, and the words say how.

A test without any check of its own is not this rule's business (it checks through
helpers, or only runs code that must not raise); nor are helpers, whose asserts guard
their own input.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
MARKER = "# asserts-in-branch:"

Function = ast.FunctionDef | ast.AsyncFunctionDef


def is_check(node: ast.stmt) -> bool:
    if isinstance(node, ast.Assert):
        return True
    if isinstance(node, ast.With | ast.AsyncWith):
        for item in node.items:
            call = item.context_expr
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "pytest"
                and call.func.attr in ("raises", "warns")
            ):
                return True
    return False


def surely_loops(node: ast.For | ast.AsyncFor | ast.While) -> bool:
    """Does the loop's body surely run at least once?"""
    if isinstance(node, ast.While):
        return isinstance(node.test, ast.Constant) and node.test.value is True
    seq = node.iter
    if (
        isinstance(seq, ast.Call)
        and isinstance(seq.func, ast.Attribute)
        and seq.func.attr in ("items", "keys", "values")
        and not seq.args
    ):
        seq = seq.func.value  # {...}.items()
    if isinstance(seq, ast.Tuple | ast.List | ast.Set):
        return bool(seq.elts)
    if isinstance(seq, ast.Dict):
        return bool(seq.keys)
    if isinstance(seq, ast.Call) and isinstance(seq.func, ast.Name) and seq.func.id == "range":
        bounds = [a.value for a in seq.args if isinstance(a, ast.Constant)]
        if len(bounds) != len(seq.args) or not all(type(b) is int for b in bounds):
            return False
        return len(range(*bounds)) > 0
    return False


def surely(body: list[ast.stmt]) -> bool:
    """Does a check among ``body`` surely run whenever ``body`` does?"""
    for node in body:
        if is_check(node):
            return True
        if isinstance(node, ast.With | ast.AsyncWith):
            sure = surely(node.body)
        elif isinstance(node, ast.If):
            sure = bool(node.orelse) and surely(node.body) and surely(node.orelse)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.While):
            sure = surely_loops(node) and surely(node.body)
        elif isinstance(node, ast.Try | ast.TryStar):
            done = surely(node.body) or surely(node.orelse)
            caught = all(surely(handler.body) for handler in node.handlers)
            sure = (done and caught) or surely(node.finalbody)
        else:
            sure = False
        if sure:
            return True
    return False


def has_check(body: list[ast.stmt]) -> bool:
    """Is there a check anywhere in ``body`` (nested functions and classes aside)?"""
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, Function | ast.ClassDef):
            continue
        if is_check(node):
            return True
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                stack.append(child)
            elif isinstance(child, ast.excepthandler | ast.match_case):
                stack += child.body
    return False


def cases_of(tree: ast.Module) -> Iterator[Function]:
    """The test functions of a module: at its top and in its classes."""
    for node in tree.body:
        inside = node.body if isinstance(node, ast.ClassDef) else [node]
        for fn in inside:
            if isinstance(fn, Function) and fn.name.startswith("test"):
                yield fn


def unsure(path: Path, root: Path = TESTS.parent) -> list[str]:
    """The test functions of ``path`` whose checks may all be skipped, and not marked."""
    source = path.read_text()
    lines = source.splitlines()
    found = []
    for fn in cases_of(ast.parse(source, filename=str(path))):
        if not has_check(fn.body) or surely(fn.body):
            continue
        text = "\n".join(lines[fn.lineno - 1 : fn.end_lineno])
        marked = MARKER in text and text.split(MARKER, 1)[1].split("\n")[0].strip()
        if not marked:
            found.append(f"{path.relative_to(root)}:{fn.lineno} {fn.name}")
    return found


def test_every_test_that_checks_has_a_check_that_surely_runs():
    found = [f for path in sorted(TESTS.rglob("test_*.py")) for f in unsure(path)]
    assert not found, (
        "every check of these tests sits in a branch that may not run: add one that "
        f"surely runs, or mark it '{MARKER} <why the branch runs>'\n" + "\n".join(found)
    )


def sure(*lines: str) -> bool:
    """Does a function of these lines (indented by four) surely check?"""
    fn = ast.parse("def test_f():\n" + "".join(f"    {line}\n" for line in lines)).body[0]
    assert isinstance(fn, ast.FunctionDef) and has_check(fn.body)
    return surely(fn.body)


def test_the_rule_tells_sure_checks_from_unsure_ones():
    assert sure("f()", "assert x")
    assert sure("with a:", "    assert x")
    assert sure("with pytest.raises(E):", "    g()")
    assert not sure("if c:", "    assert x")
    assert sure("if c:", "    assert x", "else:", "    assert y")
    assert sure("if c:", "    assert x", "elif d:", "    assert y", "else:", "    assert z")
    assert not sure("if c:", "    assert x", "elif d:", "    assert y")
    assert not sure("if c:", "    assert x", "else:", "    g()")
    assert not sure("for a in b:", "    assert a")
    assert sure("for a in (1, 2):", "    assert a")
    assert not sure("for a in ():", "    assert a")
    assert sure("for a in range(3):", "    assert a")
    assert sure("for a in range(2, 5):", "    assert a")
    assert not sure("for a in range(5, 2):", "    assert a")
    assert not sure("for a in range(n):", "    assert a")
    assert sure("for k, v in {1: 2}.items():", "    assert v")
    assert not sure("for k, v in d.items():", "    assert v")
    assert not sure("for a in b:", "    g()", "else:", "    assert a")
    assert sure("while True:", "    assert a")
    assert not sure("while c:", "    assert a")
    assert sure("try:", "    assert a", "finally:", "    g()")
    assert not sure("try:", "    assert a", "except E:", "    g()")
    assert sure("try:", "    assert a", "except E:", "    assert b")
    assert sure("try:", "    g()", "except E:", "    assert b", "else:", "    assert c")
    assert not sure("try:", "    g()", "except E:", "    assert b")
    assert sure("try:", "    g()", "except E:", "    h()", "finally:", "    assert d")
    assert not sure("match m:", "    case 1:", "        assert a")


def test_nested_functions_and_helpers_are_judged_by_their_tests(tmp_path):
    path = tmp_path / "test_planted.py"
    path.write_text(
        "def helper():\n    if c:\n        assert x\n\n"
        "def test_a():\n    async def go():\n        assert x\n    if c:\n        run(go())\n\n"
        "def test_b():\n    helper()\n"
    )
    assert unsure(path, tmp_path) == []


def test_a_test_with_only_unsure_checks_is_found_unless_marked(tmp_path):
    path = tmp_path / "test_planted.py"
    body = "class TestX:\n    def test_x(self):\n        if c:\n            assert x\n"
    path.write_text(body)
    assert unsure(path, tmp_path) == ["test_planted.py:2 test_x"]
    path.write_text(body.replace("if c:", f"if c:  {MARKER} c is set by the fixture"))
    assert unsure(path, tmp_path) == []
    path.write_text(body.replace("if c:", f"if c:  {MARKER}"))  # a marker says why
    assert unsure(path, tmp_path) == ["test_planted.py:2 test_x"]
