"""What the sources say of themselves: a comment gives the reason for what the code does, not
the number of the issue that asked for it (the repository stands alone; an issue's number tells
a reader nothing)."""

from __future__ import annotations

import re
from pathlib import Path

import tictac

SOURCES = Path(tictac.__file__).parent
ISSUE = re.compile(r"\bissue \d+", re.IGNORECASE)


def test_no_source_names_an_issue_by_its_number() -> None:
    found = [f"{path.relative_to(SOURCES)}:{number}" for path in sorted(SOURCES.rglob("*"))
             if path.suffix in {".py", ".js", ".css", ".html"}
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if ISSUE.search(line)]
    assert found == []
