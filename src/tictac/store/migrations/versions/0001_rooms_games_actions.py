"""Rooms, games and the append-only action log.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("room", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("room", sa.String(8), primary_key=True),
        sa.Column("game_idx", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("now_ms", sa.BigInteger, nullable=False),
        sa.ForeignKeyConstraint(["room", "game_idx"], ["games.room", "games.idx"],
                                ondelete="CASCADE"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("games")
    op.drop_table("rooms")
