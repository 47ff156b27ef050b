"""The shared button handling: every screen gives the same feedback for a press."""

import pygame

from game.client import theme
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.title import TitleScene
from game.client.slider import Slider
from game.client.widgets import Button, press
from game.play.match import PLAYERS

from .test_scenes import start_match


def heard(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.audio, "play", lambda name, volume=None: played.append(name))
    return played


def test_press_stops_at_the_first_widget_that_takes_the_event(app):
    pressed = []
    a = Button("A", lambda: pressed.append("a"), key=pygame.K_a)
    b = Button("B", lambda: pressed.append("b"), key=pygame.K_a)
    a.rect = pygame.Rect(0, 0, 100, 40)
    b.rect = pygame.Rect(0, 50, 100, 40)
    clicks = []

    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert press([a, b], key, lambda: clicks.append(1))
    assert pressed == ["a"] and clicks == [1]

    miss = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1)
    assert not press([a, b], miss, lambda: clicks.append(1))
    assert pressed == ["a"] and clicks == [1]

    b.enabled = False
    on_b = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 70), button=1)
    assert not press([a, b], on_b, lambda: clicks.append(1))
    assert pressed == ["a"]


def test_a_dragged_slider_moves_silently(app):
    values = []
    slider = Slider("Volume", 0.5, values.append)
    slider.rect = pygame.Rect(0, 0, 400, 50)
    clicks = []
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(390, 25), button=1)
    assert press([slider], down, lambda: clicks.append(1))
    assert values and values[-1] > 0.9 and clicks == []


def test_buttons_click_in_the_menus_and_in_a_match(app, drive, monkeypatch):
    scene = start_match(app, drive, side=4)
    played = heard(app, monkeypatch)
    drive.click_cell(0)
    assert scene.match.board.turn_stack, "the placement landed"
    undo = scene.panel.undo
    drive.click(undo.rect.center)
    assert isinstance(app.scenes.top, MatchScene) and not scene.match.board.turn_stack
    assert played.count("click") == 1

    app.scenes.push(SettingsScene(app))
    drive.frames(1)
    volume = next(w for w in app.scenes.top.controls if isinstance(w, Slider))
    drive.click((volume.bar().right - 2, volume.rect.centery))
    assert played.count("click") == 1, "the slider is silent"
    shapes = next(
        w for w in app.scenes.top.controls if getattr(w, "title", "") == "Colour-blind shapes"
    )
    drive.click(shapes.rect.center)
    assert played.count("click") == 2


def test_the_menus_work_from_the_keyboard(app, drive):
    from game.client.scenes.setup import SetupScene
    from game.client.scenes.title import TitleScene

    app.settings.red_player, app.settings.board_side = "Human", 5
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    title = app.scenes.top
    assert title.focus is None
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_UP)
    assert title.controls[title.focus].label == "Play" and title.controls[title.focus].focused
    drive.frames(20)
    assert title.controls[title.focus].glow > 0.9, "the focused button glows"
    drive.key(pygame.K_RETURN)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)

    assert setup.focus == 0  # reached by the keys: the focus shows, on the Red choice
    assert setup.red.index == 0
    shown = setup.red.options[setup.red.stepped]  # the level the stepper's box shows
    drive.key(pygame.K_RIGHT)  # from the person: the level its stepper shows
    assert app.settings.red_player == shown != "Human"
    for who in reversed(PLAYERS[1 : PLAYERS.index(shown)]):
        drive.key(pygame.K_LEFT)  # down the ladder, a level a key
        assert app.settings.red_player == who
    drive.key(pygame.K_LEFT)  # and down from Beginner: the person again
    assert app.settings.red_player == "Human"
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)  # back round to "Back"
    assert setup.controls[setup.focus].label == "Back"
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_LEFT)  # side 5 -> 4
    assert app.settings.board_side == 4
    drive.hover((5, 5))
    assert setup.focus is None, "the mouse takes over from the keyboard"
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is title and title.controls[title.focus].label == "Play"


def test_the_arrows_step_the_choice_just_clicked(app, drive):
    """A play-test clicked "Human" on New match, then pressed Right: nothing
    happened until Tab. The arrows take over from the control under the pointer."""
    from game.client.scenes.setup import SetupScene

    app.settings.red_player = "Human"
    app.scenes.push(SetupScene(app))
    drive.frames(2)
    setup = app.scenes.top
    first, _stepper = setup.red.areas()
    drive.click(first.center)
    assert setup.focus is None and app.settings.red_player == "Human"
    shown = setup.red.options[setup.red.stepped]
    drive.key(pygame.K_RIGHT)
    assert app.settings.red_player == shown != "Human"
    assert setup.controls[setup.focus] is setup.red
    drive.hover((2, 2))  # over nothing: the mouse takes over again
    assert setup.focus is None
    drive.key(pygame.K_LEFT)  # no control under the pointer: nothing moves
    assert setup.focus is None and app.settings.red_player == shown


