"""Backups that restore: `tictac backup` taken from a server while it plays, `tictac restore`
into an empty SQLite file and into an empty PostgreSQL, and each restored store served again:
the finished game's replay, the evening, the shared deck and the game in progress are back,
and that game plays on to its end with the tokens the players held. A backup holds no token
in clear; a PostgreSQL store is backed up by a logical export and restored into SQLite; a
restore into a store that holds rooms is refused; `tictac serve --backup-every` keeps the
latest `--backup-keep` backups beside the database."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from alembic import command
from scripted import Player, open_table, start
from serverproc import TICTAC, ServerProcess

from tictac.cluster.services import Postgres
from tictac.engine import LoggedAction
from tictac.rooms.places import token_hash
from tictac.store import DeckBounds, LiteStore, SqlStore, Store, StoredDeck
from tictac.store.base import AuditEntry, Ban, Report
from tictac.store.migrate import alembic_config

# No retention and no bound: every deck saved is kept, as a backup must find it.
ROOMY = DeckBounds(unused_before_ms=0, owner_bytes=1 << 40, total_bytes=1 << 40)

pytestmark = pytest.mark.timeout(300)

OPTIONS = {"target_score": 30, "timo_grace_ms": 0}
DECK = {"language": "fr", "title": "Les copains",
        "cards": [{"name": f"Copain {chr(65 + i)}", "about": ""} for i in range(12)]}
_databases = itertools.count()


def tictac(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TICTAC, *args], capture_output=True, text=True, timeout=120,
                          check=False)


def new_database(postgres: Postgres) -> str:
    name = f"restored{next(_databases)}"
    postgres.create_database(name)
    return postgres.url_of(name)


async def playing_until(players: list[Player], acks: int) -> list[asyncio.Task[bool]]:
    """The table playing (each seat a task) once its players hold `acks` acks between them."""
    playing = [asyncio.create_task(player.play(timeout=60)) for player in players]
    while sum(len(player.acks) for player in players) < acks:
        assert not any(task.done() for task in playing), "a player stopped early"
        await asyncio.sleep(0.05)
    return playing


async def stop(playing: list[asyncio.Task[bool]]) -> None:
    for task in playing:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def resumed(player: Player, base: str) -> Player:
    """The same seat, token and bot, on another server."""
    return Player(base, player.code, player.token, player.seat, player.game, bot=player.bot,
                  sent=player.sent, next_id=player.next_id, acks=player.acks)


async def test_a_backup_taken_while_playing_restores_into_sqlite_and_postgresql(
        tmp_path: Path, postgres: Postgres) -> None:
    live = ServerProcess(tmp_path / "live.sqlite3").start()
    try:
        # A finished game: its replay and the evening it opened.
        done_code, done, _ = await open_table(live.base, live.ws_base, "timos-twist", 3,
                                              options=OPTIONS)
        await start(done[0])
        assert all(await asyncio.gather(*(player.play(timeout=60) for player in done)))
        # A game in progress, left mid-way.
        _, seated, _ = await open_table(live.base, live.ws_base, "timos-twist", 3,
                                           options={**OPTIONS, "target_score": 150})
        await start(seated[0])
        await stop(await playing_until(seated, 10))
        for player in seated:
            await player.close()
        async with httpx.AsyncClient(base_url=live.base) as http:
            deck = (await http.post("/api/decks", json=DECK)).json()["code"]
        # The backup is taken while a third table plays on.
        _, busy, _ = await open_table(live.base, live.ws_base, "timos-twist", 3,
                                      options={**OPTIONS, "target_score": 10_000})
        await start(busy[0])
        playing = await playing_until(busy, 10)
        backup = tmp_path / "backup.sqlite3"
        made = await asyncio.to_thread(tictac, "backup", str(backup), "--db", str(live.db))
        assert made.returncode == 0, made.stderr
        await stop(playing)
    finally:
        live.stop()

    # No token in clear: each seat's is kept only as its hash, which a restore needs.
    kept = backup.read_bytes()
    for player in done + seated + busy:
        assert player.token.encode() not in kept
        assert token_hash(player.token).encode() in kept

    sqlite_target = tmp_path / "restored.sqlite3"
    for target in (str(sqlite_target), new_database(postgres)):
        restored = await asyncio.to_thread(tictac, "restore", str(backup), "--db", target)
        assert restored.returncode == 0, restored.stderr
        assert "3 rooms" in restored.stdout and "1 decks" in restored.stdout
        server = ServerProcess(target).start()  # type: ignore[arg-type]
        try:
            async with httpx.AsyncClient(base_url=server.base) as http:
                steps = (await http.get(f"/api/rooms/{done_code}/replay", headers={
                    "Authorization": f"Bearer {done[0].token}"})).json()["steps"]
                assert steps[-1]["view"]["over"]
                assert (await http.get(f"/api/decks/{deck}")).json() == {"code": deck, **DECK}
            host = await resumed(done[0], server.ws_base).connect()
            room = (await host.until("room"))["room"]
            assert room["evening"]["played"] == 1 and room["evening"]["games"]
            await host.close()
            watcher = await resumed(busy[0], server.ws_base).connect()  # taken mid-game
            assert (await watcher.until("room"))["room"]["status"] == "playing"
            await watcher.close()
            again = [await resumed(player, server.ws_base).connect() for player in seated]
            assert all(await asyncio.gather(*(player.play(timeout=60) for player in again)))
            for player in again:
                await player.close()
        finally:
            server.stop()


@contextlib.asynccontextmanager
async def lite(path: Path) -> AsyncIterator[LiteStore]:
    """The store of the SQLite file at `path`, closed afterwards."""
    store = await LiteStore.open(str(path))
    try:
        yield store
    finally:
        await store.close()


async def fill(store: Store) -> None:
    """Two rooms, one with a game and its log, and a shared deck."""
    await store.save_room("BCDF", "time-bomb", {"seats": [0, 1], "status": "lobby"}, 1, 0)
    await store.save_room("GHJK", "times-up", {"seats": [0], "status": "playing"}, 2, 3)
    await store.start_game("GHJK", 0, {"players": 4, "seed": "s"}, 3, "times-up",
                           {"seats": [0], "status": "playing", "é": "ü"}, 3)
    await asyncio.gather(*(store.append("GHJK", 0, seq, LoggedAction(seq % 4, {"n": seq}, seq))
                           for seq in range(1, 40)))
    await store.save_deck(StoredDeck("DECK42", "fr", "Un titre", [{"name": "Zoé", "about": ""}],
                                     7), ROOMY)


async def contents(store: Store) -> tuple[object, ...]:
    return (await store.load_rooms(), await store.load_game("GHJK", 0),
            await store.load_deck("DECK42"))


async def test_a_postgresql_store_is_exported_and_restored_into_sqlite(
        tmp_path: Path, postgres: Postgres) -> None:
    url = new_database(postgres)
    source = await SqlStore.open(url)
    try:
        await fill(source)
        before = await contents(source)
    finally:
        await source.close()
    backup = tmp_path / "pg.sqlite3"
    made = await asyncio.to_thread(tictac, "backup", str(backup), "--db", url)
    assert made.returncode == 0, made.stderr
    assert not Path(str(backup) + ".partial").exists()
    restored = await asyncio.to_thread(tictac, "restore", str(backup),
                                       "--db", str(tmp_path / "back.sqlite3"))
    assert restored.returncode == 0, restored.stderr
    async with lite(tmp_path / "back.sqlite3") as store:
        assert await contents(store) == before
    [room] = [dump for dump in before[0] if dump.code == "GHJK"]  # type: ignore[attr-defined]
    assert room.epoch == 3 and len(room.games[0].log) == 39


async def moderate(store: Store) -> None:
    """The instance admin's records: two bans, three audit lines, two reports (one settled)."""
    await store.save_ban(Ban("203.0.113.0/24", 1 << 50, "spam", 5))
    await store.save_ban(Ban("2001:db8::/32", 1 << 50, "", 6))
    for number in range(3):
        await store.save_audit(AuditEntry(10 + number, "ban", f"net{number}", "1 h", "::1"))
    await store.save_report(Report(20, "GHJK", "chat", "vilain", "Bob", "ab12"))
    await store.save_report(Report(21, "GHJK", "name", "Gros Mot", "", "ab12"))
    await store.resolve_report((await store.load_reports(1))[0].id, "dismissed")


