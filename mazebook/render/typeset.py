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
import io
import itertools
import math
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO

from PIL import ImageFont
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import FontError
from ..fontfile import check_font
from ..inputs import read_input, shown
from ..packaged import HOME
from ..records import record
from .textorder import PRESENTATION, drawable, has_rtl, reorder, shape
from .textorder import direction as direction
from .textorder import visual as visual

# --- fonts -----------------------------------------------------------------------------------

FONT_DIR = HOME / "fonts"
REGULAR = "MazebookSans"
BOLD = "MazebookSans-Bold"


@record
class FontPair:
    """Registered reportlab names of a regular and a bold face (the same font if no bold)."""

    regular: str
    bold: str


def default_fonts() -> FontPair:
    """Register (once) and return the bundled DejaVu Sans pair."""
    _register(REGULAR, FONT_DIR / "DejaVuSans.ttf", "DejaVuSans.ttf")
    _register(BOLD, FONT_DIR / "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf")
    return FontPair(REGULAR, BOLD)


def user_font(path: str | Path, *, probe: str = "") -> FontPair:
    """Register a TTF/OTF file (with TrueType outlines) and use it for both weights.

    The file is read once (a regular file only: a FIFO or device is refused, never opened) and
    its structure checked (mazebook.fontfile) before reportlab reads it; ``probe``: text whose
    glyphs are subset at once, so a font that breaks on them fails here.
    """
    data = read_input(path, what="font file", error=FontError)
    label = shown(path)
    if data[:4] in _UNSUPPORTED:
        raise FontError(f"font file {label} {_UNSUPPORTED[data[:4]]}")
    check_font(data, label)  # before reportlab reads a table of it
    name = f"UserFont-{hashlib.sha1(data).hexdigest()[:10]}"
    _register(name, io.BytesIO(data), label, probe)
    return FontPair(name, name)


def _register(name: str, source: Path | BinaryIO, label: str, probe: str = "") -> None:
    """The one place reportlab reads a TrueType file: any failure there is a FontError.

    reportlab's reader raises struct.error, KeyError, AttributeError, IndexError and more on a
    truncated or corrupt file, some only when glyphs are subset while the PDF is written; the
    probe subsets the characters of ``probe`` (and the digits) now, so that happens here.
    """
    if name in pdfmetrics.getRegisteredFontNames():
        return
    try:
        font = TTFont(name, str(source) if isinstance(source, Path) else source)
        codes = sorted({ord(ch) for ch in probe + "0123456789"} & set(font.face.charToGlyph))
        for start in range(0, len(codes), 256):  # the PDF embeds subsets of 256 glyphs
            font.face.makeSubset(codes[start : start + 256])
    except MemoryError:  # running out of memory is not the file's fault
        raise
    except Exception as exc:  # reportlab's reader fails in many ways on a corrupt file
        detail = " ".join(str(exc).split()) or type(exc).__name__
        if len(detail) > 200:
            detail = detail[:197] + "..."
        raise FontError(f"cannot use font {label}: {detail}") from None
    pdfmetrics.registerFont(font)
    if isinstance(source, Path):
        _SOURCES[name] = source
    elif isinstance(source, io.BytesIO):
        _SOURCES[name] = source.getvalue()


#: Each registered font's file or bytes, for measuring its ink (ink_height).
_SOURCES: dict[str, Path | bytes] = {}
#: The size (pixels to the em) at which a text's ink is measured: a thousandth of an em.
INK_EM = 1000


def ink_height(font_name: str, text: str) -> tuple[float, float] | None:
    """How far the ink of ``text`` in a registered font reaches above and below the baseline,
    per point of size (FreeType, through Pillow); None if the font cannot be measured so."""
    source = _SOURCES.get(font_name)
    if source is None or not text:
        return None
    try:
        _, top, _, bottom = _ink_font(font_name, source).getbbox(text, anchor="ls")
    except (OSError, ValueError):  # a font FreeType reads otherwise than reportlab
        return None
    return -top / INK_EM, -bottom / INK_EM


@functools.cache
def _ink_font(font_name: str, source: Path | bytes) -> ImageFont.FreeTypeFont:
    """The registered font read by FreeType at INK_EM pixels to the em (once per font)."""
    del font_name  # the cache's key
    file = io.BytesIO(source) if isinstance(source, bytes) else str(source)
    return ImageFont.truetype(file, INK_EM)


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


def open_font(path: Path, *, probe: str = "") -> FontPair:
    """Register a user's font file for both weights; FontError saying why it cannot be used."""
    return user_font(path, probe=probe)


def load_fonts(font: Path | None, texts: Iterable[tuple[str, str]], *, source: str) -> FontPair:
    """The font (or the bundled pair), checked against every (what, text) the document prints.

    Errors name the template (``source``): 'rainy.toml: key "font": ...' for a file that
    cannot be used, 'rainy.toml: the font cannot show these characters of the title: ...'.
    """
    try:
        texts = list(texts)
        probe = "".join(text + visual(text) for _, text in texts)
        fonts = open_font(font, probe=probe) if font is not None else default_fonts()
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


