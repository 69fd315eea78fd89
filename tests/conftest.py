"""Settings every test folder shares."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression
from hypothesis import HealthCheck, settings

# A property test must fail on a counterexample, never on how fast a busy machine runs it: no
# per-example deadline and no "too slow" health check (a test that suppresses other health
# checks lists these too).
settings.register_profile("patient", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "patient"))


# The tiers (README, "Tests"): the folders whose tests start real processes (servers, clusters,
# nginx, Chromium) are the `system` tier, so `pytest -m "not system"` is the core a developer
# runs on every change. A test elsewhere that starts a process marks itself `system`.
SYSTEM_FOLDERS = ("server", "cluster", "browser", "deploy")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A system folder is not even imported when `-m` leaves out the system tier: the browser
    folder cannot be collected in the same process as the others (README, "Tests")."""
    tests = Path(__file__).parent
    if collection_path.parent != tests or collection_path.name not in SYSTEM_FOLDERS:
        return None
    chosen = config.getoption("markexpr")
    if chosen and not Expression.compile(chosen).evaluate(lambda mark, **_: mark == "system"):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        folder = item.path.relative_to(tests).parts[0]
        if folder in SYSTEM_FOLDERS:
            item.add_marker(pytest.mark.system)
