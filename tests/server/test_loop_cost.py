"""No request may hold the event loop long: every room of the server waits behind it. Each route
of the app is asked with the costliest input it takes (a QR code of the longest text, never the
same twice; the largest deck; a room full of places; ...), and the longest callback of the
loop's thread while it is served, in CPU time (`loopcost.py`), stays under BOUND_S.

Every route is walked: a route added to the app without a probe here fails the test. What a
process pays once (an import, a cache's first fill) is paid before the measure, by a first
request of each kind; what a client can make the server pay again is measured."""

from __future__ import annotations

import hashlib
import json
import secrets
import string
from collections.abc import Callable, Iterator

import httpx
import pytest
from loopcost import LoopCost
from starlette.routing import Mount, Route, WebSocketRoute
from websockets.sync.client import connect

from tictac.engine import GAMES, get_info
from tictac.games.times_up import decks as deck_rules
from tictac.rooms import RoomSettings
from tictac.server import qr
from tictac.server.game_client import CLIENT_FILE
from tictac.server.pages import PAGE_PATHS
from tictac.server.settings import STATIC_DIR, ServerSettings

pytestmark = pytest.mark.timeout(300)

# The rule is a millisecond or two; the bound leaves room for a machine busy beside the test
# (its caches shared), and still stands far below what a drawing or a rebuilt document costs.
BOUND_S = 0.005
TRIES = 3  # measured requests per route, each with a new input where the input may vary
AUDIENCE = 60  # places of the room the room routes are asked about


def fresh_text(length: int) -> str:
    """A text no request asked for before: no cache can have its answer."""
    return "https://example.org/" + "".join(
        secrets.choice(string.ascii_letters) for _ in range(length - 20))


def largest_deck() -> bytes:
    cards = [{"name": f"Éé {i:03} " + "é" * (deck_rules.MAX_NAME - 7),
              "about": "é" * deck_rules.MAX_ABOUT} for i in range(deck_rules.MAX_CARDS)]
    return json.dumps({"language": "fr", "title": "Les copains", "cards": cards},
                      ensure_ascii=False).encode()


