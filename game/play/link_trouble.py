"""Why a line to a server is down, in the player's words: the connection's own
reason (an exception's English text, with its errno and the machine's URL) is
for the log; the player reads what it means for them, with the server named
as they typed it."""

from __future__ import annotations

from urllib.parse import urlsplit

from game.i18n import _

from .online_identity import server_words

#: Words in the reasons the operating systems give for a port nobody listens on
#: (Linux's and macOS's errno, asyncio's "Connect call failed", Windows' own),
#: and for a host name no name server knows: matched, never shown.
REFUSED = (
    "refused",  # i18n: the system's words, matched
    "connect call failed",  # i18n: the system's words, matched
    "errno 111",
    "errno 61",
    "winerror 1225",
)
UNKNOWN_NAME = (
    "name or service not known",  # i18n: the system's words, matched
    "nodename nor servname",  # i18n: the system's words, matched
    "getaddrinfo failed",  # i18n: the system's words, matched
    "no address associated",  # i18n: the system's words, matched
    "name resolution",  # i18n: the system's words, matched
    "errno -2",
    "errno -3",
    "errno 11001",
)


def trouble(reason: str, url: str) -> str:
    """What ``reason`` (the line's, as :class:`game.online.link.Link` says it)
    means, of the server at ``url``: a phrase to follow a colon ("nothing answers
    at localhost:1"), or "" where the reason says nothing a player can use."""
    said = reason.lower()
    where = server_words(url)
    host = urlsplit(url).hostname or where
    if "cannot reach" in said:  # i18n: the line's words, matched
        if any(w in said for w in REFUSED):
            return _("nothing answers at {where}").format(where=where)
        if any(w in said for w in UNKNOWN_NAME):
            return _("no computer is known by the name {host}").format(host=host)
        if "timed out" in said or "timeout" in said:  # i18n: the line's words, matched
            return _("{where} does not answer").format(where=where)
        return _("{where} cannot be reached").format(where=where)
    if "not a mosaic server" in said:  # i18n: the line's words, matched
        return _("{where} answers, but it is not a Mosaic server").format(where=where)
    if "connection closed" in said:  # i18n: the line's words, matched
        return _("the line to {where} was cut").format(where=where)
    return ""
