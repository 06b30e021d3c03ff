"""Every stream mazebook writes is binary Flate at zlib's fastest level (render/pdfobjects
.use_binary_streams, issue 33): no ASCII85 text around it, and it inflates to what was drawn."""

from __future__ import annotations

import io
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

from mazebook.render.pdf import new_canvas
from mazebook.render.pdfobjects import STREAM_LEVEL, use_binary_streams

_STREAM = re.compile(rb"<<([^>]*?/Length (\d+)[^>]*?)>>\s*stream\r?\n", re.S)


def _pdf(drawn: str) -> bytes:
    """A one-page PDF drawing ``drawn`` as literal operators, with a line of text."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (200.0, 200.0))
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


@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), min_size=1, max_size=60))
@settings(max_examples=40, deadline=None)
def test_every_stream_is_binary_flate_that_inflates_to_the_drawing(
    points: list[tuple[int, int]],
) -> None:
    drawn = "\n".join(f"{x} {y} m {y} {x} l" for x, y in points) + "\nS"
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


def test_reportlab_s_default_is_ascii85_at_level_six() -> None:
    """Without the switch, reportlab wraps streams in ASCII85 and compresses at zlib's default:
    the switch is what makes the file binary and fast to compress."""
    drawn = "\n".join(f"{i % 37} {i % 23} m {i % 29} {i % 31} l" for i in range(3000)) + "\nS"
    ours = _pdf(drawn)
    with_default = _reportlab_default(drawn)
    assert b"ASCII85Decode" in with_default and b"ASCII85Decode" not in ours
    inflated = [zlib.decompress(stored) for _, stored in _streams(ours)]
    assert any(drawn.encode("ascii") in raw for raw in inflated)
    use_binary_streams()
    assert not rl_config.useA85


def _reportlab_default(drawn: str) -> bytes:
    """``_pdf(drawn)`` written with reportlab's own filters (ASCII85 over level-6 Flate)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rl_config, "useA85", 1)
        patch.setattr(pdfdoc, "PDFZCompress", pdfdoc.PDFStreamFilterZCompress())
        patch.setattr("mazebook.render.pdf.use_binary_streams", lambda: None)
        return _pdf(drawn)
