"""The decks people share (Time's Up's): a table of their own, apart from
any room.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "decks",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("cards", sa.JSON, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("decks")
