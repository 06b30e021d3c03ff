"""The content-stream interpreter: where the ink is, which fonts, colours, images and lines.

It follows the transformation matrix, the graphics and text state, paths, text runs (with their
real widths) and the forms a page draws, and records per page the extent of the ink (a fill
covering the whole page, a background, and white paint are not ink) and the ink falling in the
zones the caller watches (the barcode box, the spine). Work is charged to the budget as it is
done; an operator it cannot read is recorded as a problem of that page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from .budget import Spending, TooComplexError
from .decode import stream_data
from .fonts import FontInfo, font_info
from .imagedata import components, inline_dict, inline_image, stream_pixels
from .images import CMYK, GRAY, JPX_OWN, ImageInfo, family, image_info, inline_info
from .ink import NoDecoder, Raster, image_ink, inline_raster, xobject_raster
from .lex import INLINE_IMAGE, batches, string_bytes
from .plane import (
    IDENTITY,
    Matrix,
    add_curve,
    matrix_of,
    multiply,
    thinnest_scale,
    transform_box,
)
from .read import Box, PdfPartError, get, guard, number, numbers, resolve

#: How many problems, hits and findings of one kind are kept for the report.
KEEP = 20
#: Operands are charged to the operator budget too, this many to one operator (a stream of
#: numbers with few operators is work as well).
OPERAND_SHARE = 4
#: Each string shown (by Tj, ', " or each string of a TJ array) is charged to the operator budget
#: as this many operators: it measures and places every glyph, several times a path's work.
TEXT_COST = 7

_OPERAND = frozenset(b"0123456789+-./[]()<>{}")
_FILL_ONLY = {b"f", b"F", b"f*"}
_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_PAINT = _FILL_ONLY | _STROKE
_GREY_SPACES = {"/DeviceGray", "/CalGray", "/G"}
#: A tint this light or lighter (but not white) may vanish in print: the strongest ink of a
#: colour, or how far an RGB colour or a grey is from white.
NEAR_WHITE = 0.05
#: Text render modes that fill the glyphs, that stroke them, and that draw nothing.
_FILL_TEXT, _STROKE_TEXT, _NO_TEXT = (0, 2, 4, 6), (1, 2, 5, 6), (3, 7)
_DEVICE_SPACES = {"/DeviceRGB": 3, "/RGB": 3, "/DeviceCMYK": 4, "/CMYK": 4}


@dataclass
class Zone:
    """A rectangle the caller watches; ``hits`` are (kind, box) of ink that falls in it."""

    name: str
    box: Box
    hits: list[tuple[str, Box]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # hits kept, by kind

    def hit(self, kind: str, box: Box) -> None:
        """Keep this hit unless KEEP of its kind are kept already (each kind gets its room)."""
        kept = self.counts.get(kind, 0)
        if kept < KEEP:
            self.counts[kind] = kept + 1
            self.hits.append((kind, box))


@dataclass
class SafeArea:
    """The boxes every mark must stay inside (a cover's panels less their safe margins); a
    mark other than text that runs past the trim into the bleed is a background and may go
    anywhere. ``outside`` keeps the first marks that broke the rule."""

    trim: Box
    boxes: list[tuple[str, Box]]
    outside: list[str] = field(default_factory=list)
    count: int = 0

    def mark(self, kind: str, x0: float, y0: float, x1: float, y1: float) -> None:
        """Judge one mark."""
        t, tol = self.trim, 0.5
        if kind != "text" and (
            x0 < t[0] - tol or y0 < t[1] - tol or x1 > t[2] + tol or y1 > t[3] + tol
        ):
            return  # a background running into the bleed
        for _, (bx0, by0, bx1, by1) in self.boxes:
            if x0 >= bx0 - tol and y0 >= by0 - tol and x1 <= bx1 + tol and y1 <= by1 + tol:
                return
        self.count += 1
        if len(self.outside) < KEEP:
            self.outside.append(f"{kind} at ({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f}) pt")


@dataclass
class PageInk:
    """One page's findings: the extent of its ink and what fell in the watched zones."""

    number: int
    trim: Box
    ink: list[float] = field(default_factory=lambda: [math.inf, math.inf, -math.inf, -math.inf])
    zones: list[Zone] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    safe: SafeArea | None = None

    @property
    def inked(self) -> bool:
        """Whether any ink was found on the page."""
        return self.ink[0] != math.inf


@dataclass
class Findings:
    """What the interpreter saw across the document."""

    thinnest: float = math.inf
    thinnest_page: int = 0
    images: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)  # base font name -> embedded
    #: colour-space family ("gray", "rgb", "cmyk", "Lab", ...) -> its first use
    spaces: dict[str, str] = field(default_factory=dict)
    max_ink: float = 0.0  # the highest total ink painted, in percent (grey counts as black)
    max_ink_where: str = ""
    ink_unmeasured: list[str] = field(default_factory=list)  # ink that could not be measured
    #: images whose ink is not measured because their codec is not decoded here (CCITT, JBIG2)
    ink_skipped: list[str] = field(default_factory=list)
    #: page -> (the smallest text on it as printed, in points; its font)
    text_sizes: dict[int, tuple[float, str]] = field(default_factory=dict)
    #: fills, strokes and text in a tint under NEAR_WHITE (the first few), and how many
    faint: list[str] = field(default_factory=list)
    faint_count: int = 0
    transparency: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)  # lines wholly outside the trim
    image_count: int = 0
    lowest_dpi: float = math.inf
    lowest_dpi_where: str = ""
    image_spaces: dict[str, str] = field(default_factory=dict)  # family -> first image
    jpx: list[str] = field(default_factory=list)

    #: pixels (width x height) of the largest image drawn, an XObject (or its soft mask) or an
    #: inline image, by its dictionary or by its codec's own header if that claims more
    largest_image: int = 0
    #: content that was not read to its end (a page given up, an inline image whose end was
    #: guessed): a renderer may find more in it than the checks did
    unread: list[str] = field(default_factory=list)

    def note(self, where: list[str], text: str) -> None:
        """Keep one finding of a kind (the first few are kept)."""
        if len(where) < KEEP:
            where.append(text)


