"""The protocol's checks, the Fischer clock and the table, without a network."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game.glicko import Rating
from game.online import protocol
from game.online.clock import Clock
from game.online.finisher import rate
from game.online.protocol import ProtocolError, read
from game.online.table import Seat, Table, TableError
from game.rules import Board

DOC = Path(__file__).resolve().parents[2] / "docs" / "online-protocol.md"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("not json", "JSON object"),
        ("[1, 2]", "JSON object"),
        ('"hello"', "JSON object"),
        ('{"type": "dance"}', "unknown message type"),
        ('{"kind": "ping"}', "unknown message type"),
        ('{"type": "turn", "game": "abc", "ply": 0}', "field 'turn' is missing"),
        ('{"type": "turn", "game": "abc", "ply": -1, "turn": "a1"}', "field 'ply'"),
        ('{"type": "turn", "game": "abc", "ply": true, "turn": "a1"}', "field 'ply'"),
        ('{"type": "turn", "game": "a/b", "ply": 0, "turn": "a1"}', "field 'game'"),
        ('{"type": "seek", "side": 5, "base": 300, "inc": 3, "rated": 1}', "field 'rated'"),
        ('{"type": "seek", "side": 5.0, "base": 300, "inc": 3, "rated": true}', "field 'side'"),
        ('{"type": "ping", "extra": 1}', "unknown field 'extra'"),
        ('{"type": "join", "code": "abc"}', "field 'code'"),
        ('{"type": "hello", "v": 1, "name": " padded"}', "field 'name'"),
        ('{"type": "hello", "v": 1, "name": "<script>"}', "field 'name'"),
        ('{"type": "hello", "v": 1, "token": "x y"}', "field 'token'"),
        ("[" * 3000 + "]" * 3000, "at most"),
        ("[" * 1500 + "]" * 1500, "JSON object"),
    ],
)
def test_read_refuses_with_a_reason(raw, reason):
    with pytest.raises(ProtocolError, match=re.escape(reason)):
        read(raw)


def test_read_refuses_bytes_that_are_not_utf8():
    with pytest.raises(ProtocolError, match="UTF-8"):
        read(b"\xff\xfe{}")


def test_read_accepts_every_well_formed_request():
    for kind, fields in {
        "hello": {"v": 1, "name": "Ann Lee"},
        "seek": {"side": 5, "base": 300, "inc": 3, "rated": False},
        "join": {"code": "ABCDEFGH23"},
        "turn": {"game": "abc123", "ply": 4, "turn": "xd4xd5"},
    }.items():
        assert read(protocol.request(kind, **fields)) == {"type": kind, **fields}


def doc_row(spec: protocol.Spec) -> str:
    """A message's row in the document's table: each field, whether it may be left
    out, and for a client's message what it must hold."""
    parts = []
    for p in spec.parts:
        said = f"`{p.name}`" + (" (optional)" if p.optional else "")
        parts.append(f"{said}: {p.wants}" if p.wants else said)
    return f"| `{spec.kind}` | {'; '.join(parts) or '(none)'} |"


def doc_faults(text: str) -> list[str]:
    """Where the document's tables and sections differ from the definitions."""
    faults = []
    client = text.split("## Client to server", 1)[1].split("## Server to client", 1)[0]
    server = text.split("## Server to client", 1)[1]
    for part, table in ((client, protocol.CLIENT), (server, protocol.SERVER)):
        rows = [ln for ln in part.splitlines() if ln.startswith("| `")]
        wanted = [doc_row(s) for s in table.values()]
        faults += [f"not defined: {r}" for r in rows if r not in wanted]
        faults += [f"not in the document: {w}" for w in wanted if w not in rows]
        if not faults and rows != wanted:
            faults.append("the table's rows are not in the definitions' order")
        for kind, spec in table.items():
            if f"### `{kind}`" not in part:
                faults.append(f"no section for {kind}")
                continue
            section = part.split(f"### `{kind}`", 1)[1].split("###", 1)[0]
            faults += [
                f"{kind}: {p.name} unexplained" for p in spec.parts if f"`{p.name}`" not in section
            ]
    return faults


def test_the_protocol_document_tables_equal_the_definitions():
    text = DOC.read_text(encoding="utf-8")
    assert f"version {protocol.VERSION}" in text
    assert doc_faults(text) == []


def test_the_document_check_finds_a_field_too_many_or_too_few():
    text = DOC.read_text(encoding="utf-8")
    row = "| `cancel` | `seek`: a string of 1 to 16 characters |"
    assert row in text
    more = text.replace(row, row[:-2] + "; `why`: a reason |")
    assert doc_faults(more) == [
        f"not defined: {row[:-2]}; `why`: a reason |",
        f"not in the document: {row}",
    ]
    fewer = text.replace(
        "| `error` | `reason`; `about` (optional); `dropped` (optional) |", "| `error` | `reason` |"
    )
    assert len(doc_faults(fewer)) == 2


