"""The analysis board's chain preview without a screen: the longest chain from
each first flip, against a plain search of every order."""

from game.play.chain_on_board import chain_preview, longest_chain, took_back
from game.rules import Board, Chain, Position

#: Eight first flips; four start only chains that end where another's chain ends.
MFEN = "R1RR/BBBRR/RBRBRR/RBRBB1B/BBBB2/RB3/RRRB r"


def plain_longest(chain: Chain) -> int:
    owed = chain.owed()
    return max((plain_longest(chain.flip(n)) for n in owed), default=len(chain.cells))


def test_every_first_flip_gets_the_longest_chain_from_it():
    board = Board(Position.from_mfen(MFEN))
    preview = chain_preview(board)
    assert set(preview) == set(board.legal_first_flips()) and len(preview) == 8
    assert preview == {c: plain_longest(board.start_chain(c)) for c in preview}
    assert max(preview.values()) > 1


def test_a_chain_already_going_counts_its_flips_so_far():
    board = Board(Position.from_mfen(MFEN))
    first = max(chain_preview(board).items(), key=lambda kv: kv[1])[0]
    chain = board.start_chain(first)
    assert longest_chain(chain) == plain_longest(chain) >= len(chain.cells)


def test_a_finished_game_has_no_preview():
    board = Board(Position.from_mfen(MFEN))
    while not board.is_game_over():
        board.play(board.legal_turns()[0])
    assert chain_preview(board) == {}


def test_a_take_back_says_how_many_flips_once_the_chain_is_gone():
    assert took_back(1, chain_goes_on=False) == "Took back 1 flip."
    assert took_back(3, chain_goes_on=False) == "Took back 3 flips."
    assert took_back(1, chain_goes_on=True) == ""  # the line says what the chain owes
    assert took_back(0, chain_goes_on=False) == ""
