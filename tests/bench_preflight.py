"""Benchmark: preflight time and peak memory on the default book and on worst-case files.

Not collected by pytest. Run ``python tests/bench_preflight.py [--quick]`` from the repository:
each case runs in a fresh process and prints wall and CPU seconds and peak resident MB
(VmHWM, as ``/usr/bin/time -v`` reports it). The goals (issues 9 and 10): the default book
under 1 s, and any PDF up to 20 MB within 30 s and 1 GB, ending "too complex to check" rather
than running on.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1 << 20


def _stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def _pdf(path: Path, objects: list[bytes]) -> Path:
    out = b"%PDF-1.7\n"
    offsets = []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    path.write_bytes(out)
    return path


def _pages(path: Path, contents: list[bytes], resources: bytes = b"<< >>", more=()) -> Path:
    """Pages 6 x 9 in, one per content stream (already a stream object's text)."""
    n = len(contents)
    first_page = 3
    kids = b" ".join(b"%d 0 R" % (first_page + 2 * i) for i in range(n))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, n),
    ]
    extra_first = first_page + 2 * n
    resources = resources.replace(b"@", b"%d" % extra_first)
    for i, content in enumerate(contents):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] "
            b"/Resources %s /Contents %d 0 R >>" % (resources, first_page + 2 * i + 1)
        )
        objects.append(content)
    objects.extend(more)
    return _pdf(path, objects)


def _deflated(data: bytes) -> bytes:
    return _stream(zlib.compress(data, 9), b"/Filter /FlateDecode")


def make_cases(folder: Path, quick: bool) -> dict[str, Path]:
    """Worst-case files, each under 20 MB."""
    scale = 8 if quick else 1
    cases: dict[str, Path] = {}
    # many short path operators in one stream: the operator budget
    lines = b"".join(
        b"%d %d m %d %d l S\n" % (i % 300 + 72, i % 500 + 72, i % 300 + 80, i % 500 + 72)
        for i in range(4_000_000 // scale)
    )
    cases["paths"] = _pages(folder / "paths.pdf", [_deflated(lines)])
    # text shows with a real width table: the costliest operator
    font = (
        b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] "
        b"/FirstChar 32 /LastChar 126 /Widths [%s] >>" % (b" ".join([b"500"] * 95))
    )
    text = b"BT /F1 10 Tf 72 300 Td " + b"(Hello maze) Tj 0 -1 Td\n" * (2_000_000 // scale) + b"ET"
    cases["text"] = _pages(
        folder / "text.pdf", [_deflated(text)], b"<< /Font << /F1 @ 0 R >> >>", [font]
    )
    arrays = b"[" + b"(a) 1 " * 49_000 + b"] TJ\n"
    arrays = b"BT /F1 10 Tf 72 300 Td " + arrays * (100 // scale) + b" ET"
    cases["text arrays"] = _pages(
        folder / "arrays.pdf", [_deflated(arrays)], b"<< /Font << /F1 @ 0 R >> >>", [font]
    )
    # a stream that unpacks to far more than the decompression budget
    cases["zip bomb"] = _pages(folder / "zip.pdf", [_deflated(b" " * (1_000_000_000 // scale))])
    # forms drawing forms tenfold, nine deep
    forms = []
    for level in range(9):
        number = 3 + 2 + level
        body = b"/Y Do " * 10 if level < 8 else b"72 72 m 144 72 l S"
        res = b"<< /XObject << /Y %d 0 R >> >>" % (number + 1) if level < 8 else b"<< >>"
        forms.append(_stream(body, b"/Subtype /Form /BBox [0 0 9 9] /Resources " + res))
    cases["form bomb"] = _pages(
        folder / "forms.pdf", [_stream(b"/Y Do")], b"<< /XObject << /Y 5 0 R >> >>", forms
    )
    # a form that draws itself
    self_form = _stream(b"/X Do " * 12, b"/Subtype /Form /Resources << /XObject << /X 5 0 R >> >>")
    cases["self form"] = _pages(
        folder / "self.pdf", [_stream(b"/X Do")], b"<< /XObject << /X 5 0 R >> >>", [self_form]
    )
    # many pages
    cases["pages"] = _pages(
        folder / "pages.pdf", [_stream(b"72 72 m 100 72 l S")] * (5000 // scale)
    )
    # a long run of operands and of nested q
    cases["operands"] = _pages(folder / "operands.pdf", [_deflated(b"1 " * (50_000_000 // scale))])
    cases["saves"] = _pages(folder / "saves.pdf", [_deflated(b"q " * (5_000_000 // scale))])
    # a hundred million comments, and numbers in runs just under the operand limit
    cases["comments"] = _pages(
        folder / "comments.pdf", [_deflated(b"%\n" * (100_000_000 // scale))]
    )
    run = b"1 " * 99_000 + b"n\n"
    cases["numbers"] = _pages(folder / "numbers.pdf", [_deflated(run * (600 // scale))])
    return cases


def measure(path: Path, *options: str) -> dict[str, object]:
    """Run preflight on ``path`` in a fresh process; seconds, peak MB and the last line."""
    code = (
        "import sys, time\n"
        "from mazebook.app.cli import main\n"
        "import io, contextlib\n"
        "out = io.StringIO()\n"
        "t = time.perf_counter()\n"
        "cpu = time.process_time()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    rc = main(['preflight', *sys.argv[1:]])\n"
        "seconds = time.perf_counter() - t\n"
        "cpu = time.process_time() - cpu\n"
        "status = open('/proc/self/status').read().split('VmHWM:')[1].split()[0]\n"
        "peak = int(status) / 1024  # this process's own peak (ru_maxrss counts the parent's)\n"
        "lines = [l for l in out.getvalue().splitlines() if 'FAIL' in l]\n"
        "import json; print(json.dumps({'rc': rc, 'seconds': round(seconds, 2), "
        "'cpu_seconds': round(cpu, 2), "
        "'peak_mb': round(peak), 'fails': lines[:2]}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path), *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    result["size_mb"] = round(path.stat().st_size / MB, 2)
    return result


def main() -> None:
    """Build the default book, make the worst cases, and print one JSON line per case."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller files, for a smoke run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        book = folder / "classic.pdf"
        subprocess.run(
            [sys.executable, "-m", "mazebook", "build", "classic", "-o", str(book), "-q"],
            cwd=ROOT,
            check=True,
        )
        print("default book", json.dumps(measure(book)))
        for name, path in make_cases(folder, args.quick).items():
            print(name, json.dumps(measure(path, "--loose")))


if __name__ == "__main__":
    main()
