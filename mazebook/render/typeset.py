"""Typesetting: the fonts a PDF embeds, and text as it is drawn with them, in one place.

Fonts: the bundled DejaVu Sans or a user's TrueType file, registered with reportlab. reportlab
sets Helvetica (a non-embedded base font) as every canvas's initial font unless told otherwise;
every canvas mazebook makes starts with an embedded TrueType font instead (see ``new_canvas``
in pdf.py). A user's font is checked before any maze is made, so a bad font never leaves a PDF
with boxes in it: PostScript-outline OpenType (CFF) and web fonts are refused with a message
saying so, and every text the document prints is checked in the shaped, visual form it is drawn.

Text: reportlab draws the characters of a string left to right, one glyph each, with no shaping.
That is right for Latin, Cyrillic, Greek or CJK text, but Arabic letters must be joined (each
letter takes its initial, medial, final or isolated form) and right-to-left runs must be put in
visual order. reportlab's own bidi support needs ``rlbidi``, which is not on PyPI, so this module
does both steps itself before anything is drawn: ``arabic_reshaper`` turns Arabic letters into
their presentation forms (U+FB50-U+FDFF, U+FE70-U+FEFF), then python-bidi's ``get_display``
reorders the line into visual order. Text with no right-to-left character is returned unchanged.
Every user text goes through ``visual`` (one line) or ``wrap`` (several) and is checked with
``check_text`` on the same drawn form; missing characters are reported as the letters the user
typed (``'م' (U+0645, drawn as U+FEE3)``), not as presentation forms.

Limits: Arabic vowel marks (harakat) are left out, as in most printed Arabic, because without a
shaping engine they cannot be placed over their letters; only the lam-alef ligatures are used.
"""

from __future__ import annotations

import functools
import hashlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import FontError

# --- fonts -----------------------------------------------------------------------------------

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
    font: Any = pdfmetrics.getFont(font_name)
    cmap = font.face.charToGlyph
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or ch in seen:
            continue
        if ord(ch) not in cmap:
            seen.append(ch)
    return seen


#: The first four bytes of font files reportlab cannot embed, and what they are.
_UNSUPPORTED = {
    b"OTTO": (
        "is an OpenType font with PostScript (CFF) outlines, which cannot be embedded (only "
        "TrueType outlines can); use a .ttf, or a TrueType-flavoured .otf, of the font"
    ),
    b"wOFF": "is a WOFF web font; convert it to .ttf first",
    b"wOF2": "is a WOFF2 web font; convert it to .ttf first",
}


