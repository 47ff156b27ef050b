"""The notes under History's lists saying which lines are in view and that the
rest scroll: "up" at the end of a list, where none are below (play-test: the
last result read "Result 6 of 6: scroll for the others"). No pygame."""

from __future__ import annotations

from game.i18n import _


def results_note(first: int, last: int, total: int) -> str:
    """Results ``first`` to ``last`` (from 1) of ``total`` are in view."""
    end = last >= total
    if first == last:
        said = (
            _("Result {first} of {total}: scroll up for the others")
            if end
            else _("Result {first} of {total}: scroll for the others")
        )
    elif end:
        said = _("Results {first} to {last} of {total}: scroll up for the others")
    else:
        said = _("Results {first} to {last} of {total}: scroll for the others")
    return said.format(first=first, last=last, total=total)


def games_note(first: int, last: int, total: int) -> str:
    """Games ``first`` to ``last`` (from 1) of ``total`` are in view."""
    if last >= total:
        said = _("Games {first} to {last} of {total}: scroll up for the others")
    else:
        said = _("Games {first} to {last} of {total}: scroll for the others")
    return said.format(first=first, last=last, total=total)
