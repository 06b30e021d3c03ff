"""The manifest: what is on every page, and how to make each puzzle again.

For each maze, ``mazebook.generate(algorithm, width, height, seed=seed, **options)`` reproduces
it exactly (walls, entrance and exit); ``options`` carries ``shape`` too when it is not a
rectangle. No timestamps or absolute paths of the machine: same input, same bytes (files the
template names are recorded relative to its folder). The last key, ``files``, holds the SHA-256
of every other file of the build by its path relative to the manifest (see the guarantee in
mazebook/fileio.py): a reader can tell whether the files beside it are its set.

Every record is a frozen dataclass, built once; ``to_json`` is the one function that turns
them into JSON, field by field in their order (a field marked ``inline`` lends its own fields
to its record, one marked ``optional`` is left out when None).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..kinds import Facts
from ..kinds.base import OPTIONAL
from ..pages.plan import BookPlan, PlannedPuzzle
from ..printing.economics import Economics
from ..records import record
from ..template import Template
from ..version import __version__
from .jsontext import indented_json

#: Types to_json gives back as they are (their subclasses take the general way).
_PLAIN = frozenset({int, float, str, bool})

#: Field metadata: the value's fields stand in the record itself.
INLINE = {"inline": True}


@functools.cache
def _fields(record: type) -> tuple[tuple[str, bool, bool], ...]:
    """A record type's fields in their order, each with whether it is ``inline`` and whether
    ``optional``: read once a type (a book writes hundreds of records of each)."""
    return tuple(
        (f.name, bool(f.metadata.get("inline")), bool(f.metadata.get("optional")))
        for f in dataclasses.fields(record)
    )


def to_json(value: object) -> Any:
    """A record (or any value in one) as JSON-ready data: dataclasses field by field in their
    order (``inline`` and ``optional`` fields as their metadata says; a value with its own
    ``to_dict``, such as Metrics, as that says), mappings, sequences and plain values."""
    if value is None or type(value) in _PLAIN:  # most values: answered first
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        own = getattr(value, "to_dict", None)
        if own is not None:
            return own()
        out: dict[str, Any] = {}
        for name, inline, optional in _fields(type(value)):
            item = getattr(value, name)
            if inline:
                out.update(to_json(item))
            elif item is not None or not optional:
                out[name] = to_json(item)
        return out
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value


@record
class Placement:
    """Where a puzzle is printed: its number, section, page and answer page."""

    number: int
    section: str
    page: int
    answer_page: int

    @classmethod
    def of(cls, planned: PlannedPuzzle, template: Template) -> Placement:
        """The planned puzzle's place, its section by name."""
        name = template.sections[planned.section].name
        return cls(planned.number, name, planned.page, planned.answer_page)


@dataclass(frozen=True, kw_only=True)
class PuzzleRecord:
    """One puzzle's manifest entry: where it is, its kind's own record (``facts``), on a
    worksheet its level's smallest cell, in a class set its pupil and slot, where its drawing
    and its answer's land on their pages ([x0, y0, x1, y1] in PDF points), and it in words."""

    at: Placement = field(metadata=INLINE)
    facts: Facts = field(metadata=INLINE)
    min_cell_pt: float | None = field(default=None, metadata=OPTIONAL)
    student: str | None = field(default=None, metadata=OPTIONAL)
    slot: int | None = field(default=None, metadata=OPTIONAL)
    box: Sequence[float]
    answer_box: Sequence[float]
    description: str  # the puzzle in words, in the product's language (kinds.describe)


@record
class SectionEntry:
    """A section: its name, its levels, its header page and the range of its puzzles."""

    name: str
    levels: tuple[int, int]
    page: int
    first_puzzle: int
    last_puzzle: int


@record
class CoverEntry:
    """A book's cover: its file, size in inches, spine, paper and page count."""

    file: str
    width_in: float
    height_in: float
    spine_in: float
    paper: str
    pages: int


@record
class Student:
    """A pupil of a class set: name, version code and their pages (first, last)."""

    name: str
    code: str
    pages: tuple[int, int]


@record
class BookFacts:
    """What a book's manifest adds: the printer it follows, its paper, its cover (None: no
    cover) and, for a printer with a table of costs, its ``economics``."""

    printer: str
    paper: str
    cover: CoverEntry | None
    economics: Economics | None = field(default=None, metadata=OPTIONAL)


@record
class SheetFacts:
    """What a worksheet's manifest adds: its answer key's file and the smallest cell of each
    level; a class set also its answers' smallest cell and its pupils."""

    answers_file: str
    min_cell_pt_by_level: Mapping[int, float]
    min_answer_cell_pt: float | None = None
    students: Sequence[Student] | None = None


@record
class TactileFacts:
    """What a tactile book's manifest adds: its answers' file, and the figures its pages are
    drawn to (walls, least corridor, braille dots, their spacing in a cell, cells apart, the
    least line spacing), in millimetres."""

    answers_file: str
    wall_mm: float
    min_corridor_mm: float
    braille_dot_mm: float
    braille_dot_spacing_mm: float
    braille_cell_spacing_mm: float
    braille_min_line_spacing_mm: float


@record
class Manifest:
    """The manifest of one build: the template, the page plan, the puzzles' records and what
    the kind of product adds. ``to_dict`` is the one place its JSON is made (the build runner
    writes it, with ``files``, last of all)."""

    template: Template
    plan: BookPlan
    puzzles: Sequence[PuzzleRecord]
    book: BookFacts | None = None
    sheet: SheetFacts | None = None
    tactile: TactileFacts | None = None  # a tactile book (printer = "tactile")

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict, keys in their documented order."""
        template, plan = self.template, self.plan
        sections = [
            SectionEntry(s.name, s.levels, s.header_page, s.first_number, s.last_number)
            for s in plan.sections
        ]
        data: dict[str, Any] = {
            "title": template.title,
            **({} if template.volume is None else {"volume": template.volume}),
            "kind": template.kind,
            "template": template.name,
            "seed": template.seed,
            "page_count": plan.page_count,
            "page_size": template.page_size,
            "trim_size_pt": [round(template.trim[0], 3), round(template.trim[1], 3)],
            "bleed_pt": round(template.bleed, 3),
            "min_cell_pt": round(template.min_cell, 3),
            "puzzles_per_page": plan.puzzles_per_page,
            "answers_per_page": plan.answers_per_page,
            "generator": f"mazebook {__version__}",
            "sections": to_json(sections),
            "answer_pages": [plan.answer_pages[0], plan.answer_pages[-1]],
            "puzzles": to_json(self.puzzles),
        }
        if self.book is not None:
            data.update(to_json(self.book))
        if self.tactile is not None:
            facts = to_json(self.tactile)
            data["answers_file"] = facts.pop("answers_file")
            data["tactile"] = facts
        if self.sheet is not None:
            by_level = self.sheet.min_cell_pt_by_level
            data.update(
                answers_file=self.sheet.answers_file,
                min_cell_pt=round(min(by_level.values()), 3),
                min_cell_pt_by_level={str(lv): round(pt, 3) for lv, pt in by_level.items()},
            )
            if self.sheet.min_answer_cell_pt is not None:
                data["min_answer_cell_pt"] = round(self.sheet.min_answer_cell_pt, 3)
            if self.sheet.students is not None:
                data["students"] = to_json(self.sheet.students)
        return data


def dumps(data: Mapping[str, Any]) -> str:
    """Stable JSON text (insertion order, two-space indent, one trailing newline): the text of
    ``json.dumps(data, indent=2, ensure_ascii=False)``, written faster (jsontext)."""
    return indented_json(data) + "\n"
