import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.baselines import greedy_turn, random_turn
from game.ai.evaluate import evaluate, leaf
from game.ai.levels import LEVELS, LONG_SECONDS, choose_turn, level, softmax_pick
from game.ai.ordering import HISTORY_AFTER_SIZE, HISTORY_FIRST
from game.ai.search import Budget, Searcher
from game.ai.solver import margin, solve
from game.rules import PASS, Board

from ..strategies import random_play
from .brute import brute_margin, minimax, turn_margins
from .scale import scaled

ROOT = Path(__file__).resolve().parents[2]

# Endings where brute force finds exactly one winning turn (the test re-proves it).
ONLY_WIN = [
    "RBBR/B1BBR/RRRRRR/R1BBRBR/R1RRRR/BRRBB/BRBB b",
    "R1BR/1RRBB/RBB1BB/BBB1RRB/BBBRRB/RRRRB/RRRB r",
    "RRRB/BRRRR/BBRBRB/BBBRBBR/RRB1BB/BBRBR/BRR1 b",
    "BBBB/RRRBB/RRRBBB/BBRBBRB/RB1RBR/RRRR1/RBR1 r",
]


def sample_positions(count, seed, sides=(4, 5)):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice(sides)
        p = random_play(n, rng, rng.randrange(0, 3 * n * n * 2))
        if Board(p).legal_turns():
            out.append(p)
    return out


@pytest.mark.parametrize("name", list(LEVELS))
def test_every_level_plays_only_legal_turns(name):
    lvl = LEVELS[name]
    rng = random.Random(7)
    searcher = Searcher()
    # asserts-in-branch: sample_positions(n, ...) gives n positions
    for p in sample_positions(scaled(10, 3), hash(name) % 1000):
        board = Board(p)
        turn = choose_turn(board, lvl, rng, searcher=searcher, seconds=0.05)
        assert turn is not None
        board.check(turn)  # raises if illegal


def test_baselines_play_legal_turns_and_greedy_takes_most():
    rng = random.Random(3)
    # asserts-in-branch: sample_positions(n, ...) gives n positions
    for p in sample_positions(15, 11):
        board = Board(p)
        board.check(random_turn(board, rng))
        g = greedy_turn(board, rng)
        board.check(g)
        me = board.mover

        def gain(t, board=board, me=me):
            board.push(t)
            v = board.count(me) - board.count(me.other)
            board.pop()
            return v

        assert gain(g) == max(gain(t) for t in board.legal_turns())


def small_endings(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = Board(size=rng.choice([3, 4]))
        target = rng.choice([1, 2, 3])
        while b.legal_turns() and b.geometry.cells - b.count(0) - b.count(1) > target:
            b.push(rng.choice(b.legal_turns()))
        if b.legal_turns():
            out.append(Board(b.mfen()))
    return out


def test_solver_agrees_with_brute_force():
    # asserts-in-branch: small_endings(n, ...) gives n endings
    for board in small_endings(scaled(20, 5), 5):
        result = solve(board, all_scores=True)
        assert result is not None
        assert margin(result.score) == brute_margin(board.copy()), board.mfen()
        by_turn = turn_margins(board.copy())
        assert {t: margin(s) for t, s in result.scores.items()} == by_turn


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 7, 10, 16])
def test_a_solve_after_searches_in_the_same_game_stays_exact(seed):
    """In a game the searcher keeps its table from move to move; the exact solve
    must not take the heuristic scores earlier, shallower searches left there.
    (These seeds give endings where it once did.)"""
    rng = random.Random(seed)
    board = Board(size=4)
    while board.geometry.cells - board.count(0) - board.count(1) > 9:
        board.push(random_turn(board, rng))
    searcher = Searcher()
    found = searcher.search(board, Budget(max_depth=5, nodes=50_000), solve=False)
    board.push(found.turn)
    board.push(board.legal_turns()[0])  # two turns on, as in a game
    assert board.geometry.cells - board.count(0) - board.count(1) <= 8
    shared = searcher.search(board, Budget())
    assert shared.exact
    assert shared.score == solve(board).score, board.mfen()


