"""Page geometry and the page plan: pure arithmetic, checked without making a PDF."""

from __future__ import annotations

import io

import pytest

from mazebook import generate
from mazebook.geometry.from_maze import maze_geometry
from mazebook.pages.layout import (
    Box,
    Margins,
    PageFormat,
    PageLayout,
    dims_for,
    grid_shape,
    gutter_for,
    max_cells,
    maze_scale,
    slots,
)
from mazebook.pages.plan import SectionInput, plan_book, section_levels
from mazebook.printing.printers import KDP
from mazebook.render.pdf import draw_maze, new_canvas
from mazebook.template.limits import GRIDS

INCH = 72.0


@pytest.mark.parametrize(
    ("pages", "inches"),
    [
        (24, 0.375),
        (150, 0.375),
        (151, 0.5),
        (300, 0.5),
        (301, 0.625),
        (500, 0.625),
        (501, 0.75),
        (700, 0.75),
        (701, 0.875),
        (1200, 0.875),
    ],
)
def test_gutter_follows_the_page_count(pages: int, inches: float) -> None:
    assert gutter_for(pages) == pytest.approx(inches * INCH)


def _layout(bleed: float = 0.0) -> PageLayout:
    return PageLayout(
        PageFormat(8.5 * INCH, 11 * INCH, bleed), Margins(0.5 * INCH, 0.3 * INCH, 36, 36)
    )


def test_margins_are_mirrored() -> None:
    layout = _layout()
    odd, even = layout.frame(3), layout.frame(4)
    assert odd.recto and not even.recto
    assert odd.content.x == pytest.approx(0.5 * INCH)  # gutter on the left of a right-hand page
    assert 8.5 * INCH - odd.content.right == pytest.approx(0.3 * INCH)
    assert even.content.x == pytest.approx(0.3 * INCH)  # and on the right of a left-hand page
    assert 8.5 * INCH - even.content.right == pytest.approx(0.5 * INCH)
    assert odd.outside_x == odd.content.right and even.outside_x == even.content.x
    assert odd.body.width == even.body.width and odd.body.height == even.body.height


def test_bands_stack_inside_the_content_box() -> None:
    frame = _layout().frame(1)
    assert frame.header.top == pytest.approx(frame.content.top)
    assert frame.body.top == pytest.approx(frame.header.y)
    assert frame.footer.top == pytest.approx(frame.body.y)
    assert frame.footer.y == pytest.approx(frame.content.y)
    for band in (frame.header, frame.body, frame.footer):
        assert frame.content.contains(band)


BLEED = KDP.bleed * INCH


def test_bleed_moves_the_trim_and_sets_both_boxes() -> None:
    layout = _layout(BLEED)
    fmt = layout.format
    assert fmt.media_size == pytest.approx((8.75 * INCH, 11.25 * INCH))
    boxes = fmt.page_boxes()
    assert boxes["trimBox"] == pytest.approx((9, 9, 9 + 8.5 * INCH, 9 + 11 * INCH))
    assert boxes["bleedBox"] == pytest.approx((0, 0, 8.75 * INCH, 11.25 * INCH))
    frame = layout.frame(1)
    assert frame.trim.x == pytest.approx(9) and frame.content.x == pytest.approx(9 + 0.5 * INCH)
    assert _layout().format.page_boxes() == {}


@pytest.mark.parametrize("number", [1, 2, 3, 4, 25, 26])
def test_three_sided_bleed_puts_the_outside_edge_by_page_parity(number: int) -> None:
    """KDP: trim width + bleed by trim height + 2 x bleed, no bleed at the spine; the outside
    edge is on the right of odd pages and on the left of even ones, and the content follows."""
    fmt = PageFormat(6 * INCH, 9 * INCH, BLEED, "three")
    layout = PageLayout(fmt, Margins(0.5 * INCH, 0.4 * INCH, 36, 36))
    assert fmt.media_size == pytest.approx((6.125 * INCH, 9.25 * INCH))
    boxes = fmt.page_boxes(number)
    trim = boxes["trimBox"]
    assert boxes["bleedBox"] == pytest.approx((0, 0, 6.125 * INCH, 9.25 * INCH))
    assert trim[1] == pytest.approx(BLEED) and trim[3] == pytest.approx(BLEED + 9 * INCH)
    recto = number % 2 == 1
    spine_x = trim[0] if recto else trim[2]  # the spine edge meets the media edge: no bleed
    assert spine_x == pytest.approx(0.0 if recto else 6.125 * INCH)
    frame = layout.frame(number)
    assert frame.trim.as_tuple() == pytest.approx(trim)
    gutter = frame.content.x - trim[0] if recto else trim[2] - frame.content.right
    outside = trim[2] - frame.content.right if recto else frame.content.x - trim[0]
    assert gutter == pytest.approx(0.5 * INCH) and outside == pytest.approx(0.4 * INCH)


