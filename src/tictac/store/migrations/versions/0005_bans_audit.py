"""The instance admin's bans (by address or network, for a time) and the audit log of every
admin action.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "bans",
        sa.Column("network", sa.String(64), primary_key=True),
        sa.Column("until_ms", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.String(200), nullable=False, server_default=""),
        sa.Column("made_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at_ms", sa.BigInteger, nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("detail", sa.String(400), nullable=False, server_default=""),
        sa.Column("address", sa.String(64), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("audit")
    op.drop_table("bans")
