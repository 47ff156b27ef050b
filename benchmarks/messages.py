"""Decode speed of the protocol's messages, before and after they were typed.

    python benchmarks/messages.py [--before COMMIT] [--rounds 20000] [--msgspec DIR]

For the code of this checkout and, with ``--before``, the code as it was at
COMMIT (unpacked from this repository's history, as ``benchmarks/online.py``
does), each in a process of its own, measures the microseconds of CPU time per
message (the best of 15 runs, the trees taking turns) of:

- ``read``: the server's check of a client's message (:func:`.protocol.read`),
  over a mix of the requests a game sends (turns, mostly), bad ones included;
- ``heard``: the client's reading of a server's message: :func:`.protocol.heard`
  where the code has it, else ``json.loads`` as the client read them before;
- ``json``: ``json.loads`` of the same client messages alone, the floor any
  check of ours adds to (the baseline in the same run).

``--msgspec DIR`` (a folder where ``pip install --target DIR msgspec`` put it)
also measures msgspec Structs decoding the same client messages, the candidate
weighed against typed dicts in docs/dependencies.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.online import earlier  # noqa: E402

REQUESTS = [
    *[{"type": "turn", "game": "p9QxK2mB7w", "ply": n, "turn": "xd4xd5"} for n in range(12)],
    {"type": "seek", "side": 5, "base": 300, "inc": 3, "rated": True},
    {"type": "challenge", "side": 6, "days": 3, "rated": False},
    {"type": "hello", "v": 4, "name": "Ann Lee", "token": "k3J9-x_Qw8"},
    {"type": "ping"},
    {"type": "state", "game": "p9QxK2mB7w"},
    {"type": "watch", "game": "p9QxK2mB7w"},
    {"type": "enter", "tournament": "t1abc"},
    {"type": "turn", "game": "p9QxK2mB7w", "ply": -1, "turn": "e5"},  # refused
    {"type": "seek", "side": 9, "base": 300, "inc": 3, "rated": True},  # refused
]
SEEK = {"id": "s1", "name": "Bob", "rating": 1500, "provisional": False, "side": 5,
        "base": 300, "inc": 3, "rated": True}  # fmt: skip
STATE = {
    "id": "p9QxK2mB7w", "side": 5, "base": 300, "inc": 3, "rated": True,
    "players": [{"name": "Ann", "rating": 1500, "provisional": False, "connected": True}] * 2,
    "turns": ["e5", "d4"] * 10, "clocks": [299100, 300000], "running": 0, "result": None,
    "reason": None, "you": 0,
}  # fmt: skip
NEWS = [
    *[{"type": "turn", "game": "p9QxK2mB7w", "ply": n, "turn": "e5", "clocks": [1, 2]}
      for n in range(12)],
    {"type": "game", "game": STATE},
    {"type": "lobby", "seeks": [SEEK] * 50},
    {"type": "seeks", "added": [SEEK], "removed": ["s2"]},
    {"type": "over", "game": "p9QxK2mB7w", "result": "red", "reason": "blue resigned"},
    {"type": "pong"},
    {"type": "error", "reason": "not your turn", "about": "turn"},
]  # fmt: skip

MEASURE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from game.online import protocol
requests = [json.dumps(m) for m in json.loads(sys.argv[2])]
news = [json.dumps(m) for m in json.loads(sys.argv[3])]
rounds = int(sys.argv[4])
heard = getattr(protocol, "heard", json.loads)

def read(raw):
    try:
        protocol.read(raw)
    except protocol.ProtocolError:
        pass

def per_message(fn, msgs):
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        for _ in range(rounds // len(msgs)):
            for m in msgs:
                fn(m)
        best = min(best, (time.process_time() - t) / (rounds // len(msgs) * len(msgs)))
    return best * 1e6

print(json.dumps({"read": per_message(read, requests), "heard": per_message(heard, news),
                  "json": per_message(json.loads, requests)}))
"""

MSGSPEC = """
import json, sys
sys.path.insert(0, sys.argv[1])
from typing import Annotated, Literal
import msgspec, time
Id = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern="^[A-Za-z0-9]+$")]
class Turn(msgspec.Struct, tag="turn", forbid_unknown_fields=True):
    game: Id
    ply: Annotated[int, msgspec.Meta(ge=0, le=10000)]
    turn: Annotated[str, msgspec.Meta(min_length=1, max_length=400)]
class Seek(msgspec.Struct, tag="seek", forbid_unknown_fields=True):
    side: Annotated[int, msgspec.Meta(ge=3, le=8)]
    rated: bool
    base: Annotated[int, msgspec.Meta(ge=15, le=10800)] | None = None
    inc: Annotated[int, msgspec.Meta(ge=0, le=180)] | None = None
    days: Literal[1, 3, 7] | None = None
class Challenge(Seek, tag="challenge"): pass
class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    v: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    name: str | None = None
    token: str | None = None
class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True): pass
class State(msgspec.Struct, tag="state", forbid_unknown_fields=True):
    game: Id
class Watch(msgspec.Struct, tag="watch", forbid_unknown_fields=True):
    game: Id
class Enter(msgspec.Struct, tag="enter", forbid_unknown_fields=True):
    tournament: Id
decoder = msgspec.json.Decoder(Turn | Seek | Challenge | Hello | Ping | State | Watch | Enter)
requests = [json.dumps(m).encode() for m in json.loads(sys.argv[2])]
rounds = int(sys.argv[3])
errors = set()
def read(raw):
    try:
        decoder.decode(raw)
    except msgspec.ValidationError as e:
        errors.add(str(e))
best = float("inf")
for _ in range(5):
    t = time.process_time()
    for _ in range(rounds // len(requests)):
        for m in requests:
            read(m)
    best = min(best, (time.process_time() - t) / (rounds // len(requests) * len(requests)))
print(json.dumps({"read": best * 1e6, "errors": sorted(errors)}))
"""


def run(script: str, *args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="also measure the code as it was at this commit")
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--msgspec", type=Path, help="a folder with msgspec installed")
    args = parser.parse_args()
    rounds = str(args.rounds)
    requests, news = json.dumps(REQUESTS), json.dumps(NEWS)
    trees = [("this checkout", ROOT)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.before:
            old = earlier(Path(tmp), args.before)
            if old is None:
                return 1
            trees.insert(0, (args.before, old))
        # Turn about, three times, keeping each figure's best, in CPU time: the
        # machine is shared, and another's load must not count as ours.
        best: dict[str, dict[str, float]] = {name: {} for name, _ in trees}
        for _ in range(3):
            for name, code in trees:
                r = run(MEASURE, str(code), requests, news, rounds)
                for key, value in r.items():
                    best[name][key] = min(best[name].get(key, value), value)
    rows = list(best.items())
    print(f"{'code':<16} {'read us/msg':>12} {'heard us/msg':>13} {'json.loads us/msg':>18}")
    for name, r in rows:
        print(f"{name:<16} {r['read']:>12.2f} {r['heard']:>13.2f} {r['json']:>18.2f}")
    if args.msgspec:
        m = run(MSGSPEC, str(args.msgspec), requests, rounds)
        print(f"{'msgspec Structs':<16} {m['read']:>12.2f}")
        print("msgspec's errors for the two bad requests:")
        for e in m["errors"]:
            print("  ", e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
