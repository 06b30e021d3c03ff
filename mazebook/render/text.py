"""Text as it is drawn: right-to-left scripts shaped and reordered, and checked against a font.

reportlab draws the characters of a string left to right, one glyph each, with no shaping. That
is right for Latin, Cyrillic, Greek or CJK text, but Arabic letters must be joined (each letter
takes its initial, medial, final or isolated form) and right-to-left runs must be put in visual
order. reportlab's own bidi support needs ``rlbidi``, which is not on PyPI, so this module does
both steps itself before anything is drawn: ``arabic_reshaper`` turns Arabic letters into their
presentation forms (U+FB50-U+FDFF, U+FE70-U+FEFF), then python-bidi's ``get_display`` reorders
the line into visual order. Text with no right-to-left character is returned unchanged, so
left-to-right documents draw exactly the bytes they always did.

Every user text that mazebook prints goes through ``visual`` (one line) or ``wrap`` (several),
and is checked with ``check_text`` on the same drawn form: a font that has the letter ``م`` but
not its joined forms would otherwise print boxes. Missing characters are reported as the letters
the user typed (``'م' (U+0645, drawn as U+FEE3)``), not as presentation forms.

Limits: Arabic vowel marks (harakat) are left out, as in most printed Arabic, because without a
shaping engine they cannot be placed over their letters; only the lam-alef ligatures are used.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any, Literal

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..errors import FontError
from .fonts import missing_glyphs

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
