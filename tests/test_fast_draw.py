"""Drawing a book's pages for less, the same bytes (issue 33, round six): a form's text
encoded as ASCII rather than through reportlab's character map; a line of text written as
reportlab writes it, without its text object (render/fasttext); the words' boxes tested in
one loop (tests/test_fast_paths.py holds that loop to the plain search)."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from mazebook.pages.document import PdfDocument, place_form
from mazebook.pages.layout import Box, Margins, PageFormat, PageFrame, PageLayout
from mazebook.render import fasttext, pdfobjects
from mazebook.render import pdf as render_pdf
from mazebook.render.pdf import new_canvas
from mazebook.render.typeset import default_fonts

# -- a form's text encoded as ASCII -----------------------------------------------------------


def _document_with_texts(texts: list[str], fast: bool) -> bytes:
    """A document of one form a text (drawn in the bundled font, and as literal operators in
    a comment), placed on one page; with the form's text taken as ASCII (``fast``) or left to
    reportlab's codec."""
    buffer = io.BytesIO()
    layout = PageLayout(PageFormat(612.0, 792.0), Margins(54.0, 36.0, 36.0, 36.0))
    with pytest.MonkeyPatch.context() as patch:
        if not fast:  # reportlab's own: the form's text and the whole file through its codec
            patch.setattr(render_pdf, "use_fast_encoding", lambda: None)
            patch.setattr(pdfdoc, "pdfdocEnc", pdfobjects._reportlab_encode)
        doc = PdfDocument(buffer, layout, default_fonts(), title="Forms")
        for i, text in enumerate(texts):

            def paint(canvas: Canvas, text: str = text) -> None:
                canvas.setFont(default_fonts().regular, 9)
                canvas.drawString(2, 2, text.replace("\n", " "))
                canvas.addLiteral(f"% {text}\n0 0 m 10 10 l S")

            doc.add_form(f"f{i}", 100.0, 50.0, paint)

        def show(canvas: Canvas, frame: PageFrame) -> None:
            for i in range(len(texts)):
                place_form(canvas, f"f{i}", Box(40.0, 40.0 + 60 * i, 100.0, 50.0))

        doc.add_page(show)
        doc.save()
    return buffer.getvalue()


_texts = st.text(
    alphabet=st.one_of(
        st.characters(min_codepoint=0x20, max_codepoint=0x7E),
        st.sampled_from("\t\n\r\x7féüß€—"),  # not ASCII: reportlab's codec, as before
    ),
    max_size=30,
)


@given(st.lists(_texts, min_size=1, max_size=4))
@example(["Puzzle 12 (a) \\ b", "Ünïcode"])
@settings(max_examples=30, deadline=None)
def test_a_form_s_text_taken_as_ascii_is_the_file_reportlab_writes(texts: list[str]) -> None:
    """Forms whose text is ASCII, or not (a literal the codec maps otherwise), make the file
    reportlab makes when it encodes every form's text itself."""
    assert _document_with_texts(texts, True) == _document_with_texts(texts, False)


@pytest.mark.parametrize("code", range(0x18, 0x20))
def test_a_form_s_text_the_codec_refuses_still_fails(code: int) -> None:
    """A character PDFDocEncoding has no code for fails as it did, not written as ASCII."""
    with pytest.raises(UnicodeEncodeError):
        _document_with_texts([f"a{chr(code)}b"], True)


# -- a line of text written as reportlab's drawString writes it --------------------------------

_DRAWN = {
    "left": (fasttext.draw_string, "drawString"),
    "right": (fasttext.draw_right_string, "drawRightString"),
    "centre": (fasttext.draw_centred_string, "drawCentredString"),
}
_coordinate = st.one_of(st.integers(-1000, 1000), st.floats(-1000.0, 1000.0))


def _operators(lines: list[tuple[str, str, float, float, str]], size: float, fast: bool) -> str:
    """The page operators of the lines (how, font, x, y, text) drawn on a fresh canvas by this
    module (``fast``) or by reportlab."""
    canvas = new_canvas(io.BytesIO(), (600.0, 800.0))
    for how, font, x, y, text in lines:
        canvas.setFont(font, size)
        ours, theirs = _DRAWN[how]
        if fast:
            ours(canvas, x, y, text)
        else:
            getattr(canvas, theirs)(x, y, text)
    return "\n".join(canvas._code)  # type: ignore[attr-defined]


