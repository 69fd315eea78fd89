"""The word filter against its tables (tests/rooms/filter_tables.py; issue 39, item 2): each row
goes through the gate the room puts its kind of text through (a name or a chat line: `check`; a
written name or a typed guess: `check_action` with Time's Up's `WRITTEN`, as `Room.act` does).
The bypass table's two halves are reported (`-s` prints them); what still gets through is
listed here by name, so that a change in either direction shows. The innocent table must pass
whole."""

from __future__ import annotations

import pytest
from filter_tables import DEV, INNOCENT, TEST, Row

from tictac.engine import IllegalAction
from tictac.games import times_up
from tictac.rooms import wordfilter

# What the filter lets through, and why it does.
KNOWN_MISSES = {
    # "sh" beside "it", a short word of its own: read apart, as "shh it is a secret" must be
    ("chat", "en", "sh i t happens"),
    ("chat", "en", "sh it"),
    ("chat", "en", "such a tw at"),
    # a letter replaced by a star: read as a gap, never as a guessed letter
    ("name", "en", "c*nt"),
}


def through(row: Row) -> bool:
    """Whether the room would let `row` through with the filter on."""
    kind, _, text = row
    try:
        if kind in ("name", "chat"):
            wordfilter.check(True, text, kind)
        else:
            action = ({"type": "write", "names": ["Marie Curie", text]} if kind == "written"
                      else {"type": "guess", "text": text})
            wordfilter.check_action(True, times_up.WRITTEN, action)
    except IllegalAction as refusal:
        assert refusal.code == "filtered_word"
        return False
    return True


@pytest.mark.parametrize(("half", "rows"), [("development", DEV), ("test", TEST)])
def test_the_bypass_table_is_caught_but_its_known_misses(half: str, rows: list[Row]) -> None:
    assert len(DEV) + len(TEST) >= 100
    got_through = [row for row in rows if through(row)]
    by_kind = {kind: sum(row[0] == kind for row in got_through)
               for kind in ("name", "chat", "written", "guess")}
    print(f"{half} half: {len(got_through)} of {len(rows)} got through {by_kind}")
    assert set(got_through) == KNOWN_MISSES & set(rows)


def test_the_innocent_table_passes_whole() -> None:
    assert [row for row in INNOCENT if not through(row)] == []


def test_a_refused_written_name_is_named_by_its_place() -> None:
    action = {"type": "write", "names": ["Marie Curie", "Fils de put3", "Jean Moulin"]}
    with pytest.raises(IllegalAction) as refusal:
        wordfilter.check_action(True, times_up.WRITTEN, action)
    assert "name 2 of 3" in refusal.value.message
    assert "put3" not in refusal.value.message  # never repeated
