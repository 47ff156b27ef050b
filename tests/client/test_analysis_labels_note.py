"""The analysis panel says whether its labels may still change (play-test:
"mistake" became "inaccuracy?" during the deeper looks, while the legend said
only "?" labels were unsure): any label may change while the engine looks
deeper, and the labels are final once the analysis has settled."""

import pytest

from game.client.scenes.analysis_scene import AnalysisScene
from game.i18n import _
from game.play import label_note

from .drawn import words
from .screens import large_at_640, shown
from .test_analysis import random_game
from .tours import languages


def mistake_at_five(app, exact: bool, unsure: bool = False) -> AnalysisScene:
    """The analysis screen of a side-3 game, every turn judged: the fifth a
    mistake without "?", proved (``exact``) or still to be looked at deeper."""
    scene = AnalysisScene(app, random_game())
    for at, (_b, turn, _m) in enumerate(scene.analysis.turns):
        fifth = at == 4
        data = {
            "loss": 3.0 if fifth else 0.0,
            "label": "mistake" if fifth else "best",
            "exact": exact or not fifth,
            "depth": 5,
            "unsure": unsure and fifth,
        }
        scene.analysis.record(at, turn, {**data, "best_score": 0, "played_score": 0})
    scene.go(5)
    return scene


def test_a_label_without_a_question_mark_is_said_to_may_change_then_final(app):
    looked_at = mistake_at_five(app, exact=False)
    app.scenes.push(looked_at)
    said = words(looked_at.draw, app.screen)
    assert ": mistake" in said and "?" not in said
    assert label_note.DEEPER in said
    app.scenes.pop()
    proved = mistake_at_five(app, exact=True)
    app.scenes.push(proved)
    said = words(proved.draw, app.screen)
    assert proved.analysis.settled and label_note.FINAL in said
    assert label_note.DEEPER not in said


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("window", [(640, 480), (1280, 800)])
def test_the_note_fits_in_normal_text(tmp_path, window, exact):
    from game.client.scripted.checks import text_problems

    with shown(tmp_path, lambda app: mistake_at_five(app, exact), window) as (app, seen):
        note = label_note.FINAL if exact else label_note.DEEPER
        assert note in [m for m, _r, _b, _p in seen.texts]
        assert text_problems(app, seen) == []


@pytest.mark.parametrize("language", languages())
def test_the_note_fits_at_640x480_large_in_every_language(tmp_path, language):
    from game.client.scripted.checks import look, text_problems

    with large_at_640(tmp_path, language) as app:
        scene = mistake_at_five(app, exact=False)
        app.scenes.reset(scene)
        seen = look(app)
        assert seen is not None
        assert scene.rows  # the list keeps its rows
        assert text_problems(app, seen) == []
        drawn = " ".join(m for m, _r, _b, _p in seen.texts)
        assert _(label_note.DEEPER) in drawn, drawn


@pytest.mark.parametrize("text_size", ["Normal", "Large"])
@pytest.mark.parametrize("window", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("language", languages())
def test_the_question_mark_stays_with_its_words(tmp_path, window, text_size, language):
    """Play-test (1280x800, looking deeper): the note broke as "labels may still
    change; ?" / "marks the least sure"."""
    from game.client.scripted.checks import text_problems

    def unsure(app) -> AnalysisScene:
        return mistake_at_five(app, exact=False, unsure=True)

    with shown(tmp_path, unsure, window, text_size, language) as (app, seen):
        note = label_note.labels_note_said(app.scenes.top.analysis, True)
        drawn = [(r, box, p) for m, r, box, p in seen.texts if m == note]
        assert drawn and "?\u00a0" in note  # the note is shown, its "?" held
        _r, box, pixels = drawn[0]
        lines = broken_at_spaces(note, pixels, box.width)
        assert len(lines) == len(drawn), lines  # as pygame broke it
        assert not [line for line in lines if line.endswith("?")], lines
        assert text_problems(app, seen) == []


def broken_at_spaces(text: str, pixels: int, width: int) -> list[str]:
    """``text``'s lines as pygame wraps it at ``width``: each as full as it goes,
    broken at spaces only (a no-break space holds)."""
    from game.client import theme

    face = theme.face(pixels)
    lines = [""]
    for word in text.split(" "):
        wider = f"{lines[-1]} {word}" if lines[-1] else word
        if lines[-1] and face.size(wider)[0] > width:
            lines.append(word)
        else:
            lines[-1] = wider
    return lines
