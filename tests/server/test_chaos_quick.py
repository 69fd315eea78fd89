"""The chaos script's short run (`bench/chaos.py --quick`) as CI runs it: a few SIGKILL/restart
cycles and a few hundred hostile messages against a real server. A correctness check, not a
timing one: the flood ratio it prints is not judged here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(600)
CHAOS = Path(__file__).resolve().parents[2] / "bench" / "chaos.py"


def test_chaos_quick_run_loses_nothing_and_leaves_no_socket_deaf() -> None:
    run = subprocess.run([sys.executable, str(CHAOS), "--quick"], capture_output=True,
                         text=True, timeout=580)
    assert run.returncode == 0, run.stdout + run.stderr
    summary = re.search(r"^summary: (\d+) lost, (\d+) deaf, (\d+) crashes, (\d+) changed",
                        run.stdout, re.MULTILINE)
    assert summary is not None, run.stdout
    assert summary.groups() == ("0", "0", "0", "0"), run.stdout
    checked = re.search(r"(\d+) acknowledged actions checked", run.stdout)
    sent = re.search(r"\(b\) messages: (\d+) sent", run.stdout)
    assert checked is not None and int(checked.group(1)) > 0, run.stdout
    assert sent is not None and int(sent.group(1)) > 0, run.stdout
