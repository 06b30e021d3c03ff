"""The per-page fast paths give exactly what the plain ones give (issue 33: a cheaper page
without a changed byte): the words' places made run by run, nearest first; form XObjects
whose shared parts are formatted once; the manifest's indented JSON and its records; plain
text drawn without a look-up; a maze's walls written once for its page and its answer; the
canonical key's turns taken as views."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import unicodedata
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from mazebook import generate
from mazebook.geometry import drawing, labels, symmetry
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.labels import Rect, place_maze
from mazebook.geometry.paths import pdf_segments_ops
from mazebook.geometry.style import Fit, Style, marker_length
from mazebook.kinds.base import OPTIONAL
from mazebook.pages.document import PdfDocument, place_form
from mazebook.pages.layout import Box, Margins, PageFormat, PageFrame, PageLayout
from mazebook.products.jsontext import indented_json
from mazebook.products.manifest import INLINE, to_json
from mazebook.render import pdf, textorder
from mazebook.render.pdfobjects import FormParts
from mazebook.render.typeset import default_fonts

from .test_fast_paths import _plain_best
from .test_labels import SHAPES, shaped_maze, word_slot

# -- the words' candidate boxes as first written: one flat stream each ---------------------


def _plain_beside_arrow(
    box: Rect, out: tuple[float, float], w: float, h: float, gap: float, near: float
) -> Iterator[Rect]:
    ax0, ay0, ax1, ay1 = box
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    ox, oy = out
    sides = sorted(
        (((1.0, 0.0), ox), ((-1.0, 0.0), -ox), ((0.0, 1.0), oy), ((0.0, -1.0), -oy)),
        key=lambda side: -side[1],
    )
    for (nx, ny), _ in sides:
        if nx:
            x0 = ax1 + gap if nx > 0 else ax0 - gap - w
            reach = (x0 - cx) if nx > 0 else (cx - x0 - w)
            for y0 in labels._slides(cy, h, reach, near):
                yield (x0, y0, x0 + w, y0 + h)
        else:
            y0 = ay1 + gap if ny > 0 else ay0 - gap - h
            reach = (y0 - cy) if ny > 0 else (cy - y0 - h)
            for x0 in labels._slides(cx, w, reach, near):
                yield (x0, y0, x0 + w, y0 + h)


def _plain_outside_walls(mark: Rect, walls: Rect, w: float, h: float, gap: float) -> Iterator[Rect]:
    cx, cy = (mark[0] + mark[2]) / 2, (mark[1] + mark[3]) / 2
    wx0, wy0, wx1, wy1 = walls
    sides = sorted(
        ((cx - wx0, "left"), (wx1 - cx, "right"), (cy - wy0, "top"), (wy1 - cy, "bottom")),
    )
    for _, side in sides:
        across = side in ("left", "right")
        length = h if across else w
        most = 0.999 * length / 2
        for k in range(13):
            shift = (k + 1) // 2 * (1 if k % 2 else -1) * most / 6
            if across:
                x0 = wx0 - gap - w if side == "left" else wx1 + gap
                y0 = cy - h / 2 + shift
                yield (x0, y0, x0 + w, y0 + h)
            else:
                y0 = wy0 - gap - h if side == "top" else wy1 + gap
                x0 = cx - w / 2 + shift
                yield (x0, y0, x0 + w, y0 + h)


def _plain_keyed(texts: Iterator[Rect], lead: float, walls: Rect) -> Iterator[Rect]:
    for x0, y0, x1, y1 in texts:
        if x0 >= walls[2]:
            yield (x0, y0, x1 + lead, y1)
        else:
            yield (x0 - lead, y0, x1, y1)


def _flat(runs: Sequence[labels._Run]) -> list[Rect]:
    return [box for run in runs for box in run.boxes()]


_at = st.floats(-30.0, 30.0, allow_nan=False).map(lambda v: round(v * 8) / 8)  # ties
_size = st.floats(0.05, 8.0, allow_nan=False)


@st.composite
def _rect(draw: st.DrawFn) -> Rect:
    x, y = draw(_at), draw(_at)
    return (x, y, x + draw(_size), y + draw(_size))


@st.composite
def _scene(draw: st.DrawFn) -> dict[str, Any]:
    """A word's scene: its mark beside (or inside) the walls' box, a word's size and gap, the
    region, another word and a few pieces of a solution line."""
    walls = draw(_rect())
    mark = draw(_rect())
    line = draw(st.lists(st.tuples(_at, _at, _at, _at), max_size=3))
    return {
        "walls": walls,
        "mark": mark,
        "w": draw(_size),
        "h": draw(_size),
        "gap": draw(st.floats(0.0, 2.0)),
        "near": draw(st.floats(0.0, 10.0)),
        "out": draw(st.sampled_from([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)])),
        "lead": draw(st.floats(0.0, 3.0)),
        "others": draw(st.lists(_rect(), max_size=1)),
        "region": draw(st.sampled_from([(-40.0, -40.0, 40.0, 40.0), (-10.0, -12.0, 14.0, 9.0)])),
        "line": np.array(line, dtype=np.float64).reshape(-1, 4),
        "within": draw(st.sampled_from([math.inf, 1.0, 4.0])),
    }


@settings(max_examples=300)
@given(_scene())
def test_the_runs_hold_the_plain_candidates_in_their_order(sc: dict[str, Any]) -> None:
    """Flattened, the runs are the boxes the plain generators yield, to the last bit, and no
    box of a run is nearer its mark than the run's floor."""
    mark, walls, w, h, gap = sc["mark"], sc["walls"], sc["w"], sc["h"], sc["gap"]
    beside = labels._beside_arrow(mark, sc["out"], w, h, gap, sc["near"])
    outside = labels._outside_walls(mark, walls, w, h, gap)
    keyed = labels._outside_walls(mark, walls, w, h, gap, sc["lead"])
    assert _flat(beside) == list(_plain_beside_arrow(mark, sc["out"], w, h, gap, sc["near"]))
    assert _flat(outside) == list(_plain_outside_walls(mark, walls, w, h, gap))
    plain_keyed = _plain_keyed(_plain_outside_walls(mark, walls, w, h, gap), sc["lead"], walls)
    assert _flat(keyed) == list(plain_keyed)
    for run in [*beside, *outside, *keyed]:
        boxes = run.boxes()
        assert len(boxes) == run.count
        assert all(run.floor <= round(labels._apart(box, mark), 6) for box in boxes)


