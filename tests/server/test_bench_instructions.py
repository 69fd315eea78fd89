"""`bench/instructions.py --breakdown`: the inclusive count of each C function read from a real
callgrind dump (of a Python that encodes JSON with orjson, as the server's views are), and the
parts printed per action adding up to the whole."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_bench_client import bench_module

pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None,
                                reason="valgrind is not installed")


def test_the_breakdown_reads_each_function_s_inclusive_count_and_adds_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = bench_module("instructions")
    out = tmp_path / "callgrind.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, "-c", "import orjson\nfor n in range(2000): orjson.dumps([n])"],
                   check=True, capture_output=True, timeout=120)
    total = bench.counted(str(out))
    counts = bench.inclusive(bench.last_dump(str(out)))
    # orjson's `dumps` ran 2,000 times inside the program: counted, and less than the whole
    assert 0 < counts["dumps"] < total
    assert max(counts.values()) <= total
    bench.breakdown(bench.last_dump(str(out)), 2000, total)
    printed = capsys.readouterr().out.splitlines()
    per_action = [int(line.split()[0].replace(",", "")) for line in printed
                  if line[:1] == " " or line[:1].isdigit()]
    loop_parts, within = (per_action[:len(bench.LOOP_PARTS) + 1],  # (and the rest)
                          per_action[len(bench.LOOP_PARTS) + 1:])
    assert abs(sum(loop_parts) - total / 2000) <= len(loop_parts)  # (each rounded)
    assert within[1] == round(counts["dumps"] / 2000)  # JSON encoding
