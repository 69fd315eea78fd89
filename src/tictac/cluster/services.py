"""PostgreSQL and Redis from Debian's packages, started on free loopback ports in a directory of
their own: for the cluster tests and `bench/cluster_load.py`, never for serving.

PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user (which
Debian's package creates) and the directory is handed to it."""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


# Ports a free_port may be: above the well-known ones, below the kernel's ephemeral range.
LOWEST_PORT = 10_000
_handed_out: set[int] = set()  # never twice from one process: two asked in a row may be unbound
_pick = random.Random()  # its own: a test that seeds the module's generator must not steer it


def _ephemeral_low() -> int:
    """The first port of the range the kernel gives outgoing connections."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768  # Linux's default


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing is bound to on `host`, taken below the kernel's ephemeral range. A server a
    test stops and starts again on its port must find it free, and a port of that range can be
    taken meanwhile as the local port of any outgoing connection (even SO_REUSEADDR then cannot
    bind it)."""
    below = max(_ephemeral_low(), LOWEST_PORT + 1_000)
    for _ in range(1_000):
        port = _pick.randrange(LOWEST_PORT, below)
        if port in _handed_out:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port on {host} below {below}")


def available() -> str | None:
    """Why the services cannot be started here, or None."""
    if not PG_BIN:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if not os.path.exists(REDIS_SERVER):
        return "Redis is not installed (apt-get install redis-server)"
    return None


def _wait_port(host: str, port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex((host, port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


class Postgres:
    """In a new directory of /tmp (the `postgres` user cannot enter a root-only one such as
    pytest's temporary directories); `remove` deletes it. It listens on `host` and lets in,
    without a password, this machine and the network `clients` (a CIDR) if given."""

    def __init__(self, host: str = "127.0.0.1", clients: str | None = None) -> None:
        self.host = host
        self.clients = clients
        self.root = Path(tempfile.mkdtemp(prefix="tictac-postgres-"))
        self.data = self.root / "pgdata"
        self.port = free_port()
        self.bin = Path(PG_BIN[-1])
        self.as_root = os.getuid() == 0

    def url_of(self, database: str) -> str:
        return f"postgresql+asyncpg://postgres@{self.host}:{self.port}/{database}"

    @property
    def url(self) -> str:
        return self.url_of("tictac")

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        done = subprocess.run([*prefix, *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, cwd="/", check=False)
        if done.returncode:
            raise RuntimeError(f"{command[0]} failed: {done.stderr.decode(errors='replace')}")

    def init(self) -> Postgres:
        self.root.chmod(0o755)
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "--no-sync", "-E", "UTF8")
        if self.clients is not None:
            with (self.data / "pg_hba.conf").open("a") as hba:
                hba.write(f"host all all {self.clients} trust\n")
        return self

    def start(self) -> Postgres:
        # fsync off: a test's database need not survive the machine, only the server's death.
        options = (f"-p {self.port} -c listen_addresses={self.host} -c fsync=off "
                   f"-c unix_socket_directories={self.root} -c max_connections=200")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.root / "postgres.log"), "-w", "start")
        _wait_port(self.host, self.port)
        return self

    def create_database(self, name: str = "tictac") -> Postgres:
        self._run(str(self.bin / "createdb"), "-h", self.host, "-p", str(self.port),
                  "-U", "postgres", name)
        return self

    def stop(self, mode: str = "fast") -> None:
        """`fast` lets it shut down; `immediate` is a crash (it recovers at the next start)."""
        with contextlib.suppress(RuntimeError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    def __init__(self, root: Path, host: str = "127.0.0.1") -> None:
        self.root = root
        self.host = host
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    def start(self) -> Redis:
        """No persistence: a restart loses every key, the hardest case for the cluster."""
        self.root.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", self.host, "--save", "",
             "--appendonly", "no", "--dir", str(self.root),
             # who may connect is whoever reaches `host` (loopback, or a test's own bridge)
             "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(self.host, self.port)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
