"""A client's connection: the seam between the rooms and a transport.

A room knows a client only as a `Conn`: `send` (which never blocks: the transport queues) and
`close`. The server's endpoint (`tictac.server.ws.serve`: limits, parsing, the room's inbox)
needs a little more, a `Transport`: an error answer, `finish`, and whether it let a slow client
go. Two transports exist: a WebSocket of this node (`tictac.server.connection`) and a client
relayed from another node of a cluster (`tictac.cluster.relay`).

A new transport (a raw TCP line protocol, say) is one `Transport` subclass and a loop that hands
its client's frames to `ws.serve`, as `ws.endpoint` and the cluster's relay do: every limit and
check of the server then applies to it as it is.
"""

from __future__ import annotations

from typing import Protocol

from tictac.rooms.stats import Stats
from tictac.rooms.wire import error_message


class Conn(Protocol):
    """One client connection as the room sees it: `send` never blocks (the server queues).
    Several texts given to one `send` are as many messages, in order; a transport may write them
    at once (an action's `ack` and the view after it: one system call, not two)."""

    def send(self, text: str, *more: str) -> None: ...

    def close(self, code: int) -> None: ...


class Transport:
    """A client connection as the server's endpoint drives it."""

    stats: Stats  # the node's counters: every error answer is counted by its code
    dropped = False  # whether the transport let the client go (it read too slowly)

    def send(self, text: str, *more: str) -> None:
        raise NotImplementedError

    def close(self, code: int) -> None:
        """Closes once what is queued has gone out."""
        raise NotImplementedError

    async def finish(self) -> None:
        """Lets what is queued go out (the client may already be gone), then stops."""
        raise NotImplementedError

    def error(self, code: str, message: str, msg_id: int | None = None) -> None:
        """A refusal, tagged with the refused message's `id` when it had one."""
        self.stats.errors[code] += 1
        self.send(error_message(code, message, msg_id))
