"""The memory tests' scale: a command's peak is its own, whatever its parent holds."""

from __future__ import annotations

import sys

from .peak import weigh


def test_a_command_weighs_its_own_memory_not_its_parents() -> None:
    """Linux keeps a forked child's ru_maxrss across exec, so a command forked straight from a
    pytest holding 300 MB would weigh 300 MB; weigh() forks it from a small launcher."""
    held = bytearray(300 * 1024 * 1024)
    held[::4096] = b"\1" * len(held[::4096])  # touched: resident, not only reserved
    small = weigh([sys.executable, "-c", "pass"])
    large = weigh([sys.executable, "-c", "x = bytearray(200 * 1024 * 1024)"])
    assert len(held) and small.returncode == 0 and large.returncode == 0
    assert small.peak_kb < 100 * 1024, small.peak_kb
    assert 200 * 1024 <= large.peak_kb < 300 * 1024, large.peak_kb
