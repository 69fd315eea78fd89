"""Counters the server exports on /metrics; the rooms only count."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Stats:
    actions: int = 0
    connections: int = 0
    errors: Counter[str] = field(default_factory=Counter)
