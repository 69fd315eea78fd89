"""`tictac serve --log-format json`: a real server logs every line as a JSON object, one per
request and per WebSocket, one per room event (created, game started, game over), and none of
them holds a token, a player's name or a chat line, though the server handled all three."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from scripted import Player, open_table, start
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(180)

NAME = "Zébulon Secretname"
CHAT = "rendez-vous chez Secretchat"


async def test_json_lines_say_requests_and_room_events_without_tokens_or_words(
        tmp_path: Path) -> None:
    output = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "rooms.sqlite3", "--log-level", "info",
                           "--log-format", "json", output=output).start()
    try:
        code, seated, _ = await open_table(server.base, server.ws_base, "timos-twist", 3,
                                           options={"target_score": 30, "timo_grace_ms": 0})
        async with httpx.AsyncClient(base_url=server.base) as http:
            joined = (await http.post(f"/api/rooms/{code}/join", json={
                "name": NAME, "spectator": True})).json()
            # a token in a query string, where no client sends it, is not logged either
            await http.get(f"/api/rooms/{code}", params={"token": joined["token"]})
        watcher = await Player(server.ws_base, code, joined["token"], None,
                               "timos-twist").connect()
        await watcher.until("room")
        await watcher.send({"type": "chat", "text": CHAT})
        await start(seated[0])
        assert all(await asyncio.gather(*(player.play(timeout=60) for player in seated)))
        await watcher.close()
    finally:
        server.stop()
    text = output.read_text()
    tokens = [player.token for player in seated] + [joined["token"]]
    for secret in (*tokens, NAME, "Secretname", "Secretchat"):
        assert secret not in text
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert all({"time", "level", "logger"} <= line.keys() for line in lines)
    # Every line the server wrote once it set its logging up is a JSON object.
    started = next(i for i, line in enumerate(text.splitlines()) if line.startswith("{"))
    assert all(line.startswith("{") for line in text.splitlines()[started:]
               if not line.startswith(("tictac is serving", "Open it", " ")))
    requests = [line for line in lines if line.get("event") == "request"]
    assert {"method": "POST", "path": "/api/rooms", "status": 201}.items() <= \
        next(line for line in requests if line["path"] == "/api/rooms").items()
    assert any(line["path"] == f"/api/rooms/{code}" for line in requests)
    assert any(line.get("event") == "websocket" and line["path"] == f"/ws/{code}"
               for line in lines)
    events = [(line["event"], line.get("index")) for line in lines
              if line.get("room") == code and line.get("event", "").startswith(("room", "game"))]
    assert events == [("room_created", None), ("game_started", 0), ("game_over", 0)]
