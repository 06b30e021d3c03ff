"""Benchmark: a series of N volumes, one job and two (not a pytest file).

Run ``python tests/bench_series.py [--template classic] [--volumes 10] [--runs 3]``. Each run
is a fresh `mazebook build TEMPLATE --volumes N --jobs J` process, timed whole (imports
included) by its wall time, beside one book of the same template (`mazebook build TEMPLATE`).
Prints the medians and the two promises of the series build: N volumes in one job take no
more than N times one book, and two jobs are at least 1.6 times as fast as one on two cores;
and checks that both jobs wrote the same bytes. Beside each wall time it prints the CPU time
(user + system) of the process and its workers, and first the speed-up the machine itself
gives two processes of a plain Python loop: on a shared or throttled machine that ceiling, not
the build, can keep two jobs under 1.6x (the CPU times then show the work was not duplicated).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: (wall, CPU) seconds of every timed run, by its label.
CPU: dict[str, list[float]] = {}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args: list[str], label: str = "") -> float:
    """Wall seconds of one `mazebook` process (its CPU seconds, workers included, kept under
    ``label``)."""
    started, cpu = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-m", "mazebook", *args], check=True, cwd=ROOT)
    CPU.setdefault(label, []).append(_cpu() - cpu)
    return time.perf_counter() - started


def _loop(_: int) -> int:
    total = 0
    for i in range(15_000_000):
        total += i
    return total


def machine_ceiling() -> float:
    """How much faster two processes run four plain loops than one process: what this
    machine gives two jobs at best."""
    started = time.perf_counter()
    for n in range(4):
        _loop(n)
    one = time.perf_counter() - started
    with multiprocessing.get_context("fork").Pool(2) as pool:
        started = time.perf_counter()
        pool.map(_loop, range(4), chunksize=1)
        two = time.perf_counter() - started
    return one / two


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--template", default="classic")
    parser.add_argument("--volumes", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    n = args.volumes
    print(f"{args.template}: {n} volumes, {args.runs} runs each, {os.cpu_count()} cores")
    ceiling = machine_ceiling()
    print(f"  this machine runs two plain loops {ceiling:.2f}x as fast as one")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        book, one, two = [], [], []
        for run in range(args.runs):  # interleaved, so a busy moment hits every kind alike
            book.append(timed(["build", args.template, "-q", "-o", str(out / "b" / "b.pdf")]))
            for jobs, times in ((1, one), (2, two)):
                target = out / f"j{jobs}" / "s.pdf"
                series = ["build", args.template, "-q", "-o", str(target)]
                command = [*series, "--volumes", str(n), "--jobs", str(jobs)]
                times.append(timed(command, f"{jobs} job"))
            print(
                f"  run {run + 1}: book {book[-1]:.1f} s, 1 job {one[-1]:.1f} s, "
                f"2 jobs {two[-1]:.1f} s"
            )
        same = files(out / "j1") == files(out / "j2")
    b, o, t = (statistics.median(x) for x in (book, one, two))
    print(
        f"one book {b:.1f} s; {n} volumes: 1 job {o:.1f} s ({o / b:.2f} books), "
        f"2 jobs {t:.1f} s; 2 jobs are {o / t:.2f}x as fast as 1"
    )
    c1, c2 = (statistics.median(CPU[f"{j} job"]) for j in (1, 2))
    print(
        f"  CPU (workers included): 1 job {c1:.1f} s, 2 jobs {c2:.1f} s; on two free cores "
        f"two jobs would take about {c2 / 2:.1f} s, {c1 / (c2 / 2):.2f}x as fast as one (a "
        f"projection, not a measurement); the machine's ceiling now {machine_ceiling():.2f}x"
    )
    print(
        f"  N volumes within N books: {'yes' if o <= n * b else 'NO'}; "
        f"2 jobs at least 1.6x: {'yes' if o / t >= 1.6 else 'NO'}; "
        f"same bytes: {'yes' if same else 'NO'}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
