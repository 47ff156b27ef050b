"""New match with twelve AI levels: each seat is the person and a level on a stepper
(ten levels side by side were drawn at 17 pixels, a text size under the 20 asked,
even in English Normal at 640x480, on two rows of six), chosen by the pointer, the
keys or a controller's arrows as any choice is, at 640x480."""

from __future__ import annotations

import pygame
import pytest

from game.ai.levels import LEVELS
from game.client.scenes.match_scene import MatchScene
from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import layout_problems, look, text_problems
from game.client.scripted.tour import Driver
from game.client.stepper_choice import StepperChoice
from game.play.ai_rating import NEWCOMER_LEVEL
from game.play.match import HUMAN, PLAYERS
from game.rules import BLUE, RED

from .screens import shown
from .tours import languages


def button(scene: SetupScene, label: str) -> pygame.Rect:
    return next(c for c in scene.controls if getattr(c, "label", "") == label).rect


def drawn(app) -> set[str]:
    seen = look(app)
    assert seen is not None
    assert text_problems(app, seen) == [] and layout_problems(app) == []
    return {m for m, _r, _b, _p in seen.texts}


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_virtuoso_for_blue_by_the_pointer_and_the_match_starts(tmp_path, text_size):
    with shown(tmp_path, SetupScene, (640, 480), text_size) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        # A new player's: the level Match my level picks before any result.
        assert (app.settings.red_player, app.settings.blue_player) == (HUMAN, NEWCOMER_LEVEL)
        up = scene.blue.steps()[1]
        for name in PLAYERS[PLAYERS.index(NEWCOMER_LEVEL) + 1 : PLAYERS.index("Virtuoso") + 1]:
            drive.click(up.center)
            assert app.settings.blue_player == name
            assert name in drawn(app)  # on the stepper, its name whole
        assert any(m.startswith("Blue, Virtuoso (Elo ") for m in drawn(app))
        drive.click(button(scene, "Start").center)
        match = app.scenes.top
        assert isinstance(match, MatchScene)
        assert (match.match.players[RED], match.match.players[BLUE]) == (HUMAN, "Virtuoso")


def test_the_stepper_stops_at_the_ends_and_keeps_its_level_under_the_person(tmp_path):
    with shown(tmp_path, SetupScene, (640, 480), "Large", "de") as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        red = scene.red
        assert isinstance(red, StepperChoice)
        person, level = red.areas()
        down, up = red.steps()
        assert app.settings.red_player == HUMAN
        assert {"Mensch", "Anfänger"} <= drawn(app)  # the level a click on its box picks
        drive.click(level.center)
        assert app.settings.red_player == "Beginner"
        for _step in range(len(LEVELS)):  # up the ladder, and past Master no further
            drive.click(up.center)
        assert app.settings.red_player == "Master"
        drive.click(person.center)
        assert app.settings.red_player == HUMAN
        assert {"Mensch", "Meister"} <= drawn(app)  # the level kept beside the person
        drive.click(down.center)  # from the level shown, a step down: chosen
        assert app.settings.red_player == "Virtuoso"
        for _step in range(len(LEVELS)):
            drive.click(down.center)
        assert app.settings.red_player == "Beginner"


def test_virtuoso_for_blue_by_the_keys_and_enter_starts(tmp_path):
    with shown(tmp_path, SetupScene, (640, 480), "Large", "es") as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        drive.key(pygame.K_TAB)
        drive.key(pygame.K_TAB)  # onto Blue's seat
        assert scene.controls[scene.focus] is scene.blue
        # Left and Right step down and up the ladder, as the stepper's arrows do.
        drive.key(pygame.K_RIGHT)
        assert app.settings.blue_player == "Casual"  # one over a new player's Beginner
        for _step in range(PLAYERS.index("Virtuoso") - PLAYERS.index("Casual")):
            drive.key(pygame.K_RIGHT)
        assert app.settings.blue_player == "Virtuoso"
        assert "Virtuoso" in drawn(app)
        drive.key(pygame.K_RIGHT)
        drive.key(pygame.K_RIGHT)  # past Master no further, as its arrow goes
        assert app.settings.blue_player == "Master"
        drive.key(pygame.K_LEFT)
        assert app.settings.blue_player == "Virtuoso"
        drive.key(pygame.K_RETURN)  # Enter on a choice: the screen's Start
        match = app.scenes.top
        assert isinstance(match, MatchScene)
        assert match.match.players[BLUE] == "Virtuoso"


