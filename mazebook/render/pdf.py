"""The PDF writer: draws a MazeGeometry on a reportlab canvas as literal path operators.

Writing the operators as one string per path is about twice as fast as reportlab's path
objects. ``draw_maze`` works on any canvas (the book's pages use it); ``to_pdf`` makes a
one-page PDF of a single maze.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, BinaryIO

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

from ..geometry.drawing import (
    MazeGeometry,
    arc_to_beziers,
    break_polyline,
    clamped_solution,
    goal_dot_radius,
    marker_points,
    rows_of,
)
from ..geometry.labels import (
    Placement,
    WidthOf,
    place_maze,
    word_band,
    word_room,
    word_size,
)
from ..geometry.paths import number_texts, numbers, pdf_polyline_ops, pdf_segments_ops
from ..geometry.rules import (
    CAP_HEIGHT,
    DOOR_GRAY,
    arrow_parts,
    door_box,
    key_shape,
    letter_size,
    mark_line,
    order_size,
)
from ..geometry.style import (
    DECOY_GRAY,
    DEFAULT_STYLE,
    Fit,
    Style,
    fit_maze,
    marker_length,
    solution_width,
)
from .fasttext import draw_centred_string, draw_string, string_width
from .pdfobjects import use_binary_streams, use_fast_encoding
from .typeset import default_fonts, visual

POINTS_PER_INCH = 72.0


def _arc_ops(geom: MazeGeometry) -> str:
    out = []
    for cx, cy, r, a0, a1 in rows_of(geom.arcs):
        t0 = math.radians(a0)
        out.append(f"{cx + r * math.cos(t0):.3f} {cy + r * math.sin(t0):.3f} m\n")
        for piece in arc_to_beziers(cx, cy, r, a0, a1):
            out.append("%.3f %.3f %.3f %.3f %.3f %.3f c\n" % piece)
    return "".join(out)


@functools.lru_cache(maxsize=2)
def wall_ops(geom: MazeGeometry) -> str:
    """The path operators of a drawing's walls and arcs, in cell units (the page's scale is
    in the matrix before them): the same text for a maze's page and its answer, which are
    drawn one after the other, so it is written once for both. Only the last two drawings are
    kept: a long-lived process (the web app's workers) must not hold large mazes' text; a
    drawing is not changed once made."""
    ops = pdf_segments_ops(geom.segments)
    return ops + _arc_ops(geom) if len(geom.arcs) else ops


def _dot_ops(cx: float, cy: float, r: float) -> str:
    """A filled circle (four Bezier quarters), for a goal inside the maze."""
    out = [f"{cx + r:.3f} {cy:.3f} m\n"]
    for piece in arc_to_beziers(cx, cy, r, 0.0, 360.0):
        out.append("%.3f %.3f %.3f %.3f %.3f %.3f c\n" % piece)
    out.append("h f\n")
    return "".join(out)


def draw_maze(
    canvas: Canvas,
    geom: MazeGeometry,
    *,
    x: float,
    y: float,
    width: float,
    height: float,
    style: Style = DEFAULT_STYLE,
    show_solution: bool = False,
    fit: Fit | None = None,
) -> Fit:
    """Draw the maze centred in the box whose lower-left corner is (x, y), in points, or where
    ``fit`` says (a placement's, which may draw it smaller to make room for its words).

    Returns the fit (cell size in points and offset) so callers can place labels.
    """
    fit = fit or fit_maze(geom.width, geom.height, width, height)
    s = fit.scale
    left = x + fit.x
    top = y + height - fit.y
    ops = ["q\n", f"{s:.5f} 0 0 {-s:.5f} {left:.3f} {top:.3f} cm\n", "1 J 1 j\n"]
    solution: list[str] = []
    if show_solution and len(geom.solution):
        line = clamped_solution(geom, marker_length(s) / s)
        solution.append("1 J\n" if style.solution_on_top else "")
        solution.append(f"{style.solution_gray:.3f} G {solution_width(style, s) / s:.5f} w\n")
        solution += [pdf_polyline_ops(piece) for piece in break_polyline(line, geom.under)]
        solution.append("S\n")
    if not style.solution_on_top:
        ops += solution
    ops.append(f"{style.wall_gray:.3f} G {style.wall_width / s:.5f} w 2 J\n")
    ops.append(wall_ops(geom))
    ops.append("S\n")
    if style.solution_on_top:
        ops += solution
    arrow = marker_length(s) / s
    ops.append(f"{style.marker_gray:.3f} g\n")
    for marker, entering in ((geom.start, True), (geom.finish, False)):
        if marker.inside:
            ops.append(_dot_ops(marker.x, marker.y, goal_dot_radius(arrow)))
            continue
        pts = number_texts(marker_points(marker, arrow, entering=entering))
        ops.append("%s %s m %s %s l %s %s l h f\n" % tuple(pts))
    ops.append("Q\n")
    canvas.addLiteral("".join(ops))
    return fit


def draw_marks(
    canvas: Canvas,
    geom: MazeGeometry,
    fit: Fit,
    *,
    x: float,
    y: float,
    height: float,
    font: str | None = None,
    show_solution: bool = False,
    style: Style = DEFAULT_STYLE,
) -> None:
    """A maze's rules (``geom.marks``: one-way arrows, doors, keys) for its maze drawn by
    ``draw_maze`` with ``fit`` and ``style`` in the box with lower-left corner (x, y) and this
    ``height``, letters in ``font`` (the bundled bold by default); drawn after the maze's START
    and FINISH marks and before their words, so a reader of the page finds those marks first
    and each word after its maze's marks, as for any maze. With the solution shown, a
    key sits on a white disc with the order it is picked up in beside it, and over a dark path
    drawn on top (an answer key's) the arrows are grey."""
    marks = geom.marks
    if marks is None:
        return
    s = fit.scale
    left, top = x + fit.x, y + height - fit.y
    face = font or default_fonts().bold
    size = letter_size(s)
    line = mark_line(s)
    ops = ["q\n", f"{s:.5f} 0 0 {-s:.5f} {left:.3f} {top:.3f} cm\n", "0 J 0 j\n"]
    gray = DECOY_GRAY if show_solution and style.solution_on_top else 0.0
    for ax, ay, dx, dy in rows_of(marks.arrows):
        shaft, head, width = arrow_parts(ax, ay, dx, dy, s)
        ops.append(f"{gray:.3f} G {gray:.3f} g {width:.5f} w\n")
        ops.append("%s %s m %s %s l S\n" % tuple(numbers(shaft)))
        ops.append("%s %s m %s %s l %s %s l h f\n" % tuple(numbers(head)))
    for dx_, dy_, ddx, ddy, _ in marks.doors:
        box = numbers(door_box(dx_, dy_, ddx, ddy, s))
        ops.append(f"{DOOR_GRAY:.3f} g 0 G {line:.5f} w\n")
        ops.append("%s %s m %s %s l %s %s l %s %s l h B\n" % tuple(box))
    ops.append(f"0 G {line:.5f} w 1 J\n")
    for kx, ky, _, order in marks.keys:
        shape = key_shape(kx, ky, s)
        bx, by, r = shape.bow
        if show_solution:
            ops.append("1 g\n" + _dot_ops(kx, ky, 0.5 - line))
        ops.append(_circle_ops(bx, by, r) + "S\n")
        ops.append(pdf_segments_ops(shape.lines) + "S\n")
        if show_solution and order:
            cx, cy, rr = shape.disc
            ops.append("0 g\n" + _dot_ops(cx, cy, rr))
    ops.append("Q\n")
    canvas.addLiteral("".join(ops))
    canvas.saveState()
    canvas.setFillGray(0.0)
    canvas.setFont(face, size)
    for dx_, dy_, _, _, name in marks.doors:
        px, py = left + dx_ * s, top - dy_ * s
        draw_centred_string(canvas, px, py - CAP_HEIGHT * size / 2, visual(name))
    for kx, ky, name, order in marks.keys:
        shape = key_shape(kx, ky, s)
        lx, ly = shape.letter
        draw_centred_string(canvas, left + lx * s, top - ly * s, visual(name))
        if show_solution and order:
            cx, cy, _ = shape.disc
            small = order_size(s)
            canvas.setFillGray(1.0)
            canvas.setFont(face, small)
            baseline = top - cy * s - CAP_HEIGHT * small / 2
            draw_centred_string(canvas, left + cx * s, baseline, str(order))
            canvas.setFont(face, size)
            canvas.setFillGray(0.0)
    canvas.restoreState()


def _circle_ops(cx: float, cy: float, r: float) -> str:
    """A circle's path (four Bezier quarters), not yet stroked or filled."""
    out = [f"{cx + r:.3f} {cy:.3f} m\n"]
    for piece in arc_to_beziers(cx, cy, r, 0.0, 360.0):
        out.append("%.3f %.3f %.3f %.3f %.3f %.3f c\n" % piece)
    out.append("h ")
    return "".join(out)


def width_of_font(face: str) -> WidthOf:
    """A word's width in points in the font ``face`` (registered with reportlab)."""

    def width_of(word: str, size: float) -> float:
        return string_width(word, face, size)  # remembered: a book's words are few

    return width_of


def place_words(
    geom: MazeGeometry,
    *,
    width: float,
    height: float,
    words: tuple[str, str] = ("START", "FINISH"),
    font: str | None = None,
    room: tuple[float, float] = (0.0, 0.0),
    size: float,
) -> Placement:
    """``labels.place_maze`` for a maze drawn in a ``width`` x ``height`` box with the words (in
    their visual form) set in ``font`` (the bundled bold by default) at ``size`` points; the
    words may use ``room`` points (left and right, top and bottom) around the box."""
    shown = (visual(words[0]), visual(words[1]))
    face = font or default_fonts().bold
    return place_maze(geom, width, height, shown, width_of_font(face), room, size)


def draw_words(
    canvas: Canvas,
    placement: Placement,
    *,
    x: float,
    y: float,
    height: float,
    font: str | None = None,
) -> None:
    """The placement's words, for its maze drawn by ``draw_maze`` (with the placement's fit) in
    the box with lower-left corner (x, y) and this ``height``."""
    fit = placement.fit
    left, top, s = x + fit.x, y + height - fit.y, fit.scale
    canvas.setFillGray(0.0)
    if not placement.labels:  # an answer's: no words, no font to look up
        return
    face = font or default_fonts().bold
    for label in placement.labels:
        canvas.setFont(face, label.size)
        draw_string(canvas, left + label.x0 * s, top - label.baseline * s, label.word)
        if label.key is not None:  # a centre goal's word: the goal's dot before it
            cx, cy, r = label.key
            ops = _dot_ops(left + cx * s, top - cy * s, r * s)
            canvas.addLiteral(f"q 0 g\n{ops}Q\n")


def new_canvas(
    target: BinaryIO | str,
    pagesize: tuple[float, float],
    *,
    font: str | None = None,
    boxes: Mapping[str, tuple[float, float, float, float]] | None = None,
    lang: str = "en",
) -> Canvas:
    """The one canvas set-up: reproducible, compressed (binary streams at zlib's fastest level,
    render/pdfobjects.use_binary_streams), starting in an embedded font, in the
    document's language ``lang`` (the catalog's /Lang, and viewers show its title rather than
    its file name: what a screen reader announces).

    Invariant mode drops dates and random IDs; the time stamp is pinned as well, since
    reportlab would otherwise take it from ``SOURCE_DATE_EPOCH`` and every PDF would change
    with that variable. ``boxes``: TrimBox, BleedBox and the like for print pages.
    """
    initial = font or default_fonts().regular
    use_fast_encoding()  # the same bytes, written for less (render/pdfobjects)
    with _without_source_date_epoch():
        canvas = Canvas(
            target,
            pagesize=pagesize,
            invariant=1,
            pageCompression=0,  # compressed all the same: use_binary_streams
            initialFontName=initial,  # type: ignore[arg-type]
            initialFontSize=10,
            lang=lang,
            **dict(boxes or {}),  # type: ignore[arg-type]
        )
    canvas.setViewerPreference("DisplayDocTitle", "true")
    use_binary_streams(canvas._doc)  # type: ignore[attr-defined]
    _pin_time_stamp(canvas)
    return canvas


@contextlib.contextmanager
def _without_source_date_epoch() -> Iterator[None]:
    """reportlab reads SOURCE_DATE_EPOCH when a canvas is made and fails on a value that is
    not a whole number (or is out of range); the time stamp is pinned anyway, so the variable
    is hidden from it for that moment, whatever it holds."""
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


#: The date reportlab's invariant mode writes (2000-01-01 UTC), whatever the environment says.
_INVARIANT_TIME = 946684800.0


def _pin_time_stamp(canvas: Canvas) -> None:
    """Give the document the invariant time stamp and the file ID that follows from it."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]
    stamp = doc._timeStamp
    if stamp.t == _INVARIANT_TIME:
        return
    stamp.t = _INVARIANT_TIME
    stamp.lt = time.gmtime(_INVARIANT_TIME)
    stamp.YMDhms = tuple(stamp.lt)[:6]
    stamp.dhh = stamp.dmm = 0
    stamp.tzname = "UTC"
    signature = hashlib.md5(usedforsecurity=False)
    signature.update(b"a reportlab document")
    signature.update(ascii(_INVARIANT_TIME).encode())
    doc.signature = signature


def to_pdf(
    geom: MazeGeometry,
    *,
    pagesize: tuple[float, float] = letter,
    margin: float = 0.5 * POINTS_PER_INCH,
    style: Style = DEFAULT_STYLE,
    show_solution: bool = False,
    title: str | None = None,
    words: tuple[str, str] | None = ("START", "FINISH"),
    style_for: Callable[[float], Style] | None = None,
    lang: str = "en",
    subject: str | None = None,
) -> bytes:
    """A one-page PDF with the maze as large as the page allows inside ``margin``; its lines
    are ``style``'s, or ``style_for(cell)``'s for the cell size (points) the maze gets."""
    buf = io.BytesIO()
    canvas = new_canvas(buf, pagesize, lang=lang)
    meta = geom.meta
    canvas.setTitle(title or f"{meta.get('algorithm', 'maze')} maze")
    canvas.setCreator("mazebook")
    canvas.setAuthor("mazebook")
    canvas.setSubject(
        subject
        or f"{meta.get('shape', 'rect')} maze, {meta.get('width')}x{meta.get('height')} cells, "
        f"algorithm {meta.get('algorithm')}, seed {meta.get('seed')}"
    )
    canvas.setKeywords(json.dumps(meta, sort_keys=True))
    page_w, page_h = pagesize
    side = top = margin
    size = word_size(page_w - 2 * margin, page_h - 2 * margin)
    if words:
        shown = (visual(words[0]), visual(words[1]))
        side += word_room(shown, width_of_font(default_fonts().bold), size)
        top += word_band(size)
    width, height = page_w - 2 * side, page_h - 2 * top
    placement = Placement(geom, fit_maze(geom.width, geom.height, width, height), ())
    if words:
        room = (side - margin, top - margin)
        placement = place_words(geom, width=width, height=height, words=words, room=room, size=size)
    if style_for is not None:
        style = style_for(placement.fit.scale)
    draw_maze(
        canvas,
        placement.geom,
        x=side,
        y=top,
        width=width,
        height=height,
        style=style,
        show_solution=show_solution,
        fit=placement.fit,
    )
    draw_marks(
        canvas,
        placement.geom,
        placement.fit,
        x=side,
        y=top,
        height=height,
        show_solution=show_solution,
        style=style,
    )
    draw_words(canvas, placement, x=side, y=top, height=height)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()
