"""Every text a player may read is marked for translation.

The scan (tests/i18n/unmarked.py) reads the packages whose texts reach a player's
screen. A prose literal that is not inside ``_()``, ``N_()``, ``ngettext()`` or
``pgettext()`` fails the test unless its line says why it stays as it is
(``# i18n: not shown``, ``# i18n: a file's words``, ``# i18n: a key``...).
"""

from __future__ import annotations

from pathlib import Path

from tests.i18n.unmarked import scan, scan_source

ROOT = Path(__file__).resolve().parents[2]

#: Where a player's texts are written. The scripted tours (game/client/scripted)
#: are the studio's tools and are left out; the online server's refusals are
#: marked at their source (game/online/table.py) and translated on the client.
SCANNED = [
    "game/client",
    "game/play",
    "game/rules/movegen.py",
    "game/rules/color.py",
    "game/puzzles/themes.py",
    "game/puzzles/own.py",
    "game/puzzles/pack_words.py",
    "game/online/table.py",
]
LEFT_OUT = ("game/client/scripted/",)


def found() -> list:
    return [u for u in scan(ROOT, SCANNED) if not u.path.startswith(LEFT_OUT)]


def test_every_text_a_player_reads_is_marked():
    unmarked = found()
    assert not unmarked, "mark these for translation (see game/i18n.py):\n" + "\n".join(
        map(str, unmarked)
    )


def test_the_scan_finds_an_unmarked_text():
    source = (
        "from game.i18n import N_, _\n"
        "def f(board, text):\n"
        "    text.say('Place a tile on the board.')\n"  # unmarked prose: found
        "    board.render('Pass')\n"  # a caption handed to a drawing call: found
        "    text.say(_('Flip a tile now.'))\n"  # marked
        "    LABEL = N_('Take back')\n"  # marked for later
        "    log.info('a developer reads this')\n"  # the log
        "    return 'wins and losses'  # i18n: a key\n"  # says why
    )
    got = [(u.line, u.text) for u in scan_source(source, "example.py")]
    assert got == [(3, "Place a tile on the board."), (4, "Pass")]


def test_the_scan_reads_fragments_of_an_f_string():
    got = scan_source("def f(n):\n    return f'{n} tiles were flipped'\n", "x.py")
    assert [u.text for u in got] == [" tiles were flipped"]


def test_names_and_positions_are_not_language():
    source = (
        "def f(text):\n"
        "    text.say('Mosaic by Mark Steere')\n"  # the credit, word for word
        "    text.say('A game by ' + 'Mark Steere')\n"  # the sentence round the name: found
        "    start = 'RR1B/R2BB/3B2/RR4R/1R2BB/4B/B1BB r'\n"  # MFEN
        "    text.say('Christof Tisch and Schmidt Spiele')\n"  # a sentence round names: found
    )
    got = sorted((u.line, u.text) for u in scan_source(source, "example.py"))
    assert got == [(3, "A game by "), (5, "Christof Tisch and Schmidt Spiele")]
