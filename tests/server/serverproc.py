"""A real `tictac serve` process on a free port of 127.0.0.1 (or of another address of this
machine, or of a network namespace's, its command run through `wrap`); and a one-route app
served by uvicorn in a thread of the test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette

from tictac.cluster.services import free_port

TICTAC = str(Path(sys.executable).with_name("tictac"))
# How long a test waits for a server to come up: long, since a busy machine imports slowly and
# only a server that never answers should fail a test (TICTAC_TEST_PATIENCE_S sets it).
PATIENCE_S = float(os.environ.get("TICTAC_TEST_PATIENCE_S", "120"))


class ServerProcess:
    def __init__(self, db: Path, *extra: str, output: Path | None = None,
                 host: str = "127.0.0.1", wrap: tuple[str, ...] = ()) -> None:
        self.db = db
        self.extra = extra
        self.host = host
        self.wrap = wrap  # e.g. ("ip", "netns", "exec", NAME): it execs the server
        self.output = output  # where its stdout and stderr go (else stderr is kept for errors)
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"{'https' if '--tls' in self.extra else 'http'}://{self.host}:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def start(self, port: int | None = None) -> ServerProcess:
        """Starts the server on `port` (a restart behind a load balancer keeps its port), or
        on a free one."""
        self.port = free_port() if port is None else port
        command = [*self.wrap, TICTAC, "serve", "--host", self.host, "--port", str(self.port),
                   "--db", str(self.db),
                   "--log-level", "warning", "--bot-pause-ms", "0", "--rate", "200",
                   # every test's rooms come from 127.0.0.1: the per-address limits have
                   # tests of their own, on servers of their own
                   "--create-burst", "100000", "--join-burst", "100000",
                   "--qr-burst", "100000", "--deck-read-burst", "100000", *self.extra]
        if self.output is None:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.PIPE, env={**os.environ})
        else:
            with self.output.open("ab") as output:
                self.process = subprocess.Popen(command, stdout=output, stderr=output,
                                                env={**os.environ})
        try:
            self._wait_healthy()
        except BaseException:
            self.kill()  # a server that failed to start is never left behind
            raise
        return self

    def _wait_healthy(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = (self.output.read_text() if self.output is not None
                        else self.process.stderr.read().decode())  # type: ignore[union-attr]
                raise RuntimeError(f"server died: {said}")
            try:
                # (`--tls`: a certificate of the server's own, which its test checks itself)
                answer = httpx.get(self.base + "/healthz", timeout=1, verify=False)
                if answer.status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not answer /healthz in {PATIENCE_S:.0f} s")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:  # one that does not stop when asked is not left
                self.process.kill()
                self.process.wait(10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


class InProcessServer:
    """uvicorn serving a one-route app on a real socket, in a thread of the test, through
    uvicorn's own WebSocket protocol or the server's (`FloodProofProtocol`)."""

    def __init__(self, app: Starlette, ws: Any = "websockets-sansio", **config: Any) -> None:
        """`config`: more of uvicorn's settings (`ws_ping_interval`...)."""
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, port=self.port, log_level="warning",
                                                    ws=ws, **config))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> InProcessServer:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
