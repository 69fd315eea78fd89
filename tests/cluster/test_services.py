"""The helpers that start the test services: a port they hand out stays theirs across restarts."""

from __future__ import annotations

import socket
from pathlib import Path

from tictac.cluster.services import LOWEST_PORT, free_port


def _ephemeral_range() -> tuple[int, int]:
    low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
    return int(low), int(high)


def test_an_outgoing_connections_port_cannot_be_bound_even_with_reuseaddr() -> None:
    # Why free_port avoids the ephemeral range: a service restarted on its port (Redis killed
    # and started again by the fault tests) would fail to bind it.
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        with socket.create_connection(listener.getsockname()) as client:
            taken = client.getsockname()[1]
            low, high = _ephemeral_range()
            assert low <= taken <= high
            with socket.socket() as server:
                server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    server.bind(("127.0.0.1", taken))
                except OSError:
                    return
    raise AssertionError(f"port {taken}, an outgoing connection's, could be bound")


def test_a_free_port_lies_below_the_ephemeral_range_and_can_be_bound() -> None:
    low, _ = _ephemeral_range()
    ports = [free_port() for _ in range(200)]
    assert all(LOWEST_PORT <= port < low for port in ports)
    assert len(set(ports)) == len(ports)  # never the same twice, though none is bound yet
    for port in ports[:20]:
        with socket.socket() as server:
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", port))
            server.listen()
