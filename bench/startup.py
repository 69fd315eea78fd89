"""Start-up: how long `tictac serve` takes from its process starting to its first `/healthz`
answer, over several runs, each on a fresh SQLite file and a free port of 127.0.0.1.

    uv run --group dev python bench/startup.py [--runs 5] [--bytecode]

Prints each run's seconds to /healthz and the CPU seconds the server spent until then (user +
system, from /proc: steadier than the wall clock on a busy machine), their medians and maxima,
and the load average (a shared machine imports slowly: read the figures against it). Run 1
creates and migrates the database; the later runs start on it as a restart does.

Whether the server may cache its compiled modules matters as much: with PYTHONDONTWRITEBYTECODE
set (some shells and containers set it) every start compiles every module it imports again,
about a CPU second. `--bytecode` lets the servers cache them (in the runs' temporary folder, so
run 1 compiles them as the first start of an install does); the summary says which it was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from server_load import TICTAC, cpu_s, free_port

PATIENCE_S = 120.0  # a server that takes longer than this has failed, not started slowly


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def time_to_health(db: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting the process to its first 200 on /healthz, and its CPU seconds."""
    port = free_port()
    began = time.perf_counter()
    server = subprocess.Popen([TICTAC, "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--db", str(db), "--log-level", "warning"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        while time.perf_counter() - began < PATIENCE_S:
            if server.poll() is not None:
                raise RuntimeError(f"server died: {server.stderr.read().decode()}")  # type: ignore[union-attr]
            if healthy(f"http://127.0.0.1:{port}/healthz"):
                return time.perf_counter() - began, cpu_s(server.pid)
            time.sleep(0.01)
        raise RuntimeError(f"no /healthz answer within {PATIENCE_S} s")
    finally:
        server.terminate()
        server.wait(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bytecode", action="store_true",
                        help="let the servers cache their compiled modules")
    args = parser.parse_args()
    loads = [os.getloadavg()[0]]
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if args.bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        cached = "no" if env.get("PYTHONDONTWRITEBYTECODE") else "yes"
        for run in range(args.runs):
            wall, cpu = time_to_health(Path(tmp) / "startup.db", env)
            walls.append(wall)
            cpus.append(cpu)
            loads.append(os.getloadavg()[0])
            print(f"run {run + 1}: {wall:.2f} s to /healthz, {cpu:.2f} CPU s", flush=True)
    print(f"median {statistics.median(walls):.2f} s (max {max(walls):.2f}), "
          f"CPU median {statistics.median(cpus):.2f} s (max {max(cpus):.2f}) over {args.runs} "
          f"runs; load average {min(loads):.1f}-{max(loads):.1f}; compiled modules cached: "
          f"{cached}")


if __name__ == "__main__":
    main()
