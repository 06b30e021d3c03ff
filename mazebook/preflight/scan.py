"""The content-stream interpreter: where the ink is, which fonts, colours, images and lines.

It follows the transformation matrix, the graphics and text state, paths, text runs (with their
real widths) and the forms a page draws, and records per page the extent of the ink (a fill
covering the whole page, a background, and white paint are not ink) and the ink falling in the
zones the caller watches (the barcode box, the spine). Work is charged to the budget as it is
done; an operator it cannot read is recorded as a problem of that page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from .budget import Spending, TooComplexError
from .fonts import FontInfo, font_info
from .lex import INLINE_IMAGE, batches, string_bytes
from .read import Box, PdfPartError, get, guard, number, numbers, resolve, stream_data

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
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
_DEVICE_SPACES = {"/DeviceRGB": 3, "/RGB": 3, "/DeviceCMYK": 4, "/CMYK": 4}


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point p maps to p * m * n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _matrix(operands: list[bytes]) -> Matrix:
    """The last six operands as a matrix (ValueError when there are fewer)."""
    a, b, c, d, e, f = (float(v) for v in operands[-6:])
    return (a, b, c, d, e, f)


def thinnest_scale(m: Matrix) -> float:
    """The smallest factor by which ``m`` scales a length (its smaller singular value)."""
    a, b, c, d = m[0], m[1], m[2], m[3]
    half = (a * a + b * b + c * c + d * d) / 2
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, half - math.sqrt(max(0.0, half * half - det * det))))


def transform_box(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Box:
    """The bounding box of a rectangle's four corners mapped by ``m``."""
    a, b, c, d, e, f = m
    if b == 0 and c == 0:  # no rotation or skew: the usual case, done quickly
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return (
            xa if xa < xb else xb,
            ya if ya < yb else yb,
            xb if xa < xb else xa,
            yb if ya < yb else ya,
        )
    xs = (a * x0 + c * y0, a * x1 + c * y0, a * x0 + c * y1, a * x1 + c * y1)
    ys = (b * x0 + d * y0, b * x1 + d * y0, b * x0 + d * y1, b * x1 + d * y1)
    return (min(xs) + e, min(ys) + f, max(xs) + e, max(ys) + f)


def _cubic_range(p0: float, p1: float, p2: float, p3: float) -> tuple[float, float]:
    """The least and greatest value of one coordinate along a cubic Bezier segment."""
    low, high = min(p0, p3), max(p0, p3)
    if low <= min(p1, p2) and max(p1, p2) <= high:
        return low, high  # control points inside: the ends bound the curve
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    roots: list[float] = []
    if abs(a) < 1e-12:
        if abs(b) > 1e-12:
            roots.append(-c / b)
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            sq = math.sqrt(disc)
            roots.extend(((-b + sq) / (2 * a), (-b - sq) / (2 * a)))
    for t in roots:
        if 0 < t < 1:
            u = 1 - t
            value = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            low, high = min(low, value), max(high, value)
    return low, high


def _curve(op: bytes, operands: list[bytes], px: list[Any], py: list[Any]) -> None:
    """Add a curve's true extent (not its control points) and its end to the path."""
    if op == b"c":
        x1, y1, x2, y2, x3, y3 = (float(v) for v in operands[-6:])
    else:
        xa, ya, x3, y3 = (float(v) for v in operands[-4:])
    if not px:
        raise ValueError("a curve with no current point")
    x0, y0 = float(px[-1]), float(py[-1])
    if op == b"v":
        x1, y1, x2, y2 = x0, y0, xa, ya
    elif op == b"y":
        x1, y1, x2, y2 = xa, ya, x3, y3
    lo_x, hi_x = _cubic_range(x0, x1, x2, x3)
    lo_y, hi_y = _cubic_range(y0, y1, y2, y3)
    px.extend((lo_x, hi_x, x3))
    py.extend((lo_y, hi_y, y3))


@dataclass
class Zone:
    """A rectangle the caller watches; ``hits`` are (kind, box) of ink that falls in it."""

    name: str
    box: Box
    hits: list[tuple[str, Box]] = field(default_factory=list)


@dataclass
class PageInk:
    """One page's findings: the extent of its ink and what fell in the watched zones."""

    number: int
    trim: Box
    ink: list[float] = field(default_factory=lambda: [math.inf, math.inf, -math.inf, -math.inf])
    zones: list[Zone] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def inked(self) -> bool:
        return self.ink[0] != math.inf


