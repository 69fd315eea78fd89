"""Runs the Alembic migrations from inside the program (no alembic.ini needed)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade(connection: Connection) -> None:
    """Brings the database on `connection` (a blocking one) to the latest revision."""
    command.upgrade(alembic_config(connection), "head")
