"""What the tour checks on each screen: controls off the window or over each
other, the options of choices stacked in a column out of line, texts out of
their box or over another text, a control or a line drawn through them, a label
smaller than the others of its row or column, a button's label a whole text
size under what it asks, a question scrolled out of view, a text without its margin in its
control or card (:mod:`.margins`), and (between a Normal and a Large run at one
window size) a text drawn smaller in Large."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from typing import cast

import pygame

from game.i18n import _ as translated

from .. import text_layout, theme
from ..app import App
from ..glyphs import Face
from ..glyphs import words as glyph_words
from ..widgets import LABEL_FLOOR, Button, Segments, Widget
from .margins import cramped, recording_frames

#: A line segment drawn: its two ends.
Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass
class Look:
    """One draw of the top scene, as the checks see it."""

    scene: str
    #: Each text drawn: what, where, the box it belongs in, its pixel size.
    texts: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = field(default_factory=list)
    #: Each line drawn with ``pygame.draw.line``/``lines``/``aaline``/``aalines``.
    lines: list[Segment] = field(default_factory=list)
    #: Beside :attr:`texts`, entry for entry: the pixel size each was asked for.
    asked: list[int] = field(default_factory=list)
    #: The lines of each scrolled page that are out of view.
    hidden: list[list[str]] = field(default_factory=list)
    #: Each rounded rectangle drawn: the controls' and cards' frames.
    frames: list[pygame.Rect] = field(default_factory=list)


@contextmanager
def recording_lines(surface: pygame.Surface, into: list[Segment]) -> Iterator[None]:
    """While it lasts, every line pygame draws on ``surface`` is also noted in
    ``into`` (a graph, a marker, a strike-through): what the check sees of them."""
    kept: dict[str, Callable[..., pygame.Rect]] = {
        n: getattr(pygame.draw, n) for n in ("line", "lines", "aaline", "aalines")
    }

    def one(name: str) -> Callable[..., pygame.Rect]:
        def drawn(
            target: pygame.Surface, color: object, *args: object, **kw: object
        ) -> pygame.Rect:
            if target is surface:
                if name in ("line", "aaline"):
                    into.append((_point(args[0]), _point(args[1])))
                else:
                    points = [_point(p) for p in cast(Iterable[object], args[1])]
                    if args[0]:  # closed
                        points.append(points[0])
                    into.extend(pairwise(points))
            return kept[name](target, color, *args, **kw)

        return drawn

    try:
        for name in kept:
            setattr(pygame.draw, name, one(name))
        yield
    finally:
        for name, f in kept.items():
            setattr(pygame.draw, name, f)


def _point(p: object) -> tuple[float, float]:
    xy = cast(Sequence[float], p)
    return float(xy[0]), float(xy[1])


def look(app: App) -> Look | None:
    """Draw the top scene once on a copy of the window and note its texts and lines."""
    top = app.scenes.top
    if top is None:
        return None
    seen = Look(type(top).__name__)
    scratch = app.screen.copy()
    theme.drawn_texts, theme.drawn_px, theme.drawn_lines = [], [], []
    theme.drawn_hidden, theme.drawn_asked = [], []
    try:
        with recording_lines(scratch, seen.lines), recording_frames(scratch, seen.frames):
            top.draw(scratch)
        drawn = zip(theme.drawn_texts, theme.drawn_px, theme.drawn_lines, strict=True)
        # Each line of a wrapped text is checked as a text of its own.
        seen.texts = [
            (m, r, b, p) for (s, m, _, b), p, lines in drawn if s is scratch for r in lines
        ]
        seen.asked = [
            a
            for (s, *_), a, lines in zip(
                theme.drawn_texts, theme.drawn_asked, theme.drawn_lines, strict=True
            )
            if s is scratch
            for _r in lines
        ]
        seen.hidden = [lines for s, lines in theme.drawn_hidden if s is scratch]
    finally:
        theme.drawn_texts, theme.drawn_px, theme.drawn_lines = None, [], []
        theme.drawn_hidden, theme.drawn_asked = [], []
    return seen


def controls_of(top: object) -> list[Widget]:
    """The scene's controls, and its side panel's (a match keeps its buttons there)."""
    panel = getattr(top, "panel", None)
    found = [*getattr(top, "controls", []), *getattr(panel, "controls", [])]
    return [c for c in found if c.rect.width and c.rect.height]


def layout_problems(app: App) -> list[str]:
    """Controls of the top scene that stick out of the window or overlap each
    other: what a window too small for a layout looks like."""
    top = app.scenes.top
    if top is None:
        return []
    window = app.screen.get_rect()
    controls = controls_of(top)
    problems = []
    for c in controls:
        if not window.contains(c.rect):
            problems.append(f"{type(top).__name__}: {label(c)!r} sticks out of the window")
        text = getattr(c, "label", "")
        floor = theme.face(theme.normal_px(LABEL_FLOOR)).size(text)[0] if text else 0
        if isinstance(c, Button) and text and floor > c.rect.width - 4:
            problems.append(f"{type(top).__name__}: {text!r} is too long for its button")
    for i, a in enumerate(controls):
        for b in controls[i + 1 :]:
            if a.rect.colliderect(b.rect):
                problems.append(f"{type(top).__name__}: {label(a)!r} overlaps {label(b)!r}")
    return problems + out_of_line(type(top).__name__, controls)


def out_of_line(name: str, controls: Sequence[Widget]) -> list[str]:
    """Choices stacked in one column (each a title and its options, side by side)
    whose options do not start at one edge: the eye reads them as a table."""
    choices = [c for c in controls if callable(getattr(c, "parts", None))]
    problems = []
    for i, a in enumerate(choices):
        for b in choices[i + 1 :]:
            if (a.rect.left, a.rect.width) != (b.rect.left, b.rect.width):
                continue  # not one column
            first_a, first_b = a.parts()[0], b.parts()[0]  # type: ignore[attr-defined]
            if abs(first_a.left - first_b.left) > 1:
                problems.append(
                    f"{name}: the options of {label(a)!r} and {label(b)!r} are out of line"
                )
    return problems


def ink(r: pygame.Rect) -> pygame.Rect:
    """The letters of a text's box: a font's line box is taller than its letters,
    and a line may touch the next."""
    return r.inflate(-2, -max(4, r.height // 3))


#: The least room between a control's label and the control's left or right edge.
EDGE_ROOM = 3
#: The smallest pixel size a control's label is readable at, whatever the window.
READABLE_PX = 13


def text_problems(app: App, seen: Look | None = None) -> list[str]:
    """Texts of the top scene that run out of the box they belong in (a button's,
    else the window), touch their control's edge, lie over another text, a
    control or a line drawn, or are drawn a text size under their own."""
    seen = seen or look(app)
    if seen is None:
        return []
    top = app.scenes.top
    window = app.screen.get_rect()
    controls = controls_of(top)
    name = seen.scene

    def owns(box: pygame.Rect | None, control: Widget) -> bool:
        return box is not None and (box.contains(control.rect) or control.rect.contains(box))

    problems = []
    for msg, r, box, pixels in seen.texts:
        letters = ink(r)
        if not (box or window).contains(letters):
            where = "its box" if box is not None else "the window"
            problems.append(f"{name}: {msg[:40]!r} runs out of {where}")
        for c in controls:
            if box is not None and c.rect.contains(box):
                room = min(letters.left - c.rect.left, c.rect.right - letters.right)
                if room < EDGE_ROOM:
                    problems.append(f"{name}: {msg[:40]!r} touches the edge of {label(c)!r}")
            labelled = box is not None and c.rect.contains(box)
            if msg == translated(label(c)) and letters.colliderect(c.rect):
                labelled = True
                if not c.rect.contains(letters):
                    problems.append(f"{name}: {msg[:40]!r} is cut by the edge of its control")
            if labelled and pixels < READABLE_PX:
                problems.append(f"{name}: {msg[:40]!r} is drawn at {pixels}px, too small to read")
            if not owns(box, c) and letters.colliderect(c.rect) and msg != translated(label(c)):
                problems.append(f"{name}: {msg[:40]!r} lies over {label(c)!r}")
        if any(letters.clipline(a, b) for a, b in seen.lines):
            problems.append(f"{name}: a line is drawn through {msg[:40]!r}")
    for i, (m1, r1, _, _) in enumerate(seen.texts):
        for m2, r2, _, _ in seen.texts[i + 1 :]:
            if ink(r1).colliderect(ink(r2)):
                problems.append(f"{name}: {m1[:40]!r} lies over {m2[:40]!r}")
    problems += smaller_than_its_row(name, seen, controls)
    problems += below_the_text_size(name, seen, controls)
    problems += orphans(name, seen)
    problems += cramped(name, seen.texts, seen.frames, framed(controls), framing(controls))
    for lines in seen.hidden:
        hidden = " ".join(lines)
        if "?" in hidden:
            # The question's own words: from the end of the sentence before it.
            question = re.split(r"(?<=[.!:])\s", hidden[: hidden.rindex("?") + 1])[-1]
            problems.append(f"{name}: the question {question[-40:]!r} is scrolled out of view")
    problems += task_out_of_view(name, seen, getattr(top, "task", ""))
    return list(dict.fromkeys(problems))  # a text over a button is over its label too


def framed(controls: Sequence[Widget]) -> list[pygame.Rect]:
    """The frames whose texts are controls' labels: a plain button's (the frame
    drawn grows as the pointer lights it, the control does not) and each option
    of a choice."""
    plain = [c.rect for c in controls if type(c).draw is Button.draw]
    return plain + [r for c in controls if isinstance(c, Segments) for r in c.parts()]


def framing(controls: Sequence[Widget]) -> Callable[[pygame.Rect], str]:
    """How the margin rule names a frame: by the label of the control it is."""

    def named(frame: pygame.Rect) -> str:
        c = next((c for c in controls if c.rect == frame), None)
        return f"{label(c)!r}" if c is not None else "its card"

    return named


def task_out_of_view(name: str, seen: Look, task: object) -> list[str]:
    """A scene's ``task`` (what a lesson asks the player to do now), if it has
    one, must be drawn as a text of its own, every line of it in its box: not
    left in a page that scrolls, nor cut at the foot of a box too short."""
    if not isinstance(task, str) or not task:
        return []
    drawn = [(b, p) for m, _r, b, p in seen.texts if m == task]
    if not drawn:
        return [f"{name}: the task {task[-40:]!r} is scrolled out of view"]
    box, pixels = drawn[0]
    if box is not None and text_layout.block_height(task, 0, box.width, pixels=pixels) > box.height:
        return [f"{name}: the task {task[-40:]!r} is cut at the foot of its box"]
    return []


def smaller_than_its_row(name: str, seen: Look, controls: Sequence[Widget] = ()) -> list[str]:
    """Labels drawn smaller than another of their row or column. Texts in boxes
    of one size that stand side by side (one top) or one under the other (one
    left), as a row of buttons, a choice's options or a list of lines: asked at
    one size, or labels of controls (a grid of buttons is read as one, whatever
    each asked). And of
    one control's texts in a row (one top and height: a choice's title and its
    options, a field's title and its value), or of texts right over each other in
    one column (one left and width: a card's title over its line), one asked at
    least as large as another, yet drawn smaller."""
    boxed = [
        (m, b, p, a)
        for (m, _, b, p), a in zip(seen.texts, seen.asked, strict=True)
        if b is not None and b.width and b.height
    ]

    def labels(box: pygame.Rect) -> bool:
        return any(c.rect.contains(box) for c in controls)

    def one_control(a: pygame.Rect, b: pygame.Rect) -> bool:
        return any(c.rect.contains(a) and c.rect.contains(b) for c in controls)

    problems = []
    for m1, b1, p1, a1 in boxed:
        for m2, b2, p2, a2 in boxed:
            if p1 >= p2 or b1 == b2:
                continue
            aligned = b1.top == b2.top or b1.left == b2.left
            # Labels of two controls (a grid of buttons), whatever each asked: a
            # choice's title and its options are one control's, and may differ.
            apart = labels(b1) and labels(b2) and not one_control(b1, b2)
            grid = b1.size == b2.size and aligned and (a1 == a2 or apart)
            row = (b1.top, b1.height) == (b2.top, b2.height) and one_control(b1, b2)
            # One right over the other in one column (a card's title over its line,
            # a lesson's counter under its question, a margin of 8 between them).
            touching = min(abs(b1.bottom - b2.top), abs(b2.bottom - b1.top)) <= 8
            stacked = (b1.left, b1.width) == (b2.left, b2.width) and touching
            if grid or (a1 >= a2 and (row or stacked)):
                problems.append(
                    f"{name}: {m1[:40]!r} is drawn at {p1}px, smaller than "
                    f"{m2[:40]!r} beside it at {p2}px"
                )
                break
    return problems


#: One text size over the next smaller (Large over Normal): a label drawn at its
#: asked size divided by this, or less, is drawn a whole text size smaller.
TEXT_STEP = theme.TEXT_SCALES["Large"] / theme.TEXT_SCALES["Normal"]


def below_the_text_size(name: str, seen: Look, controls: Sequence[Widget] = ()) -> list[str]:
    """Buttons' labels drawn a whole text size smaller than asked (in Large, at
    Normal's size or less) where another button of the screen is drawn at its
    own size: the button was given no room for the text size the player chose."""
    buttons = [c for c in controls if isinstance(c, Button)]
    # A choice's title is no button: its options are (asked a size of their own).
    titles = [c.title_box() for c in buttons if isinstance(c, Segments)]
    labels = [
        (m, p, a)
        for (m, _, b, p), a in zip(seen.texts, seen.asked, strict=True)
        if b is not None
        and any(c.rect.contains(b) for c in buttons)
        and not any(t.colliderect(b) for t in titles)
    ]
    whole = [m for m, p, a in labels if p >= a]
    problems = []
    for m, p, a in labels:
        # Rounded: Large's size and Normal's are each rounded down from the size.
        if p <= round(a / TEXT_STEP) and [w for w in whole if w != m]:
            other = next(w for w in whole if w != m)
            problems.append(
                f"{name}: {m[:40]!r} is drawn at {p}px, a text size under the {a}px "
                f"asked, while {other[:40]!r} is drawn at its size"
            )
    return problems


def orphans(name: str, seen: Look) -> list[str]:
    """Wrapped texts out of balance (:meth:`Face.ragged`) where the same number
    of lines breaks more evenly: a word alone on the last line ("Spiele", "(1)"),
    or in a short text a word alone on any line ("mistakes,") or a last line of a
    few words under a long one ("Blue wins, 10 tiles / to 9.")."""
    problems = []
    # Each wrapped text's lines, by the text and its box (x, y, width, height).
    by_text: dict[tuple[str, int, int, int, int], list[tuple[pygame.Rect, int]]] = {}
    for msg, r, box, pixels in seen.texts:
        if box is not None and "\n" not in msg:
            by_text.setdefault((msg, *box), []).append((r, pixels))
    for (msg, _x, _y, width, _h), lines in by_text.items():
        words = glyph_words(msg)  # as the wrapping breaks it (French " :" clings)
        if len(lines) < 2 or len(words) <= len(lines):
            continue
        for bold in (False, True):
            f = theme.face(lines[-1][1], bold)
            drawn = _split(f, words, [r.width for r, _p in lines])
            if drawn is None:
                continue  # not the face it is drawn in: its lines are no runs of words
            even = f.even(words, width, len(drawn)) if f.ragged(drawn, len(words)) else None
            if even is not None and f.cost(even, width) < f.cost(drawn, width):
                if len(glyph_words(drawn[-1])) == 1:
                    what = f"{drawn[-1]!r} stands alone on the last line of {msg[:40]!r}"
                else:
                    what = f"the lines of {msg[:40]!r} are out of balance: {' / '.join(drawn)!r}"
                problems.append(f"{name}: {what}")
            break
    return problems


def _split(f: Face, words: list[str], widths: list[int]) -> list[str] | None:
    """The lines ``words`` were drawn in, from each line's width in ``f``; None
    if no run of words has a drawn line's width."""
    lines: list[str] = []
    i = 0
    for w in widths:
        j = next(
            (
                j
                for j in range(i + 1, len(words) + 1)
                if abs(f.size(" ".join(words[i:j]))[0] - w) <= 4
            ),
            None,
        )
        if j is None:
            return None
        lines.append(" ".join(words[i:j]))
        i = j
    return lines if i == len(words) else None


#: Per screen of a run ("shot-name: Scene"), each text and the pixel sizes it was drawn at.
Sizes = dict[str, dict[str, list[int]]]


def sizes_of(seen: Look) -> dict[str, list[int]]:
    """Each text of a screen and the pixel sizes it is drawn at (a wrapped text
    counts once: Large may take more lines than Normal)."""
    out: dict[str, list[int]] = {}
    for msg, _, _, p in seen.texts:
        out.setdefault(msg, []).append(p)
    return {m: sorted(set(p)) if len(set(p)) == 1 else p for m, p in out.items()}


def smaller_in_large(normal: Sizes, large: Sizes) -> list[str]:
    """Texts a Large run drew smaller than the Normal run of the same window size
    drew them, on the same screen: each text's sizes compared smallest first."""
    problems = []
    for screen, texts in large.items():
        for msg, big in texts.items():
            small = normal.get(screen, {}).get(msg)
            if not small:
                continue
            pairs = zip(sorted(big), sorted(small), strict=False)
            if len(big) != len(small):
                pairs = zip([min(big)], [min(small)], strict=True)
            for b, s in pairs:
                if b < s:
                    problems.append(f"{screen}: {msg[:40]!r} is {b}px in Large, {s}px in Normal")
                    break
    return problems


def label(control: Widget) -> str:
    return str(getattr(control, "label", "") or getattr(control, "title", ""))