@settings(max_examples=300)
@given(_scene())
def test_the_word_found_run_by_run_is_the_plain_search_s(sc: dict[str, Any]) -> None:
    """best_of over the runs finds the box the plain search over every candidate finds (all
    tested, the nearest free one kept, ties to the first), a keyed word's too."""
    mark, walls, w, h, gap = sc["mark"], sc["walls"], sc["w"], sc["h"], sc["gap"]
    scene = labels._Scene(walls, (mark,), sc["line"], sc["region"], 0.25)
    runs = labels._beside_arrow(mark, sc["out"], w, h, gap, sc["near"])
    runs += labels._outside_walls(mark, walls, w, h, gap)
    found = scene.best_of(runs, mark, sc["others"], sc["within"])
    assert found == _plain_best(scene, _flat(runs), mark, sc["others"], sc["within"])
    keyed = labels._outside_walls(mark, walls, w, h, gap, sc["lead"])
    found = scene.best_of(keyed, mark, sc["others"], math.inf)
    assert found == _plain_best(scene, _flat(keyed), mark, sc["others"], math.inf)


@given(
    st.lists(st.tuples(_at, _at, _at, _at), max_size=4),
    _rect(),
)
def test_a_line_enters_a_box_as_the_array_test_says(
    segments: list[tuple[float, float, float, float]], box: Rect
) -> None:
    """_enters (plain floats, one box) agrees with _hits (numpy, all boxes at once), for
    segments along the box's sides and through its corners."""
    array = np.array(segments, dtype=np.float64).reshape(-1, 4)
    expected = bool(labels._hits(array, np.array([box]))[0]) if segments else False
    assert labels._enters([list(s) for s in segments], box) == expected


#: Any float, the ones where min and max are subtle among them: zeros of either sign (equal,
#: yet written apart), NaN (unordered), the infinities.
_any_float = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, math.nan, math.inf, -math.inf]),
)


