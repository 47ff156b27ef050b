"""Themes: found again from each shipped puzzle's position and solution, each
rule on its own, and the names players see."""

from dataclasses import replace

from game.puzzles.grade import Features
from game.puzzles.themes import THEME_NAMES, detect, from_features, in_order, theme_name


def test_every_shipped_puzzles_themes_follow_from_its_position_and_solution(shipped):
    seen = set()
    for pack in shipped:
        for p in pack.puzzles:
            assert detect(p.fen, p.solution, p.goal) == p.themes, p.id
            seen |= set(p.themes)
    assert seen <= set(THEME_NAMES) and len(seen) >= 5


PLAIN = Features(
    side=5,
    first_flips=3,
    outcomes=3,
    good_firsts=2,
    chain=3,
    runner_up=2,
    order_matters=False,
    greedy_misses=False,
    turns=20,
    empties=4,
)


def test_each_rule_alone():
    assert from_features("most", PLAIN) == ()
    assert from_features("win", PLAIN) == ("endgame",)
    cases = {
        "order-matters": replace(PLAIN, order_matters=True),
        "greedy-trap": replace(PLAIN, greedy_misses=True),
        "one-way-in": replace(PLAIN, good_firsts=1),
        "long-chain": replace(PLAIN, chain=6),
        "full-board": replace(PLAIN, empties=0),
    }
    for theme, f in cases.items():
        assert from_features("most", f) == (theme,)
    assert from_features("most", replace(PLAIN, chain=5)) == ()
    assert from_features("most", replace(PLAIN, good_firsts=1, first_flips=1)) == ()
    assert from_features("most", replace(PLAIN, not_biggest=True)) == ()
    assert from_features("win", replace(PLAIN, not_biggest=True)) == ("endgame", "less-is-more")


def test_a_win_by_placing_is_a_quiet_placement_and_nothing_else():
    quiet = replace(PLAIN, chain=0, good_firsts=0, greedy_misses=True, not_biggest=True)
    assert from_features("win", quiet) == ("endgame", "quiet-placement")
    # Found from the position: the only winning turn is the placement a1.
    fen = "1B1B/RRRBR/RB2RR/BRRBRRR/RBRBRB/BR1BB/BRRB b"
    assert detect(fen, "a1", "win") == ("endgame", "quiet-placement")
    assert theme_name("quiet-placement") == "Quiet placement"


def test_names_and_order_for_players():
    assert theme_name("greedy-trap") == "Greedy trap"
    assert theme_name("new-idea") == "New idea"
    assert in_order({"full-board", "zebra", "endgame"}) == ["endgame", "full-board", "zebra"]
