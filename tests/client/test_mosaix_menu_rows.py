"""The Mosaix menu leaves no button alone on a row beside rows of two or more
(issue 54: "Match" sat by itself under two pairs at 640x480), at the smallest
and a large window, both text sizes, every language."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.client.scenes.mosaix_menu import MosaixMenuScene
from game.client.scripted.checks import layout_problems, text_problems
from game.i18n import LANGUAGES

from .screens import shown


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("text_size", ["Normal", "Large"])
def test_no_button_of_the_mosaix_menu_is_alone_on_a_row(
    tmp_path: Path, size: tuple[int, int], text_size: str
) -> None:
    # asserts-in-branch: LANGUAGES holds the five languages the game ships
    for language in LANGUAGES:
        (tmp_path / language).mkdir()
        with shown(tmp_path / language, MosaixMenuScene, size, text_size, language) as (app, seen):
            menu = app.scenes.top
            assert isinstance(menu, MosaixMenuScene) and len(menu.controls) == 5
            per_row = Counter(c.rect.centery for c in menu.controls)
            where = f"{size} {text_size} {language}: buttons a row {sorted(per_row.values())}"
            assert max(per_row.values()) == 1 or 1 not in per_row.values(), where
            assert not layout_problems(app) + text_problems(app, seen), where
