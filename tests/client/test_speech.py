"""Playing by ear: with Speech on, what the game says as a player moves through
it, recorded by a fake voice. Only key events are posted, as a player who cannot
see the screen would press them."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.client.scenes.match_scene import MatchScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.title import TitleScene
from game.client.scripted.tour import chain_start, game_until, match_scene
from game.play.match import Match
from game.play.voice import Recorder
from game.rules import BLUE, RED

from .test_keyboard import cursor_to, push_match, type_turn


@pytest.fixture
def ears(app):
    """Speech on, and a voice that records what it is given."""
    app.settings.speech = True
    app.voice = Recorder()
    return app.voice


def test_tab_and_arrows_through_the_title_menu_say_each_control(app, drive, ears):
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    assert ears.said[0].startswith("Mosaic. by Mark Steere.")
    heard = []
    for key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP):
        start = len(ears.said)
        drive.key(key)
        heard.append(ears.since(start))
    # Continue is greyed with no match to continue: the focus starts on Play.
    assert heard == [
        "Play, button.",
        "Play online, button.",
        "Puzzles, button.",
        "Play online, button.",
    ]


def test_a_choice_says_its_new_value_as_it_changes(app, drive, ears):
    app.scenes.push(SettingsScene(app))
    drive.frames(2)
    assert ears.said[0] == "Settings."
    scene = app.scenes.top
    speech = next(i for i, w in enumerate(scene.controls) if getattr(w, "title", "") == "Speech")
    while scene.focus != speech:
        drive.key(pygame.K_UP)
    assert ears.last == "Speech: On, a choice: Left or Right changes it."
    drive.key(pygame.K_LEFT)
    assert ears.last == "Speech: Off, a choice: Left or Right changes it."
    assert app.settings.speech is False
    drive.key(pygame.K_DOWN)  # Speech is off now: nothing more is said
    assert ears.last == "Speech: Off, a choice: Left or Right changes it."


class NoVoice(Recorder):
    """A voice that cannot speak: it says so once, as the system's does."""

    def __init__(self) -> None:
        super().__init__()
        self.told = False

    def poll(self) -> str | None:
        if self.said and not self.told:
            self.told = True
            return "Speech is off: this system has no voice the game can use."
        return None


def test_a_voice_that_cannot_speak_turns_speech_off_and_says_why_clear_of_the_rows(app, drive):
    """Issue 54 (continued), item 9: with no voice the switch still said "On", and
    the banner that said why lay over the settings' rows at 640x480."""
    from .drawn import drawn

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    drive.frames(2)
    app.voice = NoVoice()
    app.scenes.push(SettingsScene(app))
    drive.frames(2)
    scene = app.scenes.top
    speech = next(w for w in scene.controls if getattr(w, "title", "") == "Speech")
    drive.click(speech.rect.center)  # On: the first words find no voice
    drive.frames(3)
    assert app.settings.speech is False and speech.label == "Speech: Off"
    assert not app.toasts
    told = [r for m, r in drawn(scene.draw, app.screen.copy()) if "Speech is off" in m]
    assert told and not [w for w in scene.controls if w.rect.colliderect(told[0])]
    drive.click(speech.rect.center)  # On again: the note gives way
    assert app.settings.speech is True and not scene.note


def test_speech_is_off_by_default_and_then_says_nothing(app, drive):
    assert app.settings.speech is False
    app.voice = ears = Recorder()
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    drive.key(pygame.K_TAB)
    assert ears.said == []


def test_a_turn_is_heard_in_words_and_the_cursor_says_its_cell(app, drive, ears):
    scene = push_match(app, drive, Match(3, "Human", "Human"))
    assert ears.said[0] == (
        "Match on a board of side 3: Red, Human; Blue, Human. Red to move. "
        "Press I at any time to hear the score. Tab shows the board cursor, "
        "the arrows move it and Enter plays its cell."
    )
    board = scene.match.board
    c3 = board.geometry.index("c3")
    cursor_to(drive, scene, c3)
    assert ears.last == "c3 is empty. Place a tile on c3."
    drive.key(pygame.K_RETURN)
    assert ears.last == "Red places a tile on c3."
    drive.key(pygame.K_RIGHT)
    c4 = board.geometry.index("c4")
    assert scene.input.cursor == c4
    assert ears.last.startswith("c4 is empty.")
    drive.key(pygame.K_LEFT)
    assert ears.last.startswith("c3: Red, on its own.")
    drive.key(pygame.K_ESCAPE)
    assert ears.last == "Board cursor hidden."


