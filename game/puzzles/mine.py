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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.ai.baselines import random_turn
from game.ai.evaluate import CLASSIC
from game.ai.first_levels import FIRST_LEVELS
from game.ai.levels import choose_turn
from game.ai.search import Searcher
from game.ai.solver import margin
from game.rules import RED, Board, Turn

from .grade import Features, features, rate
from .pack import Puzzle
from .solve import Unsolved, analyse_flips, exact_score, winning_turns
from .themes import from_features

PLAYERS = {"random": 4, "beginner": 2, "casual": 1, "club": 1}
SIDES = (4, 5, 6, 7)
GAME_NODES = 3000  # per AI turn: quick, and the same on any machine
WIN_EMPTIES = 6  # win candidates: endings small enough to prove in well under a second
#: Plan v2's bigger boards reach few endings that small with one winning flip:
#: nine empty cells found five times as many in its weak games, at 2 s a game more.
WIN_EMPTIES_V2 = 9
MINE_WIN_NODES = 30_000

#: The second plan (``v2``): sides 4 to 8, and a share of games between the
#: stronger levels, searching ten times deeper, whose puzzles are positions a
#: real opponent would reach. The first plan stays as it was, so that the
#: sources of the puzzles mined with it still replay.
V2_SIDES = {4: 2, 5: 3, 6: 3, 7: 2, 8: 2}
STRONG_SHARE = 0.3
STRONG_PLAYERS = {"club": 1, "expert": 2, "master": 2}
STRONG_NODES = 10_000
#: The third plan (``v3``) is for endings: Beginner, who plays a plausible
#: game but misjudges the end, against itself or the random baseline. Measured
#: on 15 games a pairing, Beginner against Beginner left a position with one
#: winning turn in two games of three on sides 4 to 6, ten times as often as
#: the games between the stronger levels.
V3_SIDES = {4: 3, 5: 3, 6: 2, 7: 1, 8: 1}
V3_PLAYERS = {"beginner": 3, "random": 1}
PLANS = ("v1", "v2", "v3")


@dataclass(frozen=True)
class Game:
    seed: int
    number: int
    side: int
    red: str
    blue: str
    nodes: int = GAME_NODES
    plan: str = "v1"

    @property
    def strong(self) -> bool:
        return self.nodes > GAME_NODES

    @property
    def label(self) -> str:
        red, blue = self.red.title(), self.blue.title()
        plan = "" if self.plan == "v1" else f"{self.plan} "
        strong = " (strong play)" if self.strong else ""
        return (
            f"self-play {plan}seed {self.seed} game {self.number}: "
            f"side {self.side}, {red} v {blue}{strong}"
        )

    @property
    def prefix(self) -> str:
        """How the ids of its puzzles start."""
        plan = "" if self.plan == "v1" else self.plan
        return f"{plan}s{self.seed}-g{self.number}"


def _pair(rng: random.Random, names: Sequence[str], weights: Sequence[float]) -> tuple[str, str]:
    """Red and Blue, drawn by ``weights``."""
    red, blue = rng.choices(names, weights, k=2)
    return red, blue


def games(seed: int, count: int, plan: str = "v1") -> list[Game]:
    """The self-play games numbered 1 to ``count`` of ``seed`` under ``plan``."""
    rng = random.Random(seed)
    names, weights = list(PLAYERS), list(PLAYERS.values())
    if plan == "v1":
        return [
            Game(seed, n, rng.choice(SIDES), *_pair(rng, names, weights))
            for n in range(1, count + 1)
        ]
    if plan not in PLANS:
        raise ValueError(f"no mining plan called {plan!r}; choose from {', '.join(PLANS)}")
    if plan == "v3":
        sides, side_w = list(V3_SIDES), list(V3_SIDES.values())
        names, weights = list(V3_PLAYERS), list(V3_PLAYERS.values())
        return [
            Game(seed, n, rng.choices(sides, side_w)[0], *_pair(rng, names, weights), plan=plan)
            for n in range(1, count + 1)
        ]
    sides, side_w = list(V2_SIDES), list(V2_SIDES.values())
    strong_names, strong_w = list(STRONG_PLAYERS), list(STRONG_PLAYERS.values())
    out = []
    for n in range(1, count + 1):
        side = rng.choices(sides, side_w)[0]
        if rng.random() < STRONG_SHARE:
            red, blue = rng.choices(strong_names, strong_w, k=2)
            out.append(Game(seed, n, side, red, blue, STRONG_NODES, plan))
        else:
            red, blue = rng.choices(names, weights, k=2)
            out.append(Game(seed, n, side, red, blue, GAME_NODES, plan))
    return out


