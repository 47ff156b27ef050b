"""New match's lines at 640x480 in Normal text are no smaller than the small
text of the match they start (play-test: "too small", at 19 px beside the
match's side panel at 20), in every language."""

import pytest

from game.client.scenes.match_scene import MatchScene
from game.client.scenes.setup import SetupScene
from game.client.scripted.checks import text_problems
from game.play.match import Match

from .screens import shown
from .tours import languages


def smallest(tmp_path, make, language: str) -> tuple[int, list[str]]:
    """The smallest pixel size the screen ``make`` draws at 640x480 in Normal
    text, and its layout problems."""
    with shown(tmp_path, make, (640, 480), "Normal", language) as (app, seen):
        return min(p for _m, _r, _b, p in seen.texts), text_problems(app, seen)


@pytest.mark.parametrize("language", languages())
def test_new_matchs_lines_are_at_least_the_matchs_small_text(tmp_path, language):
    (tmp_path / "match").mkdir()
    (tmp_path / "setup").mkdir()
    small, _problems = smallest(
        tmp_path / "match", lambda app: MatchScene(app, Match(5, "Human", "Human")), language
    )
    least, problems = smallest(tmp_path / "setup", SetupScene, language)
    assert least >= small, (least, small)
    assert problems == []
