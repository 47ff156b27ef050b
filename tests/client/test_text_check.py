"""The tour's text check finds a text drawn smaller in Large than in Normal and a
line drawn through a text: each shown on a planted case that breaks the rule, and
on one that keeps it."""

from __future__ import annotations

import pygame

from game.client import button_label, text_layout, theme
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
            button_label.button_label(surface, "Menü", self.whole.rect, 22, theme.TEXT)

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
            # Apart, neither one row nor one column: a column would be one size.
            self.tiny.rect = pygame.Rect(20, 20, 200, 40)
            self.readable.rect = pygame.Rect(300, 100, 200, 40)
            for b in self.controls:
                b.draw(surface)

    app.scenes.reset(Tiny(app))
    found = text_problems(app)
    px = theme.px(8)
    assert found == [f"Tiny: 'Zurücknehmen' is drawn at {px}px, too small to read"], found


def test_the_check_finds_a_label_smaller_than_the_others_of_its_column(app):
    """German lesson 1 drew "Blau: 2 Gruppen, 3 Steine" smaller than the "Rot"
    line over it, each fitted to its box by itself: the lines of one list are
    one group, and the check finds the one drawn smaller."""

    class Counter(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            for i, line in enumerate(("Rot: ? Gruppen, 3 Steine", "Blau: 2 Gruppen, 3 Steine")):
                box = pygame.Rect(20, 20 + 30 * i, 300, 28)
                need = theme.face(theme.px(20)).size("Rot: ? Gruppen, 3 Steine")[0]
                box.width = need + 2  # room for the first line only, as the panel had
                text_layout.label(surface, line, box, size=20)
            # Lines asked at another size, or in boxes of another size, are not its group.
            text_layout.label(surface, "Lektion 1 von 10", pygame.Rect(20, 200, 300, 20), size=14)

    app.scenes.reset(Counter(app))
    found = text_problems(app)
    assert len(found) == 1 and found[0].startswith(
        "Counter: 'Blau: 2 Gruppen, 3 Steine' is drawn at "
    ), found
    assert "smaller than 'Rot: ? Gruppen, 3 Steine' beside it" in found[0]


def test_the_check_finds_a_button_smaller_than_the_others_of_its_row(app):
    """The side panel drew Undo, Redo, Hint and Take back smaller than Save game
    and Menu beside them; buttons of one row share a size, and one that does not
    is found."""
    from game.client.widgets import Button

    class Panel(ButtonScene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.controls = [
                Button("Zurücknehmen", lambda: None, size=20),
                Button("Menü", lambda: None, size=20),
            ]

        def draw(self, surface: pygame.Surface) -> None:
            for i, b in enumerate(self.controls):
                b.rect = pygame.Rect(20 + 130 * i, 20, 120, 40)
                button_label.button_label(surface, b.label, b.rect, b.size, theme.TEXT)

    app.scenes.reset(Panel(app))
    found = text_problems(app)
    assert [p for p in found if "smaller than 'Menü' beside it" in p], found
    assert found[0].startswith("Panel: 'Zurücknehmen' is drawn at ")
    # Shared, as widgets.draw_all shares a row's size, the row is one size.
    app.scenes.reset(ButtonScene(app))
    shared = Panel(app)
    button_label.share_label_size(shared.controls)
    shared.controls[0].rect = pygame.Rect(20, 20, 120, 40)
    shared.controls[1].rect = pygame.Rect(150, 20, 120, 40)
    button_label.share_label_size(shared.controls)

    class Shared(Panel):
        def draw(self, surface: pygame.Surface) -> None:
            from game.client.widgets import draw_all

            for i, b in enumerate(self.controls):
                b.rect = pygame.Rect(20 + 130 * i, 20, 120, 40)
            button_label.share_label_size(self.controls)
            draw_all(self.controls, surface)

    app.scenes.reset(Shared(app))
    assert not [p for p in text_problems(app) if "smaller than" in p]


def test_the_check_finds_the_options_of_stacked_choices_out_of_line(app):
    """New match's Red, Blue and Board side rows started their options where
    each title ended ("Brettseite" is wider than "Rot"): a table out of line."""
    from game.client.scripted.checks import layout_problems
    from game.client.widgets import Segments, title_column

    def choices() -> list[Segments]:
        rows = [
            Segments("Rot", ["1", "2", "3"], "1", lambda _v: None, shown=str),
            Segments("Brettseite", ["3", "4", "5"], "3", lambda _v: None, shown=str),
        ]
        for i, c in enumerate(rows):
            c.rect = pygame.Rect(20, 20 + 60 * i, 500, 50)
        return rows

    scene = ButtonScene(app)
    scene.controls = choices()
    app.scenes.reset(scene)
    assert layout_problems(app) == [
        "ButtonScene: the options of 'Rot' and 'Brettseite' are out of line"
    ]
    scene.controls = choices()
    title_column(scene.controls)
    assert layout_problems(app) == []


def test_the_check_finds_a_question_scrolled_out_of_view(app):
    """German lesson 1 at 640x480 Large ended its text with its question, below
    the fold of the scrolled text: the check finds a question out of view."""

    class Lesson(ButtonScene):
        def __init__(self, app, text: str) -> None:
            super().__init__(app)
            self.page = text_layout.TextBlock(text, size=20, smallest=20)
            self.page.layout(pygame.Rect(20, 20, 200, 80))

        def draw(self, surface: pygame.Surface) -> None:
            self.page.draw(surface)

    long = "Eine Gruppe sind Steine einer Farbe, die Kante an Kante liegen. " * 3
    app.scenes.reset(Lesson(app, long + "Wie viele Gruppen hat Rot hier?"))
    found = text_problems(app)
    assert found == [
        "Lesson: the question 'Wie viele Gruppen hat Rot hier?' is scrolled out of view"
    ], found
    # A question in view, or a page that scrolls without one, is no problem.
    app.scenes.reset(Lesson(app, "Wie viele Gruppen hat Rot hier? " + long))
    assert text_problems(app) == []
    app.scenes.reset(Lesson(app, long))
    assert text_problems(app) == []


def test_the_check_finds_a_word_alone_on_the_last_line_of_a_wrapped_text(app):
    """Mosaix's credit left "Spiele" alone on its last line, the lesson list
    "(1)": where the same lines could end with two words, the check finds it.
    The game's wrapping now balances the lines, so a text drawn by it passes."""

    class Credit(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            msg = "Christof Tisch and Schmidt Spiele"
            f = theme.face(theme.px(20))
            greedy = f.size("Christof Tisch and Schmidt")[0] + 4  # as a greedy fill broke it
            img = f.render("Christof Tisch and Schmidt\nSpiele", True, theme.TEXT)
            step = f.get_linesize()
            box = pygame.Rect(20, 20, greedy, 2 * step)
            text_layout._blit(
                surface, msg, img, img.get_rect(), box.topleft, box, theme.px(20), step
            )
            text_layout.block(surface, msg, pygame.Rect(20, 200, greedy, 2 * step), size=20)

    app.scenes.reset(Credit(app))
    found = text_problems(app)
    assert found == [
        "Credit: 'Spiele' stands alone on the last line of 'Christof Tisch and Schmidt Spiele'"
    ], found


def test_the_check_finds_a_short_last_line_and_a_word_alone_in_the_middle(app):
    """Issue 54: "Blue wins, 10 tiles / to 9." in the side panel and "Red: accuracy
    / 55%, 3 blunders, 0 / mistakes, / 2 inaccuracies" in the analysis escaped the
    check, which looked for one word alone on the last line only: a last line of
    two short words, and a word alone on a middle line, are found too; the game's
    wrapping of the same texts passes."""
    f = theme.face(theme.px(20))
    cases = [
        ("Blue wins, 10 tiles to 9.", ["Blue wins, 10 tiles", "to 9."]),
        (
            "Red: accuracy 55%, 3 blunders, 0 mistakes, 2 inaccuracies",
            # (a count goes with its noun: "0 mistakes," is one word to the wrapping)
            ["Red: accuracy 55%,", "3 blunders,", "0 mistakes, 2 inaccuracies"],
        ),
    ]

    class Panel(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            y = 20
            for msg, broken in cases:
                width = max(f.size(line)[0] for line in broken) + 4
                img = f.render("\n".join(broken), True, theme.TEXT)
                step = f.get_linesize()
                box = pygame.Rect(20, y, width, len(broken) * step)
                text_layout._blit(
                    surface, msg, img, img.get_rect(), box.topleft, box, theme.px(20), step
                )
                text_layout.block(surface, msg, box.move(300, 0), size=20)
                y += box.height + 20

    app.scenes.reset(Panel(app))
    found = text_problems(app)
    assert found == [
        "Panel: the lines of 'Blue wins, 10 tiles to 9.' are out of balance: "
        "'Blue wins, 10 tiles / to 9.'",
        "Panel: the lines of 'Red: accuracy 55%, 3 blunders, 0 mistake' are out of "
        "balance: 'Red: accuracy 55%, / 3 blunders, / 0 mistakes, 2 inaccuracies'",
    ], found


def test_the_check_finds_a_grid_of_buttons_of_two_text_sizes(app):
    """The lesson list asked its lessons at 22 and "The rules in brief" and
    "Back" at 24, in one grid: two sizes in one column of buttons is found,
    whatever each asked."""
    from game.client.widgets import Button, draw_all

    class Menu(ButtonScene):
        def __init__(self, app, sizes: tuple[int, int]) -> None:
            super().__init__(app)
            self.controls = [
                Button("1. Groups", lambda: None, size=sizes[0]),
                Button("Back", lambda: None, size=sizes[1]),
            ]

        def draw(self, surface: pygame.Surface) -> None:
            for i, b in enumerate(self.controls):
                b.rect = pygame.Rect(20, 20 + 70 * i, 400, 60)
            draw_all(self.controls, surface)

    app.scenes.reset(Menu(app, (22, 24)))
    found = text_problems(app)
    assert len(found) == 1 and "'1. Groups' is drawn at" in found[0], found
    assert "smaller than 'Back' beside it" in found[0]
    app.scenes.reset(Menu(app, (22, 22)))
    assert text_problems(app) == []


def test_the_check_finds_a_choices_title_smaller_than_its_options(app, monkeypatch):
    """New match at 1280x800 Large drew "Red" smaller than "Human" beside it:
    its title's column was measured at Normal's size. A title asked at least as
    large as its options, drawn smaller, is found."""
    from game.client.widgets import Segments, draw_all

    class Choice(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            draw_all(self.controls, surface)

    theme.set_text_size("Large")
    try:
        scene = Choice(app)
        row = Segments("Board side", ["Human", "Beginner"], "Human", lambda _v: None, shown=str)
        row.rect = pygame.Rect(20, 20, 800, 64)
        scene.controls = [row]
        app.scenes.reset(scene)
        assert text_problems(app) == []  # the title's room grown for Large's size
        normal = theme.face(theme.normal_px(row.size + 2)).size("Board side")[0] + 12
        monkeypatch.setattr(Segments, "title_width", lambda self: normal)  # as it was
        found = text_problems(app)
        assert len(found) == 1 and found[0].startswith("Choice: 'Board side' is drawn at"), found
        assert "smaller than 'Human' beside it" in found[0]
    finally:
        theme.set_text_size("Normal")


def test_the_check_finds_a_cards_title_smaller_than_the_line_under_it(app):
    """The puzzle packs' long German titles were fitted to one line at 640x480 in
    Large text, smaller than the line of progress under them: a title asked
    larger than the line beside it in its column, drawn smaller, is found, at
    either text size. The pack list's rows, which wrap a title instead, pass."""
    from game.client.scenes.puzzle_cards import pack_fit, pack_row

    title, line = "Die Reihenfolge zählt noch mehr", "0/146 gelöst  0/438 Sterne"

    class Packs(ButtonScene):
        def __init__(self, app, wrapped: bool) -> None:
            super().__init__(app)
            self.wrapped = wrapped

        def draw(self, surface: pygame.Surface) -> None:
            if self.wrapped:
                fit = pack_fit([title], [line], 165, 22, True)
                r = pygame.Rect(20, 20, 189, fit.row)
                pack_row(surface, r, title, line, False, True, fit)
                return
            # Each fitted to its half of the card, as the list did.
            text_layout.label(surface, title, pygame.Rect(32, 22, 165, 22), size=19, bold=True)
            text_layout.label(surface, line, pygame.Rect(32, 42, 165, 22), size=15)

    for size in ("Normal", "Large"):
        theme.set_text_size(size)
        try:
            app.scenes.reset(Packs(app, wrapped=False))
            found = text_problems(app)
            assert len(found) == 1 and found[0].startswith(f"Packs: {title[:40]!r} is drawn at")
            assert f"smaller than {line!r} beside it" in found[0], found
            app.scenes.reset(Packs(app, wrapped=True))
            assert text_problems(app) == []
        finally:
            theme.set_text_size("Normal")


def test_a_choices_larger_title_in_a_box_the_size_of_its_options_is_no_grid(app, monkeypatch):
    """At 800x600 New match's title column came out as wide as an option's
    cell: "Red" (asked larger, as titles are) beside "Human" was read as two
    buttons of one grid and reported. A choice's title and options are one
    control's texts; two buttons of one grid are still checked."""
    from game.client.widgets import Button, Segments, draw_all

    class Choice(ButtonScene):
        def draw(self, surface: pygame.Surface) -> None:
            draw_all(self.controls, surface)

    scene = Choice(app)
    row = Segments("Red", ["Human", "Beginner"], "Human", lambda _v: None, shown=str)
    # The title's share such that its box (8 narrower) is exactly an option's
    # (the rest in two cells 4 apart, each inset by the label's pad).
    title = 200
    row.rect = pygame.Rect(20, 20, 3 * title - 12 + 2 * button_label.LABEL_PAD, 64)
    scene.controls = [row]
    monkeypatch.setattr(Segments, "title_width", lambda self: title)
    app.scenes.reset(scene)
    assert row.title_box().size == row.parts()[0].inflate(-button_label.LABEL_PAD, 0).size
    assert text_problems(app) == []
    # Two buttons of those sizes, apart, asked at two sizes: still one grid.
    scene.controls = [Button("Human", lambda: None, size=22), Button("Red", lambda: None, size=24)]
    scene.controls[0].rect = pygame.Rect(20, 100, 200, 60)
    scene.controls[1].rect = pygame.Rect(240, 100, 200, 60)
    found = text_problems(app)
    assert any("'Human' is drawn at" in p and "beside it" in p for p in found), found


def test_the_check_finds_a_button_drawn_a_text_size_under_the_others(app):
    """Issue 54: the analysis board's paired buttons at 640x480 were drawn at 17 px
    in Normal and Large alike, while the screen's other buttons followed the text
    size: a label drawn a whole text size under what it asked (in Large, at
    Normal's size) beside a button drawn at its size is found, in either text
    size; a label fitted a little smaller is not."""
    from game.client.scripted.checks import below_the_text_size, controls_of
    from game.client.widgets import Button

    class Panel(ButtonScene):
        def __init__(self, app, squeezed: float) -> None:
            super().__init__(app)
            self.squeezed = squeezed
            self.controls = [
                Button("Kettenvorschau", lambda: None, size=20),
                Button("Zurück", lambda: None, size=20),
            ]

        def draw(self, surface: pygame.Surface) -> None:
            for i, b in enumerate(self.controls):
                b.rect = pygame.Rect(20, 20 + 60 * i, 300, 50)
                asked = theme.px(b.size)
                # The first label as a panel too narrow for it drew it.
                pixels = round(asked / self.squeezed) if i == 0 else asked
                theme.text(
                    surface,
                    b.label,
                    b.rect.center,
                    pixels=pixels,
                    anchor="center",
                    box=b.rect.inflate(-16, -4),
                    asked=asked,
                )

    def found(scene: Panel) -> list[str]:
        app.scenes.reset(scene)
        seen = look(app)
        assert seen is not None
        return below_the_text_size(seen.scene, seen, controls_of(scene))

    for text_size in ("Normal", "Large"):
        theme.set_text_size(text_size)
        try:
            asked = theme.px(20)
            # Large's squeeze to Normal's own size, and Normal's to a size under it.
            under = theme.normal_px(20) if text_size == "Large" else round(asked / 1.2)
            assert found(Panel(app, asked / under)) == [
                f"Panel: 'Kettenvorschau' is drawn at {under}px, a text size under the "
                f"{asked}px asked, while 'Zurück' is drawn at its size"
            ]
            assert found(Panel(app, 1.08)) == []  # a little smaller: a fit, no text size
        finally:
            theme.set_text_size("Normal")


def test_the_check_finds_a_line_smaller_than_the_one_a_margin_over_it(app):
    """Issue 54: a lesson's counter lines, fitted to one line, were drawn smaller
    than the question over them, 8 pixels apart (the question's margin): the
    check looked only at lines within 4 pixels of each other. Lines of one
    column a margin apart are compared too; lines further apart are not."""

    class Lesson(ButtonScene):
        def __init__(self, app, gap: int) -> None:
            super().__init__(app)
            self.gap = gap

        def draw(self, surface: pygame.Surface) -> None:
            question = pygame.Rect(20, 20, 170, 42)
            text_layout.block(surface, "Wie viele Gruppen hat Rot hier?", question, size=18)
            counter = pygame.Rect(20, question.bottom + self.gap, 170, 25)
            text_layout.label(surface, "Blau: 2 Gruppen, 3 Steine", counter, size=18)

    app.scenes.reset(Lesson(app, 8))
    found = text_problems(app)
    assert len(found) == 1 and found[0].startswith("Lesson: 'Blau: 2 Gruppen, 3 Steine' is drawn")
    assert "smaller than 'Wie viele Gruppen hat Rot hier?' beside it" in found[0], found
    app.scenes.reset(Lesson(app, 20))
    assert text_problems(app) == []


def test_the_check_finds_a_lessons_task_scrolled_out_of_view(app):
    """Issue 54: German lesson 6 at 640x480 Large said what to do ("Finde einen
    Stein mit Goldring, dessen Wenden eine Kette startet...") only after nine
    turns of the wheel. A scene's task left in its scrolled page, or cut at the
    foot of a box too short for it, is found; one drawn whole on its own is not."""
    task = "Spiele eine Kette bis zum Ende."

    class Lesson(ButtonScene):
        def __init__(self, app, alone: int) -> None:
            super().__init__(app)
            self.task = task
            self.alone = alone
            text = "Nach einem Wenden gilt: Kann ein gegnerischer Stein gewendet werden. " * 3
            self.page = text_layout.TextBlock(text + task, size=20, smallest=20)
            self.page.layout(pygame.Rect(20, 20, 200, 80))

        def draw(self, surface: pygame.Surface) -> None:
            self.page.draw(surface)
            if self.alone:
                box = pygame.Rect(20, 120, 200, self.alone)
                text_layout.block(surface, task, box, size=20, pixels=theme.px(20))

    app.scenes.reset(Lesson(app, 0))
    assert text_problems(app) == [
        "Lesson: the task 'Spiele eine Kette bis zum Ende.' is scrolled out of view"
    ]
    line = theme.face(theme.px(20)).get_linesize()
    app.scenes.reset(Lesson(app, line))  # two lines' text in one line's box
    assert text_problems(app) == [
        "Lesson: the task 'Spiele eine Kette bis zum Ende.' is cut at the foot of its box"
    ]
    app.scenes.reset(Lesson(app, 3 * line))
    assert text_problems(app) == []
