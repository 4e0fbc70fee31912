"""Browser tests: the real server in a subprocess, Debian's chromium driven by Playwright.

Nothing is downloaded: the browser is /usr/bin/chromium (`apt-get install chromium`;
CI installs it). Without it these tests are skipped with that reason.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("BELLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not Path(CHROMIUM).exists():
    pytest.skip(
        f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within 30 s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh server: temp SQLite database, bots without delay.

    BELLE_TEST_URL=http://127.0.0.1:8000 runs the tests against a server already running
    instead (start it with BELLE_BOT_DELAY=0).
    """
    given = os.environ.get("BELLE_TEST_URL")
    if given:
        yield given.rstrip("/")
        return
    workdir = tmp_path_factory.mktemp("belle-browser")
    port = free_port()
    log = workdir / "server.log"
    env = {**os.environ, "BELLE_BOT_DELAY": "0", "PYTHONUNBUFFERED": "1", "BELLE_HTTP_RATE": "0"}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "belle.server",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{workdir}/belle.db",
                "--bot-delay",
                "0",
                "--log-level",
                "warning",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=workdir,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any, server: str) -> Iterator[Any]:
    """Open a page in a fresh browser context (its own cookies): new_page(name or None).

    Names get a short unique suffix, so the tests also run against a long-lived server.
    """
    contexts = []

    def make(name: str | None = None) -> Any:
        context = browser.new_context(base_url=server, viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        if os.environ.get("BELLE_TEST_DEBUG"):

            def on_ws(ws: Any, who: str | None = name) -> None:
                ws.on("framesent", lambda f: print(who, ">>", str(f)[:300]))
                ws.on("framereceived", lambda f: print(who, "<<", str(f)[:300]))

            page.on("websocket", on_ws)
        page.goto("/")
        if name is not None:
            page.player_name = f"{name}-{secrets.token_hex(2)}"
            sign_in(page, page.player_name)
        return page

    yield make
    for context in contexts:
        context.close()


def sign_in(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("#signin-form button[type=submit]")
    sync_api.expect(page.locator("#player-name")).to_have_text(name)
