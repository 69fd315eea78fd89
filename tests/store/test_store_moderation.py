"""The instance admin's bans and audit log in every store: kept, read back, durable across a
reopened file, and an expired ban no longer read."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_store_contract import open_kind

from tictac.store import Store
from tictac.store.base import AuditEntry, Ban, Report


@pytest.fixture(params=["sqlalchemy", "sqlite3", "memory"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_kind(request.param, tmp_path / "log.sqlite3")
    yield opened
    await opened.close()


async def test_bans_are_kept_replaced_lifted_and_expire(store: Store) -> None:
    await store.save_ban(Ban("10.0.0.0/8", 5_000, "spam", 1_000))
    await store.save_ban(Ban("192.0.2.7/32", 9_000, "", 1_000))
    await store.save_ban(Ban("10.0.0.0/8", 7_000, "spam again", 2_000))  # replaces the first
    assert await store.load_bans(4_000) == [Ban("10.0.0.0/8", 7_000, "spam again", 2_000),
                                            Ban("192.0.2.7/32", 9_000, "", 1_000)]
    assert await store.load_bans(8_000) == [Ban("192.0.2.7/32", 9_000, "", 1_000)]
    await store.lift_ban("192.0.2.7/32")
    assert await store.load_bans(0) == [Ban("10.0.0.0/8", 7_000, "spam again", 2_000)]


async def test_the_audit_log_reads_newest_first(store: Store) -> None:
    entries = [AuditEntry(1_000 + i, "close_room", f"ROOM{i}", "bye", "127.0.0.1")
               for i in range(5)]
    for entry in entries:
        await store.save_audit(entry)
    assert await store.load_audit(3) == entries[::-1][:3]


@pytest.mark.parametrize("kind", ["sqlalchemy", "sqlite3"])
async def test_bans_and_audit_outlive_the_process(kind: str, tmp_path: Path) -> None:
    first = await open_kind(kind, tmp_path / "log.sqlite3")
    await first.save_ban(Ban("2001:db8::/32", 5_000, "", 1_000))
    await first.save_audit(AuditEntry(1_000, "ban", "2001:db8::/32"))
    await first.close()
    again = await open_kind("sqlite3" if kind == "sqlalchemy" else "sqlalchemy",
                            tmp_path / "log.sqlite3")
    try:
        assert await again.load_bans(0) == [Ban("2001:db8::/32", 5_000, "", 1_000)]
        assert await again.load_audit(10) == [AuditEntry(1_000, "ban", "2001:db8::/32")]
    finally:
        await again.close()


async def test_reports_wait_in_the_queue_until_resolved(store: Store) -> None:
    for i in range(3):
        await store.save_report(Report(1_000 + i, "ROOM", "chat", f"line {i}", "Bob", "ab12"))
    queue = await store.load_reports(10)
    assert [report.text for report in queue] == ["line 2", "line 1", "line 0"]
    assert len({report.id for report in queue}) == 3
    await store.resolve_report(queue[1].id, "dismissed")
    assert [report.text for report in await store.load_reports(10)] == ["line 2", "line 0"]
    assert await store.load_report(queue[1].id) == Report(
        1_001, "ROOM", "chat", "line 1", "Bob", "ab12", "dismissed", queue[1].id)
    assert await store.load_report(999) is None


@pytest.mark.parametrize("kind", ["sqlalchemy", "sqlite3"])
async def test_reports_outlive_the_process(kind: str, tmp_path: Path) -> None:
    first = await open_kind(kind, tmp_path / "log.sqlite3")
    await first.save_report(Report(1_000, "ROOM", "deck", "Nos noms", "QWERTY", "cd34"))
    await first.close()
    again = await open_kind("sqlite3" if kind == "sqlalchemy" else "sqlalchemy",
                            tmp_path / "log.sqlite3")
    try:
        assert await again.load_reports(10) == [
            Report(1_000, "ROOM", "deck", "Nos noms", "QWERTY", "cd34", "", 1)]
    finally:
        await again.close()
