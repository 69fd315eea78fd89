"""`tictac serve`: flags, their environment variables, and the LAN announcement with a QR code."""

from __future__ import annotations

import argparse

import pytest

from tictac.cli import build_parser
from tictac.cli.serve import announce, db_url


def test_serve_defaults_to_localhost_8000_and_a_sqlite_file() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.deflate) == ("127.0.0.1", 8000,
                                                             "tictac.sqlite3", "off")
    assert db_url("games.db").startswith("sqlite+aiosqlite:////")
    assert db_url("postgresql+asyncpg://h/db") == "postgresql+asyncpg://h/db"


def test_serve_settings_come_from_the_environment_and_flags_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TICTAC_PORT", "9100")
    monkeypatch.setenv("TICTAC_BOT_PAUSE_MS", "250")
    args = build_parser().parse_args(["serve"])
    assert (args.port, args.bot_pause_ms) == (9100, 250)
    args = build_parser().parse_args(["serve", "--port", "9200"])
    assert args.port == 9200


def test_every_serve_flag_names_its_environment_variable() -> None:
    parser = argparse.ArgumentParser()
    from tictac.cli import serve

    serve.add_arguments(parser)
    for action in parser._actions[1:]:
        assert f"env TICTAC_{action.dest.upper()}" in (action.help or "")


def test_lan_party_prints_the_address_and_a_qr_code(capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[str] = []
    url = announce("0.0.0.0", 8123, lines.append)
    assert url.startswith("http://") and url.endswith(":8123/")
    assert "0.0.0.0" not in url and url in lines[0]
    assert len(capsys.readouterr().out.splitlines()) > 10  # the QR code, drawn in the terminal
    assert announce("127.0.0.1", 8000, lines.append) == "http://127.0.0.1:8000/"
