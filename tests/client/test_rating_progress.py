"""A win against the AI shows on the result card and on New match, even while
the rating is below the floor of what is shown (play-test: two wins took the
stored rating from -170 to -43 and New match still said "about 10")."""

import pytest

from game.client import text_layout, theme
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.setup import SetupScene
from game.glicko import Rating
from game.play import ai_rating
from game.rules import RED, Board

from .last_turn import but_the_last_turn, to_the_card
from .screens import large_at_640
from .test_first_start_note import frame_texts
from .tours import languages


def won_by_red(board: Board) -> bool:
    """Red won, and played the last turn (the one the test clicks)."""
    return board.winner() is RED and len(board.turn_stack) % 2 == 1


def win_at_the_screen(app, drive) -> GameOverScene:
    match, last = but_the_last_turn(3, won_by_red, blue="Beginner", seeds=200)
    _scene, card = to_the_card(app, drive, match, last)
    assert match.winner() is RED
    return card


def test_a_win_below_the_floor_shows_on_the_card_and_on_new_match(app, drive):
    ai_rating.save(Rating(-170.0, 125.0, 0.06), app.data)
    for _game in range(2):
        before = ai_rating.load(app.data)[0]
        card = win_at_the_screen(app, drive)
        after = ai_rating.load(app.data)[0]
        gained = round(after.rating - before.rating)
        assert gained > 0 and after.rating < ai_rating.SHOWN_FLOOR
        said = f"Rating: +{gained}, still under {ai_rating.SHOWN_FLOOR}."
        assert said in frame_texts(app, drive)
        assert card.note[0] == said
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        shown = " ".join(frame_texts(app, drive))
        assert f"most). Your last game: +{gained}." in shown


@pytest.mark.parametrize("language", languages())
def test_the_cards_rating_line_and_new_matchs_fit_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        ai_rating.save(Rating(-170.0, 125.0, 0.06), app.data)
        card = win_at_the_screen(app, drive)
        assert card.note[0] and text_problems(app) == []
        # At the size of the line above it, not in small print (play-test).
        lines = card.lines()
        (_turns, turns_size, *_t), (note, note_size, *_n) = lines[-2:]
        assert note == card.note[0] and note_size == turns_size
        box = card.boxes[("line", len(lines) - 1)]
        drawn_px = text_layout.label_px(note, box, note_size)
        assert drawn_px >= 0.85 * theme.px(turns_size) > theme.normal_px(turns_size)
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        assert text_problems(app) == []


def test_a_newcomers_first_change_on_the_card_adds_up_from_new_matchs_start(app, drive):
    """Play-test: New match said only "Not rated yet", so the card's "+120, now
    about 360" after the first game could not be checked."""
    app.scenes.reset(SetupScene(app))
    drive.frames(2)
    start = ai_rating.shown(ai_rating.START)
    said = " ".join(frame_texts(app, drive))
    assert f"Not rated yet: you start at about {start}," in said
    card = win_at_the_screen(app, drive)
    gained = round(ai_rating.shown_change(ai_rating.START.rating, ai_rating.load(app.data)[0]))
    assert gained > 0
    assert card.note[0] == f"Rating: +{gained}, about {start + gained} for now."


@pytest.mark.parametrize("language", languages())
def test_a_newcomers_rating_line_fits_new_match_at_640x480_large(tmp_path, language):
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver

    with large_at_640(tmp_path, language) as app:
        app.scenes.reset(SetupScene(app))
        drive = Driver(app)
        drive.frames(2)
        start = str(ai_rating.shown(ai_rating.START))
        assert any(start in t for t in frame_texts(app, drive))
        assert text_problems(app) == []


@pytest.mark.parametrize("rd", [40.0, 200.0], ids=["settled", "provisional"])
@pytest.mark.parametrize("language", languages())
def test_a_game_that_moved_nothing_shown_says_no_change_and_fits(tmp_path, language, rd):
    """Play-test: "Rating: +0, now about 430." A 2500 beating Beginner moves by
    less than a unit (settled) or than ten (provisional, shown to the ten): the
    card and New match say no change, and fit at 640x480 in Large."""
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver
    from game.i18n import _

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        ai_rating.save(Rating(2500.0, rd, 0.06), app.data)
        card = win_at_the_screen(app, drive)
        after = ai_rating.load(app.data)[0]
        assert round(ai_rating.shown_change(2500.0, after)) == 0
        assert ai_rating.provisional(after) is (rd == 200.0)
        said = _("Rating: no change, still {rating}.").format(rating=2500)
        if rd == 200.0:
            about = _("about {rating}").format(rating=2500)
            said = _("Rating: no change, still {rating} for now.").format(rating=about)
        assert card.note[0] == said
        assert text_problems(app) == []
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        shown = " ".join(frame_texts(app, drive))
        assert _("{line}. Your last game: no change.").split("}")[-1] in shown
        assert "+0" not in shown and text_problems(app) == []


def lost_by_red(board: Board) -> bool:
    """Blue won, and Red (the person) played the last turn."""
    from game.rules import BLUE

    return board.winner() is BLUE and len(board.turn_stack) % 2 == 1


@pytest.mark.parametrize("language", languages())
def test_a_newcomers_first_loss_says_for_now_and_fits_at_640x480_large(tmp_path, language):
    """Play-test: a newcomer's first loss to Beginner read "now under 40" after
    "about 240". The card says the figure is one for now, New match why it
    moved so far; both fit at 640x480 in Large text."""
    from game.client.scripted.checks import text_problems
    from game.client.scripted.tour import Driver
    from game.i18n import _

    with large_at_640(tmp_path, language) as app:
        drive = Driver(app)
        match, last = but_the_last_turn(3, lost_by_red, blue="Beginner", seeds=200)
        _scene, card = to_the_card(app, drive, match, last)
        after = ai_rating.load(app.data)[0]
        assert ai_rating.provisional(after) and ai_rating.under_floor(after)
        for_now = _("Rating: {change}, {rating} for now.").partition("{change}")[2]
        assert card.note[0].endswith(for_now.format(rating=_("under {rating}")).format(rating=40))
        assert text_problems(app) == []
        lines = card.lines()
        (_turns, turns_size, *_t), (note, note_size, *_n) = lines[-2:]
        box = card.boxes[("line", len(lines) - 1)]
        assert text_layout.label_px(note, box, note_size) >= 0.85 * theme.px(turns_size)
        app.scenes.reset(SetupScene(app))
        drive.frames(2)
        assert text_problems(app) == []
