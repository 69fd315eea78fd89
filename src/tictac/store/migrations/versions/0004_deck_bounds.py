"""Bounds on shared decks: each deck's owner (a digest of its saver's address), when it was
last used (its retention counts from there) and its size in bytes.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("decks") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("used_ms", sa.BigInteger, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("size", sa.Integer, nullable=False, server_default="0"))
    # A deck kept before counts as used when it was saved; its size is unknown (0): it is
    # dropped after the retention like any other.
    op.execute("UPDATE decks SET used_ms = created_ms")


def downgrade() -> None:
    with op.batch_alter_table("decks") as batch:
        batch.drop_column("size")
        batch.drop_column("used_ms")
        batch.drop_column("owner")
