"""Fit the pattern evaluation's weights (``game/ai/patterns.npz``) to labelled
self-play positions: ``python -m tools.train_patterns run --data DIR``.

Two steps, each its own command, and ``run`` for both:

``generate`` plays self-play games in shards (a few games each, seeded by the
shard's number, so every shard replays alike), keeps a share of each game's
positions and labels each by a deeper search or, in the ending, by the exact
solver: the label is the final margin in tiles for the player to move that
the search or the solve finds. Each shard is written whole (atomically) to
``DIR/shard-NNNNN.npz``; a run stopped anywhere goes on with the shards it
lacks, and ``DIR/settings.json`` keeps the settings, so shards of other
settings are never mixed. ``--workers 2`` plays two shards at a time.

``fit`` reads every shard, holds back every fifth game, fits each stage's
weights by least squares with a small ridge (normal equations in numpy), and
prints the error in tiles on the held-back positions of the old evaluation
(``game.ai.evaluate.DEFAULT``, its score in tiles) and the new one (the
rounded weights, exactly as the search adds them). ``--weights`` writes them
(atomically). ``docs/ai-patterns.md`` has the commands, the sizes and times.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

# Run as a script (python tools/train_patterns.py), the checkout's game must come first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import patterns
from game.ai.baselines import random_turn
from game.ai.evaluate import DEFAULT, WIN, evaluate, leaf_terms
from game.ai.first_levels import FIRST_LEVELS
from game.ai.levels import LEVELS, Level, choose_turn
from game.ai.patterns import OFF, SHAPES, UNIT, Evaluation, Patterns, write_atomically
from game.ai.search import Budget, Searcher
from game.rules import PASS, RED, Board

#: Cells of the biggest board the tool plays (side 8): every row is this long.
WIDTH = 169
#: The self-play players (levels, each on a node budget so games replay) and their weights.
PLAYERS = {"club": 1, "expert": 2, "master": 2}
#: Expert as the first shards were made with it (three turns deep, learned
#: weights): the ladder's Expert was re-tuned since, and every shard of the set
#: must come from the same players' games.
SELF_PLAY: dict[str, Level] = {**LEVELS, "expert": FIRST_LEVELS["expert"]}


def side_cells(side: int) -> int:
    return 3 * side * (side - 1) + 1


def settings_of(args: argparse.Namespace) -> dict[str, object]:
    return {
        "seed": args.seed,
        "games": args.games,
        "sides": args.sides,
        "keep": args.keep,
        "nodes": args.nodes,
        "label_depth": args.label_depth,
        "label_nodes": args.label_nodes,
        "exact": args.exact,
        "label_eval": str(args.label_eval or "learned"),
    }


def sides_of(text: str) -> tuple[list[int], list[int]]:
    """``"4:1,5:3"``: sides and their weights."""
    sides, weights = [], []
    for part in text.split(","):
        side, _, weight = part.partition(":")
        sides.append(int(side))
        weights.append(int(weight or 1))
    if not all(3 <= s <= 8 for s in sides):
        raise ValueError(f"--sides {text!r}: sides are 3 to 8")
    return sides, weights


def label(
    searcher: Searcher, board: Board, depth: int, nodes: int, exact: int
) -> tuple[float, bool]:
    """The final margin in tiles for the mover that a search of ``depth``
    (within ``nodes``) finds, trying the exact solver from ``exact`` empty
    cells; and whether it is exact."""
    found = searcher.search(board, Budget(max_depth=depth, nodes=nodes), exact_from=exact)
    score = found.score
    if abs(score) >= WIN:
        return (score - WIN if score > 0 else score + WIN) / 100, True
    return score / 100, found.exact


def play_shard(job: tuple[int, dict[str, object], Evaluation]) -> dict[str, np.ndarray]:
    """One shard's positions, labelled: the columns of its file."""
    shard, cfg, label_eval = job
    sides, side_weights = sides_of(str(cfg["sides"]))
    rows: dict[str, list[object]] = {k: [] for k in COLUMNS}
    for number in range(int(str(cfg["games"]))):
        game = shard * 1000 + number
        rng = random.Random(int(str(cfg["seed"])) * 1_000_003 + game)
        side = rng.choices(sides, side_weights)[0]
        names = rng.choices(list(PLAYERS), list(PLAYERS.values()), k=2)
        board = Board(size=side)
        players = {RED: Searcher(), RED.other: Searcher()}
        labeller = Searcher(weights=label_eval)
        opening = rng.randint(0, 6)
        while not board.is_game_over():
            turns = board.legal_turns()
            if turns == [PASS]:
                board.push(PASS)
                continue
            t = leaf_terms(board)
            chosen = len(board.turn_stack) >= opening and len(turns) > 1 and t is not None
            if chosen and rng.random() < float(str(cfg["keep"])):
                value, exact = label(
                    labeller,
                    board,
                    int(str(cfg["label_depth"])),
                    int(str(cfg["label_nodes"])),
                    int(str(cfg["exact"])),
                )
                digits = patterns.states(board)[:-1]
                rows["side"].append(side)
                rows["digits"].append(np.pad(digits, (0, WIDTH - len(digits)), constant_values=OFF))
                rows["terms"].append(t[1:6])
                rows["old"].append(evaluate(board, DEFAULT))
                rows["label"].append(value)
                rows["exact"].append(exact)
                rows["game"].append(game)
            if len(board.turn_stack) < opening:
                turn = random_turn(board, rng)
            else:
                who = names[0] if board.mover is RED else names[1]
                turn = choose_turn(
                    board,
                    SELF_PLAY[who],
                    rng,
                    searcher=players[board.mover],
                    nodes=int(str(cfg["nodes"])),
                )
            assert turn is not None  # the game is not over
            board.push(turn)
    return {k: np.array(v, dtype=COLUMNS[k]).reshape(_shape(k, len(v))) for k, v in rows.items()}


