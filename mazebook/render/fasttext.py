"""A line of text on a canvas as reportlab's drawString writes it, for less (issue 33).

A book draws thousands of short lines (captions, running heads, page numbers, START and
FINISH); reportlab makes a text object for each, measures it, shapes it and joins its
operators piece by piece, about 17 microseconds a line. In an embedded TrueType font (every
font mazebook draws with) the operators are a fixed template around the font's subsets and
the escaped text: written here directly, the same characters, about a third of the time.
Any other case (a standard font, a top-down canvas, reportlab's own bidi support) is left to
reportlab.
"""

from __future__ import annotations

import functools
import weakref
from typing import Any

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas


def draw_string(canvas: Canvas, x: float, y: float, text: str) -> None:
    """``canvas.drawString(x, y, text)``: the same operators."""
    font = _font(canvas, text)
    if font is None:
        canvas.drawString(x, y, text)
    else:
        _write(canvas, font, x, y, text)


def draw_right_string(canvas: Canvas, x: float, y: float, text: str) -> None:
    """``canvas.drawRightString(x, y, text)``: the same operators."""
    font = _font(canvas, text)
    if font is None:
        canvas.drawRightString(x, y, text)
    else:
        _write(canvas, font, x - _width(canvas, text), y, text)


def draw_centred_string(canvas: Canvas, x: float, y: float, text: str) -> None:
    """``canvas.drawCentredString(x, y, text)``: the same operators."""
    font = _font(canvas, text)
    if font is None:
        canvas.drawCentredString(x, y, text)
    else:
        _write(canvas, font, x - 0.5 * _width(canvas, text), y, text)


def _font(canvas: Any, text: object) -> Any:
    """The canvas's font where it writes ``text`` as this module does: a plain string, bottom
    up (mazebook's canvases), without reportlab's own bidi support (mazebook orders text
    itself: render/textorder), in an embedded TrueType font; else None."""
    if type(text) is not str or not canvas.bottomup or textobject.rtlSupport:
        return None
    font = getFont(canvas._fontname)
    return font if getattr(font, "_dynamicFont", False) else None


def _width(canvas: Any, text: str) -> float:
    """The text's width as reportlab's drawRightString measures it."""
    return string_width(text, canvas._fontname, canvas._fontsize)


@functools.lru_cache(maxsize=1024)
def string_width(text: str, font_name: str, size: float) -> float:
    """stringWidth of a text in a registered font, remembered: a book draws the same words
    (START, FINISH, a level's caption, a running head) hundreds of times, and a registered
    font's name keeps its metrics."""
    return float(stringWidth(text, font_name, size))


#: Each document's text objects' bodies by font, text, size and leading (see _write); held
#: no longer than the document.
_BODIES: weakref.WeakKeyDictionary[Any, dict[tuple[Any, str, float, float], str]] = (
    weakref.WeakKeyDictionary()
)
#: At most this many bodies a document (a book draws a few thousand lines, most of them again).
BODIES_PER_DOCUMENT = 4096


def _write(canvas: Any, font: Any, x: float, y: float, text: str) -> None:
    """Add the text object reportlab's textLine makes for ``text`` at (x, y) in the canvas's
    font, size and leading (PDFTextObject: its origin, each subset's font and the escaped
    bytes, a line feed). Its body is made once a document for each font, text, size and
    leading: once a text is split into the document's subsets, its characters keep their
    codes there, so splitting it again gives the same body."""
    doc = canvas._doc
    size, leading = canvas._fontsize, canvas._leading
    bodies = _BODIES.get(doc)
    if bodies is None:
        bodies = _BODIES[doc] = {}
    key = (font, text, size, leading)
    body = bodies.get(key)
    if body is None:
        body = _body(font, doc, text, size, leading)
        if size > 0 and leading > 0 and len(bodies) < BODIES_PER_DOCUMENT:
            bodies[key] = body  # (a zero size or leading is written by its sign: not kept)
    canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {body} T* ET")


def _body(font: Any, doc: Any, text: str, size: float, leading: float) -> str:
    """A text object's operators between its origin and its line feed: each subset's font
    and size, the escaped bytes in it."""
    parts: list[str] = []
    current, font_text = -1, ""
    for subset, chars in font.splitString(text, doc):
        if subset != current:
            if not font_text:
                font_text = _size_text(size, leading)
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {font_text}")
            current = subset
        parts.append(f"({escapePDF(chars)}) Tj")
    return " ".join(parts)


#: _size_text's answers by (size, leading): a document sets its text in a few sizes.
_SIZE_TEXTS: dict[tuple[float, float], str] = {}


def _size_text(size: float, leading: float) -> str:
    """The size and leading operands of a text object, as reportlab's fp_str writes them
    (the same text for equal numbers; written each time for a size or leading not above 0)."""
    key = (size, leading)
    text = _SIZE_TEXTS.get(key)
    if text is None:
        text = f"{fp_str(size)} Tf {fp_str(leading)} TL"
        if size > 0 and leading > 0 and len(_SIZE_TEXTS) < 256:
            _SIZE_TEXTS[key] = text
    return text
