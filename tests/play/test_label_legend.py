"""The analysis legend says what each label means from the very limits that
give the labels: a turn given up by a limit's tiles gets that limit's label,
and the legend names that limit."""

import pytest

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
    assert said["blunder"] == "more than 4, or any turn that throws away a won or drawn ending"
    for name, most in THRESHOLDS.items():  # the limit named is the one that labels
        assert label_for(most) == name and label_for(most + 0.5) != name
    assert said["?"] == label_legend.UNSURE and said["forced"] == label_legend.FORCED


def test_the_legend_follows_the_limits_it_reads(monkeypatch):
    monkeypatch.setattr(analysis, "THRESHOLDS", {"best": 0.0, "good": 1.5, "mistake": 3.0})
    monkeypatch.setattr(label_legend, "THRESHOLDS", analysis.THRESHOLDS)
    said = dict(legend())
    assert said["good"] == "up to 1.5"
    assert said["mistake"] == "more than 1.5, up to 3"
    assert said["blunder"].startswith("more than 3, ")


def test_the_legend_is_said_in_each_language():
    try:
        for language in ("de", "es", "fr", "it"):
            set_language(language)
            said = dict(legend())
            assert said["?"] != label_legend.UNSURE, language
            assert "2" in said["mistake"] and "4" in said["mistake"], language
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["de", "es", "fr", "it"])
def test_the_blunder_line_says_a_thrown_away_ending_in_each_language(language):
    """The analysis labels a blunder any solved ending's turn whose outcome is
    worse than the best's (a win or a draw lost), whatever its tiles: the
    legend says so beside the tiles' limit."""
    try:
        set_language(language)
        said = dict(legend())["blunder"]
        assert said != "more than 4, or any turn that throws away a won or drawn ending"
        assert said.startswith(dict(legend())["mistake"].split("2")[0]) and "4," in said
    finally:
        set_language("en")