@pytest.mark.parametrize("mfen", ONLY_WIN[: scaled(4, 1)])
def test_finds_the_only_winning_turn(mfen):
    board = Board(mfen)
    margins = turn_margins(board.copy())
    winners = [t for t, v in margins.items() if v > 0]
    assert len(winners) == 1 and len(margins) >= 4  # the fixture really is a puzzle
    assert choose_turn(board, level("Master"), random.Random(1), seconds=2.0) == winners[0]
    assert choose_turn(board, level("Veteran"), random.Random(1), seconds=1.0) == winners[0]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_scores_equal_plain_minimax_at_the_same_depth(depth):
    """Pruning, the table, move ordering and the cheap leaf test (leaves are
    evaluated without listing their turns) change how fast, never what is found."""
    # asserts-in-branch: sample_positions(n, ...) gives n positions
    for mfen in sample_positions(scaled(12, 4), 40 + depth, sides=(3, 4)):
        board = Board(mfen)
        found = Searcher().negamax(board.copy(), depth, -(10**9), 10**9, False)
        assert found == minimax(board.copy(), depth), mfen


def test_the_leaf_test_sees_exactly_the_positions_without_a_turn():
    rng = random.Random(5)
    seen = set()
    for mfen in sample_positions(60, 9, sides=(2, 3, 4)):
        board = Board(mfen)
        while True:
            turns = board.legal_turns()
            stuck = not turns or turns[0] is PASS
            score = leaf(board)
            assert (score is None) == stuck, board.mfen()
            if score is not None:
                assert score == evaluate(board)
            seen.add(stuck)
            if not turns:
                break
            board.push(rng.choice(turns))
    assert seen == {True, False}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_ties_are_exactly_the_turns_as_good_as_the_best(depth):
    chosen = 0
    for mfen in sample_positions(8, 70 + depth, sides=(3, 4)):
        board = Board(mfen)
        if len(board.legal_turns()) < 2:
            continue  # nothing to choose: the search answers at once
        chosen += 1
        budget = Budget(max_depth=depth)
        found = Searcher().search(board, budget, solve=False, ties=True)
        every = Searcher().search(board, Budget(max_depth=depth), solve=False, all_scores=True)
        best = max(every.scores.values())
        assert found.score == best
        assert found.turn == found.ties[0]
        assert set(found.ties) == {t for t, v in every.scores.items() if v == best}, mfen
    assert chosen >= 4  # most sampled positions offer a choice


def test_master_and_veteran_vary_among_equally_good_turns_only():
    board = Board(size=4)  # the empty board: its symmetries give many equal turns
    every = Searcher().search(board, Budget(max_depth=2), solve=False, all_scores=True)
    best = {t for t, v in every.scores.items() if v == max(every.scores.values())}
    assert len(best) > 1
    for name in ("Master", "Veteran"):
        picked = {
            choose_turn(board, level(name), random.Random(seed), nodes=3000) for seed in range(8)
        }
        assert len(picked) > 1, name
        # The same seed plays the same game.
        again = choose_turn(board, level(name), random.Random(3), nodes=3000)
        assert again == choose_turn(board, level(name), random.Random(3), nodes=3000)
    deep = Searcher().search(board, Budget(nodes=3000), solve=False, ties=True)
    assert deep.ties and all(t in board.legal_turns() for t in deep.ties)
    # The lower levels already vary by their noise; only the noise-free ones tie-break.
    for lv in LEVELS.values():
        assert lv.vary == (lv.temperature == 0 and lv.blunder == 0), lv.name


def test_search_respects_node_budget_and_depth_cap():
    board = Board(sample_positions(1, 3, sides=(5,))[0])
    result = Searcher().search(board, Budget(nodes=500), solve=False)
    assert result.turn in board.legal_turns()
    assert result.nodes <= 501
    capped = Searcher().search(board, Budget(seconds=5, max_depth=1), solve=False)
    assert capped.depth == 1


def test_level_names_and_budgets():
    assert [v.name for v in LEVELS.values()] == [
        "Beginner", "Casual", "Apprentice", "Hobbyist", "Club", "Contender",
        "Challenger", "Expert", "Veteran", "Elite", "Virtuoso", "Master",
    ]  # fmt: skip
    ratings = [v.elo for v in LEVELS.values()]
    assert ratings == sorted(ratings), "weakest first, as New match's stepper climbs"
    assert level(" master ").name == "Master"
    with pytest.raises(ValueError, match="choose one of Beginner"):
        level("grandmaster")
    # A wait within 1 s on every side; the long setting's time grows with the board.
    master = level("Master")
    assert master.budget(Board(size=5)) == master.budget(Board(size=8)) == 0.85
    assert master.budget(Board(size=5), LONG_SECONDS) == 1.85
    assert 1.85 < master.budget(Board(size=8), LONG_SECONDS) < 4.0
    assert level("Challenger").budget(Board(size=5)) < level("Challenger").budget(Board(size=8))