@pytest.mark.parametrize("by", ["keys", "pad"])
def test_right_from_the_person_chooses_the_level_the_stepper_shows(tmp_path, by):
    """Right on a seat with the person chosen chose Beginner while the stepper's
    box showed Club: it chooses what the box shows, on either seat, by the keys
    or a controller's d-pad; Left from Beginner chooses the person again."""
    with shown(tmp_path, SetupScene, (640, 480)) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        keys = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT}
        pads = {
            "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        }

        def press(way: str) -> None:
            if by == "keys":
                drive.key(keys[way])
            else:
                drive.pad(pads[way])

        for seat, setting, level in (
            (scene.red, "red_player", "Expert"),
            (scene.blue, "blue_player", "Apprentice"),
        ):
            drive.click(seat.areas()[1].center)  # a level, then the person, by hand
            while getattr(app.settings, setting) != level:
                drive.click(seat.steps()[1 if PLAYERS.index(level) > seat.index else 0].center)
            drive.click(seat.areas()[0].center)
            assert getattr(app.settings, setting) == HUMAN
            assert scene.blue.shown(seat.options[seat.stepped]) in drawn(app)
            scene.set_focus(scene.controls.index(seat))
            press("right")
            assert getattr(app.settings, setting) == level
            for who in reversed(PLAYERS[1 : PLAYERS.index(level)]):
                press("left")
                assert getattr(app.settings, setting) == who
            press("left")  # down from Beginner: the person
            assert getattr(app.settings, setting) == HUMAN
            press("left")  # and no further
            assert getattr(app.settings, setting) == HUMAN
            assert scene.controls[scene.focus] is seat


@pytest.mark.parametrize("language", languages())
def test_every_level_on_the_stepper_is_whole_at_640x480_in_large(tmp_path, language):
    """Each level's name drawn whole on its stepper, at the one size every option
    of the table of choices shares, and nothing over anything."""
    with shown(tmp_path, SetupScene, (640, 480), "Large", language) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        down, up = scene.blue.steps()
        for _step in range(len(LEVELS)):
            drive.click(down.center)
        sizes = set()
        for who in PLAYERS[1:]:
            assert app.settings.blue_player == who
            seen = look(app)
            assert seen is not None
            assert text_problems(app, seen) == [] and layout_problems(app) == []
            room = scene.blue.name_room()
            names = [(m, p) for m, r, _b, p in seen.texts if room.contains(r)]
            assert [m for m, _p in names] == [scene.blue.shown(who)]
            sizes |= {p for _m, p in names}
            drive.click(up.center)
        assert len(sizes) == 1, sizes


def test_a_stepper_shows_how_far_up_the_ladder_its_level_is(tmp_path, monkeypatch):
    """A pip a level, those up to the level shown filled: under the level's name
    where the seat is tall enough for both, else (640x480 in Large text, where
    they were missing) beside it, at its right on its line, the name whole."""
    circles: list[tuple[tuple[int, int], int]] = []
    drawn_circle = pygame.draw.circle

    def circle(surface, color, centre, radius, width=0):
        circles.append((tuple(centre), width))
        return drawn_circle(surface, color, centre, radius, width)

    runs = [((1280, 800), "it", True), *(((640, 480), lang, False) for lang in languages())]
    # asserts-in-branch: runs holds 1280x800 and the five languages, never empty
    for size, language, under in runs:
        folder = tmp_path / f"{size[0]}-{language}"
        folder.mkdir()
        with shown(folder, SetupScene, size, "Large", language) as (app, _seen):
            scene = app.scenes.top
            app.settings.blue_player = "Virtuoso"
            scene.blue.index = PLAYERS.index("Virtuoso")
            circles.clear()
            monkeypatch.setattr(pygame.draw, "circle", circle)
            app.draw()
            monkeypatch.undo()
            seen = look(app)
            assert seen is not None and text_problems(app, seen) == []
            for seat, filled in (
                (scene.red, PLAYERS.index(NEWCOMER_LEVEL)),
                (scene.blue, PLAYERS.index("Virtuoso")),
            ):
                stepper = seat.areas()[1]
                mine = [(c, w) for c, w in circles if stepper.collidepoint(c)]
                assert len(mine) == len(LEVELS), (size, language)
                assert [w == 0 for _c, w in mine] == [k < filled for k in range(len(LEVELS))]
                name = seat.name_room()
                level = seat.shown(seat.options[seat.stepped])
                (ink,) = [r for m, r, _b, _p in seen.texts if m == level and name.contains(r)]
                if under:
                    assert all(c[1] > ink.bottom for c, _w in mine)
                else:
                    assert all(ink.top <= c[1] <= ink.bottom for c, _w in mine)
                    assert all(c[0] > ink.right for c, _w in mine), (ink, mine)


def ink(app, box: pygame.Rect, color) -> int:
    """How many pixels of ``color`` the screen has inside ``box`` (its frame's
    edge and rounded corners left out)."""
    inner = box.inflate(-10, -10)
    screen = app.screen
    return sum(
        screen.get_at((x, y))[:3] == color
        for x in range(inner.left, inner.right)
        for y in range(inner.top, inner.bottom)
    )


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_the_arrows_on_the_chosen_stepper_show_and_the_one_at_the_end_is_dimmer(
    tmp_path, text_size
):
    """On the chosen (gold) stepper the arrow with no step further was drawn in
    the frame's slate, hard to make out: both arrows are in the box's own ink,
    the text's, the one at the end of the ladder hollow (less ink, but there).
    Its outline of one pixel was still hard to see: two, over half the solid's ink."""
    from game.client import theme

    with shown(tmp_path, SetupScene, (640, 480), text_size) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        up = scene.blue.steps()[1]
        for _step in range(len(LEVELS)):
            drive.click(up.center)
        assert app.settings.blue_player == "Master"
        app.draw()
        down, top = scene.blue.steps()
        step, end = ink(app, down, theme.BG), ink(app, top, theme.BG)
        assert step * 0.5 <= end < step, (end, step)
        drive.click(scene.blue.areas()[0].center)  # the person: the stepper greyed
        app.draw()
        step, end = ink(app, down, theme.MUTED), ink(app, top, theme.MUTED)
        assert step > end > 0, (end, step)


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_a_persons_seat_greys_the_level_beside_it(tmp_path, text_size):
    """Play-test: a seat set to Human showed "Beginner" on its stepper in the
    text's ink, which read as playing as Beginner: greyed, until chosen."""
    from game.client import theme

    with shown(tmp_path, SetupScene, (640, 480), text_size) as (app, _seen):
        scene = app.scenes.top
        drive = Driver(app)
        assert app.settings.red_player == HUMAN
        app.draw()
        name = scene.red.name_room(scene.red.areas()[1])
        assert ink(app, name, theme.TEXT) == 0 < ink(app, name, theme.MUTED)
        drive.click(scene.red.areas()[1].center)  # the level chosen: in the box's ink
        assert app.settings.red_player != HUMAN
        app.draw()
        assert ink(app, name, theme.MUTED) == 0 < ink(app, name, theme.BG)
