"""Benchmark: the default 100-puzzle book beside a plain reportlab reference (not a pytest file).

Run ``python tests/bench_book.py [--runs 5] [--puzzles 100]``. Each run is a fresh Python
process, timed whole (imports included) by its CPU time (user + system) and wall time, with its
peak resident memory. The reference makes the same number of mazes (100 backtracker mazes of
40 x 60 cells, about a full letter page at 3.5 mm cells) with mazebook.generate and draws them
with plain reportlab calls, one page per maze and one per solution: no difficulty search, no
layout, no front matter, no answer grid, no manifest. The book is ``mazebook build`` of the
default template (with its cover). ``--puzzles N`` scales both: the default template's five
sections make N / 5 puzzles each (above 100 puzzles on the home printer, which has no page
limit and no cover: 700 puzzles make an 826-page book) and the reference makes N mazes.
Prints the medians, the ratio book/reference, and the peak memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

REFERENCE = r"""
import sys
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas
from mazebook import generate

W, H, N = 40, 60, int(sys.argv[2])


def runs(present, outer, inner):
    # maximal runs of True in present[outer][inner]: (outer, start, end)
    out = []
    for o in range(outer):
        row = present[o]
        start = None
        for i in range(inner + 1):
            on = i < inner and row[i]
            if on and start is None:
                start = i
            elif not on and start is not None:
                out.append((o, start, i))
                start = None
    return out


def walls(maze):
    bits = maze.walls
    horiz = [[False] * W for _ in range(H + 1)]
    vert = [[False] * H for _ in range(W + 1)]
    for y in range(H):
        for x in range(W):
            b = bits[y][x]
            if b & 1: horiz[y][x] = True
            if b & 4: horiz[y + 1][x] = True
            if b & 8: vert[x][y] = True
            if b & 2: vert[x + 1][y] = True
    segs = [(x0, y, x1, y) for y, x0, x1 in runs(horiz, H + 1, W)]
    segs += [(x, y0, x, y1) for x, y0, y1 in runs(vert, W + 1, H)]
    return segs


def draw(c, maze, solution):
    # cell units under one scaling transform, the path written as literal operators
    s = min(540 / W, 720 / H)
    ops = [f"q {s:.4f} 0 0 {-s:.4f} 36 756 cm 1 J 1 j"]
    if solution:
        pts = " l ".join(f"{c_ % W + 0.5} {c_ // W + 0.5}" for c_ in maze.solution_cells)
        ops.append(f"0.45 G {2 / s:.4f} w {pts.replace(' l ', ' m ', 1)} l S")
    ops.append(f"0 G {1 / s:.4f} w")
    ops.append(" ".join(f"{x0} {y0} m {x1} {y1} l" for x0, y0, x1, y1 in walls(maze)))
    ops.append("S Q")
    c.addLiteral("\n".join(ops))
    c.showPage()


c = Canvas(sys.argv[1], pagesize=letter, invariant=1, pageCompression=1)
for i in range(N):
    maze = generate("backtracker", W, H, seed=i)
    draw(c, maze, False)
    draw(c, maze, True)
c.save()
"""

#: Most CPU time of the book over the reference, by puzzles: the default book, and 700 (826
#: pages); other counts are held to the larger book's.
TARGETS = {100: 1.2, 700: 1.5}

BOOK = (
    "import sys; from mazebook.app.cli import main; "
    "sys.exit(main(['build', *sys.argv[2:], '--quiet', '-o', sys.argv[1]]))"
)


def book_template(puzzles: int, folder: Path) -> list[str]:
    """The build's arguments for a book of ``puzzles`` puzzles: none for the default 100, else
    a copy of the default template with each section's count scaled."""
    if puzzles == 100:
        return []
    text = (ROOT / "templates" / "classic.toml").read_text(encoding="utf-8")
    text = text.replace("count = 20", f"count = {max(1, puzzles // 5)}")
    if puzzles > 100:
        text = text.replace("bleed = false", 'bleed = false\nprinter = "home"')
    path = folder / "book.toml"
    path.write_text(text, encoding="utf-8")
    return [str(path)]


def run_once(code: str, out: str, *args: str) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak MB) of one fresh process running ``code``."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, out, *args], cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"benchmark process failed with exit code {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def measure(code: str, out: str, runs: int, *args: str) -> dict[str, float]:
    results = [run_once(code, out, *args) for _ in range(runs)]
    return {
        "cpu": statistics.median(r[0] for r in results),
        "wall": statistics.median(r[1] for r in results),
        "peak_mb": max(r[2] for r in results),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--puzzles", type=int, default=100, help="puzzles (default 100)")
    args = parser.parse_args()
    n = args.puzzles
    with tempfile.TemporaryDirectory() as tmp:
        ref = measure(REFERENCE, str(Path(tmp) / "reference.pdf"), args.runs, str(n))
        extra = book_template(n, Path(tmp))
        book = measure(BOOK, str(Path(tmp) / "book.pdf"), args.runs, *extra)
    print(f"median of {args.runs} runs, whole process (imports included):")
    print(
        f"  reference ({n} mazes 40x60 + {n} solutions, plain reportlab): "
        f"{ref['cpu']:.2f} s CPU, {ref['wall']:.2f} s wall, peak {ref['peak_mb']:.0f} MB"
    )
    print(
        f"  book (default template, {n} puzzles, difficulty search, front matter, answers): "
        f"{book['cpu']:.2f} s CPU, {book['wall']:.2f} s wall, peak {book['peak_mb']:.0f} MB"
    )
    ratio = book["cpu"] / ref["cpu"]
    print(
        f"  ratio book/reference (CPU): {ratio:.2f} (target at most {TARGETS.get(n, 1.5)}); "
        f"peak memory {book['peak_mb']:.0f} MB (target under 150 MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
