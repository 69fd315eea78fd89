"""Tables spread over the nodes of a cluster: made on one node, joined and played through the
others, and players who reconnect to another node whenever their socket closes."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import httpx
from scripted import QUICK, Player, start
from serverproc import PATIENCE_S
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tictac.cluster.services import Postgres, Redis
from tictac.engine import GAMES, LoggedAction, get_game
from tictac.store import SqlStore


@dataclass
class Services:
    """The PostgreSQL and Redis the cluster tests share (see conftest.py)."""

    postgres: Postgres
    redis: Redis


@dataclass
class Front:
    """An `Entry` on a port of this host: nginx in front of the topology's machines, or a node
    served in a test's own event loop."""

    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


class Entry(Protocol):
    """Where clients reach a cluster: a node (`ServerProcess`), or a load balancer in front."""

    @property
    def base(self) -> str: ...

    @property
    def ws_base(self) -> str: ...


def children(pid: int) -> list[int]:
    """A process's children: a supervisor's workers (and multiprocessing's resource tracker);
    none once it is gone."""
    with contextlib.suppress(OSError):
        return [int(child) for child in
                Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


# Timo's Twist games that outlast a test: a fast machine plays a short game out while a fault
# is still being injected, leaving nothing to play on after it.
LASTING = {"target_score": 10_000, "timo_grace_ms": 0}


async def post(http: httpx.AsyncClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """A create or a join, tried again while the cluster answers 503 `room_unavailable` or
    `store_failed` ("try again"), as a client is told to: after a Redis restart a node hears its
    bus again only once it has subscribed anew (about a second), and a node on a starved
    machine may find its database late for a moment, and says 503 until then."""
    deadline = time.monotonic() + PATIENCE_S
    while (answer := await http.post(url, json=body)).status_code == 503:
        assert answer.json()["code"] in ("room_unavailable", "store_failed"), answer.text
        assert time.monotonic() < deadline, answer.text
        await asyncio.sleep(0.2)
    assert answer.status_code in (200, 201), answer.text
    said: dict[str, Any] = answer.json()
    return said


async def spread_table(nodes: Sequence[Entry], game: str, players: int, *, made_on: int = 0,
                       spectators: int = 0, options: dict[str, Any] | None = None,
                       ) -> tuple[str, list[Player], list[Player]]:
    """A room made on `nodes[made_on]`; everyone else joins through the next nodes in turn and
    connects to a node of their own (seat i to node made_on + i), so most frames are relayed."""
    count = len(nodes)
    async with httpx.AsyncClient(timeout=30) as http:
        made = await post(http, nodes[made_on].base + "/api/rooms", {
            "game": game, "name": "P0", "options": QUICK[game] if options is None else options})
        code, joined = made["code"], [made]
        for index in range(1, players + spectators):
            through = nodes[(made_on + index) % count]
            answer = await post(http, f"{through.base}/api/rooms/{code}/join",
                                {"name": f"P{index}", "spectator": index >= players})
            joined.append(answer)
    everyone = [Player(nodes[(made_on + index) % count].ws_base, code, j["token"],
                       j["seat"] if index < players else None, game)
                for index, j in enumerate(joined)]
    for player in everyone:
        await player.connect()
        await player.until("room")
    return code, everyone[:players], everyone[players:]


async def reconnect(player: Player, bases: list[str]) -> None:
    """To the next node of `bases` that takes the connection (the list may shrink meanwhile)."""
    for attempt in range(200):
        player.ws_base = bases[attempt % len(bases)]
        try:
            await player.connect()
            return
        # a node that cannot serve (deaf to its bus) may take the socket and close it at once
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
            await asyncio.sleep(0.1)
    raise AssertionError(f"player of seat {player.seat} found no node to reconnect to")


async def play_on(player: Player, bases: list[str], timeout: float = 15) -> bool:
    """Plays the seat to the game's end through whatever node answers: a closed socket (its node
    died, or the room moved), or one silent for `timeout`, is followed by a new connection with
    the same token."""
    try:
        while True:
            try:
                return await player.play(timeout=timeout)
            except (ConnectionClosed, OSError):
                if player.closed_at is None:
                    player.closed_at = time.monotonic()
                await reconnect(player, bases)
    except BaseException as failure:  # told by a stalled room's failure message
        player.stopped = repr(failure)
        raise


async def made_with_a_client(node: Entry, bases: list[str]) -> tuple[str, Player]:
    """A room made on `node`, its maker connecting there (`stay` keeps it connected)."""
    async with httpx.AsyncClient(timeout=30) as http:
        made = await post(http, node.base + "/api/rooms", {"game": "time-bomb", "name": "P0"})
    player = Player(node.ws_base, made["code"], made["token"], made["seat"], "time-bomb")
    await reconnect(player, [node.ws_base, *bases])
    return made["code"], player


async def stay(player: Player, bases: list[str]) -> None:
    """Connected for good: a closed socket (the room moved) is followed by a new connection,
    which makes the room's new owner take it."""
    while True:
        try:
            await player.recv(3600)
        except ConnectionClosed:
            await reconnect(player, bases)


async def replay_steps(node: Entry, code: str, token: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(timeout=30) as http:
        answer = await http.get(f"{node.base}/api/rooms/{code}/replay",
                                headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    steps: list[dict[str, Any]] = answer.json()["steps"]
    return steps


def check_acks(players: list[Player], steps: list[dict[str, Any]]) -> int:
    """Every acknowledged action is in the log at the version its ack gave; returns how many.
    Two owners appending to one room would acknowledge two actions at one version: at most one
    of them can match the log."""
    checked = 0
    for player in players:
        for version, seat, action in player.acks:
            assert (steps[version]["seat"], steps[version]["action"]) == (seat, action)
            checked += 1
    return checked


def acked(players: list[Player]) -> int:
    return sum(len(player.acks) for player in players)


async def until_acks(players: list[Player], count: int, playing: list[asyncio.Task[bool]]) -> None:
    while acked(players) < count:
        assert not all(task.done() for task in playing), "the games ended too early"
        await asyncio.sleep(0.02)


async def none_acknowledged_while_down(players: list[Player], bound_s: float) -> None:
    """Called once the database is down: the servers answer `store_failed` (within `bound_s`),
    and for the 2 s after, no action sent since the database went down is acknowledged. (An
    action sent before may still be acknowledged, however late its ack: it may have been
    committed before the stop.)"""
    sent_before = [player.next_id for player in players]
    deadline = time.monotonic() + bound_s
    while not any(error["code"] == "store_failed" for player in players
                  for error in player.errors):
        assert time.monotonic() < deadline, "no store_failed while the database was down"
        await asyncio.sleep(0.05)
    await asyncio.sleep(2)
    late = [player.describe() for player, first_after in zip(players, sent_before, strict=True)
            if player.last_acked_id >= first_after]
    assert not late, f"an action was acknowledged while the database was down: {late}"


async def until_each_room_acts(tables: list[list[Player]], bound_s: float) -> list[float]:
    """Seconds from the call until each table acknowledged an action sent after the call (an
    ack in flight then may come from an owner that has just died)."""
    began = time.monotonic()
    sent_before = [[player.next_id for player in seated] for seated in tables]
    acted: dict[int, float] = {}
    while len(acted) < len(tables):
        now = time.monotonic() - began
        acted.update({index: now for index, seated in enumerate(tables) if index not in acted
                      and any(player.last_acked_id >= first for player, first
                              in zip(seated, sent_before[index], strict=True))})
        stopped = [player for seated in tables for player in seated if player.stopped]
        assert not stopped, "a player stopped playing:\n" + "\n".join(
            f"  room {player.code}: {player.describe()}" for player in stopped)
        assert now < bound_s, f"a room made no action in {bound_s:g} s:\n" + "\n".join(
            f"  room {seated[0].code}: " + "; ".join(player.describe() for player in seated)
            for index, seated in enumerate(tables) if index not in acted)
        await asyncio.sleep(0.02)
    return [acted[index] for index in range(len(tables))]


def _counted(results: dict[str, Any]) -> int:
    """The votes the audience's results count, whatever the game."""
    if results["kind"] == "funniest":
        return sum(row["votes"] for row in results["rounds"])
    votes: int = results["votes"]
    return votes


async def vote_and_watch(spectator: Player, timeout: float = 15) -> int:
    """A member of the audience votes on the first ballot it hears (through its node's relay),
    then watches to the end; returns the votes the audience's results count, having checked
    that they count its vote if, and only if, the owner took it (its `yours` came back). The
    answer to a vote may come after the game's end (a relay on a loaded machine): it is waited
    for. A spectator that heard no open ballot before the end voted on nothing."""
    sent = taken = refused = False
    over, results = False, None
    while not over or results is None or (sent and not (taken or refused)):
        message = await spectator.recv(timeout)
        if message["type"] == "view":
            over = over or message["view"]["over"]
        elif message["type"] == "error":
            assert message["code"] == "no_ballot", message  # closed before the vote came
            refused = True
        elif message["type"] == "audience":
            ballot, results = message["audience"]["ballot"], message["audience"]["results"]
            taken = taken or message.get("yours") is not None
            if ballot and not sent:
                sent = True
                await spectator.send({"type": "vote", "ballot": ballot["key"],
                                      "choice": ballot["choices"][0]["id"]})
    assert not (taken and refused)
    assert _counted(results) == int(taken)
    return int(taken)


async def play_every_game(nodes: Sequence[Entry]) -> None:
    """A table of each game made on the nodes in turn, its players and a spectator spread over
    them, played to the end; every ack and every view the spectator saw is the log's. The
    spectator votes as the audience does, and no player hears a vote."""
    tables = [await spread_table(nodes, name, get_game(name).MIN_PLAYERS,
                                 made_on=index % len(nodes), spectators=1)
              for index, name in enumerate(sorted(GAMES))]
    assert {player.ws_base for _, seated, _ in tables for player in seated} == \
        {node.ws_base for node in nodes}
    for _, seated, _ in tables:
        await start(seated[0])
    played = asyncio.gather(*(player.play() for _, seated, _ in tables for player in seated))
    voted = asyncio.gather(*(vote_and_watch(spectator) for _, _, [spectator] in tables))
    assert all(await played)
    assert sum(await voted) >= 1  # a vote went through a relay and was counted
    assert not any("yours" in message for _, seated, _ in tables for player in seated
                   for message in player.received)
    for index, (code, seated, [spectator]) in enumerate(tables):
        # asked of a node that does not own the room: the replay is relayed too
        steps = await replay_steps(nodes[(index + 2) % len(nodes)], code, spectator.token)
        assert steps[-1]["view"]["over"] is True
        assert check_acks(seated, steps) == len(steps) - 1
        for version, view in spectator.views:  # what a relayed spectator saw is the log's
            assert view == steps[version]["view"]
    for _, seated, spectators in tables:
        for player in [*seated, *spectators]:
            await player.close()


Playing = tuple[list[tuple[str, list[Player]]], list[Player], list[str], list[asyncio.Task[bool]]]


async def play_tables(nodes: Sequence[Entry], count: int, made_on: int | None = None,
                      ) -> Playing:
    """`count` long Timo's Twist tables made on the nodes in turn (or all on `made_on`), being
    played through every node: the tables, their players, the nodes' WebSocket addresses the
    players reconnect to, and the players' tasks."""
    tables = []
    for index in range(count):
        code, seated, _ = await spread_table(
            nodes, "timos-twist", 3, made_on=index % len(nodes) if made_on is None else made_on,
            options=LASTING)
        await start(seated[0])
        tables.append((code, seated))
    players = [player for _, seated in tables for player in seated]
    bases = [node.ws_base for node in nodes]
    return tables, players, bases, [asyncio.create_task(play_on(player, bases))
                                    for player in players]


async def end_and_check(services: Services, tables: list[tuple[str, list[Player]]],
                        playing: list[asyncio.Task[bool]]) -> int:
    """Stops the players, then checks every acknowledged action against the room's log as
    stored (a replay shows no actions while a game is on); returns how many were checked."""
    for task in playing:
        task.cancel()
    await asyncio.gather(*playing, return_exceptions=True)
    for _, seated in tables:
        for player in seated:
            await player.close()
    checked = 0
    for (_, seated), stored in zip(tables, await stored_logs(services, tables), strict=True):
        steps = [{"seat": None, "action": None}, *(
            {"seat": entry.seat, "action": entry.action} for entry in stored)]
        checked += check_acks(seated, steps)
    return checked


async def stored_logs(services: Services, tables: list[tuple[str, list[Player]]],
                      ) -> list[list[LoggedAction]]:
    """Each table's first game's log as stored."""
    store = await SqlStore.open(services.postgres.url)
    try:
        logs = []
        for code, _ in tables:
            stored = await store.load_game(code, 0)
            assert stored is not None
            logs.append(stored.log)
        return logs
    finally:
        await store.close()


async def moves_nobody_sent(services: Services, tables: list[tuple[str, list[Player]]],
                            ) -> list[str]:
    """The stored actions of a seat that its player never sent: a stand-in's moves (every seat
    of these tables is played by a client that reconnects whenever its socket closes)."""
    found = []
    for (code, seated), stored in zip(tables, await stored_logs(services, tables), strict=True):
        players = {player.seat: player for player in seated}
        for index, entry in enumerate(stored, start=1):
            if entry.seat in players and entry.action not in players[entry.seat].sent.values():
                found.append(f"room {code} v{index}: seat {entry.seat} {entry.action}")
    return found
