"""`python stallable.py FLAG tictac serve ...`: `tictac serve` whose event loop is blocked from
each SIGUSR1 until the file FLAG exists (then removed): a signal handler runs on the loop's
thread, as a long collection or a burst of work on a loaded machine blocks it. Its other threads
run on."""

import signal
import sys
import time
from pathlib import Path
from types import FrameType

from tictac.cli import main

FLAG = Path(sys.argv[1])


def stall(signum: int, frame: FrameType | None) -> None:
    while not FLAG.exists():
        time.sleep(0.05)
    FLAG.unlink()


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, stall)
    sys.argv = sys.argv[2:]
    sys.exit(main())
