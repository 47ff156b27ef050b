"""Playing a board from the keyboard, without a screen: where the arrows take the
cursor, and what a turn typed in notation clicks or why it is refused."""

from game.play.board_keys import DIRECTIONS, column_of, middle, step, typed_turn
from game.rules import Board, geometry
from tests.helpers import CHAIN, CHAIN_ANSWER


def test_every_cell_is_reached_by_the_arrows_each_step_to_a_neighbour():
    for side in (3, 5, 8):
        geo = geometry(side)
        seen = {middle(geo)}
        todo = [(middle(geo), column_of(geo, middle(geo)))]
        while todo:
            cell, column = todo.pop()
            for d in DIRECTIONS:
                nxt, col = step(geo, cell, d, column)
                assert nxt == cell or nxt in geo.neighbours[cell]
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append((nxt, col))
        assert len(seen) == geo.cells
    # Up twice climbs straight: back in the column it set out from.
    geo = geometry(5)
    column = column_of(geo, middle(geo))
    cell, column = step(geo, middle(geo), "up", column)
    cell, column = step(geo, cell, "up", column)
    assert column_of(geo, cell) == column_of(geo, middle(geo)) and geo.names[cell] == "c4"


def test_at_an_edge_the_cursor_stays_and_left_and_right_set_the_column_again():
    geo = geometry(3)
    corner = geo.cell("a1")
    column = column_of(geo, corner)
    stuck = {d: step(geo, corner, d, column)[0] for d in DIRECTIONS}
    # A corner has an edge on two of the four arrows: those leave the cursor there.
    assert sum(cell == corner for cell in stuck.values()) == 2
    moved, kept = step(geo, middle(geo), "right", 99)
    assert moved in geo.neighbours[middle(geo)] and kept == column_of(geo, moved) != 99
    # Up and Down keep the column the cursor set out from, whatever cell they reach.
    assert step(geo, middle(geo), "up", 99)[1] == 99


def test_a_typed_turn_is_the_clicks_on_its_cells_and_leaves_the_board_alone():
    board = Board(CHAIN)
    typed = typed_turn(board, None, " XC1 xc2\txd3xd4 ")  # case and spaces do not matter
    assert typed.reason == "" and typed.cells == board.parse_turn(CHAIN_ANSWER).cells
    assert board.mfen() == CHAIN and board.turn_stack == []  # tried on a copy
    place = next(c for c in range(board.geometry.cells) if board.tile_at(c) is None)
    name = board.geometry.names[place]
    assert typed_turn(board, None, name).cells == (place,)


def test_a_refused_typed_turn_clicks_nothing_and_says_why():
    board = Board(CHAIN)
    cases = {
        "": "Type a turn: a cell such as d4 to place, or xc3xc4 to flip.",
        "e5": "e5 is not empty.",
        "zz9": "'zz9' is not a cell of the side-4 board (rows a..g, e.g. a1 or g4).",
        "pass": "Pass: Red has a legal turn (e.g. e1) and must take one.",
        # Half way through, a chain has run out: nothing of it is played.
        CHAIN_ANSWER + "xa1": "The turn ends with d4: no tile is left to flip after it.",
        "xa1": "Flipping a1 would not reduce the groups as a flip must: it touches only one"
        " of Red's groups (it must join two or more).",
    }
    for text, reason in cases.items():
        typed = typed_turn(board, None, text)
        assert typed.cells == (), text
        assert typed.reason == reason, text
    assert board.mfen() == CHAIN


def test_during_a_chain_typed_flips_go_on_with_it():
    board = Board(CHAIN)
    chain = board.click(board.geometry.cell("c1"), None)
    assert chain.owed_names() == ["c2"]
    c2 = board.geometry.cell("c2")
    # The next flip alone, or the whole turn so far with it: the same click.
    assert typed_turn(board, chain, "xc2").cells == (c2,)
    assert typed_turn(board, chain, "xc1xc2").cells == (c2,)
    made = typed_turn(board, chain, "xc1")
    assert made.cells == () and made.reason == "Those flips are made already: type the next one."
    place = typed_turn(board, chain, "e1")
    assert place.cells == () and place.reason.startswith("A chain is under way: type the next flip")
    assert "xc2" in place.reason
    far = typed_turn(board, chain, "xa1")
    assert far.reason == "a1 is not next to a tile flipped earlier in this turn."
