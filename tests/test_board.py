import pytest

from game.rules import (
    BLUE,
    PASS,
    RED,
    Board,
    CellError,
    Chain,
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
    with pytest.raises(
        IllegalTurnError,
        match=r"would not reduce the groups as a flip must: it touches only one of Red's",
    ):
        lone.play("xc2")
    # c3 joins Red's c2 and c4, but Blue's b2 and d3 fall apart without it: no gain.
    split = Board("3/1B2/1RBR1/2B1/3 r")
    with pytest.raises(
        IllegalTurnError,
        match=r"c3 would not reduce the groups as .*Red's groups fall by 1 but Blue's rise by 1",
    ):
        split.play("xc3")


def test_whole_flip_turn_checked_step_by_step():
    b = Board(CHAIN)
    with pytest.raises(IllegalTurnError, match="stops while a flip is still owed"):
        b.play("xc4")
    with pytest.raises(IllegalTurnError, match="not next to a tile flipped earlier"):
        b.play("xc4xa1")
    chain = b.start_chain("c4")
    with pytest.raises(IllegalTurnError, match="c4 was already flipped this turn"):
        chain.flip("c4")
    before = b.mfen()
    b.play("xc4xc5")
    assert b.mover is BLUE
    assert b.pop() == b.parse_turn("xc4xc5")
    assert b.mfen() == before


def test_chain_clicked_through_one_flip_at_a_time():
    b = Board(CHAIN)
    before = b.mfen()
    c4, d4, d3 = cells(b, "c4", "d4", "d3")
    chain = b.click(c4)  # a flip is owed: the turn goes on, as a value
    assert isinstance(chain, Chain) and chain.cells == (c4,)
    assert b.mfen() == before  # the board itself waits for the whole turn
    assert chain.mover is RED and chain.tile_at(c4) is RED  # the chain shows the flip
    assert chain.position().tile_at(c4) is RED and chain.position().mover is RED
    owed = chain.owed()
    assert set(cells(b, "c5", "b4", "d4")) <= set(owed)
    with pytest.raises(IllegalTurnError, match="not next to a tile flipped earlier"):
        b.click(b.geometry.cell("a1"), chain)
    with pytest.raises(ChainError):
        chain.turn()  # not whole while a flip is owed
    chain = b.click(d4, chain)
    assert isinstance(chain, Chain) and not chain.is_complete
    done = b.click(d3, chain)
    assert done == Turn.flip([c4, d4, d3])
    assert b.mover is BLUE and b.turn_stack[-1] == done
    replay = Board(CHAIN)
    replay.play("xc4xd4xd3")
    assert replay.mfen() == b.mfen()
    with pytest.raises(ChainError, match="another position"):
        b.click(d3, chain)  # a chain belongs to the position it started in


def test_chain_taken_back_before_it_completes():
    b = Board(CHAIN)
    before = b.mfen()
    c4, d4 = cells(b, "c4", "d4")
    first = b.start_chain(c4)
    second = first.flip(d4)
    assert second.take_back() == first and second.take_back().cells == (c4,)
    assert first.take_back() is None
    assert b.mfen() == before and b.turn_stack == []
    assert first == b.start_chain("c4") and hash(first) == hash(b.start_chain(c4))


def test_click_places_and_refuses_with_the_rule():
    b = Board(size=3)
    assert b.click(b.geometry.cell("c3")) == Turn.place(b.geometry.cell("c3"))
    b.click("a1")
    with pytest.raises(IllegalTurnError, match="c4 touches only Red's own tiles"):
        b.click(b.geometry.cell("c4"))


def test_the_board_answers_the_same_mid_chain_as_before_it():
    """With the chain a value, nothing about the board changes while one is under
    way: the same turns, placements, MFEN and state as before the first flip."""
    b = Board(CHAIN)
    turns, mfen = b.legal_turns(), b.mfen()
    chain = b.start_chain("c1")
    assert b.legal_turns() == turns and b.mfen() == mfen and b.has_legal_turn()
    assert Board(b.mfen()) == b
    b.push(chain.flip("c2").flip("d3").flip("d4").turn())
    assert b.mfen() != mfen


@pytest.mark.parametrize("cell", [-1, 61, 999, True, 2.0, None, "z9", "e10", "E5", ""])
def test_every_method_refuses_a_cell_that_is_not_on_the_board(cell):
    b = Board()
    for call in (
        b.tile_at,
        b.why_not_place,
        b.why_not_flip,
        b.start_chain,
        b.click,
        b.position().tile_at,
    ):
        with pytest.raises(CellError, match="is not a cell of the side-5 board"):
            call(cell)
    with pytest.raises(CellError):
        b.play(Turn.place(cell))
    assert b.turn_stack == [] and b.mfen() == "5/6/7/8/9/8/7/6/5 r"
    chain = Board(CHAIN).start_chain("c1")
    with pytest.raises(CellError):
        chain.flip(cell)


def test_cells_by_name_or_number_agree():
    b = Board(CHAIN)
    c3 = b.geometry.cell("c3")
    assert b.tile_at("c3") == b.tile_at(c3)
    assert b.why_not_flip("c3") == b.why_not_flip(c3)
    assert Board(size=3).click("b2") == Turn.place(Board(size=3).geometry.cell("b2"))


def test_boards_compare_by_position():
    a, b = Board(size=3), Board(size=3)
    a.play("b2")
    b.play("b2")
    assert a == b and a != Board(size=3) and a != Board(size=4)
    c = Board(a.mfen())
    assert c == a and c.turn_stack != a.turn_stack  # the history does not count
    with pytest.raises(TypeError):
        hash(a)  # mutable: hash a.position() instead


def test_forced_pass_and_game_over():
    b = Board(FORCED_PASS)
    assert b.must_pass() and not b.is_game_over()
    assert b.legal_turns() == [PASS]
    b.play("pass")
    assert b.mover is BLUE
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


def on_board(groups, full):
    return {(g, d & full) for g, d in groups}


def test_flip_outcomes_are_the_positions_the_flip_turns_reach():
    import random

    from game.rules.movegen import flip_outcomes, groups_of

    rng = random.Random(5)
    checked = 0
    for _ in range(12):
        b = Board(size=5)
        while b.legal_turns():
            geo = b.geometry
            flips = [t for t in b.legal_turns() if t.is_flip]
            outcomes = flip_outcomes(geo, *b.mover_view())
            assert len(outcomes) == len(flips)
            for turn, (s, me, op, gm, go) in zip(flips, outcomes, strict=True):
                assert s == geo.mask(turn.cells)
                b.push(turn)
                # The board has moved on: the opponent is to move now.
                their, mine, their_groups, my_groups = b.mover_view()
                assert (me, op) == (mine, their)
                # Groups may be listed in another order, and a group's reach may
                # carry bits off the board: compare the sets of on-board pairs.
                for after, played, fresh in ((gm, my_groups, me), (go, their_groups, op)):
                    want = on_board(groups_of(fresh, geo.stride), geo.full)
                    assert on_board(after, geo.full) == on_board(played, geo.full) == want
                b.pop()
                checked += 1
            b.push(rng.choice(b.legal_turns()))
    assert checked > 100


@pytest.mark.parametrize(
    ("position", "flip", "why"),
    [
        # The play-test's puzzle on a first turn: the tile touches no red tile.
        ("3/4/R1B2/4/3 r", "xc3", "it touches none of Red's groups (it must join two or more)"),
        ("3/4/RB3/4/3 r", "xc2", "it touches only one of Red's groups (it must join two or more)"),
        # c3 joins Red's c2 and c4, but Blue's b2 and d3 fall apart without it.
        (
            "3/1B2/1RBR1/2B1/3 r",
            "xc3",
            "Red's groups fall by 1 but Blue's rise by 1, so the total does not fall",
        ),
    ],
)
def test_every_refused_flip_says_the_one_rule_first_then_why(position, flip, why):
    """Play-test: "would not reduce the total number of groups" and "would not
    reduce Blue's groups" read as two rules, the second on a first turn."""
    cell = flip[1:]
    with pytest.raises(IllegalTurnError) as refused:
        Board(position).play(flip)
    assert str(refused.value).endswith(
        f"flipping {cell} would not reduce the groups as a flip must: {why}"
    )