class _State:
    """The graphics state that q saves and Q restores."""

    __slots__ = (
        "char_space",
        "ctm",
        "fill_ink",
        "fill_space",
        "fill_tint",
        "fill_white",
        "font",
        "hscale",
        "leading",
        "line_width",
        "render",
        "rise",
        "scale",
        "size",
        "stroke_ink",
        "stroke_space",
        "stroke_tint",
        "stroke_white",
        "word_space",
    )

    def __init__(self, ctm: Matrix) -> None:
        """The state at the start of a content stream."""
        self.ctm = ctm
        self.scale = thinnest_scale(ctm)  # kept with the ctm: lines are measured often
        self.line_width = 1.0
        self.fill_space = "/DeviceGray"
        self.stroke_space = "/DeviceGray"
        self.fill_white = False
        self.stroke_white = False
        self.fill_ink = (100.0, "grey 0")  # total ink in percent, and the colour that makes it
        self.stroke_ink = (100.0, "grey 0")
        self.fill_tint = (1.0, "grey 0")  # how far from white (0 to 1), and the colour
        self.stroke_tint = (1.0, "grey 0")
        self.font: FontInfo | None = None
        self.size = 0.0
        self.char_space = 0.0
        self.word_space = 0.0
        self.hscale = 1.0
        self.leading = 0.0
        self.rise = 0.0
        self.render = 0

    def copy(self) -> _State:
        """A copy for q to save."""
        other = _State.__new__(_State)
        for name in _State.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class Scanner:
    """Interprets pages one by one, sharing fonts and decoded forms across the document."""

    def __init__(self, findings: Findings, spend: Spending, *, measure_ink: bool = False) -> None:
        """Nothing read yet; ``measure_ink``: decode CMYK images to find their highest ink."""
        self.f = findings
        self.spend = spend
        self.measure_ink = measure_ink
        #: id -> ink, or why it cannot be read (NoDecoder: a codec not decoded here)
        self.image_inks: dict[int, float | str | NoDecoder] = {}
        #: the inline image the lexer just read: (its dictionary's text, its encoded data)
        self.inline: tuple[bytes, bytes] | None = None
        self.image_pixels: dict[int, int] = {}  # id -> size in pixels, its filters unpacked
        self.fonts: dict[int, FontInfo] = {}
        self.forms: dict[int, tuple[Any, bytes]] = {}  # id -> (the form, its decoded content)
        self.page: PageInk = PageInk(0, (0.0, 0.0, 0.0, 0.0))

    # --- entry -----------------------------------------------------------------------
    def scan(
        self, number: int, page: Any, trim: Box, zones: list[Zone], safe: SafeArea | None = None
    ) -> PageInk:
        """Interpret one page; TooComplexError propagates, any other failure is a problem."""
        self.page = result = PageInk(number, trim, zones=zones, safe=safe)
        try:
            with guard(f"page {number}"):
                if get(get(page, "/Group"), "/S") == "/Transparency":
                    self.f.note(self.f.transparency, f"page {number}: a transparency group")
                resources = get(page, "/Resources")
                contents = get(page, "/Contents")
                parts = list(contents) if isinstance(contents, ArrayObject) else [contents]
                data = b"\n".join(
                    stream_data(part, self.spend) for part in parts if part is not None
                )
                self.run(data, resources, IDENTITY, ())
        except TooComplexError:
            raise
        except PdfPartError as exc:
            problem = str(exc) if str(exc).startswith("page") else f"page {number}: {exc}"
            self._problem(problem)
            self.f.note(self.f.unread, problem)
        return result

    def _problem(self, text: str) -> None:
        """Record a reason the page was not read in full (the first few are kept)."""
        if len(self.page.problems) < KEEP:
            self.page.problems.append(text)

    # --- ink -------------------------------------------------------------------------
    def _ink(self, kind: str, x0: float, y0: float, x1: float, y1: float) -> None:
        """Extend the page ink by a box and note it in the zones it touches."""
        ink = self.page.ink
        if x0 < ink[0]:
            ink[0] = x0
        if y0 < ink[1]:
            ink[1] = y0
        if x1 > ink[2]:
            ink[2] = x1
        if y1 > ink[3]:
            ink[3] = y1
        for zone in self.page.zones:
            zx0, zy0, zx1, zy1 = zone.box
            if x0 < zx1 and x1 > zx0 and y0 < zy1 and y1 > zy0:
                zone.hit(kind, (x0, y0, x1, y1))
        if self.page.safe is not None:
            self.page.safe.mark(kind, x0, y0, x1, y1)

    def _into_bleed(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Whether a box covers the whole trim or runs past it into the bleed: a background
        or bleed picture, not ink that must keep the margins."""
        t = self.page.trim
        if x0 <= t[0] and y0 <= t[1] and x1 >= t[2] and y1 >= t[3]:
            return True
        return x0 < t[0] - 0.5 or y0 < t[1] - 0.5 or x1 > t[2] + 0.5 or y1 > t[3] + 0.5

    def _paint_ink(self, ink: tuple[float, str]) -> None:
        """Remember the highest total ink painted."""
        if ink[0] > self.f.max_ink + 1e-9:
            self.f.max_ink = ink[0]
            self.f.max_ink_where = f"page {self.page.number}: {ink[1]}"

    def _path_ink(
        self, px: list[Any], py: list[Any], state: _State, stroke: bool, fill: bool
    ) -> None:
        """A painted path's ink: its extent plus half the line, unless white or a background."""
        if len(px) == 2:
            xa, xb, ya, yb = float(px[0]), float(px[1]), float(py[0]), float(py[1])
            x0, y0, x1, y1 = transform_box(
                state.ctm, min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)
            )
        else:
            xs = [float(v) for v in px]
            ys = [float(v) for v in py]
            x0, y0, x1, y1 = transform_box(state.ctm, min(xs), min(ys), max(xs), max(ys))
        if fill:
            self._paint_ink(state.fill_ink)
            self._faint("fill", state.fill_tint)
        if stroke:
            self._paint_ink(state.stroke_ink)
            self._faint("stroke", state.stroke_tint)
        trim = self.page.trim
        if fill and not stroke and self._into_bleed(x0, y0, x1, y1):
            return  # a background covering the page, or running into the bleed
        half = 0.0
        if stroke and not state.stroke_white:
            half = state.line_width * state.scale / 2
        elif not (fill and not state.fill_white):
            return  # white paint only
        if (
            stroke
            and not fill
            and (x1 <= trim[0] or x0 >= trim[2] or y1 <= trim[1] or y0 >= trim[3])
        ):
            self.f.note(self.f.marks, f"page {self.page.number}: a line outside the trim")
            return  # a printer's mark (crop mark): cut off with the bleed, not ink on the page
        kind = "fill" if fill and not stroke else "line"
        self._ink(kind, x0 - half, y0 - half, x1 + half, y1 + half)

    def _faint(self, what: str, tint: tuple[float, str]) -> None:
        """Remember paint in a tint so light it may vanish in print (white itself is not)."""
        if 0.0 < tint[0] < NEAR_WHITE:
            f = self.f
            f.faint_count += 1
            f.note(f.faint, f"page {self.page.number}: {what} {tint[1]} ({tint[0] * 100:.3g} %)")

    def _stroke_width(self, state: _State) -> None:
        """Remember the thinnest line stroked so far, as printed."""
        width = state.line_width * state.scale
        if width < self.f.thinnest:
            self.f.thinnest = width
            self.f.thinnest_page = self.page.number

    # --- colour ----------------------------------------------------------------------
    def _colour(self, text: str) -> None:
        """Record one use of colour (the first few are kept)."""
        if len(self.f.colours) < KEEP:
            self.f.colours.append(f"page {self.page.number}: {text}")

    def _space(self, name: str, resources: Any) -> str:
        """A colour space name reduced to a device space, or the name itself."""
        if name in _GREY_SPACES or name in _DEVICE_SPACES or name == "/Pattern":
            return name
        space = resolve(get(get(resources, "/ColorSpace"), name))
        if isinstance(space, ArrayObject) and space:
            family = resolve(space[0])
            if family == "/ICCBased" and len(space) > 1:
                n = number(get(space[1], "/N"))
                return {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}.get(int(n or 0), name)
            if family == "/CalGray":
                return "/DeviceGray"
            if family in ("/Separation",) and len(space) > 1 and resolve(space[1]) == "/Black":
                return "/DeviceGray"
            return str(family)
        return str(space) if space is not None else name

    def _family(self, name: str, what: str) -> None:
        """Record the first use of a colour-space family."""
        if name not in self.f.spaces:
            self.f.spaces[name] = f"page {self.page.number}: {what}"

    def _set_colour(self, space: str, values: list[float], fill: bool, state: _State) -> None:
        """Check a colour for grey, note its family and ink, remember whether it is white."""
        white = False
        ink = (0.0, "")
        tint = (1.0, "")  # unknown: never near white
        if space in _GREY_SPACES:
            white = bool(values) and values[-1] >= 1.0
            self._family(GRAY, "a grey")
            if values:
                grey = min(1.0, max(0.0, values[-1]))
                ink = ((1.0 - grey) * 100, f"grey {values[-1]:g}")
                tint = (1.0 - grey, f"grey {values[-1]:g}")
        elif _DEVICE_SPACES.get(space) == 3 and len(values) == 3:
            r, g, b = values
            if not (abs(r - g) < 1e-6 and abs(g - b) < 1e-6):
                self._colour(f"RGB colour {r:g} {g:g} {b:g}")
            white = min(values) >= 1.0
            self._family("rgb", f"RGB colour {r:g} {g:g} {b:g}")
            tint = (1.0 - min(1.0, max(0.0, min(values))), f"RGB {r:g} {g:g} {b:g}")
        elif _DEVICE_SPACES.get(space) == 4 and len(values) == 4:
            c, m, y, k = values
            if any(values[:3]):
                self._colour(f"CMYK colour {c:g} {m:g} {y:g}")
            white = not any(values)
            self._family(CMYK, f"CMYK colour {c:g} {m:g} {y:g} {k:g}")
            ink = (sum(max(0.0, v) for v in values) * 100, f"CMYK {c:g} {m:g} {y:g} {k:g}")
            tint = (min(1.0, max(0.0, *values)), f"CMYK {c:g} {m:g} {y:g} {k:g}")
        else:
            self._colour(f"colour in {space}")
            self._family(space.lstrip("/"), f"colour in {space}")
        if fill:
            state.fill_white = white
            state.fill_ink = ink
            state.fill_tint = tint
        else:
            state.stroke_white = white
            state.stroke_ink = ink
            state.stroke_tint = tint

    # --- text ------------------------------------------------------------------------
    def _font(self, name: str, resources: Any) -> FontInfo | None:
        """The font named in the resources, read once per document."""
        ref = get(get(resources, "/Font"), name)
        if ref is None:
            raise PdfPartError(f"font {name} is not in the page's resources")
        key = id(ref)
        info = self.fonts.get(key)
        if info is None:
            if not isinstance(ref, DictionaryObject):
                raise PdfPartError(f"font {name} is not a font dictionary")
            info = font_info(ref)
            self.fonts[key] = info
        return info

    def _show(self, codes: bytes, text_m: Matrix, state: _State) -> Matrix:
        """Ink for one string at the text matrix; returns the matrix after it."""
        self.spend.ops(TEXT_COST)
        font = state.font
        if font is None:
            raise PdfPartError("text shown before a font is set")
        em, glyphs, spaces = font.measure(codes)
        if glyphs and self.f.fonts.get(font.name, True):
            self.f.fonts[font.name] = font.embedded  # a font counts once it shows text
        size = state.size
        advance = em * size + glyphs * state.char_space + spaces * state.word_space
        advance *= state.hscale
        if state.render not in _NO_TEXT and glyphs:
            self._paint_ink(state.fill_ink)
            low = state.rise + font.descent * size
            high = state.rise + font.ascent * size
            m = multiply(text_m, state.ctm)
            if not all(math.isfinite(v) for v in (size, *m)):  # its size and place: NaN
                raise PdfPartError("text drawn at a size or through a matrix past any number")
            self._ink("text", *transform_box(m, min(0.0, advance), low, max(0.0, advance), high))
            if spaces < glyphs:  # a run of spaces prints nothing
                self._text_size(abs(size) * math.hypot(m[2], m[3]), font.name)
                if state.render in _FILL_TEXT:
                    self._faint("text", state.fill_tint)
                if state.render in _STROKE_TEXT:
                    self._faint("text outline", state.stroke_tint)
        a, b, c, d, e, f = text_m
        return (a, b, c, d, e + advance * a, f + advance * b)

    def _text_size(self, size: float, font: str) -> None:
        """Remember the smallest text of the page: the font size scaled by the text matrix and
        the transformation (how tall an em is on paper)."""
        sizes = self.f.text_sizes
        number = self.page.number
        smallest = sizes.get(number)
        if smallest is None or size < smallest[0]:
            sizes[number] = (size, font)

    # --- forms and images ------------------------------------------------------------
    def _image(self, what: str, state: _State, info: ImageInfo | None = None) -> None:
        """A raster image: a finding (size, resolution on the page, colour), and ink over the
        unit square it fills."""
        f = self.f
        where = f"page {self.page.number}: {what}"
        f.image_count += 1
        if info is not None:
            a, b, c, d = state.ctm[:4]
            wide, high = math.hypot(a, b) / 72, math.hypot(c, d) / 72  # inches on the page
            if wide > 0 and high > 0:
                dpi = min(info.width / wide, info.height / high)
                where = f"{where} ({info.width} x {info.height} px at {dpi:.0f} dpi)"
                if dpi < f.lowest_dpi:
                    f.lowest_dpi, f.lowest_dpi_where = dpi, where
            if info.family:
                f.image_spaces.setdefault(info.family, where)
                self._family(info.family, what)
            if info.jpx:
                f.note(f.jpx, where)
            if info.soft_mask:
                f.note(f.transparency, f"{where}: a soft mask")
            if info.family == GRAY:
                self._paint_ink((100.0, "a grey image"))  # at most black
        f.note(f.images, where)
        box = transform_box(state.ctm, 0.0, 0.0, 1.0, 1.0)
        if not self._into_bleed(*box):  # a picture into the bleed is a background
            self._ink("image", *box)

    def _image_ink(self, key: int, raster: Raster, what: str) -> None:
        """The highest ink of a CMYK image (read once per document by ``key``), when ink is
        measured; an image whose codec is not decoded here is named as not measured."""
        ink = self.image_inks.get(key)
        if ink is None:
            try:
                ink = image_ink(raster, self.spend)
            except NoDecoder as exc:
                ink = NoDecoder(str(exc))
            except PdfPartError as exc:
                ink = str(exc)
            self.image_inks[key] = ink
        where = f"page {self.page.number}: {what}"
        if isinstance(ink, NoDecoder):
            self.f.note(self.f.ink_skipped, f"{where}: {ink}")
        elif isinstance(ink, str):
            self.f.note(self.f.ink_unmeasured, f"{where}: {ink}")
        else:
            self._paint_ink((ink, f"CMYK {what}"))

    def _pixels(self, xobject: Any, name: str) -> int:
        """An image XObject's size in pixels as a renderer sees it (read once per document),
        its filters that a renderer unpacks whole decoded within the budget."""
        key = id(xobject)
        pixels = self.image_pixels.get(key)
        if pixels is None:
            with guard(f"image {name}"):
                pixels = stream_pixels(xobject, self.spend)
            self.image_pixels[key] = pixels
        return pixels

    def _do(self, name: str, resources: Any, state: _State, seen: tuple[int, ...]) -> None:
        """Draw an XObject: an image is raster ink; a form is interpreted, within the budget."""
        xobject = get(get(resources, "/XObject"), name)
        if not isinstance(xobject, StreamObject):
            raise PdfPartError(f"XObject {name} is missing or not a stream")
        subtype = get(xobject, "/Subtype")
        if subtype == "/Image":
            size = (number(get(xobject, "/Width")) or 0) * (number(get(xobject, "/Height")) or 0)
            self.f.largest_image = max(self.f.largest_image, int(min(abs(size), 1e18)))
            self.f.largest_image = max(self.f.largest_image, self._pixels(xobject, name))
            info = image_info(xobject, resources)
            self._image(f"image {name}", state, info)
            if info.family in (CMYK, JPX_OWN) and self.measure_ink:
                with guard(f"image {name}"):
                    raster = xobject_raster(xobject, resources)
                self._image_ink(id(xobject), raster, f"image {name}")
            elif info.family not in (GRAY, "rgb", "") and self.measure_ink:
                self.f.note(self.f.ink_unmeasured, f"page {self.page.number}: image {name}")
            return
        if subtype != "/Form":
            raise PdfPartError(f"XObject {name} of type {subtype}")
        key = id(xobject)
        if key in seen:
            raise TooComplexError(f"form {name} draws itself")
        if get(get(xobject, "/Group"), "/S") == "/Transparency":
            self.f.note(
                self.f.transparency, f"page {self.page.number}: form {name} is a transparency group"
            )
        self.spend.form(len(seen) + 1)
        cached = self.forms.get(key)
        if cached is None:
            with guard(f"form {name}"):
                cached = (xobject, stream_data(xobject, self.spend))
            self.forms[key] = cached
        matrix = numbers(get(xobject, "/Matrix"), 6) or IDENTITY
        inner = get(xobject, "/Resources")
        self.run(
            cached[1],
            inner if inner is not None else resources,
            multiply(matrix, state.ctm),  # type: ignore[arg-type]
            (*seen, key),
        )

    # --- the interpreter -------------------------------------------------------------
    def run(self, data: bytes, resources: Any, ctm: Matrix, seen: tuple[int, ...]) -> None:
        """Interpret one content stream under ``ctm`` (a page's, or a form's)."""
        _Stream(self, resources, ctm, seen).run(data)