@dataclass
class Findings:
    """What the interpreter saw across the document."""

    thinnest: float = math.inf
    thinnest_page: int = 0
    images: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)  # base font name -> embedded


class _State:
    """The graphics state that q saves and Q restores."""

    __slots__ = (
        "char_space",
        "ctm",
        "fill_space",
        "fill_white",
        "font",
        "hscale",
        "leading",
        "line_width",
        "render",
        "rise",
        "scale",
        "size",
        "stroke_space",
        "stroke_white",
        "word_space",
    )

    def __init__(self, ctm: Matrix) -> None:
        self.ctm = ctm
        self.scale = thinnest_scale(ctm)  # kept with the ctm: lines are measured often
        self.line_width = 1.0
        self.fill_space = "/DeviceGray"
        self.stroke_space = "/DeviceGray"
        self.fill_white = False
        self.stroke_white = False
        self.font: FontInfo | None = None
        self.size = 0.0
        self.char_space = 0.0
        self.word_space = 0.0
        self.hscale = 1.0
        self.leading = 0.0
        self.rise = 0.0
        self.render = 0

    def copy(self) -> _State:
        other = _State.__new__(_State)
        for name in _State.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class Scanner:
    """Interprets pages one by one, sharing fonts and decoded forms across the document."""

    def __init__(self, findings: Findings, spend: Spending) -> None:
        self.f = findings
        self.spend = spend
        self.fonts: dict[int, FontInfo] = {}
        self.forms: dict[int, tuple[Any, bytes]] = {}  # id -> (the form, its decoded content)
        self.page: PageInk = PageInk(0, (0.0, 0.0, 0.0, 0.0))

    # --- entry -----------------------------------------------------------------------
    def scan(self, number: int, page: Any, trim: Box, zones: list[Zone]) -> PageInk:
        """Interpret one page; TooComplexError propagates, any other failure is a problem."""
        self.page = result = PageInk(number, trim, zones=zones)
        try:
            with guard(f"page {number}"):
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
            self._problem(str(exc) if str(exc).startswith("page") else f"page {number}: {exc}")
        return result

    def _problem(self, text: str) -> None:
        if len(self.page.problems) < KEEP:
            self.page.problems.append(text)

    # --- ink -------------------------------------------------------------------------
    def _ink(self, kind: str, x0: float, y0: float, x1: float, y1: float) -> None:
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
            if x0 < zx1 and x1 > zx0 and y0 < zy1 and y1 > zy0 and len(zone.hits) < KEEP:
                zone.hits.append((kind, (x0, y0, x1, y1)))

    def _path_ink(
        self, px: list[Any], py: list[Any], state: _State, stroke: bool, fill: bool
    ) -> None:
        if len(px) == 2:
            xa, xb, ya, yb = float(px[0]), float(px[1]), float(py[0]), float(py[1])
            x0, y0, x1, y1 = transform_box(
                state.ctm, min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)
            )
        else:
            xs = [float(v) for v in px]
            ys = [float(v) for v in py]
            x0, y0, x1, y1 = transform_box(state.ctm, min(xs), min(ys), max(xs), max(ys))
        trim = self.page.trim
        if (
            fill
            and not stroke
            and x0 <= trim[0]
            and y0 <= trim[1]
            and x1 >= trim[2]
            and y1 >= trim[3]
        ):
            return  # a background covering the whole page
        half = 0.0
        if stroke and not state.stroke_white:
            half = state.line_width * state.scale / 2
        elif not (fill and not state.fill_white):
            return  # white paint only
        self._ink("path", x0 - half, y0 - half, x1 + half, y1 + half)

    def _stroke_width(self, state: _State) -> None:
        width = state.line_width * state.scale
        if width < self.f.thinnest:
            self.f.thinnest = width
            self.f.thinnest_page = self.page.number

    # --- colour ----------------------------------------------------------------------
    def _colour(self, text: str) -> None:
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

    def _set_colour(self, space: str, values: list[float], fill: bool, state: _State) -> None:
        white = False
        if space in _GREY_SPACES:
            white = bool(values) and values[-1] >= 1.0
        elif _DEVICE_SPACES.get(space) == 3 and len(values) == 3:
            r, g, b = values
            if not (abs(r - g) < 1e-6 and abs(g - b) < 1e-6):
                self._colour(f"RGB colour {r:g} {g:g} {b:g}")
            white = min(values) >= 1.0
        elif _DEVICE_SPACES.get(space) == 4 and len(values) == 4:
            if any(values[:3]):
                self._colour(f"CMYK colour {values[0]:g} {values[1]:g} {values[2]:g}")
            white = not any(values)
        else:
            self._colour(f"colour in {space}")
        if fill:
            state.fill_white = white
        else:
            state.stroke_white = white

    # --- text ------------------------------------------------------------------------
    def _font(self, name: str, resources: Any) -> FontInfo | None:
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
        if state.render not in (3, 7) and glyphs:
            low = state.rise + font.descent * size
            high = state.rise + font.ascent * size
            m = multiply(text_m, state.ctm)
            self._ink("text", *transform_box(m, min(0.0, advance), low, max(0.0, advance), high))
        a, b, c, d, e, f = text_m
        return (a, b, c, d, e + advance * a, f + advance * b)

    # --- forms and images ------------------------------------------------------------
    def _do(self, name: str, resources: Any, state: _State, seen: tuple[int, ...]) -> None:
        xobject = get(get(resources, "/XObject"), name)
        if not isinstance(xobject, StreamObject):
            raise PdfPartError(f"XObject {name} is missing or not a stream")
        subtype = get(xobject, "/Subtype")
        if subtype == "/Image":
            if len(self.f.images) < KEEP:
                self.f.images.append(f"page {self.page.number}: image {name}")
            self._ink("image", *transform_box(state.ctm, 0.0, 0.0, 1.0, 1.0))
            return
        if subtype != "/Form":
            raise PdfPartError(f"XObject {name} of type {subtype}")
        key = id(xobject)
        if key in seen:
            raise TooComplexError(f"form {name} draws itself")
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
        budget = self.spend.budget
        state = _State(ctm)
        stack: list[_State] = []
        operands: list[bytes] = []
        px: list[Any] = []  # the path's x and y, as read (bytes) or worked out (floats)
        py: list[Any] = []
        text_m = line_m = IDENTITY
        operand_start = _OPERAND
        for batch in batches(data, self.spend):
            count = len(batch) // OPERAND_SHARE
            for tok in batch:
                if tok[0] in operand_start:
                    operands.append(tok)
                    if len(operands) > budget.max_operands:
                        raise TooComplexError(f"over {budget.max_operands:,} operands in a row")
                    continue
                count += 1
                op = tok
                try:
                    if op == b"l" or op == b"m":
                        px.append(operands[-2])
                        py.append(operands[-1])
                    elif op == b"c" or op == b"v" or op == b"y":
                        _curve(op, operands, px, py)
                    elif op == b"re":
                        x, y, w, h = (float(v) for v in operands[-4:])
                        px.extend((operands[-4], str(x + w).encode()))
                        py.extend((operands[-3], str(y + h).encode()))
                    elif op in _PAINT:
                        if px:
                            stroke = op in _STROKE
                            self._path_ink(px, py, state, stroke, op not in (b"S", b"s"))
                            if stroke:
                                self._stroke_width(state)
                        px, py = [], []
                    elif op == b"n" or op == b"h" or op == b"W" or op == b"W*":
                        if op == b"n":
                            px, py = [], []
                    elif op == b"q":
                        if len(stack) >= budget.max_saved_states:
                            raise TooComplexError(
                                f"over {budget.max_saved_states} graphics states saved"
                            )
                        stack.append(state.copy())
                    elif op == b"Q":
                        if stack:
                            state = stack.pop()
                    elif op == b"w":
                        state.line_width = abs(float(operands[-1]))
                    elif op == b"cm":
                        state.ctm = multiply(_matrix(operands), state.ctm)
                        state.scale = thinnest_scale(state.ctm)
                    elif op == b"g" or op == b"G":
                        value = [float(operands[-1])]
                        self._set_colour("/DeviceGray", value, op == b"g", state)
                        if op == b"g":
                            state.fill_space = "/DeviceGray"
                        else:
                            state.stroke_space = "/DeviceGray"
                    elif op == b"rg" or op == b"RG":
                        values = [float(v) for v in operands[-3:]]
                        self._set_colour("/DeviceRGB", values, op == b"rg", state)
                    elif op == b"k" or op == b"K":
                        values = [float(v) for v in operands[-4:]]
                        self._set_colour("/DeviceCMYK", values, op == b"k", state)
                    elif op == b"cs" or op == b"CS":
                        space = self._space(operands[-1].decode("latin-1"), resources)
                        if op == b"cs":
                            state.fill_space, state.fill_white = space, False
                        else:
                            state.stroke_space, state.stroke_white = space, False
                    elif op in (b"sc", b"scn", b"SC", b"SCN"):
                        fill = op in (b"sc", b"scn")
                        space = state.fill_space if fill else state.stroke_space
                        if space == "/Pattern" or (operands and operands[-1][0] == 0x2F):
                            self._colour("a pattern")
                        else:
                            values = [float(v) for v in operands]
                            self._set_colour(space, values, fill, state)
                    elif op == b"sh":
                        shading = get(get(resources, "/Shading"), operands[-1].decode("latin-1"))
                        space = get(shading, "/ColorSpace")
                        if self._space(str(space), resources) not in _GREY_SPACES:
                            self._colour("a colour shading")
                    elif op == b"gs":
                        name = operands[-1].decode("latin-1")
                        lw = number(get(get(get(resources, "/ExtGState"), name), "/LW"))
                        if lw is not None:
                            state.line_width = abs(lw)
                    elif op == b"BT":
                        text_m = line_m = IDENTITY
                    elif op == b"Tf":
                        state.font = self._font(operands[-2].decode("latin-1"), resources)
                        state.size = float(operands[-1])
                    elif op == b"Tm":
                        text_m = line_m = _matrix(operands)
                    elif op == b"Td" or op == b"TD":
                        tx, ty = float(operands[-2]), float(operands[-1])
                        if op == b"TD":
                            state.leading = -ty
                        text_m = line_m = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), line_m)
                    elif op == b"T*":
                        text_m = line_m = multiply((1, 0, 0, 1, 0, -state.leading), line_m)
                    elif op == b"Tj":
                        text_m = self._show(string_bytes(operands[-1]), text_m, state)
                    elif op == b"TJ":
                        text_m = self._show_array(operands, text_m, state)
                    elif op == b"'" or op == b'"':
                        if op == b'"':
                            state.word_space = float(operands[-3])
                            state.char_space = float(operands[-2])
                        text_m = line_m = multiply((1, 0, 0, 1, 0, -state.leading), line_m)
                        text_m = self._show(string_bytes(operands[-1]), text_m, state)
                    elif op == b"TL":
                        state.leading = float(operands[-1])
                    elif op == b"Tc":
                        state.char_space = float(operands[-1])
                    elif op == b"Tw":
                        state.word_space = float(operands[-1])
                    elif op == b"Tz":
                        state.hscale = float(operands[-1]) / 100
                    elif op == b"Ts":
                        state.rise = float(operands[-1])
                    elif op == b"Tr":
                        state.render = int(float(operands[-1]))
                    elif op == INLINE_IMAGE:
                        if len(self.f.images) < KEEP:
                            self.f.images.append(f"page {self.page.number}: an inline image")
                        self._ink("image", *transform_box(state.ctm, 0.0, 0.0, 1.0, 1.0))
                    elif op == b"Do":
                        self._do(operands[-1].decode("latin-1"), resources, state, seen)
                except TooComplexError:  # a MazebookError, so a ValueError: before the rest
                    raise
                except PdfPartError as exc:
                    self._problem(f"page {self.page.number}: {exc}")
                except (IndexError, ValueError, TypeError, KeyError, UnicodeDecodeError):
                    self._problem(
                        f"page {self.page.number}: operator {op.decode('latin-1')[:20]!r} "
                        "cannot be read"
                    )
                    px, py = [], []
                operands = []
            self.spend.ops(count)

    def _show_array(self, operands: list[bytes], text_m: Matrix, state: _State) -> Matrix:
        """TJ: strings shown in turn, numbers moving back by thousandths of the size."""
        if not operands or operands[0] != b"[" or operands[-1] != b"]":
            raise ValueError("TJ without an array")
        for item in operands[1:-1]:
            if item[0] in b"(<":
                text_m = self._show(string_bytes(item), text_m, state)
            else:
                shift = -float(item) / 1000 * state.size * state.hscale
                a, b, c, d, e, f = text_m
                text_m = (a, b, c, d, e + shift * a, f + shift * b)
        return text_m
