"""Rendering: the SVG's walls read back equal the maze's walls; SVG and PDF are byte-stable."""

from __future__ import annotations

import io
import itertools
import json
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import generate
from mazebook.core.generators import REGISTRY
from mazebook.geometry.drawing import rect_wall_runs
from mazebook.geometry.from_maze import maze_geometry
from mazebook.render.pdf import to_pdf
from mazebook.render.svg import to_svg

from .svgread import element_by_id, path_d, polyline_points, rect_walls_from_runs, straight_runs

RECT_ALGORITHMS = sorted(REGISTRY)


@pytest.mark.slow
@given(
    algorithm=st.sampled_from(RECT_ALGORITHMS),
    width=st.integers(1, 14),
    height=st.integers(1, 14),
    seed=st.integers(0, 2**32),
)
def test_svg_walls_read_back_equal_maze_walls(
    algorithm: str, width: int, height: int, seed: int
) -> None:
    maze = generate(algorithm, width, height, seed=seed)
    svg = to_svg(maze_geometry(maze), show_solution=True)
    runs = straight_runs(path_d(svg, "walls"))
    assert rect_walls_from_runs(runs, width, height) == maze.walls
    # merged: no two runs on one line touch end to end
    ends = {(r[0], r[1], r[2] == r[0]) for r in runs} & {(r[2], r[3], r[2] == r[0]) for r in runs}
    assert not ends


def test_runs_are_merged_not_one_stroke_per_cell_side() -> None:
    maze = generate("backtracker", 30, 30, seed=4)
    bits = np.frombuffer(maze.wall_bits(), dtype=np.uint8).reshape(30, 30)
    unit_sides = (
        sum(bin(v).count("1") for v in bits.ravel()) // 2 + 30 * 2
    )  # shared sides once, approx
    assert len(rect_wall_runs(bits)) < 0.75 * unit_sides


def test_svg_solution_markers_and_metadata() -> None:
    maze = generate("backtracker", 8, 6, seed=9)
    svg = to_svg(maze_geometry(maze), show_solution=True)
    sol = polyline_points(svg, "solution")
    assert len(sol) >= 2, "the solution polyline is drawn"
    geom = maze_geometry(maze)
    assert sol == [tuple(p) for p in np.round(np.asarray(geom.solution), 3).tolist()]
    start, finish = element_by_id(svg, "start"), element_by_id(svg, "finish")
    assert start is not None and finish is not None
    meta = re.search(r"<mazebook>(.*?)</mazebook>", svg)
    assert meta is not None
    record = json.loads(meta.group(1))
    assert record["algorithm"] == "backtracker" and record["seed"] == 9
    assert (record["width"], record["height"]) == (8, 6)
    assert element_by_id(to_svg(maze_geometry(maze)), "solution") is None


def test_solution_polyline_follows_the_solution_cells() -> None:
    maze = generate("backtracker", 10, 7, seed=1)
    geom = maze_geometry(maze)
    pts = geom.solution
    # every solution cell centre lies on the polyline
    for c in maze.solution_cells:
        x, y = c % 10 + 0.5, c // 10 + 0.5
        on = False
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            if (
                min(ax, bx) - 1e-9 <= x <= max(ax, bx) + 1e-9
                and min(ay, by) - 1e-9 <= y <= max(ay, by) + 1e-9
            ):
                on = on or (ax == bx == x) or (ay == by == y)
        assert on, (x, y)


def test_same_seed_same_bytes() -> None:
    a = generate("backtracker", 15, 11, seed=42)
    b = generate("backtracker", 15, 11, seed=42)
    assert to_svg(maze_geometry(a)) == to_svg(maze_geometry(b))
    assert to_pdf(maze_geometry(a), show_solution=True) == to_pdf(
        maze_geometry(b), show_solution=True
    )


def test_pdf_embeds_its_font_and_uses_printable_lines() -> None:
    pdf = to_pdf(maze_geometry(generate("backtracker", 12, 12, seed=3)))
    assert b"Helvetica" not in pdf
    reader = PdfReader(io.BytesIO(pdf))
    page = reader.pages[0]
    fonts = page["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descendant = (
            font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        )
        descriptor = descendant["/FontDescriptor"].get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    content = page.get_contents().get_data().decode("latin-1")
    scale = float(re.search(r"([\d.]+) 0 0 -[\d.]+ [\d.]+ [\d.]+ cm", content).group(1))
    widths = [float(w) * scale for w in re.findall(r"([\d.]+) w", content)]
    assert widths and min(widths) >= 0.75
    assert not reader.pages[0].images


@pytest.mark.parametrize(
    ("shape", "size", "options"),
    [("rect", (9, 7), {}), ("hex", (7, 6), {}), ("triangle", (9, 5), {})],
)
def test_svg_and_pdf_carry_the_same_start_and_finish_words(
    shape: str, size: tuple[int, int], options: dict[str, str]
) -> None:
    import re
    from xml.etree import ElementTree

    from pypdf import PdfReader

    from mazebook.geometry.from_maze import maze_geometry
    from mazebook.geometry.style import fit_maze
    from mazebook.render.svg import to_svg
    from mazebook.render.writers import write

    maze = generate("backtracker", *size, seed=9, shape=shape, **options)
    geom = maze_geometry(maze)
    scale = fit_maze(geom.width, geom.height, 612 - 72, 792 - 72).scale  # as the PDF draws it
    svg = to_svg(geom, cell=scale)
    root = ElementTree.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    texts = root.findall(".//s:g[@id='labels']/s:text", ns)
    shown = sorted(t.text or "" for t in texts)
    if shape == "rect":
        assert shown == ["FINISH", "START"]
    vx, vy, vw, vh = map(float, re.split(r"[ ,]+", root.attrib["viewBox"]))
    for t in texts:  # every word's anchor lies inside the drawing
        if "transform" in t.attrib:
            x, y = map(
                float, re.findall(r"translate\(([-\d.]+) ([-\d.]+)\)", t.attrib["transform"])[0]
            )
        else:
            x, y = float(t.attrib["x"]), float(t.attrib["y"])
        assert vx <= x <= vx + vw and vy <= y <= vy + vh
    pdf = PdfReader(io.BytesIO(write(maze, "pdf")))
    words = pdf.pages[0].extract_text()
    assert [w for w in ("FINISH", "START") if w in words] == shown  # at the same scale
