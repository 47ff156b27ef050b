"""Watching a game in play: the online match screen, read-only. Both clocks
count, the turns arrive as they are played and the moves can be looked through;
a click on the board plays nothing and says so, and the panel has no Resign and
no Take back, only Leave."""

from __future__ import annotations

import dataclasses

from game.i18n import N_, _
from game.play.watching import WATCHING
from game.rules import Color

from .. import theme
from ..scene import Scene
from ..side_panel import SidePanel
from .game_over import Over
from .online_match import OnlineMatchScene, OnlineOverScene


class WatchScene(OnlineMatchScene):
    no_takebacks = WATCHING

    def make_panel(self) -> SidePanel:
        return SidePanel(
            take_back=None, share=self.share, menu=self.leave_watch, menu_label=N_("Leave")
        )

    def over_scene(self) -> Scene:
        return WatchOverScene(self.app, self.outcome())

    def outcome(self) -> Over:
        return dataclasses.replace(super().outcome(), leave_label=N_("Leave"))

    # -- nothing here touches the game ----------------------------------------------------
    def play(self, cells: tuple[int, ...]) -> None:
        if not self.finished:
            self.show(self.online.click(cells[0]))

    def play_typed(self, text: str) -> None:
        self.say(_(WATCHING), theme.BAD)

    def ask_to_resign(self) -> None:
        self.say(_(WATCHING), theme.BAD)

    def to_lobby(self) -> None:
        self.leave_watch()

    def menu(self) -> None:
        self.leave_watch()

    def leave_watch(self) -> None:
        self.app.scenes.close(self)

    def leave(self) -> None:
        super().leave()
        self.online.leave()  # the server stops sending this game

    # -- what the screen says -------------------------------------------------------------------
    def keys_text(self) -> tuple[str, ...]:
        """A watcher's keys: the moves to step through, nothing to play."""
        return (
            _("You are watching: Left and Right step through the moves; Leave goes back."),
            _("Watching: Left and Right step through the moves."),
            _("Left, Right: the moves."),
        )

    def notes(self) -> dict[Color, tuple[str, theme.Color]]:
        m = self.match
        return {c: (_("offline"), theme.BAD) for c in (Color.RED, Color.BLUE) if not m.connected[c]}

    def turn_line(self) -> tuple[str, theme.Color]:
        return self.turn_text()  # the count is for the players: they are the watched

    def turn_text(self) -> tuple[str, theme.Color]:
        m = self.match
        if self.finished or m.over:
            return m.result_text(), theme.ACCENT
        if self.link_state != "online":
            return _("Reconnecting..."), theme.BAD
        mover = m.board.mover
        return _("Watching: {name} to move").format(name=m.names[mover]), theme.TILE[mover]

    def end_sound(self) -> str:
        return "win"


class WatchOverScene(OnlineOverScene):
    """The result of a watched game: who won, and that it was only watched."""

    def won(self, winner: Color) -> str:
        return _("{name} wins").format(name=self.match.names[winner])

    def rating_line(self) -> tuple[str, int, theme.Color] | None:
        return _("You watched this game: it is not in your history."), 20, theme.MUTED
