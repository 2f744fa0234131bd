"""Hypothesis profiles for the redaction property tests.

``ci`` (the default): derandomized, so every run tries the same examples and a failure is
reproducible. ``fresh``: a new random seed each run, to find what the fixed seed never tries:

    HYPOTHESIS_PROFILE=fresh .venv/bin/python -m pytest -q -p no:cacheprovider tests/redact

No example database is written (nothing left in the work tree).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = {"deadline": None, "database": None, "print_blob": True,
           "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", derandomize=True, **_COMMON)
settings.register_profile("fresh", derandomize=False, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