def _same_float(a: float, b: float) -> bool:
    """The same float to the bit (a NaN is one NaN, -0.0 is not 0.0)."""
    return math.copysign(1.0, a) == math.copysign(1.0, b) and (a == b or (a != a and b != b))


@given(_any_float, _any_float, _any_float)
def test_the_written_out_least_and_most_are_the_builtins(a: float, b: float, c: float) -> None:
    """labels._gap is max(a, b, 0.0) and drawing's _least and _most are min and max of three,
    the same float whatever the order of equal zeros or where a NaN stands."""
    assert _same_float(labels._gap(a, b), max(a, b, 0.0))
    assert _same_float(drawing._least(a, b, c), min(a, b, c))
    assert _same_float(drawing._most(a, b, c), max(a, b, c))


@given(_any_float)
def test_an_arrow_s_length_is_the_clamped_share_of_its_cell(scale: float) -> None:
    """marker_length is min(max(0.9 * scale, 6.0), 14.0), for any float."""
    assert _same_float(marker_length(scale), min(max(0.9 * scale, 6.0), 14.0))


@given(_any_float, _any_float, _any_float, _any_float)
def test_a_floor_is_the_rounded_gap(lo: float, hi: float, mark_lo: float, mark_hi: float) -> None:
    """_floor is round(max(mark_lo - hi, lo - mark_hi, 0.0), 6), a zero of either sign too."""
    expected = round(max(mark_lo - hi, lo - mark_hi, 0.0), 6)
    assert _same_float(labels._floor(lo, hi, mark_lo, mark_hi), expected)


def _plain_best_of(
    scene: labels._Scene,
    runs: Sequence[labels._Run],
    mark: Rect,
    others: list[Rect],
    within: float,
) -> Rect | None:
    return _plain_best(scene, _flat(runs), mark, others, within)


@settings(max_examples=40, deadline=None)
@given(
    shape=SHAPES,
    width=st.integers(4, 24),
    height=st.integers(3, 24),
    seed=st.integers(0, 10_000),
    box=st.sampled_from([(540.0, 650.0), (250.0, 300.0), (160.0, 200.0)]),
    size=st.sampled_from([8.0, 10.5, 12.0, 18.0]),
)
def test_a_maze_s_words_land_where_the_plain_search_puts_them(
    shape: tuple[str, dict[str, Any]],
    width: int,
    height: int,
    seed: int,
    box: tuple[float, float],
    size: float,
) -> None:
    """Whole placements (fit and both words, a circle's keyed centre word too) are the same
    with the run-by-run search as with every candidate tested."""
    geom = maze_geometry(shaped_maze(shape, width, height, seed))
    words, width_of, (box_w, box_h), room = word_slot(box, size)
    assume(min(box_w, box_h) > 60.0)
    fast = place_maze(geom, box_w, box_h, words, width_of, room, size)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(labels._Scene, "best_of", _plain_best_of)
        plain = place_maze(geom, box_w, box_h, words, width_of, room, size)
    assert (fast.fit, fast.labels) == (plain.fit, plain.labels)


# -- form XObjects with their shared parts formatted once ---------------------------------


def _document_with_forms(shared: bool, sizes: Sequence[tuple[float, float]]) -> bytes:
    """A document of forms of the given sizes (one of them showing another) placed on a page,
    with the shared form parts (``shared``) or reportlab's own for every form."""
    buffer = io.BytesIO()
    layout = PageLayout(PageFormat(612.0, 792.0), Margins(54.0, 36.0, 36.0, 36.0))
    with pytest.MonkeyPatch.context() as patch:
        if not shared:
            patch.setattr(FormParts, "attributes", lambda self, width, height: {})
        doc = PdfDocument(buffer, layout, default_fonts(), title="Forms")
        for i, (width, height) in enumerate(sizes):

            def paint(canvas: Canvas, i: int = i, width: float = width) -> None:
                canvas.setFont(default_fonts().bold, 9)
                canvas.drawString(2, 2, f"Form {i}")
                canvas.line(0, 0, width, 1)
                if i == 2:  # a form that shows another keeps its XObject resources
                    canvas.doForm("f0")

            doc.add_form(f"f{i}", width, height, paint)

        def show(canvas: Canvas, frame: PageFrame) -> None:
            for i in range(len(sizes)):
                place_form(canvas, f"f{i}", Box(40.0 + 20 * i, 40.0 + 30 * i, 10.0, 10.0))

        doc.add_page(show)
        doc.save()
    return buffer.getvalue()


