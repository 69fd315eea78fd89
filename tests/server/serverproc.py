"""A real `tictac serve` process on a free port of 127.0.0.1."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

TICTAC = str(Path(sys.executable).with_name("tictac"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class ServerProcess:
    def __init__(self, db: Path, *extra: str, output: Path | None = None) -> None:
        self.db = db
        self.extra = extra
        self.output = output  # where its stdout and stderr go (else stderr is kept for errors)
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.port = free_port()
        command = [TICTAC, "serve", "--port", str(self.port), "--db", str(self.db),
                   "--log-level", "warning", "--bot-pause-ms", "0", "--rate", "200",
                   # every test's rooms come from 127.0.0.1: the per-address limits have
                   # tests of their own, on servers of their own
                   "--create-burst", "100000", "--join-burst", "100000", *self.extra]
        if self.output is None:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.PIPE, env={**os.environ})
        else:
            with self.output.open("ab") as output:
                self.process = subprocess.Popen(command, stdout=output, stderr=output,
                                                env={**os.environ})
        deadline = time.monotonic() + 120  # a loaded machine imports the games slowly
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = (self.output.read_text() if self.output is not None
                        else self.process.stderr.read().decode())  # type: ignore[union-attr]
                raise RuntimeError(f"server died: {said}")
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # not left running behind the failed test
        raise RuntimeError("server did not start")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)
