"""The printers' tables (mazebook.printing.printers): the published numbers and their helpers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mazebook.printing.printers as printers_module
from mazebook.errors import MazebookError
from mazebook.printing.printers import (
    PAPERS,
    PRINTERS,
    PrinterRuleError,
    Trim,
    UnknownPrinterError,
    barcode_box,
    cover_size,
    find_trim,
    inside_margin,
    outside_margin,
    page_range,
    printer,
    spine_box,
    spine_text_allowed,
    spine_width,
)


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
        (828, 0.875),
    ],
)
def test_kdp_inside_margin_by_page_count(pages: int, inches: float) -> None:
    assert inside_margin("kdp", pages) == inches


def test_kdp_outside_margins_and_bleed() -> None:
    kdp = printer("kdp")
    assert outside_margin(kdp, bleed=False) == 0.25
    assert outside_margin(kdp, bleed=True) == 0.375
    assert kdp.bleed == 0.125 and kdp.bleed_sides == "three" and kdp.min_line == 0.75
    assert printer("lulu").bleed_sides == "four" and printer("home").bleed_sides == "none"


def test_kdp_page_ranges() -> None:
    assert page_range("kdp", Trim(6, 9), "white") == (24, 828)
    assert page_range("kdp", Trim(8.5, 11), "white") == (24, 590)
    assert page_range("kdp", Trim(8.5, 11), "cream") == (24, 550)
    assert page_range("kdp", Trim(6, 9), "cream") == (24, 776)
    assert page_range("home", Trim(8.5, 11), "white") is None
    assert page_range("lulu", Trim(6, 9), "white") == (32, 800)


def test_spine_widths_and_cover_sizes() -> None:
    assert spine_width("kdp", 200, "white") == pytest.approx(0.4504)
    assert spine_width("kdp", 200, "cream") == pytest.approx(0.5)
    assert spine_width("lulu", 444, "white") == pytest.approx(1.06)
    assert cover_size("kdp", (6, 9), 200, "white") == pytest.approx((12.7004, 9.25))
    assert cover_size("kdp", Trim(8.5, 11), 100, "cream") == pytest.approx((17.5, 11.25))


def test_barcode_box_and_spine_sit_on_the_cover() -> None:
    # back cover from 0.125 to 6.125 in; the box ends 0.25 in left of the spine
    assert barcode_box("kdp", (6, 9)) == pytest.approx((3.875, 0.375, 5.875, 1.575))
    x0, y0, x1, y1 = spine_box("kdp", (6, 9), 200, "white")
    assert (x0, y0) == pytest.approx((6.125, 0)) and x1 - x0 == pytest.approx(0.4504)
    assert y1 == pytest.approx(9.25)


def test_spine_text_from_79_pages_on_kdp() -> None:
    assert not spine_text_allowed("kdp", 78)
    assert spine_text_allowed("kdp", 79)
    assert not spine_text_allowed("lulu", 79) and spine_text_allowed("lulu", 80)


def test_trims() -> None:
    assert find_trim("kdp", 8.2677, 11.6929) == Trim(8.27, 11.69)  # A4 as drawn
    assert find_trim("kdp", 12, 12) is None
    assert find_trim("kdp", 5.83, 8.27) is None  # A5 is not a KDP trim
    assert find_trim("home", 5.83, 8.27) is not None


def test_unknown_printer_and_paper() -> None:
    with pytest.raises(UnknownPrinterError, match='did you mean "lulu"'):
        printer("lullu")
    with pytest.raises(UnknownPrinterError, match="valid printers: kdp, ingramspark, lulu, home"):
        printer("x")
    with pytest.raises(PrinterRuleError, match="white, cream"):
        spine_width("kdp", 100, "glossy")
    with pytest.raises(PrinterRuleError, match="takes no cover"):
        cover_size("home", (8.5, 11), 100, "white")
    assert issubclass(PrinterRuleError, MazebookError)


def test_every_table_is_sane() -> None:
    assert list(PRINTERS) == ["kdp", "ingramspark", "lulu", "home", "tactile"]
    for p in PRINTERS.values():
        assert p.trims and all(t.width > 0 and t.height > 0 for t in p.trims)
        assert p.outside_margin_bleed >= p.outside_margin > 0
        limits = [up_to for up_to, _ in p.inside_margins]
        assert limits == sorted(limits)
        if p.min_pages is not None:
            assert p.max_pages is not None and 0 < p.min_pages < p.max_pages
        if p.cover is not None:
            assert dict(p.cover.spine_per_page).keys() == set(PAPERS)


def test_the_module_reads_data_and_nothing_else() -> None:
    """The tables are data (packaged TOML, checked by a schema): the module that reads them
    imports the standard library's readers, jsonschema and our own errors, registry and reader
    of packaged files only."""
    tree = ast.parse(Path(printers_module.__file__).read_text())
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    allowed = {"__future__", "collections.abc", "dataclasses", "functools", "importlib", "json"}
    allowed |= {"tomllib", "typing", "jsonschema", "errors", "plugins", "packaged", "records"}
    assert imported <= allowed, imported
    text = Path(printers_module.__file__).read_text()
    assert "0.125" not in text and "0.002252" not in text  # no literal table left


@given(st.sampled_from(["kdp", "ingramspark", "lulu", "home"]), st.integers(1, 2000))
def test_inside_margin_never_shrinks_as_pages_grow(name: str, pages: int) -> None:
    assert inside_margin(name, pages + 1) >= inside_margin(name, pages)


@given(
    st.sampled_from(["kdp", "ingramspark", "lulu"]),
    st.integers(1, 1000),
    st.sampled_from(PAPERS),
    st.sampled_from([(6.0, 9.0), (8.5, 11.0), (5.0, 8.0)]),
)
def test_cover_is_two_trims_a_spine_and_bleed(
    name: str, pages: int, paper: str, trim: tuple[float, float]
) -> None:
    width, height = cover_size(name, trim, pages, paper)
    bleed = printer(name).cover.bleed  # type: ignore[union-attr]
    assert width == pytest.approx(2 * trim[0] + spine_width(name, pages, paper) + 2 * bleed)
    assert height == pytest.approx(trim[1] + 2 * bleed)
    assert spine_width(name, pages + 1, paper) > spine_width(name, pages, paper)
