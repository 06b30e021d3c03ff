"""reportlab's text written into a PDF encoded the ASCII way where that gives the same bytes
(render/pdfobjects.pdfdoc_encode, issue 33): every name, number and reference of a file and
the ASCII85 text of its compressed streams went through reportlab's PDFDocEncoding character
map, 4 % of the 806-page book's instructions."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc

from mazebook.render import pdfobjects
from mazebook.render.pdf import new_canvas
from mazebook.render.pdfobjects import pdfdoc_encode, use_fast_encoding

_original = pdfobjects._reportlab_encode


def _outcome(encode: object, text: object) -> object:
    """What an encoder gives for ``text``: its bytes, or the kind of error it raises."""
    try:
        return encode(text)  # type: ignore[operator]
    except UnicodeError as error:
        return type(error)


_any_text = st.text(
    alphabet=st.one_of(
        st.characters(max_codepoint=0x7F),  # every ASCII character, the refused ones too
        st.characters(min_codepoint=0x80, max_codepoint=0x2100),
    ),
    max_size=40,
)


@given(st.one_of(_any_text, st.binary(max_size=40)))
@example("/Type")
@example("1520 0 R")
@example("Ga\\q\ncs6#~>")  # ASCII85 text with its line breaks
@example("a\x1fb")  # refused by the codec: raises as it did
@example("\x7f\x00\t")
@example("é")
@example(b"\x18 bytes as they are")
@settings(max_examples=300, deadline=None)
def test_the_fast_encoding_is_reportlab_s(text: str | bytes) -> None:
    """Any text (printable or not, ASCII or not, characters the codec refuses) or bytes give
    what reportlab's encoder gives: the same bytes or the same error."""
    assert _outcome(pdfdoc_encode, text) == _outcome(_original, text)


@pytest.mark.parametrize("code", range(0x18, 0x20))
def test_a_character_the_codec_refuses_is_not_written_as_ascii(code: int) -> None:
    """The codec has no byte for 0x18 .. 0x1f: such text still fails, long or short."""
    with pytest.raises(UnicodeEncodeError):
        pdfdoc_encode(f"abc{chr(code)}")
    with pytest.raises(UnicodeEncodeError):
        pdfdoc_encode("x\n" * 100 + chr(code))


def _pdf() -> bytes:
    """A small PDF: a page of text, lines and a compressed stream."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (200.0, 200.0))
    canvas.setTitle("Écrit (twice) \\ over")
    canvas.drawString(10, 10, "START (here) ü")
    canvas.line(0, 0, 100, 100)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_file_written_with_it_is_the_file_reportlab_writes() -> None:
    """new_canvas has reportlab's writer use it, and the file is byte for byte the one
    reportlab's own encoder writes."""
    use_fast_encoding()
    assert pdfdoc.pdfdocEnc is pdfdoc_encode
    fast = _pdf()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdfdoc, "pdfdocEnc", _original)
        patch.setattr("mazebook.render.pdf.use_fast_encoding", lambda: None)
        slow = _pdf()
    assert pdfdoc.pdfdocEnc is pdfdoc_encode
    assert fast == slow
