"""Every page, form and font stream mazebook writes is binary Flate at zlib's fastest level
(render/pdfobjects.use_binary_streams, set on each document new_canvas makes; issue 33): no
ASCII85 text around it, and it inflates to what was drawn. reportlab's own defaults are never
changed, so other documents, pictures (which reportlab encodes as they are drawn) and threads
drawing at the same time see them as they are."""

from __future__ import annotations

import io
import re
import sys
import threading
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import StreamObject
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from mazebook.render.pdf import new_canvas
from mazebook.render.pdfobjects import STREAM_LEVEL

_STREAM = re.compile(rb"<<([^>]*?/Length (\d+)[^>]*?)>>\s*stream\r?\n", re.S)


def _pdf(drawn: str, pages: int = 1) -> bytes:
    """A PDF whose pages draw ``drawn`` as literal operators, with a line of text."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (200.0, 200.0))
    for _ in range(pages):
        canvas.drawString(10, 10, "START")
        canvas.addLiteral(drawn)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _streams(data: bytes) -> list[tuple[bytes, bytes]]:
    """Each stream's dictionary text and its bytes as stored."""
    found = []
    for match in _STREAM.finditer(data):
        start = match.end()
        found.append((match.group(1), data[start : start + int(match.group(2))]))
    return found


def _drawing(points: list[tuple[int, int]]) -> str:
    return "\n".join(f"{x} {y} m {y} {x} l" for x, y in points) + "\nS"


@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), min_size=1, max_size=60))
@settings(max_examples=40, deadline=None)
def test_every_stream_is_binary_flate_that_inflates_to_the_drawing(
    points: list[tuple[int, int]],
) -> None:
    drawn = _drawing(points)
    data = _pdf(drawn)
    streams = _streams(data)
    assert streams, "the page has a content stream"
    assert b"ASCII85Decode" not in data
    contents = []
    for dictionary, stored in streams:
        assert b"/FlateDecode" in dictionary
        raw = zlib.decompress(stored)
        assert zlib.compress(raw, STREAM_LEVEL) == stored  # at the fastest level
        contents.append(raw)
    assert any(drawn.encode("ascii") in raw for raw in contents)


def test_without_it_the_pages_are_not_compressed() -> None:
    """use_binary_streams is what compresses them (the canvas is made with reportlab's page
    compression off, so no ASCII85 filter is ever chosen)."""
    drawn = _drawing([(i % 37, i % 23) for i in range(500)])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("mazebook.render.pdf.use_binary_streams", lambda doc: None)
        plain = _pdf(drawn)
    assert drawn.encode("ascii") in plain
    assert drawn.encode("ascii") not in _pdf(drawn)


def test_reportlab_s_defaults_are_left_as_they_are(tmp_path: Path) -> None:
    """Other users of reportlab in the process keep its defaults: ASCII85 on, its own Flate
    filter, and an inline image (which needs ASCII85 text) still draws."""
    own_filter = pdfdoc.PDFZCompress
    _pdf(_drawing([(1, 2)]))
    assert rl_config.useA85 and pdfdoc.PDFZCompress is own_filter
    other = Canvas(str(tmp_path / "other.pdf"), pageCompression=0)
    other.drawInlineImage(_gray_png(tmp_path), 0, 0, 10, 10)
    other.showPage()
    other.save()
    assert b"/A85" in (tmp_path / "other.pdf").read_bytes()


def _gray_png(tmp_path: Path) -> str:
    from PIL import Image

    path = tmp_path / "gray.png"
    Image.new("L", (4, 4), 128).save(path)
    return str(path)


def test_documents_saved_in_threads_at_once_are_each_the_file_saved_alone() -> None:
    """Documents made in several threads at once (a library caller's) are each the file made
    alone: nothing a document sets is seen by another."""
    drawings = [_drawing([(i, j % 97) for j in range(50)]) for i in range(4)]
    alone = [_pdf(drawn, pages=150) for drawn in drawings]
    together: list[bytes] = [b""] * len(drawings)
    ready = threading.Barrier(len(drawings))

    def save(i: int) -> None:
        ready.wait()
        together[i] = _pdf(drawings[i], pages=150)

    threads = [threading.Thread(target=save, args=(i,)) for i in range(len(drawings))]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads take turns often, inside each other's saves
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


def test_a_picture_keeps_reportlab_s_encoding_and_every_stream_reads(tmp_path: Path) -> None:
    """A picture's stream is encoded by reportlab as it is drawn (its own filters); the page
    around it is binary Flate, and a PDF reader decodes every stream of the file."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (200.0, 200.0))
    canvas.drawImage(_gray_png(tmp_path), 10, 10, 50, 50)
    canvas.addLiteral(_drawing([(1, 2), (3, 4)]))
    canvas.showPage()
    canvas.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()), strict=True)
    filters = {}
    for number in range(1, int(reader.trailer["/Size"])):
        found = reader.get_object(number)
        if isinstance(found, StreamObject):
            found.get_data()  # decodes, or raises
            filters[str(found.get("/Subtype"))] = list(found["/Filter"])
    assert filters["/Image"][0] == "/ASCII85Decode"  # as reportlab writes a picture
    assert filters["None"] == ["/FlateDecode"]  # the page, and the fonts
