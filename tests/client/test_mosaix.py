"""Mosaix in the client: a whole seeded solo game and a match played with posted
events (keys for the formation, clicks on the sheet), the count, the records."""

import random
import time

import pygame

from game.client import theme
from game.client.scenes.confirm import ConfirmScene
from game.client.scenes.mosaix_menu import MosaixMenuScene, MosaixRulesScene
from game.client.scenes.mosaix_play import (
    MosaixMatchScene,
    MosaixResultScene,
    MosaixSoloScene,
)
from game.client.scenes.title import TitleScene
from game.mosaix import CREDIT
from game.mosaix import ai as mosaix_ai
from game.mosaix.sheet import SIZE
from game.play.arranger import Arranger
from game.play.mosaix_flow import anchor
from game.play.mosaix_records import load as load_records
from game.play.sheet_keys import sheet_step

from .drawn import drawn, words
from .test_scenes import button


def lay_out(drive, scene, formation):
    """Pick ``formation`` with the keys a player would press."""
    want = Arranger(scene.arranger.rolled)
    want.show(formation)
    drive.key(pygame.K_1 + want.shape)
    for _ in range((want.order - scene.arranger.order) % len(want.orders)):
        drive.key(pygame.K_SPACE)
    for _ in range((want.turns - scene.arranger.turns) % 4):
        drive.key(pygame.K_r)
    assert scene.arranger.formation == formation


def click_placement(drive, scene, p):
    """Point so that the formation's held symbol is where ``p`` puts it, and click."""
    ax, ay = anchor(p.formation)
    drive.click(scene.view.cell_rect(p.x + ax, p.y + ay).center)


def test_a_whole_seeded_solo_game_by_keys_and_clicks(app, drive):
    app.scenes.reset(TitleScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Mosaix").rect.center)
    assert isinstance(app.scenes.top, MosaixMenuScene)
    scene = MosaixSoloScene(app, seed=21)
    app.scenes.push(scene)
    rng = random.Random(21)
    turns = 0
    drive.step = 1 / 20  # frames of 50 ms, as the tour draws them
    while not scene.finished:
        drive.settle(0.7)  # the dice tumble
        game = scene.game
        p = mosaix_ai.roll_and_place(game.sheet, game.rolled, rng, game.max_dropped)
        lay_out(drive, scene, p.formation)
        before = len(game.turns)
        click_placement(drive, scene, p)
        assert len(scene.game.turns) == before + 1, scene.message
        turns += 1
    drive.settle(0.5)
    result = app.scenes.top
    assert isinstance(result, MosaixResultScene) and turns >= 8
    score = scene.game.score
    assert score == scene.game.sheet.score() + scene.game.scale
    records, _ = load_records(app.data)
    assert records.best == score and records.games == 1


def test_a_refused_placement_says_why_and_writes_nothing(app, drive):
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.reset(scene)
    drive.settle(0.8)
    drive.key(pygame.K_2)  # the O-shape
    drive.click(scene.view.centre(3, 3))  # over the printed centre
    assert scene.game.turns == [] and "already written" in scene.message[0]


def test_the_formation_after_a_write_waits_for_the_pointer_then_says_why_it_is_red(app, drive):
    scene = MosaixSoloScene(app, seed=21)
    app.scenes.reset(scene)
    drive.settle(0.7)
    game = scene.game
    p = mosaix_ai.roll_and_place(game.sheet, game.rolled, random.Random(21), game.max_dropped)
    lay_out(drive, scene, p.formation)
    click_placement(drive, scene, p)
    assert len(game.turns) == 1
    drive.settle(0.8)  # the next roll lands under a pointer still on what was written
    # Not drawn red over it beside a refusal: a good write looked like a mistake.
    assert scene.flow.preview(scene.hover) is None
    shown = words(scene.draw_message, app.screen)
    assert "Written." in shown and "already written" not in shown
    # The pointer moves off and back: now the formation shows, red, and says why.
    at = scene.hover
    drive.move(scene.view.centre(*sheet_step(at, "left" if at[0] else "right", SIZE)))
    drive.move(scene.view.centre(*at))
    preview = scene.flow.preview(scene.hover)
    assert preview is not None and not preview.ok
    shown = words(scene.draw_message, app.screen)
    assert "already written" in shown and "Written." not in shown


def test_a_match_of_a_person_and_the_ai(app, drive):
    scene = MosaixMatchScene(app, ["Human", "AI"], seed=8)
    app.scenes.reset(scene)
    rng = random.Random(8)
    # Frames of 50 ms, as the tour draws them: the dice and the sheets run their
    # whole course in a third of the frames (no check reads a frame between).
    drive.step = 1 / 20
    deadline = time.monotonic() + 120
    while not scene.match.finished and time.monotonic() < deadline:
        drive.settle(0.7)
        m = scene.match
        if m.formation is None and m.roller == 0:
            formation = mosaix_ai.arrange(m.sheets[0], m.sheets[1:], m.rolled, rng)
            lay_out(drive, scene, formation)
            drive.key(pygame.K_RETURN)  # lay it out
        elif scene.may_write() and scene.player == 0:
            p = mosaix_ai.place(m.sheets[0], m.formation, rng)
            for _ in range(4):  # turn it the way the AI meant
                if scene.arranger.formation == p.formation:
                    break
                drive.key(pygame.K_r)
            click_placement(drive, scene, p)
        else:
            # The AI thinks in the jobs process: the next frame takes its answer,
            # waited for, instead of frames drawn with nothing new to show.
            while scene.thinking is not None and time.monotonic() < deadline:
                app.jobs.wait(scene.thinking, 1.0)
                drive.frames(1)
    assert scene.match.finished and scene.match.rounds >= 8
    drive.settle(0.5)
    card = app.scenes.top
    assert isinstance(card, MosaixResultScene)
    # The card covers the small sheets: the large one shows a winner's, and the
    # card steps through every sheet.
    assert scene.player in scene.match.winners()
    shown = [scene.player]
    for _ in range(2):
        drive.click(button(card, "Next sheet").rect.center)
        shown.append(scene.player)
    assert shown[1] != shown[0] and shown[2] == shown[0] and app.scenes.top is card
    assert not card.box.colliderect(scene.view.rect)  # the sheet shown is not covered


def test_the_rules_page_credits_the_designer_and_publisher(app, drive):
    app.scenes.reset(MosaixMenuScene(app))
    drive.frames(2)
    drive.click(button(app.scenes.top, "Rules").rect.center)
    assert isinstance(app.scenes.top, MosaixRulesScene)
    assert CREDIT in words(app.scenes.top.draw, app.screen)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MosaixMenuScene)


