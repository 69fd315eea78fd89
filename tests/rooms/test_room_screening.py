"""Time's Up's screening of the written names in a room (docs/rulings.md, "Time's Up: screening
the written names"): each connection's view shows a name to the screener alone; a screener who
is gone hands the task on by the room's own move, so the table never waits for them; a
rewritten name passes the room's word filter."""

from __future__ import annotations

from roomtable import Table, refused
from tutable import NAMES, WRITTEN, seat_people


async def test_a_gone_screener_hands_the_screening_on_and_only_the_screener_sees_a_name(
        table: Table) -> None:
    people = await seat_people(table, {**WRITTEN, "screen_names": 0})
    room = people.room
    for seat in range(4):
        await people.write(seat)
    assert room.state.phase == "screen"
    assert people.conns[0].view()["view"]["screening"]["next"]["name"] == NAMES[2]
    for conn in people.conns[1:]:
        assert not any(name in str(conn.view()) for name in NAMES[2:8])
    await people.leave(0)
    await table.run(room, lambda: room.state.screening.screener != 0, step_ms=1000,
                    limit=60)
    assert room.state.screening.screener == 1 and room.log[-1].action == {
        "type": "pass_screening", "to": 1}
    assert people.conns[1].view()["view"]["screening"]["next"]["name"] == NAMES[2]


async def test_a_rewritten_name_passes_the_word_filter(table: Table) -> None:
    people = await seat_people(table, {**WRITTEN, "screen_names": 0})
    room, host = people.room, people.conns[0]
    for seat in range(4):
        await people.write(seat)
    await table.op(room, host, "set_word_filter", on=True)
    first = room.state.dealt[1][0]  # the first name seat 1 wrote
    await people.act(0, {"type": "screen", "card": first, "ok": False})
    logged = len(room.log)
    await refused("filtered_word", people.act(1, {"type": "rewrite", "card": first,
                                                  "name": "sale noir"}))
    assert len(room.log) == logged
    await people.act(1, {"type": "rewrite", "card": first, "name": "Zorro"})
    assert room.state.screening.pending[-1] == first


async def test_under_the_wait_policy_the_hosts_skip_hands_a_gone_screening_on(
        table: Table) -> None:
    people = await seat_people(table, {**WRITTEN, "screen_names": 1}, policy="wait")
    room, host = people.room, people.conns[0]
    for seat in range(4):
        await people.write(seat)
    await people.leave(1)
    await table.tick(room, 60_000)
    assert room.state.screening.screener == 1  # the room waits, as the host chose
    await table.op(room, host, "skip", seat=1)
    assert room.state.screening.screener == 2
    assert room.log[-1].action == {"type": "pass_screening", "to": 2}
