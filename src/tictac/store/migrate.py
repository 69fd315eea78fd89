"""Runs the Alembic migrations from inside the program (no alembic.ini needed).

Alembic is imported only when there is something to migrate: importing it takes most of a
second, which every start of an up-to-date database would pay."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
# A version file's own lines `revision = "0002"` and `down_revision = "0001"` (or None).
_REVISION = re.compile(r'^(down_)?revision = (?:"(\w+)"|None)$', re.MULTILINE)


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def heads() -> set[str]:
    """The latest revisions (those no other revision follows), read from the version files."""
    revisions: set[str] = set()
    followed: set[str] = set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
        for down, revision in _REVISION.findall(script.read_text()):
            (followed if down else revisions).add(revision)
    return revisions - followed


def current(connection: Connection) -> set[str]:
    """The revisions the database on `connection` is at (none for a new database)."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return set()
    return set(connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())


def upgrade(connection: Connection) -> None:
    """Brings the database on `connection` (a blocking one) to the latest revision."""
    if current(connection) == heads():
        return
    from alembic import command

    command.upgrade(alembic_config(connection), "head")
