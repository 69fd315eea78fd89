"""The players' reports of what was shown in a room, waiting for the instance admin.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at_ms", sa.BigInteger, nullable=False),
        sa.Column("room", sa.String(8), nullable=False),
        sa.Column("what", sa.String(16), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("context", sa.String(200), nullable=False, server_default=""),
        sa.Column("reporter", sa.String(64), nullable=False, server_default=""),
        sa.Column("outcome", sa.String(40), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("reports")
