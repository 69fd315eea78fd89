"""A returning player is told what was done for their seat while they were away (issue 24,
item 4; docs/protocol.md, `while_away`): how many moves, with each of the latest moves' public
events, whether a stand-in bot, a turn timer or the host made them, and after a restart too."""

from __future__ import annotations

from roomtable import FakeConn, Table
from test_room_presence import _both_gone, _timo_with_bea
from test_room_restore import restart

from tictac.engine import LoggedAction
from tictac.rooms.away import KEPT_MOVES


def _moves_of(log: list[LoggedAction], seat: int, since: int = 0) -> int:
    return sum(1 for entry in log[since:] if entry.seat == seat)


async def test_a_returning_player_hears_what_the_stand_in_did_for_them(table: Table) -> None:
    room, watcher, token = await _both_gone(table)
    made = _moves_of(room.log, 3)
    assert made >= 1
    back = FakeConn()
    await room.call(room.connect, back, token)
    [told] = back.of("while_away")
    assert told["seat"] == 3 and told["moves"] == made
    assert len(told["events"]) == min(made, KEPT_MOVES)
    # The events are those everyone was shown for those moves: the watcher's views carry them.
    shown = [view["events"] for view in watcher.of("view") if view["events"]]
    assert all(events in shown for events in told["events"])
    assert [message["type"] for message in back.sent][-1] == "while_away"  # after room, view
    # A second device of the same person, or the same one again, is told nothing new.
    other = FakeConn()
    await room.call(room.connect, other, token)
    assert other.of("while_away") == []


async def test_nothing_is_told_when_nothing_was_done_for_the_seat(table: Table) -> None:
    room, host, bea, token = await _timo_with_bea(table)
    await room.call(room.disconnect, bea)
    back = FakeConn()
    await room.call(room.connect, back, token)
    assert back.of("while_away") == []
    assert host.of("while_away") == []


async def test_a_restart_counts_the_moves_made_since_it(table: Table) -> None:
    """Presence is runtime only: after a restart, moves count from the restored log."""
    room, _, token = await _both_gone(table)
    again = await restart(table)
    table.manager = again
    back_room = again.rooms[room.code]
    restored_at = len(back_room.log)
    first = FakeConn()
    await back_room.call(back_room.connect, first, token)
    assert first.of("while_away") == []  # back at once: nothing was made for them since
    await back_room.call(back_room.disconnect, first)
    await table.tick(back_room, table.settings.gone_after_s * 1000)
    await table.run(back_room, lambda: _moves_of(back_room.log, 3, restored_at) >= 1,
                    step_ms=100)
    back = FakeConn()
    await back_room.call(back_room.connect, back, token)
    [told] = back.of("while_away")
    assert told["moves"] == _moves_of(back_room.log, 3, restored_at)