def test_bad_mosaix_records_are_set_aside(app):
    (app.data / "mosaix.json").write_text('{"best": 1e999}')  # read as infinity
    records, message = load_records(app.data)
    assert records.best == 0 and "best" in message
    assert any(p.name.startswith("mosaix.json.corrupt-") for p in app.data.iterdir())


def test_a_hint_is_worked_out_in_the_jobs_process(app, drive):
    scene = MosaixSoloScene(app, seed=21)
    app.scenes.reset(scene)
    drive.settle(1.0)  # the dice stop tumbling
    drive.key(pygame.K_h)
    job = scene.thinking
    assert job is not None and "plan" in job.name
    deadline = time.monotonic() + 60
    while scene.thinking is not None and time.monotonic() < deadline:
        drive.frames(1)
        app.jobs.wait(job, 1.0)
    assert job.done and job.error is None
    assert scene.message[0] == "Try it here: the preview shows where."
    assert scene.hover is not None


def test_leaving_a_mosaix_game_cancels_the_ai_work_it_asked_for(app, drive):
    scene = MosaixMatchScene(app, ["AI", "AI"], seed=4)
    app.scenes.reset(scene)
    deadline = time.monotonic() + 60
    while scene.thinking is None and time.monotonic() < deadline:
        drive.frames(1)
    job = scene.thinking
    assert job is not None
    app.scenes.reset(TitleScene(app))  # the scene leaves
    assert job.cancelled and scene.thinking is None
    assert not app.jobs.busy


def test_lay_it_out_stands_out_while_it_is_the_next_action(app, drive):
    scene = MosaixMatchScene(app, ["Human", "Human"], seed=8)
    app.scenes.reset(scene)
    drive.settle(0.8)  # the dice land: the roller lays the formation out next
    ready = button(scene, "Lay it out")
    assert ready.enabled
    drive.hover((5, 5))
    drive.frames(2)

    def gold(b):
        # The next action's gold label (a gold edge is the focus's and the pointer's).
        inside = b.rect.inflate(-8, -6)
        return any(
            tuple(app.screen.get_at((x, y))[:3]) == theme.ACCENT
            for x in range(inside.left, inside.right)
            for y in range(inside.top, inside.bottom)
        )

    # Not the look of every other button (nor of a disabled one).
    assert gold(ready) and not gold(scene.turn_button)
    # Under the leave dialog nothing of the match can be pressed: its label is
    # drawn as every other one there, not gold (a play-test read it as a dimmed
    # button lit). The match is drawn alone here, without the dialog's veil.
    drive.key(pygame.K_ESCAPE)
    drive.frames(2)
    assert isinstance(app.scenes.top, ConfirmScene)
    scene.draw(app.screen)
    assert not gold(ready) and not gold(scene.turn_button)
    drive.key(pygame.K_ESCAPE)  # stay: the next action stands out again
    drive.frames(2)
    assert app.scenes.top is scene and gold(ready)
    drive.key(pygame.K_RETURN)  # laid out: now the sheet is the next thing
    drive.frames(2)
    assert not ready.enabled and not gold(ready)


