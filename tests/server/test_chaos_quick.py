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
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    assert re.search(r"^summary: ok$", run.stdout, re.MULTILINE), said
    crashes = re.search(r"(\d+) acknowledged actions checked, (\d+) lost", run.stdout)
    messages = re.search(r"\(b\) messages: (\d+) sent .*?(\d+) crashes, (\d+) deaf", run.stdout)
    options = re.search(r"\(options\) hostile option values: (\d+) sent, (\d+) answered 500",
                        run.stdout)
    forged = re.search(r"\(proxy\) forged X-Forwarded-For creates: (\d+) of", run.stdout)
    guesses = re.search(r"\(d\) guess flood: (\d+) guesses", run.stdout)
    assert crashes and int(crashes[1]) > 0 and crashes[2] == "0", said
    assert messages and int(messages[1]) > 0 and messages.group(2, 3) == ("0", "0"), said
    assert options and int(options[1]) > 0 and options[2] == "0", said
    assert forged and int(forged[1]) <= 10, said
    assert guesses and int(guesses[1]) > 0, said