@given(
    st.lists(
        st.tuples(
            st.one_of(st.integers(1, 600), st.floats(0.5, 600.0)),
            st.one_of(st.integers(1, 800), st.floats(0.5, 800.0)),
        ),
        min_size=3,
        max_size=6,
    )
)
@settings(max_examples=25, deadline=None)
def test_forms_with_shared_parts_are_the_bytes_reportlab_writes(
    sizes: list[tuple[float, float]],
) -> None:
    """Forms whose resources, matrix and box are shared and formatted once make the file
    reportlab makes with its own for each (sizes repeated and not, whole and not), and a form
    that shows another keeps its own resources."""
    fast = _document_with_forms(True, sizes)
    assert fast == _document_with_forms(False, sizes)
    assert fast.count(b"/XObject <<") >= 2  # the page's and the nesting form's


def test_a_document_keeps_one_box_a_form_size() -> None:
    parts = FormParts()
    first = parts.attributes(173.5, 201)
    assert parts.attributes(173.5, 201)["BBox"] is first["BBox"]
    assert parts.attributes(173.5, 201.0)["BBox"] is not first["BBox"]  # 201 and 201.0 apart
    assert parts.attributes(10, 20)["Resources"] is first["Resources"]


# -- the manifest's text and records --------------------------------------------------------


class _Int(int):
    """An int of another type: the fast writer's table by exact type passes it by."""


class _Float(float):
    """A float of another type."""


class _Str(str):
    """A str of another type."""

    __slots__ = ()


_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),
    st.integers(-(2**70), 2**70).map(_Int),
    st.floats(allow_nan=True, allow_infinity=True).map(_Float),
    st.text(max_size=8).map(_Str),
)
_json_value = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=8), inner, max_size=5),
        st.dictionaries(
            st.one_of(st.integers(-5, 5), st.floats(), st.booleans(), st.none()),
            inner,
            max_size=3,
        ),
    ),
    max_leaves=40,
)


@given(_json_value)
@settings(max_examples=400)
def test_indented_json_is_json_dumps_text(value: Any) -> None:
    """Any JSON-ready value (empty and nested containers, tuples, keys that are not strings,
    NaN and the infinities, any text, subclasses of int, float and str) is written as
    json.dumps writes it with indent=2."""
    assert indented_json(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_indented_json_leaves_the_unusual_to_json() -> None:
    """A value json cannot write raises json's own error; a loop json's own."""
    with pytest.raises(TypeError, match="not JSON serializable"):
        indented_json({"a": [1, {2, 3}]})
    loop: list[Any] = [1]
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        indented_json({"loop": loop})


@dataclasses.dataclass(frozen=True)
class _Inner:
    a: int
    b: str | None = dataclasses.field(default=None, metadata=OPTIONAL)


@dataclasses.dataclass(frozen=True)
class _Outer:
    first: int
    inner: _Inner = dataclasses.field(metadata=INLINE)
    maybe: float | None = dataclasses.field(default=None, metadata=OPTIONAL)
    always: float | None = None
    items: tuple[_Inner, ...] = ()


def _plain_to_json(value: object) -> Any:
    """to_json as first written: the fields and their metadata read for every record."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.metadata.get("inline"):
                out.update(_plain_to_json(item))
            elif item is not None or not f.metadata.get("optional"):
                out[f.name] = _plain_to_json(item)
        return out
    if isinstance(value, list | tuple):
        return [_plain_to_json(v) for v in value]
    return value


@given(
    st.builds(
        _Outer,
        st.integers(),
        st.builds(_Inner, st.integers(), st.none() | st.text(max_size=3)),
        st.none() | st.floats(allow_nan=False),
        st.none() | st.floats(allow_nan=False),
        st.lists(st.builds(_Inner, st.integers(), st.none() | st.text()), max_size=3).map(tuple),
    )
)
def test_records_read_their_fields_once_and_write_the_same(record: _Outer) -> None:
    assert to_json(record) == _plain_to_json(record)
    assert list(to_json(record)) == list(_plain_to_json(record))  # the same order


# -- text in visual order -------------------------------------------------------------------


def _plain_visual(text: str) -> str:
    """visual as first written: every character's class looked up."""
    rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)
    if not rtl:
        if any(unicodedata.category(c) == "Cf" for c in text):
            return textorder.drawable(text)
        return text
    from bidi.algorithm import get_display

    shaped = textorder.shape(text)
    return textorder.drawable(str(get_display(shaped, base_dir=textorder.direction(text))))


