"""A page's media box, transition and resources shared and formatted once
(render/pdfobjects.PageParts, issue 33): the file is the one reportlab writes when it makes
and formats them for every page itself."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfgen.canvas import Canvas

from mazebook.pages.document import PdfDocument, place_form
from mazebook.pages.layout import Box, Margins, PageFormat, PageFrame, PageLayout
from mazebook.render.pdfobjects import PageParts
from mazebook.render.typeset import default_fonts

#: What a page may hold: text, a form shown, a spot colour, a transparent fill, an image flag.
_KINDS = ("text", "form", "spot", "alpha", "image")


def _paint(kind: str, number: int) -> object:
    def paint(canvas: Canvas, frame: PageFrame) -> None:
        canvas.setFont(default_fonts().regular, 10)
        canvas.drawString(40, 40, f"page {number} ({kind})")
        if kind == "form":
            place_form(canvas, "f0", Box(60.0, 60.0, 100.0, 50.0))
        elif kind == "spot":
            canvas.setFillColor(CMYKColorSep(0.1, 0.2, 0.3, 0.0, spotName="Accent"))
            canvas.rect(10, 10, 20, 20, stroke=0, fill=1)
        elif kind == "alpha":
            canvas.setFillAlpha(0.5)
            canvas.rect(10, 10, 20, 20, stroke=0, fill=1)
        elif kind == "image":
            canvas._currentPageHasImages = 1  # type: ignore[attr-defined]

    return paint


def _document(kinds: list[str], shared: bool, background: bool) -> bytes:
    buffer = io.BytesIO()
    layout = PageLayout(PageFormat(612.0, 792.0), Margins(54.0, 36.0, 36.0, 36.0))
    with pytest.MonkeyPatch.context() as patch:
        if not shared:
            patch.setattr(PageParts, "share", lambda self, page: None)
        doc = PdfDocument(
            buffer,
            layout,
            default_fonts(),
            title="Pages",
            background=(0.9, 0.9, 0.8) if background else None,
        )
        doc.add_form("f0", 100.0, 50.0, lambda canvas: canvas.line(0, 0, 100, 50))
        for number, kind in enumerate(kinds, 1):
            doc.add_page(_paint(kind, number))  # type: ignore[arg-type]
        doc.save()
    return buffer.getvalue()


@given(st.lists(st.sampled_from(_KINDS), min_size=1, max_size=6), st.booleans())
@settings(max_examples=25, deadline=None)
def test_shared_page_parts_make_reportlab_s_file(kinds: list[str], background: bool) -> None:
    """Pages of text, showing a form, in a spot colour, with a transparent fill or marked as
    holding images, on a coloured background or not: the same bytes shared or not."""
    assert _document(kinds, True, background) == _document(kinds, False, background)


def test_pages_share_one_media_box_and_resources() -> None:
    """Plain pages hold the one shared box and resources (a page showing a form keeps its own
    resources: its forms)."""
    buffer = io.BytesIO()
    layout = PageLayout(PageFormat(612.0, 792.0), Margins(54.0, 36.0, 36.0, 36.0))
    doc = PdfDocument(buffer, layout, default_fonts())
    doc.add_form("f0", 100.0, 50.0, lambda canvas: canvas.line(0, 0, 100, 50))
    for kind in ("text", "text", "form"):
        doc.add_page(_paint(kind, 1))  # type: ignore[arg-type]
    first, second, third = doc.canvas._doc.Pages.pages  # type: ignore[attr-defined]
    assert first.MediaBox is second.MediaBox is third.MediaBox
    assert first.Resources is second.Resources is not None
    assert third.Resources is None
