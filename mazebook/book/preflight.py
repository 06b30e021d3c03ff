"""Preflight: check a finished PDF against the print rules, each check pass or fail.

Reads the file with pypdf and walks every page's content stream (and the form XObjects it
shows) with a small interpreter that tracks the transformation matrix, line width, colour and
the extent of the ink. Checks: page count even; page boxes (one MediaBox size; with bleed, a
TrimBox and a BleedBox 0.125 in outside it); every font embedded; no raster images; black and
grey only; every stroked line at least 0.75 pt; no ink within 0.25 in of the trim edge (path
points with half their line width, and text start points; a full-page background is allowed).
A PDF whose Keywords say "loose sheets" (a worksheet and its answer key: single sheets handed
out, not bound) may have any page count; every other check is the same.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from ..errors import MazebookError
from ..render.style import MIN_PRINT_LINE
from ..template.limits import BLEED, SAFE_DISTANCE
from .document import LOOSE_SHEETS

BLEED_TOLERANCE = 0.5  # points
INK_TOLERANCE = 0.5  # points
WIDTH_TOLERANCE = 1e-3  # points


@dataclass(frozen=True)
class Check:
    """One check's verdict and a short explanation."""

    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        return f"{'PASS' if self.ok else 'FAIL'}  {self.name}: {self.detail}"


@dataclass(frozen=True)
class Report:
    """All checks of one file."""

    path: str
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def lines(self) -> list[str]:
        return [c.line() for c in self.checks]


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point p maps to p * m * n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


_STRING = re.compile(rb"\((?:\\.|[^\\()])*\)", re.S)
_HEXSTRING = re.compile(rb"<[0-9A-Fa-f\s]*>")
_NUMBER_START = frozenset(b"0123456789+-.")
_PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_GREY_SPACES = {"/DeviceGray", "/CalGray", "/G"}


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    fill_space: str = "/DeviceGray"
    stroke_space: str = "/DeviceGray"


@dataclass
class _Findings:
    """What the interpreter saw across the document."""

    thinnest: float = math.inf
    images: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)  # base font name -> embedded
    ink_outside: list[int] = field(default_factory=list)  # pages with ink too near the edge
    unreadable: list[str] = field(default_factory=list)