class _Stream:
    """One content stream being interpreted: its state, its path, its text position. Path
    construction runs inline (most operators of a maze); every other operator has a handler
    in ``_HANDLERS``; operators that leave no ink (h, W, BDC, ...) are skipped."""

    def __init__(self, scanner: Scanner, resources: Any, ctm: Matrix, seen: tuple[int, ...]):
        """A fresh graphics state under ``ctm``."""
        self.scanner = scanner
        self.resources = resources
        self.seen = seen
        self.state = _State(ctm)
        self.stack: list[_State] = []
        self.px: list[Any] = []  # the path's x and y, as read (bytes) or worked out (floats)
        self.py: list[Any] = []
        self.text_m = self.line_m = IDENTITY

    def run(self, data: bytes) -> None:
        """Interpret every operator; charge the budget batch by batch."""
        scanner = self.scanner
        limit = scanner.spend.budget.max_operands
        operand_start = _OPERAND
        handlers = _HANDLERS
        operands: list[bytes] = []
        px, py = self.px, self.py
        for batch in batches(data, scanner.spend, self._inline_data):
            count = len(batch) // OPERAND_SHARE
            for op in batch:
                if op[0] in operand_start:
                    operands.append(op)
                    if len(operands) > limit:
                        raise TooComplexError(f"over {limit:,} operands in a row")
                    continue
                count += 1
                try:
                    if op == b"l" or op == b"m":
                        px.append(operands[-2])
                        py.append(operands[-1])
                    else:
                        handler = handlers.get(op)
                        if handler is not None:
                            handler(self, op, operands)
                except TooComplexError:  # a MazebookError, so a ValueError: before the rest
                    raise
                except PdfPartError as exc:
                    scanner._problem(f"page {scanner.page.number}: {exc}")
                except (IndexError, ValueError, TypeError, KeyError, UnicodeDecodeError):
                    name = op.decode("latin-1")[:20]
                    scanner._problem(
                        f"page {scanner.page.number}: operator {name!r} cannot be read"
                    )
                    px.clear()
                    py.clear()
                operands = []
            scanner.spend.ops(count)

    # --- paths -----------------------------------------------------------------------
    def _curve(self, op: bytes, operands: list[bytes]) -> None:
        """c, v, y: a Bezier segment, by its true extent."""
        add_curve(op, operands, self.px, self.py)

    def _rectangle(self, op: bytes, operands: list[bytes]) -> None:
        """re: a rectangle, by two corners."""
        x, y, w, h = (float(v) for v in operands[-4:])
        self.px.extend((operands[-4], str(x + w).encode()))
        self.py.extend((operands[-3], str(y + h).encode()))

    def _paint(self, op: bytes, operands: list[bytes]) -> None:
        """S, f, B and the rest: the path becomes ink; a stroke is measured."""
        if self.px:
            stroke = op in _STROKE
            self.scanner._path_ink(self.px, self.py, self.state, stroke, op not in (b"S", b"s"))
            if stroke:
                self.scanner._stroke_width(self.state)
        self._end_path(op, operands)

    def _end_path(self, op: bytes, operands: list[bytes]) -> None:
        """n (and after painting): the path is done."""
        self.px.clear()
        self.py.clear()

    # --- graphics state --------------------------------------------------------------
    def _save(self, op: bytes, operands: list[bytes]) -> None:
        """q: save the graphics state (a bounded number deep)."""
        limit = self.scanner.spend.budget.max_saved_states
        if len(self.stack) >= limit:
            raise TooComplexError(f"over {limit} graphics states saved")
        self.stack.append(self.state.copy())

    def _restore(self, op: bytes, operands: list[bytes]) -> None:
        """Q: restore it (an unmatched Q is ignored)."""
        if self.stack:
            self.state = self.stack.pop()

    def _line_width(self, op: bytes, operands: list[bytes]) -> None:
        """w: the line width."""
        self.state.line_width = abs(float(operands[-1]))

    def _concat(self, op: bytes, operands: list[bytes]) -> None:
        """cm: a new transformation on top of the current one."""
        self.state.ctm = multiply(matrix_of(operands), self.state.ctm)
        self.state.scale = thinnest_scale(self.state.ctm)

    def _ext_state(self, op: bytes, operands: list[bytes]) -> None:
        """gs: the line width of an ExtGState, if it sets one, and any transparency it sets."""
        name = operands[-1].decode("latin-1")
        state = get(get(self.resources, "/ExtGState"), name)
        lw = number(get(state, "/LW"))
        if lw is not None:
            self.state.line_width = abs(lw)
        found = []
        for key, what in (("/ca", "fill alpha"), ("/CA", "stroke alpha")):
            alpha = number(get(state, key))
            if alpha is not None and alpha < 1:
                found.append(f"{what} {alpha:g}")
        smask = get(state, "/SMask")
        if smask is not None and smask != "/None":
            found.append("a soft mask")
        blend = get(state, "/BM")
        if blend is not None and blend not in ("/Normal", "/Compatible"):
            found.append(f"blend mode {blend}")
        if found:
            f = self.scanner.f
            f.note(
                f.transparency, f"page {self.scanner.page.number}: {name} sets {', '.join(found)}"
            )

    # --- colour ----------------------------------------------------------------------
    def _device_colour(self, op: bytes, operands: list[bytes]) -> None:
        """g, rg, k (fill) and G, RG, K (stroke): a device colour."""
        space, n = _DEVICE_OPS[op.lower()]
        fill = op.islower()
        values = [float(v) for v in operands[-n:]]
        if len(values) != n:
            raise IndexError(op)
        self.scanner._set_colour(space, values, fill, self.state)
        if fill:
            self.state.fill_space = space
        else:
            self.state.stroke_space = space

    def _colour_space(self, op: bytes, operands: list[bytes]) -> None:
        """cs, CS: the colour space that sc and scn values are in."""
        name = operands[-1].decode("latin-1")
        space = self.scanner._space(name, self.resources)
        if op == b"cs":
            self.state.fill_space, self.state.fill_white = space, False
        else:
            self.state.stroke_space, self.state.stroke_white = space, False
        if space not in _GREY_SPACES and space not in _DEVICE_SPACES:
            self.scanner._family(family(name, self.resources), f"colour space {name}")

    def _colour_values(self, op: bytes, operands: list[bytes]) -> None:
        """sc, scn, SC, SCN: a colour in the current space (a pattern is colour)."""
        fill = op in (b"sc", b"scn")
        space = self.state.fill_space if fill else self.state.stroke_space
        if space == "/Pattern" or (operands and operands[-1][0] == 0x2F):
            self.scanner._colour("a pattern")
        else:
            self.scanner._set_colour(space, [float(v) for v in operands], fill, self.state)

    def _shading(self, op: bytes, operands: list[bytes]) -> None:
        """sh: a shading is colour unless its space is grey."""
        name = operands[-1].decode("latin-1")
        shading = get(get(self.resources, "/Shading"), name)
        space = get(shading, "/ColorSpace")
        kind = family(space, self.resources)
        if kind != GRAY:
            self.scanner._colour("a colour shading")
        self.scanner._family(kind, f"shading {name}")
        if kind == CMYK and self.scanner.measure_ink:
            self._shading_ink(shading, name)

    def _shading_ink(self, shading: Any, name: str) -> None:
        """A CMYK shading's highest ink: the ends of an exponential (type 2) function."""
        function = get(shading, "/Function")
        ends = [numbers(get(function, key), 4) for key in ("/C0", "/C1")]
        if number(get(function, "/FunctionType")) == 2 and all(ends):
            ink = max(sum(max(0.0, v) for v in end or ()) for end in ends) * 100
            self.scanner._paint_ink((ink, f"shading {name}"))
        else:
            scanner = self.scanner
            scanner.f.note(scanner.f.ink_unmeasured, f"page {scanner.page.number}: shading {name}")

    # --- text ------------------------------------------------------------------------
    def _begin_text(self, op: bytes, operands: list[bytes]) -> None:
        """BT: the text position starts at the origin."""
        self.text_m = self.line_m = IDENTITY

    def _font(self, op: bytes, operands: list[bytes]) -> None:
        """Tf: the font and size."""
        name = operands[-2].decode("latin-1")
        self.state.font = self.scanner._font(name, self.resources)
        self.state.size = float(operands[-1])

    def _text_matrix(self, op: bytes, operands: list[bytes]) -> None:
        """Tm: the text matrix."""
        self.text_m = self.line_m = matrix_of(operands)

    def _move(self, op: bytes, operands: list[bytes]) -> None:
        """Td, TD: to the next line by an offset (TD sets the leading too)."""
        tx, ty = float(operands[-2]), float(operands[-1])
        if op == b"TD":
            self.state.leading = -ty
        self.text_m = self.line_m = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.line_m)

    def _next_line(self, op: bytes, operands: list[bytes]) -> None:
        """T*: to the next line by the leading."""
        move = (1.0, 0.0, 0.0, 1.0, 0.0, -self.state.leading)
        self.text_m = self.line_m = multiply(move, self.line_m)

    def _show(self, op: bytes, operands: list[bytes]) -> None:
        """Tj, ' and ": a string shown (' and " move to the next line first)."""
        if op == b"'" or op == b'"':
            if op == b'"':
                self.state.word_space = float(operands[-3])
                self.state.char_space = float(operands[-2])
            self._next_line(op, operands)
        codes = string_bytes(operands[-1])
        self.text_m = self.scanner._show(codes, self.text_m, self.state)

    def _show_array(self, op: bytes, operands: list[bytes]) -> None:
        """TJ: strings shown in turn, numbers moving back by thousandths of the size."""
        if not operands or operands[0] != b"[" or operands[-1] != b"]":
            raise ValueError("TJ without an array")
        state = self.state
        text_m = self.text_m
        for item in operands[1:-1]:
            if item[0] in b"(<":
                text_m = self.scanner._show(string_bytes(item), text_m, state)
            else:
                shift = -float(item) / 1000 * state.size * state.hscale
                a, b, c, d, e, f = text_m
                text_m = (a, b, c, d, e + shift * a, f + shift * b)
        self.text_m = text_m

    def _text_state(self, op: bytes, operands: list[bytes]) -> None:
        """TL, Tc, Tw, Tz, Ts, Tr: one number of the text state."""
        value = float(operands[-1])
        state = self.state
        if op == b"TL":
            state.leading = value
        elif op == b"Tc":
            state.char_space = value
        elif op == b"Tw":
            state.word_space = value
        elif op == b"Tz":
            state.hscale = value / 100
        elif op == b"Ts":
            state.rise = value
        else:  # Tr
            state.render = int(value)

    # --- images and forms ------------------------------------------------------------
    def _inline_data(self, header: bytes, data: bytes, start: int) -> int:
        """The lexer's inline-image reader: where the image's data ends, as a renderer finds
        it, its filters unpacked within the budget and its size counted; an image that cannot
        be read is a problem of the page, its end then looked for after its start."""
        scanner = self.scanner
        try:
            with guard("an inline image"):
                image = inline_image(
                    header, data, start, scanner.spend, lambda s: components(s, self.resources)
                )
        except PdfPartError as exc:
            problem = f"page {scanner.page.number}: {exc}"
            scanner._problem(problem)
            scanner.f.note(scanner.f.unread, problem)
            return start
        scanner.f.largest_image = max(scanner.f.largest_image, image.pixels)
        scanner.inline = (header, data[start : image.end])
        return image.end

    def _inline_image(self, op: bytes, operands: list[bytes]) -> None:
        """BI ... EI: an inline image (its data skipped by the lexer, its dictionary read)."""
        header = operands[-1] if operands and operands[-1].startswith(b"<<") else b""
        entries = inline_dict(header[2:])
        info = inline_info(entries, self.resources)
        scanner = self.scanner
        scanner._image("an inline image", self.state, info)
        if not scanner.measure_ink or info.family in (GRAY, "rgb", ""):
            return
        read, scanner.inline = scanner.inline, None
        if info.family in (CMYK, JPX_OWN) and read is not None and read[0] == header[2:]:
            raster = inline_raster(entries, read[1], self.resources)
            scanner._image_ink(id(read), raster, "an inline image")
        else:
            scanner.f.note(scanner.f.ink_unmeasured, f"page {scanner.page.number}: an inline image")

    def _draw(self, op: bytes, operands: list[bytes]) -> None:
        """Do: an image or a form."""
        self.scanner._do(operands[-1].decode("latin-1"), self.resources, self.state, self.seen)


