"""The largest frame a room sends is bounded (issue 20, item 2: one guesser grew every view of
the room to 145 KiB). For each game, hypothesis fills every list a player can grow with the most
the rules and limits let a client send, in the longest form (24-character names, 300-character
chat lines, 60-character written names, 100-character guesses, every claim, a hand drawn
without end), each character as many bytes as UTF-8 and JSON make it; no frame that any seat or
the TV receives may pass `messages.FRAME_BOUND` (docs/server.md, "Bounds")."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roomtable import Table

from tictac.games.time_bomb.rules import MAX_CLAIMS_PER_ROUND, claims
from tictac.games.time_bomb.table import CUT
from tictac.games.times_up.turns import MAX_GUESS, MAX_GUESSES_PER_TURN
from tictac.games.timos_twist.state import NOBODY
from tictac.rooms import Room, chat, joins, lobby
from tictac.rooms.messages import FRAME_BOUND
from tictac.rooms.names import MAX_NAME

CHAT = 300
WRITTEN = 60
# The widest characters a player may type: four bytes in UTF-8, or two once JSON escapes them.
WIDE = st.sampled_from(["\U0001f600", "\U0001d11e", '"', "\\", "é"])
LONGEST = settings(max_examples=2, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])


def text(size: int) -> st.SearchStrategy[str]:
    return st.text(WIDE, min_size=size, max_size=size)


class Frames:
    """A connection that keeps the size of the largest frame it was sent."""

    def __init__(self) -> None:
        self.largest = 0

    def send(self, *frames: str) -> None:
        self.largest = max(self.largest, *(len(frame.encode()) for frame in frames))

    def close(self, code: int) -> None:
        pass


async def seated(table: Table, game: str, players: int, names: list[str],
                 options: dict[str, Any]) -> tuple[Room, list[Frames], Frames]:
    """A room of `players` people with the longest names, a TV, everyone's chat line sent."""
    room, (token, _, _) = await table.manager.create(game, f"\U0001f600{names[0]}"[:MAX_NAME],
                                                options)
    tokens = [token]
    for seat in range(1, players):
        name = f"{chr(0x1F600 + seat)}{names[seat]}"[:MAX_NAME]
        tokens.append((await room.call(joins.join, room, name, False)).token)
    tv_token = (await room.call(joins.join, room, "T" * MAX_NAME, True)).token
    conns = [Frames() for _ in tokens]
    tv = Frames()
    for conn, seat_token in [*zip(conns, tokens, strict=True), (tv, tv_token)]:
        await room.call(room.connect, conn, seat_token)
    await room.call(lobby.run_op, room, conns[0], "start", {})
    for seat, conn in enumerate(conns):
        await room.call(chat.say, room, conn, names[seat] * (CHAT // len(names[seat])))
    return room, conns, tv


async def act(room: Room, conn: Frames, action: dict[str, Any]) -> None:
    await room.call(room.act, conn, action, 1)


def largest(conns: list[Frames], tv: Frames) -> int:
    return max(conn.largest for conn in [*conns, tv])


def bounded(game: Any) -> None:
    """Plays `game` (a coroutine function of a Table) on a fresh store: its largest frame
    stays under the bound (printed, for docs/server.md's figure: `pytest -s`)."""

    async def body() -> int:
        with tempfile.TemporaryDirectory() as tmp:
            async with Table(Path(tmp) / "rooms.sqlite3") as table:
                return int(await game(table))

    size = asyncio.run(body())
    print(f"largest frame of {game.__qualname__.split('.')[0]}: {size} bytes")
    assert size <= FRAME_BOUND


@pytest.mark.timeout(1200)  # a long game of twelve, its views of every name to everyone
@settings(LONGEST, max_examples=1)
@given(names=st.lists(text(MAX_NAME), min_size=12, max_size=12),
       written=st.lists(text(WRITTEN), min_size=12, max_size=12),
       wrong=text(MAX_GUESS - 1).map(lambda tail: "é" + tail))  # a guess has a letter
def test_times_up_frames_stay_bounded(names: list[str], written: list[str], wrong: str) -> None:
    """Twelve players write 20 names each; round 1 is won (so round 2's views know every name),
    then a turn of round 2 gets every guess it takes, each as long as a guess may be, half of
    them right (padded with articles), so the cluegiver may still overrule every one."""

    async def game(table: Table) -> int:
        options = {"pack": "players", "names_per_player": 20, "turn_seconds": 120}
        room, conns, tv = await seated(table, "times-up", 12, names, options)
        for seat, conn in enumerate(conns):
            await act(room, conn, {"type": "write", "names": [
                f"s{seat}n{index} {written[seat]}"[:WRITTEN] for index in range(20)]})
        state = room.state
        while state.round == 1:
            kind = "start" if state.phase == "waiting" else "found"
            await act(room, conns[state.cluegiver()], {"type": kind})
        for conn in conns:
            await act(room, conn, {"type": "ready"})
        await act(room, conns[state.cluegiver()], {"type": "start"})
        guesser = conns[state.guessers()[0]]
        while len(state.guesses) < MAX_GUESSES_PER_TURN:
            said = state.faces[state.in_hand].name
            right = ("the " * MAX_GUESS + said)[-MAX_GUESS:]
            await act(room, guesser, {"type": "guess", "text": right if len(state.guesses) % 2
                                      else wrong})
        return largest(conns, tv)

    bounded(game)


@LONGEST
@given(names=st.lists(text(MAX_NAME), min_size=8, max_size=8))
def test_time_bomb_frames_stay_bounded(names: list[str]) -> None:
    """Eight players, every seat saying all its claims in every round."""

    async def game(table: Table) -> int:
        room, conns, tv = await seated(table, "time-bomb", 8, names, {})
        state = room.state
        while state.team is None:
            for seat, conn in enumerate(conns):
                for _ in range(MAX_CLAIMS_PER_ROUND):
                    if claims(state, seat):
                        await act(room, conn, claims(state, seat)[-1])
            holder = state.holder
            target = next(t for t in range(8) if t != holder and any(
                wire != CUT for wire in state.rows[t]))
            position = next(p for p, wire in enumerate(state.rows[target]) if wire != CUT)
            await act(room, conns[holder], {"type": "cut", "target": target,
                                            "position": position})
        return largest(conns, tv)

    bounded(game)


@LONGEST
@given(names=st.lists(text(MAX_NAME), min_size=6, max_size=6))
def test_timos_twist_frames_stay_bounded(names: list[str]) -> None:
    """Six players drawing at every turn (`draw_anytime`), never playing, while the pile
    lasts: hands as big as the deck lets them grow."""

    async def game(table: Table) -> int:
        options = {"draw_anytime": True, "target_score": 500}
        room, conns, tv = await seated(table, "timos-twist", 6, names, options)
        state = room.state
        for _ in range(400):
            if state.winner != NOBODY or not state.pile:
                break
            seat = state.turn
            kinds = {action["type"] for action in room.game.legal_actions(state, seat)}
            action = {"type": "pass"} if "pass" in kinds else {"type": "draw"}
            await act(room, conns[seat], action)
        return largest(conns, tv)

    bounded(game)
