"""Read an SVG written by mazebook back into wall runs (for the round-trip tests)."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

NS = {"svg": "http://www.w3.org/2000/svg"}
_TOKEN = re.compile(r"([MHVLA])([^MHVLA]*)")


def element_by_id(svg_text: str, ident: str) -> ElementTree.Element | None:
    root = ElementTree.fromstring(svg_text)
    for el in root.iter():
        if el.get("id") == ident:
            return el
    return None


def path_d(svg_text: str, ident: str) -> str:
    el = element_by_id(svg_text, ident)
    if el is None:
        return ""
    if el.tag.endswith("path"):
        return el.get("d", "")
    return "".join(p.get("d", "") for p in el.iter() if p.tag.endswith("path"))


def polyline_points(svg_text: str, ident: str) -> list[tuple[float, float]]:
    """The points of the <polyline> elements inside the element with this id."""
    el = element_by_id(svg_text, ident)
    if el is None:
        return []
    out = []
    for p in el.iter():
        if p.tag.endswith("polyline"):
            for pair in p.get("points", "").split():
                x, y = pair.split(",")
                out.append((float(x), float(y)))
    return out


def straight_runs(d: str) -> list[tuple[float, float, float, float]]:
    """The M/H/V/L path commands as (x1, y1, x2, y2) runs."""
    runs = []
    x = y = 0.0
    for cmd, args in _TOKEN.findall(d):
        nums = [float(v) for v in args.replace(",", " ").split()]
        if cmd == "M":
            x, y = nums
        elif cmd == "H":
            runs.append((x, y, nums[0], y))
            x = nums[0]
        elif cmd == "V":
            runs.append((x, y, x, nums[0]))
            y = nums[0]
        elif cmd == "L":
            runs.append((x, y, nums[0], nums[1]))
            x, y = nums
    return runs


def rect_walls_from_runs(
    runs: list[tuple[float, float, float, float]], w: int, h: int
) -> list[list[int]]:
    """Wall bits (N=1 E=2 S=4 W=8) of a w x h maze from its drawn runs."""
    walls = [[0] * w for _ in range(h)]
    for x1, y1, x2, y2 in runs:
        if y1 == y2:
            yy = int(y1)
            for xx in range(int(min(x1, x2)), int(max(x1, x2))):
                if yy < h:
                    walls[yy][xx] |= 1
                if yy > 0:
                    walls[yy - 1][xx] |= 4
        else:
            xx = int(x1)
            for yy in range(int(min(y1, y2)), int(max(y1, y2))):
                if xx < w:
                    walls[yy][xx] |= 8
                if xx > 0:
                    walls[yy][xx - 1] |= 2
    return walls


#: The top lines of a template that makes each kind of product (a title and sections follow),
#: for the --svg-dir tests.
PRODUCT_HEADS = {
    "worksheet": 'kind = "worksheet"\n',
    "book": 'printer = "home"\n',
    "class set": 'kind = "worksheet"\nnames = ["Ann", "Bob"]\n',
}

#: The SVG namespace, for ElementTree's find.
SVG_NS = {"s": "http://www.w3.org/2000/svg"}


def svg_group(path: Path, group: str) -> ElementTree.Element:
    """The ``<g id="group">`` of an SVG file (AssertionError when it has none)."""
    found = ElementTree.parse(path).getroot().find(f".//s:g[@id='{group}']", SVG_NS)
    assert found is not None, f"{path.name} has no group {group!r}"
    return found
