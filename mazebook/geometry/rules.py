"""Pure geometry of a maze's rules (mazebook.core.rules): arrows, doors and keys, in cell units
with y pointing down, as the writers (SVG, PDF) draw them beside the walls.

- An **arrow** lies in its one-way passage, centred on the line between the passage's two cells
  and pointing the way it may be walked: a shaft at least MIN_PRINT_LINE wide and a head at
  least ARROW_HEAD_MIN long, never wider than the passage less a clear gap each side (so it
  never touches a wall); at ONE_WAY_MIN_CELL the least head just fits.
- A **door** is a bar across its passage, on the line between the two cells, with its capital
  letter on it (at least RULE_LETTER_MIN points).
- A **key** is a key (a ring, its bow, with the letter inside, a shaft and two teeth) in its
  cell; on an answer, a disc with the order it is picked up in sits at its cell's corner.

Sizes follow the cell's size in points (``scale``): marks grow with large cells and keep
their least sizes in small ones; KEYS_MIN_CELL is the least cell that holds them.
"""

from __future__ import annotations

from ..core.maze import Maze
from ..lazy import numpy as np
from ..records import record
from .style import MIN_PRINT_LINE

#: The least length of an arrow's head (points): 2 mm.
ARROW_HEAD_MIN = 2.0 * 72.0 / 25.4
#: An arrow's head: its length as a share of the cell, its half width over its length; its
#: shaft's length over the head's; the gap (points) kept between the arrow and a wall.
ARROW_HEAD_SHARE, ARROW_HALF_WIDTH, ARROW_SHAFT, ARROW_GAP = 0.42, 0.42, 0.7, 0.75
#: The longest arrow and the least shaft (shares of the cell): arrows in a row along a corridor
#: keep a gap between them.
ARROW_LONGEST, ARROW_SHAFT_MIN = 0.8, 0.15
#: The least letter of a door or key (points).
RULE_LETTER_MIN = 7.0
#: A door or key letter as a share of the cell, and its largest size (points).
RULE_LETTER_SHARE, RULE_LETTER_MAX = 0.5, 16.0
#: A capital's height over its type size (DejaVu Sans Bold: 0.73).
CAP_HEIGHT = 0.73
#: A door's bar: its length across the passage (share of the cell) and the room round its
#: letter along it (points each side).
DOOR_ACROSS, DOOR_PAD = 0.84, 1.0
#: A key's bow: its radius and its centre's offset left of the cell's centre (shares of the
#: cell); the shaft runs to KEY_REACH right of the centre.
KEY_BOW, KEY_LEFT, KEY_REACH = 0.25, 0.13, 0.4
#: An answer's order disc: its radius and its centre's offset up and right (shares of the cell),
#: and its number's size over the disc's diameter.
ORDER_DISC, ORDER_AT, ORDER_SHARE = 0.2, 0.27, 0.8
#: A door's bar's grey (0 black, 1 white).
DOOR_GRAY = 0.82
#: The widest wall a page draws (points): puzzle_style's largest.
WALL_MAX = 2.5

#: The least cells (points) that hold the marks: an arrow's least head with its gaps, and a
#: key's or door's least letter inside its ring or bar.
ONE_WAY_MIN_CELL = 2 * (ARROW_HALF_WIDTH * ARROW_HEAD_MIN + ARROW_GAP + 0.5) + 0.4
KEYS_MIN_CELL = max(
    RULE_LETTER_MIN * 0.82 / (2 * KEY_BOW) + 1.5,
    (CAP_HEIGHT * RULE_LETTER_MIN + 2 * DOOR_PAD) / 0.55,
)


@record(eq=False)
class RuleMarks:
    """A maze's rules to draw, in cell units: ``arrows`` an (k, 4) array x, y (the middle of
    the passage, on the line between its cells), dx, dy (the way it may be walked, a unit
    step); ``doors`` x, y, dx, dy (along the passage), letter; ``keys`` x, y (the cell's
    centre), letter, and the order it is picked up in on the solution (0: never)."""

    arrows: np.ndarray
    doors: tuple[tuple[float, float, float, float, str], ...] = ()
    keys: tuple[tuple[float, float, str, int], ...] = ()


