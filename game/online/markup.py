"""Text made safe for the web pages: nothing a player typed (a name) can start
markup or end a script's data, whatever it holds."""

from __future__ import annotations

import html
import json
from typing import Any


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def script_json(data: Any) -> str:
    """JSON to sit inside a ``<script type="application/json">``: nothing in it
    can close the element or start markup, whatever a name holds."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