def test_clock_charges_the_mover_and_adds_the_increment():
    c = Clock(10_000, 1_000)
    c.start(0, now=0.0)
    assert c.press(now=3.0) == 8_000
    assert c.both(now=5.0) == [8_000, 8_000]
    assert c.flag_at() == pytest.approx(13.0)
    c.stop(now=6.0)
    assert c.both(now=100.0) == [8_000, 7_000]
    assert c.left(1, now=1e9) == 7_000


def seated(side: int = 3, base: int = 60, inc: int = 0) -> Table:
    t = Table("g1", side, base, inc, True, (Seat("r", "Ann", 1500), Seat("b", "Bob", 1500)))
    t.start(0.0)
    return t


def test_table_refuses_turns_out_of_place_and_leaves_the_game_unchanged():
    t = seated()
    with pytest.raises(TableError, match="not yours"):
        t.play("intruder", 0, "a1", 1.0)
    with pytest.raises(TableError, match="not your turn"):
        t.play("b", 0, "a1", 1.0)
    with pytest.raises(TableError, match="not the next one"):
        t.play("r", 3, "a1", 1.0)
    with pytest.raises(TableError, match="z9"):
        t.play("r", 0, "z9", 1.0)
    t.play("r", 0, "a1", 1.0)
    with pytest.raises(TableError, match="xa1"):
        t.play("b", 1, "xa1", 2.0)  # a lone tile cannot be flipped
    assert t.turns == ["a1"]
    assert t.board.turn_stack == [t.board.parse_turn("a1")]


def test_table_plays_a_forced_pass_at_once():
    # Play random turns until a pass is forced, and check it entered by itself.
    # asserts-in-branch: the test fails after the loop unless a forced pass was found and checked
    for seed in range(200):
        rng = random.Random(seed)
        t = seated(side=3)
        ref = Board(size=3)
        while not t.over:
            mover = "r" if t.mover == 0 else "b"
            turn = rng.choice([x for x in ref.legal_turns() if x.kind.name != "PASS"])
            played = t.play(mover, len(t.turns), ref.notation(turn), 1.0)
            ref.push(turn)
            if len(played) > 1:
                assert played[1:] == ["pass"]
                ref.play("pass")
                assert not t.board.must_pass()
                return
    pytest.fail("no forced pass in 200 random side-3 games")


def test_abort_only_before_each_side_has_played_and_resign_only_after():
    t = seated()
    with pytest.raises(TableError, match="abort"):
        t.resign("r", 1.0)
    t.play("r", 0, "b2", 1.0)
    t.play("b", 1, "a1", 2.0)
    with pytest.raises(TableError, match="only before"):
        t.abort("r", 2.0)
    t.resign("r", 3.0)
    assert (t.result, t.reason) == ("blue", "red resigned")
    with pytest.raises(TableError, match="over"):
        t.play("r", 2, "a2", 4.0)


def test_a_game_ended_before_each_side_has_played_is_aborted_unrated():
    # A farmer's throwaway account resigns after the farmer's first turn: once
    # that was a rated win, now nobody is rated (lichess does the same).
    t = seated()
    t.play("r", 0, "b2", 1.0)
    t.resign("b", 2.0)
    assert (t.result, t.reason) == ("aborted", "blue resigned before playing a turn: aborted")
    t = seated()
    t.play("r", 0, "b2", 1.0)
    t.abort("b", 2.0)  # either side may still call it off
    assert t.result == "aborted"
    t = seated(base=60)
    t.play("r", 0, "b2", 1.0)
    assert t.due(62.0, grace=30)
    assert (t.result, t.reason) == ("aborted", "blue did not play a first turn")
    t = seated(base=600)
    t.play("r", 0, "b2", 1.0)
    t.seats[1].connected, t.seats[1].gone_since = False, 5.0
    assert t.due(35.0, grace=30)
    assert (t.result, t.reason) == ("aborted", "blue left before the first turn")


def test_a_fallen_flag_loses_and_before_the_first_turn_aborts():
    t = seated(base=60)
    assert not t.due(59.0, grace=30)
    assert t.due(60.5, grace=30)
    assert (t.result, t.reason) == ("aborted", "red did not play a first turn")
    t = seated(base=60, inc=2)
    t.play("r", 0, "b2", 10.0)
    t.play("b", 1, "a1", 10.0)
    t.play("r", 2, "a2", 10.0)
    assert t.clock.both(10.0) == [54_000, 62_000]
    assert not t.due(71.9, grace=30)
    assert t.due(72.1, grace=30)
    assert (t.result, t.reason) == ("red", "blue ran out of time")


