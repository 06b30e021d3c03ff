"""Masked grids: a width x height rectangle of square cells limited to a shape.

The shape comes from a built-in silhouette (``mask="heart"``), a line of text (``text=...``),
a black-and-white image (``image="file.png"``) or, to rebuild a saved maze without its font or
image, the cells themselves (``cells=...``, run lengths as written in the maze's graph form).
A maze needs its cells connected; a mask that falls apart is refused, cut to its largest part
or joined by one-cell corridors, as ``parts`` says: images are refused by default (the picture's
owner should decide), text and silhouettes joined (letters stand apart; a silhouette's tip may
touch the rest only at a corner at some sizes).
"""

from __future__ import annotations

import warnings
from collections import deque
from typing import Any

from ...errors import InvalidOptionError, MazebookWarning
from ...lazy import numpy as np
from ..grid import Grid
from .lattice import (
    Side,
    check_choice,
    check_int,
    check_side,
    components,
    neighbour_table,
    outside_region,
    pack_tables,
    reject_unknown,
    trace_outline,
)
from .silhouettes import SILHOUETTES, silhouette_mask

#: The largest width or height of a masked grid (cells).
MAX_MASK_SIDE = 1000

#: What to do with a mask whose cells fall apart into several parts.
PARTS = ("refuse", "largest", "join")

#: Where the cells come from (exactly one is given).
SOURCES = ("mask", "text", "image", "cells")

_OPTIONS = (*SOURCES, "parts", "font", "threshold")
#: How a message names each source.
_FROM = {"mask": "a silhouette", "text": "text", "image": "an image", "cells": "saved cells"}

#: Slot steps (row, column) of N, E, S, W, as in the rectangle.
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class MaskWarning(MazebookWarning):
    """A mask was changed to make a maze of it (e.g. parts dropped)."""


def encode_cells(inside: np.ndarray) -> str:
    """Run lengths of a boolean (h, w) mask, row-major, alternating outside/inside, outside
    first: e.g. "3,2,4" is 3 outside squares, 2 inside, 4 outside."""
    flat = inside.ravel()
    change = np.flatnonzero(flat[1:] != flat[:-1]) + 1
    runs = np.diff(np.concatenate([[0], change, [len(flat)]])).tolist()
    if flat[0]:
        runs.insert(0, 0)
    return ",".join(str(r) for r in runs)


def decode_cells(text: object, width: int, height: int) -> np.ndarray:
    """The mask back from ``encode_cells``; InvalidOptionError if it does not fit the size."""
    text = str(text) if text else ""
    try:  # at most one run per square and one more: a longer list is refused unread
        too_many = text.count(",") > width * height
        runs = [] if not text else [-1] if too_many else [int(v) for v in text.split(",")]
    except ValueError:
        runs = [-1]
    if any(r < 0 for r in runs) or sum(runs) != width * height:
        raise InvalidOptionError(
            f"mask cells must be run lengths (whole numbers separated by commas) adding up to "
            f"{width} x {height} = {width * height} squares"
        )
    values = np.arange(len(runs)) % 2 == 1
    return np.repeat(values, runs).reshape(height, width)


def mask_grid(
    width: int,
    height: int,
    *,
    mask: str | None = None,
    text: str | None = None,
    image: str | None = None,
    cells: str | None = None,
    parts: str | None = None,
    font: str | None = None,
    threshold: int | None = None,
    **unknown: Any,
) -> Grid:
    """The masked grid of width x height squares (see the module docstring for the options)."""
    reject_unknown("mask", unknown, _OPTIONS)
    check_side("mask", "width", width, MAX_MASK_SIDE)
    check_side("mask", "height", height, MAX_MASK_SIDE)
    values = (mask, text, image, cells)
    given = [name for name, v in zip(SOURCES, values, strict=True) if v is not None]
    if len(given) != 1:
        raise InvalidOptionError(
            "a mask needs exactly one of: mask (a silhouette: "
            f"{', '.join(SILHOUETTES)}), text, image; got {', '.join(given) or 'none'}"
        )
    for option, value, needs, base in (
        ("font", font, "text", text),
        ("threshold", threshold, "image", image),
    ):
        if value is not None and base is None:  # silently unused, it would seem to work
            raise InvalidOptionError(
                f"mask option {option!r} goes with a mask from {needs}; this one is from "
                f"{_FROM[given[0]]}"
            )
    default = "refuse" if image is not None else "join"
    parts = check_choice("mask option 'parts'", parts or default, PARTS)
    if mask is not None:
        check_choice("mask", mask, SILHOUETTES)
        inside = silhouette_mask(mask, width, height)
        source = f"silhouette {mask!r}"
    elif text is not None:
        from .raster import text_mask

        inside = text_mask(text, width, height, font)
        source = f"text {text!r}"
    elif image is not None:
        from .raster import image_mask

        threshold = check_int(
            "mask option 'threshold'", 128 if threshold is None else threshold, 1, 255
        )
        inside = image_mask(image, width, height, threshold)
        source = f"image {image!r}"
    else:
        inside = decode_cells(cells, width, height)
        source = "the given cells"
    if not inside.any():
        raise InvalidOptionError(
            f"the mask from {source} has no cells at {width}x{height}; make the grid larger"
        )
    inside, dropped = connect(inside, parts, source)
    return _build(width, height, inside, dropped)


