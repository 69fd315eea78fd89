"""A game played through a server the tests reach only by its address (a container's)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from scripted import Player, open_table, start
from serverproc import PATIENCE_S


def healthy(base: str) -> None:
    """Once `/healthz` answers at `base` (a container starts slowly on a busy machine)."""
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{base} did not answer /healthz in {PATIENCE_S:.0f} s")


# The server in a container runs with the default --rate (20 messages a second per socket),
# which bots moving flat out pass on a busy machine (bunched views, then their moves at once).
PACE_S = 0.1


def paced(player: Player) -> Player:
    """`player` making one move a PACE_S at most."""
    act = player.act

    async def paced_act(action: dict[str, Any]) -> int:
        await asyncio.sleep(PACE_S)
        return await act(action)

    player.act = paced_act  # type: ignore[method-assign]
    return player


async def play_a_game(base: str, ws_base: str) -> tuple[str, str]:
    """A game of Timo's Twist played to its end by three bots over HTTP and WebSocket, within
    the default rate; the room's code and its host's token."""
    code, seated, _ = await open_table(base, ws_base, "timos-twist", 3,
                                       options={"target_score": 30, "timo_grace_ms": 0})
    seated = [paced(player) for player in seated]
    await start(seated[0])
    assert all(await asyncio.gather(*(player.play(timeout=60) for player in seated)))
    for player in seated:
        await player.close()
    return code, seated[0].token


async def the_game_is_over(base: str, code: str, token: str) -> bool:
    """Whether the room `code` is there with its game's replay played to the end."""
    async with httpx.AsyncClient(base_url=base) as http:
        answer = await http.get(f"/api/rooms/{code}/replay",
                                headers={"Authorization": f"Bearer {token}"})
    return answer.status_code == 200 and bool(answer.json()["steps"][-1]["view"]["over"])
