"""Every bound the server keeps, in one place: the transport, the lobby and the
games each read the ones that are theirs."""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass

if sys.platform != "win32":  # Windows has no descriptor limit to read
    import resource

log = logging.getLogger("mosaic.server")


@dataclass(frozen=True)
class Limits:
    """Counts, and times in seconds."""

    hello: float = 10.0  # to send the first message, a hello
    idle: float = 120.0  # with no message at all; clients ping every 30 s
    grace: float = 60.0  # for a dropped player to come back to a game
    rate: float = 20.0  # messages a second, sustained
    burst: float = 40.0  # messages at once
    flood: int = 40  # messages dropped over the rate before the connection is closed
    errors: int = 30  # bad messages before the connection is closed
    # Frames of any kind a second (pings, pongs and the pieces of a split message
    # count: each costs the server as much as a message), sustained and at once.
    frames: float = 100.0
    frame_burst: float = 200.0
    connections: int = 4000  # fewer if the descriptor limit is lower: see descriptor_room
    # Connections from one address to one process: a school or a café shares an
    # address, so far more than one player needs; one address alone does not fill it.
    address_connections: int = 100
    # File descriptors kept back from connections, for the store, the log, and a
    # socket to accept a connection with and refuse it (1013).
    reserve: int = 64
    # New players an address may make in a sliding window (lichess limits
    # sign-ups per IP too); past it a new player's hello is refused.
    signups: int = 10
    signup_window: float = 3_600.0
    names: int = 5  # names a player may have had, each kept for them
    seeks: int = 3  # open seeks and challenges per player
    # Open seeks and challenges per address: several players may share one (a
    # school, a café), a flood of throwaway accounts may not.
    address_seeks: int = 12
    games: int = 20  # live games in play per player
    postal_games: int = 50  # correspondence games in play per player
    address_postal_games: int = 150  # started from one address (by either player)
    # A correspondence seek stays in the lobby this long, but only this long once
    # its player has left: a seek of somebody who is away is hardly answered.
    postal_seek: float = 7 * 86_400.0
    postal_seek_away: float = 86_400.0
    # A correspondence turn whose time ran out while the server was down gets this
    # long after the restart: nobody could play it meanwhile.
    postal_resume: float = 3_600.0
    challenge: float = 600.0  # a challenge code's life
    lobby: int = 100  # seeks listed in the lobby, the newest first
    # Places in the lobby's list per player and per address (see fair.py).
    listed_seeks: int = 3
    listed_address_seeks: int = 6
    sweep: float = 0.1  # how often flags, grace periods and codes are checked
    # Joins by a code no open challenge has, per player and per address, in a
    # sliding window; past it every join is refused until the window cools.
    join_failures: int = 10
    join_window: float = 60.0
    # Plain HTTP answers with a body (pages, records, 404s) per address: a
    # second, and at once; over them the answer is 429 with a Retry-After. Not
    # counted here: a 304 (nothing changed since the ETag the browser sent), the
    # site's files and the records of games in play here (all from memory), so
    # a page that follows a game in play spends nothing.
    http_rate: float = 5.0
    http_burst: float = 20.0
    # Every request per address, the WebSocket handshake's and each 304 too.
    http_requests: float = 50.0
    http_requests_burst: float = 100.0
    # How long a page worked out (the leaderboard, a player's page) is served as
    # it is before it is worked out again; a finished game's is kept for good.
    http_fresh: float = 2.0
    records: int = 256  # finished games' records, and answers worked out, kept in memory
    # The lobby's changes within this time go to its watchers as one message.
    lobby_batch: float = 0.1
    listed_games: int = 100  # games in play listed to spectators, live and newest first
    listed_player_games: int = 5  # of which one player's
    watching: int = 5  # games one connection watches at once
    watchers: int = 500  # connections watching one game
    address_watchers: int = 20  # of which from one address
    # A game's players hear how many watch it at most once in this long.
    watcher_notice: float = 1.0
    # In a cluster, how often each process looks for one that died, to take over
    # its games (see cluster.py).
    cluster_check: float = 1.0
    # A join by a code no process has announced waits this long before the answer:
    # the announcement of a code just given out may still be on its way.
    cluster_code_wait: float = 0.25


#: Where each limit is counted (docs/online-server.md's table of limits says the
#: same, and a test holds the two together): ``connection`` each connection's own;
#: ``process`` each server process's, so a cluster of N processes allows N times
#: as much; ``cluster`` once for every process on one store; ``game`` and
#: ``seek`` each game's or seek's, on the process that holds it, whichever process
#: its players and watchers are connected to.
COUNTED: dict[str, str] = {
    **dict.fromkeys(
        ("hello", "idle", "rate", "burst", "flood", "errors", "frames", "frame_burst",
         "watching"), "connection"),
    **dict.fromkeys(
        ("connections", "reserve", "address_connections", "seeks", "address_seeks", "games",
         "postal_games", "address_postal_games", "http_rate", "http_burst", "http_requests",
         "http_requests_burst", "http_fresh", "records", "sweep", "lobby_batch",
         "watcher_notice", "cluster_check", "cluster_code_wait"), "process"),
    **dict.fromkeys(
        ("signups", "signup_window", "join_failures", "join_window", "names", "lobby",
         "listed_seeks", "listed_address_seeks", "listed_games", "listed_player_games"),
        "cluster"),
    **dict.fromkeys(("grace", "postal_resume", "watchers", "address_watchers"), "game"),
    **dict.fromkeys(("challenge", "postal_seek", "postal_seek_away"), "seek"),
}  # fmt: skip


def descriptor_room(wanted: int, reserve: int) -> tuple[int, int | None]:
    """How many connections this process's file descriptors leave room for, at
    most ``wanted``, and the soft limit read (``None``: there is none).

    The soft limit (often 1024) is first raised towards ``wanted + reserve`` as
    far as the hard limit allows: past the soft limit ``accept()`` fails, and a
    client then hangs instead of getting the 1013 a full server answers."""
    if sys.platform == "win32":
        return wanted, None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + reserve
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as e:  # macOS caps below RLIM_INFINITY, for one
            log.warning("could not raise the file descriptor limit to %d: %s", target, e)
    if soft == resource.RLIM_INFINITY:
        return wanted, None
    return max(1, min(wanted, soft - reserve)), soft