def test_a_focused_slider_moves_with_the_arrow_keys(app, drive):
    app.scenes.push(SettingsScene(app))
    drive.frames(1)
    scene = app.scenes.top
    app.settings.volume = 0.5
    scene.enter()
    drive.key(pygame.K_DOWN)
    assert isinstance(scene.controls[scene.focus], Slider)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert app.settings.volume == 0.6
    drive.key(pygame.K_RETURN)  # nothing to press on a slider
    assert isinstance(app.scenes.top, SettingsScene) and app.settings.volume == 0.6


def test_a_label_shrinks_then_cuts_and_shows_whole_under_the_pointer(app):
    from game.client import text_layout, theme

    surface = pygame.Surface((400, 300))
    box = pygame.Rect(10, 10, 200, 30)
    long = "A pack description far longer than the room a small window gives it."
    theme.drawn_texts = []
    try:
        text_layout.label(surface, "Short", box, size=22)
        text_layout.label(surface, long, box, size=22, floor=14)
        plain = [m for _, m, _, _ in theme.drawn_texts]
        theme.drawn_texts = []
        text_layout.label(surface, long, box, size=22, floor=14, pointer=box.center)
        hovered = [m for _, m, _, _ in theme.drawn_texts]
    finally:
        theme.drawn_texts = None
    assert plain[0] == "Short" and plain[1].endswith("...") and len(plain) == 2
    assert theme.font(14).size(plain[1])[0] <= box.width
    # Under the pointer, the whole text shows, word for word, below the line.
    assert " ".join(hovered[1:]) == long


def ring_shows(app, rect):
    """Is the focus ring drawn round ``rect`` (the middle of its top side)?"""
    ring = rect.inflate(8, 8)
    return tuple(app.screen.get_at((ring.centerx, ring.top + 1))[:3]) == theme.TEXT


def test_the_keyboard_focus_shows_in_a_confirm_dialog(app, drive):
    from game.client.scenes.confirm import ConfirmScene
    from game.client.scenes.title import TitleScene

    answered = []
    app.scenes.reset(TitleScene(app))
    ask = ConfirmScene(
        app, "Leave?", "Really.", "Leave", lambda: answered.append("yes"),
        on_no=lambda: answered.append("no"),
    )  # fmt: skip
    app.scenes.push(ask)
    drive.frames(2)
    assert not ring_shows(app, ask.yes_button.rect)
    drive.key(pygame.K_TAB)
    drive.frames(2)
    assert ask.yes_button.focused and ring_shows(app, ask.yes_button.rect)
    drive.key(pygame.K_RIGHT)
    drive.frames(2)
    assert ring_shows(app, ask.no_button.rect) and not ring_shows(app, ask.yes_button.rect)
    drive.key(pygame.K_RETURN)  # answers what the focus is on
    assert answered == ["no"]


def test_the_keyboard_focus_shows_on_an_option_already_chosen(app, drive):
    from game.client.scenes.setup import SetupScene
    from game.client.widgets import Segments

    setup = SetupScene(app)
    app.scenes.reset(setup)
    drive.frames(2)
    drive.key(pygame.K_TAB)  # onto the Red choice, whose chosen option is filled
    drive.frames(2)
    red = setup.controls[setup.focus]
    assert isinstance(red, Segments)
    assert ring_shows(app, red.parts()[red.index])


def test_a_button_under_an_overlay_does_not_light_up_under_the_pointer(app, drive):
    scene = start_match(app, drive)
    menu = scene.panel.menu
    # The pointer on the side panel's Menu button: it lights up...
    pygame.mouse.set_pos(menu.rect.center)
    drive.frames(20)
    assert menu.glow > 0.9
    # ...but not with a panel over the screen that takes the clicks.
    scene.menu()  # the pause menu, over the match
    assert app.scenes.top is not scene and app.scenes.top.overlay
    pygame.mouse.set_pos(menu.rect.center)
    drive.frames(20)
    assert menu.glow < 0.1


