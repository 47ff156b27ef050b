"""A wrapped text's height is measured without drawing it (theme.wrapped_height):
the fits ask it at size after size. It must be the height the drawn text has."""

from __future__ import annotations

import gettext
from pathlib import Path

import pygame
import pytest

from game.client import theme

#: A position's MFEN: one word with no spaces, broken after its "/" (theme.broken).
MFEN = "5/r1b2/2rb1b/1r2bb/rr1b2b/2b1r1/bbbr1/1rb1r/b3b r"


def texts() -> list[str]:
    """The longest texts of each language the game speaks, and what a texts-only
    sample misses: breaks, a lone long word, an MFEN."""
    out = [MFEN, "Zurücknehmen und Neu beginnen", "one\ntwo three\n\nfour", ""]
    for mo in sorted(Path("game/locales").glob("*/LC_MESSAGES/mosaic.mo")):
        with mo.open("rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        said = sorted({t for t in catalog.values() if isinstance(t, str)}, key=len)
        out += said[-8:] + said[len(said) // 2 : len(said) // 2 + 4]
    return out


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    theme.reset_fonts()
    yield
    pygame.quit()


@pytest.mark.parametrize(("pixels", "bold"), [(14, False), (31, True)])
def test_a_wrapped_text_is_as_tall_as_it_is_drawn(pixels, bold):
    said = texts()
    assert len(said) >= 50
    widths = (60, 300)
    measured = {(t, w): theme.wrapped_height(t, pixels, w, bold) for t in said for w in widths}
    drawn = {
        (t, w): theme.rendered(t, pixels, (255, 255, 255), bold, w).get_height()
        for t in said
        for w in widths
    }
    assert measured == drawn
    # Some of them take several lines, or the check would be one of single lines.
    assert max(measured.values()) >= 4 * theme.face(pixels, bold).get_linesize()
