import pytest
from hypothesis import given

from game.rules import (
    PASS,
    Board,
    MfenError,
    Position,
    Turn,
    TurnTextError,
    format_turn,
    geometry,
    parse_turn,
)

from .strategies import positions


@given(positions())
def test_mfen_round_trip(p):
    text = p.mfen()
    assert Position.from_mfen(text) == p
    assert Position.from_mfen(text).mfen() == text
    assert Position.from_array(p.to_array(), p.mover) == p


def test_empty_board():
    assert Position.empty(5).mfen() == "5/6/7/8/9/8/7/6/5 r"
    assert Board(size=3).mfen() == "3/4/5/4/3 r"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty MFEN"),
        ("5/6/7/8/9/8/7/6/5", "no side to move"),
        ("5/6/7/8/9/8/7/6/5 x", "side to move 'x' is not"),
        ("5/6/7/8/9/8/7/6/5 r extra", "3 fields"),
        ("3/4/5/4 r", "4 rows"),
        ("3 r", "has 1 row;"),
        ("3/4/6/4/3 r", "row c .* describes 6 cells; row c of a side-3 board has 5"),
        ("3/4/5/4/2 r", "row e .* describes 2 cells"),
        ("3/4/RB2Q/4/3 r", "row c .* unexpected character 'Q' at position 4"),
        ("3/4/r4/4/3 r", "unexpected character 'r'"),
        ("3/4/0R4/4/3 r", "empty run must be 1 or more"),
    ],
)
def test_malformed_mfen_says_what_and_where(text, message):
    with pytest.raises(MfenError, match=message):
        Position.from_mfen(text)
    with pytest.raises(ValueError):  # every rules error is a ValueError
        Board(text)


@pytest.mark.parametrize("text", ["pass", "e5", "a1", "xd4", "xd4xd5xe6", "xi5xa1"])
def test_turn_text_round_trip(text):
    g = geometry(5)
    assert format_turn(parse_turn(text, g), g) == text


def test_turn_values_are_hashable_and_compare_by_value():
    g = geometry(5)
    assert parse_turn("pass", g) is PASS
    assert parse_turn("e5", g) == Turn.place(30)
    assert len({parse_turn("xd4xd5", g), Turn.flip([g.cell("d4"), g.cell("d5")])}) == 1
    assert parse_turn("xd4xd5", g).outcome() == parse_turn("xd5xd4", g).outcome()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty turn text"),
        ("j1", "'j1' is not a cell of the side-5 board"),
        ("xd4xx", "empty cell name"),
        ("xd4xz1", "flip turn 'xd4xz1': 'z1' is not a cell"),
        ("xd4xd4", "flips the same cell twice"),
        ("e", "'e' is not a cell"),
    ],
)
def test_malformed_turn_text(text, message):
    with pytest.raises(TurnTextError, match=message):
        parse_turn(text, geometry(5))
