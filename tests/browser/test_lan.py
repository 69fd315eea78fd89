"""A LAN party's phones (issue 24, item 5): the server at an address of the local network, not
loopback — a network namespace joined to this machine by a veth pair, on addresses of the
test's own — where plain http is no secure context (no Screen Wake Lock, no service worker):
the screen is kept on by a playing video. With `--tls`, the same address is a secure context:
the wake lock itself, and a service worker that keeps the client's shell for a reload while
the network is down."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from playwright.sync_api import Browser

from cluster.topology import ip, unavailable
from tictac.server.tls import ensure_certificate

from .conftest import CHROMIUM, CHROMIUM_ARGS, ServerProcess
from .players import PHONE, SHOTS_DIR, Player, add_bots, create_room, start_game, wait_for

SUFFIX = f"{os.getpid() % 10_000:04d}"
NAMESPACE = f"tictac-lan-{SUFFIX}"
SUBNET = f"10.241.{os.getpid() % 250}"  # a range of this test's own (the cluster tests: 10.77)
PARTY_HOST = f"{SUBNET}.2"  # the server's address, as a phone on the Wi-Fi would type it


@pytest.fixture(scope="module")
def namespace() -> Iterator[tuple[str, ...]]:
    """A "machine" of the local network: the command prefix that runs a process in it."""
    missing = unavailable()
    if missing:
        pytest.skip(missing)
    outside, inside = f"ttl{SUFFIX}h", f"ttl{SUFFIX}n"
    try:
        ip("netns", "add", NAMESPACE)
        ip("link", "add", outside, "type", "veth", "peer", "name", inside, "netns", NAMESPACE)
        ip("addr", "add", f"{SUBNET}.1/24", "dev", outside)
        ip("link", "set", outside, "up")
        inner = ("netns", "exec", NAMESPACE, "ip")
        ip(*inner, "addr", "add", f"{PARTY_HOST}/24", "dev", inside)
        ip(*inner, "link", "set", inside, "up")
        ip(*inner, "link", "set", "lo", "up")
        yield ("ip", "netns", "exec", NAMESPACE)
    finally:
        with contextlib.suppress(RuntimeError):
            ip("netns", "del", NAMESPACE)  # its end of the veth pair goes with it


@contextlib.contextmanager
def party_server(folder: Path, wrap: tuple[str, ...], *extra: str) -> Iterator[ServerProcess]:
    folder.mkdir(exist_ok=True)
    server = ServerProcess(folder, extra=extra, host=PARTY_HOST, wrap=wrap)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def playing_phone(browser: Browser, base: str) -> Player:
    """Ana's phone at a game she started (with three bots), once she has tapped the page."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", ignore_https_errors=True)
    ana = Player(browser, base, "Ana", context=context)
    create_room(ana, "time-bomb")
    add_bots(ana, 3)
    start_game(ana, [ana])
    ana.page.mouse.click(PHONE["width"] // 2, 10)  # the first tap of the game
    return ana


KEPT_AWAKE = "async () => (await import('/static/wake.js')).awakeBy()"
VIDEO_TIME = "() => document.querySelector('video.keep-awake').currentTime"


def test_on_plain_http_at_a_lan_address_a_playing_video_keeps_the_phone_awake(
        browser: Browser, namespace: tuple[str, ...], tmp_path: Path) -> None:
    with party_server(tmp_path, namespace) as server:
        assert server.url.startswith(f"http://{PARTY_HOST}:")
        ana = playing_phone(browser, server.url)
        page = ana.page
        assert page.evaluate("() => [isSecureContext, 'wakeLock' in navigator]") == [False, False]
        wait_for(lambda: page.evaluate(KEPT_AWAKE) == "video", page, what="the keep-awake video")
        state = page.evaluate("""() => { const v = document.querySelector('video.keep-awake');
            return {paused: v.paused, muted: v.muted, inline: v.playsInline,
                    onscreen: v.getBoundingClientRect().bottom <= innerHeight}; }""")
        assert state == {"paused": False, "muted": True, "inline": True, "onscreen": True}
        started = page.evaluate(VIDEO_TIME)
        wait_for(lambda: page.evaluate(VIDEO_TIME) > started + 1, page, timeout=30,
                 what="the video's time to advance")
        assert ana.errors == []
        ana.close()


def test_over_tls_at_a_lan_address_the_phone_holds_a_wake_lock(
        browser: Browser, namespace: tuple[str, ...], tmp_path: Path) -> None:
    with party_server(tmp_path, namespace, "--tls") as server:
        assert server.url.startswith(f"https://{PARTY_HOST}:")
        ana = playing_phone(browser, server.url)
        page = ana.page
        assert page.evaluate("() => [isSecureContext, 'wakeLock' in navigator]") == [True, True]
        wait_for(lambda: page.evaluate(KEPT_AWAKE) == "lock", page, what="the wake lock")
        assert page.evaluate("() => document.querySelector('video.keep-awake')") is None
        # A certificate merely clicked through: Chromium allows no service worker (the page
        # asked for one and took the refusal quietly: no error above).
        refusal = page.evaluate("""() => navigator.serviceWorker.register('/sw.js')
            .then(() => 'registered', (error) => error.name)""")
        assert refusal == "SecurityError"
        assert ana.errors == []
        ana.close()





def trusting(browser: Browser, folder: Path) -> Browser:
    """Chromium as on a phone that trusts the server's certificate (installed it: see
    docs/server.md), made beforehand in `folder` where the server finds it: Chromium's switch
    that takes a certificate as valid for its public key's SHA-256."""
    certificate = ensure_certificate(folder, [PARTY_HOST])
    cert = x509.load_pem_x509_certificate(certificate.cert_file.read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                          serialization.PublicFormat.SubjectPublicKeyInfo)
    pin = base64.b64encode(hashlib.sha256(spki).digest()).decode()
    trusted = f"--ignore-certificate-errors-spki-list={pin}"
    return browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, trusted])


