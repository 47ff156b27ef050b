"""The game's font draws every letter the five languages need.

A glyph the font lacks is drawn as the font's "missing" box, the same image for
every such character: a character whose image equals that box is one the font
does not have. Checked for the letters the languages need and for every character
of every catalog, in the regular and the bold face."""

import pygame
import pytest

from game.client import theme
from tests.i18n.catalogs import TRANSLATED, read_catalog

NEEDED = "äöüßÄÖÜéèêëàâçîïôœùûÉÈÀÇÑñ¿¡òìíóúá«»„“”’–…"
#: A private-use code point: no font has a glyph for it.
NOT_A_LETTER = "\ue000"


def missing(text: str, bold: bool) -> list[str]:
    font = theme.font(24, bold)

    def image(ch: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(ch, False, (255, 255, 255), (0, 0, 0))
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")

    box = image(NOT_A_LETTER)
    return sorted({ch for ch in text if not ch.isspace() and image(ch) == box})


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    # A font kept from before another test quit pygame is no longer usable.
    theme.reset_fonts()
    yield


@pytest.mark.parametrize("bold", [False, True])
def test_the_font_has_every_letter_the_languages_need(bold):
    assert missing(NEEDED, bold) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_font_has_every_character_of_each_catalog(code):
    text = "".join(
        "".join(m.string) if isinstance(m.string, tuple | list) else m.string
        for m in read_catalog(code)
        if m.id and m.string
    )
    assert missing(text, False) == [] and missing(text, True) == []


def test_the_check_sees_a_letter_the_font_lacks():
    # The bundled sans has no CJK: the check must say so, or it proves nothing.
    assert missing("a中b", False) == ["中"]
