"""A document's fonts: the template's font file (or the bundled DejaVu Sans), checked up front.

Two things are checked before any maze is made, so a bad font never leaves a PDF with boxes in
it: that the file is a font reportlab can embed (PostScript-outline OpenType, i.e. CFF, and web
fonts are refused with a message saying so; reportlab itself would only say "postscript outlines
are not supported"), and that every text the document prints can be drawn with it, in the
shaped, visual form that is drawn (see mazebook.render.text).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..errors import FontError
from ..render.fonts import FontPair, default_fonts, user_font
from ..render.text import check_text

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
        raise FontError(f'{source}: key "font": {exc}') from None
    for what, text in texts:
        if not text:
            continue
        for face in dict.fromkeys((fonts.regular, fonts.bold)):
            try:
                check_text(face, text, what=what)
            except FontError as exc:
                raise FontError(f"{source}: {exc}") from None
    return fonts