async def moderation(store: Store) -> tuple[object, ...]:
    return (await store.load_bans(0), await store.load_audit(10), await store.load_reports(10))


async def test_the_bans_audit_log_and_reports_are_backed_up_and_restored(
        tmp_path: Path, postgres: Postgres) -> None:
    held = tmp_path / "held.sqlite3"
    async with lite(held) as store:
        await fill(store)
        await moderate(store)
        before = await moderation(store)
    assert [report.text for report in before[2]] == ["vilain"]  # type: ignore[attr-defined]
    backup = tmp_path / "backup.sqlite3"
    assert (await asyncio.to_thread(tictac, "backup", str(backup), "--db", str(held))
            ).returncode == 0
    pg = new_database(postgres)
    for target in (str(tmp_path / "restored.sqlite3"), pg):
        restored = await asyncio.to_thread(tictac, "restore", str(backup), "--db", target)
        assert restored.returncode == 0, restored.stderr
        store = await (SqlStore.open(target) if target == pg
                       else LiteStore.open(target))
        try:
            assert await moderation(store) == before
            # the store goes on numbering after the rows restored (PostgreSQL's sequences)
            await store.save_audit(AuditEntry(99, "lift_ban", "2001:db8::/32"))
            await store.save_report(Report(99, "GHJK", "deck", "Un titre", "DECK42"))
            assert [entry.at_ms for entry in await store.load_audit(2)] == [99, 12]
            assert len({report.id for report in await store.load_reports(10)}) == 2
        finally:
            await store.close()
    # a PostgreSQL store's own export holds them too
    again = tmp_path / "from-pg.sqlite3"
    assert (await asyncio.to_thread(tictac, "backup", str(again), "--db", pg)).returncode == 0
    async with lite(again) as store:
        assert (await store.load_bans(0)) == before[0]
        assert [entry.at_ms for entry in await store.load_audit(10)] == [99, 12, 11, 10]


