"""Every game played to its end by scripted clients over real WebSockets against a real server
process; reconnection with the token; a token trying to act for another seat; spectators."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from scripted import Player, open_table, start, watch
from serverproc import ServerProcess

from tictac.engine import GAMES, get_game

pytestmark = pytest.mark.timeout(60)


async def finished_replay(server: ServerProcess, code: str, token: str,
                          seat: int | None) -> list[dict]:
    params = {} if seat is None else {"seat": seat}
    async with httpx.AsyncClient(base_url=server.base) as http:
        answer = await http.get(f"/api/rooms/{code}/replay", params=params,
                                headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    steps: list[dict] = answer.json()["steps"]
    return steps


def assert_views_match_replay(player: Player, steps: list[dict]) -> None:
    """Each view a client got is exactly view(state, its seat) at that version."""
    assert player.views
    for version, view in player.views:
        assert view == steps[version]["view"], f"seat {player.seat} view {version} differs"


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_game_is_played_to_its_end_over_websockets(
        server: ServerProcess, name: str) -> None:
    players = get_game(name).MIN_PLAYERS
    code, seated, [spectator] = await open_table(server.base, server.ws_base, name, players,
                                                 spectators=1)
    await start(seated[0])
    results = await asyncio.gather(*(player.play() for player in seated), watch(spectator))
    assert results[:players] == [True] * players
    steps = await finished_replay(server, code, spectator.token, None)
    assert steps[-1]["view"]["over"] is True
    assert_views_match_replay(spectator, steps)
    for player in seated:
        assert_views_match_replay(
            player, await finished_replay(server, code, player.token, player.seat))
        for version, seat, action in player.acks:  # every acknowledged action is in the log
            assert (steps[version]["seat"], steps[version]["action"]) == (seat, action)
    assert sum(len(player.acks) for player in seated) == len(steps) - 1
    for player in [*seated, spectator]:
        await player.close()


async def test_reconnecting_with_the_token_takes_the_seat_back(server: ServerProcess) -> None:
    code, (host, bea), _ = await open_table(server.base, server.ws_base, "timos-twist", 2)
    await start(host)
    first_half = asyncio.create_task(bea.play(stop_after_acks=3))
    host_task = asyncio.create_task(host.play())
    assert await first_half is False
    await bea.close()
    again = Player(server.ws_base, code, bea.token, bea.seat, "timos-twist", bot=bea.bot)
    await again.connect()
    room = await again.until("room")
    assert room["room"]["you"]["seat"] == 1 and not room["room"]["you"]["spectator"]
    view = await again.until("view")
    assert view["view"]["seat"] == 1 and view["version"] >= 3
    again.sent = bea.sent
    await again.send({"type": "sync"})  # the view above may be the one to answer: see it again
    assert await again.play() is True
    assert await host_task is True
    await again.close()
    await host.close()


async def test_a_token_never_acts_for_another_seat(server: ServerProcess) -> None:
    _, seated, _ = await open_table(server.base, server.ws_base, "time-bomb", 4,
                                    options={"first_holder": 2})
    await start(seated[0])
    views = [await player.until("view") for player in seated]
    holder_legal = views[2]["view"]["legal"]
    impostor = seated[0]
    await impostor.act(holder_legal[0])
    refusal = await impostor.until("error")
    assert refusal["code"] == "not_your_turn" and refusal["id"] == 1
    await impostor.send({"type": "action", "action": holder_legal[0], "seat": 2})
    assert (await impostor.until("error"))["code"] == "bad_message"
    await impostor.send({"type": "sync"})
    assert (await impostor.until("view"))["version"] == 0
    for player in seated:
        await player.close()


async def test_spectator_watches_chats_and_cannot_act(server: ServerProcess) -> None:
    _, seated, [tv] = await open_table(server.base, server.ws_base, "time-bomb", 4,
                                       spectators=1, options={"first_holder": 0})
    await start(seated[0])
    view = await tv.until("view")
    assert view["view"]["seat"] is None and view["view"]["legal"] == []
    cut = (await seated[0].until("view"))["view"]["legal"][0]
    await tv.act(cut)
    assert (await tv.until("error"))["code"] == "not_seated"
    await tv.send({"type": "lobby", "op": "kick", "seat": 1})
    assert (await tv.until("error"))["code"] == "not_host"
    await tv.send({"type": "chat", "text": "go left!"})
    line = await seated[3].until("chat")
    assert (line["seat"], line["name"], line["text"]) == (None, "P4", "go left!")
    await tv.send({"type": "ping", "t": 12.5})
    pong = await tv.until("pong")
    assert pong["t"] == 12.5 and pong["server_time"] > 0
    for player in [*seated, tv]:
        await player.close()
