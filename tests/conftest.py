"""Shared test settings: a hypothesis profile sized so the whole suite stays fast on CI."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "mazebook",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("MAZEBOOK_EXAMPLES", "40")),
    derandomize=True,
)
settings.load_profile("mazebook")
