"""What each of the analysis's labels means, in the tiles a turn gives up
against the engine's best, read from the limits that give the labels
(:data:`game.ai.analysis.THRESHOLDS`), and what a "?" after one means
(play-test: the labels were shown, nowhere explained). No pygame."""

from __future__ import annotations

from game.ai.analysis import THRESHOLDS
from game.i18n import N_, _

#: Over the lines: what their numbers count.
HEADING = N_("Tiles a turn gives up against the engine's best turn:")
#: A "?" after a label: the judge's last two depths disagreed (``Verdict.unsure``).
UNSURE = N_("not sure yet: a deeper look may change it")
#: A pass with no other turn to play is not judged.
FORCED = N_("a pass with no other turn to play")


def tiles(n: float) -> str:
    """A limit as the legend writes it: 1, 2, 4 (a half if one is ever set)."""
    return f"{n:g}"


def legend() -> list[tuple[str, str]]:
    """Each label (as the analysis names it, translated where drawn) with what
    it means, translated: best first, blunder, then "?" and "forced"."""
    out: list[tuple[str, str]] = []
    low: float | None = None
    for name, most in THRESHOLDS.items():
        if most <= 0:
            said = _("none")
        elif not low:  # from none given up: "more than 0" goes without saying
            said = _("up to {n}").format(n=tiles(most))
        else:
            said = _("more than {low}, up to {n}").format(low=tiles(low), n=tiles(most))
        out.append((name, said))
        low = most
    # A solved ending's turn that loses a win or a draw is a blunder whatever
    # its tiles (``exact_verdict``): the tiles' limit alone did not explain it.
    blunder = _("more than {n}, or any turn that throws away a won or drawn ending")
    out.append(("blunder", blunder.format(n=tiles(low or 0.0))))
    out.append(("?", _(UNSURE)))
    out.append(("forced", _(FORCED)))
    return out
