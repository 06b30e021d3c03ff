"""A tactile maze's page for swell paper: one maze, START and FINISH each marked by a raised
symbol with its word in braille beside it, the puzzle's number in braille at the top left,
and, for the sighted helper, the same words in print beside the braille and a print heading
at the top right. Nothing but the walls inside the maze; everything in solid black (only
black swells); an answer's page adds the way through as a dashed line.

``TactileSheet`` is the page without its maze: the room it leaves for one (``room``), where a
maze of a size goes with its symbols and labels (``place``), and the painters that draw a
puzzle's page and its answer's (``page_painter``). Lengths are millimetres from the page's top
left (y down) until they are drawn, in points, by the painters.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import MazebookBug
from ..geometry import tactile as fig
from ..geometry.drawing import MazeGeometry, rows_of
from ..records import record
from ..render import braille
from ..render.typeset import FontPair, fit_prefix, visual
from .layout import PageFrame

#: Print (for the sighted helper): the size of the heading and of the words beside the braille.
PRINT_SIZE = 12.0
#: Clear space between the heading's row and START's symbol, a symbol and its braille, and the
#: braille and its print word (wide, so a finger reading the braille stops before the print).
HEAD_GAP_MM = 6.0
LABEL_GAP_MM = 4.0
PRINT_GAP_MM = 8.0
#: The least clear space between the braille number and the print heading on the top row.
HEADING_GAP_MM = 12.0
#: The fewest columns a maze has (the search's least side): the narrowest maze the labels of
#: START and FINISH must both fit beside.
LEAST_COLUMNS = 4

Point = tuple[float, float]
Painter = Callable[[Canvas, PageFrame], None]


@record
class Label:
    """A word beside a symbol: its braille cells and its print (with the print's width, mm)."""

    cells: tuple[braille.Cell, ...]
    word: str
    print_width: float

    @property
    def run(self) -> float:
        """Millimetres from the symbol's near edge to the far end of the print word."""
        return LABEL_GAP_MM + braille.width(self.cells) + PRINT_GAP_MM + self.print_width


def label(word: str, language: str, font: str) -> Label:
    """``word`` in braille (BrailleError for a letter the language's table lacks) and print."""
    shown = visual(word)
    return Label(
        braille.cells(word, language), shown, stringWidth(shown, font, PRINT_SIZE) / fig.MM
    )


@record
class Placed:
    """Where one maze of ``columns`` x ``rows`` goes on the page (mm, y down): the top-left
    wall corner, the cell, START's triangle and FINISH's square, and the first dot's centre
    of each braille word and the left end of each print word's baseline."""

    columns: int
    rows: int
    left: float
    top: float
    cell: float
    triangle: tuple[Point, Point, Point]
    square: tuple[Point, Point, Point, Point]
    start_braille: Point
    start_print: Point
    finish_braille: Point
    finish_print: Point

    @property
    def maze_area(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the maze with its walls' full width, mm."""
        half = fig.WALL_MM / 2
        return (
            self.left - half,
            self.top - half,
            self.left + self.columns * self.cell + half,
            self.top + self.rows * self.cell + half,
        )


@record
class TactileSheet:
    """A tactile page without its maze: its size and margin (mm), the START and FINISH labels,
    the fonts of the print and the braille language."""

    page: Point
    margin: float
    start: Label
    finish: Label
    fonts: FontPair
    language: str
    least_cell: float = fig.MIN_CELL_MM  # the template's min_cell where it is larger

    @property
    def largest_cell(self) -> float:
        """The largest cell a maze gets: MAX_CELL_MM, or the least cell if that is larger."""
        return max(fig.MAX_CELL_MM, self.least_cell)

    @property
    def _start_top_least(self) -> float:
        """The highest START's triangle may go: below the top row (braille number, heading)."""
        return self.margin + braille.HEIGHT + HEAD_GAP_MM

    @property
    def _bottom(self) -> float:
        return self.page[1] - self.margin

    @property
    def _above(self) -> float:
        """From the top of START's triangle to the top wall's centre line."""
        return fig.TRIANGLE_HEIGHT_MM + fig.CLEAR_MM + fig.WALL_MM / 2

    @property
    def _below(self) -> float:
        """From the bottom wall's centre line to the bottom of FINISH's square."""
        return fig.WALL_MM / 2 + fig.CLEAR_MM + fig.SQUARE_MM

    def room(self) -> Point:
        """The room for a maze (mm, wall centre line to wall centre line)."""
        width = self.page[0] - 2 * self.margin - fig.WALL_MM
        height = self._bottom - self._start_top_least - self._above - self._below
        return (width, height)

    def labels_problem(self) -> str | None:
        """Why START's or FINISH's label cannot sit beside its symbol for every maze the page
        holds (a word too long for the page), or None."""
        content = self.page[0] - 2 * self.margin
        # START's label runs right from a triangle on the first column, FINISH's left from a
        # square on the last: each needs the page's width, and the two pass each other over
        # the narrowest maze.
        for what, own, half in (
            ("START", self.start, fig.TRIANGLE_SIDE_MM / 2),
            ("FINISH", self.finish, fig.SQUARE_MM / 2),
        ):
            need = half + own.run + self.largest_cell / 2 + fig.WALL_MM / 2
            if need > content:
                return (
                    f"the {what} word {own.word!r} with its braille needs {need:.0f} mm beside "
                    f"its symbol; the page has {content:.0f} mm between its margins: use a "
                    "shorter word"
                )
        both = (
            fig.TRIANGLE_SIDE_MM / 2
            + self.start.run
            + fig.SQUARE_MM / 2
            + self.finish.run
            + self.largest_cell
        )
        narrowest = (LEAST_COLUMNS - 1) * self.least_cell
        if both > content + narrowest:
            return (
                f"the START and FINISH words {self.start.word!r} and {self.finish.word!r} with "
                f"their braille need {both - narrowest:.0f} mm side by side; the page has "
                f"{content:.0f} mm between its margins: use shorter words"
            )
        return None

    def place(self, columns: int, rows: int) -> Placed:
        """Where a maze of ``columns`` x ``rows`` goes: as large as the room allows (cells at
        most ``largest_cell``), centred, moved sideways where a label needs the room."""
        room = self.room()
        cell = fig.maze_cell(room, columns, rows, self.largest_cell)
        width, height = columns * cell, rows * cell
        block = self._above + height + self._below
        start_top = self._start_top_least + max(
            0.0, (self._bottom - self._start_top_least - block) / 2
        )
        top = start_top + self._above
        left_edge, right_edge = self.margin, self.page[0] - self.margin
        start_run = fig.TRIANGLE_SIDE_MM / 2 + self.start.run
        finish_run = fig.SQUARE_MM / 2 + self.finish.run
        lowest = max(left_edge + fig.WALL_MM / 2, left_edge + finish_run - width + cell / 2)
        highest = min(right_edge - fig.WALL_MM / 2 - width, right_edge - cell / 2 - start_run)
        if lowest > highest + 1e-9:  # labels_problem refuses such words before any maze
            raise MazebookBug(f"no room beside a {columns}x{rows} maze for its labels")
        left = min(max(left_edge + (right_edge - left_edge - width) / 2, lowest), highest)
        # START over the first column's top wall, FINISH under the last column's bottom wall
        start_x = left + cell / 2
        finish_x = left + width - cell / 2
        triangle = fig.start_triangle(start_x, start_top)
        square_top = top + height + fig.WALL_MM / 2 + fig.CLEAR_MM
        square = fig.finish_square(finish_x, square_top)
        radius = braille.DOT_DIAMETER / 2
        # each braille word's middle row level with its symbol's middle
        start_row = start_top + fig.TRIANGLE_HEIGHT_MM / 2 - braille.DOT_SPACING
        start_dot = (start_x + fig.TRIANGLE_SIDE_MM / 2 + LABEL_GAP_MM + radius, start_row)
        start_print_x = start_dot[0] - radius + braille.width(self.start.cells) + PRINT_GAP_MM
        finish_row = square_top + fig.SQUARE_MM / 2 - braille.DOT_SPACING
        finish_width = braille.width(self.finish.cells)
        finish_dot_x = finish_x - fig.SQUARE_MM / 2 - LABEL_GAP_MM - finish_width + radius
        finish_print_x = finish_dot_x - radius - PRINT_GAP_MM - self.finish.print_width
        return Placed(
            columns,
            rows,
            left,
            top,
            cell,
            triangle,
            square,
            start_braille=start_dot,
            start_print=(start_print_x, self._baseline(start_row)),
            finish_braille=(finish_dot_x, finish_row),
            finish_print=(finish_print_x, self._baseline(finish_row)),
        )

    def _baseline(self, first_row: float) -> float:
        """The baseline (mm) of print level with a braille word whose first row is at
        ``first_row``: the capitals' middle on the braille's middle row."""
        cap = 0.72 * PRINT_SIZE / fig.MM
        return first_row + braille.DOT_SPACING + cap / 2

    def page_painter(
        self,
        geometry: MazeGeometry,
        placed: Placed,
        number: int,
        heading: str,
        *,
        answer: bool = False,
    ) -> Painter:
        """The painter of a puzzle's page (``answer``: its answer's, the way through drawn):
        the braille ``number`` and the print ``heading`` on the top row, the maze, its
        symbols and their labels."""

        def paint(canvas: Canvas, frame: PageFrame) -> None:
            page_height = frame.trim.top / fig.MM

            def at(x: float, y: float) -> tuple[float, float]:
                return (x * fig.MM, (page_height - y) * fig.MM)

            canvas.saveState()
            canvas.setFillGray(0.0)
            canvas.setStrokeGray(0.0)
            radius = braille.DOT_DIAMETER / 2
            cells = braille.number_cells(number, self.language)
            first = (self.margin + radius, self.margin + radius)
            _dots(canvas, at, cells, first)
            self._heading(canvas, at, heading, braille.width(cells))
            _walls(canvas, at, geometry, placed)
            if answer:
                _path(canvas, at, geometry, placed)
            _polygon(canvas, at, placed.triangle)
            _polygon(canvas, at, placed.square)
            _dots(canvas, at, self.start.cells, placed.start_braille)
            _dots(canvas, at, self.finish.cells, placed.finish_braille)
            canvas.setFont(self.fonts.bold, PRINT_SIZE)
            canvas.drawString(*at(*placed.start_print), self.start.word)
            canvas.drawString(*at(*placed.finish_print), self.finish.word)
            canvas.restoreState()

        return paint

    def _heading(
        self,
        canvas: Canvas,
        at: Callable[[float, float], tuple[float, float]],
        text: str,
        number_width: float,
    ) -> None:
        """The print heading, right-aligned on the top row, cut short rather than reach the
        braille number."""
        room = (self.page[0] - 2 * self.margin - number_width - HEADING_GAP_MM) * fig.MM
        shown = visual(text)
        shown = shown[: fit_prefix(shown, self.fonts.regular, PRINT_SIZE, room)]
        canvas.setFont(self.fonts.regular, PRINT_SIZE)
        right, baseline = at(
            self.page[0] - self.margin, self._baseline(self.margin + braille.DOT_DIAMETER / 2)
        )
        canvas.drawRightString(right, baseline, shown)


def ink_box(placed: Placed, page_height: float) -> list[float]:
    """[x0, y0, x1, y1] in PDF points of the maze with its walls (the manifest's box)."""
    left, top, right, bottom = placed.maze_area
    return [
        round(left * fig.MM, 3),
        round((page_height - bottom) * fig.MM, 3),
        round(right * fig.MM, 3),
        round((page_height - top) * fig.MM, 3),
    ]


def _dots(
    canvas: Canvas,
    at: Callable[[float, float], tuple[float, float]],
    cells: tuple[braille.Cell, ...],
    first: Point,
) -> None:
    """The raised dots of ``cells``, the first cell's dot 1 centred at ``first``: each a
    filled circle of its own."""
    radius = braille.DOT_DIAMETER / 2 * fig.MM
    for dx, dy in braille.dot_centres(cells):
        x, y = at(first[0] + dx, first[1] + dy)
        canvas.circle(x, y, radius, stroke=0, fill=1)


def _polygon(
    canvas: Canvas, at: Callable[[float, float], tuple[float, float]], points: tuple[Point, ...]
) -> None:
    """A filled polygon (a symbol)."""
    path = canvas.beginPath()
    path.moveTo(*at(*points[0]))
    for point in points[1:]:
        path.lineTo(*at(*point))
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _walls(
    canvas: Canvas,
    at: Callable[[float, float], tuple[float, float]],
    geometry: MazeGeometry,
    placed: Placed,
) -> None:
    """The walls, one stroked path in page points (no scaling: its width is the printed
    width), square ends so corners close and openings stay a corridor wide."""
    if len(geometry.arcs):  # pragma: no cover - a tactile maze is a rectangle
        raise MazebookBug("a tactile maze has straight walls only")
    path = canvas.beginPath()
    for x1, y1, x2, y2 in rows_of(geometry.segments):
        path.moveTo(*at(placed.left + x1 * placed.cell, placed.top + y1 * placed.cell))
        path.lineTo(*at(placed.left + x2 * placed.cell, placed.top + y2 * placed.cell))
    canvas.setLineWidth(fig.WALL_MM * fig.MM)
    canvas.setLineCap(2)
    canvas.setLineJoin(0)
    canvas.drawPath(path, stroke=1, fill=0)


def _path(
    canvas: Canvas,
    at: Callable[[float, float], tuple[float, float]],
    geometry: MazeGeometry,
    placed: Placed,
) -> None:
    """The way through, a dashed line down the corridors' middle from opening to opening."""
    start, finish = geometry.start, geometry.finish
    points = fig.answer_path(geometry.solution, (start.x, start.y), (finish.x, finish.y))
    path = canvas.beginPath()
    for i, (x, y) in enumerate(points):
        point = at(placed.left + x * placed.cell, placed.top + y * placed.cell)
        if i == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    canvas.setLineWidth(fig.PATH_WIDTH_MM * fig.MM)
    canvas.setLineCap(0)
    canvas.setLineJoin(1)
    canvas.setDash([fig.PATH_DASH_MM * fig.MM, fig.PATH_GAP_MM * fig.MM], 0)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash([], 0)
