import pytest

from game.rules import (
    BLUE,
    PASS,
    RED,
    Board,
    ChainError,
    IllegalTurnError,
    Position,
    Turn,
)

CHAIN = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"  # flipping c4 owes a choice
FORCED_PASS = "RRBBR/BBRBRR/BRRBBR1/RBRRRRRR/RRRRBRBRB/BBBRRBRR/BBBRBBR/BBRRBR/RBBBR r"
# Finished with equal counts (found by search; tests/reference.py agrees it is over).
DRAW = "BBBBB/RRRRBR/RRRBBRR/BRBBR1RB/BRRRRRBBB/BBRRBBRB/BRBBRRB/BRRRRB/BBRRB r"


def cells(board, *names):
    return [board.geometry.cell(n) for n in names]


def test_placement_rules_name_the_rule():
    b = Board("3/4/5/4/3 r")
    b.play("c3")
    b.play("c2")  # Blue next to Red
    assert b.why_not_place(b.geometry.cell("c3")) == "c3 is not empty"
    # Red's c4 would touch only Red's c3.
    b2 = Board("3/4/2R2/4/3 r")
    with pytest.raises(IllegalTurnError, match="c4 touches only Red's own tiles"):
        b2.play("c4")
    # A cell between two red groups would join them.
    b3 = Board("3/4/R1R1B/4/3 r")
    with pytest.raises(IllegalTurnError, match="c2 would join 2 of Red's groups into one"):
        b3.play("c2")
    assert b3.mfen() == "3/4/R1R1B/4/3 r"  # nothing changed


def test_flip_rules_name_the_rule():
    b = Board("3/4/RBR2/4/3 r")
    assert b.legal_first_flips() == cells(b, "c2")
    with pytest.raises(IllegalTurnError, match="c1 is Red's own tile"):
        b.play("xc1")
    with pytest.raises(IllegalTurnError, match="c4 is empty"):
        b.play("xc4")
    lone = Board("3/4/RB3/4/3 r")
    with pytest.raises(IllegalTurnError, match=r"would not reduce Red's groups.*touches only one"):
        lone.play("xc2")
    # c3 joins Red's c2 and c4, but Blue's b2 and d3 fall apart without it: no gain.
    split = Board("3/1B2/1RBR1/2B1/3 r")
    with pytest.raises(
        IllegalTurnError, match=r"c3 would not reduce the total .*Red loses 1, Blue gains 1"
    ):
        split.play("xc3")


def test_whole_flip_turn_checked_step_by_step():
    b = Board(CHAIN)
    with pytest.raises(IllegalTurnError, match="stops while a flip is still owed"):
        b.play("xc4")
    with pytest.raises(IllegalTurnError, match="not next to a tile flipped earlier"):
        b.play("xc4xa1")
    b.step(b.geometry.cell("c4"))
    with pytest.raises(IllegalTurnError, match="c4 was already flipped this turn"):
        b.step(b.geometry.cell("c4"))
    b.take_back_chain()
    before = b.mfen()
    b.play("xc4xc5")
    assert b.turn is BLUE
    assert b.pop() == b.parse_turn("xc4xc5")
    assert b.mfen() == before


def test_chain_clicked_through_one_flip_at_a_time():
    b = Board(CHAIN)
    c4, d4, d3 = cells(b, "c4", "d4", "d3")
    assert b.step(c4) is None  # a flip is owed: the turn goes on
    assert b.chain == (c4,)
    assert b.turn is RED and b.tile_at(c4) is RED  # the board shows the flip
    owed = b.owed()
    assert set(cells(b, "c5", "b4", "d4")) <= set(owed)
    assert b.step_targets() == owed
    with pytest.raises(IllegalTurnError, match="not next to a tile flipped earlier"):
        b.step(b.geometry.cell("a1"))
    with pytest.raises(ChainError):
        b.push(PASS)  # whole turns wait until the chain is over
    assert b.step(d4) is None
    done = b.step(d3)
    assert done == Turn.flip([c4, d4, d3])
    assert b.turn is BLUE and b.turn_stack[-1] == done and b.chain == ()
    replay = Board(CHAIN)
    replay.play("xc4xd4xd3")
    assert replay.mfen() == b.mfen()


def test_chain_taken_back_before_it_completes():
    b = Board(CHAIN)
    before = b.mfen()
    c4, d4 = cells(b, "c4", "d4")
    b.step(c4)
    b.step(d4)
    assert b.take_back_flip() == d4
    assert b.chain == (c4,)
    assert b.take_back_chain() == (c4,)
    assert b.mfen() == before and b.turn_stack == []
    with pytest.raises(ChainError):
        b.take_back_chain()


def test_step_places_and_refuses_with_the_rule():
    b = Board(size=3)
    assert b.step(b.geometry.cell("c3")) == Turn.place(b.geometry.cell("c3"))
    b.step(b.geometry.cell("a1"))
    with pytest.raises(IllegalTurnError, match="c4 touches only Red's own tiles"):
        b.step(b.geometry.cell("c4"))


def test_forced_pass_and_game_over():
    b = Board(FORCED_PASS)
    assert b.must_pass() and not b.is_game_over()
    assert b.legal_turns() == [PASS]
    b.play("pass")
    assert b.turn is BLUE
    with pytest.raises(IllegalTurnError, match="Blue has a legal turn"):
        b.play("pass")

    over = Board("BR/BRR/RR r")
    assert over.is_game_over() and over.legal_turns() == []
    assert over.count(RED) == 5 and over.count(BLUE) == 2
    assert over.winner() is RED and over.result() == "red"
    with pytest.raises(IllegalTurnError, match="the game is over"):
        over.play("pass")


def test_draw_when_counts_are_equal():
    b = Board(DRAW)
    assert b.is_game_over() and b.count(RED) == b.count(BLUE)
    assert b.winner() is None and b.result() == "draw"


def test_undo_restores_everything():
    b = Board(size=4)
    keys = []
    for text in ["d4", "d3", "a1", "c4"]:
        keys.append(b.transposition_key())
        b.play(text)
    for key in reversed(keys):
        b.pop()
        assert b.transposition_key() == key
    with pytest.raises(IndexError):
        b.pop()


def test_groups_counts_and_hash():
    b = Board("RR1/R2B/4B/B3/3 r")
    assert b.group_count(RED) == 1 and b.group_count(BLUE) == 2
    assert b.groups(BLUE) == [cells(b, "b4", "c5"), cells(b, "d1")]
    same = Board(Position.from_mfen("RR1/R2B/4B/B3/3 r"))
    assert same.position_hash() == b.position_hash()
    assert same.position() == b.position() and hash(same.position()) == hash(b.position())
    assert Board("RR1/R2B/4B/B3/3 b").position_hash() != b.position_hash()


def test_copy_is_independent():
    b = Board(size=3)
    b.play("c3")
    c = b.copy()
    c.play("c2")
    assert len(b.turn_stack) == 1 and len(c.turn_stack) == 2


def test_legal_turns_lists_each_resulting_position_once():
    b = Board(CHAIN)
    outcomes = [t.outcome() for t in b.legal_turns()]
    assert len(outcomes) == len(set(outcomes))
    for t in b.legal_turns():
        assert b.is_legal(t)
