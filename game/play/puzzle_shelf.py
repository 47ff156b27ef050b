"""The puzzle browser without a screen: the packs, the one chosen, the theme
that filters its puzzles, and what the lines about them say.

The browser's screen lays these out and forwards the player's choices; which
puzzles show, which theme comes next, where Next goes and what each line reads
are decided here.
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import N_, _
from game.puzzles import Pack, Problem
from game.puzzles.themes import in_order, theme_name

from .progress import MAX_STARS, Progress
from .puzzle_card import card_words
from .puzzle_score import settling

__all__ = [
    "ALL_THEMES",
    "Pack",
    "PuzzleShelf",
    "Shelved",
    "after",
    "puzzle_title",
    "theme_name",
    "themes",
]

#: The theme button's words while no theme filters the grid.
ALL_THEMES = N_("Theme: All")


class Shelved(Protocol):
    """What the shelf needs of the puzzles loaded (:class:`~.puzzle_library.PuzzleLibrary`)."""

    @property
    def packs(self) -> list[Pack]: ...

    @property
    def problems(self) -> list[Problem]: ...

    @property
    def progress(self) -> Progress: ...


def themes(pack: Pack) -> list[str]:
    """The themes some puzzle of ``pack`` has, in the browser's order."""
    return in_order({t for p in pack.puzzles for t in p.themes})


class PuzzleShelf:
    def __init__(self, library: Shelved) -> None:
        self.library = library
        #: The pack chosen, by its place in :attr:`packs`.
        self.selected = 0
        #: Show only the puzzles with this theme (None: all of the pack).
        self.theme: str | None = None

    @property
    def packs(self) -> list[Pack]:
        return self.library.packs

    @property
    def pack(self) -> Pack | None:
        """The pack chosen, if there are any."""
        return self.packs[self.selected] if self.packs else None

    @property
    def visible(self) -> list[int]:
        """The chosen pack's puzzles the theme lets through, by their index in it."""
        pack = self.pack
        if pack is None:
            return []
        return [
            i for i, p in enumerate(pack.puzzles) if self.theme is None or self.theme in p.themes
        ]

    # -- the choices ------------------------------------------------------------------------
    def select(self, pack: int) -> None:
        """Choose pack ``pack``; a theme it has none of no longer filters."""
        self.selected = pack
        self.fit_theme()

    def fit_theme(self) -> None:
        """Forget a theme the chosen pack has none of (the packs may have been read again)."""
        pack = self.pack
        if pack is not None and self.theme not in themes(pack):
            self.theme = None

    def next_theme(self) -> None:
        """All, then each theme of the pack in turn."""
        pack = self.pack
        if pack is None:
            return
        options: list[str | None] = [None, *themes(pack)]
        self.theme = options[(options.index(self.theme) + 1) % len(options)]

    def can_choose_theme(self) -> bool:
        return self.pack is not None and bool(themes(self.pack))

    def arcade_theme(self, mode: str) -> str | None:
        """The theme a run keeps to: the Trainer keeps to the one chosen here,
        across every pack."""
        return self.theme if mode == "trainer" else None

    def next_unsolved(self) -> tuple[int, int] | None:
        """The first puzzle not solved yet, pack by pack: the pack's place and the
        puzzle's index (None: all are solved). The pack becomes the chosen one."""
        progress = self.library.progress
        for p, pack in enumerate(self.packs):
            for i, puzzle in enumerate(pack.puzzles):
                if not progress.solved(pack.id, puzzle.id):
                    self.selected = p
                    return p, i
        return None

    # -- what the lines say ------------------------------------------------------------------
    def theme_label(self) -> str:
        if self.theme:
            return _("Theme: {theme}").format(theme=theme_name(self.theme))
        return ALL_THEMES

    def theme_labels(self) -> list[str]:
        """Every label the theme button may show, over every pack (the button is
        made as wide as the longest: a long theme's name is not shrunk)."""
        found = in_order({t for pack in self.packs for p in pack.puzzles for t in p.themes})
        return [_(ALL_THEMES), *(_("Theme: {theme}").format(theme=theme_name(t)) for t in found)]

    def about_text(self) -> str:
        """The player's puzzle rating and bests, over the lists."""
        progress = self.library.progress
        rating = progress.rating
        if settling(rating):
            about = _(
                "Your puzzle rating: {rating} (still settling). Puzzles rated near it are ones "
                "you solve about half the time on the first try."
            )
        else:
            about = _(
                "Your puzzle rating: {rating}. Puzzles rated near it are ones you solve about "
                "half the time on the first try."
            )
        bests = _("Flip Rush best {rush}, Streak best {streak}").format(
            rush=progress.best.get("rush", 0), streak=progress.best.get("streak", 0)
        )
        return about.format(rating=f"{rating.rating:.0f}") + "\n" + bests

    def pack_said(self) -> str:
        """The pack's description, or how many of its puzzles the theme lets through."""
        pack = self.pack
        if pack is None:
            return ""
        if self.theme:
            return _("Showing {shown} of {total}").format(
                shown=len(self.visible), total=len(pack.puzzles)
            )
        return _(pack.description) if pack.description else ""

    def card_said(self, cell: int) -> str:
        """The card in grid cell ``cell`` in words (a card shows only "830",
        "most" and its stars)."""
        pack = self.pack
        assert pack is not None, "a card is of the chosen pack"  # i18n: not shown
        index = self.visible[cell]
        p = pack.puzzles[index]
        return card_words(index + 1, p.rating, p.goal, self.library.progress.solved(pack.id, p.id))

    def pack_line(self, pack: Pack) -> str:
        """A pack's row under its title: puzzles solved, and stars won."""
        progress = self.library.progress
        solved = sum(1 for p in pack.puzzles if progress.solved(pack.id, p.id))
        stars = sum(progress.solved(pack.id, p.id) for p in pack.puzzles)
        return _("{solved}/{total} solved   {stars}/{most} stars").format(
            solved=solved, total=len(pack.puzzles), stars=stars, most=MAX_STARS * len(pack.puzzles)
        )

    def problem_lines(self) -> list[str]:
        """Why each pack that failed to load did not: its file's name and the reason."""
        return [
            _("{file} did not load: {reason}").format(
                file=problem.file.replace(chr(92), "/").rsplit("/", 1)[-1], reason=problem.reason
            )
            for problem in self.library.problems
            if problem.puzzle is None
        ]


def puzzle_title(pack: Pack, index: int) -> str:
    """Puzzle ``index`` of ``pack`` as its screen's heading names it."""
    return _("{pack} {number}/{total}").format(
        pack=_(pack.title), number=index + 1, total=len(pack.puzzles)
    )


def after(order: list[int], index: int) -> int | None:
    """The puzzle Next goes to from ``index``, along ``order`` (None: the end)."""
    later = order[order.index(index) + 1 :] if index in order else []
    return later[0] if later else None
