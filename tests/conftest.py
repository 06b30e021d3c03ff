"""Shared test settings: a hypothesis profile sized so the whole suite stays fast on CI."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "mazebook",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("MAZEBOOK_EXAMPLES", "40")),
    derandomize=True,
)
settings.load_profile("mazebook")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--refresh-reference",
        action="store_true",
        default=False,
        help="rewrite tests/reference/ from the current code instead of comparing with it",
    )


@pytest.fixture
def refresh_reference(request: pytest.FixtureRequest) -> bool:
    """True when the run was asked to rewrite the reference outputs."""
    return bool(request.config.getoption("--refresh-reference"))
