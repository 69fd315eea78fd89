"""The uvicorn server of `tictac serve`. Alone, it listens itself and says where once it does;
as a worker of `--workers` (`channel` given), it listens on nothing and serves the sockets its
supervisor accepts and hands it over `channel` (`dispatch.py`), telling the supervisor how it
hears. Either way a node of a cluster hands its rooms on before uvicorn closes the
connections."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

import uvicorn
from starlette.applications import Starlette

from tictac.cluster import stopping

# A stop's bounds (a worker's supervisor, cli/serve.py, kills one not ended in `WORKER_STOP_S`):
DRAIN_S = 6.0  # the rooms handed on (each waits `node.HAND_ON_S` at most for a pause)
LIFESPAN_S = 8.0  # the application's own (server/app.py: its rooms, the cluster, the store)


class Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, app: Starlette, channel: socket.socket | None,
                 on_listening: Callable[[], object]) -> None:
        super().__init__(config)
        self.app, self.channel, self.on_listening = app, channel, on_listening
        self.stop_taking: Callable[[], None] | None = None
        self.heartbeat: asyncio.Task[None] | None = None  # (kept: a task nobody holds may vanish)
        self.opening: set[asyncio.Task[Any]] = set()  # handed-over sockets being made connections

    def serve_until_stopped(self) -> None:
        """Runs the server; a worker listens on nothing itself (an empty list of sockets)."""
        self.run(sockets=None if self.channel is None else [])

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.channel is not None and not self.started:
            # A worker still starting holds no room and no client yet, and its start may be
            # waiting in a thread no signal interrupts (the store's migration lock): uvicorn's
            # own handling would wait for the start to end, maybe for ever.
            print(f"tictac serve: worker {os.getpid()}: signal {sig} while starting; "
                  "stopping", file=sys.stderr)
            os._exit(128 + sig)
        super().handle_exit(sig, frame)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.started:
            return
        if self.channel is None:
            self.on_listening()  # the address is now worth giving out
            return
        from tictac.cluster.dispatch import keep_telling, take_sockets, tell

        channel = self.channel
        self.stop_taking = take_sockets(channel, self._serve_socket, self._orphaned)
        node = self.app.state.node
        node.on_hearing = partial(tell, channel)
        tell(channel, node.serving)
        self.heartbeat = asyncio.get_running_loop().create_task(
            keep_telling(channel, lambda: node.serving))

    def _serve_socket(self, sock: socket.socket) -> None:
        """A socket the supervisor accepted, served as the protocol uvicorn makes for each
        connection it accepts itself."""
        loop = asyncio.get_running_loop()
        protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state)
        task = loop.create_task(loop.connect_accepted_socket(lambda: protocol, sock))
        self.opening.add(task)
        task.add_done_callback(self.opening.discard)

    def _orphaned(self) -> None:
        """The supervisor is gone: its rooms are let go as at any stop (lifespan's end)."""
        print(f"tictac serve: worker {os.getpid()}: the supervisor is gone; stopping",
              file=sys.stderr)
        self.should_exit = True

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's stop, each step bounded (`stopping.py`): no connection taken from now on;
        a node's rooms handed on (before any connection is closed); every connection asked to
        close (WebSockets with 1012: reconnect elsewhere), and those still open after the
        graceful time (a client that does not read its close) ended; then the application's
        shutdown (its rooms, the cluster, the store)."""
        stop = self.app.state.stop = stopping.Stop()
        if self.stop_taking is not None:
            self.stop_taking()
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        node = getattr(self.app.state, "node", None)
        if node is not None:
            await stop.step("handing the rooms on", node.drain(), DRAIN_S)
        await stop.step("closing the connections", self._close_connections(),
                        self.config.timeout_graceful_shutdown or 0, self._still_open)
        for connection in list(self.server_state.connections):  # (still open: ended)
            connection.transport.abort()
        for task in list(self.server_state.tasks):
            task.cancel()
        if not self.force_exit:
            await stop.step("the application's shutdown", self.lifespan.shutdown(), LIFESPAN_S)
        stop.end()
        stop.exit_if_left_behind()

    def _still_open(self) -> str:
        """The connections still open and the requests still served (uvicorn's tasks: where the
        first few wait)."""
        tasks = list(self.server_state.tasks)
        return (f"{len(self.server_state.connections)} connections open, {len(tasks)} tasks, "
                + "; ".join(" < ".join(stopping.suspended(task)[-3:]) for task in tasks[:3]))

    async def _close_connections(self) -> None:
        for connection in list(self.server_state.connections):
            try:
                connection.shutdown()
            except Exception:
                # uvicorn's WebSocket shutdown raises on a socket whose close frame is sent
                # already (its close under way), before closing it: closed here (once what
                # was written is flushed), else it stayed open until the graceful time ended
                connection.transport.close()
        while self.server_state.connections or self.server_state.tasks:
            await asyncio.sleep(0.1)
