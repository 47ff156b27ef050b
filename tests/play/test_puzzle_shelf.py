"""The puzzle browser without a screen: the theme that filters a pack, the pack
chosen, where Next and "the next unsolved" go, and what the lines say."""

from dataclasses import dataclass, field

from game.glicko import Rating
from game.play.progress import Progress
from game.play.puzzle_shelf import ALL_THEMES, PuzzleShelf, after, puzzle_title, themes
from game.puzzles import Pack, Problem, Puzzle
from tests.helpers import CHAIN, CHAIN_ANSWER


def puzzle(pid: str, *themes: str, rating: int = 900) -> Puzzle:
    return Puzzle(pid, CHAIN, "most", CHAIN_ANSWER, rating, tuple(themes), "")


@dataclass
class Library:
    packs: list[Pack]
    problems: list[Problem] = field(default_factory=list)
    progress: Progress = field(default_factory=Progress)


def library() -> Library:
    first = Pack(
        "one",
        "First",
        "The first pack.",
        (puzzle("a", "endgame"), puzzle("b"), puzzle("c", "endgame", "sacrifice")),
    )
    return Library([first, Pack("two", "Second", "", (puzzle("d"), puzzle("e", "sacrifice")))])


def test_the_theme_goes_round_the_packs_themes_and_filters_its_puzzles():
    shelf = PuzzleShelf(library())
    assert themes(shelf.packs[0]) == ["endgame", "sacrifice"]
    assert shelf.visible == [0, 1, 2] and shelf.theme_label() == ALL_THEMES
    assert shelf.pack_said() == "The first pack."
    shelf.next_theme()
    assert shelf.theme == "endgame" and shelf.visible == [0, 2]
    assert shelf.theme_label() == "Theme: Endgame" and shelf.pack_said() == "Showing 2 of 3"
    shelf.next_theme()
    assert shelf.theme == "sacrifice" and shelf.visible == [2]
    shelf.next_theme()
    assert shelf.theme is None and shelf.visible == [0, 1, 2]
    assert shelf.can_choose_theme()


def test_a_pack_without_the_theme_chosen_shows_all_its_puzzles():
    shelf = PuzzleShelf(library())
    shelf.next_theme()  # endgame: the second pack has none
    shelf.select(1)
    assert shelf.theme is None and shelf.visible == [0, 1] and shelf.pack_said() == ""
    shelf.next_theme()  # sacrifice: it has one
    shelf.select(0)
    assert shelf.theme == "sacrifice"


def test_only_the_trainer_keeps_to_the_theme():
    shelf = PuzzleShelf(library())
    shelf.next_theme()
    assert shelf.arcade_theme("trainer") == "endgame"
    assert shelf.arcade_theme("rush") is None and shelf.arcade_theme("streak") is None


def test_the_next_unsolved_puzzle_goes_pack_by_pack_and_next_follows_the_order():
    books = library()
    shelf = PuzzleShelf(books)
    for pid in "abc":
        books.progress.record("one", pid, 2)
    assert shelf.next_unsolved() == (1, 0) and shelf.selected == 1
    assert shelf.pack_line(books.packs[0]) == "3/3 solved   6/9 stars"
    books.progress.record("two", "d", 3)
    books.progress.record("two", "e", 1)
    assert shelf.next_unsolved() is None
    assert after([0, 2], 0) == 2 and after([0, 2], 2) is None and after([0, 2], 1) is None
    assert puzzle_title(books.packs[1], 1) == "Second 2/2"


def test_the_lines_say_the_rating_a_card_and_the_packs_that_did_not_load():
    books = library()
    shelf = PuzzleShelf(books)
    assert "(still settling)" in shelf.about_text()
    books.progress.rating = Rating(1234.4, 60.0)
    books.progress.best = {"rush": 12}
    assert shelf.about_text().startswith("Your puzzle rating: 1234.")
    assert shelf.about_text().endswith("Flip Rush best 12, Streak best 0")
    shelf.next_theme()
    assert shelf.card_said(1).startswith("Puzzle 3, rated 900")  # the pack's third
    books.problems = [
        Problem("C:\\packs\\bad.json", None, None, "not JSON"),
        Problem("packs/ok.json", "p7", "fen", "a bad position"),  # one puzzle: said elsewhere
    ]
    assert shelf.problem_lines() == ["bad.json did not load: not JSON"]


def test_no_packs_no_choices():
    shelf = PuzzleShelf(Library([]))
    shelf.next_theme()
    assert shelf.pack is None and shelf.visible == [] and shelf.pack_said() == ""
    assert not shelf.can_choose_theme() and shelf.next_unsolved() is None
