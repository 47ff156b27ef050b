"""How deep, and how long, the analysis looks again at a turn once every turn
has its final verdict (:class:`~.game_analysis.GameAnalysis`): the unsure
labels, the flagged ones, and the ending's turns not settled exactly."""

from __future__ import annotations

#: Once every turn has its final verdict, the turns whose label the judge was
#: not sure of (it changed between its last two depths) are judged again, one
#: depth deeper each time, while the player looks: each within these seconds,
#: to this depth at most. A turn whose label holds across the two deepest
#: depths is settled; one the time cannot take deeper keeps its "?".
REFINE_SECONDS = 2.0
REFINE_DEPTH = 9
#: A deeper look's time grows with the board from side 6 (twice on side 6,
#: three times on side 7), and doubles again where it would confirm a mistake
#: or a blunder: one search depth costs about three times the one before on
#: side 6, so in 2 s depth 8 rarely finished there, and all ten of the 30
#: measured games' blunders were on side 6 (issue 53). The few confirmations
#: a game needs run in the background, after the first answers.
REFINE_GROWS_FROM = 5
CONFIRM_TIMES = 2
#: Inaccuracies, mistakes and blunders are looked at again until this deep,
#: sure or not: a blunder a shallow search sees as an inaccuracy is otherwise
#: never named (issue 53: 3 of the judge's 6 blunders were).
CHECK_DEPTH = 7
#: A mistake or a blunder is confirmed one depth deeper still before it stands:
#: of those left once the looks to depth 7 had settled, 5 of 59 were good turns
#: to the judge, and a deeper search mostly agrees better with a deeper judge.
CONFIRM_DEPTH = CHECK_DEPTH + 1
#: The depth each label is looked at again until.
CHECKED = {"inaccuracy": CHECK_DEPTH, "mistake": CONFIRM_DEPTH, "blunder": CONFIRM_DEPTH}


def refine_seconds(side: int, label: str) -> float:
    """A deeper look's seconds at a turn labelled ``label`` on a board of
    ``side`` (:data:`REFINE_GROWS_FROM`, :data:`CONFIRM_TIMES`)."""
    grown = REFINE_SECONDS * max(1, side - REFINE_GROWS_FROM + 1)
    return grown * (CONFIRM_TIMES if CHECKED.get(label) == CONFIRM_DEPTH else 1)
