"""Run a command in a process of its own and weigh that one process's peak memory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass

#: A small Python that forks the command, waits for it and prints its peak RSS (KiB). A child's
#: ru_maxrss keeps the peak of the memory image it was forked with (Linux does not reset it at
#: exec), so the command is forked from this small process, never from pytest (hundreds of MB
#: late in a session).
LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # its output: not mixed with the number
        os.execv(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
"""


@dataclass(frozen=True)
class Weighed:
    """A finished command: its exit code, its standard error and its own peak RSS in KiB (its
    standard output is dropped)."""

    returncode: int
    stderr: str
    peak_kb: int


def weigh(argv: list[str], timeout: float = 120.0) -> Weighed:
    """Run ``argv`` (its first item a path to an executable) and read its peak memory."""
    launcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a timeout stops the command too
    )
    try:
        out, err = launcher.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(launcher.pid, signal.SIGKILL)
        launcher.communicate()
        raise
    return Weighed(launcher.returncode, err, int(out.strip().splitlines()[-1]))