COLUMNS = {
    "side": np.uint8,
    "digits": np.uint8,
    "terms": np.int16,
    "old": np.int32,
    "label": np.float32,
    "exact": np.bool_,
    "game": np.int32,
}


def _shape(column: str, n: int) -> tuple[int, ...]:
    return {"digits": (n, WIDTH), "terms": (n, 5)}.get(column, (n,))


def _write_shard(job: tuple[int, dict[str, object], Evaluation, Path]) -> tuple[int, int, float]:
    shard, cfg, label_eval, folder = job
    start = time.process_time()
    columns = play_shard((shard, cfg, label_eval))
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **columns)
    write_atomically(folder / f"shard-{shard:05d}.npz", buffer.getvalue())
    return shard, len(columns["label"]), time.process_time() - start


def generate(args: argparse.Namespace) -> int:
    folder = Path(args.data)
    folder.mkdir(parents=True, exist_ok=True)
    cfg = settings_of(args)
    saved = folder / "settings.json"
    if saved.exists():
        before = json.loads(saved.read_text())
        if before != cfg:
            print(
                f"{saved}: made with other settings ({before}); use another --data", file=sys.stderr
            )
            return 2
    else:
        write_atomically(saved, json.dumps(cfg, indent=1).encode())
    label_eval: Evaluation = Patterns.load(args.label_eval) if args.label_eval else DEFAULT
    todo = [s for s in range(1, args.shards + 1) if not (folder / f"shard-{s:05d}.npz").exists()]
    print(f"{len(todo)} of {args.shards} shards to play ({args.games} games each)", flush=True)
    jobs = [(s, cfg, label_eval, folder) for s in todo]
    start = time.perf_counter()
    done = 0
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for shard, n, cpu in pool.imap_unordered(_write_shard, jobs):
                done += 1
                print(
                    f"shard {shard}: {n} positions, {cpu:.0f} CPU-s ({done}/{len(jobs)})",
                    flush=True,
                )
    else:
        for job in jobs:
            shard, n, cpu = _write_shard(job)
            done += 1
            print(f"shard {shard}: {n} positions, {cpu:.0f} CPU-s ({done}/{len(jobs)})", flush=True)
    print(f"played in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


# -- the fit ------------------------------------------------------------------


def load(folder: Path) -> dict[str, np.ndarray]:
    """Every shard's columns, end to end (a shard that cannot be read is named and left out)."""
    parts: dict[str, list[np.ndarray]] = {k: [] for k in COLUMNS}
    for path in sorted(folder.glob("shard-*.npz")):
        try:
            with np.load(path) as data:
                got = {k: data[k] for k in COLUMNS}
        except (OSError, ValueError, KeyError, EOFError) as e:
            print(f"{path}: left out, cannot be read ({e})", file=sys.stderr)
            continue
        for k, v in got.items():
            parts[k].append(v)
    if not parts["label"]:
        raise SystemExit(f"{folder}: no shards to fit")
    return {k: np.concatenate(v) for k, v in parts.items()}


def features(data: dict[str, np.ndarray], rows: np.ndarray) -> np.ndarray:
    """Each row's count of each pattern class, then its five terms."""
    count = patterns.class_count()
    out = np.zeros((len(rows), count + 5))
    sides = data["side"][rows]
    for side in np.unique(sides):
        mine = rows[sides == side]
        where = np.flatnonzero(sides == side)
        cells = side_cells(int(side))
        digits = np.concatenate(
            [data["digits"][mine, :cells].astype(np.int64), np.full((len(mine), 1), OFF)], axis=1
        )
        first = 0
        for shape, index in zip(SHAPES, patterns.indices(digits, int(side)), strict=True):
            ids, n = patterns.classes(shape)
            flat = (np.arange(len(mine))[:, None] * (count + 5) + first + ids[index]).ravel()
            out[where] += np.bincount(flat, minlength=len(mine) * (count + 5)).reshape(
                len(mine), -1
            )
            first += n
        out[where, count:] = data["terms"][mine]
    return out


def stages_of(data: dict[str, np.ndarray], stages: int) -> np.ndarray:
    cells = np.array([side_cells(int(s)) for s in range(9)])[data["side"]]
    empty = (data["digits"] == 0).sum(axis=1)
    return np.asarray(empty * stages // (cells + 1))


def fit(data: dict[str, np.ndarray], train: np.ndarray, stages: int, ridge: float) -> Patterns:
    """Least squares of the label on the features, stage by stage, with ``ridge``
    on every weight; rounded to whole ten-thousandths of a tile."""
    count = patterns.class_count()
    stage = stages_of(data, stages)
    pattern = np.zeros((stages, count), dtype=np.int64)
    terms = np.zeros((stages, 5), dtype=np.int64)
    for s in range(stages):
        rows = train[stage[train] == s]
        xtx = np.zeros((count + 5, count + 5))
        xty = np.zeros(count + 5)
        for chunk in range(0, len(rows), 4000):
            x = features(data, rows[chunk : chunk + 4000])
            xtx += x.T @ x
            xty += x.T @ data["label"][rows[chunk : chunk + 4000]]
        w = np.linalg.solve(xtx + ridge * np.eye(count + 5), xty)
        w = np.clip(np.rint(w * UNIT), -patterns.MAX_WEIGHT, patterns.MAX_WEIGHT).astype(np.int64)
        pattern[s], terms[s] = w[:count], w[count:]
    return Patterns(pattern, terms)


def scores(weights: Patterns, data: dict[str, np.ndarray], rows: np.ndarray) -> np.ndarray:
    """The evaluation's score of each row in hundredths of a tile, exactly as
    the search adds it."""
    x = features(data, rows).astype(np.int64)
    stage = stages_of(data, weights.stages)[rows]
    w = np.concatenate([weights.pattern, weights.terms], axis=1)
    return np.asarray(np.sum(x * w[stage], axis=1) // 100)


def errors(predicted: np.ndarray, truth: np.ndarray) -> str:
    diff = predicted - truth
    return f"mean error {np.abs(diff).mean():.2f} tiles, RMS {np.sqrt((diff**2).mean()):.2f}"


def fit_command(args: argparse.Namespace) -> int:
    folders = [Path(args.data), *args.also]
    parts = [load(folder) for folder in folders]
    # A game's number is unique within its folder: the folder's place keeps it so.
    for i, part in enumerate(parts):
        part["game"] = part["game"] + i * 100_000_000
    data = {k: np.concatenate([part[k] for part in parts]) for k in COLUMNS}
    games = data["game"]
    # A shard's games are numbered from shard * 1000: one game in each run of
    # ``hold`` is held back, whatever the games a shard.
    held_out = (games // 1000 + games % 1000) % args.hold == 0
    held, train = np.flatnonzero(held_out), np.flatnonzero(~held_out)
    sides = dict(zip(*np.unique(data["side"], return_counts=True), strict=True))
    print(
        f"{len(games)} positions of {len(np.unique(games))} games, {len(held)} of them "
        f"held back (one game in {args.hold}); {int(data['exact'].sum())} labelled exactly; "
        "by side: " + ", ".join(f"{int(k)}: {int(v)}" for k, v in sides.items())
    )
    start = time.process_time()
    weights = fit(data, train, args.stages, args.ridge)
    print(f"fitted {args.stages} stages in {time.process_time() - start:.1f} CPU-s")
    for name, rows in (("training", train), ("held back", held)):
        if not len(rows):
            continue
        truth = data["label"][rows]
        new = scores(weights, data, rows) / 100
        print(f"{name} ({len(rows)}): old evaluation {errors(data['old'][rows] / 100, truth)}")
        print(f"{name} ({len(rows)}): pattern evaluation {errors(new, truth)}")
    if args.weights:
        weights.note = f"fit to {len(train)} positions of {', '.join(map(str, folders))}"
        weights.save(Path(args.weights))
        print(f"wrote {args.weights} ({Path(args.weights).stat().st_size:,} bytes)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("command", choices=("generate", "fit", "run"))
    ap.add_argument("--data", required=True, help="the shards' folder")
    gen = ap.add_argument_group("generate")
    gen.add_argument("--shards", type=int, default=400)
    gen.add_argument("--games", type=int, default=5, help="games a shard")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--sides", default="4:2,5:3,6:2,7:2,8:1", help="sides and their weights")
    gen.add_argument("--keep", type=float, default=0.3, help="share of positions kept")
    gen.add_argument("--nodes", type=int, default=4000, help="a player's nodes a turn")
    gen.add_argument("--label-depth", type=int, default=6)
    gen.add_argument("--label-nodes", type=int, default=200_000)
    gen.add_argument(
        "--exact", type=int, default=14, help="exact labels from this many empty cells"
    )
    gen.add_argument(
        "--label-eval", type=Path, help="label with these pattern weights (default: learned)"
    )
    gen.add_argument("--workers", type=int, default=2)
    fitting = ap.add_argument_group("fit")
    fitting.add_argument("--stages", type=int, default=4)
    fitting.add_argument("--ridge", type=float, default=3.0)
    fitting.add_argument("--hold", type=int, default=5, help="hold back every Nth game")
    fitting.add_argument("--weights", type=Path, help="write the fitted weights here")
    fitting.add_argument(
        "--also", type=Path, action="append", default=[], help="another folder of shards to fit"
    )
    args = ap.parse_args(argv)
    if args.command in ("generate", "run"):
        status = generate(args)
        if status or args.command == "generate":
            return status
    return fit_command(args)


if __name__ == "__main__":
    sys.exit(main())
