"""The layout tree's solver, in plain numbers (it needs no pygame)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.client import layout_tree
from game.client.layout_tree import (
    Column,
    Fit,
    Fr,
    Grid,
    Node,
    Pct,
    Rect,
    Row,
    Stack,
    share,
    solve,
)

ROOM = Rect(0, 0, 1000, 600)


def test_the_solver_needs_no_pygame() -> None:
    tree = ast.parse(Path(layout_tree.__file__).read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any("pygame" in name for name in imported)


def test_fixed_lengths_first_then_fr_by_weight() -> None:
    assert share([100, Fr(1), Fr(3)], 500) == [100, 100, 300]
    assert share([Pct(0.5), None], 400, gap=20) == [200, 180]


def test_an_fr_held_at_its_minimum_leaves_the_rest_to_the_others() -> None:
    # Equal shares would be 100 each; the first needs 250, the others share 50.
    assert share([Fr(), Fr(), Fr()], 300, mins=[250, 0, 0]) == [250, 25, 25]
    assert share([Fr(), Fr()], 300, maxs=[50, 1e9]) == [50, 250]


def test_too_little_room_squeezes_down_to_the_minimums() -> None:
    # 300 asked of 200: 100 to give, of the 50 and 100 they can, in proportion.
    assert share([150, 150], 200, mins=[100, 50]) == pytest.approx([150 - 100 / 3, 150 - 200 / 3])
    # Below the minimums the line overflows rather than crush them.
    assert share([150, 150], 100, mins=[100, 50]) == [100, 50]


def test_a_column_stacks_a_header_a_body_and_a_footer() -> None:
    tree = Column(
        children=[Node("head", height=80), Node("body"), Node("foot", height=40)],
        gap=10,
        padding=20,
    )
    out = solve(tree, ROOM)
    assert out["head"] == Rect(20, 20, 960, 80)
    assert out["body"] == Rect(20, 110, 960, 600 - 40 - 80 - 40 - 20)
    assert out["foot"].bottom == 580


def test_a_row_without_fr_children_is_justified() -> None:
    tree = Row(children=[Node("a", width=100), Node("b", width=100)], gap=20, justify="center")
    out = solve(tree, ROOM)
    assert out["a"].x == (1000 - 220) / 2
    out = solve(Row(children=[Node("a", width=100)], justify="end"), ROOM)
    assert out["a"].right == 1000


def test_a_child_smaller_across_sits_by_its_anchor() -> None:
    tree = Row(children=[Node("top", height=100, anchor="top"), Node("low", height=100)])
    out = solve(tree, ROOM)
    assert out["top"].y == 0
    assert out["low"].y == 250  # the centre by default


def test_docked_children_are_cut_off_first_in_order() -> None:
    tree = Column(
        children=[
            Node("main"),
            Node("header", height=50, dock="top"),
            Node("panel", width=Pct(0.3), dock="right"),
        ]
    )
    out = solve(tree, ROOM)
    assert out["header"] == Rect(0, 0, 1000, 50)
    assert out["panel"] == Rect(700, 50, 300, 550)
    assert out["main"] == Rect(0, 50, 700, 550)


def test_a_grid_shares_its_tracks_so_columns_line_up() -> None:
    labels = Fit(lambda _h: 120)  # the widest label, measured
    tree = Grid(
        columns=[labels, Fr()],
        rows=40,
        gap=10,
        row_gap=5,
        children=[Node("red label"), Node("red"), Node("blue label"), Node("blue")],
    )
    out = solve(tree, ROOM)
    assert out["red"].x == out["blue"].x == 130
    assert out["blue"].y == 45
    assert out["red"].w == 870


def test_fit_measures_a_height_at_the_width_given() -> None:
    def lines(width: float) -> float:
        return 20 * -(-600 // width)  # a text 600 wide, in lines 20 high

    out = solve(Column(children=[Node("text", height=Fit(lines))], justify="start"), ROOM)
    assert out["text"].h == 20
    narrow = Rect(0, 0, 250, 600)
    out = solve(Column(children=[Node("text", height=Fit(lines))], justify="start"), narrow)
    assert out["text"].h == 60


def test_a_stack_places_each_child_by_size_and_anchor() -> None:
    tree = Stack(
        children=[
            Node("dialog", width=600, height=Pct(0.5)),
            Node("badge", width=40, height=40, anchor="topright", margin=8),
        ]
    )
    out = solve(tree, ROOM)
    assert out["dialog"] == Rect(200, 150, 600, 300)
    assert out["badge"] == Rect(952, 8, 40, 40)


def test_a_node_keeps_to_its_room_unless_its_minimum_says_more() -> None:
    out = solve(Stack(children=[Node("wide", width=2000)]), ROOM)
    assert out["wide"].w == 1000
    out = solve(Stack(children=[Node("wide", width=10, min_width=1200, anchor="left")]), ROOM)
    assert out["wide"].w == 1200


def test_two_nodes_with_one_key_are_refused() -> None:
    with pytest.raises(ValueError, match="two nodes keyed 'a'"):
        solve(Row(children=[Node("a"), Node("a")]), ROOM)


def test_margins_and_padding_take_css_edges() -> None:
    tree = Row(
        padding=(10, 20),  # down, across
        children=[Node("a", width=100, margin=(0, 5, 0, 15)), Node("b")],
    )
    out = solve(tree, ROOM)
    assert out["a"] == Rect(35, 10, 100, 580)
    assert out["b"] == Rect(140, 10, 840, 580)
