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
