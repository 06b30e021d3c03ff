"""Shared test settings: a hypothesis profile sized so the whole suite stays fast on CI."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

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


@pytest.fixture
def no_hang() -> Iterator[None]:
    """A test that hangs or blocks (a huge format width, a FIFO) fails after 60 s instead of
    holding up the suite."""

    def fail(_signum: int, _frame: object) -> None:
        raise AssertionError("still running after 60 s")

    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
