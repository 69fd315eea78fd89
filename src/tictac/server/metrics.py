"""Prometheus /metrics: rooms, connections, actions and errors, read from the rooms' counters
when scraped (nothing is counted twice)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from tictac.durations import BOUNDS_S, Durations
from tictac.rooms import RoomManager
from tictac.server import heap, lag


class RoomCollector(Collector):
    def __init__(self, manager: RoomManager, sockets: int, relayed: int,
                 clients: Clients) -> None:
        self.manager = manager
        self.sockets = sockets
        self.relayed = relayed
        self.clients = clients

    def collect(self) -> Iterator[Metric]:
        stats = self.manager.stats
        rooms = GaugeMetricFamily("tictac_rooms", "Rooms by status", labels=["status"])
        counts = {"lobby": 0, "playing": 0, "finished": 0}
        for room in self.manager.rooms.values():
            counts[room.status] = counts.get(room.status, 0) + 1
        for status, count in counts.items():
            rooms.add_metric([status], count)
        yield rooms
        yield GaugeMetricFamily("tictac_connections", "Open WebSockets this node holds, "
                                "relayed ones included", value=self.sockets)
        yield GaugeMetricFamily("tictac_relayed_connections",
                                "WebSockets held here for a room another node owns",
                                value=self.relayed)
        yield CounterMetricFamily("tictac_actions", "Game actions accepted and logged",
                                  value=stats.actions)
        errors = CounterMetricFamily("tictac_errors", "Error answers by code", labels=["code"])
        for code, count in sorted(stats.errors.items()):
            errors.add_metric([code], count)
        yield errors
        yield CounterMetricFamily("tictac_store_commits", "Store transactions committed",
                                  value=self.manager.store.commits)
        timings = self.manager.store.timings
        yield from durations("tictac_store_commit_loop_seconds",
                             "Store commits made on the event loop's thread", timings.on_loop)
        yield from durations("tictac_store_commit_writer_seconds",
                             "Store commits made on the writer's thread", timings.on_writer)
        yield from durations("tictac_store_checkpoint_seconds",
                             "Checkpoints of the SQLite file's WAL", timings.checkpoints)
        yield from durations("tictac_action_seconds", "Game actions from their frame read to "
                             "their answer (stored, acknowledged, every view written)",
                             lag.ACTIONS)
        yield from durations("tictac_loop_lag_seconds", "How late the event loop ran a timer "
                             "(sampled for benchmarks only)", lag.LOOP_LAG)
        yield from durations("tictac_loop_cpu_seconds", "CPU time the event loop's thread ran "
                             "between two samples of its lateness", lag.LOOP_CPU)
        yield GaugeMetricFamily("tictac_gc_pause_seconds_max",
                                "The longest pause of Python's garbage collector since start",
                                value=heap.PAUSES.clock.longest_s)
        yield GaugeMetricFamily("tictac_gc_pause_cpu_seconds_max",
                                "The most CPU time one garbage collection took since start",
                                value=heap.PAUSES.longest_cpu_s)
        yield GaugeMetricFamily("tictac_gc_frozen_objects",
                                "Objects of the start-up heap no garbage collection walks",
                                value=heap.frozen)
        yield histogram("tictac_gc_pause_seconds", "Garbage collections' pauses by the clock",
                        heap.PAUSES.clock)
        collections = CounterMetricFamily("tictac_gc_collections", "Garbage collections",
                                          labels=["generation"])
        for generation, count in enumerate(heap.PAUSES.by_generation):
            collections.add_metric([str(generation)], count)
        yield collections
        yield GaugeMetricFamily("tictac_client_addresses",
                                "Client addresses the per-address limits hold (recently active)",
                                value=self.clients.addresses)
        yield CounterMetricFamily("tictac_forwarded_ignored",
                                  "Requests whose X-Forwarded-For was ignored: their peer is "
                                  "not in --trusted-proxies", value=self.clients.ignored)


def histogram(name: str, help_text: str, took: Durations) -> Metric:
    counted = itertools.accumulate(took.by_length)
    return HistogramMetricFamily(
        name, help_text, sum_value=took.total_s,
        buckets=[(str(bound), count) for bound, count in
                 zip([*BOUNDS_S, "+Inf"], counted, strict=True)])


def durations(name: str, help_text: str, took: Durations) -> Iterator[Metric]:
    """Each duration counted by length, and the longest since start."""
    yield histogram(name, help_text, took)
    yield GaugeMetricFamily(f"{name}_max", f"{help_text}: the longest since start",
                            value=took.longest_s)


@dataclass(frozen=True)
class Clients:
    """What /metrics says of client addresses (server/clients.py decides them)."""

    addresses: int
    ignored: int


def render(manager: RoomManager, sockets: int, relayed: int, clients: Clients) -> bytes:
    registry = CollectorRegistry(auto_describe=True)
    registry.register(RoomCollector(manager, sockets, relayed, clients))
    return generate_latest(registry)
