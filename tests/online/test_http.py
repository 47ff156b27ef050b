"""The server's HTTP face as a hostile or a careless client meets it: requests
written by hand on a socket, so that every header, method and byte is the
test's to choose."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from dataclasses import fields
from http import HTTPStatus
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from game.online import protocol
from game.online.assets import link
from game.online.pages import A_DAY, ASK_AGAIN, FOR_GOOD, POLICY
from game.online.server import Limits
from game.online.web import HEADERS
from tests.helpers import run

from .serving import Answer, FakeTime, ask_now, count_reads, pair, play_random, serving


async def ask(port: int, path: str, method: str = "GET", **headers: str) -> Answer:
    return await asyncio.to_thread(ask_now, port, path, method, **headers)


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_the_limit_holds_whatever_the_headers_say(tmp_path):
    clock = FakeTime()
    limits = Limits(sweep=0.02)

    async def go():
        async with serving(tmp_path / "s.db", limits, clock=clock) as (_server, url):
            sessions, game = await pair(url, side=3)
            await play_random(sessions, game, seed=2, turns=2)
            port = port_of(url)
            record = f"/games/{game['id']}.json"
            # Asking for the WebSocket does not get a record past the limit:
            # it gets the handshake (refused here, for want of a key), never a record.
            answers = [
                await ask(port, record, Upgrade="websocket", Connection="Upgrade")
                for _ in range(int(limits.http_requests_burst))
            ]
            assert all(a.status != 200 and b'"turns"' not in a.body for a in answers), answers[:3]
            # And each counted: the address has spent its requests.
            over = await ask(port, record, Upgrade="websocket", Connection="Upgrade")
            assert over.status == 429 and int(over.headers["retry-after"]) >= 1
            assert (await ask(port, record)).status == 429
            clock.now += 60
            assert (await ask(port, record)).status == 200

    run(go())


@pytest.mark.parametrize(
    "query",
    [
        "ply=%C2%B2",  # superscript two: str.isdigit() says yes, int() says no
        "ply=%E1%8D%A9",  # Ethiopic digit one
        "ply=" + "9" * 5000,  # past int()'s 4,300 digits
        "ply=" + "1" * 12,
        "ply=-1",
        "ply=1e3",
        "ply=%00",
        "ply=%FF%FE",
        "ply=0x2",
        "ply=3&ply=x",
        "ply",
        "%%%",
    ],
)
def test_a_malformed_query_gets_a_400_or_a_page_never_a_500(tmp_path, caplog, query):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            sessions, game = await pair(url, side=3)
            await play_random(sessions, game, seed=2, turns=3)
            got = await ask(port_of(url), f"/games/{game['id']}?{query}")
            assert got.status in (200, 400), got
            assert got.headers["content-type"].startswith("text/html")
            if got.status == 400:
                assert "turn number, from 0 to 3" in got.text
            else:
                assert 'id="where">Turn 3 of 3<' in got.text

    with caplog.at_level(logging.INFO):
        run(go())
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_unknown_paths_get_the_sites_own_404_page(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            port = port_of(url)
            for path in (
                "/favicon.ico",
                "/index.html",
                "/leaderboard/",
                "/games/",
                "/games/a/b",
                "/games/UPPER",
                "/static/nothing.js",
                "/players/" + "x" * 300,
                "/players/%FF%FE",
            ):
                got = await ask(port, path)
                assert got.status == 404, (path, got)
                assert got.headers["content-type"] == "text/html; charset=utf-8", path
                assert "<h1>Not found</h1>" in got.text and link("site.css") in got.text, path
                assert "WebSocket" not in got.text, path
            robots = await ask(port, "/robots.txt")
            assert robots.status == 200 and robots.text.startswith("User-agent: *")
            icon = await ask(port, "/favicon.svg")
            assert icon.status == 200 and icon.headers["content-type"] == "image/svg+xml"

    run(go())


def test_head_answers_with_the_headers_and_no_body(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            port = port_of(url)
            for path in ("/", "/leaderboard", "/nowhere", link("game.js")):
                full = await ask(port, path)
                head = await ask(port, path, method="HEAD")
                assert head.status == full.status, path
                assert head.body == b"", (path, head.body[:60])
                assert int(head.headers["content-length"]) == len(full.body) > 0, path
            # Any other method gets a 405 that says which are answered.
            post = await ask(port, "/", method="DELETE")
            assert post.status == 405 and post.headers["allow"] == "GET, HEAD"

    run(go())


def test_every_answer_carries_the_policy_and_names_no_server(tmp_path):
    clock = FakeTime()

    async def go():
        async with serving(tmp_path / "s.db", clock=clock) as (_server, url):
            _sessions, game = await pair(url, side=3)
            port = port_of(url)
            answers = {
                "page": await ask(port, "/"),
                "json": await ask(port, f"/games/{game['id']}.json"),
                "404": await ask(port, "/favicon.ico"),
                # Asking for the WebSocket without saying Connection: Upgrade.
                "426": await ask(port, "/", Upgrade="websocket"),
                "handshake": await ask(
                    port,
                    "/",
                    Upgrade="websocket",
                    Connection="Upgrade",
                    Sec_WebSocket_Key="dGhlIHNhbXBsZSBub25jZQ==",
                    Sec_WebSocket_Version="13",
                ),
            }
            while (over := await ask(port, "/leaderboard")).status != 429:
                pass
            answers["429"] = over
            assert answers["426"].status == 426 and answers["handshake"].status == 101
            for kind, got in answers.items():
                assert got.headers.get("content-security-policy") == POLICY, kind
                assert got.headers.get("x-content-type-options") == "nosniff", kind
                assert "server" not in got.headers, (kind, got.headers.get("server"))

    run(go())


def test_files_and_finished_games_are_kept_and_a_304_costs_nothing(tmp_path):
    clock = FakeTime()
    limits = Limits(sweep=0.02)

    async def go():
        async with serving(tmp_path / "s.db", limits, clock=clock) as (server, url):
            sessions, game = await pair(url, side=3)
            await play_random(sessions, game, seed=4)
            port = port_of(url)
            page = await ask(port, f"/games/{game['id']}")
            assert page.status == 200 and page.headers["cache-control"].startswith("public")
            # The page's files go under their digest, so a browser keeps them for good.
            for name in ("site.css", "game.js"):
                assert link(name) in page.text
                got = await ask(port, link(name))
                assert "immutable" in got.headers["cache-control"] and got.headers["etag"]
            record = f"/games/{game['id']}.json"
            first = await ask(port, record)
            assert "max-age" in first.headers["cache-control"]
            etag = first.headers["etag"]
            reads = count_reads(server)
            # Far more than the 20 a body may take: each is an empty 304.
            for _ in range(2 * int(limits.http_burst)):
                again = await ask(port, record, If_None_Match=etag)
                assert again.status == 304 and again.body == b"" and again.headers["etag"] == etag
            assert reads() == 0
            for _ in range(2 * int(limits.http_burst)):
                assert (await ask(port, link("site.css"))).status == 200

    run(go())


def test_a_page_that_follows_a_game_in_play_spends_nothing_between_turns(tmp_path):
    clock = FakeTime()
    limits = Limits(sweep=0.02)

    async def go():
        async with serving(tmp_path / "s.db", limits, clock=clock) as (server, url):
            sessions, game = await pair(url, side=4, base=600)
            f = await play_random(sessions, game, seed=4, turns=2)
            port = port_of(url)
            reads = count_reads(server)
            record = f"/games/{game['id']}.json"
            first = await ask(port, record)
            assert first.status == 200 and first.headers["cache-control"] == "no-cache"
            data = json.loads(first.body)
            assert data["turns"] == [f.board.notation(t) for t in f.board.turn_stack]
            assert data["online"]["running"] == 0 and len(data["online"]["clocks"]) == 2
            etag = first.headers["etag"]
            # About 15 people behind one address, polling every 3 s for a minute.
            for _ in range(15 * 20):
                clock.now += 3 / 15
                got = await ask(port, record, If_None_Match=etag)
                assert got.status == 304, got
            assert reads() == 0  # a game in play is read from memory, never from the store
            turn = f.board.notation(f.board.legal_turns()[0])
            await sessions[int(f.board.mover)].send("turn", game=game["id"], ply=2, turn=turn)
            await f.follow(sessions[0])
            moved = await ask(port, record, If_None_Match=etag)
            assert moved.status == 200 and moved.headers["etag"] != etag
            assert len(json.loads(moved.body)["turns"]) == 3
            # The address has spent its budget on pages: the record still comes,
            # a turn's news is never refused to the pages that follow the game.
            while (await ask(port, "/leaderboard")).status != 429:
                pass
            assert (await ask(port, record)).status == 200

    run(go(), timeout=120)


@pytest.mark.parametrize("v", [1, 3])
def test_an_old_game_is_told_to_update(tmp_path, v):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "v": v, "name": "Old"}))
                msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["about"] == "hello"
            assert "update the game" in msg["reason"], msg
            said = rf"protocol version {protocol.VERSION}\b.*the game {v}\)"
            assert re.search(said, msg["reason"])

    run(go())


SERVER_DOC = Path(__file__).resolve().parents[2] / "docs" / "online-server.md"
ONLINE = Path(__file__).resolve().parents[2] / "game" / "online"
#: Statuses the websockets library answers by itself, that the code never names.
LIBRARY_STATUSES = {101, 400, 414, 426, 431}


def doc_section(title: str) -> str:
    return SERVER_DOC.read_text(encoding="utf-8").split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def table_rows(text: str, first: str) -> dict[str, str]:
    """The rows of the table whose header starts with ``first``, by first cell."""
    lines = text.split(f"| {first}", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    return {line.split("|")[1].strip(): line for line in lines if line.startswith("|")}


def test_the_web_face_doc_says_what_the_code_does():
    web = doc_section("The web face")
    code = "".join((ONLINE / f"{m}.py").read_text() for m in ("web", "pages", "health"))
    written = {int(c) for c in re.findall(r"(?:Page|message)\((\d{3})", code)}
    written |= {s.value for s in HTTPStatus if f"HTTPStatus.{s.name}" in code}
    documented = {int(c) for k in table_rows(web, "Status") for c in k.split(",")}
    assert documented == written | LIBRARY_STATUSES, (documented, written)
    limits = table_rows(web, "Limit")
    for f in fields(Limits):
        if f.name.startswith("http") or f.name == "records":
            row = next((r for k, r in limits.items() if f"`{f.name}`" in k), None)
            assert row is not None, f.name
            assert f"{f.default:g}" in row.split("|")[2], (f.name, f.default, row)
    headers = table_rows(web, "Header")
    assert set(headers) == {f"`{k}`" for k in HEADERS}
    for key, value in HEADERS.items():
        assert f"`{value}`" in headers[f"`{key}`"], key
    for cache in (FOR_GOOD, A_DAY, ASK_AGAIN):
        assert f"`{cache}`" in table_rows(web, "Path").__repr__(), cache


def test_made_up_queries_on_the_sites_files_push_no_page_out_of_memory(tmp_path):
    clock = FakeTime()
    limits = Limits(sweep=0.02, records=8)

    async def go():
        async with serving(tmp_path / "s.db", limits, clock=clock) as (server, url):
            port = port_of(url)
            asked = 0
            leaderboard = server.store.beside.leaderboard

            async def counted(*args, **kwargs):
                nonlocal asked
                asked += 1
                return await leaderboard(*args, **kwargs)

            server.store.beside.leaderboard = counted
            first = await ask(port, "/leaderboard")
            for n in range(3 * limits.records):
                assert (await ask(port, f"/static/site.css?v={n}")).status == 200
            again = await ask(port, "/leaderboard", If_None_Match=first.headers["etag"])
            assert again.status == 304 and asked == 1
            # A page reads only its own query: the rest asks for the same page.
            for n in range(int(limits.http_burst) - 2):
                assert (await ask(port, f"/leaderboard?n={n}")).status == 200
            assert asked == 1

    run(go())


def test_a_bug_of_ours_costs_one_answer_and_one_line_of_the_log(tmp_path, caplog):
    async def go():
        async with serving(tmp_path / "s.db") as (server, url):

            async def broken(*args, **kwargs):
                raise RuntimeError("the store fell over")

            server.store.beside.leaderboard = broken
            got = await ask(port_of(url), "/leaderboard")
            assert got.status == 500 and "Something went wrong" in got.text
            assert got.headers["content-security-policy"] == POLICY
            assert (await ask(port_of(url), "/robots.txt")).status == 200

    with caplog.at_level(logging.INFO):
        run(go())
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is None
    assert "GET /leaderboard" in errors[0].getMessage()
    assert "the store fell over" in errors[0].getMessage()
