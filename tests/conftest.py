"""Settings every test folder shares."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# A property test must fail on a counterexample, never on how fast a busy machine runs it: no
# per-example deadline and no "too slow" health check (a test that suppresses other health
# checks lists these too).
settings.register_profile("patient", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "patient"))