class Table:
    """A room in play with its host, bots and an audience, and a large shared deck."""

    def __init__(self, http: httpx.Client, base: str) -> None:
        made = http.post("/api/rooms", json={"game": "timos-twist", "name": "Host"}).json()
        self.code, self.token = made["code"], made["token"]
        self.ws_url = base.replace("http", "ws") + f"/ws/{self.code}"
        for n in range(AUDIENCE):
            assert http.post(f"/api/rooms/{self.code}/join",
                             json={"name": f"Fan {n}", "spectator": True}).status_code == 200
        with connect(self.ws_url, compression=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            for _ in range(3):
                ws.send(json.dumps({"type": "lobby", "op": "add_bot"}))
            ws.send(json.dumps({"type": "lobby", "op": "start"}))
            while json.loads(ws.recv(timeout=60))["type"] != "view":
                pass
        answer = http.post("/api/decks", content=largest_deck(),
                           headers={"content-type": "application/json"}, timeout=60)
        assert answer.status_code == 201, answer.text[:300]
        self.deck = answer.json()["code"]

    @property
    def bearer(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}


Probe = Callable[[httpx.Client, Table], None]


def ok(answer: httpx.Response) -> None:
    assert answer.status_code < 300, (answer.request.url, answer.status_code, answer.text[:200])


def socket_hello(http: httpx.Client, table: Table) -> None:
    with connect(table.ws_url, compression=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": table.token}))
        while json.loads(ws.recv(timeout=60))["type"] != "room":
            pass


def rejoin(http: httpx.Client, table: Table) -> None:
    made = http.post(f"/api/rooms/{table.code}/rejoin-code", headers=table.bearer, json={})
    ok(made)
    answer = http.post(f"/api/rooms/{table.code}/rejoin", json={"rejoin": made.json()["rejoin"]})
    ok(answer)
    table.token = answer.json()["token"]


def qr_either_way(http: httpx.Client, table: Table) -> None:
    ok(http.get("/api/qr.svg", params={"text": fresh_text(qr.MAX_TEXT)}))
    ok(http.post("/api/qr.svg", json={"text": fresh_text(qr.MAX_TEXT)}))


def largest_static(http: httpx.Client, table: Table) -> None:
    biggest = max((p for p in STATIC_DIR.rglob("*") if p.is_file()), key=lambda p: p.stat().st_size)
    ok(http.get("/static/" + biggest.relative_to(STATIC_DIR).as_posix()))


GAME_FILES = "/games/{name}"  # the mounts of games that bring their own client (plugins)


def game_files(http: httpx.Client, table: Table) -> None:
    for name in GAMES:
        folder = get_info(name).client_folder
        if folder:
            ok(http.get(f"/games/{name}/{CLIENT_FILE}"))
ADMIN_TOKEN = "loop-cost-admin-token"
ADMIN = {"authorization": f"Bearer {ADMIN_TOKEN}"}


def admin_close(http: httpx.Client, table: Table) -> None:
    made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"}).json()
    ok(http.post(f"/api/admin/rooms/{made['code']}/close", headers=ADMIN,
                 json={"message": "é" * 120}))


def admin_bans(http: httpx.Client, table: Table) -> None:
    network = f"198.18.{secrets.randbelow(256)}.{secrets.randbelow(256)}"
    ok(http.post("/api/admin/bans", headers=ADMIN,
                 json={"network": network, "hours": 1, "reason": "é" * 200}))
    ok(http.get("/api/admin/bans", headers=ADMIN))
    ok(http.post("/api/admin/bans/lift", headers=ADMIN, json={"network": network}))


def admin_take_down(http: httpx.Client, table: Table) -> None:
    answer = http.post("/api/decks", content=largest_deck(),
                       headers={"content-type": "application/json"}, timeout=60)
    ok(answer)
    ok(http.post(f"/api/admin/decks/{answer.json()['code']}/take-down", headers=ADMIN,
                 json={}))


def report(http: httpx.Client, table: Table) -> None:
    ok(http.post(f"/api/rooms/{table.code}/reports", headers=table.bearer,
                 json={"what": "name", "text": "Fan 0"}))


def admin_resolve(http: httpx.Client, table: Table) -> None:
    report(http, table)
    waiting = http.get("/api/admin/reports", headers=ADMIN)
    ok(waiting)
    ok(http.post(f"/api/admin/reports/{waiting.json()[0]['id']}/resolve", headers=ADMIN,
                 json={"outcome": "dismissed"}))


def get(path: str, **params: str) -> Probe:
    return lambda http, table: ok(http.get(path.format(code=table.code, deck=table.deck,
                                                      game="time-bomb"), params=params))


PROBES: dict[str, Probe] = {
    "/api/games": get("/api/games"),
    "/api/qr.svg": qr_either_way,
    "/api/share": get("/api/share"),
    "/api/rooms": lambda http, table: ok(http.post("/api/rooms", json={
        "game": "times-up", "name": "N" * 24})),
    "/api/rooms/{code}": get("/api/rooms/{code}"),
    "/api/rooms/{code}/join": lambda http, table: ok(http.post(
        f"/api/rooms/{table.code}/join", json={"name": fresh_text(24)[-20:], "spectator": True})),
    "/api/rooms/{code}/rejoin-code": rejoin,
    "/api/rooms/{code}/rejoin": rejoin,
    "/api/rooms/{code}/replay": lambda http, table: ok(http.get(
        f"/api/rooms/{table.code}/replay", headers=table.bearer)),
    "/api/decks": lambda http, table: ok(http.post(
        "/api/decks", content=largest_deck(), headers={"content-type": "application/json"})),
    "/api/decks/{code}": get("/api/decks/{deck}", download="1"),
    "/healthz": get("/healthz"),
    "/sw.js": get("/sw.js"),
    "/metrics": get("/metrics"),
    "/openapi.json": get("/openapi.json"),
    "/docs": get("/docs"),
    "/ws/{code}": socket_hello,
    "/static": largest_static,
    GAME_FILES: game_files,
    "/admin": get("/admin"),
    "/api/admin/rooms": lambda http, table: ok(http.get("/api/admin/rooms", headers=ADMIN)),
    "/api/admin/rooms/{code}/close": admin_close,
    "/api/admin/bans": admin_bans,
    "/api/admin/bans/lift": admin_bans,
    "/api/admin/decks/{code}/take-down": admin_take_down,
    "/api/admin/audit": lambda http, table: ok(http.get("/api/admin/audit", headers=ADMIN)),
    "/api/rooms/{code}/reports": report,
    "/api/admin/reports": admin_resolve,
    "/api/admin/reports/{id:int}/resolve": admin_resolve,
    **{path: get(path) for path in PAGE_PATHS},
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LoopCost, Table]]:
    db = tmp_path_factory.mktemp("loop") / "tictac.sqlite3"
    settings = ServerSettings(
        db_url=f"sqlite+aiosqlite:///{db}", rooms=RoomSettings(bot_pause_ms=600_000),
        create_burst=100_000, join_burst=100_000, qr_burst=100_000,
        deck_read_burst=100_000, admin_burst=100_000, report_burst=100_000,
        room_report_burst=100_000,
        admin_token_digest=hashlib.sha256(ADMIN_TOKEN.encode()).hexdigest())
    with LoopCost(settings) as cost, httpx.Client(base_url=cost.base, timeout=60) as http:
        yield cost, Table(http, cost.base)


def routes(cost: LoopCost) -> list[str]:
    paths = []
    for route in cost.app.routes:
        assert isinstance(route, Route | WebSocketRoute | Mount), route
        paths.append(GAME_FILES if route.path.startswith("/games/") else route.path)
    return paths


def test_every_route_has_a_probe(served: tuple[LoopCost, Table]) -> None:
    missing = set(routes(served[0])) - set(PROBES)
    assert not missing, f"routes without a probe of their loop cost: {sorted(missing)}"


@pytest.mark.parametrize("path", list(PROBES))
def test_no_route_holds_the_loop(served: tuple[LoopCost, Table], path: str) -> None:
    cost, table = served
    probe = PROBES[path]
    with httpx.Client(base_url=cost.base, timeout=120) as http:
        probe(http, table)  # what the process pays once
        held: list[float] = []
        for _ in range(TRIES):
            with cost.longest() as longest:
                probe(http, table)
            held.append(longest.seconds)
    # The least of the tries: what the route costs every time, not a collection of the
    # garbage that happened to fall in one of them.
    assert min(held) < BOUND_S, f"{path}: the loop was held {[f'{s * 1000:.1f} ms' for s in held]}"

