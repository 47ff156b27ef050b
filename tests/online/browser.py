"""Headless Chromium for the web page tests, driven over the DevTools protocol
with the websockets client the game already has: open a page, press keys, read
the page back, take a screenshot."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

#: Where Debian's ``chromium`` package (or another Chromium) is, or None.
CHROMIUM = next(
    (p for p in ("chromium", "chromium-browser", "google-chrome") if shutil.which(p)), None
)
SKIP_REASON = (
    "no Chromium here: install Debian's chromium package (.ci/run does) to test the web pages"
)

KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


class Tab:
    """One page of the browser, spoken to over its DevTools WebSocket."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        mid = next(self.ids)
        await self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            if msg.get("id") == mid:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    async def open(self, url: str) -> None:
        await self.call("Page.enable")
        self.events.clear()
        await self.call("Page.navigate", url=url)
        for _ in range(200):
            if any(e.get("method") == "Page.loadEventFired" for e in self.events):
                return
            await self.call("Runtime.evaluate", expression="1")  # reads events meanwhile
            await asyncio.sleep(0.05)
        raise TimeoutError(f"{url} did not load")

    async def eval(self, expression: str) -> Any:
        got = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in got:
            raise RuntimeError(f"{expression}: {got['exceptionDetails']}")
        return got["result"].get("value")

    async def key(self, key: str) -> None:
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=key,
                windowsVirtualKeyCode=code,
                nativeVirtualKeyCode=code,
            )

    async def size(self, width: int, height: int) -> None:
        """The window's size in CSS pixels; a width under 600 is a phone's."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 600,
        )

    async def screenshot(self, path: Path, width: int | None = 1100, height: int = 760) -> None:
        """The window as it is drawn (``width=None``: at the size it has now)."""
        if width is not None:
            await self.size(width, height)
        got = await self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(got["data"]))


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Tab]:
    """A headless Chromium with one tab, closed afterwards."""
    assert CHROMIUM is not None, SKIP_REASON
    # Chromium's helper processes may still be writing the profile as it goes.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless=new",
                "--no-sandbox",  # tests run as root in CI's container
                "--disable-gpu",
                "--no-first-run",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "HOME": profile},
            start_new_session=True,  # its helper processes go with it
        )
        try:
            port = await asyncio.to_thread(_devtools_port, proc)
            targets = await asyncio.to_thread(
                lambda: json.loads(
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list").read()
                )
            )
            page = next(t for t in targets if t.get("type") == "page")
            async with connect(page["webSocketDebuggerUrl"], max_size=2**26) as ws:
                yield Tab(ws)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def _devtools_port(proc: subprocess.Popen) -> int:
    assert proc.stderr is not None
    for _ in range(200):
        line = proc.stderr.readline()
        if not line:
            break
        m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if m:
            return int(m.group(1))
    raise RuntimeError("Chromium did not say where its DevTools listen")
