"""The web pages escape by default: every page is a Jinja2 template with
autoescape on, whatever it is given; and no code in game/online writes a tag,
so a page cannot be built past the templates."""

from __future__ import annotations

import ast
import asyncio
import re
import time
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from game.online import tournament_pages
from game.online.assets import link
from game.online.markup import ENV, TEMPLATES
from game.online.pages import Pages
from game.online.tournament_rules import ARENA, SWISS, Entrant, Played
from game.online.tournament_store import Snapshot, Tournament
from game.rules import Board

ONLINE = Path(__file__).resolve().parents[2] / "game" / "online"

#: A name that would start a script, and one that would end an attribute and add
#: a handler, were either put in a page as it is.
SCRIPT = "<script>alert(1)</script>"
HANDLER = '"onmouseover=alert(2) x="'
EVIL = SCRIPT + HANDLER
#: How each reads once escaped: still there, as text.
SCRIPT_TEXT = "&lt;script&gt;alert(1)&lt;/script&gt;"
HANDLER_TEXT = "&#34;onmouseover=alert(2) x=&#34;"


def first_turns(count: int) -> list[str]:
    board, turns = Board(size=3), []
    for _ in range(count):
        turn = board.legal_turns()[0]
        turns.append(board.notation(turn))
        board.push(turn)
    return turns


class Source:
    """Every name, message and free text the pages show holds :data:`EVIL`."""

    async def record(self, gid):
        over = gid == "over"
        online = {
            "time": EVIL,
            "rated": True,
            "reason": EVIL,
            "players": [{"rating": 1500}, {"rating": 1500}],
            "clocks": [1000, 2000],
        }
        return {
            "side": 3,
            "red": EVIL,
            "blue": EVIL,
            "turns": first_turns(3),
            "date": EVIL,
            "result": "red" if over else None,
            "score": {"red": 2, "blue": 1},
            "online": online,
        }

    async def leaderboard_rows(self):
        return [{"name": EVIL, "rating": 1600, "rd": 60, "games": 3}]

    async def player_summary(self, name, page):
        if name != EVIL:
            return None
        game = {"id": "g1", "date": EVIL, "opponent": EVIL, "outcome": EVIL, "rating": EVIL}
        return {
            "name": EVIL,
            "rating": 1600,
            "shown": EVIL,
            "rd": 60,
            "rated": 3,
            "postal_games": 1,
            "postal_shown": EVIL,
            "postal_rating": 1500,
            "history": [1500, 1600],
            "games": [game],
            "older": True,
        }

    async def games_in_play(self, start, count):
        return [{"id": "g1", "red": EVIL, "blue": EVIL, "side": 3, "time": EVIL, "turns": 1}], 1


def tournaments() -> dict[str, Snapshot]:
    """A Swiss over (its winner named), an arena playing and one to come, every
    name in them :data:`EVIL`."""
    now = time.time()
    people = [Entrant(f"p{i}", EVIL, 1500, order=i, paused=i == 1) for i in range(3)]
    games = [
        Played("g1", "p0", "p1", "red", round=1, ended=now - 60),
        Played("g2", "p2", "p0", None, round=2),
    ]
    over = Tournament("t1", EVIL, SWISS, 4, 60, 0, True, now - 600, rounds=2, round=2)
    over.ended, over.winner = now - 10, EVIL
    arena = Tournament("t2", EVIL, ARENA, 4, 60, 0, False, now - 60, minutes=60)
    soon = Tournament("t3", EVIL, SWISS, 4, 60, 0, True, now + 600, rounds=3)
    return {
        "t1": Snapshot(over, people, games, [(1, "p2")]),
        "t2": Snapshot(arena, people, games, []),
        "t3": Snapshot(soon, [], [], []),
    }


def every_page() -> dict[str, str]:
    """Each page the server has, by its path, with every value :data:`EVIL`."""
    pages = Pages(Source())
    paths = ["/", "/leaderboard", f"/players/{quote(EVIL)}", "/games/live", "/games/over"]
    out = {p: asyncio.run(pages.route(p)).body for p in paths}
    # A message that repeats what was asked for.
    out["404"] = asyncio.run(pages.route(f"/players/{quote(EVIL[::-1])}")).body
    snaps = tournaments()
    db = SimpleNamespace(
        listed=lambda: asyncio.sleep(0, [s.tournament for s in snaps.values()]),
        snapshot=lambda tid: asyncio.sleep(0, snaps.get(tid)),
    )
    for path in ("/tournaments", *(f"/tournaments/{tid}" for tid in snaps)):
        page = asyncio.run(tournament_pages.route(db, path))  # type: ignore[arg-type]
        assert page is not None, path
        out[path] = page.body
    return out


