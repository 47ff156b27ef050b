"""The server's web pages: the leaderboard, a player's page and a game's page,
read over plain HTTP from a real server, and stepped and followed in a real
browser (headless Chromium)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import time
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path

import pytest

from game.online.assets import link
from game.online.clock import clock_text
from game.online.game_page import game_page, positions
from game.online.pages import POLICY, Pages
from game.online.server import Limits
from game.online.session import Session
from game.online.sql import Step
from game.online.table import Seat, Table
from game.online.web import Web
from game.rules import Board
from tests.helpers import run

from .browser import CHROMIUM, SKIP_REASON, chromium
from .serving import pair, play_random, serving

ROOT = Path(__file__).resolve().parents[2]


run = partial(run, timeout=120)  # a browser starts slowly on a loaded machine


async def get(url: str) -> tuple[int, dict[str, str], str]:
    def fetch():
        try:
            with urllib.request.urlopen(url) as r:
                return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read().decode()

    return await asyncio.to_thread(fetch)


async def play_on(sessions, game, f, seed: int, turns: int | None = None) -> None:
    """Go on with random legal turns from where the follower ``f`` is."""
    rng = random.Random(seed)
    played = 0
    while f.over is None and (turns is None or played < turns):
        board = f.board
        turn = rng.choice(board.legal_turns())
        await sessions[int(board.mover)].send(
            "turn", game=game["id"], ply=len(board.turn_stack), turn=board.notation(turn)
        )
        await f.follow(sessions[0])
        played += 1


def cell_classes(page: str) -> list[str]:
    return re.findall(r'<polygon id="c\d+" class="([a-z ]+)"', page)


class Hostile:
    """A source whose names try every trick a page could fall for."""

    NAME = "</script><script>alert(1)</script>'\"&"

    async def record(self, gid):
        return {
            "side": 3,
            "red": self.NAME,
            "blue": "<b>Bob</b>",
            "turns": ["b2"],
            "result": None,
            "online": {"reason": "<i>x</i>"},
        }

    async def leaderboard_rows(self):
        return [{"name": self.NAME, "rating": 1600, "rd": 60, "games": 3}]

    async def player_summary(self, name, page):
        return {
            "name": self.NAME,
            "rating": 1600,
            "rd": 60,
            "rated": 3,
            "history": [1500, 1550, 1600],
            "games": [
                {
                    "id": "<x>",
                    "date": "2026",
                    "opponent": self.NAME,
                    "outcome": "won",
                    "rating": 1600,
                }
            ],
        }

    async def games_in_play(self, start, count):
        game = {"id": "a<b", "red": self.NAME, "blue": "x", "side": 3, "time": "5+3", "turns": 1}
        return [game][start : start + count], 1


def test_no_page_echoes_a_name_unescaped():
    pages = Pages(Hostile())
    for path in ("/", "/leaderboard", "/players/anyone", "/games/abc"):
        page = asyncio.run(pages.route(path))
        assert page is not None and page.status == 200, path
        body = page.body
        # The only scripts are the page's own: its data block and /static/game.js.
        assert "alert(1)</script>" not in body, path
        assert "<b>Bob</b>" not in body and "<i>x</i>" not in body, path
        assert body.count("<script") == body.count("</script>"), path
        scripts = re.findall(r"<script[^>]*>", body)
        assert set(scripts) <= {
            '<script type="application/json" id="game-data">',
            f'<script src="{link("game.js")}">',
        }, scripts
    # The name still reads as it was typed, once the browser unescapes it.
    leaders = asyncio.run(pages.route("/leaderboard"))
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in leaders.body


def first_turns(side: int, count: int) -> tuple[Board, list[str]]:
    """The board after ``count`` turns, each the first legal one, and the turns."""
    board = Board(size=side)
    turns = []
    for _ in range(count):
        turn = board.legal_turns()[0]
        turns.append(board.notation(turn))
        board.push(turn)
    return board, turns


def test_positions_replay_the_turns_with_the_rules_core():
    board, turns = first_turns(3, 3)
    tiles, cells = positions(3, turns)
    assert len(tiles) == 4 and tiles[0] == "." * 19
    assert tiles[-1].count("R") == board.count(0) and tiles[-1].count("B") == board.count(1)
    assert cells[1] == list(board.turn_stack[0].cells)


def test_the_pages_of_a_real_server(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            sessions, game = await pair(url)
            f = await play_random(sessions, game, seed=3, turns=6)
            base = url.replace("ws://", "http://")
            gid = game["id"]
            # A game in play: listed on the front page, drawn at its last turn.
            status, headers, front = await get(base + "/")
            assert status == 200 and f'href="/games/{gid}"' in front
            assert headers["Content-Security-Policy"] == POLICY
            status, headers, page = await get(f"{base}/games/{gid}")
            assert status == 200 and headers["Content-Type"].startswith("text/html")
            classes = cell_classes(page)
            assert len(classes) == f.board.geometry.cells
            reds = sum(c.startswith("red") for c in classes)
            blues = sum(c.startswith("blue") for c in classes)
            assert (reds, blues) == (f.board.count(0), f.board.count(1))
            assert "In play" in page
            assert f'<p class="about">Side {f.board.size}, 1+0, rated, 20' in page
            # Any turn by its link, with no script at all.
            status, _, first = await get(f"{base}/games/{gid}?ply=1")
            one = cell_classes(first)
            assert sum(c != "empty" and not c.startswith("empty") for c in one) == 1
            assert 'href="?ply=0"' in first and 'href="?ply=2"' in first
            # The game ends; both players' pages show it, with a provisional
            # rating ("?"), which keeps both off the leaderboard.
            await play_on(sessions, game, f, seed=4)
            status, _, board = await get(base + "/leaderboard")
            assert status == 200 and "/players/Ann" not in board
            assert "10 rated games, the last within 30 days" in board
            status, _, ann = await get(base + "/players/ann")  # names ignore case
            assert status == 200 and "<h1>Ann</h1>" in ann and "? (deviation" in ann
            assert f'href="/games/{gid}"' in ann and "Rating after" in ann
            status, _, _ = await get(base + "/players/Nobody")
            assert status == 404
            status, _, _ = await get(base + "/games/zzzzzzzzzz")
            assert status == 404
            status, headers, _js = await get(base + "/static/game.js")
            assert status == 200 and headers["Content-Type"].startswith("text/javascript")
            # The WebSocket handshake still goes through on the same port.
            await sessions[0].send("ping")
            assert (await sessions[0].expect("pong"))["type"] == "pong"

    run(go())


@pytest.mark.skipif(CHROMIUM is None, reason=SKIP_REASON)
def test_a_game_page_in_a_browser_steps_by_keys_and_follows_the_game(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            sessions, game = await pair(url, side=4)
            f = await play_random(sessions, game, seed=5, turns=4)
            page = url.replace("ws://", "http://") + f"/games/{game['id']}"
            filled = (
                "Array.from(document.querySelectorAll('#board polygon'))"
                ".filter(p => !p.getAttribute('class').startsWith('empty')).length"
            )
            async with chromium() as tab:
                await tab.open(page)
                assert await tab.eval(filled) == 4
                assert await tab.eval("document.getElementById('where').textContent") == (
                    "Turn 4 of 4"
                )
                await tab.key("Home")
                assert await tab.eval(filled) == 0
                await tab.key("ArrowRight")
                await tab.key("ArrowRight")
                assert await tab.eval(filled) == 2
                assert await tab.eval("location.search") == "?ply=2"
                await tab.key("End")
                # Two more turns are played: the page follows them as they come.
                await play_on(sessions, game, f, seed=6, turns=2)
                moves = "document.querySelectorAll('#moves a').length"
                for _ in range(100):
                    if await tab.eval(moves) == len(f.board.turn_stack):
                        break
                    await asyncio.sleep(0.1)
                count = await tab.eval(moves)
                assert count == len(f.board.turn_stack) >= 6
                # It was at the last turn, so it stays at the last turn.
                where = await tab.eval("document.getElementById('where').textContent")
                assert where == f"Turn {count} of {count}"
                assert await tab.eval(filled) == f.board.count(0) + f.board.count(1)

    run(go(), timeout=180)


async def seat(url: str, red: str, blue: str, **terms):
    """``red`` challenges, ``blue`` joins: {color: session} and the game."""
    a, b = Session(url, red), Session(url, blue)
    await a.connect()
    await b.connect()
    await a.send("challenge", rated=True, **terms)
    code = (await a.expect("challenge"))["code"]
    await b.send("join", code=code)
    ga = (await a.expect("game"))["game"]
    await b.expect("game")
    return {ga["you"]: a, 1 - ga["you"]: b}, ga


#: The widest names a player may take (20 characters each).
WIDE = "WWWWWWWWWWWWWWWWWWWW"
LONG = "Wilhelmina Ostergard"

#: Whether anything sticks out past the window's right edge.
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.skipif(CHROMIUM is None, reason=SKIP_REASON)
@pytest.mark.slow
def test_the_pages_fit_a_phone_and_a_desktop(tmp_path):
    async def go():
        async with serving(tmp_path / "s.db") as (_server, url):
            base = url.replace("ws://", "http://")
            sessions, done = await seat(url, WIDE, LONG, side=4, base=300, inc=3)
            await play_random(sessions, done, seed=7)
            sessions, live = await seat(
                url, "Konstantin Wolfgangs", "Philippa Abernethy", side=5, base=300, inc=3
            )
            f = await play_random(sessions, live, seed=8, turns=9)
            sessions, postal = await seat(url, "Ann", "Bob", side=4, days=3)
            await play_random(sessions, postal, seed=9, turns=2)
            # One game leaves a rating provisional: the first pair are given the
            # record of settled players, to be ranked on the leaderboard.
            await _server.store.db.write([Step(
                "UPDATE players SET rd=60, games=40, rated_at=? WHERE name IN (?,?)",
                (time.time(), WIDE, LONG),
            )])  # fmt: skip
            shots = os.environ.get("MOSAIC_SCREENSHOTS")
            text = "document.getElementById('{}').textContent"
            async with chromium() as tab:
                for width, height in ((390, 844), (1280, 800)):
                    await tab.size(width, height)
                    await tab.open(base + "/leaderboard")
                    if shots:
                        await tab.screenshot(Path(shots) / f"web-leaderboard-{width}.png", None)
                    assert await tab.eval(OVERFLOW) <= 0, width
                    games = "document.querySelector('.leaders th:last-child')"
                    assert await tab.eval(games + ".textContent") == "Games"
                    right = await tab.eval(games + ".getBoundingClientRect().right")
                    assert right <= width, (width, right)
                    await tab.open(f"{base}/games/{live['id']}")
                    if shots:
                        await tab.screenshot(Path(shots) / f"web-game-{width}.png", None)
                    if width == 1280:
                        # Blue's clock runs down, and the polls the server answers
                        # with a 304 (the record as the browser kept it) do not
                        # wind it back.
                        seconds = "(([m, s]) => 60 * m + +s)({}.split(':'))"
                        start = await tab.eval(seconds.format(text.format("clock-1")))
                        await asyncio.sleep(7)
                        later = await tab.eval(seconds.format(text.format("clock-1")))
                        assert 6 <= start - later <= 12, (start, later)
                    assert await tab.eval(OVERFLOW) <= 0, width
                    h1 = "document.querySelector('h1').getBoundingClientRect().right"
                    assert await tab.eval(h1) <= width
                    clock = await tab.eval(text.format("clock-0"))
                    assert re.fullmatch(r"\d+:\d\d", clock), clock
                    assert await tab.eval(text.format("tiles-0")) == f"{f.board.count(0)} tiles"
                    assert await tab.eval(text.format("status")) == "In play: Blue to move."
                    to_move = "document.querySelector('.seat.to-move').id"
                    assert await tab.eval(to_move) == "seat-1"
                    pairs = await tab.eval("document.querySelectorAll('#moves li').length")
                    assert pairs == (len(f.board.turn_stack) + 1) // 2
                    letters = "document.querySelectorAll('#board text.row').length"
                    assert await tab.eval(letters) == 2 * f.board.geometry.rows
                    await tab.open(f"{base}/players/{WIDE}")
                    assert await tab.eval(OVERFLOW) <= 0, width
                    assert await tab.eval(h1) <= width
                    await tab.open(f"{base}/games/{postal['id']}")
                    if shots:
                        await tab.screenshot(Path(shots) / f"web-game-postal-{width}.png", None)
                    # The turn's own days (3, less the moments played), as the client
                    # shows them; the reserve under the turn.
                    assert await tab.eval(text.format("clock-0")) == "2d 23h"
                    # Sides named as the line names the one to move (issue 54).
                    status = await tab.eval(text.format("status"))
                    assert "Reserve days: Red 10, Blue 10." in status, status
                    await tab.open(f"{base}/games/{done['id']}")
                    if shots:
                        await tab.screenshot(Path(shots) / f"web-game-over-{width}.png", None)
                    assert await tab.eval(OVERFLOW) <= 0, width
                    assert " tiles to " in await tab.eval(text.format("status"))

    run(go(), timeout=240)


def test_a_game_page_draws_the_board_the_players_and_the_turns_as_the_client_does():
    board, turns = first_turns(3, 3)
    record = {
        "side": 3,
        "red": "Ann",
        "blue": "Bob",
        "turns": turns,
        "result": None,
        "score": {"red": board.count(0), "blue": board.count(1)},
        "online": {
            "time": "5+3",
            "rated": True,
            "players": [{"rating": 1612}, {"rating": 1433}],
            "clocks": [245_000, 61_500],
            "running": 1,
        },
    }
    tiles, cells = positions(3, record["turns"])
    body = game_page("g1", record, tiles, cells, 3)
    geo = Board(size=3).geometry
    # Row letters at both ends of each row; each empty cell's number at its foot.
    rows = re.findall(r'<text class="row"[^>]*>([a-z])</text>', body)
    assert rows == [chr(ord("a") + r) for r in range(geo.rows) for _ in (0, 1)]
    numbers = re.findall(r'<text x="[^"]*" y="[^"]*">(\d+)</text>', body)
    assert numbers == [name[1:] for name in geo.names]
    # Both players, rated, with tiles and clocks; Blue is to move.
    assert re.search(rf'id="seat-0">.*Ann.*1612.*>{board.count(0)} tiles?<.*4:05', body)
    blue = rf'"seat to-move" id="seat-1">.*Bob.*1433.*>{board.count(1)} tiles?<.*1:02'
    assert re.search(blue, body)
    assert "In play: Blue to move." in body
    # The turns a pair a row, numbered by the list: "1. red's blue's", "2. red's".
    pairs = re.findall(r"<li>(.*?)</li>", body.split('id="moves"')[1])
    assert [re.findall(r">([a-z0-9x]+)</a>", p) for p in pairs] == [turns[:2], turns[2:]]
    # Once over: who won, by how many tiles, and each rating's change.
    record |= {"result": "red", "score": {"red": 3, "blue": 0}}
    record["online"] |= {
        "reason": "blue resigned",
        "running": None,
        "ratings": {
            "red": {"before": 1612, "after": 1630},
            "blue": {"before": 1433, "after": 1420},
        },
    }
    body = game_page("g1", record, tiles, cells, 3)
    assert "Red won: blue resigned. 3 tiles to 0." in body
    assert "1612 +18" in body and "1433 −13" in body
    assert "to-move" not in body


def test_clocks_read_as_the_client_shows_them():
    hour, day = 3_600_000, 86_400_000
    assert clock_text(245_000) == "4:05"
    assert clock_text(244_001) == "4:05"  # rounded up: a part of a second is time left
    assert clock_text(10_000) == "0:10"
    # Tenths under ten seconds, rounded up too.
    assert clock_text(9_940) == "0:10"
    assert clock_text(9_400) == "0:09.4" and clock_text(9_301) == "0:09.4"
    assert clock_text(999) == "0:01.0" and clock_text(0) == "0:00.0"
    assert clock_text(-40) == "0:00.0"  # a flag fallen a moment ago
    # By correspondence, the turn's own days; the reserve is counted apart.
    assert clock_text(2 * day + 5 * hour + 10 * day, reserve=10) == "2d 5h"
    assert clock_text(5 * hour + 7 * 60_000, reserve=0) == "5h 7m"
    assert clock_text(3 * day + 7 * 60_000, reserve=3) == "7m"
    # Its days used up, what is left of the reserve.
    assert clock_text(2 * day + hour, reserve=3) == "2d 1h"


def test_the_front_page_lists_the_games_in_play_a_page_at_a_time():
    seats = (Seat("r", "Ann", 1500), Seat("b", "Bob", 1500))
    tables = []
    for i in range(120):
        t = Table(f"g{i}", 4, 300, 3, True, seats, days=3 if i % 2 else None)
        t.created = 1_700_000_000 + i
        tables.append(t)
    web = Web(None, lambda: tables, lambda: 0.0, Limits())  # type: ignore[arg-type]
    web.leaderboard_rows = lambda: asyncio.sleep(0, [])  # type: ignore[method-assign]

    def listed(query: str) -> tuple[int, list[str], str]:
        page = asyncio.run(web.pages.route("/" + query))
        return page.status, re.findall(r'href="/games/(g\d+)"', page.body), page.body

    status, ids, body = listed("")
    # The newest live games first, then correspondence ones: 50 a page.
    assert status == 200 and ids == [f"g{i}" for i in range(118, 18, -2)]
    assert 'href="/?page=2"' in body and "1 to 50 of 120" in body and "Newer" not in body
    _, ids, body = listed("?page=3")
    assert ids == [f"g{i}" for i in range(39, 0, -2)] and "Older" not in body
    assert 'href="/?page=2"' in body and '<ol start="101">' in body
    assert "No games on this page" in listed("?page=9")[2]
    for bad in ("?page=0", "?page=-1", "?page=%C2%B2", "?page=" + "9" * 5000):
        assert listed(bad)[0] == 400, bad