def connect(inside: np.ndarray, parts: str, source: str) -> tuple[np.ndarray, int]:
    """A connected mask from ``inside`` by the ``parts`` policy; also the cells dropped."""
    labels, sizes = components(inside)
    if len(sizes) == 1:
        return inside, 0
    biggest = int(np.argmax(sizes))
    if parts == "refuse":
        raise InvalidOptionError(
            f"the mask from {source} falls apart into {len(sizes)} parts (largest "
            f"{sizes[biggest]} cells); use parts=largest to keep it or parts=join to link them",
            field="parts",
        )
    if parts == "largest":
        dropped = int(inside.sum()) - sizes[biggest]
        warnings.warn(
            f"the mask from {source} falls apart into {len(sizes)} parts; kept the largest "
            f"({sizes[biggest]} cells) and dropped {dropped} cells",
            MaskWarning,
            stacklevel=3,
        )
        return labels == biggest, dropped
    return join_parts(inside, labels, biggest), 0


def join_parts(inside: np.ndarray, labels: np.ndarray, start: int) -> np.ndarray:
    """Link every part to the ``start`` part by shortest one-cell corridors, nearest first."""
    h, w = inside.shape
    total = h * w
    flat = inside.ravel().tolist()
    part = labels.ravel().tolist()
    main = [p == start for p in part]
    while True:
        # breadth-first from the whole main part until a square of another part is met
        parent = [-2] * total
        queue = deque(i for i in range(total) if main[i])
        for i in queue:
            parent[i] = -1
        hit = -1
        while queue and hit < 0:
            i = queue.popleft()
            x = i % w
            steps = ((i - w, i >= w), (i + 1, x < w - 1), (i + w, i + w < total), (i - 1, x > 0))
            for j, ok in steps:
                if ok and parent[j] == -2:
                    parent[j] = i
                    if flat[j]:
                        hit = j
                        break
                    queue.append(j)
        if hit < 0:
            return np.array(flat, dtype=bool).reshape(h, w)
        step = parent[hit]
        while step >= 0:
            flat[step] = main[step] = True
            step = parent[step]
        other = part[hit]
        for i in range(total):
            if part[i] == other:
                main[i] = True


def _build(width: int, height: int, inside: np.ndarray, dropped: int) -> Grid:
    rows, cols = np.nonzero(inside)
    n = len(rows)
    index = np.full((height, width), -1, dtype=np.int64)
    index[rows, cols] = np.arange(n)
    steps = np.array(_STEPS)
    drow = np.broadcast_to(steps[:, 0], (n, 4))
    dcol = np.broadcast_to(steps[:, 1], (n, 4))
    table = neighbour_table(index, rows, cols, drow, dcol)
    adj, back = pack_tables(table, np.array([2, 3, 0, 1]))
    outside = outside_region(inside)
    sides: list[Side] = []
    for cell, k in zip(*np.nonzero(table == n), strict=True):
        c, slot = int(cell), int(k)
        y, x = int(rows[c]), int(cols[c])
        dy, dx = _STEPS[slot]
        if not outside[y + dy + 1, x + dx + 1]:
            continue  # a side facing a hole inside the shape: no opening there
        corners = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
        sides.append((c, slot, corners[slot], corners[(slot + 1) % 4]))
    code = encode_cells(inside)
    params = {
        "cells": code,
        "dropped_cells": dropped,
        "opposite": (2, 3, 0, 1),
        "side_names": ("N", "E", "S", "W"),
        "build": {"cells": code},
    }
    return Grid("mask", width, height, n, 4, adj, back, trace_outline(sides), params)


