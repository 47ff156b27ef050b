"""The game's font, drawn letter by letter at the font's own advances.

pygame-ce's ``Font.render`` shapes a line with kerning and unhinted advances but
draws hinted letters, and with the bundled sans that opens gaps inside words at
some sizes ("Verlau f", "Deut sch", "Échell e", "but tons"); its ``wraplength``
also breaks a word that does not fit a line in the middle. :class:`Face` measures
and draws a line as the sum of its letters' hinted advances (even spacing at
every size) and wraps at spaces only, keeping ``Font``'s interface, so every
caller (:func:`theme.face`) gets it unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

ColorValue = pygame.Color | Sequence[int] | str


class Face(pygame.font.Font):
    def advances(self, text: str) -> list[int]:
        return [m[4] if m else 0 for m in self.metrics(text)]

    def size(self, text: str | bytes | None) -> tuple[int, int]:
        line = text.decode() if isinstance(text, bytes) else (text or "")
        return sum(self.advances(line)), self.get_height()

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
            line = ""
            for word in paragraph.split(" "):
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
        draw = super().render
        glyphs = [draw(ch, antialias, color) for ch in msg]
        high = max([g.get_height() for g in glyphs] + [self.get_height()])
        out = pygame.Surface((max(1, self.size(msg)[0]), high), pygame.SRCALPHA)
        x = 0
        for g, step in zip(glyphs, self.advances(msg), strict=True):
            # A tall letter's image (É) is taller at its top: bottoms share the baseline.
            out.blit(g, (x, high - g.get_height()), special_flags=pygame.BLEND_RGBA_MAX)
            x += step
        return out
