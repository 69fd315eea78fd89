"""The service worker keeps the client's shell and nothing else: a phone that once opened
`/healthz`, `/metrics`, `/openapi.json`, `/docs` or an `/api/...` URL, then reloads a room's
page while the server is down, sees the client, not that answer. (The worker used to keep any
navigation's answer as the page: offline, `/r/CODE` showed the OpenAPI document.)

On 127.0.0.1, which browsers take as a secure context, so no TLS and no other network is
needed."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import PHONE

NOT_SHELL = ("/healthz", "/metrics", "/docs", "/api/games", "/api/share", "/api/rooms/ZZZZZ",
             "/openapi.json")
KEPT = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      found[new URL(request.url).pathname] = [answer.headers.get('content-type'),
                                              (await answer.text()).slice(0, 200)];
    }
  }
  return found;
}"""


def test_the_worker_keeps_the_shell_only_and_serves_it_offline(
        browser: Browser, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    server.start()
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#create-name")
        page.evaluate("() => navigator.serviceWorker.ready")
        page.reload()  # the first load came before the worker: this one goes through it
        page.wait_for_selector("#create-name")
        assert page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        for path in NOT_SHELL:
            page.goto(server.url + path)
        kept = page.evaluate(KEPT)  # (on the last of them: the same origin)
        assert not [path for path in kept if not path.startswith(("/static/", "/games/"))
                    and path != "/"], sorted(kept)
        content_type, text = kept["/"]
        assert content_type.startswith("text/html") and text.lower().startswith("<!doctype html")
    finally:
        server.stop()
    # The server is down: a room's page is the client's, drawn from the kept shell.
    page.goto(server.url + "/r/ABCDE")
    page.wait_for_selector("header.bar .brand")
    assert page.locator("header.bar .brand").inner_text() == "tictac"
    assert "openapi" not in page.content()
    context.close()