class _PageScan:
    """Interprets one page's content streams (and its forms) for the checks."""

    def __init__(
        self, findings: _Findings, page_number: int, trim: tuple[float, float, float, float]
    ):
        self.f = findings
        self.page = page_number
        self.trim = trim
        self.ink = [math.inf, math.inf, -math.inf, -math.inf]
        self.font_cache: dict[int, bool] = {}

    # --- resources -------------------------------------------------------------------
    def check_fonts(self, resources: DictionaryObject | None) -> None:
        fonts = _get(resources, "/Font")
        if not isinstance(fonts, DictionaryObject):
            return
        for ref in fonts.values():
            key = id(ref.get_object()) if not isinstance(ref, IndirectObject) else ref.idnum
            if key in self.font_cache:
                continue
            font = ref.get_object()
            name, embedded = _font_embedded(font)
            self.font_cache[key] = embedded
            self.f.fonts[name] = self.f.fonts.get(name, True) and embedded

    # --- content ---------------------------------------------------------------------
    def run(
        self, data: bytes, resources: DictionaryObject | None, ctm: Matrix, depth: int = 0
    ) -> None:
        self.check_fonts(resources)
        data = _STRING.sub(b"()", data)
        data = _HEXSTRING.sub(b"<>", data)
        state = _State(ctm=ctm)
        stack: list[_State] = []
        operands: list[bytes] = []
        px: list[bytes] = []  # the current path's x and y, untransformed
        py: list[bytes] = []
        rect_path: tuple[float, ...] | None = None
        text_m = IDENTITY
        line_m = IDENTITY
        leading = 0.0
        for tok in data.split():
            if tok[0] in _NUMBER_START or tok[0] in b"/[]()<>{}":
                operands.append(tok)
                continue
            op = tok
            try:
                if op == b"m" or op == b"l":
                    px.append(operands[-2])
                    py.append(operands[-1])
                elif op == b"c":
                    px.extend(operands[-6::2])
                    py.extend(operands[-5::2])
                elif op == b"v" or op == b"y":
                    px.extend(operands[-4::2])
                    py.extend(operands[-3::2])
                elif op == b"re":
                    x, y, w, h = (float(v) for v in operands[-4:])
                    px.extend((repr(x).encode(), repr(x + w).encode()))
                    py.extend((repr(y).encode(), repr(y + h).encode()))
                    rect_path = (x, y, w, h)
                elif op in _PAINT:
                    if not (
                        op in (b"f", b"F", b"f*")
                        and self._is_background(rect_path, state.ctm, len(px))
                    ):
                        half = state.line_width * _scale(state.ctm) / 2 if op in _STROKE else 0.0
                        self._ink(px, py, state.ctm, half)
                    if op in _STROKE:
                        width = state.line_width * _scale(state.ctm)
                        self.f.thinnest = min(self.f.thinnest, width)
                    px, py, rect_path = [], [], None
                elif op == b"n":
                    px, py, rect_path = [], [], None
                elif op == b"w":
                    state.line_width = float(operands[-1])
                elif op == b"q":
                    stack.append(
                        _State(state.ctm, state.line_width, state.fill_space, state.stroke_space)
                    )
                elif op == b"Q":
                    if stack:
                        state = stack.pop()
                elif op == b"cm":
                    m = tuple(float(v) for v in operands[-6:])
                    state.ctm = multiply(m, state.ctm)  # type: ignore[arg-type]
                elif op in (b"rg", b"RG"):
                    r, g, b = (float(v) for v in operands[-3:])
                    if not (abs(r - g) < 1e-6 and abs(g - b) < 1e-6):
                        self.f.colours.append(f"page {self.page}: RGB colour {r:g} {g:g} {b:g}")
                elif op in (b"k", b"K"):
                    c, m_, y_, _k = (float(v) for v in operands[-4:])
                    if c or m_ or y_:
                        self.f.colours.append(f"page {self.page}: CMYK colour {c:g} {m_:g} {y_:g}")
                elif op in (b"cs", b"CS"):
                    space = operands[-1].decode("latin-1")
                    if space not in _GREY_SPACES and space not in ("/DeviceRGB", "/DeviceCMYK"):
                        self.f.colours.append(f"page {self.page}: colour space {space}")
                    if op == b"cs":
                        state.fill_space = space
                    else:
                        state.stroke_space = space
                elif op in (b"sc", b"scn", b"SC", b"SCN"):
                    space = state.fill_space if op in (b"sc", b"scn") else state.stroke_space
                    values = [float(v) for v in operands if v[0] in _NUMBER_START]
                    if not _grey_components(space, values):
                        self.f.colours.append(f"page {self.page}: colour {values} in {space}")
                elif op == b"sh":
                    self.f.colours.append(f"page {self.page}: a shading")
                elif op == b"gs":
                    lw = _get(
                        _get(_get(resources, "/ExtGState"), operands[-1].decode("latin-1")), "/LW"
                    )
                    if lw is not None:
                        state.line_width = float(lw)
                elif op == b"BI":
                    self.f.images.append(f"page {self.page}: an inline image")
                elif op == b"Do":
                    self._do(operands[-1].decode("latin-1"), resources, state.ctm, depth)
                elif op == b"BT":
                    text_m = line_m = IDENTITY
                elif op == b"Tm":
                    text_m = line_m = tuple(float(v) for v in operands[-6:])  # type: ignore[assignment]
                elif op == b"Td" or op == b"TD":
                    tx, ty = float(operands[-2]), float(operands[-1])
                    if op == b"TD":
                        leading = -ty
                    text_m = line_m = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), line_m)
                elif op == b"TL":
                    leading = float(operands[-1])
                elif op == b"T*" or op == b"'" or op == b'"':
                    text_m = line_m = multiply((1.0, 0.0, 0.0, 1.0, 0.0, -leading), line_m)
                    if op != b"T*":
                        self._text_point(text_m, state.ctm)
                elif op == b"Tj" or op == b"TJ":
                    self._text_point(text_m, state.ctm)
            except (IndexError, ValueError):
                self.f.unreadable.append(f"page {self.page}: operator {op.decode('latin-1')!r}")
            operands = []

    def _is_background(self, rect: tuple[float, ...] | None, ctm: Matrix, points: int) -> bool:
        """A filled rectangle, alone in its path, covering the whole trim box."""
        if rect is None or points != 2:
            return False
        x, y, w, h = rect
        (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
        tx0, ty0, tx1, ty1 = self.trim
        return (
            min(x0, x1) <= tx0 and min(y0, y1) <= ty0 and max(x0, x1) >= tx1 and max(y0, y1) >= ty1
        )

    def _ink(self, px: list[bytes], py: list[bytes], ctm: Matrix, half: float) -> None:
        if not px:
            return
        xs = [float(v) for v in px]
        ys = [float(v) for v in py]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        corners = [_apply(ctm, x, y) for x in (lo_x, hi_x) for y in (lo_y, hi_y)]
        self._extend(
            min(c[0] for c in corners) - half,
            min(c[1] for c in corners) - half,
            max(c[0] for c in corners) + half,
            max(c[1] for c in corners) + half,
        )

    def _text_point(self, text_m: Matrix, ctm: Matrix) -> None:
        x, y = _apply(multiply(text_m, ctm), 0.0, 0.0)
        self._extend(x, y, x, y)

    def _extend(self, x0: float, y0: float, x1: float, y1: float) -> None:
        ink = self.ink
        ink[0], ink[1] = min(ink[0], x0), min(ink[1], y0)
        ink[2], ink[3] = max(ink[2], x1), max(ink[3], y1)

    def _do(self, name: str, resources: DictionaryObject | None, ctm: Matrix, depth: int) -> None:
        xobject = _get(_get(resources, "/XObject"), name)
        if xobject is None:
            self.f.unreadable.append(f"page {self.page}: missing XObject {name}")
            return
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self.f.images.append(f"page {self.page}: image {name}")
        elif subtype == "/Form" and depth < 8:
            matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
            inner = xobject.get("/Resources")
            inner_res = inner.get_object() if inner is not None else resources
            self.run(xobject.get_data(), inner_res, multiply(matrix, ctm), depth + 1)  # type: ignore[arg-type]

    def ink_ok(self) -> bool:
        x0, y0, x1, y1 = self.trim
        safe = (x0 + SAFE_DISTANCE, y0 + SAFE_DISTANCE, x1 - SAFE_DISTANCE, y1 - SAFE_DISTANCE)
        ink = self.ink
        if ink[0] == math.inf:
            return True
        return (
            ink[0] >= safe[0] - INK_TOLERANCE
            and ink[1] >= safe[1] - INK_TOLERANCE
            and ink[2] <= safe[2] + INK_TOLERANCE
            and ink[3] <= safe[3] + INK_TOLERANCE
        )


def _get(obj: Any, key: str) -> Any:
    if obj is None:
        return None
    obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
    if not isinstance(obj, DictionaryObject):
        return None
    value = obj.get(key)
    return value.get_object() if isinstance(value, IndirectObject) else value


def _grey_components(space: str, values: list[float]) -> bool:
    if space in _GREY_SPACES:
        return True
    if space == "/DeviceRGB" and len(values) == 3:
        return abs(values[0] - values[1]) < 1e-6 and abs(values[1] - values[2]) < 1e-6
    if space == "/DeviceCMYK" and len(values) == 4:
        return not any(values[:3])
    return False


def _font_embedded(font: Any) -> tuple[str, bool]:
    """(base font name, whether its program is in the file). Type 3 fonts are drawn glyphs."""
    name = str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/")
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return name, True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        descendants = descendants.get_object() if descendants is not None else None
        if not isinstance(descendants, ArrayObject) or not descendants:
            return name, False
        font = descendants[0].get_object()
    descriptor = _get(font, "/FontDescriptor")
    if descriptor is None:
        return name, False
    return name, any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _box(page: Any, key: str) -> tuple[float, float, float, float] | None:
    if key not in page:
        return None
    x0, y0, x1, y1 = (float(v) for v in page[key])
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inches(points: float) -> str:
    return f"{points / 72:.4g}"


def _box_checks(pages: list[Any]) -> Check:
    problems: list[str] = []
    sizes = set()
    described = ""
    for number, page in enumerate(pages, 1):
        media = _box(page, "/MediaBox")
        if media is None:
            problems.append(f"page {number} has no MediaBox")
            continue
        sizes.add((round(media[2] - media[0], 2), round(media[3] - media[1], 2)))
        trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
        if trim is None and bleed is None:
            described = (
                f"{_inches(media[2] - media[0])} x {_inches(media[3] - media[1])} in, no bleed"
            )
            continue
        if trim is None or bleed is None:
            problems.append(
                f"page {number} has a {'BleedBox' if trim is None else 'TrimBox'} alone"
            )
            continue
        margins = (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
        if any(abs(m - BLEED) > BLEED_TOLERANCE for m in margins):
            problems.append(
                f"page {number}: bleed {', '.join(f'{m:g}' for m in margins)} pt, not 9 pt"
            )
        if not (
            media[0] <= bleed[0] + 0.01
            and media[1] <= bleed[1] + 0.01
            and bleed[2] <= media[2] + 0.01
            and bleed[3] <= media[3] + 0.01
        ):
            problems.append(f"page {number}: BleedBox outside the MediaBox")
        described = (
            f"trim {_inches(trim[2] - trim[0])} x {_inches(trim[3] - trim[1])} in, "
            "bleed 0.125 in, TrimBox and BleedBox set"
        )
    if len(sizes) > 1:
        problems.append(f"pages differ in size: {sorted(sizes)}")
    if problems:
        return Check("page boxes", False, "; ".join(problems[:5]))
    return Check("page boxes", True, f"every page {described}")


def _limited(items: Iterable[str], limit: int = 4) -> str:
    items = list(items)
    more = f" (and {len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(items[:limit]) + more


def _loose_sheets(reader: PdfReader) -> bool:
    """Whether the PDF says it is loose sheets (in its Keywords), not a bound book."""
    try:
        metadata = reader.metadata
        keywords = metadata.get("/Keywords") if metadata is not None else None
    except (PdfReadError, ValueError):  # pragma: no cover - broken metadata
        return False
    return isinstance(keywords, str) and LOOSE_SHEETS in keywords.lower()


def _page_count(count: int, loose: bool) -> Check:
    """A bound book needs an even page count; loose sheets (a worksheet) any count."""
    if loose:
        pages = f"{count} page{'' if count == 1 else 's'}"
        return Check("page count", count > 0, f"{pages} (loose sheets: any count will do)")
    return Check(
        "page count",
        count > 0 and count % 2 == 0,
        f"{count} page{'' if count == 1 else 's'} "
        f"({'even' if count % 2 == 0 else 'odd: a book needs an even count'})",
    )


def preflight(path: str | Path) -> Report:
    """Run every check on a PDF file; MazebookError if it cannot be read as a PDF at all."""
    p = Path(path)
    if not p.is_file():
        raise MazebookError(
            f"{str(p)!r} does not exist" if not p.exists() else f"{str(p)!r} is not a file"
        )
    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its warnings on broken files would break the one line
    try:
        reader = PdfReader(str(p))
        pages = list(reader.pages)
    except (PdfReadError, OSError, ValueError) as exc:
        raise MazebookError(f"{str(p)!r} is not a readable PDF: {exc}") from None
    finally:
        quiet.setLevel(level)
    checks: list[Check] = [_page_count(len(pages), _loose_sheets(reader))]
    checks.append(_box_checks(pages))
    findings = _Findings()
    for number, page in enumerate(pages, 1):
        trim = _box(page, "/TrimBox") or _box(page, "/MediaBox") or (0.0, 0.0, 612.0, 792.0)
        scan = _PageScan(findings, number, trim)
        resources = _get(page, "/Resources")
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        scan.run(data, resources, IDENTITY)
        if not scan.ink_ok():
            findings.ink_outside.append(number)
    missing = sorted(name for name, ok in findings.fonts.items() if not ok)
    names = ", ".join(sorted(findings.fonts)) or "no fonts"
    checks.append(
        Check(
            "fonts embedded",
            not missing,
            f"not embedded: {', '.join(missing)}" if missing else f"all embedded ({names})",
        )
    )
    checks.append(
        Check(
            "vector only",
            not findings.images,
            _limited(findings.images) if findings.images else "no raster images",
        )
    )
    checks.append(
        Check(
            "black and grey only",
            not findings.colours,
            _limited(findings.colours) if findings.colours else "no colour",
        )
    )
    thinnest = findings.thinnest
    if thinnest == math.inf:
        checks.append(Check("line weights", True, "no stroked lines"))
    else:
        ok = thinnest >= MIN_PRINT_LINE - WIDTH_TOLERANCE
        checks.append(
            Check(
                "line weights",
                ok,
                f"thinnest stroke {thinnest:.3g} pt "
                f"({'at least' if ok else 'below'} {MIN_PRINT_LINE} pt)",
            )
        )
    outside = findings.ink_outside
    checks.append(
        Check(
            "safe margin",
            not outside,
            (
                f"ink within {_inches(SAFE_DISTANCE)} in of the trim edge on page(s) "
                f"{', '.join(map(str, outside[:10]))}{' ...' if len(outside) > 10 else ''}"
            )
            if outside
            else f"no ink within {_inches(SAFE_DISTANCE)} in of the trim edge",
        )
    )
    if findings.unreadable:
        checks.append(Check("content readable", False, _limited(findings.unreadable)))
    return Report(str(p), tuple(checks))
