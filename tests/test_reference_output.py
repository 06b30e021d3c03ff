"""Reference outputs: the bytes mazebook promises to keep ("same seed, same maze").

Every case below is made through the command line, so the test does not depend on where code
lives inside the package. Small outputs (maze JSON and SVG, manifests) are stored whole under
``tests/reference/``; PDFs are stored as their SHA-256 in ``tests/reference/pdf-sha256.json``,
with a readable dump of their pages (tests/pdfdump.py: boxes, text, drawing operators) under
``tests/reference/pdf/``, so a failure shows what changed, page by page, not only two hashes.

A change that alters any of them fails here. When a change is meant to alter output, refresh
the files and commit them with the change, saying why::

    python -m pytest tests/test_reference_output.py --refresh-reference

The last tests show that a single changed byte is caught.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from mazebook.app.cli import main
from mazebook.core.generators import REGISTRY
from tests import pdfdump

REFERENCE = Path(__file__).parent / "reference"
PDF_HASHES = REFERENCE / "pdf-sha256.json"
PDF_DUMPS = REFERENCE / "pdf"

#: Every registered generator: a new one fails here until its reference is added.
GENERATORS = tuple(REGISTRY)

#: One maze per shape: (name, extra command-line arguments).
SHAPE_CASES = (
    ("circle", ["--shape", "circle", "--size", "1x6"]),
    ("hex", ["--shape", "hex", "--size", "9x7"]),
    ("triangle", ["--shape", "triangle", "--size", "12x7"]),
    ("mask-heart", ["--shape", "mask", "--mask", "heart", "--size", "16x14"]),
    ("weave", ["--weave", "1", "--size", "14x10"]),
    ("weave-kruskal", ["--weave", "0.6", "--algorithm", "kruskal", "--size", "14x10"]),
)

TEMPLATES = ("classic", "children", "a4", "worksheet")


def _maze(tmp_path: Path, name: str, fmt: str, args: list[str]) -> bytes:
    out = tmp_path / f"{name}.{fmt}"
    code = main(["maze", *args, "--seed", "20261123", "--solution", "-o", str(out)])
    assert code == 0
    return out.read_bytes()


def _check_bytes(actual: bytes, name: str, refresh: bool) -> None:
    """Compare with (or, when refreshing, rewrite) the stored reference file ``name``."""
    path = REFERENCE / name
    if refresh:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(actual)
        return
    assert path.exists(), f"no reference {name}: run with --refresh-reference"
    expected = path.read_bytes()
    assert actual == expected, (
        f"{name} differs from its reference ({_first_difference(actual, expected)})"
    )


def _first_difference(a: bytes, b: bytes) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"first at byte {i}"
    return f"lengths {len(a)} and {len(b)}"


def _check_hash(
    data: bytes, key: str, hashes: dict[str, str], refresh: bool, dumps: Path = PDF_DUMPS
) -> None:
    """Compare a PDF's SHA-256 with the stored one (or store it and its dump, when refreshing);
    a difference is shown as the first changed lines of the pages' dumps."""
    digest = hashlib.sha256(data).hexdigest()
    stored = dumps / f"{key}.txt.gz"
    if refresh:
        hashes[key] = digest
        dumps.mkdir(parents=True, exist_ok=True)
        stored.write_bytes(pdfdump.pack(pdfdump.dump(data)))
        return
    assert key in hashes, f"no reference hash for {key}: run with --refresh-reference"
    if digest == hashes[key]:
        return
    shown = "no stored dump to compare: run with --refresh-reference"
    if stored.exists():
        shown = pdfdump.difference(pdfdump.unpack(stored.read_bytes()), pdfdump.dump(data))
    raise AssertionError(f"{key} differs from its reference (SHA-256 {digest}):\n{shown}")


@pytest.fixture(scope="module")
def pdf_hashes(request: pytest.FixtureRequest) -> dict[str, str]:
    """The stored PDF hashes; written back at the end of the module when refreshing."""
    refresh = request.config.getoption("--refresh-reference")
    hashes: dict[str, str] = {} if refresh else json.loads(PDF_HASHES.read_text())
    yield hashes
    if refresh:
        merged = json.loads(PDF_HASHES.read_text()) if PDF_HASHES.exists() else {}
        merged.update(hashes)
        PDF_HASHES.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("algorithm", GENERATORS)
@pytest.mark.parametrize("fmt", ["json", "svg"])
def test_one_maze_per_generator(
    tmp_path: Path, refresh_reference: bool, algorithm: str, fmt: str
) -> None:
    data = _maze(tmp_path, algorithm, fmt, ["--algorithm", algorithm, "--size", "11x8"])
    _check_bytes(data, f"maze-{algorithm}.{fmt}", refresh_reference)


@pytest.mark.parametrize(("name", "args"), SHAPE_CASES, ids=[c[0] for c in SHAPE_CASES])
@pytest.mark.parametrize("fmt", ["json", "svg"])
def test_one_maze_per_shape(
    tmp_path: Path, refresh_reference: bool, name: str, args: list[str], fmt: str
) -> None:
    data = _maze(tmp_path, name, fmt, args)
    _check_bytes(data, f"shape-{name}.{fmt}", refresh_reference)


