"""A node's beats (cluster/beats.py) against a real Redis: a stopped node leaves no alive key
behind, even when a beat was under way as it stopped. (`tictac serve --workers 2` once left a
worker looking alive after a clean stop: its beats' thread had passed its checks when the stop
came, and its SET reached Redis after the event loop's DEL.)"""

from __future__ import annotations

import threading
from typing import Any

from redis import Redis
from serverproc import PATIENCE_S

from cluster import Services
from tictac.cluster.beats import Beats
from tictac.cluster.leases import ALIVE


def test_a_beat_under_way_as_the_node_stops_does_not_leave_it_alive(services: Services) -> None:
    beats = Beats(services.redis.url, "held-beat", 3000)
    under_way, go_on = threading.Event(), threading.Event()
    sent = beats._redis.set

    def held_set(*args: Any, **kwargs: Any) -> Any:  # past every check, not yet sent
        under_way.set()
        go_on.wait(PATIENCE_S)
        return sent(*args, **kwargs)

    beats._redis.set = held_set  # type: ignore[method-assign]
    beats.start()
    assert under_way.wait(PATIENCE_S)
    beats.stop(0.0)  # returns with the beat still held
    go_on.set()
    beats._thread.join(PATIENCE_S)
    assert not beats._thread.is_alive()
    with Redis.from_url(services.redis.url) as redis:
        assert not redis.exists(ALIVE + "held-beat")


def test_a_node_stopped_before_it_beat_from_its_thread_leaves_no_key(services: Services) -> None:
    beats = Beats(services.redis.url, "first-beat-only", 3000)
    assert beats.beat()  # a node's first beat is sent from its event loop, before the thread
    beats.stop(PATIENCE_S)
    with Redis.from_url(services.redis.url) as redis:
        assert not redis.exists(ALIVE + "first-beat-only")
