"""Puzzle progress on disk: what cannot be read is set aside, never trusted."""

import pytest

from game.play.progress import START
from game.play.progress import load as load_progress


@pytest.mark.parametrize(
    "content, wrong",
    [
        ('{"stars": {}, "rating": {"rating": NaN}}', "NaN"),
        ('{"stars": {}, "rating": {"rating": 1e999}}', "finite"),
        ("[1, 2, 3]", "not a JSON object"),
        ('{"stars": []}', "'stars'"),
        ('{"stars": {"a/b": true}}', "'stars'"),
        ('{"stars": {}, "best": {"rush": 1.5}}', "'best'"),
    ],
)
def test_bad_puzzle_progress_is_set_aside_in_plain_words(tmp_path, content, wrong):
    (tmp_path / "puzzles.json").write_text(content)
    progress, message = load_progress(tmp_path)
    assert progress.stars == {} and progress.rating == START  # a new player's rating
    assert wrong in message and "indices" not in message
    assert any(p.name.startswith("puzzles.json.corrupt-") for p in tmp_path.iterdir())
