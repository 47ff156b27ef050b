"""Tournament standings and pairings, without a server: worked examples, then
hypothesis's random tournaments against the rules (no repeat, everyone paired
once a round or given the bye, colours within one where possible)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.tournament_pairing import (
    History,
    arena_pairs,
    colours,
    histories,
    swiss_pairs,
)
from game.online.tournament_rules import (
    Entrant,
    Played,
    arena_standings,
    half,
    swiss_scores,
    swiss_standings,
)


def entrants(*names: str) -> list[Entrant]:
    return [Entrant(n, n.title(), 1500.0 - i, order=i) for i, n in enumerate(names)]


def test_arena_doubles_points_after_two_wins_until_a_game_is_not_won():
    games = [
        Played("g1", "ann", "bob", "red", ended=1, started=1),
        Played("g2", "cat", "ann", "blue", ended=2, started=2),
        Played("g3", "ann", "bob", "red", ended=3, started=3),  # on fire: 4
        Played("g4", "ann", "cat", "draw", ended=4, started=4),  # on fire: a draw is 2, and ends it
        Played("g5", "ann", "bob", "red", ended=5, started=5),  # 2 again
    ]
    rows = {r.id: r for r in arena_standings(entrants("ann", "bob", "cat"), games)}
    assert rows["ann"].sheet == ["2", "2", "4", "2", "2"]
    assert rows["ann"].points == 12 and rows["ann"].wins == 4 and not rows["ann"].fire
    assert rows["cat"].points == 1 and rows["bob"].points == 0
    assert [r.rank for r in arena_standings(entrants("ann", "bob", "cat"), games)] == [1, 2, 3]


def test_arena_counts_no_aborted_or_unfinished_game():
    games = [
        Played("g1", "ann", "bob", "red", ended=1, started=1),
        Played("g3", "ann", "bob", "aborted", ended=2, started=2),
        Played("g4", "ann", "bob", None),
    ]
    rows = {r.id: r for r in arena_standings(entrants("ann", "bob"), games)}
    assert rows["ann"].points == 2 and rows["ann"].games == 1


def test_arena_ranks_on_fire_streaks_and_ties_by_wins_then_rating():
    games = [
        Played("g1", "bob", "cat", "red", ended=1, started=1),
        Played("g2", "bob", "dan", "red", ended=2, started=2),
        Played("g3", "ann", "cat", "draw", ended=3, started=3),
        Played("g4", "ann", "dan", "draw", ended=4, started=4),
    ]
    rows = arena_standings(entrants("ann", "bob", "cat", "dan"), games)
    assert [r.id for r in rows] == ["bob", "ann", "cat", "dan"]
    assert rows[0].fire and rows[0].points == 4 and rows[1].points == 2


def test_swiss_tie_breaks_are_buchholz_then_sonneborn_berger():
    # Round 1: ann beats bob, cat draws dan; round 2: ann draws cat, dan beats bob.
    games = [
        Played("1", "ann", "bob", "red", round=1),
        Played("2", "cat", "dan", "draw", round=1),
        Played("3", "ann", "cat", "draw", round=2),
        Played("4", "dan", "bob", "red", round=2),
    ]
    rows = swiss_standings(entrants("ann", "bob", "cat", "dan", "eve"), games, [(1, "eve")])
    by = {r.id: r for r in rows}
    assert by["ann"].points == 1.5 and by["dan"].points == 1.5 and by["cat"].points == 1.0
    assert by["eve"].points == 1.0 and by["eve"].sheet == ["bye", "-"]
    # Buchholz: ann met bob (0) and cat (1) = 1; dan met cat (1) and bob (0) = 1.
    assert by["ann"].buchholz == by["dan"].buchholz == 1.0
    # Sonneborn-Berger: ann 1*0 + 0.5*1 = 0.5; dan 0.5*1 + 1*0 = 0.5; then rating.
    assert by["ann"].sonneborn == by["dan"].sonneborn == 0.5
    assert [r.id for r in rows][:2] == ["ann", "dan"]
    # cat (Buchholz 3) is ahead of eve (a bye adds nothing): 1 point each.
    assert rows.index(by["cat"]) < rows.index(by["eve"])
    assert half(2.5) == "2½" and half(0.5) == "½" and half(3.0) == "3"


def test_arena_pairs_the_nearest_ranked_but_not_the_last_opponent_again():
    last = {"a": "b", "b": "a"}
    assert arena_pairs(["a", "b", "c", "d"], last, True) == [("a", "c"), ("b", "d")]
    # Only the two of them, and others still play: they wait for somebody new.
    assert arena_pairs(["a", "b"], last, True) == []
    # Nobody else will come: they meet again rather than wait for ever.
    assert arena_pairs(["a", "b"], last, False) == [("a", "b")]


def test_swiss_first_round_is_top_half_against_bottom_half():
    players = [f"p{i}" for i in range(8)]
    rating = {p: 2000.0 - 10 * i for i, p in enumerate(players)}
    rnd = swiss_pairs(players, {}, rating, {})
    assert rnd is not None and rnd.bye is None
    met = sorted(tuple(sorted(p)) for p in rnd.pairs)
    assert met == [("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7")]


def test_the_swiss_bye_goes_to_the_lowest_ranked_who_had_none():
    players = ["a", "b", "c"]
    rating = {"a": 3.0, "b": 2.0, "c": 1.0}
    first = swiss_pairs(players, {}, rating, {})
    assert first is not None and first.bye == "c"
    hist = {"c": History(had_bye=True), "a": History(frozenset("b")), "b": History(frozenset("a"))}
    second = swiss_pairs(players, {"a": 1, "b": 0, "c": 1}, rating, hist)
    assert second is not None and second.bye == "b"


def test_colours_go_to_whoever_had_the_other_more_often_then_alternate():
    hist = {"a": History(balance=1, last=0), "b": History(balance=0, last=1)}
    assert colours("a", "b", hist) == ("b", "a")
    hist = {"a": History(balance=0, last=1), "b": History(balance=0, last=0)}
    assert colours("a", "b", hist) == ("a", "b")
    assert colours("a", "b", {}) == ("a", "b")


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 17),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 2**32),
    absent=st.floats(0.0, 0.3),
)
def test_random_swiss_tournaments_keep_the_pairing_rules(n, rounds, seed, absent):
    rng = random.Random(seed)
    players = [f"p{i:02d}" for i in range(n)]
    rating = {p: rng.uniform(1000, 2000) for p in players}
    games: list[Played] = []
    byes: list[tuple[int, str]] = []
    relaxed = False  # colours once let go two apart stay so
    for r in range(1, rounds + 1):
        present = [p for p in players if rng.random() >= absent] if r > 1 else players
        hist = histories(games, byes)
        rnd = swiss_pairs(present, swiss_scores(games, byes), rating, hist)
        if rnd is None:
            # Only where so many rounds went by that no fresh opponent is left for
            # somebody: up to n/2 rounds a pairing always exists (Dirac).
            assert r - 1 > len(present) // 2 - 1, (r, len(present))
            break
        seen = [p for pair in rnd.pairs for p in pair] + ([rnd.bye] if rnd.bye else [])
        assert sorted(seen) == sorted(present)  # each once, paired or given the bye
        assert (rnd.bye is not None) == (len(present) % 2 == 1)
        if rnd.bye is not None and any(not hist.get(p, History()).had_bye for p in present):
            assert not hist.get(rnd.bye, History()).had_bye
        for red, blue in rnd.pairs:
            assert blue not in hist.get(red, History()).opponents  # no repeat
            games.append(
                Played(f"{r}-{red}", red, blue, rng.choice(["red", "blue", "draw"]), round=r)
            )
        if rnd.bye:
            byes.append((r, rnd.bye))
        relaxed = relaxed or rnd.relaxed
        if not relaxed:
            after = histories(games, byes)
            assert all(abs(h.balance) <= 1 for h in after.values() if h.opponents)
    rows = swiss_standings(
        [Entrant(p, p, rating[p], i) for i, p in enumerate(players)], games, byes
    )
    total = sum(r.points for r in rows)
    assert total == sum(1 for g in games if g.counts) + len(byes)
    assert [r.rank for r in rows] == list(range(1, n + 1))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 20), seed=st.integers(0, 2**32))
def test_arena_pairs_each_waiting_player_at_most_once_and_never_the_last_opponent(n, seed):
    rng = random.Random(seed)
    waiting = [f"p{i}" for i in range(n)]
    last = {}
    for p in waiting:
        if rng.random() < 0.7:
            last[p] = rng.choice(waiting)
    playing = rng.random() < 0.5
    pairs = arena_pairs(waiting, last, playing)
    flat = [p for pair in pairs for p in pair]
    assert len(flat) == len(set(flat)) and set(flat) <= set(waiting)
    rematches = [(a, b) for a, b in pairs if last.get(a) == b or last.get(b) == a]
    assert not rematches or (not playing and n == 2)
    # Whoever is left has nobody new to meet among those left.
    left = [p for p in waiting if p not in flat]
    for i, p in enumerate(left):
        for q in left[i + 1 :]:
            assert last.get(p) == q or last.get(q) == p
