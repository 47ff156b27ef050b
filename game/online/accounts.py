"""Who says hello: a known player by their token, or a new one by a name.

New players are limited per address, as lichess limits sign-ups per IP: one
address once made 2,000 players in 4 s, enough throwaway accounts to fill the
lobby, farm a rating or take every seat of a game. A name is one player's for
good (see :meth:`.store.Store.rename`): a player may change their name, and
their old one stays theirs, up to :attr:`~.limits.Limits.names` names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n import N_

from . import protocol
from .client_messages import Hello
from .limits import Limits
from .protocol import ProtocolError
from .sql import Unreachable
from .store import NameTaken, Player, Store
from .strikes import Strikes
from .throttle import Window

#: Sent as it is, in English; a player's screen translates it (game/play/endings.py).
NAME_TAKEN = N_("Another player has the name {name}: choose another.")


@dataclass
class Accounts:
    store: Store
    limits: Limits
    clock: Callable[[], float]
    #: New players by the address they came from (no limit if ``signups`` is 0).
    signups: Window = field(init=False)
    #: The same for the whole cluster (:mod:`.strikes`), in a cluster.
    shared: Strikes | None = None

    def __post_init__(self) -> None:
        self.signups = Window(self.limits.signups, self.limits.signup_window)

    async def identify(self, msg: Hello, address: str) -> tuple[Player, str | None]:
        """The player a checked ``hello`` from ``address`` names, and a new
        player's token (``None`` for a known player); refusals raise
        :class:`.protocol.ProtocolError`."""
        token = msg.get("token")
        # Kept as normalised (NFKC), so that look-alikes are one name; the check
        # has already refused a name with no normal form.
        name = protocol.display_name(msg["name"]) if "name" in msg else None
        try:
            if token is not None:
                player = await self.store.player_by_token(token)
                if player is None:
                    raise ProtocolError(N_("unknown token: say hello with a name to start afresh"))
                if name and name != player.name:
                    await self._rename(player, name)
                return player, None
            if not name:
                raise ProtocolError(N_("hello: a new player needs a name"))
            now, key = self.clock(), f"address {address}"
            shared = self.shared is not None and await self.shared.full([key])
            if self.limits.signups and (shared or self.signups.full(key, now)):
                raise ProtocolError(
                    f"Too many new players from your address (at most {self.limits.signups}"
                    f" in {self.limits.signup_window / 3600:g} hours): play under a name"
                    " you already have, or try again later."
                )
            # Counted before the store is asked: hellos sent at once all wait on it.
            self.signups.add(key, now)
            if self.shared is not None:
                await self.shared.add([key])
            try:
                return await self.store.new_player(name)
            except Unreachable:  # the server's failure: it costs the address nothing
                self.signups.forget(key)
                raise
        except NameTaken:
            raise ProtocolError(NAME_TAKEN.format(name=repr(name))) from None

    async def _rename(self, player: Player, name: str) -> None:
        known = await self.store.player_by_name(name)
        mine = known is not None and known.id == player.id
        if not mine and await self.store.names_of(player.id) >= self.limits.names:
            raise ProtocolError(
                f"You have had {self.limits.names} names, as many as a player may: keep"
                f" {player.name!r}, or take back one you had."
            )
        await self.store.rename(player.id, name)
        player.name = name