def test_every_name_message_and_tournament_name_is_escaped_on_every_page():
    pages = every_page()
    assert len(pages) == 10
    for path, body in pages.items():
        assert SCRIPT not in body and "<script>alert" not in body, path
        assert HANDLER not in body and '"onmouseover' not in body, path
        # The text is on the page all the same, as the player typed it.
        if path != "404":
            assert SCRIPT_TEXT + HANDLER_TEXT in body, path
        # No tag but the page's own: its data block and its one script.
        scripts = set(re.findall(r"<script[^>]*>", body))
        assert scripts <= {
            '<script type="application/json" id="game-data">',
            f'<script src="{link("game.js")}">',
        }, (path, scripts)
    # Reversed, the name still has its tags and quotes: escaped in the message.
    assert "&gt;tpircs/&lt;" in pages["404"] and "No player is called" in pages["404"]
    # Each place a name goes: the standings, the games, the winner, the title.
    swiss = pages["/tournaments/t1"]
    assert swiss.count(SCRIPT_TEXT) >= 3 + 4 + 1 + 1, swiss
    assert pages["/tournaments"].count(SCRIPT_TEXT) >= 4  # three names, a winner


def test_every_template_escapes():
    assert ENV.autoescape is True
    names = sorted(p.name for p in TEMPLATES.iterdir())
    assert names == sorted(ENV.list_templates())
    # The macros alone, outside any page.
    macros = ENV.get_template("macros.html").module
    assert SCRIPT_TEXT in str(macros.player(EVIL))  # type: ignore[attr-defined]


# -- no markup outside the templates -------------------------------------------------------
#: Tags of HTML and SVG the pages use, or could: a string literal that holds one
#: is markup being written in Python.
TAG = re.compile(
    r"<\s*/?\s*(!doctype|html|head|body|main|header|nav|title|meta|link|script|style|a|p|br"
    r"|h[1-6]|div|span|ol|ul|li|table|thead|tbody|tr|td|th|figure|figcaption|svg|polygon"
    r"|polyline|text|form|input|button|img|iframe|b|i|em|strong|code|pre|section)\b",
    re.IGNORECASE,
)
#: A named character reference, as markup writes ``&laquo;``.
ENTITY = re.compile(r"&(?:[a-z]+|#\d+|#x[0-9a-f]+);", re.IGNORECASE)
#: The only strings in game/online allowed to hold a tag, each with its reason.
ALLOWED = {
    # A static file served as it is (/favicon.svg): nothing is put into it.
    ("assets.py", "FAVICON_SVG"),
}


def markup_in(source: str, filename: str) -> list[str]:
    """Where the module writes a tag or an entity in a string (f-string parts
    and strings joined by ``+`` too), but for its docstrings and :data:`ALLOWED`:
    ``line: text``."""
    tree = ast.parse(source, filename)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skip.add(id(first.value))  # a docstring says, it writes nothing
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and (filename, t.id) in ALLOWED for t in targets):
                skip.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and id(node) not in skip else None
        if isinstance(text, str) and (TAG.search(text) or ENTITY.search(text)):
            found.append(f"{filename}:{node.lineno}: {text[:60]!r}")
    return found


def test_the_check_finds_markup_written_in_python():
    assert markup_in('x = f"<li>{name}</li>"', "m.py")
    assert markup_in('x = "<td class=\\"n\\">" + str(n)', "m.py")
    assert markup_in('x = "".join(["&laquo; First"])', "m.py")
    assert markup_in('def f():\n    "A docstring."\n    return "<p>" + t', "m.py")
    assert not markup_in('"""Says <p> in a docstring."""\nhelp = "<Level> bot"', "m.py")
    assert not markup_in('FAVICON_SVG = "<svg></svg>"', "assets.py")
    assert markup_in('FAVICON_SVG = "<svg></svg>"', "other.py")


def test_no_code_in_game_online_builds_html():
    found = [
        f for path in sorted(ONLINE.glob("*.py")) for f in markup_in(path.read_text(), path.name)
    ]
    assert not found, "markup written in Python; put it in game/online/templates:\n" + "\n".join(
        found
    )


@pytest.mark.parametrize("name", sorted(p.name for p in TEMPLATES.iterdir()))
def test_each_template_compiles(name):
    ENV.get_template(name)
