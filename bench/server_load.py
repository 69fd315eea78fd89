"""Server load: 200 rooms x 5 clients over real WebSockets playing Timo's Twist flat out against
`tictac serve` in its own process, and, in the same run, a bare fan-out server on the same stack
(uvicorn + websockets-sansio + uvloop + Starlette: receive one message, send it to the room's 5
sockets) as the limit. Both are driven by the same client loop, with and without per-message
deflate.

    uv run python bench/server_load.py [--rooms 200] [--seconds 8] [--paced-rate 250] [--paced-only]

Prints actions/s, p50/p99 latency from sending an action to the moment all 5 clients have the
resulting view, the server's memory per room, and the ratios to the bare server. Each action
carries an id, as the web client's do, so tictac acknowledges every one (the bare server sends
no ack); an ack with another id than the action its player sent last is counted as an error,
and the acks per second are printed beside the actions.

Flat out, every room always has an action in flight, so the latency measured is mostly time
spent queueing in an overloaded server. A second, paced pair of runs (deflate off) measures the
latency a table sees when the server is not saturated: each acting client first waits a random
0 to 2 x rooms/rate seconds, so the rooms together offer about `--paced-rate` actions/s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import uvloop

from tictac.cluster.services import free_port
from ws_client import Client, OnText

SEATS = 5
# How the two messages the players read begin: the number that follows is all they need of them.
VIEW = '{"type":"view","version":'
ACK = '{"type":"ack","id":'
TO_ACT = re.compile(r'"to_act":\[(\d+)')
TICTAC = str(Path(sys.executable).with_name("tictac"))


# -- the bare fan-out server (run by this same file in a subprocess) ---------------------------


def bare_app() -> object:
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    rooms: dict[str, list[WebSocket]] = {}

    async def relay(websocket: WebSocket) -> None:
        await websocket.accept()
        peers = rooms.setdefault(websocket.path_params["room"], [])
        peers.append(websocket)
        try:
            while True:
                text = await websocket.receive_text()
                for peer in peers:
                    await peer.send_text(text)
        except WebSocketDisconnect:
            peers.remove(websocket)

    return Starlette(routes=[WebSocketRoute("/ws/{room}", relay)])


def serve_bare(port: int, deflate: bool) -> None:
    import uvicorn

    uvicorn.run(bare_app(), host="127.0.0.1", port=port, loop="uvloop", http="httptools",  # type: ignore[arg-type]
                ws="websockets-sansio", ws_per_message_deflate=deflate, log_level="warning")


# -- measurement -------------------------------------------------------------------------------


@dataclass
class Table:
    """One room as the clients see it: each action in flight, by the version it makes, with
    when it was sent and how many of the room's clients have seen that version. Counted by
    version: the next action is often sent (by the seat its view reached first) before the
    other clients have this one's view, and it must not reset this one's count (issue 23)."""

    sent_at: dict[int, float] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)


@dataclass
class Run:
    measuring: bool = False
    think_s: float = 0.0  # mean wait of the acting client before it sends (0: flat out)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    actions: int = 0
    acks: int = 0  # of the actions sent, by the ids they were sent with
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    view_bytes: list[int] = field(default_factory=list)

    def delivered(self, table: Table, version: int) -> None:
        if version not in table.sent_at:
            return
        seen = table.seen[version] = table.seen.get(version, 0) + 1
        if seen == SEATS:
            sent_at = table.sent_at.pop(version)
            del table.seen[version]
            if self.measuring:
                self.actions += 1
                self.latencies.append(time.perf_counter() - sent_at)


def player(seat: int, table: Table, run: Run, choose: Callable[[str, int], str | None]) -> OnText:
    """What one client does with each message; only the seat to act parses its view fully (that
    is all a real phone needs to do at once, and it keeps the client side from being the
    bottleneck). An ack must carry the id of the action this seat sent last: any other is
    counted with the errors."""
    loop = asyncio.get_running_loop()
    sent_id = 0

    def send(client: Client, version: int, action: str) -> None:
        nonlocal sent_id
        sent_id = version + 1
        table.sent_at[sent_id] = time.perf_counter()
        client.send(action)

    def on_text(client: Client, text: str) -> None:
        if text.startswith(VIEW):
            version = int(text[len(VIEW):text.index(",", len(VIEW))])
        elif text.startswith(ACK):  # (its version is the view's, which follows)
            if int(text[len(ACK):text.index(",", len(ACK))]) != sent_id:
                run.errors += 1
            elif run.measuring:
                run.acks += 1
            return
        elif text.startswith('{"type":"error"'):
            run.errors += 1
            client.send('{"type":"sync"}')
            return
        else:
            return
        run.delivered(table, version)
        if run.measuring and len(run.view_bytes) < 2000:
            run.view_bytes.append(len(text))
        acting = TO_ACT.search(text)
        if acting is None or int(acting.group(1)) != seat:
            return
        action = choose(text, version)
        if action is None:
            return
        if run.think_s:
            loop.call_later(run.rng.uniform(0, 2 * run.think_s), send, client, version, action)
        else:
            send(client, version, action)

    return on_text


def game_choice(rng: random.Random) -> Callable[[str, int], str | None]:
    def choose(text: str, version: int) -> str | None:
        view = orjson.loads(text)["view"]
        if view["over"] or not view["legal"]:
            return None
        # With an id, as the web client sends every action: the server acknowledges it.
        return orjson.dumps({"type": "action", "action": rng.choice(view["legal"]),
                             "id": version + 1}).decode()

    return choose


def bare_choice(seat: int, pad: str) -> Callable[[str, int], str | None]:
    def choose(text: str, version: int) -> str | None:
        following = (seat + 1) % SEATS
        return f'{{"type":"view","version":{version + 1},"to_act":[{following}],"pad":"{pad}"}}'

    return choose


async def measure(clients: list[Client], run: Run, warmup: float,
                  seconds: float, pid: int, rss_before: int, rooms: int) -> dict[str, float]:
    """`pid`: the server's process, with its worker processes if it has any."""
    await asyncio.sleep(warmup)
    run.measuring = True
    started, server_cpu, client_cpu = time.perf_counter(), cpu_s(pid), time.process_time()
    await asyncio.sleep(seconds)
    run.measuring = False
    elapsed = time.perf_counter() - started
    server_cpu, client_cpu = cpu_s(pid) - server_cpu, time.process_time() - client_cpu
    rss = rss_kib(pid)
    for client in clients:
        client.close()
    lat = sorted(run.latencies) or [float("nan")]
    return {
        "actions_per_s": run.actions / elapsed,
        "p50_ms": 1000 * lat[len(lat) // 2],
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
        "kib_per_room": (rss - rss_before) / rooms,
        "view_bytes": statistics.mean(run.view_bytes) if run.view_bytes else 0.0,
        "errors": run.errors,
        "acks_per_s": run.acks / elapsed,
        "server_cpu": server_cpu / elapsed,
        "client_cpu": client_cpu / elapsed,
    }


# -- the two servers under the same load -------------------------------------------------------


def family(pid: int) -> list[int]:
    """The process and its children (a server's workers)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(int(child) for child in children)]


def cpu_times(pid: int) -> tuple[float, float]:
    """CPU seconds the process and its children have used: (user, system)."""
    user = system = 0
    for member in family(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
            user += int(fields[11])
            system += int(fields[12])
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


def cpu_s(pid: int) -> float:
    """CPU seconds the process and its children have used (user + system)."""
    return sum(cpu_times(pid))


def rss_kib(pid: int) -> int:
    total = 0
    for member in family(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def settled_rss_kib(pid: int, limit_s: float = 20.0) -> int:
    """The RSS of a server that has just started, once it stops growing (tictac loads its word
    lists beside its first rooms): the baseline a room's memory is counted from."""
    readings, deadline = [rss_kib(pid)], time.monotonic() + limit_s
    while time.monotonic() < deadline:
        time.sleep(1.0)
        readings.append(rss_kib(pid))
        # steady for two seconds (a loaded machine was seen to pause the loading for one)
        if len(readings) >= 3 and max(readings[-3:]) - min(readings[-3:]) < 256:  # KiB
            break
    return readings[-1]


def wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120  # a start on a loaded machine was seen to take 45 s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("server exited at start")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("server did not start")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


async def connect_all(urls: list[str], players: list[OnText], deflate: bool,
                      tokens: list[str | None] | None = None) -> list[Client]:
    """`tokens[i]`: the place's token url `i` says hello with (none for the bare relay)."""
    clients, tokens = [], tokens or [None] * len(urls)
    for start in range(0, len(urls), 100):  # in waves, so the listen backlog never overflows
        clients += await asyncio.gather(*(
            Client.connect(url, on_text, deflate, token) for url, on_text, token
            in zip(urls[start:start + 100], players[start:start + 100],
                   tokens[start:start + 100], strict=True)))
    return clients


# After a run's measurement, before its server stops: (server process, port, rooms' tokens).
Then = Callable[[subprocess.Popen[bytes], int, dict[str, list[str]]], Awaitable[None]]
# Before a run's clients connect, once its rooms are made and joined: waits until the server is
# steady (a cluster's rooms spread over its nodes), given the rooms' codes.
Settle = Callable[[list[str]], Awaitable[None]]


def tictac_command(port: int, folder: str, deflate: bool = False) -> list[str]:
    """`tictac serve` as the benches run it, its database a file in `folder`."""
    return [TICTAC, "serve", "--port", str(port), "--db", f"{folder}/bench.sqlite3",
            "--bot-pause-ms", "0", "--rate", "1000", "--log-level", "warning",
            # the bench's 200 rooms and 800 joins all come from 127.0.0.1
            "--create-burst", "100000", "--join-burst", "100000",
            "--deflate", "on" if deflate else "off"]


async def join(http: httpx.AsyncClient, code: str, name: str) -> str:
    """A seat's token; a join answered 503 (a cluster's room moving between its nodes) is
    asked again."""
    while True:
        joined = await http.post(f"/api/rooms/{code}/join", json={"name": name})
        if joined.status_code != 503:
            token: str = joined.raise_for_status().json()["token"]
            return token
        await asyncio.sleep(0.1)


async def game_run(args: argparse.Namespace, deflate: bool, think_s: float = 0.0, *,
                   serve: tuple[str, ...] = (), then: Then | None = None,
                   settle: Settle | None = None, wrap: tuple[str, ...] = ()) -> dict[str, float]:
    """`serve`: more arguments of `tictac serve` (another database, a cluster); `wrap`: a
    command that execs the server (`taskset -c 0`)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        process = subprocess.Popen([*wrap, *tictac_command(port, tmp, deflate), *serve],
                                   stdout=subprocess.DEVNULL)
        try:
            wait_listening(port, process)
            rss_before = settled_rss_kib(process.pid)
            base = f"http://127.0.0.1:{port}"
            options = {"target_score": 10000, "timo_grace_ms": 0}
            # A connection per request: with several workers on one port, each request may
            # reach another worker, so the rooms are spread over them as a crowd would spread them.
            async with httpx.AsyncClient(base_url=base, timeout=30, limits=httpx.Limits(
                    max_keepalive_connections=0)) as http:
                made = [(await http.post("/api/rooms", json={
                    "game": "timos-twist", "name": "P0", "options": options})).json()
                    for _ in range(args.rooms)]
                tokens = [[m["token"]] for m in made]
                for seat in range(1, SEATS):
                    for m, room_tokens in zip(made, tokens, strict=True):
                        room_tokens.append(await join(http, m["code"], f"P{seat}"))
            if settle is not None:
                await settle([m["code"] for m in made])
            urls = [f"ws://127.0.0.1:{port}/ws/{m['code']}"
                    for m, room_tokens in zip(made, tokens, strict=True) for _ in room_tokens]
            hellos: list[str | None] = [token for room_tokens in tokens for token in room_tokens]
            run, rng = Run(think_s=think_s), random.Random(5)
            players = [player(seat, table, run, game_choice(rng)) for table in
                       [Table() for _ in made] for seat in range(SEATS)]
            clients = await connect_all(urls, players, deflate, hellos)
            for host in clients[::SEATS]:
                host.send('{"type":"lobby","op":"start"}')
            result = await measure(clients, run, args.warmup, args.seconds, process.pid,
                                   rss_before, args.rooms)
            if then is not None:
                await then(process, port, {m["code"]: room_tokens for m, room_tokens
                                           in zip(made, tokens, strict=True)})
            return result
        finally:
            stop(process)


async def bare_run(args: argparse.Namespace, deflate: bool, pad: int,
                   think_s: float = 0.0) -> dict[str, float]:
    port = free_port()
    process = subprocess.Popen([sys.executable, __file__, "--bare-port", str(port),
                                "--deflate", "on" if deflate else "off"])
    try:
        wait_listening(port, process)
        rss_before = settled_rss_kib(process.pid)
        urls = [f"ws://127.0.0.1:{port}/ws/{room}" for room in range(args.rooms)
                for _ in range(SEATS)]
        run, padding = Run(think_s=think_s), "x" * pad
        players = [player(seat, table, run, bare_choice(seat, padding)) for table in
                   [Table() for _ in range(args.rooms)] for seat in range(SEATS)]
        clients = await connect_all(urls, players, deflate)
        for first in clients[::SEATS]:
            first.send(f'{{"type":"view","version":0,"to_act":[0],"pad":"{padding}"}}')
        return await measure(clients, run, args.warmup, args.seconds, process.pid, rss_before,
                             args.rooms)
    finally:
        stop(process)


def report(name: str, result: dict[str, float]) -> None:
    print(f"{name:<26} {result['actions_per_s']:>9,.0f} actions/s "
          f"{SEATS * result['actions_per_s']:>9,.0f} sends/s  p50 {result['p50_ms']:6.1f} ms  "
          f"p99 {result['p99_ms']:6.1f} ms  {result['kib_per_room']:7.1f} KiB/room  "
          f"(msg {result['view_bytes']:.0f} B, errors {result['errors']:.0f}, acks "
          f"{result['acks_per_s']:,.0f}/s; CPU server "
          f"{result['server_cpu']:.0%}, {1000 * result['server_cpu'] / result['actions_per_s']:.2f}"
          f" ms/action, clients {result['client_cpu']:.0%})")


async def main(args: argparse.Namespace) -> None:
    print(f"{args.rooms} rooms x {SEATS} clients, {args.warmup:g} s warm-up, "
          f"{args.seconds:g} s measured per run, {os.cpu_count()} cores")
    if args.paced_only:  # a server's fixed cost per action, without the flat-out runs' minutes
        label = f"paced {args.paced_rate:g}/s"
        report(f"tictac serve, {label}", await game_run(args, False, args.rooms / args.paced_rate))
        return
    results = {}
    for deflate in (False, True):
        label = "deflate on" if deflate else "deflate off"
        game = await game_run(args, deflate)
        report(f"tictac serve, {label}", game)
        bare = await bare_run(args, deflate, pad=int(game["view_bytes"]))
        report(f"bare fan-out, {label}", bare)
        results[deflate] = (game, bare)
    for deflate, (game, bare) in results.items():
        label = "deflate on " if deflate else "deflate off"
        ratio = game["actions_per_s"] / bare["actions_per_s"]
        print(f"{label}: tictac actions / bare actions {ratio:.2f}; "
              f"tictac actions / bare sends {ratio / SEATS:.2f}")
    off, on = results[False][0], results[True][0]
    print(f"deflate on/off for tictac: {on['actions_per_s'] / off['actions_per_s']:.2f}")
    if args.paced_rate > 0:
        think_s = args.rooms / args.paced_rate
        label = f"paced {args.paced_rate:g}/s"
        report(f"tictac serve, {label}", await game_run(args, False, think_s))
        report(f"bare fan-out, {label}",
               await bare_run(args, False, int(off["view_bytes"]), think_s))


def load_parser(doc: str) -> argparse.ArgumentParser:
    """The arguments every load bench takes: how many rooms, and how long to warm up and measure."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    return parser


if __name__ == "__main__":
    parser = load_parser(__doc__)
    parser.add_argument("--paced-rate", type=float, default=250.0,
                        help="actions/s offered in the paced runs (0: skip them)")
    parser.add_argument("--paced-only", action="store_true",
                        help="only tictac's paced run")
    parser.add_argument("--bare-port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--deflate", default="off", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.bare_port:
        serve_bare(arguments.bare_port, arguments.deflate == "on")
    else:
        uvloop.run(main(arguments))