def test_an_absent_player_loses_when_the_grace_runs_out():
    t = seated(base=600)
    t.play("r", 0, "b2", 1.0)
    t.play("b", 1, "a1", 1.0)
    t.play("r", 2, "a2", 1.0)
    t.seats[1].connected, t.seats[1].gone_since = False, 5.0
    assert not t.due(34.0, grace=30)
    assert t.due(35.0, grace=30)
    assert (t.result, t.reason) == ("red", "blue left the game")


def test_record_replays_in_the_client():
    from game.play.match import Match

    t = seated()
    t.play("r", 0, "b2", 1.0)
    t.play("b", 1, "a1", 1.0)
    t.resign("r", 2.0)
    record = t.record("2026-11-22T10:00:00")
    json.dumps(record)
    match = Match.from_record(record)
    assert match.board.turn_stack and record["online"]["reason"] == "red resigned"


def test_a_rated_result_moves_both_ratings_as_glicko_says():
    new, old = Rating(), Rating(1700, 80, 0.06)
    red, blue = rate(new, old, "red")
    assert red.rating > 1500 and blue.rating < 1700
    assert (red, blue) == (new.after_game(old, 1.0), old.after_game(new, 0.0))
    red, blue = rate(new, new, "draw")
    assert red == blue and red.rating == pytest.approx(1500)


def test_a_game_neither_player_came_back_to_is_aborted_not_lost():
    t = seated(base=600)
    t.play("r", 0, "b2", 1.0)
    for seat in t.seats:  # as a restarted server puts its games back
        seat.connected, seat.gone_since = False, 5.0
    assert not t.due(34.0, grace=30)
    assert t.due(35.0, grace=30)
    assert (t.result, t.reason) == ("aborted", "neither player came back")


def test_an_address_is_the_peers_or_from_a_local_proxy_the_one_it_added():
    from types import SimpleNamespace

    from websockets.datastructures import Headers

    from game.online.throttle import Buckets, Window, address

    def ws(peer: str, forwarded: str | None = None):
        headers = Headers({"X-Forwarded-For": forwarded} if forwarded else {})
        return SimpleNamespace(
            remote_address=(peer, 5000), request=SimpleNamespace(headers=headers)
        )

    assert address(ws("203.0.113.9")) == "203.0.113.9"
    assert address(ws("203.0.113.9", "10.0.0.1")) == "203.0.113.9"  # not from a proxy here
    assert address(ws("127.0.0.1", "1.2.3.4, 198.51.100.7")) == "198.51.100.7"
    assert address(ws("::1")) == "::1"
    window = Window(count=2, seconds=60)
    window.add("k", 0.0)
    window.add("k", 30.0)
    assert window.full("k", 59.0) and not window.full("k", 60.5)
    buckets = Buckets(rate=5, burst=2)
    assert buckets.take("a", 0.0) == 0 and buckets.take("a", 0.0) == 0
    assert buckets.take("a", 0.0) == pytest.approx(0.2)
    assert buckets.take("b", 0.0) == 0


def test_heard_takes_a_server_message_as_its_definition_says():
    msg = protocol.heard('{"type": "watchers", "game": "g1", "count": 2, "new": true}')
    assert msg == {"type": "watchers", "game": "g1", "count": 2, "new": True}  # kept: ignored
    assert protocol.heard(b'{"type": "pong"}') == {"type": "pong"}
    over = '{"type": "over", "game": "g1", "result": "red", "reason": "blue resigned"}'
    assert protocol.heard(over)["result"] == "red"  # "ratings" may be left out
    assert len(protocol.heard('{"type": "lobby", "seeks": [' + "{}," * 3000 + "{}]}")["seeks"])


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ('{"type": "dance"}', "unknown message type 'dance'"),
        ("[]", "JSON object"),
        ('{"type": "watchers", "game": "g1"}', "watchers: field 'count' is missing"),
        ('{"type": "watchers", "game": "g1", "count": "2"}', "field 'count' is of the wrong kind"),
        ('{"type": "watchers", "game": "g1", "count": true}', "field 'count' is of the wrong kind"),
        ('{"type": "game", "game": []}', "field 'game' is of the wrong kind"),
        ('{"type": "presence", "game": "g", "color": 2, "connected": true}', "'color'"),
    ],
)
def test_heard_refuses_what_no_server_sends(raw, reason):
    with pytest.raises(ProtocolError, match=re.escape(reason)):
        protocol.heard(raw)


def test_each_side_sends_only_the_fields_of_its_definitions():
    assert json.loads(protocol.message("error", reason="no")) == {"type": "error", "reason": "no"}
    with pytest.raises(TypeError, match="why"):
        protocol.message("error", reason="no", why="none")
    with pytest.raises(TypeError, match="count"):
        protocol.message("watchers", game="g1")
    with pytest.raises(TypeError, match="name"):
        protocol.request("seek", side=5, base=60, inc=0, rated=True, name="Ann")
    with pytest.raises(KeyError):
        protocol.message("dance")