@given(
    st.one_of(
        st.text(st.characters(max_codepoint=127)),
        st.text(),
        st.text(st.characters(max_codepoint=0x600)),  # accents, Greek, the first Hebrew
        st.text(st.sampled_from("abc 12·…é\u05be\u200f\u200e\u00adשלוםمرحبا")),
    )
)
@example("soft\u00adhyphen · é")
@example("Level 3 \u00b7 Solution on page 12")
@example("\u05be")
def test_text_is_drawn_as_the_plain_reading_orders_it(text: str) -> None:
    """Text with no right-to-left letter or format mark (ASCII, accents, a middle dot) comes
    back as it is without a look-up a character; any other text (right-to-left, format
    marks, a soft hyphen) as the plain reading gives it."""
    assert textorder.visual(text) == _plain_visual(text)
    if not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text):
        assert textorder.reorder(text) == _plain_visual(text)  # no shaping to do
    assert textorder.has_rtl(text) == any(
        unicodedata.bidirectional(ch) in ("R", "AL") for ch in text
    )


# -- a maze's walls written once for its page and its answer --------------------------------


class _Literal:
    """A canvas that keeps what draw_maze writes."""

    def __init__(self) -> None:
        self.text: list[str] = []

    def addLiteral(self, text: str) -> None:
        self.text.append(text)


@settings(max_examples=30, deadline=None)
@given(
    shape=st.sampled_from(["rect", "circle", "hex", "triangle", "weave"]),
    size=st.integers(3, 14),
    seed=st.integers(0, 1000),
)
def test_walls_written_once_are_the_walls_written_anew(shape: str, size: int, seed: int) -> None:
    """The walls' operators kept for a drawing are the ones written anew from its segments and
    arcs, and a page's and an answer's drawing of one maze (any scale, solution or not) are
    what they are with nothing kept."""
    options: dict[str, Any] = {"weave": 0.6} if shape == "weave" else {}
    name = "rect" if shape == "weave" else shape
    width = 1 if name == "circle" else size
    geom = maze_geometry(generate("backtracker", width, size, seed=seed, shape=name, **options))
    plain = pdf_segments_ops(geom.segments) + (pdf._arc_ops(geom) if len(geom.arcs) else "")
    assert pdf.wall_ops(geom) == plain
    assert pdf.wall_ops(geom) is pdf.wall_ops(geom)  # written once
    drawn = []
    for _ in range(2):
        for scale, solved in ((12.0, False), (3.5, True)):
            canvas = _Literal()
            fit = Fit(scale, 1.0, 2.0)
            style = Style(wall_width=1.0)
            pdf.draw_maze(
                canvas,  # type: ignore[arg-type]
                geom,
                x=10.0,
                y=20.0,
                width=300.0,
                height=300.0,
                style=style,
                show_solution=solved,
                fit=fit,
            )
            drawn.append("".join(canvas.text))
        pdf.wall_ops.cache_clear()  # the second round: written anew
    assert drawn[:2] == drawn[2:]
    assert plain in drawn[0] and plain in drawn[1]


# -- a maze's canonical key from views of its turns -----------------------------------------


@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32))
def test_the_eight_turns_are_numpy_s_with_the_same_bytes(
    rows: int, columns: int, seed: int
) -> None:
    """The turns and mirrors taken as views are np.rot90's of the array and its transpose, in
    that order, and read as the same bytes as their contiguous copies."""
    array = np.random.default_rng(seed).integers(0, 4, (rows, columns)).astype(np.uint8)
    plain = [np.ascontiguousarray(np.rot90(a, k)) for a in (array, array.T) for k in range(4)]
    turned = symmetry._eight(array)
    assert len(turned) == 8
    for view, copy in zip(turned, plain, strict=True):
        assert view.shape == copy.shape
        assert symmetry._array_form(view) == symmetry._array_form(copy)
