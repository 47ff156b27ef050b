"""The play-test's odd letter gaps ("Verlau f", "Deut sch", "Échell e", "but
tons"): every text is drawn through :func:`theme.face`, whose letters must sit at
even spacing at every size, and whose wrapping must never split a word."""

from __future__ import annotations

import pygame
import pytest

from game.client import theme

WORDS = ("Verlauf", "Deutsch", "Échelle", "buttons", "Zurücknehmen", "Mosaix-Würfelspiel")


def widest_gap(img: pygame.Surface) -> int:
    """The widest run of blank columns between a text's first and last ink."""
    ink = (pygame.surfarray.array_alpha(img) > 40).any(1)
    cols = [i for i, c in enumerate(ink) if c]
    best = run = 0
    for c in ink[cols[0] : cols[-1] + 1]:
        run = 0 if c else run + 1
        best = max(best, run)
    return best


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    theme.reset_fonts()
    yield
    theme.reset_fonts()


@pytest.mark.parametrize("bold", [False, True])
def test_no_word_has_a_gap_wider_than_its_letters_own(bold):
    split = []
    for pixels in range(theme.FLOOR_PX, 60):
        face = theme.face(pixels, bold)
        own = widest_gap(face.render("ll", True, theme.TEXT))  # two letters' own spacing
        for word in WORDS:
            gap = widest_gap(face.render(word, True, theme.TEXT))
            if gap > own + 1:
                split.append(f"{word!r} at {pixels} px: a gap of {gap} px, letters {own} px")
    assert not split, "\n".join(split)


def test_a_measured_line_is_as_wide_as_drawn():
    for pixels in (18, 26, 31, 37):
        face = theme.face(pixels, True)
        # asserts-in-branch: WORDS is this module's literal tuple of six words
        for word in WORDS:
            assert face.render(word, True, theme.TEXT).get_width() == face.size(word)[0]


def test_wrapping_breaks_at_spaces_only():
    face = theme.face(31)
    narrow = face.size("Zurück")[0]  # narrower than the word
    lines = face.wrap("Zurücknehmen und Neu beginnen", narrow)
    assert "".join(lines).replace(" ", "") == "ZurücknehmenundNeubeginnen"
    assert lines[0] == "Zurücknehmen"  # too long for a line: alone on it, whole
    img = theme.rendered("Zurücknehmen und Neu beginnen", 31, theme.TEXT, False, narrow)
    assert img.get_height() == len(lines) * face.get_linesize()


def test_a_face_measures_a_text_as_the_font_does_every_time():
    """:meth:`Face.advances` and :meth:`Face.size` keep what they measured: each
    text, asked once or again, bold or not, after the kept ones were let go, and
    by a face made again after ``pygame.init()``, measures what the font itself
    says."""
    from game.client import glyphs

    def told(face, text):
        return [m[4] if m else 0 for m in pygame.font.Font.metrics(face, text)]

    texts = [*WORDS, "", " ", "Blue wins, 10 tiles to 9.", "«Retour»", "5:17", "iiii", "WWWW"]
    face = theme.face(24)
    for _ in range(2):
        for bold in (False, True):
            face.bold = bold
            for text in texts:
                assert face.advances(text) == told(face, text), (text, bold)
                assert face.size(text)[0] == sum(told(face, text)), (text, bold)
    face.bold = False
    kept = face.advances("Verlauf")
    kept.append(99)  # a caller's list is its own
    assert face.advances("Verlauf") == told(face, "Verlauf")
    for n in range(glyphs.KEPT_ADVANCES + 1):  # more texts than are kept
        face.advances(str(n))
    assert len(face._advances) <= glyphs.KEPT_ADVANCES
    for n in range(glyphs.KEPT_WIDTHS + 1):
        face.size(str(n))
    assert len(glyphs._widths) <= glyphs.KEPT_WIDTHS
    assert [face.advances(t) for t in texts] == [told(face, t) for t in texts]
    theme.reset_fonts()
    pygame.quit()
    pygame.init()
    again = theme.face(24)
    assert again is not face
    assert [again.size(t)[0] for t in texts] == [sum(told(again, t)) for t in texts]


def test_a_face_draws_a_text_as_it_did_before_it_kept_its_letters():
    """:meth:`Face._glyph` keeps each letter's image: a text drawn from kept
    letters, in another colour, bold or plain, or kept while the lines were set
    further apart, or by a face made again after ``pygame.init()``, is the text
    drawn afresh."""
    from game.client import glyphs

    def image(text, color):
        return pygame.image.tobytes(face.render(text, True, color), "RGBA")

    texts = ["Verlauf Échelle", "Zurücknehmen: Würfel!", "ij; é", "5:17"]
    colors = [(255, 255, 255), (200, 40, 40), pygame.Color(40, 90, 200)]
    face = theme.face(20)
    fresh = {}
    for bold in (False, True):  # one face made bold and plain again
        face.bold = bold
        for text in texts:
            for color in colors:
                glyphs._glyphs.clear()
                fresh[bold, text, tuple(color)] = image(text, color)
    line = face.get_linesize()
    face.set_linesize(line + 8)  # as a wrapped text's lines set apart (theme.rendered)
    for text in texts:
        face.render(text, True, colors[0])
    face.set_linesize(line)
    for _ in range(2):  # the letters now kept, from every text, colour and weight
        for bold in (False, True):
            face.bold = bold
            for text in texts:
                for color in colors:
                    assert image(text, color) == fresh[bold, text, tuple(color)], (text, bold)
    for n in range(glyphs.KEPT_GLYPHS + 1):  # more letters than are kept
        face._glyph(chr(0x100 + n % 400), True, (n % 256, 0, 0))
    assert len(glyphs._glyphs) <= glyphs.KEPT_GLYPHS
    assert image(texts[0], colors[1]) == fresh[True, texts[0], tuple(colors[1])]
    face.bold = False
    for text in texts:  # kept letters, drawn by this run's next face of that size
        image(text, colors[0])
    theme.reset_fonts()
    pygame.quit()
    pygame.init()
    face = theme.face(20)
    assert [image(t, colors[0]) for t in texts] == [fresh[False, t, colors[0]] for t in texts]


def test_a_count_stays_with_its_noun():
    """A play-test found "Blau hat a3 gewendet: 1 / Stein genommen." at 640x480:
    a number and the word it counts are broken apart nowhere."""
    from game.client.glyphs import words

    said = "Blau hat a3 gewendet: 1 Stein genommen."
    assert words(said) == ["Blau", "hat", "a3", "gewendet:", "1 Stein", "genommen."]
    assert words("Blue wins, 10 tiles to 9.") == ["Blue", "wins,", "10 tiles", "to", "9."]
    face = theme.face(24)
    cut = face.size("Blau hat a3 gewendet: 1")[0]  # the line once broke after the count
    wraps = {width: face.wrap(said, width) for width in range(cut - 4, cut + 8)}
    apart = {w: lines for w, lines in wraps.items() if not any("1 Stein" in x for x in lines)}
    assert len(wraps) == 12 and apart == {}
