"""Browser tests: a real `tictac serve` on a free loopback port with its own SQLite file, and
Debian's Chromium driven by Playwright (sync API, so this folder runs in its own pytest process:
see scripts/test)."""

from __future__ import annotations

import contextlib
import os
import shutil
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect, sync_playwright

from tictac.cluster.services import free_port

from .players import SHOTS_DIR

CHROMIUM = os.environ.get("TICTAC_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _tictac_command() -> list[str]:
    script = Path(sys.executable).with_name("tictac")
    if script.exists():
        return [str(script)]
    found = shutil.which("tictac")
    if found is None:
        pytest.fail("the `tictac` command is not installed in this environment")
    return [found]


# How long to wait for a server to come up: long, since a busy machine imports slowly and only
# a server that never answers should fail a test (TICTAC_TEST_PATIENCE_S sets it).
PATIENCE_S = float(os.environ.get("TICTAC_TEST_PATIENCE_S", "120"))
# ... and Playwright's `expect` as long (its own 5 s let a slow first message fail a test).
expect.set_options(timeout=PATIENCE_S * 1000)


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + PATIENCE_S
    unverified = ssl._create_unverified_context()  # `--tls`: the server's own certificate
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"tictac serve exited early:\n{log.read_text()}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(url + "/healthz", timeout=1, context=unverified) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.1)
    pytest.fail(f"tictac serve did not answer /healthz:\n{log.read_text()}")


class ServerProcess:
    """`tictac serve` on a loopback port with its own SQLite file; stop and start it again on
    the same port and file to see rooms come back (bots pause 60 ms so games run fast).
    Its games come from a fixed seed, so a run deals what the last one dealt (a flag in
    `extra` may give another). `extra` flags and `env` variables are added to the command
    and its environment. `host`: another address to listen on (a network namespace's, its
    command then run through `wrap`, e.g. `ip netns exec NAME`)."""

    def __init__(
        self, folder: Path, extra: tuple[str, ...] = (), env: dict[str, str] | None = None,
        host: str = "127.0.0.1", wrap: tuple[str, ...] = (),
    ) -> None:
        self.folder = folder
        self.extra = extra
        self.env = {**os.environ, **(env or {})}
        self.host = host
        self.wrap = wrap
        self.port = free_port()
        self.url = f"{'https' if '--tls' in extra else 'http'}://{host}:{self.port}"
        self.log = folder / "serve.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            *self.wrap,
            *_tictac_command(),
            "serve",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--db",
            str(self.folder / "tictac.sqlite3"),
            "--bot-pause-ms",
            "60",
            "--rate",
            "200",
            "--log-level",
            "warning",
            # every room and join of the session comes from 127.0.0.1
            "--create-burst",
            "100000",
            "--join-burst",
            "100000",
            "--qr-burst",
            "100000",
            "--deck-read-burst",
            "100000",
            "--seed",
            "browser",
            *self.extra,
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=self.env
            )
        try:
            _wait_healthy(self.url, self.process, self.log)
        except BaseException:
            self.stop()  # a server that failed to start is never left behind
            raise

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server shared by the tests of this session."""
    running = ServerProcess(tmp_path_factory.mktemp("server"))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of this test's own, which the test may stop and start."""
    running = ServerProcess(tmp_path)
    running.start()
    try:
        yield running
    finally:
        running.stop()


ADMIN_TOKEN = "a-long-enough-admin-token-for-the-test"


@pytest.fixture
def admin_server(tmp_path: Path) -> Iterator[str]:
    """A server of the test's own with an instance admin (ADMIN_TOKEN)."""
    running = ServerProcess(tmp_path, env={"TICTAC_ADMIN_TOKEN": ADMIN_TOKEN})
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (scripts/test does it)")
    SHOTS_DIR.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "page_errors_expected: the test makes a page fail on purpose (a script "
        "error is what it checks), so the page-error watch leaves it alone",
    )


@pytest.fixture(autouse=True)
def no_page_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails any browser test in which a page threw (an uncaught exception or rejection, or a
    panel that failed to draw: static/panels.js reports it as the page's error), in any
    context the test opened: a screen must keep drawing whatever comes."""
    if "browser" not in request.fixturenames or request.node.get_closest_marker(
        "page_errors_expected"
    ):
        yield
        return
    chromium: Browser = request.getfixturevalue("browser")
    errors: list[str] = []
    opened = chromium.new_context

    def watched(**kwargs: object) -> BrowserContext:
        context = opened(**kwargs)  # type: ignore[arg-type]
        context.on("weberror", lambda error: errors.append(f"{error.page and error.page.url}: "
                                                           f"{error.error}"))
        return context

    chromium.new_context = watched  # type: ignore[method-assign]
    try:
        yield
    finally:
        del chromium.new_context
    if errors:
        pytest.fail(f"{len(errors)} page error(s): {errors[:5]}")
