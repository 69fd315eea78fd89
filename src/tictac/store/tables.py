"""The schema. Alembic migrations in `migrations/versions` create and change it; this module is
what the code reads and writes through, and a test checks the two agree."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

# One row a room: everything about it but its games (seats, tokens' hashes, options, policy)
# as one JSON document, rewritten whenever the lobby changes. `epoch` goes up each time a node
# of a cluster takes the room over; a record write carries the writer's and is refused if stale.
rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
    sa.Column("epoch", sa.Integer, nullable=False, server_default="0"),
)

# One row a game played in a room: how it was set up.
games = sa.Table(
    "games",
    metadata,
    sa.Column("room", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("setup", sa.JSON, nullable=False),
    sa.Column("started_ms", sa.BigInteger, nullable=False),
)

# The append-only log: one row per accepted action, `seq` counting from 1 within a game.
actions = sa.Table(
    "actions",
    metadata,
    sa.Column("room", sa.String(8), primary_key=True),
    sa.Column("game_idx", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("now_ms", sa.BigInteger, nullable=False),
    sa.ForeignKeyConstraint(["room", "game_idx"], ["games.room", "games.idx"],
                            ondelete="CASCADE"),
)

# The decks people share (Time's Up's), each under its code, apart from any room: written once,
# never changed but for when it was last used. The cards, [{"name", "about"}, ...], are one
# JSON document.
decks = sa.Table(
    "decks",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("language", sa.String(8), nullable=False),
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("cards", sa.JSON, nullable=False),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    # Kept for the bounds on shared decks (store.base.DeckBounds): a digest of the saver's
    # address, when it was last used, its size in bytes.
    sa.Column("owner", sa.String(64), nullable=False, server_default=""),
    sa.Column("used_ms", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("size", sa.Integer, nullable=False, server_default="0"),
)

# The instance admin's bans (server/admin.py): an address or a network (CIDR, as Python's
# ipaddress writes it), refused until `until_ms`. Kept here so every node of a cluster holds it.
bans = sa.Table(
    "bans",
    metadata,
    sa.Column("network", sa.String(64), primary_key=True),
    sa.Column("until_ms", sa.BigInteger, nullable=False),
    sa.Column("reason", sa.String(200), nullable=False, server_default=""),
    sa.Column("made_ms", sa.BigInteger, nullable=False),
)

# Every admin action, in the order taken: never changed, never dropped by the server.
audit = sa.Table(
    "audit",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("target", sa.String(64), nullable=False),
    sa.Column("detail", sa.String(400), nullable=False, server_default=""),
    sa.Column("address", sa.String(64), nullable=False, server_default=""),
)

# The players' reports (server/reports.py): what was shown in a room, as it was shown, until the
# admin acts on it (`outcome` then says how; "" while it waits in the queue).
reports = sa.Table(
    "reports",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
    sa.Column("room", sa.String(8), nullable=False),
    sa.Column("what", sa.String(16), nullable=False),
    sa.Column("text", sa.String(400), nullable=False),
    sa.Column("context", sa.String(200), nullable=False, server_default=""),
    sa.Column("reporter", sa.String(64), nullable=False, server_default=""),
    sa.Column("outcome", sa.String(40), nullable=False, server_default=""),
)
