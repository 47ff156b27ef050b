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


#: Pixel sizes bold text is drawn at: a panel's names up to the title's heading.
BOLD_PX = (18, 24, 31, 44, 56, 73, 87)


def catalog_letters() -> str:
    return "".join(
        sorted(
            {
                ch
                for code in TRANSLATED
                for m in read_catalog(code)
                if m.id and m.string
                for ch in ("".join(m.string) if isinstance(m.string, tuple | list) else m.string)
                if not ch.isspace()
            }
            | set(NEEDED)
        )
    )


def joined(text: str, pixels: int) -> list[str]:
    """The letters of ``text`` whose bold image has fewer separate pieces than
    their plain one: two dots run into one bar."""
    from game.client.glyphs import parts

    bold, plain = theme.face(pixels, True), theme.face(pixels)
    white = (255, 255, 255)
    return [
        ch
        for ch in text
        if parts(bold.render(ch, True, white)) < parts(plain.render(ch, True, white))
    ]


@pytest.mark.parametrize("pixels", BOLD_PX)
def test_a_bold_letter_keeps_its_marks_apart(pixels):
    """A Windows play-test saw German headings with bars for umlauts ("Zurūck"):
    SDL's bold thickening joins the two dots. Every letter of every catalog keeps
    its parts apart in bold, at every size bold text is drawn."""
    assert joined(catalog_letters(), pixels) == []


def test_the_check_sees_dots_joined_into_a_bar():
    """SDL's own bold, as the game drew it before, joins the dots of "ü": the
    check above must see that, or it proves nothing."""
    from game.client.glyphs import parts

    face = theme.face(73, True)
    white = (255, 255, 255)
    sdl_bold = pygame.font.Font.render(face, "ü", True, white)
    assert parts(sdl_bold) < parts(theme.face(73).render("ü", True, white))
