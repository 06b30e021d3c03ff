"""Benchmark: a built book beside its matched floor, pair by pair (not a pytest file).

Run ``python tests/bench_book.py FLOOR_DIR [--pairs 5] [--puzzles 100,700]``, where FLOOR_DIR
is the folder that holds the matched floor ``book_matched.py`` (``../shared/bench`` beside the
project's worktrees). For each book size, each pair is two fresh processes run one after the
other: ``mazebook build -o b.pdf --quiet`` (the default template; ``--puzzles N`` scales its five
sections to N / 5 puzzles each, above 100 on the home printer: 700 make the 806-page book), then
``python FLOOR_DIR/book_matched.py b.json mazebook/fonts --cover --out f.pdf``, which reads the
manifest that build just wrote and draws the same pages with bare reportlab (the same puzzles at
the same sizes, as many candidate mazes as the build tried). Pairs alternate book, floor, book,
floor, so both see the same load on a shared machine; the ratio quoted is the median of the
pairs' CPU ratios (user + system time of the whole process, imports included). Also printed:
each side's median CPU and peak resident memory, the cost per page, and with two sizes the cost
of each page added (the slope between them, which shows whether the book grows linearly).

Both sides run as installed: Python's bytecode cache is kept (in a temporary folder, through
PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set) and one unpaired warm-up run of
each fills it; ``--no-cache`` compiles every module in every run instead (the cost of an
editable checkout under PYTHONDONTWRITEBYTECODE, about a tenth of the default book).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "mazebook" / "fonts"
FLOOR_SCRIPT = "book_matched.py"

#: Most CPU time of the book over its matched floor (median of the pairs' ratios), cost per
#: page over the floor's, and peak memory of the default book over the floor's (issue 33).
TARGET_CPU, TARGET_PER_PAGE, TARGET_MEMORY = 2.0, 2.0, 1.5


@dataclass(frozen=True)
class Run:
    """One process: CPU seconds (user + system), peak resident MB."""

    cpu: float
    peak_mb: float


@dataclass(frozen=True)
class Result:
    """The pairs of one book size, with what its manifest says."""

    puzzles: int
    pages: int
    candidates: int
    book: list[Run]
    floor: list[Run]

    @property
    def ratios(self) -> list[float]:
        return [b.cpu / f.cpu for b, f in zip(self.book, self.floor, strict=True)]

    def median(self, side: str, field: str) -> float:
        runs = self.book if side == "book" else self.floor
        return statistics.median(getattr(r, field) for r in runs)


def run_once(argv: list[str], env: dict[str, str]) -> Run:
    """CPU time and peak memory of one fresh process; a failed process ends the benchmark."""
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"bench_book: {' '.join(argv[:4])} ... failed with exit code {code}")
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def book_template(puzzles: int, folder: Path) -> list[str]:
    """The build's arguments for a book of ``puzzles`` puzzles: none for the default 100, else
    a copy of the default template with each section's count scaled (home printer above 100,
    which has no page limit)."""
    if puzzles == 100:
        return []
    text = (ROOT / "templates" / "classic.toml").read_text(encoding="utf-8")
    text = text.replace("count = 20", f"count = {max(1, puzzles // 5)}")
    if puzzles > 100:
        text = text.replace("bleed = false", 'bleed = false\nprinter = "home"')
    path = folder / f"book{puzzles}.toml"
    path.write_text(text, encoding="utf-8")
    return [str(path)]


def environment(folder: Path, cache: bool) -> dict[str, str]:
    """The processes' environment: a bytecode cache of their own under ``folder``, or none."""
    env = dict(os.environ)
    if cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def measure(puzzles: int, pairs: int, floor: Path, folder: Path, cache: bool) -> Result:
    """``pairs`` pairs of (build, floor on the build's manifest), alternating, after one
    unpaired warm-up run of each."""
    pdf = folder / f"b{puzzles}.pdf"
    build = [sys.executable, "-m", "mazebook", "build", *book_template(puzzles, folder)]
    build += ["-o", str(pdf), "--quiet"]
    manifest = pdf.with_suffix(".json")
    matched = [sys.executable, str(floor / FLOOR_SCRIPT), str(manifest), str(FONTS), "--cover"]
    matched += ["--out", str(folder / f"f{puzzles}.pdf")]
    env = environment(folder, cache)
    run_once(build, env)
    run_once(matched, env)
    book: list[Run] = []
    base: list[Run] = []
    for _ in range(pairs):
        book.append(run_once(build, env))
        base.append(run_once(matched, env))
    data = json.loads(manifest.read_text(encoding="utf-8"))
    candidates = sum(int(p["candidates"]) for p in data["puzzles"])
    return Result(puzzles, int(data["page_count"]), candidates, book, base)


