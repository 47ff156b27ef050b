"""The player panel's cards keep each side's colour name wherever it fits
(play-test, 640x480 Large against Apprentice: the cards read "Human" and
"Apprentice", though "Red: Human" would fit): only a name that does not fit
beside its side stands alone, the disc beside it saying the side."""

import random

import pytest

from game.ai.levels import LEVELS
from game.play.match import HUMAN, Match, player_name
from game.rules import BLUE, RED

from .test_large_text import shown


def card_names(app) -> dict[str, str]:
    """Each side's card's name as drawn, by side, and each the size it would
    need whole: asked of the panel's own measure."""
    from game.client import text_layout
    from game.client.scripted.checks import look

    seen = look(app)
    assert seen is not None
    scene = app.scenes.top
    drawn = {m for m, *_ in seen.texts}
    found = {}
    for color in (RED, BLUE):
        name = player_name(scene.match.player(color))
        found[color.title] = next(m for m in drawn if m.endswith(name) and "  " not in m)
    rows = {c: scene.panel._rows(scene.match, c, 0) for c in (RED, BLUE)}
    counts = scene.panel.counts_px(scene.match)
    fits = {
        c.title: text_layout.label_px(r[1], r[2], r[5], bold=True) >= counts
        for c, r in rows.items()
    }
    return {side: (found[side], fits[side]) for side in found}


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
@pytest.mark.parametrize("level", [level.name for level in LEVELS.values()])
def test_a_side_keeps_its_colour_name_where_it_fits(tmp_path, level, language):
    from game.client.scenes.match_scene import MatchScene
    from game.i18n import _, set_language

    assert set_language(language) == language
    try:
        make = lambda app: MatchScene(app, Match(3, HUMAN, level))  # noqa: E731
        with shown(tmp_path, (640, 480), "Large", make, language) as app:
            names = card_names(app)
            said = {side: drawn.startswith(_(side)) for side, (drawn, _fits) in names.items()}
            assert said == {side: fits for side, (_drawn, fits) in names.items()}, names
    finally:
        set_language("en")


def test_against_apprentice_red_human_is_said_whole(tmp_path):
    from game.client.scenes.match_scene import MatchScene

    make = lambda app: MatchScene(app, Match(3, HUMAN, "Apprentice"))  # noqa: E731
    with shown(tmp_path, (640, 480), "Large", make) as app:
        names = card_names(app)
    assert names["Red"][0] == "Red: Human"


def test_the_counts_keep_their_size_as_the_game_goes_on(tmp_path):
    """Play-test, German at 640x480 Large: "1 Stein   1 Gruppe" was drawn at the
    Large size, then "4 Steine   1 Gruppe" smaller: the line keeps one size."""
    import json

    import pygame

    from game.client.app import App
    from game.client.scenes.match_scene import MatchScene
    from game.client.scripted.checks import look
    from game.client.scripted.driver import Driver
    from game.i18n import set_language

    def sizes(app) -> list[tuple[str, int]]:
        seen = look(app)
        assert seen is not None
        return [(m, p) for m, _r, _b, p in seen.texts if "Stein" in m and "Gruppe" in m]

    (tmp_path / "settings.json").write_text(json.dumps({"text_size": "Large", "language": "de"}))
    pygame.init()
    app = App((640, 480), tmp_path)
    try:
        match = Match(5, HUMAN, HUMAN)
        app.scenes.reset(MatchScene(app, match))
        Driver(app).settle(0.6)
        seen = sizes(app)
        rng = random.Random(4)
        for _ in range(12):
            match.play(rng.choice(match.board.legal_turns()))
            seen += sizes(app)
    finally:
        app.close()
        set_language("en")
    said = {m for m, _p in seen}
    assert "1 Stein   1 Gruppe" in said and "6 Steine   6 Gruppen" in said, said
    assert len({p for _m, p in seen}) == 1, sorted(set(seen))


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_the_counts_keep_their_normal_size_at_640x480(tmp_path, language, text_size):
    """Play-test, German at 640x480 in Large: "6 Steine   6 Gruppen" was drawn at
    17 px beside the 26 of "Rot: Mensch", in the room beside the disc. Under the
    disc, the card's width holds the longest counts of a side-5 board whole at
    the size Normal text gives them, in both text sizes."""
    from game.client import theme
    from game.client.scenes.match_scene import MatchScene
    from game.client.scripted.checks import look
    from game.client.side_panel import counts_said
    from game.i18n import set_language

    assert set_language(language) == language
    try:
        make = lambda app: MatchScene(app, Match(5, HUMAN, HUMAN))  # noqa: E731
        with shown(tmp_path, (640, 480), text_size, make, language) as app:
            panel = app.scenes.top.panel
            assert panel.compact
            seen = look(app)
            assert seen is not None
            said = counts_said(0, 0)
            drawn = [p for m, _r, _b, p in seen.texts if m == said]
            with theme.measured_as("Normal"):
                normal = theme.px(16)
    finally:
        set_language("en")
    assert len(drawn) == 2, (said, drawn)
    assert min(drawn) >= normal, (said, drawn, normal)


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_a_note_under_the_counts_is_never_drawn_over_them(tmp_path, language, size):
    """An online opponent's "offline" was drawn at the right of their counts'
    line, over German's "0 Steine   0 Gruppen" at 640x480 in Large: it has a
    line of its own under them, whole, and the card grows to hold it."""
    from game.client import theme
    from game.client.scenes.match_scene import MatchScene
    from game.client.scripted.checks import look, text_problems
    from game.i18n import _

    make = lambda app: MatchScene(app, Match(5, HUMAN, HUMAN))  # noqa: E731
    with shown(tmp_path, size, "Large", make, language) as app:
        scene = app.scenes.top
        scene.panel.notes = {BLUE: (_("offline"), theme.BAD)}
        app.draw()
        seen = look(app)
        assert seen is not None
        problems = text_problems(app, seen)
    note = [r for m, r, _b, _p in seen.texts if m == _("offline")]
    counts = [r for m, r, _b, _p in seen.texts if "   " in m and m[0].isdigit()]
    assert len(note) == 1 and len(counts) == 2, seen.texts
    red, blue = sorted(counts, key=lambda r: r.top)
    assert red.height == blue.height, (red, blue)  # the counts keep their size
    assert blue.bottom <= note[0].top, (blue, note)
    assert problems == [], problems
