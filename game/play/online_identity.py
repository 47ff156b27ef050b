"""What the game remembers for online play, in ``online.json``: the last server
address, the player's name, the secret token each server gave this player
(so the same identity and rating come back on the next visit), and the servers
where the player has correspondence games (the title screen asks those whose
turn it is).

A bad file is kept aside with a message, and the defaults are used.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from game.i18n import N_, _
from game.online.protocol import NAME, TOKEN
from game.rules.errors import clip

from .storage import read_json, set_aside, write_json

FILE = "online.json"
DEFAULT_SERVER = "ws://localhost:8765"
HOST_CHARACTERS = set(string.ascii_letters + string.digits + ".-:")
# Keys kept in the settings file, shown translated (the widgets translate their options).
PACES = (N_("Live"), N_("Correspondence"))
DAYS = (N_("1 day"), N_("3 days"), N_("7 days"))


@dataclass
class Identity:
    server: str = DEFAULT_SERVER
    name: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    #: Servers (as :func:`normal` gives them) where correspondence games are in play.
    postal: list[str] = field(default_factory=list)
    #: The kind of play last chosen in the lobby: "Live" or "Correspondence", and
    #: the days a correspondence turn.
    pace: str = "Live"
    days: str = "3 days"

    def token(self, url: str) -> str | None:
        return self.tokens.get(url)


def normal(address: str) -> str:
    """A server address as typed ("192.168.1.5", "host:9000", "wss://host/path")
    made a URL: ``ws://`` if no scheme is given, port 8765 for ``ws`` (the
    server's own) and 443 for ``wss`` (a TLS proxy) if none is. Raises
    :class:`ValueError` saying what is wrong."""
    text = address.strip()
    if not text:
        raise ValueError(_("Type the server's address, such as 192.168.1.5:8765."))
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss"):
        raise ValueError(_("A server address starts with ws:// or wss://, or with no scheme."))
    host = parts.hostname or ""
    if not host or not set(host) <= HOST_CHARACTERS:
        raise ValueError(
            _("{address} is not an address: try one like 192.168.1.5.").format(
                address=clip(address.strip())
            )
        )
    try:
        port = parts.port
    except ValueError:
        raise ValueError(_("The port after the colon must be a number from 1 to 65535.")) from None
    if port is None:
        port = 443 if parts.scheme == "wss" else 8765
    if not 0 < port < 65536:
        raise ValueError(_("The port after the colon must be a number from 1 to 65535."))
    shown = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{shown}:{port}{parts.path.rstrip('/')}"


def server_words(url: str) -> str:
    """A server's URL as a player reads it: its host and port ("192.168.1.5:8765"),
    without the ``ws://`` of the machine's address, and without the port a
    ``wss`` server always has ("mosaic.example.org"). The exact URL stays where
    it is shared (a game's page address)."""
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        return url
    where = parts.netloc.rpartition("@")[2]
    if parts.scheme == "wss" and where.endswith(":443"):
        where = where[: -len(":443")]
    return where + parts.path.rstrip("/")


def field_words(address: str) -> str:
    """A remembered server address as the Server field shows it: as a player
    reads it (:func:`server_words`, "localhost:8765" for the default) where
    typing that back reaches the same server, else as it is (a ``wss://``
    address keeps its scheme, an address that is no address stays for the
    player to mend)."""
    try:
        url = normal(address)
        words = server_words(url)
        return words if normal(words) == url else address.strip()
    except ValueError:
        return address


def load(directory: Path) -> tuple[Identity, str | None]:
    path = directory / FILE
    data, message = read_json(path, N_("online settings"))
    if data is None:
        return Identity(), message
    ok = (
        isinstance(data, dict)
        and isinstance(data.get("server", ""), str)
        and isinstance(data.get("name", ""), str)
        and isinstance(data.get("tokens", {}), dict)
        and isinstance(data.get("postal", []), list)
    )
    if not ok:
        return Identity(), set_aside(
            path, N_("online settings"), _("not the shape they should have")
        )
    tokens = {
        k: v for k, v in data.get("tokens", {}).items() if isinstance(k, str) and TOKEN.check(v)
    }
    name = data.get("name", "")
    postal = [u for u in data.get("postal", []) if isinstance(u, str) and u in tokens]
    pace = data.get("pace") if data.get("pace") in PACES else "Live"
    days = data.get("days") if data.get("days") in DAYS else "3 days"
    return Identity(
        data.get("server") or DEFAULT_SERVER, name if NAME.check(name) else "", tokens, postal,
        pace, days,
    ), None  # fmt: skip


def save(identity: Identity, directory: Path) -> None:
    write_json(
        directory / FILE,
        {
            "server": identity.server,
            "name": identity.name,
            "tokens": identity.tokens,
            "postal": identity.postal,
            "pace": identity.pace,
            "days": identity.days,
        },
    )