def report(result: Result) -> None:
    ratio = statistics.median(result.ratios)
    book_cpu, floor_cpu = result.median("book", "cpu"), result.median("floor", "cpu")
    book_mb, floor_mb = result.median("book", "peak_mb"), result.median("floor", "peak_mb")
    per_page = (book_cpu / result.pages, floor_cpu / result.pages)
    print(
        f"{result.puzzles} puzzles, {result.pages} pages, {result.candidates} candidates "
        f"({result.candidates / result.puzzles:.2f} a puzzle), {len(result.ratios)} pairs:"
    )
    print(f"  book  CPU {book_cpu:.3f} s (median), peak {book_mb:.0f} MB")
    print(f"  floor CPU {floor_cpu:.3f} s (median), peak {floor_mb:.0f} MB")
    print(
        f"  ratio book/floor (median of pair ratios): {ratio:.2f}x "
        f"[{', '.join(f'{r:.2f}' for r in result.ratios)}] {_holds(ratio, TARGET_CPU)}"
    )
    print(
        f"  per page: book {1000 * per_page[0]:.2f} ms, floor {1000 * per_page[1]:.2f} ms, "
        f"{per_page[0] / per_page[1]:.2f}x {_holds(per_page[0] / per_page[1], TARGET_PER_PAGE)}"
    )
    print(
        f"  peak memory book/floor: {book_mb / floor_mb:.2f}x"
        + (f" {_holds(book_mb / floor_mb, TARGET_MEMORY)}" if result.puzzles == 100 else "")
    )


def report_slope(small: Result, large: Result) -> None:
    """Cost of each page added between two sizes, book beside floor (linear growth check)."""
    pages = large.pages - small.pages
    book = (large.median("book", "cpu") - small.median("book", "cpu")) / pages
    floor = (large.median("floor", "cpu") - small.median("floor", "cpu")) / pages
    print(
        f"each page added ({small.pages} -> {large.pages} pages): book {1000 * book:.2f} ms, "
        f"floor {1000 * floor:.2f} ms, {book / floor:.2f}x {_holds(book / floor, TARGET_PER_PAGE)}"
    )


def _holds(value: float, target: float) -> str:
    return f"(target at most {target}x: {'holds' if value <= target else 'MISSED'})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("floor", metavar="FLOOR_DIR", help=f"folder holding {FLOOR_SCRIPT}")
    parser.add_argument("--pairs", type=int, default=5, help="pairs of runs (default 5)")
    parser.add_argument(
        "--puzzles", default="100,700", help="comma-separated book sizes (default 100,700)"
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="no bytecode cache: compile in every run"
    )
    args = parser.parse_args()
    floor = Path(args.floor).resolve()
    if not (floor / FLOOR_SCRIPT).is_file():
        parser.error(
            f"no {FLOOR_SCRIPT} in {args.floor}: give the folder of the matched floor "
            "(../shared/bench beside the worktrees)"
        )
    try:
        sizes = [int(s) for s in args.puzzles.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--puzzles must be whole numbers, got {args.puzzles!r}")
    if not sizes or any(n < 5 for n in sizes) or args.pairs < 1:
        parser.error("--puzzles needs sizes of at least 5 and --pairs at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure(n, args.pairs, floor, Path(tmp), not args.no_cache) for n in sizes]
    for result in results:
        report(result)
    if len(results) >= 2:
        ordered = sorted(results, key=lambda r: r.pages)
        report_slope(ordered[0], ordered[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
