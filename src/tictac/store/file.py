"""The SQLite file a store opened, and whether the file at its path is still that one.

An SQLite file deleted or replaced under the running server would take every later commit
into a file nobody can open again: a store notes which file it opened (device and inode),
checks it before every commit and every few seconds, and from the first mismatch on refuses
every write (`StoreError`) and reports itself unhealthy."""

from __future__ import annotations

import logging
import os
import threading

log = logging.getLogger(__name__)
# Every connection of either store to an SQLite file: WAL + synchronous=NORMAL, so a committed
# transaction survives the process being killed (only a power cut may lose the last ones; FULL
# would also cover that, at a cost), and foreign keys on.
PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON")


class DatabaseFile:
    def __init__(self, path: str) -> None:
        self.path = path
        found = os.stat(path)
        self.identity = (found.st_dev, found.st_ino)
        self.lost: str | None = None
        self._lock = threading.Lock()  # the writer thread and the event loop both ask

    def problem(self) -> str | None:
        """Why the file can no longer be written to, or None. Once lost, lost for good: a
        file put back at the path is not the one the rooms were written to."""
        with self._lock:
            return self.lost or self._check()

    def _check(self) -> str | None:
        try:
            found = os.stat(self.path)
        except OSError as missing:
            self.lost = f"the database file {self.path} is gone ({missing.strerror})"
        else:
            if (found.st_dev, found.st_ino) != self.identity:
                self.lost = f"the database file {self.path} was replaced by another file"
        if self.lost is not None:
            log.error("%s: nothing more is stored; restart the server", self.lost)
        return self.lost