async def test_a_restore_is_refused_into_a_store_that_holds_rooms_or_from_no_backup(
        tmp_path: Path) -> None:
    held = tmp_path / "held.sqlite3"
    async with lite(held) as store:
        await fill(store)
    backup = tmp_path / "backup.sqlite3"
    assert (await asyncio.to_thread(tictac, "backup", str(backup), "--db", str(held))
            ).returncode == 0
    refused = await asyncio.to_thread(tictac, "restore", str(backup), "--db", str(held))
    assert refused.returncode == 1
    assert "holds 2 rooms and 1 decks already" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1  # one line, no traceback
    stranger = tmp_path / "stranger.txt"
    stranger.write_text("not a database")
    for source in (stranger, tmp_path / "missing.sqlite3"):
        answer = await asyncio.to_thread(tictac, "restore", str(source),
                                         "--db", str(tmp_path / "new.sqlite3"))
        assert answer.returncode == 1 and len(answer.stderr.splitlines()) == 1, answer.stderr
    itself = await asyncio.to_thread(tictac, "backup", str(held), "--db", str(held))
    assert itself.returncode == 1 and "another file than the database" in itself.stderr
    missing = await asyncio.to_thread(tictac, "backup", str(tmp_path / "b.sqlite3"),
                                      "--db", str(tmp_path / "missing.sqlite3"))
    assert missing.returncode == 1 and "no file" in missing.stderr


async def test_a_backup_made_by_an_older_tictac_is_migrated_in_a_copy_and_restored(
        tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    async with lite(old) as store:
        await fill(store)
        before = await store.load_rooms()
    engine = sa.create_engine(f"sqlite:///{old}")
    with engine.begin() as conn:  # back to the first schema: no epochs, no decks
        command.downgrade(alembic_config(conn), "0001")
    engine.dispose()
    kept = old.read_bytes()
    restored = await asyncio.to_thread(tictac, "restore", str(old),
                                       "--db", str(tmp_path / "new.sqlite3"))
    assert restored.returncode == 0, restored.stderr
    assert "2 rooms" in restored.stdout and "0 decks" in restored.stdout
    assert old.read_bytes() == kept  # the backup itself is left as it was
    async with lite(tmp_path / "new.sqlite3") as store:
        after = await store.load_rooms()
    assert [(dump.code, dump.record, dump.games) for dump in after] == \
        [(dump.code, dump.record, dump.games) for dump in before]
    assert [dump.epoch for dump in after] == [0, 0]


def test_serve_keeps_the_latest_scheduled_backups_beside_the_database(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "rooms.sqlite3", "--backup-every", "1s",
                           "--backup-keep", "2").start()
    folder = tmp_path / "backups"
    seen: set[str] = set()
    try:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Ana"})
            assert made.status_code == 201, made.text
        while len(seen) < 4:  # names are seconds apart: four names are four backups
            now = {path.name for path in folder.glob("tictac-*.sqlite3")} if folder.exists() \
                else set()
            # one more for a moment: a backup is complete before the oldest goes
            assert len(now) <= 3
            seen |= now
            time.sleep(0.2)
    finally:
        server.stop()
    latest = max(folder.glob("tictac-*.sqlite3"))
    listed = tictac("restore", str(latest), "--db", str(tmp_path / "from-scheduled.sqlite3"))
    assert listed.returncode == 0 and "1 rooms" in listed.stdout, listed.stderr


@pytest.mark.parametrize("every", ["soon", "-1h", "nan", "infs"])
def test_serve_refuses_a_backup_period_it_cannot_keep(tmp_path: Path, every: str) -> None:
    refused = tictac("serve", "--db", str(tmp_path / "rooms.sqlite3"), "--port", "0",
                     f"--backup-every={every}")
    assert refused.returncode == 2 and "--backup-every" in refused.stderr, refused.stderr