_Handler = Callable[[_Stream, bytes, list[bytes]], None]
_DEVICE_OPS = {b"g": ("/DeviceGray", 1), b"rg": ("/DeviceRGB", 3), b"k": ("/DeviceCMYK", 4)}
_HANDLERS: dict[bytes, _Handler] = {
    b"c": _Stream._curve,
    b"v": _Stream._curve,
    b"y": _Stream._curve,
    b"re": _Stream._rectangle,
    **dict.fromkeys(_PAINT, _Stream._paint),
    b"n": _Stream._end_path,
    b"q": _Stream._save,
    b"Q": _Stream._restore,
    b"w": _Stream._line_width,
    b"cm": _Stream._concat,
    b"gs": _Stream._ext_state,
    **dict.fromkeys((b"g", b"G", b"rg", b"RG", b"k", b"K"), _Stream._device_colour),
    b"cs": _Stream._colour_space,
    b"CS": _Stream._colour_space,
    **dict.fromkeys((b"sc", b"scn", b"SC", b"SCN"), _Stream._colour_values),
    b"sh": _Stream._shading,
    b"BT": _Stream._begin_text,
    b"Tf": _Stream._font,
    b"Tm": _Stream._text_matrix,
    b"Td": _Stream._move,
    b"TD": _Stream._move,
    b"T*": _Stream._next_line,
    b"Tj": _Stream._show,
    b"'": _Stream._show,
    b'"': _Stream._show,
    b"TJ": _Stream._show_array,
    **dict.fromkeys((b"TL", b"Tc", b"Tw", b"Tz", b"Ts", b"Tr"), _Stream._text_state),
    INLINE_IMAGE: _Stream._inline_image,
    b"Do": _Stream._draw,
}
