"""A double tap on "found" (issue 39, item 5): two `found` from the cluegiver, each naming the
view it answers (`seen`), against a real `tictac serve`. The first wins the card shown; the
second names the same, now stale, view and is refused with `stale_view`, so no card is won
that the cluegiver never saw."""

from __future__ import annotations

import json
from typing import Any

from serverproc import ServerProcess
from test_guess_flood import answers_to, latest_view, running_turn
from test_ws_limits import drain


def answers(messages: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {m["id"]: m for m in messages if m["type"] in ("ack", "error") and "id" in m}


def test_a_second_found_on_the_same_view_is_refused(server: ServerProcess) -> None:
    _, _, _, sockets = running_turn(server)
    shown = [m for m in drain(sockets[0]) if m["type"] == "view"][-1]
    giver = shown["view"]["turn"]["cluegiver"]
    ws, version = sockets[giver], shown["version"]
    drain(ws)
    for msg_id in (1, 2):
        ws.send(json.dumps({"type": "action", "id": msg_id, "seen": version,
                            "action": {"type": "found"}}))
    got = drain(ws)
    by_id = answers(got)
    assert by_id[1]["type"] == "ack"
    assert by_id[2]["type"] == "error" and by_id[2]["code"] == "stale_view"
    team = shown["view"]["turn"]["team"]
    assert len(latest_view(got)["teams"][team]["found"]) == 1
    # The newer view's version makes the next tap count again.
    newest = [m for m in got if m["type"] == "view"][-1]["version"]
    ws.send(json.dumps({"type": "action", "id": 3, "seen": newest, "action": {"type": "found"}}))
    assert answers(drain(ws))[3]["type"] == "ack"
    for socket in sockets:
        socket.close()


def test_a_move_that_shows_nothing_ignores_seen(server: ServerProcess) -> None:
    """A typed guess is not about what its sender was shown: an old `seen` does not refuse it."""
    _, _, _, sockets = running_turn(server)
    view = latest_view(drain(sockets[0]))
    guesser = view["turn"]["guessers"][0]
    ws = sockets[guesser]
    drain(ws)
    ws.send(json.dumps({"type": "action", "id": 1, "seen": 0,
                        "action": {"type": "guess", "text": "nobody at all"}}))
    assert [answer["type"] for answer in answers_to(ws, {1})] == ["ack"]
    for socket in sockets:
        socket.close()
