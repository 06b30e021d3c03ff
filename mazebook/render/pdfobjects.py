"""PDF objects a document writes many times over, formatted once; PDF text encoded for less.

A book's answers are hundreds of form XObjects whose resources, matrix and bounding box are
the same objects each time; reportlab formats each anew at save (its names, numbers and
references one by one). ``Once`` formats the object the first time with reportlab itself and
gives the same bytes after, so the file is the one reportlab would have written.

reportlab encodes every piece of text it writes into a file (each name, number and reference,
and a stream's ASCII85 text where it writes one) with its PDFDocEncoding character map, a
codec written in Python tables about ten times slower than ASCII's. ``pdfdoc_encode`` gives
the same bytes the ASCII way where they are the same; ``use_fast_encoding`` has reportlab's
writer call it.

Streams are written binary and compressed at zlib's fastest level (``use_binary_streams``,
for each document ``render.pdf.new_canvas`` makes): reportlab's default wraps each compressed
stream in ASCII85 text (a quarter more bytes, for channels that are not 8-bit clean, which no
PDF travels through today) and compresses at level 6. Level 1 without ASCII85 takes a third
of zlib's time and gives books 5-8 % smaller than the default (the 806-page book: 2.31 MB
against 2.51 MB; a one-page cover or worksheet, mostly its embedded fonts, comes out 3 %
larger); every PDF reader inflates both alike.
"""

from __future__ import annotations

import zlib
from typing import Any, TypeVar

from reportlab.pdfbase import pdfdoc

_T = TypeVar("_T")


class Once(pdfdoc.PDFObject):
    """``inner`` as reportlab formats it in a document, formatted the first time only (its
    bytes hold reference numbers: one ``Once`` a document)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self._text: bytes | None = None

    def format(self, document: Any) -> bytes:
        if self._text is None:
            self._text = bytes(pdfdoc.format(self.inner, document))
        return self._text


class FormParts:
    """The parts every form XObject of a document shares, for ``Canvas.endForm``: the
    resources reportlab gives a form (its fonts, all procedure sets), the identity matrix and
    the bounding box of each size, each formatted once."""

    def __init__(self) -> None:
        resources = pdfdoc.PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        self.resources = Once(resources)
        self.matrix = Once(pdfdoc.PDFArray([1, 0, 0, 1, 0, 0]))
        self.boxes: dict[tuple[type, float, type, float], Once] = {}

    def attributes(self, width: float, height: float) -> dict[str, Once]:
        """endForm's extra attributes for a form of ``width`` x ``height`` from (0, 0)."""
        key = (type(width), width, type(height), height)
        box = self.boxes.get(key)
        if box is None:
            box = self.boxes[key] = Once(pdfdoc.PDFArray([0, 0, width, height]))
        return {"Resources": self.resources, "Matrix": self.matrix, "BBox": box}


class PageParts:
    """The parts of a page's dictionary that most pages of a document share, each formatted
    once: the media box of each size, the empty page transition, and the resources of a page
    that shows no form and uses no special colour, shading or graphics state (its fonts and
    procedure sets). reportlab makes and formats them anew for every page at save."""

    def __init__(self) -> None:
        self.boxes: dict[tuple[bool, type, float, type, float], Once] = {}
        self.resources: dict[bool, Once] = {}
        self.transition = Once(pdfdoc.PDFDictionary({}))

    def share(self, page: Any) -> None:
        """Give a page just closed (``Canvas.showPage``), before it is formatted, the shared
        parts where its own would be the same objects: what ``PDFPage.check_format`` would
        make for it, made the same way once."""
        if page.Override_default_compilation:
            return
        if page.MediaBox is None:
            turned = page.Rotate in (90, 270)
            width, height = page.pagewidth, page.pageheight
            key = (turned, type(width), width, type(height), height)
            box = self.boxes.get(key)
            if box is None:
                size = [0, 0, height, width] if turned else [0, 0, width, height]
                box = self.boxes[key] = Once(pdfdoc.PDFArray(size))
            page.MediaBox = box
        if isinstance(page.Trans, pdfdoc.PDFDictionary) and not page.Trans.dict:
            page.Trans = self.transition
        plain = not (page.XObjects or page.ExtGState or page._shadingUsed or page._colorsUsed)
        if page.Resources is None and plain:
            images = bool(page.hasImages)
            resources = self.resources.get(images)
            if resources is None:
                made = pdfdoc.PDFResourceDictionary()
                made.basicFonts()
                if images:
                    made.allProcs()
                else:
                    made.basicProcs()
                resources = self.resources[images] = Once(made)
            page.Resources = resources


#: Bytes reportlab's PDFDocEncoding codec refuses (it has no code for them): a form's text
#: holding one goes through the codec, which raises as it always did. Every other ASCII
#: character the codec writes as its own byte.
_UNENCODABLE = bytes(range(0x18, 0x20))

#: reportlab's own encoder of the text it writes into a file (``pdfdoc.pdfdocEnc``: a str
#: through its PDFDocEncoding character map, bytes as they are).
_reportlab_encode = pdfdoc.pdfdocEnc


def pdfdoc_encode(x: str | _T) -> bytes | _T:
    """``pdfdoc.pdfdocEnc(x)`` (the same parameter), the same bytes: ASCII text the codec maps
    byte for byte (printable, or holding no character it refuses) is encoded as ASCII;
    anything else (bytes, other text, a refused character, which raises as before) goes to
    reportlab's codec."""
    if isinstance(x, str) and x.isascii():
        data = x.encode("ascii")
        if x.isprintable() or len(data.translate(None, _UNENCODABLE)) == len(data):
            return data
    return _reportlab_encode(x)


def use_fast_encoding() -> None:
    """Have reportlab's PDF writer encode its text with ``pdfdoc_encode`` (the same bytes):
    its formatting functions look ``pdfdocEnc`` up in their module at each call."""
    pdfdoc.pdfdocEnc = pdfdoc_encode


#: zlib's level for every stream mazebook writes (1, its fastest: see the module's docstring).
STREAM_LEVEL = 1


class _Flate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter at ``STREAM_LEVEL`` (its own compresses at zlib's default)."""

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else text
        return zlib.compress(data, STREAM_LEVEL)


#: The one filter of a mazebook document's streams (``use_binary_streams``).
FLATE = _Flate()


def use_binary_streams(doc: Any) -> None:
    """Have reportlab's document ``doc`` (a canvas's, made with page compression off)
    compress each of its streams with ``FLATE`` alone, written binary: reportlab applies a
    document's ``defaultStreamFilters`` to every stream that names no filters of its own, which
    with page compression off are its pages, forms and fonts. Nothing is changed for other
    documents: reportlab's own switches (``rl_config.useA85``) are left alone, so a picture's
    stream, which reportlab encodes as it is drawn, stays as reportlab writes it."""
    doc.defaultStreamFilters = [FLATE]