def test_the_keys_take_the_highlight_from_a_resting_pointer_until_it_moves(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    buttons = [w for w in app.scenes.top.controls if isinstance(w, Button)]
    rest_on = buttons[-1]
    drive.move(rest_on.rect.center)
    pygame.mouse.set_pos(rest_on.rect.center)
    drive.frames(20)
    assert rest_on.glow > 0.9
    drive.key(pygame.K_UP)  # the keys take over from the button the pointer is on
    drive.frames(20)
    lit = [b for b in buttons if b.glow > 0.5]
    focused = [b for b in buttons if b.focused]
    assert focused == [buttons[-2]], [b.label for b in focused]
    assert lit == focused, [b.label for b in lit]
    drive.move((rest_on.rect.centerx + 1, rest_on.rect.centery))
    drive.frames(20)
    assert [b for b in buttons if b.glow > 0.5] == [rest_on]  # the mouse took over


def test_the_next_action_stands_out_by_its_label_not_the_pointer_s_fill_or_edge(app, drive):
    """A primary button once had the pointer's tinted fill, then the focus's gold
    edge: a newcomer saw two buttons selected at once (issue 54, item 5). Only
    its label's colour sets it apart."""
    surface = pygame.Surface((300, 200))
    plain, primary, pointed = (Button(name, lambda: None) for name in ("a", "b", "c"))
    primary.primary = True
    pointed.glow = 1.0
    for i, b in enumerate((plain, primary, pointed)):
        b.rect = pygame.Rect(10, 10 + 60 * i, 200, 50)
        b.draw(surface)

    def fill(b):
        return surface.get_at((b.rect.left + 12, b.rect.centery))[:3]

    def edge(b):
        drawn = b.rect.inflate(int(6 * b.glow), int(4 * b.glow))  # a lit button grows
        return surface.get_at((drawn.left + 1, b.rect.centery))[:3]

    def gold(b):
        inside = b.rect.inflate(-20, -10)
        return sum(
            surface.get_at((x, y))[:3] == theme.ACCENT[:3]
            for x in range(inside.left, inside.right)
            for y in range(inside.top, inside.bottom)
        )

    assert fill(primary) == fill(plain) != fill(pointed)
    assert edge(primary) == edge(plain) != edge(pointed) == theme.ACCENT[:3]
    assert gold(primary) > 0 == gold(plain)


def test_text_fields_drawn_together_share_their_title_size(app):
    """The online screen drew "Dein Name" smaller than "Server" over it, each
    title fitted by itself: the fields of one form share one title size."""
    from game.client.scene import ButtonScene
    from game.client.scripted.checks import look, text_problems
    from game.client.text_field import TextField
    from game.client.widgets import draw_all

    class Form(ButtonScene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.controls = [TextField("Server"), TextField("Dein Name")]
            for i, field in enumerate(self.controls):
                field.rect = pygame.Rect(20, 20 + 60 * i, 300, 44)

        def draw(self, surface: pygame.Surface) -> None:
            draw_all(self.controls, surface)

    app.scenes.reset(Form(app))
    seen = look(app)
    assert seen is not None
    titles = {p for m, _r, _b, p in seen.texts if m in ("Server", "Dein Name")}
    assert len(titles) == 1, titles
    assert text_problems(app, seen) == []


def test_a_focused_slider_or_text_field_shows_the_focus_ring_a_button_does(app):
    """Issue 54 (continued), item 4: the first control of a screen reached by the
    keys shows its focus; on Settings that is a slider, which showed only a gold
    edge. A slider and a text field share the focus's look with the buttons."""
    from game.client.text_field import TextField

    surface = pygame.Surface((400, 200))
    for control in (Slider("Game sounds", 0.5, lambda v: None), TextField("Name")):
        control.rect = pygame.Rect(50, 50, 300, 48)
        ring = control.rect.inflate(8, 8)
        for focused in (False, True):
            control.focused = focused
            surface.fill(theme.BG)
            control.draw(surface)
            top = surface.get_at((ring.centerx, ring.top + 1))[:3]
            assert (top == theme.TEXT[:3]) is focused, (type(control).__name__, focused)


def test_the_kinds_told_apart_once_per_class_are_what_each_control_is(app, drive):
    """``draw_all`` tells the titled controls and the sliders apart once per class
    (:mod:`game.client.widget_kinds`): for each control of the screens that have
    them all (buttons, choices, text fields, sliders), as the protocols say."""
    from game.client.scenes.online_lobby import OnlineScene
    from game.client.scenes.setup import SetupScene
    from game.client.widget_kinds import OwnLabel, Titled, is_own_label, is_titled

    kinds = set()
    for make in (SettingsScene, SetupScene, OnlineScene):
        app.scenes.reset(make(app))
        drive.frames(2)
        for control in app.scenes.top.controls:
            for _ in range(2):  # worked out, then remembered
                assert is_titled(control) == isinstance(control, Titled), control
                assert is_own_label(control) == isinstance(control, OwnLabel), control
            kinds.add((is_titled(control), is_own_label(control)))
    assert {(True, True), (False, True), (False, False)} <= kinds, kinds
