"""A choice of one option apart and a list of others on a stepper: who plays a
side of New match (the person, or one of the AI's levels), whom History's
games are against (all, or one opponent).

Twelve levels side by side leave each a sliver of a 640-pixel window (or two rows
of them, which push the rest of New match off its room), so the choice shows two
boxes: the first option, and one of the rest, which the arrows at the ends of its
box step down and up the list. Its value is still one of ``options``, and Right
while focused on the first chooses the option the stepper shows, as a click on
it does; from one of the rest Left and Right step down and up them, as its
arrows do, and Left from the lowest chooses the first again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _

from . import button_label, text_layout, theme
from .margin import framed_height, needed
from .widgets import LABEL_FLOOR, Segments

#: The first option's share of the room the options have; the stepper takes the rest.
FIRST_SHARE = 1 / 3
#: The gap between the two boxes, as between a choice's options.
GAP = 4


class StepperChoice(Segments):
    """A choice of ``options``: the first in a box of its own, then a stepper
    over the rest (a ladder of levels, weakest first). With the first chosen the
    stepper keeps the option it showed last (at first ``stepped``), which a
    click on its name chooses."""

    def __init__(
        self,
        title: str,
        options: Sequence[str],
        value: str,
        on_change: Callable[[str], None],
        *,
        stepped: str = "",
        ladder: bool = False,
        size: int = 20,
        shown: Callable[[str], str] = _,
    ) -> None:
        #: The rest are a ladder (levels, weakest first): where the stepper is
        #: tall enough, a row of pips under the name shows how far up it is.
        self.ladder = ladder
        #: The index of the option the stepper shows (never the first's).
        self.stepped = list(options).index(stepped) if stepped in options[1:] else 1
        self._index = 0
        super().__init__(title, options, value, on_change, size=size, shown=shown)

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        # Set by a click, a key, or a screen's own pick ("Match my level").
        self._index = value
        if value > 0:
            self.stepped = value

    # -- where things are --------------------------------------------------------
    def areas(self, left: int | None = None) -> tuple[pygame.Rect, pygame.Rect]:
        """The first option's box and the stepper's, the options starting at
        ``left`` (after the title's share unless told)."""
        if left is None:
            left = self.rect.left + self.title_width()
        room = max(2, self.rect.right - left - GAP)
        first = round(room * FIRST_SHARE)
        top, tall = self.rect.top, self.rect.height
        return (
            pygame.Rect(left, top, first, tall),
            pygame.Rect(left + first + GAP, top, room - first, tall),
        )

    def parts(self) -> list[pygame.Rect]:
        """The first option's box and the stepper's: the frames of the labels."""
        return list(self.areas())

    @staticmethod
    def arrow_width(stepper: pygame.Rect) -> int:
        """How wide each arrow's end of the stepper is."""
        return max(12, min(stepper.height, stepper.width // 5))

    def steps(self, stepper: pygame.Rect | None = None) -> tuple[pygame.Rect, pygame.Rect]:
        """The ends of the stepper that step down and up."""
        stepper = stepper or self.areas()[1]
        w = self.arrow_width(stepper)
        return (
            pygame.Rect(stepper.left, stepper.top, w, stepper.height),
            pygame.Rect(stepper.right - w, stepper.top, w, stepper.height),
        )

    def name_room(self, stepper: pygame.Rect | None = None) -> pygame.Rect:
        """Where the stepper's option is named: between its arrows."""
        stepper = stepper or self.areas()[1]
        w = self.arrow_width(stepper)
        return pygame.Rect(
            stepper.left + w, stepper.top, max(1, stepper.width - 2 * w), stepper.height
        )

    # -- sizes (the table of choices shares them: widgets.draw_all) ------------------
    def fit_px(self, left: int | None = None) -> int:
        """The pixel size every option fits at (the first in its box, each other
        between the arrows): one size, whichever the stepper shows."""
        first, stepper = self.areas(left)
        room = self.name_room(stepper)
        return min(
            button_label.one_line_px(
                self.shown(o), first if i == 0 else room, self.size, LABEL_FLOOR
            )
            for i, o in enumerate(self.options)
        )

    def options_px(self, title_width: int) -> int:
        return self.fit_px(self.rect.left + title_width)

    def spare(self) -> int:
        """The control's width less what the two boxes need at the chosen size."""
        f = theme.face(theme.px(self.size))
        pad = 2 * needed(theme.px(self.size), labels=True)[0]
        first = f.size(self.shown(self.options[0]))[0] + pad
        names = max((f.size(self.shown(o))[0] for o in self.options[1:]), default=0) + pad
        stepper = names + 2 * max(12, self.rect.height)
        need = max(first / FIRST_SHARE, stepper / (1 - FIRST_SHARE)) + GAP
        return self.rect.width - round(need)

    def sizes(self) -> tuple[int, int]:
        title = text_layout.label_px(
            _(self.title), self.title_box(), self.size + 2, floor=LABEL_FLOOR
        )
        return title, self.fit_px()

    # -- input ---------------------------------------------------------------------
    def step_by(self, by: int) -> None:
        """The option one step down (-1) or up (1) the stepper's list, chosen;
        none past either end."""
        self.choose(min(len(self.options) - 1, max(1, self.stepped + by)))

    def nudge(self, by: int) -> bool:
        """Left (-1) or Right (1) while focused (the keys', a controller's d-pad):
        from the first option, Right chooses the one the stepper shows (the box
        says what the key picks); from the rest, a step down or up them, none
        past the top, and down from the lowest to the first."""
        if self.index == 0:
            if by > 0 and len(self.options) > 1:
                self.choose(self.stepped)
        elif self.index + by < 1:
            self.choose(0)
        elif self.index + by < len(self.options):
            self.choose(self.index + by)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or len(self.options) < 2:
            return False
        first, stepper = self.areas()
        down, up = self.steps(stepper)
        if first.collidepoint(event.pos):
            self.choose(0)
        elif down.collidepoint(event.pos):
            self.step_by(-1)
        elif up.collidepoint(event.pos):
            self.step_by(1)
        elif stepper.collidepoint(event.pos):
            self.choose(self.stepped)
        else:
            return False
        return True

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        most = self.draw_title(surface)
        first, stepper = self.areas()
        lines = []
        for r, option in ((first, 0), (stepper, self.stepped)):
            if option >= len(self.options):
                continue  # nothing to step through
            color = self.draw_box(surface, r, (self.index == 0) == (option == 0))
            if option and self.index == 0:
                # Greyed while the first is chosen (play-test: "Human" beside a
                # bright "Beginner" read as playing as Beginner); still a click away.
                color = theme.MUTED
            room = r if option == 0 else self.name_room(r)
            lines.append((self.shown(self.options[option]), room, color))
        own = self.fit_px()
        pixels = min(own, most[1] or own)
        if len(lines) < 2:
            button_label.shared_labels(surface, lines, self.size, LABEL_FLOOR, most=pixels)
            return
        ink = lines[1][2]
        band = self.pip_band(pixels)
        beside = 0 if band else self.pips_beside(pixels)
        name, room, color = lines[1]
        if band:
            lines[1] = (
                name,
                pygame.Rect(room.left, room.top, room.width, room.height - band),
                color,
            )
            self.draw_pips(surface, lines[1][1], pixels, ink)
        elif beside:
            # Too low a box for the pips under the name (640x480 in Large text):
            # a row of them at the right of the name's room, the name in the rest.
            lines[1] = (name, self.beside_room(room, beside), color)
            x = self.pips_left(room, beside)
            pip_row(surface, x, room.centery, beside, len(self.options) - 1, self.stepped, ink)
        button_label.shared_labels(surface, lines, self.size, LABEL_FLOOR, most=pixels)
        # An arrow with no step further is hollow: in the box's ink on the
        # chosen (gold) box, where the frame's slate read as a smudge; in the
        # muted grey on a plain one, where the slate all but vanished.
        chosen = self.index != 0
        down, up = self.steps(stepper)
        for r, by in ((down, -1), (up, 1)):
            at_end = not 1 <= self.stepped + by < len(self.options)
            dim = ink if chosen else theme.MUTED
            arrow(surface, r, by, pixels, dim if at_end else ink, hollow=at_end)

    def pip_band(self, pixels: int) -> int:
        """How much of the stepper's foot the ladder's pips take: none where it
        is not a ladder, or where the name at ``pixels`` would lose its room."""
        if not self.ladder:
            return 0
        r = pip_radius(pixels)
        wide = 3 * r * (len(self.options) - 1)
        tall = framed_height(pixels) + 4 * r
        return 4 * r if self.rect.height >= tall and self.name_room().width >= wide else 0

    def pips_beside(self, pixels: int) -> int:
        """The radius of the ladder's pips beside the name, where the widest name
        keeps ``pixels`` in what they leave of its room; 0 where they do not go."""
        if not self.ladder:
            return 0
        room = self.name_room()
        for r in sorted({max(2, round(pixels / 7)), 2}, reverse=True):
            left = self.beside_room(room, r)
            if left.width > 0 and all(
                button_label.one_line_px(self.shown(o), left, self.size, LABEL_FLOOR) >= pixels
                for o in self.options[1:]
            ):
                return r
        return 0

    def pips_left(self, room: pygame.Rect, r: int) -> int:
        """The first pip's centre, of a row of radius ``r`` at the right of ``room``."""
        return room.right - 2 * r - 3 * r * (len(self.options) - 2)

    def beside_room(self, room: pygame.Rect, r: int) -> pygame.Rect:
        """The name's room left of a row of pips of radius ``r`` (a pip's gap apart)."""
        right = self.pips_left(room, r) - 3 * r
        return pygame.Rect(room.left, room.top, max(0, right - room.left), room.height)

    def draw_pips(
        self, surface: pygame.Surface, over: pygame.Rect, pixels: int, color: theme.Color
    ) -> None:
        """A pip a rung of the ladder, right under the name (``over``: its box,
        ``pixels`` its size), the rungs up to the one shown filled, the rest in
        outline."""
        rungs = len(self.options) - 1
        r = pip_radius(pixels)
        y = over.centery + theme.face(pixels).get_height() // 2 + 2 * r
        left = over.centerx - (rungs - 1) * 3 * r // 2
        pip_row(surface, left, y, r, rungs, self.stepped, color)


def pip_row(
    surface: pygame.Surface,
    left: int,
    y: int,
    r: int,
    rungs: int,
    stepped: int,
    color: theme.Color,
) -> None:
    """A pip a rung, 3 ``r`` apart from ``left`` on ``y``: those up to the rung
    ``stepped`` filled, the rest in outline."""
    for k in range(rungs):
        pygame.draw.circle(surface, color, (left + k * 3 * r, y), r, 0 if k < stepped else 1)


def pip_radius(pixels: int) -> int:
    """The radius of a ladder's pip under a name of ``pixels``."""
    return max(2, round(pixels / 6))


def arrow(
    surface: pygame.Surface,
    r: pygame.Rect,
    by: int,
    pixels: int,
    color: theme.Color,
    *,
    hollow: bool = False,
) -> None:
    """A triangle pointing left (``by`` -1) or right in the middle of ``r``, as
    tall as a capital of a text of ``pixels``: a step down or up; solid, or
    ``hollow`` (its outline only) where there is no step further."""
    tall = max(6, round(pixels * 0.7))
    wide = round(tall * 0.6)
    cx, cy = r.centerx, r.centery
    tip = cx + by * wide // 2
    back = cx - by * wide // 2
    corners = [(tip, cy), (back, cy - tall // 2), (back, cy + tall // 2)]
    # Two pixels: at one, the hollow arrow on the chosen (gold) box all but vanished.
    pygame.draw.polygon(surface, color, corners, 2 if hollow else 0)