def test_the_solo_menu_asks_before_it_leaves_the_game(app, drive):
    app.scenes.reset(MosaixMenuScene(app))
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.push(scene)
    drive.settle(0.8)
    drive.click(button(scene, "Menu").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    drive.key(pygame.K_ESCAPE)  # stay
    assert app.scenes.top is scene
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_y)  # leave
    assert isinstance(app.scenes.top, MosaixMenuScene)


def test_a_formation_pointed_over_the_edge_shows_and_says_what_is_left_out(app, drive):
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.reset(scene)
    drive.settle(0.8)
    drive.key(pygame.K_1)  # the I-shape, lying: a1 puts its first symbol past the edge
    drive.hover(scene.view.centre(0, 0))
    drive.frames(2)
    shown = words(scene.draw_message, app.screen)
    assert "1 symbol would hang over the edge" in shown
    past = scene.view.hanging_rect(-1, 0)  # the hanging symbol is drawn there, framed
    assert tuple(app.screen.get_at((past.left + 3, past.centery))[:3]) == theme.CELL_EDGE
    assert past.right < scene.view.rect.left - 8 - 6  # clear of the row numbers
    drive.click(scene.view.centre(0, 0))
    assert scene.game.scale == 7 and "off the edge" in scene.message[0]


def label_pixels(app, scene, label: str) -> tuple[pygame.Rect, bytes]:
    """The label drawn by the sheet, where, and the pixels there once drawn."""
    surface = app.screen.copy()
    surface.fill(theme.BG)
    where = dict(drawn(scene.draw_sheet, surface))[label]
    return where, pygame.image.tobytes(surface.subsurface(where), "RGB")


def test_a_symbol_past_the_edge_never_hides_a_row_number_or_column_letter(app, drive):
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.reset(scene)
    drive.settle(0.8)
    drive.key(pygame.K_1)  # the I-shape, lying: its first symbol hangs left of the sheet
    plain = {label: label_pixels(app, scene, label) for label in ("4", "c")}
    drive.hover(scene.view.centre(0, 3))
    drive.frames(2)
    assert [(x, y) for x, y, _s in scene.flow.preview(scene.hover).hanging] == [(-1, 3)]
    assert label_pixels(app, scene, "4") == plain["4"]  # the 4 as if nothing hung there
    drive.key(pygame.K_r)  # standing: it hangs under the sheet, over the letters' row
    drive.hover(scene.view.centre(2, 0))
    drive.frames(2)
    below = [(x, y) for x, y, _s in scene.flow.preview(scene.hover).hanging]
    assert below and all(x == 2 and y < 0 for x, y in below)
    assert label_pixels(app, scene, "c") == plain["c"]


def test_a_formation_pointed_above_the_sheet_never_covers_the_top_line(app, drive):
    """Issue 54 (continued), item 1: the standing I pointed over the sheet's top
    edge hung its symbols over the line above it."""
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.reset(scene)
    drive.settle(0.8)
    drive.key(pygame.K_1)
    drive.key(pygame.K_r)  # standing: three of its symbols hang over the top edge
    x, y = scene.view.centre(3, SIZE - 1)
    drive.hover((x, y - 2 * scene.view.cell))
    drive.frames(2)
    assert len(scene.flow.preview(scene.hover).hanging) == 3
    surface = app.screen.copy()
    surface.fill(theme.BG)
    scene.draw_sheet(surface)
    line = surface.subsurface(pygame.Rect(scene.message_box))
    blank = pygame.Surface(line.get_size())
    blank.fill(theme.BG)
    assert pygame.image.tobytes(line, "RGB") == pygame.image.tobytes(blank, "RGB")


def test_the_solo_subtitle_is_readable_and_clear_of_the_title(app, drive):
    scene = MosaixSoloScene(app, seed=3)
    app.scenes.reset(scene)
    drive.settle(0.8)
    (title, top), (credit, under) = drawn(
        lambda s: scene.draw_heading(s, "Mosaix Solo"), app.screen
    )[:2]
    assert title == "Mosaix Solo" and credit.startswith("Mosaix by")
    assert under.top >= top.bottom + 4
    assert under.height >= 15  # at 1280x800, near the panel's other small lines
