"""The worksheet kind of template: its own keys, defaults, and cell sizes by level.

A template with ``kind = "worksheet"`` is read by the same reader and schema as a book
(template/load.py); this module holds what only worksheets have. Worksheets print every text they
show from the template (so a sheet can be entirely in another language), take 1, 2, 4 or 6 mazes
a page, and without a ``min_cell`` key give each level its own smallest cell: large cells for
the low levels, so small children can draw in them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TemplateError
from ..printing.units import POINTS_PER_MM
from ..records import record
from .limits import LEVELS, MAX_TEXT
from .texts import Texts

KINDS = ("book", "worksheet")

#: Mazes per page a worksheet may take.
WORKSHEET_PER_PAGE = (1, 2, 4, 6)

#: Keys only a worksheet uses (their defaults come from the template's language, see texts.py).
WORKSHEET_KEYS = (
    "instruction",
    "fields",
    "answer_title",
    "start_label",
    "finish_label",
    "names",  # a class set (template/names.py)
)

#: Keys only a book uses (a worksheet refuses them rather than ignore them).
BOOK_ONLY_KEYS = (
    "subtitle",
    "answers_per_page",
    "bleed",
    "copyright",
    "belongs_to",
    "section_start",
    "page",
    "printer",
    "paper",
    "cover",
    "series",
)

#: Top-level defaults that differ for worksheets.
WORKSHEET_DEFAULTS: dict[str, Any] = {"puzzles_per_page": 4}

#: Section defaults that differ for worksheets: four mazes of level 3.
WORKSHEET_SECTION_DEFAULTS: dict[str, Any] = {"count": 4, "difficulty": 3}

#: The smallest cell by level (millimetres) when a worksheet has no ``min_cell``: 12 mm at
#: level 1 (a crayon line for four-year-olds, like the children's book) down to 4 mm from
#: level 6 (a sharp pencil; the book's adults get 3.5 mm).
MIN_CELL_MM: dict[int, float] = {1: 12, 2: 10, 3: 8, 4: 6, 5: 5, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4}


@record
class WorksheetOptions:
    """What a worksheet prints besides its title, and its cell sizes by level."""

    instruction: str
    fields: tuple[str, ...]  # labels of the lines to write on (Name, Class, Date)
    answer_title: str  # under the title on the answer key
    start_label: str
    finish_label: str
    #: the smallest cell (points) of each level 1..10: min_cell, or MIN_CELL_MM without it
    min_cells: tuple[float, ...]
    min_cell_given: bool  # whether the template set min_cell (else: the level defaults)
    #: whether the template gave its instruction (else the language's, which the sheet's kind
    #: of puzzle may say in its own words: mazebook.kinds.Kind.instruction)
    instruction_given: bool = False
    #: whether the template gave its title (else the language's, which the sheet's kind of
    #: puzzle may name: mazebook.kinds.Kind.sheet_title)
    title_given: bool = False

    def min_cell_for(self, level: int) -> float:
        return self.min_cells[level - 1]


def default_min_cells() -> tuple[float, ...]:
    """MIN_CELL_MM in points, levels 1 to 10."""
    return tuple(MIN_CELL_MM[level] * POINTS_PER_MM for level in LEVELS)


def check_kind_keys(data: Mapping[str, Any], kind: str, source: str) -> None:
    """Refuse a book's keys in a worksheet and a worksheet's keys in a book, by name."""
    if kind == "worksheet":
        for key in BOOK_ONLY_KEYS:
            if key in data:
                raise TemplateError(
                    'it is for books; a worksheet (kind = "worksheet") does not use it',
                    file=source,
                    key=key,
                )
        per_page = data.get("puzzles_per_page")
        if per_page is not None and per_page not in WORKSHEET_PER_PAGE:
            allowed = ", ".join(map(str, WORKSHEET_PER_PAGE))
            raise TemplateError(
                f"{per_page} is not allowed for a worksheet; allowed: {allowed}",
                file=source,
                key="puzzles_per_page",
            )
        return
    for key in WORKSHEET_KEYS:
        if key in data:
            raise TemplateError(
                'it is for worksheets; add kind = "worksheet" to make one', file=source, key=key
            )


def worksheet_options(
    data: Mapping[str, Any], texts: Texts, *, min_cell: float | None
) -> WorksheetOptions:
    """The worksheet's options from its template data (already checked by the schema).

    Keys the template leaves out are the language's words (``texts``). ``min_cell`` is the
    template's own min_cell in points, or None for the level defaults.
    """
    start = data.get("start_label", texts("start"))
    finish = data.get("finish_label", texts("finish"))
    try:
        instruction = texts("instruction", start=start, finish=finish)
    except TemplateError as exc:  # long labels filled into the instruction: name a label
        labels = [k for k in ("start_label", "finish_label") if k in data]
        if not labels:
            raise
        size = len(texts.values["instruction"].format(start=start, finish=finish))
        raise TemplateError(
            f"filled into the instruction, it makes {size:,} characters, more than "
            f"{MAX_TEXT:,} (the limit, MAX_TEXT)",
            file=exc.file,
            key=labels[0],
        ) from None
    defaults = {
        "instruction": instruction,
        "fields": [texts("name"), texts("class"), texts("date")],
        "answer_title": texts("answer_key"),
        "start_label": start,
        "finish_label": finish,
    }
    values = {**defaults, **data}
    cells = default_min_cells() if min_cell is None else (min_cell,) * 10
    return WorksheetOptions(
        instruction=values["instruction"],
        fields=tuple(values["fields"]),
        answer_title=values["answer_title"],
        start_label=values["start_label"],
        finish_label=values["finish_label"],
        min_cells=cells,
        min_cell_given=min_cell is not None,
        instruction_given="instruction" in data,
        title_given="title" in data,
    )
