"""What a request costs the event loop: the whole app served by uvicorn on a real socket, in a
thread of the test, on asyncio's own loop, with each callback the loop runs timed in the CPU
time of the loop's thread (`time.thread_time`), not in wall-clock time: another process busy on
the machine, or a thread of the server drawing beside the loop, adds nothing to it.

The figure is the longest single callback (a task's step, a read from a socket) while the
request is served: that is how long every other room waits behind it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from tictac.cluster.services import free_port
from tictac.server import create_app
from tictac.server.settings import ServerSettings
from tictac.server.timeouts import timed_protocol
from tictac.server.ws_protocol import FloodProofProtocol


class Longest:
    seconds = 0.0


class LoopCost:
    def __init__(self, settings: ServerSettings) -> None:
        self.port = free_port()
        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, port=self.port, loop="asyncio", log_level="warning", lifespan="on",
            http=timed_protocol(settings.request_timeout_s), ws=FloodProofProtocol))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self._window: Longest | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LoopCost:
        original = asyncio.events.Handle._run
        cost = self

        def timed(handle: asyncio.events.Handle) -> None:
            if threading.current_thread() is not cost.thread:
                original(handle)
                return
            cost.loop = handle._loop
            window = cost._window
            if window is None:
                original(handle)
                return
            start = time.thread_time()
            try:
                original(handle)
            finally:
                window.seconds = max(window.seconds, time.thread_time() - start)

        self._original = original
        asyncio.events.Handle._run = timed  # type: ignore[method-assign]
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        return self


    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]

    @contextmanager
    def longest(self) -> Iterator[Longest]:
        """The longest callback of the server's loop while the block runs."""
        window = self._window = Longest()
        try:
            yield window
        finally:
            # The answer may reach the test before the callback that sent it has ended (and
            # been timed): a callback queued now runs after it.
            done = threading.Event()
            assert self.loop is not None
            self.loop.call_soon_threadsafe(done.set)
            done.wait(60)
            self._window = None
