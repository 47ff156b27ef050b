"""Settings as a Windows play-test met them in French: "L'IA réfléchit pendant
votre tour : Oui" broke before its colon, leaving ": Oui" alone on a line, and
each setting's label shrank to fit by itself, so the list showed three sizes."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.glyphs import CLINGING


def test_a_line_never_starts_with_a_french_colon():
    pygame.font.init()
    theme.reset_fonts()
    f = theme.face(24)
    msg = "L'IA réfléchit pendant votre tour : Oui"
    # Room for all but the value: the old wrap put ": Oui" on the second line.
    width = f.size("L'IA réfléchit pendant votre tour")[0] + 2
    lines = f.wrap(msg, width)
    assert len(lines) == 2 and not [line for line in lines if line[:1] in CLINGING], lines
    assert " ".join(lines) == msg  # nothing lost or added
    quoted = f.wrap("Il dit « oui » : bien", f.size("Il dit «")[0] + 2)
    assert not [line for line in quoted if line.endswith("«") or line[:1] in CLINGING]
