"""Embedded fonts for PDF output: the bundled DejaVu Sans, or a user's TTF/OTF file.

reportlab sets Helvetica (a non-embedded base font) as every canvas's initial font unless told
otherwise; every canvas mazebook makes starts with an embedded TrueType font instead.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import FontError

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "MazebookSans"
BOLD = "MazebookSans-Bold"


@dataclass(frozen=True)
class FontPair:
    """Registered reportlab names of a regular and a bold face (the same font if no bold)."""

    regular: str
    bold: str


def default_fonts() -> FontPair:
    """Register (once) and return the bundled DejaVu Sans pair."""
    _register(REGULAR, FONT_DIR / "DejaVuSans.ttf")
    _register(BOLD, FONT_DIR / "DejaVuSans-Bold.ttf")
    return FontPair(REGULAR, BOLD)


def user_font(path: str | Path) -> FontPair:
    """Register a TTF/OTF file (with TrueType outlines) and use it for both weights."""
    p = Path(path)
    if not p.is_file():
        raise FontError(f"font file {str(p)!r} does not exist")
    digest = hashlib.sha1(p.read_bytes()).hexdigest()[:10]
    name = f"UserFont-{digest}"
    _register(name, p)
    return FontPair(name, name)


def _register(name: str, path: Path) -> None:
    if name in pdfmetrics.getRegisteredFontNames():
        return
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except (TTFError, OSError, ValueError) as exc:
        raise FontError(f"cannot use font {str(path)!r}: {exc}") from None


def missing_glyphs(font_name: str, text: str) -> list[str]:
    """The characters of ``text`` (other than spaces) that the registered font cannot show."""
    font = pdfmetrics.getFont(font_name)
    cmap = font.face.charToGlyph
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or ch in seen:
            continue
        if ord(ch) not in cmap:
            seen.append(ch)
    return seen


def check_text(font_name: str, text: str, *, what: str) -> None:
    """Raise FontError naming the characters the font lacks, instead of printing boxes."""
    missing = missing_glyphs(font_name, text)
    if missing:
        shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:10])
        raise FontError(f"the font cannot show these characters of the {what}: {shown}")
