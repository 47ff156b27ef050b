"""The scenes keep to their layout trees: a rectangle made of numbers by hand in a
``draw()``, or a ``resize`` method of a scene's own, is what the tree replaced
(docs/layout.md). Counted in the source, so they cannot grow back."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SCENES = Path(__file__).resolve().parents[2] / "game" / "client" / "scenes"

#: The most there may be; lower each as screens move onto the tree. The goals:
#: no hand-made rectangle in a draw(), at most 15 in all scenes, at most 5 resize
#: methods (each with its reason, in a comment over it).
MOST_IN_DRAW = 0
# Two more than the 8 of 2026-11-29's morning, each a box of a size to measure
# labels in, placed nowhere: the pack list's lines (puzzle_cards.pack_fit) and
# the analysis board's paired buttons (analysis_board.pair_room).
MOST_IN_SCENES = 10
MOST_RESIZE = 4
GOAL_IN_SCENES = 15
GOAL_RESIZE = 5


def hand_made(tree: ast.AST) -> Iterator[ast.Call]:
    """``pygame.Rect(...)`` or ``pygame.FRect(...)`` from coordinates (two or four
    numbers; one argument copies a box, and an empty one waits for the layout)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        empty = all(isinstance(a, ast.Constant) and a.value == 0 for a in node.args)
        if name in ("Rect", "FRect") and len(node.args) >= 2 and not empty:
            yield node


def methods(name: str) -> Iterator[tuple[Path, ast.FunctionDef]]:
    for path in sorted(SCENES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                yield path, node


def where(path: Path, node: ast.AST) -> str:
    return f"{path.name}:{getattr(node, 'lineno', 0)}"


def test_no_rectangle_is_made_by_hand_in_a_draw() -> None:
    found = [where(p, c) for p, f in methods("draw") for c in hand_made(f)]
    assert len(found) <= MOST_IN_DRAW, found


def test_scenes_make_few_rectangles_by_hand() -> None:
    found = [
        where(p, c)
        for p in sorted(SCENES.glob("*.py"))
        for c in hand_made(ast.parse(p.read_text(encoding="utf-8")))
    ]
    assert len(found) <= MOST_IN_SCENES, found


def test_few_scenes_lay_themselves_out_by_hand() -> None:
    found = [where(p, f) for p, f in methods("resize")]
    assert len(found) <= MOST_RESIZE, found


#: What the comment over a scene's own ``resize`` begins with: why it stays.
WHY = "# Laid out by hand:"


def test_each_resize_left_says_why_it_stays() -> None:
    silent = []
    for path, f in methods("resize"):
        above = path.read_text(encoding="utf-8").splitlines()[: f.lineno - 1]
        comment = []
        while above and above[-1].strip().startswith("#"):
            comment.insert(0, above.pop().strip())
        if not any(line.startswith(WHY) for line in comment):
            silent.append(where(path, f))
    assert not silent, f"a resize kept without a comment saying why ({WHY!r}): {silent}"


def test_the_counter_sees_a_hand_made_rectangle() -> None:
    made = ast.parse(
        "def draw(s):\n    box = pygame.Rect(8, 60, 18, s.h - 200)\n"
        "    c = Rect(b)\n    e = pygame.FRect(0, 0, 0, 0)\n"
    )
    assert len(list(hand_made(made))) == 1
