"""The game's font, drawn letter by letter at the font's own advances.

pygame-ce's ``Font.render`` shapes a line with kerning and unhinted advances but
draws hinted letters, and with the bundled sans that opens gaps inside words at
some sizes ("Verlau f", "Deut sch", "Échell e", "but tons"); its ``wraplength``
also breaks a word that does not fit a line in the middle. :class:`Face` measures
and draws a line as the sum of its letters' hinted advances (even spacing at
every size) and wraps at spaces only, keeping ``Font``'s interface, so every
caller (:func:`theme.face`) gets it unchanged.

The game has one font, pygame's bundled sans (``freesansbold.ttf``), which has
every letter of the five languages (tests/client/test_font_languages.py); there
is no fallback font. Its bold is SDL_ttf's, made by thickening each letter's
outline, and that thickening joins the two dots of "ä", "ö", "ü" into one bar
(the headings' "Zurück" read "Zurūck"). A bold letter whose parts join is drawn
as the bold letter's body with the plain letter's marks (:func:`kept_apart`),
or, where the body cannot be told from its marks ("%", "«"), as the plain letter.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

ColorValue = pygame.Color | Sequence[int] | str


#: A text of up to this many lines has no word alone on any line
#: (:meth:`Face.ragged`); a longer page only not on its last.
SHORT = 4


#: The most texts a face keeps the advances of (:meth:`Face.advances`).
KEPT_ADVANCES = 4096
#: The most letter images kept, for every face (:meth:`Face._glyph`).
KEPT_GLYPHS = 8192
#: The most texts whose widths are kept (:meth:`Face.size`), for every face.
KEPT_WIDTHS = 32768

#: By the face's pixel size, boldness and text: the line's width. A fit tries a
#: label at size after size and every layout and frame asks again. It is kept
#: for the whole run, across ``pygame.init()`` (:func:`theme.reset_fonts` makes
#: new faces of the same font, which measure the same): the tests start the game
#: afresh hundreds of times a run, and measured every text afresh each time.
_widths: dict[tuple[tuple[str | None, int], bool, str], int] = {}
#: Each letter's image, by face, letter, antialiasing, colour, boldness and line
#: height: kept for the run as the widths are (an image outlives its font).
_glyphs: dict[
    tuple[tuple[str | None, int], str, bool, tuple[int, ...], bool, int], pygame.Surface
] = {}


class Face(pygame.font.Font):
    def __init__(self, file: str | None, size: int) -> None:
        super().__init__(file, size)
        #: The font file (None: the bundled one) and size, for the kept widths.
        self.made = (file, size)
        #: By letter: does the bold thickening join its parts (see :func:`kept_apart`)?
        self.joined: dict[str, bool] = {}
        #: By text and boldness: each letter's advance. Every frame measures its
        #: texts again (to wrap, fit and place them) and asking the font was a
        #: tenth of a frame's drawing; a window's texts are few and come back.
        self._advances: dict[tuple[str, bool], tuple[int, ...]] = {}

    def advances(self, text: str) -> list[int]:
        key = (text, self.bold)
        found = self._advances.get(key)
        if found is None:
            if len(self._advances) >= KEPT_ADVANCES:
                self._advances.clear()  # a clock's or a typed text's many: start again
            found = tuple(m[4] if m else 0 for m in self.metrics(text))
            self._advances[key] = found
        return list(found)

    def size(self, text: str | bytes | None) -> tuple[int, int]:
        line = text.decode() if isinstance(text, bytes) else (text or "")
        key = (self.made, self.bold, line)
        width = _widths.get(key)
        if width is None:
            if len(_widths) >= KEPT_WIDTHS:
                _widths.clear()  # a clock's or a typed text's many: start again
            width = _widths[key] = sum(self.advances(line))
        return width, self.get_height()

    def render(  # type: ignore[override]
        self,
        text: str | bytes | None,
        antialias: bool,
        color: ColorValue,
        bgcolor: ColorValue | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        msg = text.decode() if isinstance(text, bytes) else (text or "")
        if wraplength <= 0 and "\n" not in msg:
            return self._line(msg, antialias, color)
        lines = self.wrap(msg, wraplength)
        images = [self._line(line, antialias, color) for line in lines]
        width = wraplength if wraplength > 0 else max(i.get_width() for i in images)
        step = self.get_linesize()
        out = pygame.Surface((max(1, width), step * len(images)), pygame.SRCALPHA)
        for n, img in enumerate(images):
            x = {pygame.FONT_CENTER: (width - img.get_width()) // 2}.get(self.align, 0)
            if self.align == pygame.FONT_RIGHT:
                x = width - img.get_width()
            out.blit(img, (x, n * step))
        return out

    def wrap(self, msg: str, width: int) -> list[str]:
        """``msg``'s lines at ``width`` (0: only at newlines), broken at spaces: a
        word longer than a line stands alone on it, whole."""
        lines: list[str] = []
        for paragraph in msg.split("\n"):
            lines += self._balanced(words(paragraph), width)
        return lines

    def _balanced(self, parts: list[str], width: int) -> list[str]:
        """The lines of one paragraph, each as full as it goes; but where that
        leaves them out of balance (:meth:`ragged`: "Schmidt / Spiele", "Blue wins,
        10 tiles / to 9."), the same number of lines broken with no such fault, each
        as full as it then goes (:meth:`even`)."""
        lines = self._filled(parts, width)
        if width <= 0 or len(lines) < 2 or len(parts) <= len(lines):
            return lines
        if not self.ragged(lines, len(parts)):
            return lines
        return self.even(parts, width, len(lines)) or lines

    def ragged(self, lines: list[str], count: int) -> bool:
        """Are ``lines`` (of ``count`` words) out of balance: the last line one word
        alone, or under a third as wide as the widest ("after turn 0 / of 22",
        "wann / du willst."); or, in a short text (up to :data:`SHORT` lines: a
        label, a header, a summary), a line of one word where lines could share."""
        if len(words(lines[-1])) == 1:
            return True
        if count <= len(lines):
            return False
        if self.size(lines[-1])[0] * 3 < max(self.size(line)[0] for line in lines):
            return True
        return len(lines) <= SHORT and any(len(words(line)) == 1 for line in lines)

    def cost(self, lines: list[str], width: int) -> tuple[int, ...]:
        """How ``lines`` wrap a text in ``width``, least first: how many faults (a
        word alone where words could share, a last line under a third of the
        width: "to 9." left over), then what each line but the last leaves empty,
        the first line's first. A block as wide as its box: lines balanced to the
        shortest read as a narrow column in a wide panel (a play-test)."""
        alone = sum(len(words(line)) for line in lines) > len(lines)
        faults, empty = 0, []
        for n, line in enumerate(lines):
            faults += alone and len(words(line)) == 1
            if n == len(lines) - 1:
                faults += 3 * self.size(line)[0] < width
            else:
                empty.append(max(0, width - self.size(line)[0]))
        return (faults, *empty)

    def even(self, parts: list[str], width: int, count: int) -> list[str] | None:
        """``parts`` in exactly ``count`` lines no wider than ``width``, at the
        least :meth:`cost`: the fewest faults, then each line as full as it goes
        in turn; None if they do not go in so many."""
        n = len(parts)
        alone = n > count

        def line(i: int, j: int) -> tuple[int, int] | None:
            """The faults and width of parts ``i`` to ``j`` on a line; None if too wide."""
            w = self.size(" ".join(parts[i:j]))[0]
            if w > width and j > i + 1:
                return None
            return int(alone and j == i + 1), w

        # best[k][i]: the least cost of parts[i:] in k lines, and where its first line ends.
        best: list[dict[int, tuple[tuple[int, ...], int]]] = [{} for _ in range(count + 1)]
        for i in range(n):
            last = line(i, n)
            if last is not None:
                best[1][i] = ((last[0] + (3 * last[1] < width),), n)
        for k in range(2, count + 1):
            for i in range(n - k + 1):
                found = []
                for j in range(i + 1, n - k + 2):
                    first = line(i, j)
                    if first is None:
                        break
                    if j in best[k - 1]:
                        rest = best[k - 1][j][0]
                        found.append(((first[0] + rest[0], width - first[1], *rest[1:]), j))
                if found:
                    best[k][i] = min(found)
        if 0 not in best[count]:
            return None
        lines: list[str] = []
        i = 0
        for k in range(count, 0, -1):
            j = best[k][i][1]
            lines.append(" ".join(parts[i:j]))
            i = j
        return lines

    def _filled(self, parts: list[str], width: int) -> list[str]:
        lines: list[str] = []
        line = ""
        for word in parts:
            joined = f"{line} {word}" if line else word
            if line and width > 0 and self.size(joined)[0] > width:
                lines.append(line)
                line = word
            else:
                line = joined
        lines.append(line)
        return lines

    def _line(self, msg: str, antialias: bool, color: ColorValue) -> pygame.Surface:
        """One line, each letter at the sum of the advances before it."""
        glyphs = [self._glyph(ch, antialias, color) for ch in msg]
        high = max([g.get_height() for g in glyphs] + [self.get_height()])
        out = pygame.Surface((max(1, self.size(msg)[0]), high), pygame.SRCALPHA)
        x = 0
        for g, step in zip(glyphs, self.advances(msg), strict=True):
            # A tall letter's image (É) is taller at its top: bottoms share the baseline.
            out.blit(g, (x, high - g.get_height()), special_flags=pygame.BLEND_RGBA_MAX)
            x += step
        return out

    def _glyph(self, ch: str, antialias: bool, color: ColorValue) -> pygame.Surface:
        """One letter; in bold, with its parts kept apart (:func:`kept_apart`).
        Kept: a text not drawn before is mostly letters that were (only blitted
        from, never drawn on). An image is as tall as the face's line height then
        (a wrapped text's lines are set further apart): it is part of the key."""
        key = (self.made, ch, antialias, tuple(pygame.Color(color)), self.bold, self.get_linesize())
        found = _glyphs.get(key)
        if found is None:
            if len(_glyphs) >= KEPT_GLYPHS:
                _glyphs.clear()
            found = _glyphs[key] = self._letter(ch, antialias, color)
        return found

    def _letter(self, ch: str, antialias: bool, color: ColorValue) -> pygame.Surface:
        heavy = pygame.font.Font.render(self, ch, antialias, color)
        if not self.bold or not ch.strip():
            return heavy
        joined = self.joined
        if joined.get(ch) is False:
            return heavy
        self.bold = False
        try:
            plain = pygame.font.Font.render(self, ch, antialias, color)
        finally:
            self.bold = True
        joined[ch] = parts(heavy) < parts(plain)
        return kept_apart(heavy, plain) if joined[ch] else heavy


#: Marks that French (and Spanish, Italian) set apart by a space but that never
#: begin a line: "tour : Oui" breaks before "tour", not before ":".
CLINGING = frozenset(":;!?»%")


def words(paragraph: str) -> list[str]:
    """A paragraph's words as a line may break between them: a mark standing
    alone (French " :", " ?", " »") goes with the word before it, "«" with the
    word after it, and so does a count ("1 Stein", "10 tiles": a play-test
    found "1 / Stein genommen")."""
    out: list[str] = []
    opened = False
    for word in paragraph.split(" "):
        if out and (opened or (word and set(word) <= CLINGING)):
            out[-1] += " " + word
        else:
            out.append(word)
        opened = word == "«" or (word.isdigit() and word.isascii())
    return out


def parts(image: pygame.Surface) -> int:
    """How many separate pieces of ink a letter's image has."""
    return len(_ink(image).connected_components())


def _ink(image: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(image, 127)


def kept_apart(heavy: pygame.Surface, plain: pygame.Surface) -> pygame.Surface:
    """A bold letter whose thickening joined its parts: the bold body (its
    largest piece) with the plain letter's other pieces (its marks) where the
    plain letter has them; the plain letter, centred, where that still joins."""
    out = pygame.Surface(heavy.get_size(), pygame.SRCALPHA)
    dx = (heavy.get_width() - plain.get_width()) // 2
    body = max(_ink(heavy).connected_components(), key=lambda m: m.count())
    pieces = _ink(plain).connected_components()
    keep = max(pieces, key=lambda m: m.count())
    out.blit(_only(heavy, body), (0, 0))
    for piece in pieces:
        if piece is not keep:
            out.blit(_only(plain, piece), (dx, 0), special_flags=pygame.BLEND_RGBA_MAX)
    if parts(out) == len(pieces):
        return out
    out = pygame.Surface(heavy.get_size(), pygame.SRCALPHA)
    out.blit(plain, (dx, 0))
    return out


def _only(image: pygame.Surface, piece: pygame.mask.Mask) -> pygame.Surface:
    """The pixels of ``image`` in ``piece`` and the soft edge around it."""
    grown = piece.convolve(_ROUND)  # one pixel wider each way: the anti-aliased edge
    near = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    grown.to_surface(
        near, setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0), dest=(-1, -1)
    )
    out = image.copy()
    out.blit(near, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


_ROUND = pygame.mask.Mask((3, 3), fill=True)
