"""What the game says aloud when Speech is on (Settings), without pygame or a voice.

A player who cannot see the screen plays by ear, as in lichess's blind mode: the
client tells this module what happened (the keyboard focus moved to a control, a
screen opened, a turn was played, the board cursor moved, the game ended, the
player asked for the score) and speaks the sentence it gets back through a voice
(:mod:`.voice`). Every sentence is in the player's language; cells keep their
names in the game's notation (``e5``), as the board labels them.

The client gathers what one frame says into one utterance (see
:func:`together`), so a turn and the result it brought are heard whole rather
than the second cutting off the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.i18n import N_, _, ngettext
from game.rules import BLUE, RED, Board, Chain, Color

from .explain import describe, explain
from .match import Event, player_name

#: Numbers said as words up to twelve ("a chain of three"); a voice reads the
#: digits of larger ones in its own language.
NUMBERS = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("eleven"),
    N_("twelve"),
)

#: The kinds of control the focus can be on, as :func:`control` says them.
KINDS = ("button", "choice", "slider", "field")


def number(n: int) -> str:
    """``n`` in words up to twelve, in digits beyond."""
    return _(NUMBERS[n]) if 0 <= n < len(NUMBERS) else str(n)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does, so that the voice pauses after it."""
    text = text.strip()
    return text if not text or text[-1] in ".!?:" else text + "."


def together(parts: Iterable[str]) -> str:
    """What one moment says, as one utterance: its sentences in order, the
    empty ones and a sentence said twice running left out."""
    out: list[str] = []
    for part in parts:
        said = sentence(part)
        if said and (not out or out[-1] != said):
            out.append(said)
    return " ".join(out)


def control(label: str, kind: str = "button", *, enabled: bool = True) -> str:
    """The control the keyboard focus moved to: its words, what kind of control it
    is (a choice says how to change it), and whether it can be used now."""
    if kind == "choice":
        text = _("{label}, a choice: Left or Right changes it").format(label=label)
    elif kind == "slider":
        text = _("{label}, a slider: Left or Right moves it").format(label=label)
    elif kind == "field":
        text = _("{label}, a text field: Enter to type").format(label=label)
    else:
        text = _("{label}, button").format(label=label)
    if not enabled:
        text = _("{control}, not available now").format(control=text)
    return text


def screen(title: str, line: str = "") -> str:
    """A screen that opened: its title and its first line. A title in capitals
    (the game's name on the title screen) is said as a word, not spelled out."""
    if title.isupper() and len(title) > 3:
        title = title.capitalize()
    return together([title, line])


def keys(score_key: str, *, board: bool = False) -> str:
    """How to find one's way by ear, said once where a player starts (the title,
    a match): the key that says the score (``score_key``, as the keyboard labels
    it), then how to reach the controls or, on a ``board``, its cells."""
    if board:
        return _(
            "Press {key} at any time to hear the score. Tab shows the board cursor, "
            "the arrows move it and Enter plays its cell."
        ).format(key=score_key)
    return _(
        "Press {key} at any time to hear the score. Tab moves between the buttons "
        "and Enter presses one."
    ).format(key=score_key)


def cursor_hidden() -> str:
    """The board cursor was put away (Esc)."""
    return _("Board cursor hidden.")


def listed(names: Sequence[str]) -> str:
    """Cell names as a list is said: "d4", "d4 and e4", "d4, e4 and e5"."""
    if len(names) < 2:
        return "".join(names)
    return _("{cells} and {last}").format(cells=", ".join(names[:-1]), last=names[-1])


def turn(color: Color, notation: str) -> str:
    """A turn played, in words: "Red places a tile on e5.", "Red flips d4, e4 and e5:
    a chain of three." (``notation`` is the turn in the game's notation)."""
    who = _(color.title)
    if notation == "pass":
        return _("{color} passes.").format(color=who)
    cells = [c for c in notation.split("x") if c]
    if not notation.startswith("x"):
        return _("{color} places a tile on {cell}.").format(color=who, cell=cells[0])
    if len(cells) == 1:
        return _("{color} flips {cell}.").format(color=who, cell=cells[0])
    return _("{color} flips {cells}: a chain of {n}.").format(
        color=who, cells=listed(cells), n=number(len(cells))
    )


def events(happened: Iterable[Event]) -> str:
    """What a match's events say: each completed turn, a forced pass, a refused
    click and why, a hint, and the result. The tiles of a turn as they are placed
    and flipped say nothing: the turn says them whole."""
    parts: list[str] = []
    for ev in happened:
        if ev.kind == "turn" and ev.color is not None:
            parts.append(turn(ev.color, ev.text))
        elif ev.kind == "over":
            parts.append(result(ev.text))
        elif ev.kind in ("pass", "refused", "error", "hint"):
            parts.append(ev.text)
    return together(parts)


def chain_step(chain: Chain | None) -> str:
    """During a chain the player clicks through: what is owed next."""
    if chain is None:
        return ""
    owed = chain.owed_names()
    if not owed:
        return ""
    return ngettext(
        "Chain: now flip {cells}.", "Chain: now flip one of {cells}.", len(owed)
    ).format(cells=listed(owed))


def cell(board: Board, chain: Chain | None, at: int, *, your_turn: bool) -> str:
    """The board cell under the cursor: its name, who owns it and the size of its
    group, then, on the player's turn, what a press of Enter would do there."""
    tile = board.tile_at(at)
    if tile is None:
        what = describe(board, at)
    else:
        size = next(len(g) for g in board.groups(tile) if at in g)
        name, color = board.geometry.names[at], _(tile.title)
        what = (
            _("{cell}: {color}, on its own.").format(cell=name, color=color)
            if size == 1
            else _("{cell}: {color}, in a group of {n}.").format(
                cell=name, color=color, n=number(size)
            )
        )
    if not your_turn:
        return what
    action, tone = explain(board, chain, at, your_turn=True)
    if tone == "info":
        action = ""  # one of the mover's own tiles: the owner says it all
    return together([what, action])


def score(board: Board, players: dict[Color, str], *, over: str = "", last: str = "") -> str:
    """The score and whose turn it is (the key that asks for them): each side's
    player and tiles, the last turn played, then who is to move or, ``over``, the
    result."""
    parts = []
    for side in (RED, BLUE):
        n = board.count(side)
        parts.append(
            ngettext("{side}, {player}: {n} tile.", "{side}, {player}: {n} tiles.", n).format(
                side=_(side.title), player=player_name(players[side]), n=n
            )
        )
    if last:
        parts.append(_("Last turn: {turn}").format(turn=last))
    if over:
        parts.append(result(over))
    else:
        parts.append(_("{side} to move.").format(side=_(board.mover.title)))
    return together(parts)


def result(text: str) -> str:
    """The game's end: the result as the screen words it."""
    return _("Game over: {result}").format(result=text)
