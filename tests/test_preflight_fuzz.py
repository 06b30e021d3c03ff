"""Seeded mutation fuzzing: a few hundred broken copies of a PDF (truncated, bytes flipped,
headers forged, numbers blown up). preflight either reports or raises a MazebookError; no
library exception escapes and no mutant runs on (an alarm fails the test if one hangs)."""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from mazebook.errors import MazebookError
from mazebook.preflight import Report, preflight

from .test_preflight import FONT, IN

MUTANTS = 300
SEED = 20261123
#: A mutant still running after this many seconds has hung (a healthy one takes milliseconds).
HANG = 20


class Hung(Exception):
    """Raised by the alarm."""


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Raise Hung in the main thread after ``seconds``."""

    def ring(signum: int, frame: object) -> None:
        raise Hung

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def seed_pdf(path: Path, *, compress: bool) -> bytes:
    """Four pages with text, lines, curves, a form drawn twice and a grey fill."""
    canvas = Canvas(str(path), pagesize=(6 * IN, 9 * IN), invariant=1, pageCompression=compress)
    canvas.beginForm("maze")
    canvas.setLineWidth(2)  # 1 pt when drawn at half size
    canvas.rect(0, 0, 100, 100)
    canvas.bezier(0, 0, 30, 80, 70, 80, 100, 0)
    canvas.endForm()
    for number in range(1, 5):
        canvas.setFont(FONT, 12)
        canvas.drawString(IN, 8 * IN, f"Puzzle ({number})")
        canvas.setFillGray(0.8)
        canvas.rect(IN, IN, 2 * IN, IN, fill=1, stroke=0)
        canvas.saveState()
        canvas.translate(2 * IN, 3 * IN)
        canvas.doForm("maze")
        canvas.scale(0.5, 0.5)
        canvas.doForm("maze")
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return path.read_bytes()


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One random kind of damage."""
    kind = rng.randrange(6)
    if kind == 0:  # truncate
        return data[: rng.randrange(len(data))]
    if kind == 1:  # flip bytes
        out = bytearray(data)
        for _ in range(rng.randint(1, 12)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 2:  # forge the header or the trailer
        forged = rng.choice([b"%PDF-9.9", b"%FDP-1.4", b"%PDF-1.4\x00\xff", b"GIF89a"])
        if rng.random() < 0.5:
            return forged + data[8:]
        return data.replace(b"/Root", rng.choice([b"/Encrypt 1 0 R /Root", b"/Rooot", b"/Root 99"]))
    if kind == 3:  # blow up or break a number
        numbers = list(re.finditer(rb"-?\d+(\.\d+)?", data))
        match = rng.choice(numbers)
        new = rng.choice([b"99999999999", b"-1", b"1e308", b"0", b"3.4.5", b"nan"])
        return data[: match.start()] + new + data[match.end() :]
    if kind == 4:  # duplicate or drop a chunk
        start = rng.randrange(len(data))
        end = min(len(data), start + rng.randint(1, 400))
        if rng.random() < 0.5:
            return data[:start] + data[start:end] * rng.randint(2, 50) + data[end:]
        return data[:start] + data[end:]
    keywords = [b"stream", b"endobj", b" obj", b"/Length", b"/Filter", b"/Font", b"/XObject"]
    keyword = rng.choice(keywords)  # damage right at a structural keyword
    at = data.find(keyword, rng.randrange(len(data)))
    at = data.find(keyword) if at < 0 else at
    return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[at:]


@pytest.mark.slow
@pytest.mark.parametrize("compress", [True, False])
def test_mutants_report_or_raise_mazebook_errors(tmp_path: Path, compress: bool) -> None:
    original = seed_pdf(tmp_path / "seed.pdf", compress=compress)
    assert preflight(tmp_path / "seed.pdf", loose=True).ok
    rng = random.Random(SEED + compress)
    outcomes = {"report": 0, "refused": 0}
    path = tmp_path / "mutant.pdf"
    for number in range(MUTANTS // 2):
        mutant = mutate(original, rng)
        path.write_bytes(mutant)
        try:
            with alarm(HANG):
                result = preflight(path, loose=True)
        except MazebookError as exc:
            assert "\n" not in str(exc), (number, str(exc))
            outcomes["refused"] += 1
        except Hung:
            pytest.fail(f"mutant {number} ran over {HANG} s")
        else:
            assert isinstance(result, Report)
            outcomes["report"] += 1
    assert outcomes["report"] and outcomes["refused"], outcomes  # both paths exercised
