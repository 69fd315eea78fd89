"""Loaded by a `tictac serve` that tests/server/test_room_memory.py starts with this folder on
PYTHONPATH and PYTHONTRACEMALLOC=1: on SIGUSR1 it collects garbage, then writes the bytes
tracemalloc traces and the number of objects the collector tracks (those a full collection
walks: the frozen ones are not) to the file TICTAC_TRACED_TO names (never part of a real
server)."""

import gc
import os
import signal
import tracemalloc


def _write_traced(*_: object) -> None:
    gc.collect()
    path = os.environ["TICTAC_TRACED_TO"]
    with open(path + ".part", "w") as file:
        file.write(f"{tracemalloc.get_traced_memory()[0]} {len(gc.get_objects())}")
    os.replace(path + ".part", path)


if os.environ.get("TICTAC_TRACED_TO"):
    signal.signal(signal.SIGUSR1, _write_traced)