def game_of(source: str) -> tuple[Game, int]:
    """The game and the turn a puzzle's ``source`` names (as :attr:`Game.label`
    and "before turn N" write them). Raises :class:`ValueError` if it names none."""
    words = source.replace(":", "").replace(",", "").split()
    try:
        plan = words[1] if words[1] in PLANS else "v1"
        at = words.index("seed")
        seed, number = int(words[at + 1]), int(words[at + 3])
        turn = int(words[-1])
    except (IndexError, ValueError):
        raise ValueError(f"not a self-play source: {source[:60]!r}") from None
    return games(seed, number, plan)[-1], turn


def replay(game: Game) -> Iterator[tuple[int, Board]]:
    """The positions of ``game``, before each turn, numbered from 1."""
    rng = random.Random(game.seed * 1_000_003 + game.number)
    board = Board(size=game.side)
    # The games were played with the classic evaluation: they replay with it.
    searchers = {"r": Searcher(weights=CLASSIC), "b": Searcher(weights=CLASSIC)}
    number = 1
    while not board.is_game_over():
        yield number, board.copy()
        who = game.red if board.mover is RED else game.blue
        if who == "random":
            turn = random_turn(board, rng)
        else:
            searcher = searchers[board.mover.letter.lower()]
            turn = choose_turn(
                board,
                FIRST_LEVELS[who],
                rng,
                searcher=searcher,
                nodes=game.nodes,
                weights=CLASSIC,
                exact_from=0,
            )
        assert turn is not None
        board.push(turn)
        number += 1


def most_candidate(board: Board) -> tuple[Turn, dict[str, Any]] | None:
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


def win_candidate(
    board: Board, most_empties: int = WIN_EMPTIES, placements: bool = False
) -> tuple[Turn, dict[str, Any], int] | None:
    """The position as a "move and win" puzzle, if exactly one turn wins and it is
    a flip (or, with ``placements``, a placement while flips tempt), among several
    turns to choose from."""
    f_count = len(board.legal_first_flips())
    if f_count < 1 or len(board.legal_turns()) < 3:
        return None
    empties = (
        board.geometry.cells - len(board.tiles(board.mover)) - len(board.tiles(board.mover.other))
    )
    if empties > most_empties:
        return None
    try:
        winners = winning_turns(board, MINE_WIN_NODES, 2)
        if len(winners) != 1 or not (placements or winners[0].is_flip):
            return None
        answer = winners[0]
        score = exact_score(board, answer, MINE_WIN_NODES)
    except Unsolved:
        return None
    flips = analyse_flips(board)
    f = features(board, flips, frozenset(answer.cells) if answer.is_flip else frozenset())
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
                got = (
                    win_candidate(board)
                    if game.plan == "v1"
                    else win_candidate(board, WIN_EMPTIES_V2, placements=True)
                )
                if got is None:
                    continue
                turn, feats, score = got
                best, runner_up, won_by = feats["chain"], None, margin(score)
            else:
                got2 = most_candidate(board)
                if got2 is None:
                    continue
                turn, feats = got2
                best, runner_up, won_by = len(turn.cells), feats["runner_up"], None
            f = Features(**feats)
            found.append(
                Puzzle(
                    id=f"{game.prefix}-t{number}-{goal}",
                    fen=board.mfen(),
                    goal=goal,
                    solution=board.notation(turn),
                    rating=rate(goal, f),
                    themes=from_features(goal, f),
                    source=source,
                    best=best,
                    runner_up=runner_up,
                    margin=won_by,
                    features=feats,
                )
            )
    return found


def position_key(p: Puzzle) -> str:
    """The same for two positions equal under the board's symmetries or with the
    colours swapped."""
    return Board(p.fen).position().canonical().mfen()


def dedupe(puzzles: list[Puzzle], seen: set[str] | None = None) -> list[Puzzle]:
    """Keep the first puzzle of each position up to symmetry and colour swap
    (and none whose position is in ``seen``, which grows with those kept)."""
    seen = set() if seen is None else seen
    out = []
    for p in puzzles:
        key = position_key(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def mine(
    seed: int,
    count: int,
    workers: int = 1,
    every: Callable[[int, list[Puzzle]], None] | None = None,
    *,
    plan: str = "v1",
    start: int = 0,
    found: list[Puzzle] | None = None,
    exclude: set[str] | None = None,
) -> list[Puzzle]:
    """Puzzles from self-play games ``start + 1`` to ``count``, deduplicated,
    easiest first, after the ``found`` ones of an earlier run (to resume it), and
    none at a position in ``exclude`` (keys from :func:`position_key`: the
    shipped packs, say). ``every(games_done, puzzles_so_far)`` is called as
    games finish, in order, so a long run can report and keep what it has."""
    todo = games(seed, count, plan)[start:]
    seen = set(exclude or ())
    found = dedupe(list(found or []), seen)
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        batches = pool.map(mine_game, todo, chunksize=1) if pool else map(mine_game, todo)
        for done, batch in enumerate(batches, start + 1):
            found += dedupe(batch, seen)
            if every is not None:
                every(done, sorted(found, key=lambda p: (p.rating, p.id)))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return sorted(found, key=lambda p: (p.rating, p.id))
