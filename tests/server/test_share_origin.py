"""The share link's origin: the LAN address when serving every interface, else none (the page's
own origin is shared)."""

from __future__ import annotations

import httpx
from serverproc import ServerProcess

from tictac.server.lan import lan_address, share_origin
from tictac.server.settings import ServerSettings


def test_serving_every_interface_shares_the_lan_address() -> None:
    assert share_origin(ServerSettings(host="0.0.0.0", port=8123)) == f"http://{lan_address()}:8123"
    assert share_origin(ServerSettings(host="::", port=80)) == f"http://{lan_address()}:80"


def test_serving_one_address_shares_the_page_origin() -> None:
    assert share_origin(ServerSettings(host="127.0.0.1", port=8123)) is None


def test_the_endpoint_answers_for_a_loopback_server(server: ServerProcess) -> None:
    answer = httpx.get(server.base + "/api/share")
    assert answer.status_code == 200 and answer.json() == {"origin": None}
