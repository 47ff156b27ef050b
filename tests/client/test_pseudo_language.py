"""The tour in a pseudo-language: a text drawn without its « » was never translated.

Every marked text is "translated" to itself between « and » (tests/i18n/pseudo.py)
and the whole screenshot tour is played; each text the screens draw must come
through gettext, but for names, notation, numbers and addresses. This catches what
the source scan (test_marked.py) cannot: a word built at run time, a text from a
data file, a caption passed on without ``_()``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from game import i18n
from game.client import theme
from game.client.app import App
from game.client.scripted.tour import tour
from tests.i18n.pseudo import speak_pseudo, untranslated


def drawn_by_screen(tmp_path: Path) -> dict[str, set[str]]:
    """Every text the tour draws, by the screenshot it leads up to."""
    import pygame

    pygame.init()
    app = App((1280, 800), tmp_path / "data")
    texts: dict[str, set[str]] = defaultdict(set)

    def screenshot(path: Path) -> None:
        app.draw()  # the texts drawn are what is read; no PNG is written
        name = path.stem.split("-", 1)[1]
        texts[name] |= {msg for _s, msg, _r, _b in theme.drawn_texts or []}
        theme.drawn_texts = []

    app.screenshot = screenshot  # type: ignore[method-assign]
    speak_pseudo()
    theme.drawn_texts = []
    try:
        tour(app, tmp_path / "shots")
    finally:
        theme.drawn_texts = None
        i18n.set_language("en")
        pygame.quit()
    return texts


@pytest.mark.slow
def test_every_text_the_tour_draws_is_translated(tmp_path):
    screens = drawn_by_screen(tmp_path)
    assert len(screens) > 30  # the tour ran
    wrong = {
        name: sorted({f"{t!r} ({u})" for t in texts if (u := untranslated(t))})
        for name, texts in screens.items()
    }
    unknown = {k: v for k, v in wrong.items() if v}
    assert not unknown, "drawn without gettext:\n" + "\n".join(
        f"{name}: {', '.join(v)}" for name, v in unknown.items()
    )


def test_the_pseudo_language_marks_what_went_through_gettext():
    assert untranslated("«Place» «a» «tile» «on» «b2.»") is None
    assert untranslated("«Place» «a» «tile»") is None  # a wrapped text's first line
    assert untranslated("«{color}: «2 groups», «3 tiles»»".replace("{color}", "«Red»")) is None
    assert untranslated("24. xf6  e5 ws://127.0.0.1:8765 Mosaic, Mark Steere") is None
    assert untranslated("«Red wins» Emma 12-7") is None
    assert untranslated("MOSAIC") is None
    assert untranslated("Take back") == "Take back"
    assert untranslated("«Score» points") == "points"
    # "Human" is a word, not a name; a pass is a word, not notation; a value put
    # into a sentence shows bare unless it came through gettext itself.
    assert untranslated("«Red:» Human") == "Human"
    assert untranslated("18. pass") == "pass"
    assert untranslated("«Blue,» Club") is None
    assert untranslated("«Give» «your» «friend» «this» «code:» M8F5APY2A8") is None
    # A code drawn at random may have no digit: the tour failed on one once.
    assert untranslated("«Give» «your» «friend» «this» «code:» MWTHXMTVJF") is None
    try:
        speak_pseudo()
        assert i18n._("Wait for your turn.") == "«Wait» «for» «your» «turn.»"
        assert i18n.ngettext("{n} tile", "{n} tiles", 2) == "{n} «tiles»"
        said = i18n._("{side}, {player}: {what}").format(side="Blue", player="Club", what="x y")
        assert untranslated(said) == "Blue"  # the placeholders' values bring their own marks
    finally:
        i18n.set_language("en")


def test_the_match_says_whose_turn_in_the_players_language(app):
    from game.client.scenes.match_scene import MatchScene
    from game.play.match import Match

    scene = MatchScene(app, Match(5, "Human", "Human"))
    speak_pseudo()
    try:
        line = scene.turn_line()[0]
    finally:
        i18n.set_language("en")
    # The side's name came through gettext too, inside the sentence's own marks.
    assert line == "«Red» «to» «move»"


def test_settings_say_every_control_in_the_language_just_chosen(app, drive, monkeypatch):
    """A control the menu keeps across a change of language (Fullscreen) must
    change its words too: the play-test saw "Fullscreen (F11): Off" in German."""
    from game.client.scenes import settings_scene

    app.scenes.reset(settings_scene.SettingsScene(app))
    drive.frames(2)
    monkeypatch.setattr(settings_scene, "set_language", lambda code: speak_pseudo())
    try:
        app.scenes.top._language("Deutsch")
        drive.frames(1)
        theme.drawn_texts = []
        app.scenes.top.draw(app.screen)
        texts = {msg for _s, msg, _r, _b in theme.drawn_texts}
    finally:
        theme.drawn_texts = None
        i18n.set_language("en")
    assert texts
    wrong = sorted(t for t in texts if untranslated(t))
    assert not wrong, wrong