def test_a_chain_is_heard_whole_with_its_length_and_its_notation(app, drive, ears):
    turns, chain = game_until(5, 1, chain_start)
    scene = match_scene(app, turns, 5)
    drive.frames(2)
    board = scene.match.board
    mover = board.mover.title
    start = len(ears.said)
    type_turn(drive, board.notation(chain))
    names = [board.geometry.name(c) for c in chain.cells]
    said = ears.since(start)
    n = len(names)
    words = {3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    assert f"{mover} flips {listed}: a chain of {words}." in said


def test_the_score_key_says_the_score_whose_turn_and_the_last_turn(app, drive, ears):
    match = Match(3, "Human", "Club")
    scene = push_match(app, drive, match)
    scene.show(match.click(match.board.geometry.index("c3")))
    drive.frames()
    drive.key(pygame.K_i)
    said = ears.last
    assert "Red, Human: 1 tile." in said
    assert "Blue, Club: 0 tiles." in said
    assert "Last turn: Red places a tile on c3." in said
    assert said.endswith("Blue to move.")
    assert BLUE is match.board.mover


def test_the_result_is_heard(app, drive, ears):
    match = Match(3, "Human", "Human")
    match.click(match.board.geometry.index("c3"))  # Red's turn: its resigning counts
    scene = push_match(app, drive, match)
    start = len(ears.said)
    scene.show(match.resign(RED))
    drive.frames()
    assert "Game over: Red resigned: Blue wins." in ears.since(start)
    assert isinstance(scene, MatchScene)


# -- a whole match by ear ------------------------------------------------------------
GOOD = re.compile(r"(^|[.:] )(Place a tile on|Flip) [a-z]\d+( to go on with the chain)?\.")


class Listener:
    """A player who cannot see the screen: presses keys and decides by what is
    said, nothing else (never the scenes, the board or the screen)."""

    def __init__(self, drive, ears: Recorder) -> None:
        self.drive, self.ears = drive, ears

    def press(self, key: int) -> str:
        start = len(self.ears.said)
        self.drive.key(key)
        return self.ears.since(start)

    def until(self, key: int, wanted: str, tries: int = 12) -> str:
        """Press ``key`` until ``wanted`` is heard."""
        for _ in range(tries):
            said = self.press(key)
            if wanted in said:
                return said
        raise AssertionError(f"never heard {wanted!r}; last: {self.ears.last!r}")

    def act_if_good(self, said: str) -> str | None:
        """On a cell that says a turn may be made there, press Enter: what that said."""
        return self.press(pygame.K_RETURN) if GOOD.search(said) else None

    def sweep(self) -> str:
        """Walk the board cursor over every cell, row by row, listening to each,
        and play the first that says it can be played: what playing it said."""
        said = self.press(pygame.K_TAB)  # shows the cursor (or nothing: shown already)
        if (done := self.act_if_good(said)) is not None:
            return done
        for key in (pygame.K_UP, pygame.K_LEFT):  # to the top row's first cell
            while said := self.press(key):
                if (done := self.act_if_good(said)) is not None:
                    return done
        across = pygame.K_RIGHT
        while True:
            while said := self.press(across):
                if (done := self.act_if_good(said)) is not None:
                    return done
            said = self.press(pygame.K_DOWN)
            if not said:
                raise AssertionError("the whole board said no turn can be made")
            if (done := self.act_if_good(said)) is not None:
                return done
            across = pygame.K_LEFT if across == pygame.K_RIGHT else pygame.K_RIGHT
            # The row below may reach further back than the cell Down went to.
            back = pygame.K_LEFT if across == pygame.K_RIGHT else pygame.K_RIGHT
            while said := self.press(back):
                if (done := self.act_if_good(said)) is not None:
                    return done

    def wait_for_my_turn(self, heard: str) -> str:
        """Listen until Blue has played (``heard``: what Red's turn said, which may
        say Blue had to pass), then ask with the score key whose turn it is: Red's,
        or Blue's again (Red had to pass), or the game is over."""
        for _ in range(3000):
            if any(w in heard for w in ("Blue places", "Blue flips", "Blue has no", "Game over")):
                said = self.press(pygame.K_i)
                if "Red to move." in said or "Game over" in said:
                    return said
            time.sleep(0.01)
            start = len(self.ears.said)
            self.drive.frames(3)
            heard = self.ears.since(start)
        raise AssertionError(f"Blue never played; last heard: {self.ears.last!r}")


def test_a_side_3_match_played_by_ear_from_the_title_screen(app, drive, ears):
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    me = Listener(drive, ears)
    me.until(pygame.K_TAB, "Play, button.")
    assert "New match." in me.press(pygame.K_RETURN)
    me.until(pygame.K_DOWN, "Red: Human")
    me.until(pygame.K_DOWN, "Blue: Beginner")  # a new player's: what Match my level picks
    me.until(pygame.K_DOWN, "Board side:")
    me.until(pygame.K_LEFT, "Board side: 3")
    me.until(pygame.K_DOWN, "Start, button.")
    said = me.press(pygame.K_RETURN)
    assert said.startswith("Match on a board of side 3: Red, Human; Blue, Beginner.")
    turns = 0
    while "Game over" not in said:
        said = me.sweep()
        if "Chain: now flip" in said:
            continue  # a chain under way: the next sweep finds what is owed
        assert said.startswith(("Red places", "Red flips")), said
        turns += 1
        said = me.wait_for_my_turn(said)
    transcript = "\n".join(ears.said)
    print(f"{len(ears.said)} utterances, {turns} turns by Red; the first ones:")
    print("\n".join(ears.said[:25]))
    assert "Game over: " in transcript
    # The screens agree with what was heard.
    match = next(s for s in app.scenes.scenes if isinstance(s, MatchScene)).match
    assert match.over and match.board.size == 3
    assert match.players[BLUE] == "Beginner"


# -- the play-test in German with Speech on ----------------------------------------
def test_the_title_says_what_it_shows_and_once_how_to_find_the_keys(app, drive, ears):
    app.scenes.push(TitleScene(app))
    drive.frames(2)
    assert ears.said[0] == (
        "Mosaic. by Mark Steere. Press I at any time to hear the score. "
        "Tab moves between the buttons and Enter presses one."
    )
    app.scenes.push(SettingsScene(app))
    drive.frames(2)
    start = len(ears.said)
    drive.key(pygame.K_ESCAPE)
    assert ears.since(start).startswith("Mosaic. by Mark Steere.")
    assert "Press I" not in ears.since(start)  # told once is enough


def test_the_title_and_a_match_speak_german_with_the_keys(app, drive, ears):
    from game import i18n

    i18n.set_language("de")
    try:
        app.scenes.push(TitleScene(app))
        drive.frames(2)
        title = ears.said[0]
        scene = push_match(app, drive, Match(3, "Human", "Beginner"))
        match_line = ears.said[-1]
        assert isinstance(scene, MatchScene)
    finally:
        i18n.set_language("en")
    assert title.startswith("Mosaic. von Mark Steere. Drücke jederzeit I, um den Spielstand")
    assert "by" not in title.split() and "Press" not in title
    assert match_line.startswith("Partie auf einem Brett der Seite 3: Rot, Mensch; Blau, Anfänger.")
    assert match_line.endswith(
        "Drücke jederzeit I, um den Spielstand zu hören. Tab zeigt den Brett-Cursor, "
        "die Pfeiltasten bewegen ihn und Eingabe spielt sein Feld."
    )


def test_the_score_key_on_the_result_says_both_players_tiles(app, drive, ears):
    from .test_focus_keys import card

    app.scenes.reset(TitleScene(app))
    scene = card(app)
    app.scenes.push(scene)
    drive.frames(2)
    board = scene.over.match.board
    drive.key(pygame.K_i)
    for side, name in ((RED, "Red"), (BLUE, "Blue")):
        n = board.count(side)
        assert f"{name} (Human): {n} tile{'s' * (n != 1)}." in ears.last, ears.last


def test_the_server_field_shows_and_says_the_address_as_a_player_types_it(app, drive, ears):
    """Issue 54, item 4: the Server field's default showed "ws://localhost:8765",
    and Speech read the scheme out with it."""
    from game.client.scenes.online_lobby import OnlineScene

    scene = OnlineScene(app)
    app.scenes.push(scene)
    drive.frames(2)
    assert scene.server_field.value == "localhost:8765"
    start = len(ears.said)
    for _ in range(len(scene.controls) + 1):
        drive.key(pygame.K_TAB)
        if scene.focus is not None and scene.controls[scene.focus] is scene.server_field:
            break
    heard = ears.since(start)
    assert "localhost:8765" in heard and "ws://" not in heard, heard
