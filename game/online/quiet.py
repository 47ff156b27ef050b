"""The libraries' log, one line an event: a traceback in the server's log is a
bug of ours, so the libraries' tracebacks for what is not (a port scan, a
database restart) become one line each, saying what happened.

- websockets before 17 logs a traceback for every connection that closes before
  its handshake (a port scan, a health check, a client that gave up, a server
  out of descriptors): :data:`WEBSOCKETS_LOG` is the log the server gives it.
- asyncpg's pool logs a traceback each time it fails to reconnect the
  connections it keeps open (``asyncpg.pool``: "Failed to restore the pool
  connection floor"), every second or so while the database restarts or is
  away; the store says the database is away itself (:class:`.sql.Unreachable`).
"""

from __future__ import annotations

import logging


class InOneLine(logging.Filter):
    """A record with a traceback, from these messages (all, if none are named),
    becomes one line that ends with the exception's text."""

    def __init__(self, *messages: str) -> None:
        super().__init__()
        self.messages = messages

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and (not self.messages or record.msg in self.messages):
            error = record.exc_info[1]
            record.msg = record.getMessage().replace("%", "%%") + ": %r"
            record.args = (error,)
            record.exc_info = record.exc_text = None
            record.stack_info = None
        return True


#: The websockets library's log, as ``websockets.server`` but one line a failed handshake.
WEBSOCKETS_LOG = logging.getLogger("mosaic.websockets")
WEBSOCKETS_LOG.addFilter(InOneLine("opening handshake failed"))
#: asyncpg's pool, one line a failed reconnection.
ASYNCPG_LOG = logging.getLogger("asyncpg.pool")
ASYNCPG_LOG.addFilter(InOneLine())
