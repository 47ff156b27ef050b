"""Issue 54: the numbers on the empty cells were drawn in the cells' edge colour,
1.4:1 against the cell, at 11 pixels: faint. Drawn on a match's board at 640x480
and 1280x800, in Normal and Large text, they are at least 13 pixels and 3:1
against the cell, and still under the tiles."""

import json

import pygame

from game.client import theme
from game.client.app import App
from game.client.scripted.tour import Driver

from .test_scenes import start_match


def luminance(c: tuple[int, ...]) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def shown(app: App, box: pygame.Rect) -> set[tuple[int, ...]]:
    """The colours the window shows in ``box``, drawn afresh."""
    app.draw()
    return {
        tuple(app.screen.get_at((x, y))[:3])
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
    }


def test_the_cell_numbers_are_legible_at_both_text_sizes(tmp_path):
    for size in ((640, 480), (1280, 800)):
        for text_size in ("Normal", "Large"):
            data = tmp_path / f"{size[0]}-{text_size}"
            data.mkdir()
            (data / "settings.json").write_text(json.dumps({"text_size": text_size}))
            pygame.init()
            app = App(size, data)
            try:
                scene = start_match(app, Driver(app), side=4)
                view = scene.view
                view._layer = None  # the empty board is drawn again, and watched
                theme.drawn_texts, theme.drawn_px = [], []
                try:
                    layer = view._static()
                    drawn = [
                        (m, r, p)
                        for (s, m, r, _b), p in zip(theme.drawn_texts, theme.drawn_px, strict=True)
                        if s is layer and m.isdigit()
                    ]
                finally:
                    theme.drawn_texts, theme.drawn_px = None, []
                assert len(drawn) > 20, "every empty cell has its number"
                for msg, r, pixels in drawn:
                    where = (size, text_size, msg)
                    assert pixels >= 13, where
                    inked = [
                        layer.get_at((x, y))
                        for x in range(r.left, r.right)
                        for y in range(r.top, r.bottom)
                    ]
                    brightest = max(inked, key=lambda c: luminance(tuple(c)))
                    assert contrast(tuple(brightest), theme.CELL) >= 3, (where, brightest)
                # A tile placed (a player's click) covers its cell's number.
                cell = next(iter(scene.match.board.legal_placements()))
                on_screen = [r.move(view.rect.topleft) for _m, r, _p in drawn]
                number = next(r for r in on_screen if view.cell_at(r.center) == cell)

                def near(c: tuple[int, ...]) -> bool:
                    return all(abs(a - b) <= 12 for a, b in zip(c, theme.CELL_NUMBER, strict=True))

                assert any(near(c) for c in shown(app, number)), size  # the number, before
                Driver(app).click(view.centres[cell])
                Driver(app).settle(1.0)
                assert not any(near(c) for c in shown(app, number)), size
            finally:
                app.close()