def rule_marks(maze: Maze) -> RuleMarks | None:
    """The marks of a rectangle's rules (None when it has none)."""
    rules = maze.rules
    if not rules:
        return None
    w = maze.grid.width

    def centre(cell: int) -> tuple[float, float]:
        return cell % w + 0.5, cell // w + 0.5

    arrows = np.zeros((len(rules.one_way), 4))
    for i, (a, b) in enumerate(rules.one_way):
        (x1, y1), (x2, y2) = centre(a), centre(b)
        arrows[i] = ((x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1)
    doors = []
    for a, b, letter in rules.doors:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        doors.append(((x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1, letter))
    order = _pickup_order(maze)
    keys = [(*centre(c), letter, order.get(c, 0)) for c, letter in rules.keys]
    return RuleMarks(arrows, tuple(doors), tuple(keys))


def _pickup_order(maze: Maze) -> dict[int, int]:
    """The keys' cells by the order the solution picks them up in (1 first)."""
    if not maze.keys:
        return {}
    at = {c for c, _ in maze.keys}
    order: dict[int, int] = {}
    for cell in maze.solution_cells:
        if cell in at and cell not in order:
            order[cell] = len(order) + 1
    return order


def letter_size(scale: float) -> float:
    """A door's or key's letter (points) in cells of ``scale`` points."""
    return max(RULE_LETTER_MIN, min(RULE_LETTER_MAX, RULE_LETTER_SHARE * scale))


def arrow_parts(
    x: float, y: float, dx: float, dy: float, scale: float
) -> tuple[np.ndarray, np.ndarray, float]:
    """An arrow in cells of ``scale`` points: its shaft (2 points), its head (3 points, the tip
    first) and the shaft's width, in cell units. The head is ARROW_HEAD_SHARE of the cell, at
    least ARROW_HEAD_MIN; the whole arrow is centred on (x, y)."""
    head = max(ARROW_HEAD_MIN, ARROW_HEAD_SHARE * scale) / scale
    shaft = max(ARROW_SHAFT_MIN, min(ARROW_SHAFT * head, ARROW_LONGEST - head))
    half = ARROW_HALF_WIDTH * head
    total = head + shaft
    tip = np.array([x + dx * total / 2, y + dy * total / 2])
    tail = np.array([x - dx * total / 2, y - dy * total / 2])
    base = tip - np.array([dx, dy]) * head
    normal = np.array([-dy, dx]) * half
    width = max(MIN_PRINT_LINE, 0.08 * scale) / scale
    # the shaft stops inside the head, so its square end never shows beside the tip
    shaft_end = base + np.array([dx, dy]) * (0.3 * head)
    return np.stack([tail, shaft_end]), np.stack([tip, base + normal, base - normal]), width


def door_box(x: float, y: float, dx: float, dy: float, scale: float) -> np.ndarray:
    """A door's bar (4 corners, cell units): DOOR_ACROSS of the cell across the passage, as
    thick along it as its letter with DOOR_PAD each side."""
    thick = (CAP_HEIGHT * letter_size(scale) + 2 * DOOR_PAD) / scale
    across = np.array([-dy, dx]) * DOOR_ACROSS / 2
    along = np.array([dx, dy]) * thick / 2
    c = np.array([x, y])
    return np.stack(
        [c - across - along, c + across - along, c + across + along, c - across + along]
    )


@record
class KeyShape:
    """A key in cell units: its bow (centre and radius), its shaft and teeth (segments x1, y1,
    x2, y2), where its letter's baseline centre goes, and the answer's order disc (centre,
    radius)."""

    bow: tuple[float, float, float]
    lines: np.ndarray
    letter: tuple[float, float]
    disc: tuple[float, float, float]


def key_shape(x: float, y: float, scale: float) -> KeyShape:
    """A key in its cell (centre x, y) in cells of ``scale`` points."""
    size = letter_size(scale) / scale
    bx, r = x - KEY_LEFT, KEY_BOW
    shaft_y = y
    tooth = 0.14
    lines = np.array(
        [
            (bx + r, shaft_y, x + KEY_REACH, shaft_y),
            (x + KEY_REACH, shaft_y, x + KEY_REACH, shaft_y + tooth),
            (x + KEY_REACH - 0.1, shaft_y, x + KEY_REACH - 0.1, shaft_y + tooth * 0.8),
        ]
    )
    baseline = y + CAP_HEIGHT * size / 2
    disc = (x + ORDER_AT, y - ORDER_AT, ORDER_DISC)
    return KeyShape((bx, y, r), lines, (bx, baseline), disc)


def order_size(scale: float) -> float:
    """The type size (points) of an answer's order number in cells of ``scale`` points."""
    return ORDER_SHARE * 2 * ORDER_DISC * scale


def mark_line(scale: float) -> float:
    """The stroke of a key's ring and shaft and a door's outline (cell units): at least
    MIN_PRINT_LINE."""
    return max(MIN_PRINT_LINE, 0.07 * scale) / scale
