"""The tutorial's lessons, without pygame: each a short text, a position on a live
board and a task the player must do to go on. The engine checks each try and
explains a wrong one in the game's own words.

A :class:`LessonRun` is one try at a lesson: clicks go to :meth:`LessonRun.click`
(or an answer to :meth:`LessonRun.answer`), and the :class:`Feedback` that comes
back says what happened and whether the lesson is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import N_, _, ngettext
from game.puzzles.solve import analyse_flips
from game.rules import BLUE, RED, Board, Chain, Color, RulesError, Turn

from .chain_on_board import ChainOnBoard
from .explain import it
from .match import sentence


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    text: str
    fen: str
    #: What the player must do: "answer" (pick one of ``options``), "place",
    #: "refuse" (find a cell refused for the reason in ``goal``), "flip", "chain",
    #: "most" (the flip turn that takes the most tiles) or "pass".
    task: str
    goal: str = ""
    options: tuple[str, ...] = ()
    done_text: str = ""
    #: Counter entries ("Red groups", "Blue tiles", ...) that would give away the
    #: answer, shown as "?" until the lesson is done.
    hidden: tuple[str, ...] = ()


#: A lesson's closing question: the last sentence, ending in "?", after the
#: sentence or paragraph before it (Spanish opens it with "¿").
_QUESTION = re.compile(r"(?s)^(.*[.!:\n])\s*([^.!:\n]+\?)\s*$")


def split_question(text: str) -> tuple[str, str]:
    """A lesson's (translated) text as what it explains and the question it
    ends with ("" if it asks none): the question is shown apart from the text,
    in view even where the text must scroll."""
    found = _QUESTION.match(text)
    if found is None:
        return text, ""
    return found.group(1).rstrip(), found.group(2).strip()


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "groups",
        N_("Groups"),
        N_(
            "A group is a set of tiles of one colour joined edge to edge. A tile on its own "
            "is a group too. The counter on the right keeps count for both players.\n"
            "How many groups does Red have here?"
        ),
        "1B2/5/4RB/5B1/6/4R/2R1 r",
        "answer",
        options=("1", "2", "3", "4"),
        goal="3",
        done_text=N_(
            "Right: three Red groups. Tiles that touch are one group, whatever the shape."
        ),
        hidden=("Red groups",),  # i18n: keys
    ),
    Lesson(
        "place",
        N_("Placing a tile"),
        N_(
            "On your turn you either place one tile or flip enemy tiles. Place a Red tile now: "
            "on an empty cell that touches an enemy tile, or touches nothing at all (and does not "
            "join two of your groups: lesson 4). The small dots mark every cell where you may "
            "place (the legal-move markers; Settings can hide them). After a turn a thin white "
            "outline marks the last move."
        ),
        "1B2/5/4RB/5B1/6/4R/2R1 r",
        "place",
        done_text=N_(
            "Placed. In a match, point the mouse at any cell to see whether you may place there."
        ),
    ),
    Lesson(
        "refuse-own",
        N_("Where you may not place (1)"),
        N_(
            "You may not place on a cell that touches only your own tiles: a new tile must touch "
            "an enemy tile or nothing. Click a cell where Red may not place for that reason."
        ),
        "RRR1/B1RRB/R1R2B/BR1BRR1/3RBB/1RB2/RBB1 r",
        "refuse",
        goal="touches only",  # i18n: a key
        done_text=N_("Refused, and the line above the board says why: it explains every refusal."),
    ),
    Lesson(
        "refuse-join",
        N_("Where you may not place (2)"),
        N_(
            "Placing may never join two of your groups into one: that can only happen by "
            "flipping. Click a cell where Red may not place because it would join two Red groups."
        ),
        "RRR1/B1RRB/R1R2B/BR1BRR1/3RBB/1RB2/RBB1 r",
        "refuse",
        goal="would join",  # i18n: a key
        done_text=N_("Right: it touches two Red groups. Flipping is how groups join."),
    ),
    Lesson(
        "flip",
        N_("A first flip"),
        N_(
            "Instead of placing you may flip an enemy tile to your colour, if that lowers both "
            "your number of groups and the total number of groups. In practice: an enemy tile "
            "between two or more of your groups. A gold ring and dot mark each tile you may flip; "
            "if a flip owes another, a gold ring alone marks the tile to flip next. Watch the "
            "counter as you flip."
        ),
        "1RRB/B1B1B/1RBR1R/RBBBB1R/RB1BRB/RBR1B/RBRR r",
        "flip",
        done_text=N_("Flipped: Red's groups went down, and so did the total."),
    ),
    Lesson(
        "forced",
        N_("A forced chain"),
        N_(
            "After a flip, if an enemy tile next to a tile you flipped this turn can now be "
            "flipped, you must flip it, and so on. Pulsing gold rings mark the tiles owed next; "
            "white rings mark what you flipped this turn. Not every flip owes another: find a "
            "gold-ringed tile whose flip starts a chain, and follow the chain to the end: the "
            "turn ends by itself."
        ),
        "1RB1/RBB1B/BBRB1R/R1R1B1R/1R1BRB/1B1BB/RRBR r",
        "chain",
        done_text=N_(
            "The whole chain, one turn. Before a chain ends, a right-click takes back "
            "its last flip; Esc takes back the whole chain."
        ),
    ),
    Lesson(
        "choice",
        N_("A chain with a choice"),
        N_(
            "Sometimes more than one tile is owed: you choose which to flip next, then the chain "
            "goes on from there. Play a chain through where you get to choose."
        ),
        "R1R1/1BB2/BRB3/BR1R2R/1RB1R1/3BB/R1B1 r",
        "chain",
        goal="choice",
        done_text=N_("You chose, and the chain went on from your choice."),
    ),
    Lesson(
        "order",
        N_("When the order matters"),
        N_(
            "Which tile you flip first, and in which order you go on, can change how many tiles "
            "you take in the end. Find the flip turn that takes the most tiles here."
        ),
        "R1RR/BBBRR/RBRBRR/RBRBB1B/BBBB2/RB3/RRRB r",
        "most",
        done_text=N_("The most tiles there are. The puzzles are all about this choice."),
    ),
    Lesson(
        "pass",
        N_("Passing"),
        N_(
            "If you can neither place nor flip, you pass: it is never a choice. In a match the "
            "game passes for you and says so. Here the board is full, so nobody can place, and "
            "no Red flip would lower both counts: Red has no legal turn. Pass."
        ),
        "BBBB/RRBRR/RRBRBR/BRBRBBR/RRRRRB/RRBRR/BRBR r",
        "pass",
        done_text=N_("Passed. Blue plays on."),
    ),
    Lesson(
        "end",
        N_("The end and the count"),
        N_(
            "The game ends when neither player can move. Most tiles on the board wins; equal "
            "counts draw. Who has won this finished game?"
        ),
        "RBBR/BRBBB/BRBRRB/BRRRRRB/BBRRRB/BBBRB/RRBB r",
        "answer",
        options=(N_("Red"), N_("Blue"), N_("A draw")),
        done_text="",
        hidden=("Red tiles", "Blue tiles"),  # i18n: keys
    ),
)


@dataclass(frozen=True)
class Feedback:
    """What a try did. kind: ``refused`` (a rule said no; ``text`` says which),
    ``moved`` (a tile changed; the lesson goes on), ``back`` (flips of a chain taken
    back: ``cells``), ``wrong`` (a legal try that is not the task's answer) or ``done``."""

    kind: str
    text: str = ""
    cells: tuple[int, ...] = ()
    color: Color | None = None


class LessonRun(ChainOnBoard):
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.start = Board(lesson.fen)
        self.done = False
        #: Done once on this visit: starting it again keeps "Next lesson" offered.
        self.passed = False
        self.reset()

    def reset(self) -> None:
        self.board = self.start.copy()
        self.chain: Chain | None = None
        self.chose = False  # a chain in this try offered a choice

    def again(self) -> None:
        """Start the lesson over, for another go at its task."""
        self.passed = self.passed or self.done
        self.done = False
        self.reset()

    @property
    def may_go_on(self) -> bool:
        """Is the next lesson offered: this one done now, or earlier on this visit?"""
        return self.done or self.passed

    def counter(self, color: Color) -> str:
        """The counter's line for ``color``, with what the lesson asks kept back."""
        shown = self.shown()
        n_groups, n_tiles = self.group_count(color), shown.count(color)
        groups = ngettext("{n} group", "{n} groups", n_groups).format(n=n_groups)
        tiles = ngettext("{n} tile", "{n} tiles", n_tiles).format(n=n_tiles)
        if not self.done:
            # The keys of ``hidden`` stay English: "Red groups", "Blue tiles".
            if f"{color.title} groups" in self.lesson.hidden:
                groups = _("? groups")
            if f"{color.title} tiles" in self.lesson.hidden:
                tiles = _("? tiles")
        return _("{color}: {groups}, {tiles}").format(
            color=_(color.title), groups=groups, tiles=tiles
        )

    def keep_going(self) -> str:
        """What to do next during a chain."""
        names = [self.board.geometry.names[c] for c in self.owed()]
        if len(names) == 1:
            return _("Keep going: flip {cell}, the gold-ringed tile.").format(cell=names[0])
        return _("Keep going: flip one of the gold-ringed tiles, {cells}.").format(
            cells=_("{cells} or {last}").format(cells=", ".join(names[:-1]), last=names[-1])
        )

    def take_back_flip(self) -> Feedback | None:
        """Undo the last flip of an unfinished chain (None if there is none)."""
        if self.chain is None:
            return None
        cell = self.chain.cells[-1]
        self.chain = self.chain.take_back()
        self.chose = offered_choice(self.chain)
        name = self.board.geometry.names[cell]
        if self.chain is None:
            text = _("Took back {cell}: nothing is flipped now. Start on any gold-ringed tile.")
            text = text.format(cell=name)
        else:
            text = _("Took back {cell}. {next}").format(cell=name, next=self.keep_going())
        return Feedback("back", text, (cell,), self.board.mover)

    def take_back_chain(self) -> Feedback | None:
        """Undo every flip of an unfinished chain (None if there is none)."""
        if self.chain is None:
            return None
        cells = self.chain.cells
        self.chain = None
        self.chose = False
        return Feedback(
            "back",
            ngettext(
                "Took back the whole chain ({n} flip). Start on any gold-ringed tile.",
                "Took back the whole chain ({n} flips). Start on any gold-ringed tile.",
                len(cells),
            ).format(n=len(cells)),
            cells,
            self.board.mover,
        )

    def answer_text(self) -> str:
        """The right answer of an "answer" lesson."""
        if self.lesson.id == "end":
            winner = self.start.winner()
            return "A draw" if winner is None else winner.title  # i18n: an option's key
        return self.lesson.goal

    # -- tries ----------------------------------------------------------------------
    def answer(self, option: str) -> Feedback:
        right = self.answer_text()
        if option == right:
            self.done = True
            text = _(self.lesson.done_text) if self.lesson.done_text else self.end_text()
            return Feedback("done", text)
        if self.lesson.id == "groups":
            return Feedback(
                "wrong",
                _("Not {option}: count again. Tiles that share an edge are one group.").format(
                    option=_(option)
                ),
            )
        return Feedback(
            "wrong", _("Not {option}: count the tiles of each colour.").format(option=_(option))
        )

    def end_text(self) -> str:
        b = self.start
        red, blue = b.count(RED), b.count(BLUE)
        return _("Red has {red} tiles, Blue {blue}: the one with more tiles wins.").format(
            red=red, blue=blue
        )

    def pass_turn(self) -> Feedback:
        if self.lesson.task != "pass":
            return Feedback("wrong", _("Passing is only for when there is no legal turn."))
        self.board.push(Turn.passing())
        self.done = True
        return Feedback("done", _(self.lesson.done_text))

    def click(self, cell: int) -> Feedback:
        lesson = self.lesson
        if self.done:
            return Feedback("wrong", _("This lesson is done: go on to the next one."))
        if lesson.task == "answer":
            return Feedback("wrong", _("Answer with the buttons on the right."))
        if lesson.task == "pass":
            return Feedback("refused", _("Red has no legal turn: no placement and no flip. Pass."))
        if lesson.task == "refuse":
            return self._refuse(cell)
        mover = self.board.mover
        flipping = lesson.task in ("flip", "chain", "most") and self.chain is None
        if flipping and self.board.tile_at(cell) is None:
            return Feedback("refused", _("This lesson is about flipping: click an enemy tile."))
        if lesson.task == "place" and self.board.tile_at(cell) is not None:
            return Feedback("refused", _("This lesson is about placing: click an empty cell."))
        try:
            done = self.board.click(cell, self.chain)
        except RulesError as e:
            return Feedback("refused", sentence(str(e)))
        if isinstance(done, Chain):
            self.chain = done
            self.chose = offered_choice(done)
            return Feedback("moved", self.keep_going(), (cell,), mover)
        self.chain = None
        return self._judge(done, cell, mover)

    def _refuse(self, cell: int) -> Feedback:
        board = self.board
        name = board.geometry.names[cell]
        mover = _(board.mover.title)
        if board.tile_at(cell) is not None:
            return Feedback(
                "wrong", _("{cell} is not empty: look for an empty cell.").format(cell=name)
            )
        reasons = reasons_not_place(board, cell)
        if not reasons:
            text = _("{color} may place on {cell}: find a cell where it may not.")
            return Feedback("wrong", text.format(color=mover, cell=name))
        goal = self.lesson.goal
        # The lesson's own rule first, so a cell that breaks both rules reads as a right answer.
        reasons.sort(key=lambda r: goal != r[0])
        why = reasons[0][1]
        for _rule, text in reasons[1:]:
            why = _("{reason}, and {more}").format(reason=why, more=it(text, name))
        why = sentence(why)
        if goal == reasons[0][0]:
            self.done = True
            return Feedback(
                "done", _("{why} {done}").format(why=why, done=_(self.lesson.done_text))
            )
        # i18n: keys (the lesson's goal)
        wanted = {
            "touches only": _(
                "{why} That is the other rule: find a cell that touches only {color}'s own tiles."
            ),
            "would join": _(
                "{why} That is the other rule: find a cell that would join two {color} groups."
            ),
        }[goal]
        return Feedback("wrong", wanted.format(why=why, color=mover))

    def _judge(self, turn: Turn, cell: int, mover: Color) -> Feedback:
        lesson = self.lesson
        cells = turn.cells
        if lesson.task == "place":
            self.done = True
            return Feedback("done", _(lesson.done_text), cells, mover)
        if lesson.task == "flip":
            before = self.start
            red_before, total_before = (
                before.group_count(RED),
                before.group_count(RED) + before.group_count(BLUE),
            )
            red, total = (
                self.board.group_count(RED),
                self.board.group_count(RED) + self.board.group_count(BLUE),
            )
            self.done = True
            text = _(
                "Red's groups went from {red_before} to {red}, and all groups from "
                "{total_before} to {total}. {done}"
            ).format(
                red_before=red_before,
                red=red,
                total_before=total_before,
                total=total,
                done=_(lesson.done_text),
            )
            return Feedback("done", text, cells, mover)
        if lesson.task == "chain":
            # A chain is a flip that owed at least one more: two flips already make one.
            if len(cells) < 2:
                self.reset()
                return Feedback(
                    "wrong",
                    _(
                        "That flip owed nothing more, so it made no chain: "
                        "start on another gold-ringed tile."
                    ),
                )
            if lesson.goal == "choice" and not self.chose:
                self.reset()
                return Feedback("wrong", _("That chain offered no choice: start somewhere else."))
            self.done = True
            return Feedback("done", _(lesson.done_text), cells, mover)
        best = analyse_flips(self.start).best
        if len(cells) < best:
            self.reset()
            n = len(cells)
            return Feedback(
                "wrong",
                ngettext(
                    "You took {n} tile; the best turn takes {best}. "
                    "Try another first flip, or another order.",
                    "You took {n} tiles; the best turn takes {best}. "
                    "Try another first flip, or another order.",
                    n,
                ).format(n=n, best=best),
            )
        self.done = True
        return Feedback("done", _(lesson.done_text), cells, mover)


def reasons_not_place(board: Board, cell: int) -> list[tuple[str, str]]:
    """Every rule that refuses the mover a placement on the empty ``cell``, each as
    its key ("would join", "touches only": a lesson's ``goal``) and its words in the
    player's language. The rules core names only the first, but a cell can break
    both rules, and a lesson about either one must not call it the other."""
    first = board.why_not_place(cell)
    if first is None:
        return []
    mover = board.mover
    around = board.geometry.neighbours[cell]
    near = {board.tile_at(n) for n in around}
    # The keys come from the board, not from the words, which are translated.
    joins = sum(1 for g in board.groups(mover) if any(n in g for n in around)) >= 2
    only_own = mover in near and mover.other not in near
    # i18n: keys
    reasons = [("would join" if joins else "touches only", first)]
    if joins and only_own:
        text = _("{cell} touches only {color}'s own tiles").format(
            cell=board.geometry.names[cell], color=_(mover.title)
        )
        reasons.append(("touches only", text))  # i18n: a key
    return reasons


def offered_choice(chain: Chain | None) -> bool:
    """Whether ``chain``, at any flip so far, owed more than one tile."""
    while chain is not None:
        if len(chain.owed()) > 1:
            return True
        chain = chain.take_back()
    return False
