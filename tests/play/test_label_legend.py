"""The analysis legend says what each label means from the very limits that
give the labels: a turn given up by a limit's tiles gets that limit's label,
and the legend names that limit."""

from game.ai import analysis
from game.ai.analysis import THRESHOLDS, label_for
from game.i18n import set_language
from game.play import label_legend
from game.play.label_legend import legend, tiles


def test_each_label_is_said_with_its_limits_in_tiles():
    said = dict(legend())
    assert list(said)[:5] == ["best", "good", "inaccuracy", "mistake", "blunder"]
    assert said["best"] == "none" and label_for(0.0) == "best"
    assert said["good"] == f"up to {tiles(THRESHOLDS['good'])}"
    assert said["inaccuracy"] == "more than 1, up to 2"
    assert said["mistake"] == "more than 2, up to 4"
    assert said["blunder"] == "more than 4"
    for name, most in THRESHOLDS.items():  # the limit named is the one that labels
        assert label_for(most) == name and label_for(most + 0.5) != name
    assert said["?"] == label_legend.UNSURE and said["forced"] == label_legend.FORCED


def test_the_legend_follows_the_limits_it_reads(monkeypatch):
    monkeypatch.setattr(analysis, "THRESHOLDS", {"best": 0.0, "good": 1.5, "mistake": 3.0})
    monkeypatch.setattr(label_legend, "THRESHOLDS", analysis.THRESHOLDS)
    said = dict(legend())
    assert said["good"] == "up to 1.5"
    assert said["mistake"] == "more than 1.5, up to 3"
    assert said["blunder"] == "more than 3"


def test_the_legend_is_said_in_each_language():
    try:
        for language in ("de", "es", "fr", "it"):
            set_language(language)
            said = dict(legend())
            assert said["?"] != label_legend.UNSURE, language
            assert "2" in said["mistake"] and "4" in said["mistake"], language
    finally:
        set_language("en")
