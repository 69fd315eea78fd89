"""Two "machines" on one: Linux network namespaces, each joined by a veth pair to a bridge of
the host's (10.77.0.0/24 plus a suffix of this run's own in every name, so that nothing of the
host's is touched). The bridge's first address is the host as the machines see it (nginx
connects from there); Redis listens on a second and PostgreSQL on a third, so that a machine
can be cut off from either alone (a blackhole route to its address) and keep its clients."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

NETWORK = "10.77.0"


def hosts(network: str) -> tuple[str, str, str]:
    """The host's, PostgreSQL's and Redis's addresses on a bridge of `network` (a /24's first
    three bytes), all the bridge's own."""
    return f"{network}.1", f"{network}.3", f"{network}.2"


HOST, POSTGRES_HOST, REDIS_HOST = hosts(NETWORK)


def ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if done.returncode:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def unavailable() -> str | None:
    """Why namespaces cannot be made here (not root, no iproute2, not permitted), or None."""
    if os.getuid() != 0:
        return "network namespaces need root (CI runs the suite as root)"
    probe = f"tictac-probe-{os.getpid()}"
    try:
        ip("netns", "add", probe)
    except FileNotFoundError:
        return "iproute2 is not installed (./scripts/test installs it)"
    except RuntimeError as refused:
        return f"`ip netns add` is not permitted here: {refused}"
    ip("netns", "del", probe)
    return None


@dataclass
class Machine:
    namespace: str
    address: str

    @property
    def wrap(self) -> tuple[str, ...]:
        return ("ip", "netns", "exec", self.namespace)

    def pids(self) -> list[int]:
        listed = subprocess.run(["ip", "netns", "pids", self.namespace], capture_output=True,
                                text=True, timeout=30).stdout
        return [int(pid) for pid in listed.split()]

    def kill(self) -> list[int]:
        """SIGKILL to every process in the machine at once, as a power cut; returns their pids."""
        pids = self.pids()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        return pids

    def cut_from(self, host: str) -> None:
        ip("netns", "exec", self.namespace, "ip", "route", "add", "blackhole", f"{host}/32")

    def join(self, host: str) -> None:
        ip("netns", "exec", self.namespace, "ip", "route", "del", "blackhole", f"{host}/32")


@contextmanager
def machines(count: int = 2, network: str = NETWORK) -> Iterator[list[Machine]]:
    """`count` machines at `network`.10 onwards; on every path their processes are killed and
    the namespaces, veths and bridge removed. Two runs at once need networks of their own."""
    suffix = f"{os.getpid() % 10_000:04d}"
    bridge = f"ttbr{suffix}"
    made = [Machine(f"tictac-{suffix}-m{index}", f"{network}.{10 + index}")
            for index in range(count)]
    try:
        ip("link", "add", bridge, "type", "bridge")
        for host in hosts(network):
            ip("addr", "add", f"{host}/24", "dev", bridge)
        ip("link", "set", bridge, "up")
        for index, machine in enumerate(made):
            outside, inside = f"tt{suffix}h{index}", f"tt{suffix}n{index}"
            ip("netns", "add", machine.namespace)
            ip("link", "add", outside, "type", "veth", "peer", "name", inside,
               "netns", machine.namespace)
            ip("link", "set", outside, "master", bridge, "up")
            inner = ("netns", "exec", machine.namespace, "ip")
            ip(*inner, "addr", "add", f"{machine.address}/24", "dev", inside)
            ip(*inner, "link", "set", inside, "up")
            ip(*inner, "link", "set", "lo", "up")
        yield made
    finally:
        for machine in made:
            with contextlib.suppress(RuntimeError):
                machine.kill()
                ip("netns", "del", machine.namespace)  # its end of the veth pair goes with it
        with contextlib.suppress(RuntimeError):
            ip("link", "del", bridge)