def _split(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines at spaces; a line still too wide (Chinese or Japanese text has no spaces, or one
    very long word) is broken between characters. Linear in the text's length: each
    character's width is looked up once (reportlab's widths add up character by character)."""
    lines: list[str] = []
    for line in simpleSplit(text, font, size, width):
        if len(line) > 1 and stringWidth(line, font, size) > width:
            lines.extend(_break_characters(line, font, size, width))
        elif line:
            lines.append(line)
    return lines


def _break_characters(line: str, font: str, size: float, width: float) -> list[str]:
    """A line too wide for ``width`` cut between characters, as many on each line as fit (at
    least one), spaces at the cuts dropped."""
    widths = [stringWidth(ch, font, size) for ch in line]
    out: list[str] = []
    i, n = 0, len(line)
    while i < n:
        total, j = 0.0, i
        while j < n and total + widths[j] <= width:
            total += widths[j]
            j += 1
        if j == n:
            out.append(line[i:])
            break
        cut = max(j, i + 1)
        piece = line[i:cut].rstrip()
        if piece:
            out.append(piece)
        i = cut
        while i < n and line[i].isspace():
            i += 1
    return out


def fit_prefix(shown: str, font: str, size: float, width: float) -> int:
    """How many leading characters of drawn text fit ``width`` (linear in the text)."""
    total = 0.0
    for k, ch in enumerate(shown):
        total += stringWidth(ch, font, size)
        if total > width:
            return k
    return len(shown)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """The text broken into lines of at most ``width`` points, each ready to draw.

    Lines are broken in logical order (so the first words come first, on the top line, in
    either direction) and then each line is reordered with the paragraph's direction.
    """
    if not has_rtl(text):
        return [reorder(line) for line in _split(text, font, size, width)]
    base = direction(text)
    return [reorder(line, base) for line in _split(shape(text), font, size, width)]


def _origin(ch: str) -> str:
    """The logical letters a presentation form stands for ('' for anything else)."""
    code = ord(ch)
    if any(lo <= code <= hi for lo, hi in PRESENTATION):
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
    drawn = visual(text) if has_rtl(text) else drawable(text)
    return [_describe(ch) for ch in missing_glyphs(font_name, drawn)]


def check_text(font_name: str, text: str, *, what: str) -> None:
    """Raise FontError naming the characters the font lacks, instead of printing boxes."""
    missing = missing_characters(font_name, text)
    if missing:
        shown = ", ".join(missing[:10])
        more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        raise FontError(f"the font cannot show these characters of the {what}: {shown}{more}")


# --- display titles ----------------------------------------------------------------------------

#: A title's shortest line is at least this share of its longest (so "Mazes for Rainy / Days"
#: becomes "Mazes for / Rainy Days"): a designer's break, reading as one title.
BALANCE = 0.45
#: Line breaks tried exhaustively up to this many; beyond, the greedy lines are balanced.
_MAX_BREAKS = 4096


@record
class Title:
    """A title set in lines (ready to draw) at one size."""

    lines: tuple[str, ...]
    size: float

    def widths(self, font: str) -> list[float]:
        return [stringWidth(line, font, self.size) for line in self.lines]


def balance_ratio(lines: Iterable[str], font: str, size: float = 1.0) -> float:
    """The shortest line's width over the longest's (1.0 for a single line)."""
    widths = [stringWidth(line, font, size) for line in lines]
    return min(widths) / max(widths) if widths and max(widths) > 0 else 1.0


def _breaks(count: int, lines: int) -> Iterable[tuple[int, ...]]:
    """Every way to cut ``count`` words into ``lines`` non-empty lines (the cut positions)."""
    return itertools.combinations(range(1, count), lines - 1)


def _balanced(words: list[str], font: str, size: float, width: float, lines: int) -> list[str]:
    """The ``lines``-line break of ``words`` whose lines all fit ``width`` and are most even
    (the shortest line as long as can be against the longest); [] when none fits."""
    best: list[str] = []
    best_key = (-1.0, 0.0)
    if math.comb(len(words) - 1, lines - 1) > _MAX_BREAKS:
        return []
    for cuts in _breaks(len(words), lines):
        edges = (0, *cuts, len(words))
        candidate = [" ".join(words[a:b]) for a, b in itertools.pairwise(edges)]
        widths = [stringWidth(line, font, size) for line in candidate]
        if max(widths) > width:
            continue
        key = (min(widths) / max(widths), -max(widths))
        if key > best_key:
            best, best_key = candidate, key
    return best


def set_title(
    text: str,
    font: str,
    *,
    size: float,
    width: float,
    max_lines: int = 3,
    min_size: float = 10.0,
    step: float = 0.95,
) -> Title:
    """A display title in at most ``max_lines`` balanced lines of ``width`` points: the
    largest size from ``size`` down (by ``step``) with a break whose shortest line is at least
    BALANCE of its longest, fewest lines first. Right-to-left titles, titles without spaces and
    titles that find no such break are wrapped as ordinary text at the last size tried."""
    words = text.split()
    simple = has_rtl(text) or len(words) < 2
    current = size
    while True:
        if not simple:
            for count in range(1, min(max_lines, len(words)) + 1):
                lines = _balanced(words, font, current, width, count)
                if lines and balance_ratio(lines, font) >= BALANCE:
                    return Title(tuple(lines), current)
        elif len(wrap(text, font, current, width)) <= max_lines:
            return Title(tuple(wrap(text, font, current, width)), current)
        if current * step < min_size:
            return Title(tuple(wrap(text, font, current, width)), current)
        current *= step
