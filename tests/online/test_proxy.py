"""The example nginx configuration (docs/deploy/nginx-mosaic.conf) in front of a
real server: Debian's nginx, started with that very file (only its ports, its
certificate and its upstream swapped for the test's, on loopback), ending TLS
with a self-signed certificate made for the test. A player says hello through
it over wss://, a browser reads a page over https://, plain http:// is sent
to https://, and a player's own X-Forwarded-For buys no budget. Skipped,
saying so, where nginx or openssl is missing (.ci/run installs nginx)."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from game.online import protocol

from .serving import start_process

CONF = Path(__file__).parents[2] / "docs" / "deploy" / "nginx-mosaic.conf"
NAME = "mosaic.example.org"


def nginx() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(p)), None
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def swapped(text: str, swaps: dict[str, str]) -> str:
    """The example with each line in ``swaps`` replaced: each must be there once,
    so that the test fails when the example changes under it."""
    for old, new in swaps.items():
        assert text.count(old) == 1, f"{old!r} is not in the example once"
        text = text.replace(old, new)
    return text


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={NAME}",
         "-addext", f"subjectAltName=DNS:{NAME},IP:127.0.0.1"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def wait_for_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"nginx stopped: {log.read_text(errors='replace')[-2000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("nginx did not listen in time")


@contextlib.contextmanager
def proxied(
    tmp_path: Path, swaps: dict[str, str] | None = None
) -> Iterator[tuple[int, int, ssl.SSLContext]]:
    """nginx with the example (and these further swaps) in front of a real
    server: yields its https and http ports and a context that trusts it."""
    binary = nginx()
    if binary is None:
        pytest.skip("no nginx here (Debian's nginx package; .ci/run installs it)")
    if shutil.which("openssl") is None:
        pytest.skip("no openssl here, to make the test's certificate")
    cert, key = certificate(tmp_path)
    tls, plain = free_port(), free_port()
    server, url = start_process(tmp_path / "s.db", 0, 30.0, "--public", f"https://{NAME}")
    upstream = int(url.rsplit(":", 1)[1])
    site = swapped(
        CONF.read_text(),
        {
            "    listen 443 ssl;\n": f"    listen 127.0.0.1:{tls} ssl;\n",
            "    listen [::]:443 ssl;\n": "",
            "    listen 80;\n": f"    listen 127.0.0.1:{plain};\n",
            "    listen [::]:80;\n": "",
            f"/etc/letsencrypt/live/{NAME}/fullchain.pem": str(cert),
            f"/etc/letsencrypt/live/{NAME}/privkey.pem": str(key),
            "server 127.0.0.1:8765;": f"server 127.0.0.1:{upstream};",
            **(swaps or {}),
        },
    )
    (tmp_path / "site.conf").write_text(site)
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / temp).mkdir()
    log = tmp_path / "error.log"
    # The whole nginx.conf Debian's would be, less what a test has no use for; as
    # root, workers run as root so they may use the test's private folder.
    (tmp_path / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"worker_processes 1;\npid {tmp_path}/nginx.pid;\nerror_log {log} info;\n"
        "events { worker_connections 64; }\n"
        "http {\n"
        f"    access_log {tmp_path}/access.log;\n"
        + "".join(f"    {t}_temp_path {tmp_path}/{t};\n" for t in ("fastcgi", "uwsgi", "scgi"))
        + f"    client_body_temp_path {tmp_path}/body;\n    proxy_temp_path {tmp_path}/proxy;\n"
        f"    include {tmp_path}/site.conf;\n}}\n"
    )
    proxy = subprocess.Popen(
        [binary, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(log),
         "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        wait_for_port(tls, proxy, log)
        yield tls, plain, ssl.create_default_context(cafile=str(cert))
    finally:
        proxy.terminate()
        proxy.wait(10)
        server.kill()
        server.wait()


def get(
    path: str, port: int, trusted: ssl.SSLContext | None = None, **headers: str
) -> http.client.HTTPResponse:
    c = (
        http.client.HTTPSConnection("127.0.0.1", port, context=trusted, timeout=10)
        if trusted is not None
        else http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    )
    named = {k.replace("_", "-"): v for k, v in headers.items()}
    c.request("GET", path, headers={"Host": NAME, **named})
    answer = c.getresponse()
    answer.read()
    return answer


def test_the_example_nginx_configuration_carries_a_hello_and_a_page(tmp_path):
    with proxied(tmp_path) as (tls, plain, trusted):

        async def hello() -> dict:
            async with connect(f"wss://127.0.0.1:{tls}", ssl=trusted, server_hostname=NAME) as ws:
                await ws.send(protocol.request("hello", v=protocol.VERSION, name="Ann"))
                return json.loads(await asyncio.wait_for(ws.recv(), 10))

        welcome = asyncio.run(asyncio.wait_for(hello(), 30))
        assert welcome["type"] == "welcome" and welcome["player"]["name"] == "Ann"
        assert welcome["site"] == f"https://{NAME}"

        page = get("/leaderboard", tls, trusted)
        assert page.status == 200 and page.getheader("Content-Security-Policy")
        assert get("/ready", tls, trusted).status == 200
        moved = get("/leaderboard", plain)
        assert moved.status == 301
        assert moved.getheader("Location") == f"https://{NAME}/leaderboard"

        # The proxy's X-Forwarded-For is the one the server trusts: a player who
        # sends one of their own is still counted as themselves, so made-up
        # addresses do not buy more than the 20 pages at once an address gets.
        # All at once: one after another on a loaded machine (load 12), the
        # address earned a page back (5 a second) before the next one came.
        def page(n: int) -> int:
            return get("/leaderboard", tls, trusted, X_Forwarded_For=f"203.0.113.{n}").status

        with ThreadPoolExecutor(30) as pool:
            statuses = list(pool.map(page, range(30)))
        assert 429 in statuses, statuses


def test_the_example_nginx_configuration_limits_connections_and_requests_per_address(tmp_path):
    """The proxy's own limits per address, across every process behind it: its
    figures (100 connections, 50 requests a second) swapped for small ones."""
    swaps = {
        "limit_conn mosaic_connections 100;": "limit_conn mosaic_connections 3;",
        "rate=50r/s;": "rate=1r/m;",
        "burst=100 nodelay;": "burst=6 nodelay;",
    }
    with proxied(tmp_path, swaps) as (tls, _, trusted):

        async def crowd() -> tuple[int, int]:
            opened = []
            try:
                for _ in range(3):
                    opened.append(
                        await connect(f"wss://127.0.0.1:{tls}", ssl=trusted, server_hostname=NAME)
                    )
                with pytest.raises(InvalidStatus) as refused:
                    await connect(f"wss://127.0.0.1:{tls}", ssl=trusted, server_hostname=NAME)
                # The three still play: the proxy refused only the fourth.
                await opened[0].send(protocol.request("hello", v=protocol.VERSION, name="Ann"))
                welcome = json.loads(await asyncio.wait_for(opened[0].recv(), 10))
                return refused.value.response.status_code, len(welcome["type"])
            finally:
                for ws in opened:
                    await ws.close()

        status, _ = asyncio.run(asyncio.wait_for(crowd(), 30))
        assert status == 429
        # 4 handshakes spent, 3 of the burst left: then 429, from the proxy.
        statuses = [get("/robots.txt", tls, trusted).status for _ in range(5)]
        assert statuses[:3] == [200] * 3 and statuses[3:] == [429, 429], statuses
