"""The lobby: open seeks, private challenges by code, and who watches the list.

A public seek is listed to every connection that asked for the lobby: it gets
the whole list once, then only what changed (``seeks``: the seeks added and the
ids removed), the changes of :attr:`~.limits.Limits.lobby_batch` seconds in one
message, so a burst of seeks costs each watcher one message, not a whole lobby
a seek. A challenge is never
listed: a friend finds it by its code, which lapses after
:attr:`~.limits.Limits.challenge` seconds. Codes are long enough, and failed
joins limited per player and per address across connections
(:attr:`~.limits.Limits.join_failures` a :attr:`~.limits.Limits.join_window`),
that guessing one is hopeless. A player keeps at most
:attr:`~.limits.Limits.seeks` seeks and challenges open, and only with room for
one more game; a player who leaves takes theirs along.

Accepting a seek or joining by code takes it out of the lobby once both players
have room for the game; starting the game is the server's (a table, stored).
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_

from . import protocol
from .changes import ListChanges, drop_process
from .client_messages import Challenge
from .client_messages import Seek as SeekMessage
from .connections import Conn, send
from .fair import Entry, fair
from .limits import Limits
from .ranks import provisional
from .store import Player, new_id
from .table import TableError
from .throttle import Window

# Refusals with a number, as the server sends them (English): a player's screen
# translates them by matching these templates (game/play/endings.py).
TOO_MANY_SEEKS = N_("you may have at most {n} open seeks; cancel one")
ADDRESS_SEEKS = N_(
    "your address has {n} open seeks and challenges, as many as one address may have:"
    " wait until one closes"
)
TOO_MANY_POSTAL = N_("you may play at most {n} correspondence games at once")
TOO_MANY_LIVE = N_("you may play at most {n} live games at once")
REFUSALS = (TOO_MANY_SEEKS, ADDRESS_SEEKS, TOO_MANY_POSTAL, TOO_MANY_LIVE)


class Elsewhere(Exception):
    """The seek or challenge is held by another process of the cluster, named here:
    the message goes there."""

    def __init__(self, process: str) -> None:
        super().__init__(process)
        self.process = process


#: The order in which seeks reach the lobby, from here or from another process.
ARRIVALS = itertools.count()


class WrongCode(TableError):
    """A join by a code no open challenge has."""


def join_keys(player: Player, address: str) -> tuple[str, str]:
    """What wrong codes are counted by: the player, and their address."""
    return f"player {player.id}", f"address {address}"


@dataclass
class Seek:
    id: str
    player: Player
    side: int
    base: int
    inc: int
    rated: bool
    code: str | None = None  # set for a private challenge
    expires: float = 0.0  # for a challenge, or a correspondence seek
    days: int | None = None  # a correspondence game's days a turn
    address: str = ""  # where its player connected from when they opened it
    opened: float = 0.0  # monotonic seconds
    #: When it was opened, in the order of the lobby (:data:`ARRIVALS`).
    arrival: int = field(default_factory=lambda: next(ARRIVALS))

    @property
    def postal(self) -> bool:
        return self.days is not None

    def public(self) -> dict[str, Any]:
        rating = self.player.postal if self.postal else self.player.rating
        pace = {"days": self.days} if self.postal else {"base": self.base, "inc": self.inc}
        return {
            "id": self.id,
            "name": self.player.name,
            "rating": round(rating.rating),
            "provisional": provisional(rating),
            "side": self.side,
            **pace,
            "rated": self.rated,
        }


@dataclass
class Lobby:
    limits: Limits
    #: How many games a player has in play, correspondence games (``True``) or
    #: live ones: the games are the server's, not the lobby's.
    games_of: Callable[[str, bool], int]
    #: How many correspondence games in play were started from an address.
    postal_from: Callable[[str], int] = lambda address: 0
    seeks: dict[str, Seek] = field(default_factory=dict)
    codes: dict[str, Seek] = field(default_factory=dict)
    #: The connections that asked for the lobby, told of every change.
    watchers: set[Conn] = field(default_factory=set)
    #: Joins by a code that no open challenge had, by player and by address.
    failed_joins: Window = field(init=False)
    #: The seeks' changes, as the watchers are told of them.
    changes: ListChanges = field(init=False)
    #: In a cluster (:mod:`.cluster`): the public seeks other processes hold, by
    #: id, as (process, listing), and their challenges' codes, as (process, seek id).
    remote: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    remote_codes: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Where each remote seek's player connected from, and when it arrived here.
    remote_from: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: Tells the cluster of a seek or challenge opened here ("add") or closed
    #: ("remove"); ``None`` for a server on its own.
    published: Callable[[str, Seek], None] | None = None

    def __post_init__(self) -> None:
        self.failed_joins = Window(self.limits.join_failures, self.limits.join_window)
        self.changes = ListChanges(
            "seeks", self.limits.lobby_batch, self.view, lambda: self.watchers
        )

    def watch(self, conn: Conn) -> None:
        self.watchers.add(conn)
        send(conn, "lobby", seeks=self.changes.whole())

    def leave(self, conn: Conn) -> None:
        self.watchers.discard(conn)

    def view(self) -> list[dict[str, Any]]:
        """The seeks listed (:mod:`.fair`): the newest first, a few a player and
        a few an address."""
        entries: list[tuple[int, Entry]] = [
            (s.arrival, (s.public(), (f"player {s.player.name}", f"address {s.address}")))
            for s in self.seeks.values()
        ]
        for sid, (_, public) in self.remote.items():
            where, arrival = self.remote_from.get(sid, ("", 0))
            entries.append((arrival, (public, (f"player {public['name']}", f"address {where}"))))
        entries.sort(key=lambda e: -e[0])
        caps = {"player": self.limits.listed_seeks, "address": self.limits.listed_address_seeks}
        return fair((e for _, e in entries), caps, self.limits.lobby)

    def _changed(self) -> None:
        self.changes.changed()

    # -- what other processes of a cluster hold ---------------------------------------
    def add_remote(
        self, process: str, sid: str, code: str | None, public: Any, address: str = ""
    ) -> None:
        """A seek (listed as ``public``) or a challenge (by its ``code``) opened on
        another process, by a player connected from ``address``."""
        if code:
            self.remote_codes[code] = (process, sid)
        else:
            self.remote[sid] = (process, public)
            self.remote_from[sid] = (address, next(ARRIVALS))
            self._changed()

    def remove_remote(self, sid: str, code: str | None) -> None:
        if code:
            self.remote_codes.pop(code, None)
        self.remote_from.pop(sid, None)
        if self.remote.pop(sid, None) is not None:
            self._changed()

    def forget(self, process: str) -> None:
        """Everything another process held: it has gone, or it tells it all again."""
        if drop_process(self.remote, process):
            self._changed()
        for sid in [sid for sid in self.remote_from if sid not in self.remote]:
            del self.remote_from[sid]
        drop_process(self.remote_codes, process)

    def held(self) -> list[Seek]:
        """The seeks and challenges open here."""
        return [*self.seeks.values(), *self.codes.values()]

    def _publish(self, what: str, seek: Seek) -> None:
        if self.published is not None:
            self.published(what, seek)

    # -- a player's own seeks -------------------------------------------------------
    def open(
        self,
        conn: Conn,
        player: Player,
        msg: SeekMessage | Challenge,
        *,
        private: bool,
        now: float,
        address: str = "",
    ) -> None:
        """A ``seek`` or, ``private``, a ``challenge`` with a code for a friend, by
        a player connected from ``address``."""
        held = self.held()
        if sum(s.player.id == player.id for s in held) >= self.limits.seeks:
            raise TableError(TOO_MANY_SEEKS.format(n=self.limits.seeks))
        if sum(s.address == address for s in held) >= self.limits.address_seeks:
            raise TableError(ADDRESS_SEEKS.format(n=self.limits.address_seeks))
        days = msg.get("days")
        self.room_for(player, days is not None, address)
        seek = Seek(
            new_id(), player, msg["side"], msg.get("base", 0), msg.get("inc", 0), msg["rated"]
        )
        seek.days, seek.address, seek.opened = days, address, now
        if days is not None and not private:
            seek.expires = now + self.limits.postal_seek
        if private:
            seek.code = self._fresh_code()
            seek.expires = now + self.limits.challenge
            self.codes[seek.code] = seek
            self._publish("add", seek)
            send(
                conn,
                "challenge",
                code=seek.code,
                expires=int(self.limits.challenge),
                seek=seek.id,
            )
        else:
            self.seeks[seek.id] = seek
            send(conn, "seeking", seek=seek.public())
            self._publish("add", seek)
            self._changed()

    def cancel(self, conn: Conn, player: Player, sid: str) -> None:
        """Close the player's own seek or challenge with this id (a challenge's
        id came with its code), freeing its place among their open ones."""
        if sid in self.remote:
            raise Elsewhere(self.remote[sid][0])
        for origin, remote_sid in self.remote_codes.values():
            if remote_sid == sid:
                raise Elsewhere(origin)
        seek = self.seeks.get(sid)
        if seek is None:
            seek = next((s for s in self.codes.values() if s.id == sid), None)
        if seek is None or seek.player.id != player.id:
            raise TableError(N_("you have no open seek or challenge with that id"))
        self._publish("remove", seek)
        if seek.code:
            del self.codes[seek.code]
            send(conn, "cancelled", seek=seek.id)
            return
        del self.seeks[seek.id]
        send(conn, "cancelled", seek=seek.id)
        self._changed()

    def drop(self, pid: str, now: float) -> None:
        """The player left: their live seeks and challenges go with them, and
        their correspondence seeks (a game to start while away) lapse sooner."""
        for s in self.seeks.values():
            if s.player.id == pid and s.postal:
                s.expires = min(s.expires, now + self.limits.postal_seek_away)
        dropped = [s for s in self.seeks.values() if s.player.id == pid and not s.postal]
        for s in dropped:
            del self.seeks[s.id]
            self._publish("remove", s)
        for code, s in list(self.codes.items()):
            if s.player.id == pid and not s.postal:
                del self.codes[code]
                self._publish("remove", s)
        if dropped:
            self._changed()

    def back(self, pid: str) -> None:
        """The player said hello again: their correspondence seeks get back the
        whole of their time."""
        for s in self.seeks.values():
            if s.player.id == pid and s.postal:
                s.expires = s.opened + self.limits.postal_seek

    def expire(self, now: float) -> None:
        """Forget the challenge codes and correspondence seeks that have lapsed
        (monotonic seconds)."""
        for code, seek in list(self.codes.items()):
            if seek.expires <= now:
                del self.codes[code]
                self._publish("remove", seek)
        lapsed = [s for s in self.seeks.values() if s.postal and s.expires <= now]
        for s in lapsed:
            del self.seeks[s.id]
            self._publish("remove", s)
        if lapsed:
            self._changed()

    def _fresh_code(self) -> str:
        # 31**10 codes against a few thousand open at most: a clash is rare, ten in
        # a row would mean something is wrong.
        for _ in range(10):
            code = "".join(
                secrets.choice(protocol.CODE_ALPHABET) for _ in range(protocol.CODE_LENGTH)
            )
            if code not in self.codes:
                return code
        raise TableError(N_("the server could not make a challenge code; try again"))

    # -- pairing ------------------------------------------------------------------------
    def accept(self, player: Player, sid: str, address: str = "") -> Seek:
        """Take another player's public seek out of the lobby, for ``player`` to
        play from ``address``; raises :class:`Elsewhere` for a seek another
        process holds."""
        if sid in self.remote:
            raise Elsewhere(self.remote[sid][0])
        seek = self.seeks.get(sid)
        if seek is None:
            raise TableError(N_("that seek is no longer open"))
        self._take(seek, player, address)
        return seek

    def knows(self, code: str) -> bool:
        """Whether a challenge open here or in the cluster has this code."""
        return code in self.codes or code in self.remote_codes

    def join(
        self, player: Player, code: str, address: str, now: float, barred: bool = False
    ) -> Seek:
        """Take a friend's challenge by its code, for ``player`` to play, who
        connects from ``address``; ``barred``: the cluster counted too many wrong
        codes of theirs (:mod:`.strikes`)."""
        keys = join_keys(player, address)
        if barred or any(self.failed_joins.full(k, now) for k in keys):
            # Refused whether or not the code is right: a guesser learns nothing more.
            raise TableError(
                f"too many joins by a wrong code: wait a minute (at most"
                f" {self.limits.join_failures} in {self.limits.join_window:g} seconds)"
            )
        seek = self.codes.get(code)
        if seek is None and code in self.remote_codes:
            raise Elsewhere(self.remote_codes[code][0])
        if seek is None:
            for k in keys:
                self.failed_joins.add(k, now)
            raise WrongCode(N_("no open challenge has that code"))
        self._take(seek, player, address)
        return seek

    def _take(self, seek: Seek, player: Player, address: str) -> None:
        if seek.player.id == player.id:
            raise TableError(N_("that seek is your own"))
        self.room_for(player, seek.postal, address)
        self.room_for(seek.player, seek.postal, seek.address)
        self._publish("remove", seek)
        if seek.code:
            del self.codes[seek.code]
        else:
            del self.seeks[seek.id]
            self._changed()

    def room_for(self, player: Player, postal: bool, address: str = "") -> None:
        """Raises :class:`.table.TableError` if the player, connected from
        ``address``, may start no other game of this kind."""
        if postal and address and self.postal_from(address) >= self.limits.address_postal_games:
            raise TableError(
                f"your address has {self.limits.address_postal_games} correspondence games"
                " in play, as many as one address may have"
            )
        if postal:
            if self.games_of(player.id, True) >= self.limits.postal_games:
                raise TableError(TOO_MANY_POSTAL.format(n=self.limits.postal_games))
        elif self.games_of(player.id, False) >= self.limits.games:
            raise TableError(TOO_MANY_LIVE.format(n=self.limits.games))
