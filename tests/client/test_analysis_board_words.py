"""The analysis board speaks to players in their words (issue 54): the
position's text form is its "position code", never "MFEN", the name engineers
give it in the manual, in any language or window."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.scenes.analysis_board import AnalysisBoardScene
from game.i18n import LANGUAGES
from game.rules import Board

from .screens import shown


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_no_text_of_the_analysis_board_says_mfen(tmp_path: Path, size: tuple[int, int]) -> None:
    # asserts-in-branch: LANGUAGES holds the five languages the game ships
    for language in LANGUAGES:
        (tmp_path / language).mkdir()
        with shown(tmp_path / language, AnalysisBoardScene, size, "Large", language) as (
            _app,
            seen,
        ):
            said = [m for m, _r, _b, _p in seen.texts]
            assert not [m for m in said if "MFEN" in m], (size, language, said)
            if size == (1280, 800) and language == "en":
                code = Board(size=5).mfen()
                assert f"Position code: {code}" in said, said
                assert {"Copy position", "Paste position"} <= set(said), said