KEPT_PATHS = """async () => (await Promise.all((await caches.keys())
  .map(async (name) => (await (await caches.open(name)).keys())
  .map((request) => new URL(request.url).pathname)))).flat()"""


def test_over_trusted_tls_a_service_worker_keeps_the_shell_for_a_reload_with_the_server_down(
        browser: Browser, namespace: tuple[str, ...], tmp_path: Path) -> None:
    phone = trusting(browser, tmp_path)
    with party_server(tmp_path, namespace, "--tls") as server:
        page = phone.new_page(viewport=PHONE)
        page.goto(server.url + "/")
        page.wait_for_selector("#create-name")
        page.evaluate("() => navigator.serviceWorker.ready")
        page.reload()  # the first load came before the worker: this one goes through it
        page.wait_for_selector("#create-name")
        assert page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        kept = set(page.evaluate(KEPT_PATHS))
        assert {"/", "/static/app.js", "/static/i18n/fr.json", "/static/icons/icon-192.png",
                "/static/style.css", "/static/manifest.webmanifest"} <= kept
        assert not [path for path in kept if path.startswith(("/api", "/ws"))]
    # The server is stopped: the reload is answered from the cache.
    page.reload()
    page.wait_for_selector("text=Join a room")  # the home screen: its modules and catalog
    assert page.locator("header.bar .brand").inner_text() == "tictac"
    page.screenshot(path=str(SHOTS_DIR / "lan-offline-reload.png"))
    phone.close()


def test_the_app_is_installable_over_trusted_tls_and_not_on_plain_http(
        browser: Browser, namespace: tuple[str, ...], tmp_path: Path) -> None:
    """Chromium's own verdict (the DevTools protocol's installability errors)."""
    phone = trusting(browser, tmp_path / "https")
    for extra, scheme in (((), "http"), (("--tls",), "https")):
        with party_server(tmp_path / scheme, namespace, *extra) as server:
            page = phone.new_page(viewport=PHONE)
            page.goto(server.url + "/")
            page.wait_for_selector("#create-name")
            page.evaluate("() => window.isSecureContext && navigator.serviceWorker.ready")
            devtools = page.context.new_cdp_session(page)
            errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
            # (a Playwright context is an off-the-record profile, where nothing is installed)
            reasons = {error["errorId"] for error in errors} - {"in-incognito"}
            if scheme == "https":
                assert reasons == set(), errors
            else:
                assert "not-from-secure-origin" in reasons, errors
            manifest = devtools.send("Page.getAppManifest")
            assert manifest["errors"] == [], manifest
            page.close()
    phone.close()
