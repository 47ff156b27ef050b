"""History's choice of opponent: "All" and every opponent side by side where
they read at their own size, else "All" and a stepper over the opponents (ten
AI levels, people online), so that every one is reached."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import N_, _
from game.play.match import player_name

from .. import theme
from ..stepper_choice import StepperChoice
from ..widgets import Segments


def opponent_name(value: str) -> str:
    """A filter option as shown: "All" in the player's words, else whom."""
    return _(value) if value == "All" else player_name(value)


def opponent_filter(
    against: Sequence[str],
    value: str,
    on_change: Callable[[str], None],
    *,
    size: int,
    side_by_side: bool,
    old: Segments | None = None,
) -> Segments:
    """The choice among "All" and ``against``. Made again (back from a game, a
    resize), the stepper shows the opponent ``old`` showed."""
    options = [N_("All"), *against]
    if side_by_side:
        return Segments(N_("Against"), options, value, on_change, size=size, shown=opponent_name)
    stepped = old.options[old.stepped] if isinstance(old, StepperChoice) else value
    return StepperChoice(
        N_("Against"),
        options,
        value,
        on_change,
        stepped=stepped,
        size=size,
        shown=opponent_name,
    )


def reads_side_by_side(probe: Segments, width: int, height: int, size: int) -> bool:
    """Do ``probe``'s options read at their own ``size`` laid out ``width`` by
    ``height`` (a play-test found five opponents shrunk to 8 pixels)?"""
    return probe.sizes_at(width, height)[1] >= max(theme.FLOOR_PX, theme.px(size))
