"""Run a command in a process of its own and weigh that one process's peak memory."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Weighed:
    """A finished child: its exit code, its standard error and its own peak RSS in KiB."""

    returncode: int
    stderr: str
    peak_kb: int


def weigh(argv: list[str], timeout: float = 120.0) -> Weighed:
    """Run ``argv`` and read its peak from ``wait4``, so no other child of pytest is counted.

    ``resource.getrusage(RUSAGE_CHILDREN)`` is the largest child reaped so far by the whole test
    session (a build earlier in the run counts); ``wait4``'s rusage is this child's alone.
    """
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err
        )
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid == child.pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                child.returncode = -9
                raise subprocess.TimeoutExpired(argv, timeout)
            time.sleep(0.02)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return Weighed(child.returncode, text, usage.ru_maxrss)