_line_text = st.text(
    alphabet=st.one_of(
        st.characters(min_codepoint=0x20, max_codepoint=0x7E),
        st.characters(min_codepoint=0xA0, max_codepoint=0x17F),  # Latin: the bundled fonts'
        st.sampled_from("()\\·…—€ЖΩ\u05d0\u4e2d"),  # escapes, and glyphs the font has or not
    ),
    max_size=24,
)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(sorted(_DRAWN)),
            st.sampled_from(["regular", "bold", "Helvetica"]),
            _coordinate,
            _coordinate,
            _line_text,
        ),
        min_size=1,
        max_size=6,
    ),
    st.one_of(st.integers(1, 40), st.floats(1.0, 40.0)),
)
@example([("left", "regular", 10, 20, "")], 9)
@example(
    [("right", "bold", 300.5, 20.25, "".join(chr(c) for c in range(0x21, 0x17F)))], 8.37
)  # more than one subset of the font
@settings(max_examples=60, deadline=None)
def test_a_line_drawn_here_is_reportlab_s_operators(
    lines: list[tuple[str, str, float, float, str]], size: float
) -> None:
    """Lines drawn left, right and centred, in the bundled fonts (ASCII, escapes, characters
    of later subsets, ones the font lacks) or a standard font (left to reportlab), at whole
    and fractional places and sizes, are the operators reportlab's own calls write."""
    fonts = default_fonts()
    named = [(how, getattr(fonts, font, font), x, y, text) for how, font, x, y, text in lines]
    assert _operators(named, size, True) == _operators(named, size, False)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(sorted(_DRAWN)),
            st.sampled_from(["regular", "bold"]),
            _coordinate,
            _coordinate,
            st.sampled_from(["START", "FINISH", "Level 3 · Puzzles 1-8", "ЖΩ…", "(x)", ""])
            | _line_text,
        ),
        min_size=1,
        max_size=5,
    ),
    st.one_of(st.integers(1, 40), st.floats(1.0, 40.0)),
)
@settings(max_examples=60, deadline=None)
def test_lines_drawn_again_are_reportlab_s_operators(
    lines: list[tuple[str, str, float, float, str]], size: float
) -> None:
    """The same words drawn again on a page, elsewhere and at once after new characters (a
    body and a width remembered for a document: START and FINISH on every page), are still
    the operators reportlab's own calls write."""
    fonts = default_fonts()
    named = [(how, getattr(fonts, font), x, y, text) for how, font, x, y, text in lines]
    again = [(how, font, y, x, text) for how, font, x, y, text in reversed(named)]
    drawn = named + again + named
    assert _operators(drawn, size, True) == _operators(drawn, size, False)


def test_a_document_splits_each_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line drawn again in the same document is not split into subsets again; a new
    document splits it afresh."""
    fonts = default_fonts()
    font = getFont(fonts.bold)
    splits: list[str] = []
    split = font.splitString

    def counted(text: str, doc: object) -> object:
        splits.append(text)
        return split(text, doc)

    monkeypatch.setattr(font, "splitString", counted)
    for _ in range(2):
        canvas = new_canvas(io.BytesIO(), (600.0, 800.0))
        canvas.setFont(fonts.bold, 9)
        for x in (10, 20, 30):
            fasttext.draw_string(canvas, x, 50, "START")
    assert splits == ["START", "START"]


@given(
    _line_text,
    st.sampled_from(["regular", "bold"]),
    st.one_of(st.integers(1, 40), st.floats(1.0, 40.0)),
)
@settings(max_examples=60, deadline=None)
def test_a_remembered_width_is_reportlab_s(text: str, face: str, size: float) -> None:
    """A word's width remembered for its font and size (a book's START and FINISH, measured
    for every maze) is reportlab's measure, asked again or not."""
    name = getattr(default_fonts(), face)
    measured = float(pdfmetrics.stringWidth(text, name, size))
    assert fasttext.string_width(text, name, size) == measured
    assert render_pdf.width_of_font(name)(text, size) == measured
