"""Many servers, one set of rooms: PostgreSQL keeps the rooms, Redis says which server owns
each and carries messages between them (see docs/deploy.md)."""

from tictac.cluster.node import Node

__all__ = ["Node"]