@pytest.mark.parametrize("count", sorted(GRIDS))
def test_slots_tile_the_area_without_overlap(count: int) -> None:
    area = Box(40, 50, 500, 650)
    got = slots(area, count, caption_height=14)
    assert len(got) == count
    columns, rows = grid_shape(count, area.width, area.height)
    assert columns * rows == count and rows >= columns  # portrait area: more rows
    for i, a in enumerate(got):
        assert area.contains(a.caption) and area.contains(a.maze)
        assert a.caption.y == pytest.approx(a.maze.top)
        for b in got[i + 1 :]:
            apart = (
                a.maze.right <= b.maze.x
                or b.maze.right <= a.maze.x
                or a.caption.top <= b.maze.y
                or b.caption.top <= a.maze.y
            )
            assert apart
    # reading order: left to right, then down
    assert got[0].maze.y >= got[-1].maze.y


def test_landscape_grids_turn() -> None:
    assert grid_shape(2, 600, 300) == (2, 1)
    assert grid_shape(6, 600, 300) == (3, 2)
    with pytest.raises(ValueError):
        grid_shape(5, 100, 100)


@pytest.mark.parametrize(
    ("w", "h", "box"), [(5, 5, (500, 600)), (40, 60, (540, 640)), (9, 3, (200, 90))]
)
def test_maze_scale_is_what_draw_maze_uses(w: int, h: int, box: tuple[float, float]) -> None:
    geom = maze_geometry(generate("backtracker", w, h, seed=1))
    canvas = new_canvas(io.BytesIO(), (612, 792))
    fit = draw_maze(canvas, geom, x=10, y=10, width=box[0], height=box[1])
    assert maze_scale(w, h, *box) == pytest.approx(fit.scale)


@pytest.mark.parametrize("min_cell", [6.0, 9.92, 20.0, 34.0])
def test_max_cells_never_go_below_min_cell(min_cell: float) -> None:
    box = (527.0, 583.0)
    columns, rows = max_cells(*box, min_cell)
    assert columns >= 1 and rows >= 1
    assert maze_scale(columns, rows, *box) >= min_cell
    for cells in (10, 100, 1000, 10**6):
        c, r = dims_for(cells, *box, (columns, rows), 1)
        assert c <= columns and r <= rows
        assert maze_scale(c, r, *box) >= min_cell


def test_dims_follow_the_box_shape() -> None:
    c, r = dims_for(1200, 300, 600, (500, 500), 4)
    assert r > c and abs(c * r - 1200) < 0.1 * 1200
    assert dims_for(3, 300, 600, (500, 500), 4) == (4, 4)


def test_section_levels_rise_evenly() -> None:
    assert section_levels((1, 3), 5) == [1, 2, 2, 3, 3]
    assert section_levels((4, 4), 3) == [4, 4, 4]
    assert section_levels((2, 9), 1) == [2]
    levels = section_levels((1, 10), 20)
    assert levels[0] == 1 and levels[-1] == 10 and levels == sorted(levels)


def test_plan_numbers_every_page_and_is_even() -> None:
    plan = plan_book(
        [SectionInput("A", 3, (1, 2)), SectionInput("B", 4, (5, 5))], answers_per_page=4
    )
    # title, how-to, contents, A header, 3 puzzles, B header, 4 puzzles, 2 answer pages
    assert plan.contents_pages == (3,)
    assert [s.header_page for s in plan.sections] == [4, 8]
    assert [p.page for p in plan.puzzles] == [5, 6, 7, 9, 10, 11, 12]
    assert plan.answer_pages == (13, 14)
    assert plan.page_count == 14 and plan.blank_pages == ()
    assert [p.answer_page for p in plan.puzzles] == [13] * 4 + [14] * 3
    assert [p.answer_slot for p in plan.puzzles] == [0, 1, 2, 3, 0, 1, 2]
    assert [p.number for p in plan.puzzles] == list(range(1, 8))
    assert plan.sections[1].first_number == 4 and plan.sections[1].last_number == 7


def test_plan_pads_to_an_even_count_and_groups_puzzles() -> None:
    plan = plan_book([SectionInput("A", 5, (1, 1))], puzzles_per_page=2, answers_per_page=6)
    # title, how-to, contents, header, 3 puzzle pages, 1 answer page = 8
    assert plan.page_count % 2 == 0
    assert [(p.page, p.slot) for p in plan.puzzles] == [(5, 0), (5, 1), (6, 0), (6, 1), (7, 0)]
    even = plan_book([SectionInput("A", 1, (1, 1))])  # 6 pages: nothing to add
    assert even.page_count == 6 and even.blank_pages == ()
    odd = plan_book([SectionInput("A", 2, (1, 1))])  # 7 pages: one blank page at the end
    assert odd.page_count == 8 and odd.blank_pages == (8,) and odd.answer_pages == (7,)


def test_plan_spreads_long_contents_over_pages() -> None:
    sections = [SectionInput(f"S{i}", 1, (1, 1)) for i in range(12)]
    plan = plan_book(sections, contents_lines_per_page=5)
    assert plan.contents_pages == (3, 4, 5)  # 13 entries, 5 a page
    assert plan.sections[0].header_page == 6