def test_single_maze_pdf(
    tmp_path: Path, refresh_reference: bool, pdf_hashes: dict[str, str]
) -> None:
    data = _maze(tmp_path, "single", "pdf", ["--algorithm", "prim", "--size", "30x40"])
    _check_hash(data, "maze-prim-30x40.pdf", pdf_hashes, refresh_reference)


@pytest.mark.slow
@pytest.mark.parametrize("template", TEMPLATES)
def test_shipped_template(
    tmp_path: Path, refresh_reference: bool, pdf_hashes: dict[str, str], template: str
) -> None:
    out = tmp_path / f"{template}.pdf"
    assert main(["build", template, "-o", str(out), "--quiet"]) == 0
    _check_bytes(out.with_suffix(".json").read_bytes(), f"book-{template}.json", refresh_reference)
    _check_hash(out.read_bytes(), f"book-{template}.pdf", pdf_hashes, refresh_reference)
    for extra in ("answers", "cover"):  # a worksheet's answer key, a book's cover
        path = out.with_name(f"{template}-{extra}.pdf")
        if path.exists():
            _check_hash(
                path.read_bytes(), f"book-{template}-{extra}.pdf", pdf_hashes, refresh_reference
            )


# --- the comparison itself must fail when it should ------------------------------------------


def _flip_one_byte(data: bytes, at: int) -> bytes:
    changed = bytearray(data)
    changed[at] ^= 0x01
    return bytes(changed)


@pytest.mark.parametrize(
    ("name", "check"),
    [
        ("maze-backtracker.svg", lambda data: _check_bytes(data, "maze-backtracker.svg", False)),
        ("book-classic.json", lambda data: _check_bytes(data, "book-classic.json", False)),
    ],
)
def test_a_changed_byte_is_caught(name: str, check: Callable[[bytes], None]) -> None:
    stored = (REFERENCE / name).read_bytes()
    check(stored)  # the stored bytes themselves pass
    for at in (0, len(stored) // 2, len(stored) - 1):
        with pytest.raises(AssertionError, match="differs from its reference"):
            check(_flip_one_byte(stored, at))


def _tiny_pdf(level: int, x: float) -> bytes:
    """A one-page PDF with a line of text and one stroke (reportlab, invariant bytes)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100), invariant=True)
    canvas.drawString(10, 80, f"Puzzle 1 Level {level}")
    canvas.line(x, 10, 150, 10)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_changed_pdf_is_caught_and_shown(tmp_path: Path) -> None:
    before = _tiny_pdf(3, 20.0)
    hashes: dict[str, str] = {}
    _check_hash(before, "probe.pdf", hashes, True, tmp_path)  # store it
    _check_hash(before, "probe.pdf", hashes, False, tmp_path)  # the same bytes pass
    with pytest.raises(AssertionError, match="differs from its reference"):
        _check_hash(_flip_one_byte(before, 5), "probe.pdf", hashes, False, tmp_path)
    with pytest.raises(AssertionError) as caught:
        _check_hash(_tiny_pdf(4, 25.0), "probe.pdf", hashes, False, tmp_path)
    message = str(caught.value)
    assert "@@ page 1" in message  # where
    assert "- text: Puzzle 1 Level 3" in message and "+ text: Puzzle 1 Level 4" in message
    assert "-   20 10 m 150 10 l S" in message.replace("n ", "")  # the drawing operator
    assert "+   25 10 m 150 10 l S" in message.replace("n ", "")


def test_every_stored_pdf_hash_has_its_dump() -> None:
    hashes = json.loads(PDF_HASHES.read_text())
    assert sorted(p.name.removesuffix(".txt.gz") for p in PDF_DUMPS.glob("*.txt.gz")) == sorted(
        hashes
    )


@pytest.mark.slow
def test_environment_does_not_change_bytes(tmp_path: Path) -> None:
    """Same template and seed, same bytes: whatever the clock variable, time zone, locale,
    hash seed or working directory of the process that builds them."""
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "SOURCE_DATE_EPOCH": "1234567890",
        "TZ": "Pacific/Chatham",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "12345",
    }
    work = tmp_path / "elsewhere"
    work.mkdir()
    subprocess.run(
        [sys.executable, "-m", "mazebook", "build", "worksheet", "-o", "worksheet.pdf", "--quiet"],
        cwd=work,
        env=env,
        check=True,
    )
    hashes = json.loads(PDF_HASHES.read_text())
    for name in ("worksheet.pdf", "worksheet-answers.pdf"):
        digest = hashlib.sha256((work / name).read_bytes()).hexdigest()
        assert digest == hashes[f"book-{name}"], name
    manifest = (work / "worksheet.json").read_bytes()
    assert manifest == (REFERENCE / "book-worksheet.json").read_bytes()
