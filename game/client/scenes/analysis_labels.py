"""The analysis's labels as drawn: their words and colours, shared by the
analysis screen and its legend."""

from __future__ import annotations

from game.i18n import N_, _
from game.play.game_analysis import TurnVerdict

from .. import theme

#: The verdicts' words, for extraction (they are translated where drawn).
LABELS = (N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder"))
LABEL_COLOR = {
    "best": theme.GOOD,
    "good": theme.TEXT,
    "inaccuracy": theme.ACCENT,
    "mistake": (245, 150, 70),
    "blunder": theme.BAD,
}


def verdict_shown(verdict: TurnVerdict) -> tuple[str, theme.Color]:
    """A verdict's word and colour: a forced pass, which had no choice, is not "best"."""
    if verdict.played == "pass":
        return _("forced"), theme.MUTED
    word = _(verdict.label)
    if verdict.unsure:  # the judge's last two depths disagreed: see labels_note
        word = _("{label}?").format(label=word)
    return word, LABEL_COLOR[verdict.label]


def label_shown(name: str) -> tuple[str, theme.Color]:
    """A label of the legend ("?" and "forced" among them) as the list shows it."""
    if name == "?":
        return _("{label}?").format(label=""), theme.ACCENT
    if name == "forced":
        return _("forced"), theme.MUTED
    return _(name), LABEL_COLOR[name]