def test_softmax_prefers_better_turns():
    t = Board(size=3).legal_turns()[:2]
    rng = random.Random(0)
    picks = [softmax_pick({t[0]: 300, t[1]: 0}, 100, rng) for _ in range(400)]
    assert 0.85 < picks.count(t[0]) / 400 < 0.99  # e^3 : 1, about 95%


def test_command_line_engine():
    proc = subprocess.run(
        [sys.executable, "-m", "game.ai", "--level", "Casual", "--movetime", "0.05"],
        input="3/4/5/4/3 r\nnot a position\nBR/BRR/RR r\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    first, bad, over = proc.stdout.splitlines()
    assert Board("3/4/5/4/3 r").parse_turn(first) in Board("3/4/5/4/3 r").legal_turns()
    assert bad.startswith("error: ") and "side to move" in bad
    assert over == "error: the game is over"
    refused = subprocess.run(
        [sys.executable, "-m", "game.ai", "--level", "Wizard"],
        input="",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert refused.returncode == 2 and "choose one of" in refused.stderr


def test_analyse_judges_turns_exactly_in_endings_and_explains_bad_lines():
    import json
    import subprocess
    import sys
    from pathlib import Path

    chain = "BBRR/RBBBR/BBRBBB/RRBBRBB/2RBBB/BBBBR/RBRB r"
    lines = [
        f"{chain}\txc4xc5",  # a planted blunder: e1 is better by 4 tiles
        f"{chain}\te1",
        "5/6/7/8/9/8/7/6/5 r\te5",  # an opening: judged by the evaluation
        "5/6/7/8/9/8/7/6/5 r\tzz9",
        "BR/BRR/RR r\tpass",
        "",
    ]
    proc = subprocess.run(
        # Room for the exact solve of the small ending on a busy machine.
        [sys.executable, "-m", "game.ai", "analyse", "--movetime", "2"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
        check=True,
    )
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[0] == {"best": "e1", "loss": 4.0, "label": "blunder", "exact": True}
    assert out[1]["label"] == "best" and out[1]["loss"] == 0 and out[1]["exact"]
    assert out[2]["exact"] is False and out[2]["label"] in {"best", "good", "inaccuracy"}
    assert "zz9" in out[3]["error"] and "over" in out[4]["error"] and "empty" in out[5]["error"]


@pytest.mark.parametrize(
    ("flags", "terms"),
    [
        ([], (False, False, 0)),
        (["--pvs"], (True, False, 0)),
        (["--killers", "--history", "size"], (False, True, HISTORY_AFTER_SIZE)),
        (["--pvs", "--history", "first"], (True, False, HISTORY_FIRST)),
        # Master's own ordering on side 5, unless told otherwise.
        (["--level", "Master"], (False, True, HISTORY_AFTER_SIZE)),
        (["--level", "Master", "--history", "off"], (False, False, 0)),
    ],
)
def test_the_command_line_engine_searches_with_its_options_when_asked(monkeypatch, flags, terms):
    """Issue 53: ``--pvs``, ``--killers`` and ``--history`` give the
    command-line engine (which ``benchmarks/versus_v01.py --new-pvs``,
    ``--new-killers`` and ``--new-history`` pit against today's Master)
    principal-variation search and better move ordering, and it still answers
    a legal turn. Without them a level searches with its own ordering (Master
    with killers and history, as its games at equal time chose)."""
    from game.ai import cli

    made: list[cli.Searcher] = []

    class Kept(cli.Searcher):
        def __init__(self, **terms):
            super().__init__(**terms)
            made.append(self)

    answers: list[str] = []

    def serve(answer, error, refused):
        answers.append(answer("5/6/7/8/9/8/7/6/5 r\n"))
        return 0

    monkeypatch.setattr(cli, "Searcher", Kept)
    monkeypatch.setattr(cli, "serve", serve)
    assert cli.main(["--level", "Club", "--movetime", "0.05", *flags]) == 0
    assert [(s.pvs, s.ordering.killers, s.ordering.history) for s in made] == [terms]
    if made[0].fast is not None:  # and the compiled search has them too
        assert (made[0].fast.pvs, made[0].fast.killers, made[0].fast.history) == terms
    board = Board("5/6/7/8/9/8/7/6/5 r")
    assert board.parse_turn(answers[0]) in board.legal_turns()


def test_a_history_order_that_is_not_one_is_refused():
    with pytest.raises(ValueError, match="history is 0"):
        Searcher(history=3)