def mask_positions(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """Row and column of every cell of a masked grid."""
    inside = decode_cells(grid.params["cells"], grid.width, grid.height)
    rows, cols = np.nonzero(inside)
    return rows, cols


def mask_centres(grid: Grid) -> np.ndarray:
    """(n, 2) cell centres in drawing units, relative to the shape's bounding box."""
    rows, cols = mask_positions(grid)
    y0, x0 = int(rows.min()), int(cols.min())
    return np.stack([cols - x0 + 0.5, rows - y0 + 0.5], axis=1).astype(np.float64)


#: A mask maze keeps its silhouette recognisable when its cells cover the silhouette (drawn
#: eight times finer) with at least this intersection-over-union ...
MIN_FIDELITY = 0.85
#: ... and cover what the silhouette leaves empty in its bounding box (a heart's notch and lower
#: corners, the gaps between a star's points) with at least this one: the features that tell a
#: heart from a shield, which the shape's own score hardly sees.
MIN_GAP_FIDELITY = 0.75
#: How much finer the reference drawing is than the cells.
FIDELITY_DETAIL = 8


def mask_fidelity(source: dict[str, Any], width: int, height: int) -> float:
    """Intersection over union of a mask's cells at width x height and the same silhouette or
    text drawn FIDELITY_DETAIL times finer: 1.0 is a perfect likeness."""
    return mask_likeness(source, width, height)[0]


def mask_likeness(source: dict[str, Any], width: int, height: int) -> tuple[float, float]:
    """(shape, gaps): intersection over union of the mask's cells at width x height with the
    same mask drawn FIDELITY_DETAIL times finer, and of what each leaves empty inside the fine
    drawing's bounding box (1.0, 1.0 is a perfect likeness; gaps is 1.0 for a shape that fills
    its box)."""
    k = FIDELITY_DETAIL
    coarse = _source_mask(source, width, height)
    fine = _source_mask(source, width * k, height * k)
    up = np.kron(coarse, np.ones((k, k), dtype=bool))
    rows, cols = np.flatnonzero(fine.any(axis=1)), np.flatnonzero(fine.any(axis=0))
    box = np.zeros_like(fine)
    if len(rows):
        box[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1] = True
    return _iou(up, fine), _iou(box & ~up, box & ~fine)


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    union = int((a | b).sum())
    return float((a & b).sum()) / union if union else 1.0


def recognisable(source: dict[str, Any], width: int, height: int) -> bool:
    """Whether a silhouette's cells at width x height look like it: MIN_FIDELITY for the
    shape and MIN_GAP_FIDELITY for the gaps of its bounding box."""
    shape, gaps = mask_likeness(source, width, height)
    return shape >= MIN_FIDELITY and gaps >= MIN_GAP_FIDELITY


#: Rows of cells each line of a text mask needs for its letters to read.
TEXT_ROWS = 7


def least_recognisable(source: dict[str, Any], aspect: float) -> tuple[int, int]:
    """The smallest (columns, rows), shaped ``aspect`` wide over tall, that keeps the mask
    recognisable: for a silhouette, cells that are ``recognisable`` (and the next two sizes up
    too); for text, TEXT_ROWS rows a line (a likeness score does not suit thin letter
    strokes)."""
    if "text" in source:
        lines = max(1, str(source["text"]).count("\n") + 1)
        return _aspect_dims(TEXT_ROWS * lines, aspect)
    for side in range(4, MAX_MASK_SIDE // FIDELITY_DETAIL):
        sizes = [_aspect_dims(s, aspect) for s in (side, side + 1, side + 2)]
        if all(recognisable(source, w, h) for w, h in sizes):
            return sizes[0]
    return _aspect_dims(MAX_MASK_SIDE // FIDELITY_DETAIL, aspect)  # pragma: no cover


def _aspect_dims(side: int, aspect: float) -> tuple[int, int]:
    """(columns, rows) with the smaller one ``side``, shaped ``aspect`` wide over tall."""
    if aspect >= 1:
        return max(side, round(side * aspect)), side
    return side, max(side, round(side / aspect))


def _source_mask(source: dict[str, Any], width: int, height: int) -> np.ndarray:
    if "mask" in source:
        return silhouette_mask(str(source["mask"]), width, height)
    from .raster import text_mask

    return text_mask(str(source["text"]), width, height, source.get("font"))