def open_font(path: Path) -> FontPair:
    """Register a user's font file for both weights; FontError saying why it cannot be used."""
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except FileNotFoundError:
        raise FontError(f"font file {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise FontError(f"font file {str(path)!r} is a folder") from None
    except OSError as exc:
        raise FontError(f"cannot read font file {str(path)!r}: {exc.strerror or exc}") from None
    if magic in _UNSUPPORTED:
        raise FontError(f"font file {str(path)!r} {_UNSUPPORTED[magic]}")
    return user_font(path)


def load_fonts(font: Path | None, texts: Iterable[tuple[str, str]], *, source: str) -> FontPair:
    """The font (or the bundled pair), checked against every (what, text) the document prints.

    Errors name the template (``source``): 'rainy.toml: key "font": ...' for a file that
    cannot be used, 'rainy.toml: the font cannot show these characters of the title: ...'.
    """
    try:
        fonts = open_font(font) if font is not None else default_fonts()
    except FontError as exc:
        raise exc.located(file=source, key="font") from None
    for what, text in texts:
        if not text:
            continue
        for face in dict.fromkeys((fonts.regular, fonts.bold)):
            try:
                check_text(face, text, what=what)
            except FontError as exc:
                raise exc.located(file=source) from None
    return fonts


# --- text as drawn ---------------------------------------------------------------------------

Direction = Literal["L", "R"]

#: Presentation-form blocks: what Arabic letters become once joined.
_PRESENTATION = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
#: Bidirectional classes of right-to-left letters (Hebrew and others; Arabic letters).
_RTL_CLASSES = frozenset({"R", "AL"})
_STRONG = frozenset({"L", "R", "AL"})


@functools.cache
def _reshaper() -> Any:
    """Letter joining with only the lam-alef ligatures (which every Arabic font has).

    arabic_reshaper (and python-bidi) are imported only when right-to-left text comes, so
    left-to-right documents do not pay for loading them.
    """
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(
        configuration={
            "delete_harakat": True,
            "support_ligatures": True,
            "ARABIC LIGATURE ALLAH": False,
        }
    )


def has_rtl(text: str) -> bool:
    """Whether the text holds any right-to-left letter (Arabic, Hebrew, Syriac, ...)."""
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def direction(text: str) -> Direction:
    """The paragraph direction: that of the first strong letter ('L' when there is none)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _STRONG:
            return "L" if kind == "L" else "R"
    return "L"


def _needs_joining(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) == "AL" for ch in text)


def shape(text: str) -> str:
    """Arabic letters joined into presentation forms, still in logical order."""
    if not _needs_joining(text):
        return text
    return str(_reshaper().reshape(text))


def _drawable(text: str) -> str:
    """Without format characters (bidi marks, joiners): they steer layout, they are not ink."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _reorder(line: str, base: Direction | None = None) -> str:
    if not has_rtl(line):
        return _drawable(line) if any(unicodedata.category(c) == "Cf" for c in line) else line
    from bidi.algorithm import get_display

    shown = get_display(line, base_dir=base) if base else get_display(line)
    return _drawable(str(shown))


def visual(text: str) -> str:
    """One line as it must be drawn left to right: joined, in visual order, no format marks."""
    if not has_rtl(text):
        return _reorder(text)
    return _reorder(shape(text), direction(text))


def _split(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines at spaces; a line still too wide (Chinese or Japanese text has no spaces, or one
    very long word) is broken between characters."""
    lines: list[str] = []
    for line in simpleSplit(text, font, size, width):
        while stringWidth(line, font, size) > width and len(line) > 1:
            cut = 1
            while cut < len(line) and stringWidth(line[: cut + 1], font, size) <= width:
                cut += 1
            lines.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
        if line:
            lines.append(line)
    return lines


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """The text broken into lines of at most ``width`` points, each ready to draw.

    Lines are broken in logical order (so the first words come first, on the top line, in
    either direction) and then each line is reordered with the paragraph's direction.
    """
    if not has_rtl(text):
        return [_reorder(line) for line in _split(text, font, size, width)]
    base = direction(text)
    return [_reorder(line, base) for line in _split(shape(text), font, size, width)]


def _origin(ch: str) -> str:
    """The logical letters a presentation form stands for ('' for anything else)."""
    code = ord(ch)
    if any(lo <= code <= hi for lo, hi in _PRESENTATION):
        base = unicodedata.normalize("NFKC", ch)
        if base != ch:
            return base
    return ""


def _describe(ch: str) -> str:
    origin = _origin(ch)
    if origin:
        letters = " ".join(f"U+{ord(c):04X}" for c in origin)
        return f"{origin!r} ({letters}, drawn as U+{ord(ch):04X})"
    return f"{ch!r} (U+{ord(ch):04X})"


def missing_characters(font_name: str, text: str) -> list[str]:
    """Descriptions of the characters of ``text`` the font cannot draw, checked on the drawn
    (shaped, reordered) form and named by the letters the user typed where possible."""
    drawn = visual(text) if has_rtl(text) else _drawable(text)
    return [_describe(ch) for ch in missing_glyphs(font_name, drawn)]


def check_text(font_name: str, text: str, *, what: str) -> None:
    """Raise FontError naming the characters the font lacks, instead of printing boxes."""
    missing = missing_characters(font_name, text)
    if missing:
        shown = ", ".join(missing[:10])
        more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        raise FontError(f"the font cannot show these characters of the {what}: {shown}{more}")
