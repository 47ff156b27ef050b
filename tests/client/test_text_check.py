"""The tour's text check finds a text drawn smaller in Large than in Normal and a
line drawn through a text: each shown on a planted case that breaks the rule, and
on one that keeps it."""

from __future__ import annotations

import pygame

from game.client import text_layout, theme
from game.client.scene import ButtonScene
from game.client.scripted.checks import look, sizes_of, smaller_in_large, text_problems


class Shrinking(ButtonScene):
    """A screen that shrinks a label in Large, as a fit stepping down from Large's
    own size by whole text sizes with a Large floor used to, and one drawn with
    the text mechanism beside it."""

    def draw(self, surface: pygame.Surface) -> None:
        large = theme.px(10) > theme.normal_px(10)
        theme.text(surface, "Shrinks in Large", (20, 20), size=15 if large else 22)
        box = pygame.Rect(20, 100, 150, 40)
        text_layout.label(surface, "Fitted to its box in either size", box, size=24)


def sizes(app, text_size: str) -> dict[str, dict[str, list[int]]]:
    theme.set_text_size(text_size)
    try:
        seen = look(app)
        assert seen is not None
        return {"planted: Shrinking": sizes_of(seen)}
    finally:
        theme.set_text_size("Normal")


def test_the_check_finds_a_text_drawn_smaller_in_large_than_in_normal(app):
    app.scenes.reset(Shrinking(app))
    normal, large = sizes(app, "Normal"), sizes(app, "Large")
    found = smaller_in_large(normal, large)
    assert found == [
        "planted: Shrinking: 'Shrinks in Large' is "
        f"{large['planted: Shrinking']['Shrinks in Large'][0]}px in Large, "
        f"{normal['planted: Shrinking']['Shrinks in Large'][0]}px in Normal"
    ]
    # The label fitted by the mechanism shrank in both, and Large kept at least Normal's.
    fitted = "Fitted to its box in either size"
    assert large["planted: Shrinking"][fitted] >= normal["planted: Shrinking"][fitted]
    assert normal["planted: Shrinking"][fitted][0] < theme.normal_px(24)  # it did shrink


def test_the_check_finds_a_line_drawn_through_a_text(app):
    class Graph(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            legend = theme.text(surface, "Red ahead", (100, 100), size=20)
            pygame.draw.line(surface, theme.TEXT, (60, legend.centery), (400, legend.centery), 2)
            beside = theme.text(surface, "Blue ahead", (100, 200), size=20)
            pygame.draw.lines(
                surface, theme.TEXT, False, [(60, beside.bottom + 6), (400, beside.bottom + 6)]
            )

    app.scenes.reset(Graph(app))
    assert text_problems(app) == ["Graph: a line is drawn through 'Red ahead'"]
    # The lines are drawn for real, and pygame.draw is itself again afterwards.
    assert pygame.draw.line.__module__ == "pygame.draw"


def test_a_wrapped_block_is_checked_line_by_line(app):
    """A paragraph drawn by pygame's wrapping is one image; the check still sees
    each line's letters, so a text over its second line is found."""

    class Paragraph(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            box = pygame.Rect(40, 40, 220, 200)
            drawn = text_layout.block(surface, "one two three four five six seven", box, size=24)
            step = theme.font(24).get_linesize()
            theme.text(surface, "Over line two", (drawn.left, drawn.top + step), size=24)

    app.scenes.reset(Paragraph(app))
    found = text_problems(app)
    assert any("'Over line two'" in p and "one two three" in p for p in found), found


def test_the_check_finds_a_label_touching_its_buttons_edge(app):
    from game.client.widgets import Button

    class Tight(ButtonScene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.tight = Button("Stellung analysieren", lambda: None, size=20)
            self.roomy = Button("Menü", lambda: None, size=20)
            self.controls = [self.tight, self.roomy]

        def draw(self, surface: pygame.Surface) -> None:
            need = theme.face(theme.px(20)).size("Stellung analysieren")[0]
            self.tight.rect = pygame.Rect(20, 20, need + 2, 40)
            self.roomy.rect = pygame.Rect(20, 100, 200, 40)
            for control in self.controls:  # as a screen that drew labels edge to edge did
                pygame.draw.rect(surface, theme.BG_LIGHT, control.rect)
                text_layout.label(
                    surface, control.label, control.rect.inflate(-2, 0), size=20, align="center"
                )

    app.scenes.reset(Tight(app))
    found = text_problems(app)
    assert "Tight: 'Stellung analysieren' touches the edge of 'Stellung analysieren'" in found
    assert not [p for p in found if "Menü" in p]


def test_the_check_finds_a_label_cut_by_its_buttons_bottom_edge(app):
    """Mosaix solo's "Spiel beenden" went to two lines in a button one line high:
    "beender", its second line cut by the button's bottom."""
    from game.client.widgets import Button

    class Cut(ButtonScene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.cut = Button("Spiel beenden", lambda: None, size=22)
            self.whole = Button("Menü", lambda: None, size=22)
            self.controls = [self.cut, self.whole]

        def draw(self, surface: pygame.Surface) -> None:
            step = theme.face(theme.px(22)).get_linesize()
            self.cut.rect = pygame.Rect(20, 20, 120, 36)
            self.whole.rect = pygame.Rect(20, 100, 200, 36)
            # Two lines from the button's middle down, as the clipped label was.
            at = pygame.Rect(30, self.cut.rect.centery - step // 2, 100, 2 * step)
            text_layout.block(surface, "Spiel beenden", at, size=22, align="center")
            text_layout.button_label(surface, "Menü", self.whole.rect, 22, theme.TEXT)

    app.scenes.reset(Cut(app))
    found = text_problems(app)
    assert "Cut: 'Spiel beenden' is cut by the edge of its control" in found, found
    assert not [p for p in found if "Menü" in p]


def test_the_check_finds_a_label_too_small_to_read(app):
    """A button's label drawn at 10 px (the match panel's at 640x480 in Large
    German text): too small to read at any window size."""
    from game.client.widgets import Button

    class Tiny(ButtonScene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.tiny = Button("Zurücknehmen", lambda: None, size=8)
            self.readable = Button("Menü", lambda: None, size=18)
            self.controls = [self.tiny, self.readable]

        def draw(self, surface: pygame.Surface) -> None:
            self.tiny.rect = pygame.Rect(20, 20, 200, 40)
            self.readable.rect = pygame.Rect(20, 100, 200, 40)
            for b in self.controls:
                b.draw(surface)

    app.scenes.reset(Tiny(app))
    found = text_problems(app)
    px = theme.px(8)
    assert found == [f"Tiny: 'Zurücknehmen' is drawn at {px}px, too small to read"], found
