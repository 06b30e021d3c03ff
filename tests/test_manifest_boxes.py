"""Each puzzle's `box` and `answer_box` in the manifest hold exactly its maze's strokes.

The test reads the PDF's own drawing operators (pypdf), follows the transformation matrix and
the answer forms, and compares the points drawn near each box with the box itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from mazebook.app.cli import main

PATH_OPS = {b"m": 2, b"l": 2, b"c": 6}


def _mul(a: list[float], b: list[float]) -> list[float]:
    """The PDF matrix product a x b (a applied first)."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def drawn_points(reader: PdfReader, page_index: int) -> np.ndarray:
    """Every path point (m, l, c) of a page in page coordinates, forms included."""
    page = reader.pages[page_index]
    out: list[tuple[float, float]] = []

    def walk(stream: object, resources: object, ctm: list[float]) -> None:
        content = ContentStream(stream, reader)
        stack: list[list[float]] = []
        for operands, op in content.operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op in PATH_OPS:
                values = [float(v) for v in operands]
                for i in range(0, len(values), 2):
                    x, y = values[i], values[i + 1]
                    out.append((ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]))
            elif op == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()  # type: ignore[index]
                matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                walk(xobject, xobject.get("/Resources", resources), _mul(matrix, ctm))

    walk(page.get_contents(), page["/Resources"], [1, 0, 0, 1, 0, 0])
    return np.array(out)


def _check_box(points: np.ndarray, box: list[float]) -> None:
    x0, y0, x1, y1 = box
    near = points[
        (points[:, 0] > x0 - 4)
        & (points[:, 0] < x1 + 4)
        & (points[:, 1] > y0 - 4)
        & (points[:, 1] < y1 + 4)
    ]
    assert len(near) > 10
    lo, hi = near.min(axis=0), near.max(axis=0)
    # every stroke point lies inside the box, and the box is no larger than the strokes plus
    # half the widest line (2.5 pt at most)
    assert x0 <= lo[0] + 1e-6 and y0 <= lo[1] + 1e-6 and hi[0] <= x1 + 1e-6 and hi[1] <= y1 + 1e-6
    assert lo[0] - x0 < 1.3 and lo[1] - y0 < 1.3 and x1 - hi[0] < 1.3 and y1 - hi[1] < 1.3


@pytest.mark.slow
@pytest.mark.parametrize("template", ["classic", "children"])
def test_boxes_hold_exactly_the_maze_strokes(tmp_path: Path, template: str) -> None:
    pdf = tmp_path / f"{template}.pdf"
    assert main(["build", template, "-o", str(pdf), "--quiet"]) == 0
    puzzles = json.loads(pdf.with_suffix(".json").read_text())["puzzles"]
    reader = PdfReader(str(pdf))
    for record in puzzles[:: max(1, len(puzzles) // 12)]:
        _check_box(drawn_points(reader, record["page"] - 1), record["box"])
        _check_box(drawn_points(reader, record["answer_page"] - 1), record["answer_box"])


def test_a_wrong_box_is_caught() -> None:
    points = np.array([[10.0, 10.0], [50.0, 10.0], [50.0, 40.0], [10.0, 40.0]] * 4)
    _check_box(points, [9.5, 9.5, 50.5, 40.5])
    with pytest.raises(AssertionError):
        _check_box(points, [11.0, 9.5, 50.5, 40.5])  # a stroke outside
    with pytest.raises(AssertionError):
        _check_box(points, [5.0, 9.5, 50.5, 40.5])  # a box larger than the strokes


@pytest.mark.slow
def test_worksheet_boxes_hold_exactly_the_maze_strokes(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--count", "6", "--per-page", "6", "-o", str(pdf), "--quiet"]) == 0
    puzzles = json.loads(pdf.with_suffix(".json").read_text())["puzzles"]
    sheets, key = PdfReader(str(pdf)), PdfReader(str(tmp_path / "sheet-answers.pdf"))
    for record in puzzles:
        _check_box(drawn_points(sheets, record["page"] - 1), record["box"])
        _check_box(drawn_points(key, record["answer_page"] - 1), record["answer_box"])
