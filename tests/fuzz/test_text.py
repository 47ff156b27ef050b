"""Fuzz the rules core's text: MFEN positions and turn text (issue 12). Every
input either parses or raises the rules core's own error with a message."""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Board, RulesError, geometry, parse_turn
from tests.strategies import random_fill

#: FUZZ_EXAMPLES=5000 for a deeper run than the test command's.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")), deadline=None)
MFEN_ALPHABET = "RB0123456789/ rb\t²٣xX-\x00é"


def valid_mfen(seed: int) -> str:
    rng = random.Random(seed)
    n = rng.randrange(2, 9)
    return random_fill(n, rng, rng.random(), 0.5, rng.choice([0, 1])).mfen()


@st.composite
def mutated_mfen(draw) -> str:
    text = list(valid_mfen(draw(st.integers(0, 10_000))))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        ch = draw(st.sampled_from(MFEN_ALPHABET))
        if how == "insert":
            text.insert(i, ch)
        elif how == "delete" and i < len(text):
            del text[i]
        elif how == "replace" and i < len(text):
            text[i] = ch
        elif how == "repeat":
            text[i:i] = [ch] * draw(st.integers(1, 5000))
    return "".join(text)


MFEN_INPUTS = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=MFEN_ALPHABET, max_size=120),
    mutated_mfen(),
)


@FUZZ
@given(MFEN_INPUTS)
def test_mfen(text):
    try:
        board = Board(text)
    except RulesError as e:
        assert str(e) and len(str(e)) < 400
        return
    assert Board(board.mfen()).mfen() == board.mfen()  # what parses, round-trips


@FUZZ
@given(
    st.integers(2, 8),
    st.one_of(
        st.text(max_size=40),
        st.text(alphabet="xabcdefghijklmnopqrstuvw0123456789 pas", max_size=60),
    ),
)
def test_turn_text(side, text):
    geo = geometry(side)
    try:
        turn = parse_turn(text, geo)
    except RulesError as e:
        assert str(e) and len(str(e)) < 400
        return
    assert all(0 <= c < geo.cells for c in turn.cells)


@FUZZ
@given(st.integers(0, 10_000), st.text(alphabet="xabcdefghi0123456789pas", max_size=30))
def test_playing_any_text_in_any_position(seed, text):
    board = Board(valid_mfen(seed))
    before = board.mfen()
    try:
        board.play(text)
    except RulesError as e:
        assert str(e)
        assert board.mfen() == before  # a refused turn changes nothing
    else:
        assert board.mfen() != before  # a turn played moves the game on


SHEET_ALPHABET = "OXT./\\n x0"


@FUZZ
@given(
    st.one_of(
        st.text(max_size=60),
        st.text(alphabet=SHEET_ALPHABET, min_size=40, max_size=70),
    ),
    st.one_of(st.text(max_size=12), st.text(alphabet="OXT./", max_size=12)),
)
def test_mosaix_sheets_and_formations(sheet_text, formation_text):
    from game.mosaix import Formation, MosaixError, Sheet

    try:
        sheet = Sheet.from_text(sheet_text)
    except MosaixError as e:
        assert str(e) and len(str(e)) < 300
        sheet = None
    try:
        formation = Formation.from_text(formation_text)
    except MosaixError as e:
        assert str(e) and len(str(e)) < 300
        return
    assert formation.shape in "IOTSZLJ"
    if sheet is not None:
        assert Sheet.from_text(sheet.text()) == sheet
        for p in sheet.placements(formation):
            assert sheet.place(p).empty_cells == sheet.empty_cells - p.written
