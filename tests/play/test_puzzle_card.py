"""A puzzle's card in words, for the line over the browser's grid."""

from game.play.puzzle_card import card_words


def test_a_card_in_words_names_its_number_rating_goal_and_stars():
    assert card_words(3, 870, "most", 0) == (
        "Puzzle 3, rated 870: take the most tiles. Your stars: 0 of 3."
    )
    assert card_words(12, 1420, "win", 2) == (
        "Puzzle 12, rated 1420: one turn wins. Your stars: 2 of 3."
    )
