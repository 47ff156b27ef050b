"""Find puzzles in engine self-play.

Games are played between mixed players on sides 4 to 7, drawn with weights
from the random baseline and the lower AI levels. Strong play rarely leaves a
long chain on the board (measured: in Club-and-up games fewer than 1% of
positions offer a 3-tile flip, in random play 9%), so weak play, the way new
players play, is where multi-flips come from. The AI levels
run on node budgets, so each game replays exactly from its seed (a puzzle's
``source`` names the game and the turn). Before every turn the position is
tried as a "most" puzzle (a unique largest flip that is worth finding) and,
near the end, as a "win" puzzle (one winning turn, a flip, proved by the exact
solver). Positions that are the same under the board's symmetries or with the
colours swapped are kept once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from game.ai.baselines import random_turn
from game.ai.levels import LEVELS, choose_turn
from game.ai.search import Searcher
from game.ai.solver import margin
from game.rules import RED, Board, Turn

from .grade import Features, features, rate
from .pack import Puzzle
from .solve import Unsolved, analyse_flips, exact_score, winning_turns

PLAYERS = {"random": 4, "beginner": 2, "casual": 1, "club": 1}
SIDES = (4, 5, 6, 7)
GAME_NODES = 3000  # per AI turn: quick, and the same on any machine
WIN_EMPTIES = 6  # win candidates: endings small enough to prove in well under a second
MINE_WIN_NODES = 30_000


@dataclass(frozen=True)
class Game:
    seed: int
    number: int
    side: int
    red: str
    blue: str

    @property
    def label(self) -> str:
        red, blue = self.red.title(), self.blue.title()
        return f"self-play seed {self.seed} game {self.number}: side {self.side}, {red} v {blue}"


def games(seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    names, weights = list(PLAYERS), list(PLAYERS.values())
    return [
        Game(seed, n, rng.choice(SIDES), *rng.choices(names, weights, k=2))
        for n in range(1, count + 1)
    ]


def replay(game: Game) -> Iterator[tuple[int, Board]]:
    """The positions of ``game``, before each turn, numbered from 1."""
    rng = random.Random(game.seed * 1_000_003 + game.number)
    board = Board(size=game.side)
    searchers = {"r": Searcher(), "b": Searcher()}
    number = 1
    while not board.is_game_over():
        yield number, board.copy()
        who = game.red if board.mover is RED else game.blue
        if who == "random":
            turn = random_turn(board, rng)
        else:
            searcher = searchers[board.mover.letter.lower()]
            turn = choose_turn(board, LEVELS[who], rng, searcher=searcher, nodes=GAME_NODES)
        assert turn is not None
        board.push(turn)
        number += 1


def most_candidate(board: Board) -> tuple[Turn, dict] | None:
    """The position as a "flip the most tiles" puzzle, if it makes a good one."""
    flips = analyse_flips(board)
    top = flips.largest()
    if len(top) != 1 or flips.best < 2 or len(flips.outcomes) < 3:
        return None
    answer = top[0]
    f = features(board, flips, answer)
    if not (f.order_matters or f.greedy_misses or f.good_firsts < f.first_flips):
        return None  # any start and any order would do: nothing to find
    return Turn.flip(flips.outcomes[answer]), f.as_dict()


def win_candidate(board: Board) -> tuple[Turn, dict, int] | None:
    """The position as a "move and win" puzzle, if exactly one turn wins and it is
    a flip, among several turns to choose from."""
    f_count = len(board.legal_first_flips())
    if f_count < 1 or len(board.legal_turns()) < 3:
        return None
    empties = (
        board.geometry.cells - len(board.tiles(board.mover)) - len(board.tiles(board.mover.other))
    )
    if empties > WIN_EMPTIES:
        return None
    try:
        winners = winning_turns(board, MINE_WIN_NODES, 2)
        if len(winners) != 1 or not winners[0].is_flip:
            return None
        answer = winners[0]
        score = exact_score(board, answer, MINE_WIN_NODES)
    except Unsolved:
        return None
    flips = analyse_flips(board)
    f = features(board, flips, frozenset(answer.cells))
    return answer, f.as_dict(), score


def mine_game(game: Game) -> list[Puzzle]:
    """Every puzzle found in one game (not yet deduplicated across games)."""
    found: list[Puzzle] = []
    for number, board in replay(game):
        if not board.legal_first_flips():
            continue
        source = f"{game.label}, before turn {number}"
        for goal in ("win", "most"):
            if goal == "win":
                got = win_candidate(board)
                if got is None:
                    continue
                turn, feats, score = got
                extra = {"margin": margin(score), "best": len(turn.cells)}
            else:
                got2 = most_candidate(board)
                if got2 is None:
                    continue
                turn, feats = got2
                extra = {"best": len(turn.cells), "runner_up": feats["runner_up"]}
            f = Features(**feats)
            found.append(
                Puzzle(
                    id=f"s{game.seed}-g{game.number}-t{number}-{goal}",
                    fen=board.mfen(),
                    goal=goal,
                    solution=board.notation(turn),
                    rating=rate(goal, f),
                    themes=themes(goal, f),
                    source=source,
                    features=feats,
                    **extra,
                )
            )
    return found


def themes(goal: str, f: Features) -> tuple[str, ...]:
    """Words a player can filter by, from the features."""
    out = ["endgame"] if goal == "win" else []
    if f.order_matters:
        out.append("order-matters")
    if f.greedy_misses:
        out.append("greedy-trap")
    if f.good_firsts == 1 and f.first_flips > 1:
        out.append("one-way-in")
    if f.chain >= 6:
        out.append("long-chain")
    if goal == "win" and f.not_biggest:
        out.append("less-is-more")
    if f.empties == 0:
        out.append("full-board")
    return tuple(out)


def dedupe(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Keep the first puzzle of each position up to symmetry and colour swap."""
    seen: set[str] = set()
    out = []
    for p in puzzles:
        key = Board(p.fen).position().canonical().mfen()
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def mine(
    seed: int,
    count: int,
    workers: int = 1,
    every: Callable[[int, list[Puzzle]], None] | None = None,
) -> list[Puzzle]:
    """Puzzles from ``count`` self-play games, deduplicated, easiest first.
    ``every(games_done, puzzles_so_far)`` is called as games finish, so a long
    run can report and keep what it has."""
    todo = games(seed, count)
    found: list[Puzzle] = []
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        batches = pool.map(mine_game, todo, chunksize=1) if pool else map(mine_game, todo)
        for done, batch in enumerate(batches, 1):
            found = dedupe(found + batch)
            if every is not None:
                every(done, sorted(found, key=lambda p: (p.rating, p.id)))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return sorted(found, key=lambda p: (p.rating, p.id))
