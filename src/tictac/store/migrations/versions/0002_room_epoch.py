"""A room's epoch: raised by each node that takes the room over, so a stale copy's record
writes are refused (the log is fenced by its own key).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place: copying the table (Alembic's batch mode)
    # would drop the old one, and with foreign keys on, that deletes every game and action.
    op.add_column("rooms", sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("rooms", "epoch")  # SQLite 3.35 and later drop a column in place too
