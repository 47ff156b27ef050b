"""The packs and the player's puzzle progress, loaded once per run and shared
by the browser, the arcade modes and the daily puzzle."""

from __future__ import annotations

from game.puzzles import load_packs

from ..progress import load as load_progress
from ..progress import save as save_progress


def ensure_packs(app) -> None:
    """Load the packs (quick checks only: the test suite proved them) and progress."""
    if app.packs is None:
        app.packs, app.pack_problems = load_packs(app.puzzle_dir, prove=False)
        app.progress, message = load_progress(app.data)
        if message:
            app.toast(message)


def save(app) -> None:
    try:
        save_progress(app.progress, app.data)
    except OSError as e:
        app.toast(f"Puzzle progress could not be saved: {e.strerror or e}")
