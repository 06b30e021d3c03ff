"""Class sets: one worksheet for every pupil of a class, each with mazes of their own.

A worksheet template with ``names`` (or ``mazebook worksheet --names FILE``) makes one PDF with
each pupil's sheets in the names' order: the pupil's name printed on the Name line (the first
field), a short version code on each of their pages (the footer). Slot k of every pupil's
sheet is the same level, shape, generator and grid size, and the mazes of one slot are matched
in solving effort and in bfs_expanded: each is kept within a factor MATCH of the slot's goal
effort and BFS_MATCH of its goal bfs_expanded, one of the slot's own puzzles (``cluster``), so
every one lies within +-10 % of the slot's median effort (MATCH squared is 1.1) and within 1.25x
of the others by bfs_expanded. No two pupils share a maze.

The answer key (NAME-answers.pdf) holds every pupil's answers, as many a page (9, 6, 4, 2 or
1) as keep every answer's cells at least ``min_answer_cell``, each captioned with the pupil's
name, code and maze number. The manifest adds ``students`` and, on each puzzle, ``student``
and ``slot``.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import MazebookBug, TemplateError
from ..fileio import OutputSet
from ..kinds import Made
from ..lazy import numpy as np
from ..pages.document import (
    ANSWER_MIN_SCALE,
    Card,
    Painter,
    caption_size,
    cards_painter,
    dressed,
)
from ..pages.layout import PageFrame, Slot, maze_box, slots
from ..pages.plan import BookPlan, PlannedPuzzle
from ..pages.sheet_furniture import (
    FOOTER_SIZE,
    answers_header,
    caption_height,
    footer_baseline,
    header_bands,
    page_footer,
    sheet_header,
)
from ..pages.type_sizes import STANDARD, TypeSizes
from ..printing.units import format_length
from ..records import record
from ..render.typeset import FontPair, direction, visual
from ..template import Template
from .assets import AssetFolders, AssetPack, index_row, slot_drawing
from .manifest import Manifest, Placement, PuzzleRecord, Student
from .pipeline import make_puzzle
from .runner import Outputs, Progress, Rendered, capped_count, template_inputs
from .worksheet import (
    WorksheetPlanned,
    WorksheetSetup,
    _min_cell_pt,
    label_words,
    plan_worksheet_product,
    puzzle_spot,
    sheet_documents,
    sheet_facts,
    worksheet_paths,
)

#: Each maze of a slot is kept within this factor of the slot's goal, so that any two differ by
#: at most MATCH ** 2 = 1.1 and each lies within +-10 % of the slot's median.
MATCH = math.sqrt(1.1) * 0.999
#: ... and within this factor of the slot's goal bfs_expanded: any two within 1.25x.
BFS_MATCH = math.sqrt(1.25) * 0.999
#: The most schedule searches a slot makes for each pupil before the set is refused.
MAX_ATTEMPTS = 40
#: Rows of the pool's distances worked out at a time when looking for a cluster.
CLUSTER_ROWS = 256
#: Mazes of a slot's form made beside the pupils' first ones before a cluster is looked for.
GOAL_PROBES = 8
#: Answers a page on the key, most first: the first that keeps every answer's cells large.
KEY_COUNTS = (9, 6, 4, 2, 1)
#: The version codes: CODE_LENGTH characters from an alphabet without look-alikes (0/O, 1/I).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
#: A pupil's name on the Name line: the field's type size, shrunk down to NAME_MIN_SIZE to fit.
NAME_MIN_SIZE = 5.0
NAME_PAD = 3.0  # points kept free at each end of the line


@record
class Pupil:
    """One pupil of the set: name, version code, and the name as fitted to the Name line."""

    name: str
    code: str
    shown: str  # the name in its visual form
    size: float  # its type size on the Name line


@record
class Picked:
    """One pupil's puzzle for one slot (made by the section's kind) and the puzzles made in
    all to find it (every search's)."""

    made: Made
    candidates: int


def version_codes(seed: int, count: int) -> list[str]:
    """``count`` distinct codes of CODE_LENGTH characters, the same for the same seed."""
    rng = random.Random(f"mazebook-class-codes:{seed}")
    codes: list[str] = []
    while len(codes) < count:
        code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in codes:
            codes.append(code)
    return codes


def fit_name(
    name: str, font: str, width: float, size: float, least: float = NAME_MIN_SIZE
) -> tuple[str, float] | None:
    """The name in visual form and the largest size from ``size`` down to ``least`` at which
    it fits ``width`` points on one line; None when it does not fit even then."""
    shown = visual(name)
    natural = stringWidth(shown, font, size)
    if natural <= width:
        return shown, size
    fitted = math.floor(size * width / natural * 10) / 10
    return (shown, fitted) if fitted >= least else None


def pupils_of(setup: WorksheetSetup) -> list[Pupil]:
    """The set's pupils with codes and fitted names; TemplateError for a name that cannot be
    printed on the Name line (or a template without fields to print it on)."""
    tpl = setup.template
    if not setup.text.fields:
        raise TemplateError(
            "a class set prints each pupil's name on the first of the fields; "
            'give fields, e.g. fields = ["Name", "Class", "Date"]',
            file=tpl.source,
            key="names",
        )
    field = setup.text.fields[0]
    width = field.rule_x1 - field.rule_x0 - 2 * NAME_PAD
    least = setup.sizes.shrink_floor(NAME_MIN_SIZE)
    out = []
    for name, code in zip(tpl.names, version_codes(tpl.seed, len(tpl.names)), strict=True):
        fitted = fit_name(name, setup.fonts.regular, width, setup.text.field_size, least)
        if fitted is None:
            raise TemplateError(
                f"name {name!r} is too long for the {format_length(width)} Name line "
                f"(even at {least:g} pt); shorten it",
                file=tpl.source,
                key="names",
            )
        out.append(Pupil(name, code, *fitted))
    return out


def pupil_header(setup: WorksheetSetup, pupil: Pupil) -> Painter:
    """The sheet's header with the pupil's name written on the Name line."""
    base = sheet_header(setup.fonts, setup.text)
    field = setup.text.fields[0]

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        base(canvas, frame)
        baseline = header_bands(frame.header, setup.sizes).fields.y + 10
        canvas.setFont(setup.fonts.regular, pupil.size)
        canvas.setFillGray(0.0)
        if direction(pupil.name) == "R":
            canvas.drawRightString(field.rule_x1 - NAME_PAD, baseline, pupil.shown)
        else:
            canvas.drawString(field.rule_x0 + NAME_PAD, baseline, pupil.shown)

    return paint


def pupil_footer(
    fonts: FontPair, pupil: Pupil, first: int, count: int, sizes: TypeSizes = STANDARD
) -> Painter:
    """The footer of a pupil's page: '1 / 2' of their own pages (when more than one) in the
    middle, their version code at the right."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        canvas.setFont(fonts.regular, sizes.text(FOOTER_SIZE))
        canvas.setFillGray(0.3)
        y = footer_baseline(frame, sizes)
        if count > 1:
            canvas.drawCentredString(
                frame.footer.centre_x, y, f"{frame.number - first + 1} / {count}"
            )
        canvas.drawRightString(frame.footer.right, y, pupil.code)
        canvas.setFillGray(0.0)

    return paint


def _attempt(
    setup: WorksheetSetup,
    planned: PlannedPuzzle,
    pupil: int,
    attempt: int,
    like: Hashable | None = None,
) -> Picked:
    """One search for pupil ``pupil``'s puzzle of slot ``planned`` (``like``: of the slot's
    form, such as a maze's generator and size)."""
    tpl = setup.template
    rng = random.Random(f"mazebook-class:{tpl.seed}:{planned.number}:{pupil}:{attempt}")
    spot = puzzle_spot(setup, planned)
    made = make_puzzle(tpl, planned, spot, rng, setup.requested, like=like)
    return Picked(made, made.candidates)


def match_slot(
    setup: WorksheetSetup, planned: PlannedPuzzle, pupils: int, taken: set[Hashable]
) -> list[Picked]:
    """Every pupil's puzzle for one slot: one form (the first search sets it: a maze's shape,
    generator and size), distinct from each other and from ``taken``, all within MATCH of one
    of them by effort and within BFS_MATCH by bfs_expanded, so all lie within +-10 % of the
    slot's median effort and within 1.25x of each other by bfs_expanded (a puzzle with no
    form, such as a number path, by effort alone).

    The searches form a pool, made in batches of one a pupil: the first batch and GOAL_PROBES
    more, then another batch until some puzzle of the pool has ``pupils`` within those
    factors (``cluster``). Small mazes spread widely in effort, so where their cluster lies is
    learnt from every search made, not guessed from the first few. TemplateError when
    ``pupils`` x MAX_ATTEMPTS searches do not get there."""
    first = _attempt(setup, planned, 0, 0)
    like = first.made.form
    pool = [first]
    budget = pupils * MAX_ATTEMPTS

    def more(count: int) -> None:
        for _ in range(min(count, budget - len(pool))):
            pool.append(_attempt(setup, planned, len(pool), 0, like))

    more(pupils - 1 + (GOAL_PROBES if like is not None else 0))
    while (chosen := cluster(pool, pupils, taken, by_bfs=like is not None)) is None:
        if len(pool) >= budget:
            raise TemplateError(
                f"puzzle {planned.number} (level {planned.level}): no {pupils} within 10 % of "
                f"each other's effort (and 1.25x by bfs_expanded) in {budget} searches; use "
                "another seed or level",
                file=setup.template.source,
                key="names",
            )
        more(pupils)
    spare = sum(p.candidates for i, p in enumerate(pool) if i not in chosen)
    picks = [pool[i] for i in chosen]
    picks[0] = replace(picks[0], candidates=picks[0].candidates + spare)  # every search counted
    taken.update(p.made.identity for p in picks)
    return picks


def cluster(
    pool: Sequence[Picked], count: int, taken: set[Hashable], *, by_bfs: bool
) -> list[int] | None:
    """Indices (in pool order) of ``count`` distinct puzzles of ``pool``, none in ``taken``,
    all within MATCH of one of them by effort (and BFS_MATCH by bfs_expanded if ``by_bfs``):
    of the puzzles with the most such neighbours, the one nearest the pool's medians, and its
    ``count`` nearest neighbours. None when no puzzle has enough."""
    seen: set[Hashable] = set()
    usable = []
    for i, pick in enumerate(pool):
        if pick.made.identity not in taken and pick.made.identity not in seen:
            seen.add(pick.made.identity)
            usable.append(i)
    if len(usable) < count:
        return None
    effort = np.log([pool[i].made.effort for i in usable])
    bfs = np.log([max(pool[i].made.bfs_expanded, 1) for i in usable]) if by_bfs else None

    def apart(rows: slice) -> np.ndarray:
        """How far apart (1.0: the limit) the puzzles of ``rows`` lie from every puzzle."""
        far: np.ndarray = np.abs(effort[rows, None] - effort[None, :]) / math.log(MATCH)
        if bfs is not None:
            far = np.maximum(far, np.abs(bfs[rows, None] - bfs[None, :]) / math.log(BFS_MATCH))
        return far

    # rows a block at a time: a pool of thousands (a class of 200 searching long) stays small
    counts = np.concatenate(
        [
            (apart(slice(start, start + CLUSTER_ROWS)) <= 1.0).sum(axis=1)
            for start in range(0, len(usable), CLUSTER_ROWS)
        ]
    )
    if counts.max() < count:
        return None
    middle = np.abs(effort - np.median(effort))
    if bfs is not None:
        middle = middle + np.abs(bfs - np.median(bfs))
    centre = int(np.lexsort((middle, -counts))[0])  # most neighbours, then nearest the middle
    row = apart(slice(centre, centre + 1))[0]
    members = np.flatnonzero(row <= 1.0)
    nearest = members[np.lexsort((members, row[members]))][:count]
    return sorted(usable[int(j)] for j in nearest)


def key_count(
    setup: WorksheetSetup,
    cards: Sequence[Card],
    pupils: Sequence[Pupil],
    slots: int,
    word: str = "",
) -> int:
    """Answers a key page holds: the most of KEY_COUNTS at which every answer's cells are at
    least ``min_answer_cell`` (and ANSWER_MIN_SCALE; a card may ask more, such as a number
    path's) and every caption shows the whole name at NAME_MIN_SIZE or more."""
    floor = max(setup.template.min_answer_cell, ANSWER_MIN_SCALE)
    frame = setup.layout.frame(1)
    for count in KEY_COUNTS:
        slot = key_slots(frame, count, setup.sizes)[0]
        box = maze_box(slot, labels=True, side_room=setup.side_room, word_size=setup.word_size)
        if all(card.cell_in(box) >= card.least_cell(floor) for card in cards) and all(
            key_caption(setup.fonts, slot, p, slots, word, setup.sizes) is not None for p in pupils
        ):
            return count
    return 1


@record
class KeyCaption:
    """An answer's caption: the pupil's name (bold, fitted) at the left, code and number at
    the right."""

    name: str
    name_size: float
    label: str
    label_size: float


def key_caption(
    fonts: FontPair,
    slot: Slot,
    pupil: Pupil,
    number: int,
    word: str = "",
    sizes: TypeSizes = STANDARD,
) -> KeyCaption | None:
    """The caption of pupil's answer ``number`` fitted to the slot: the whole name, shrunk
    (not below NAME_MIN_SIZE, nor large print's text size) to leave room for 'CODE · n' (and a
    word trail's word); None when it cannot fit."""
    size = caption_size(slot, sizes)
    small = sizes.text(max(7.0, size * 0.6))
    label = f"{pupil.code} · {number}" + (f" · {visual(word)}" if word else "")
    room = slot.caption.width - stringWidth(label, fonts.regular, small) - 0.6 * size
    fitted = fit_name(pupil.name, fonts.bold, room, size, sizes.shrink_floor(NAME_MIN_SIZE))
    if fitted is None:
        return None
    return KeyCaption(fitted[0], fitted[1], label, small)


def _caption(canvas: Canvas, fonts: FontPair, slot: Slot, caption: KeyCaption) -> None:
    """An answer's caption in the slot's caption band."""
    box = slot.caption
    baseline = box.y + (box.height - caption.name_size) / 2 + 0.2 * caption.name_size
    canvas.setFillGray(0.0)
    canvas.setFont(fonts.bold, caption.name_size)
    canvas.drawString(box.x, baseline, caption.name)
    canvas.setFont(fonts.regular, caption.label_size)
    canvas.setFillGray(0.25)
    canvas.drawRightString(box.right, baseline, caption.label)
    canvas.setFillGray(0.0)


def key_painter(
    fonts: FontPair,
    cards: Sequence[tuple[Card, KeyCaption]],
    count: int,
    sizes: TypeSizes = STANDARD,
) -> Painter:
    """A painter: a key page's answers in its ``count`` slots, each with its caption."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        for (card, caption), slot in zip(cards, key_slots(frame, count, sizes), strict=False):
            _caption(canvas, fonts, slot, caption)
            card.draw_drawing(canvas, fonts, slot)

    return paint


def key_slots(frame: PageFrame, count: int, sizes: TypeSizes = STANDARD) -> list[Slot]:
    """A key page's slots: ``count`` in a grid over the body, a caption above each."""
    return slots(frame.body, count, caption_height=caption_height(sizes))


@record
class ClassPlan:
    """Where every pupil's mazes and answers go."""

    plan: BookPlan  # every puzzle of every pupil, numbered pupil by pupil
    per_pupil: int  # pages each pupil gets


def class_plan(base: BookPlan, pupils: int, per_key_page: int) -> ClassPlan:
    """The base sheet's plan repeated for each pupil, the answers packed per_key_page a page."""
    per = len(base.puzzles)
    puzzles = []
    for i in range(pupils):
        for p in base.puzzles:
            n = i * per + p.number
            puzzles.append(
                replace(
                    p,
                    number=n,
                    page=i * base.page_count + p.page,
                    answer_page=(n - 1) // per_key_page + 1,
                    answer_slot=(n - 1) % per_key_page,
                )
            )
    key_pages = puzzles[-1].answer_page
    plan = replace(
        base,
        page_count=base.page_count * pupils,
        puzzles=tuple(puzzles),
        answer_pages=tuple(range(1, key_pages + 1)),
        answers_per_page=per_key_page,
    )
    return ClassPlan(plan, base.page_count)


@record
class ClassSetPlanned(WorksheetPlanned):
    """A class set planned: a worksheet's plan, its work counted for every pupil, that makes
    every pupil's sheets and one answer key."""

    def product(self, plan: BookPlan, output: str | Path | None) -> ClassSetProduct:
        return class_set_product(self.setup(plan), output)


def plan_class_set_product(template: Template) -> ClassSetPlanned:
    """Plan a class set as a worksheet (the runner's planning step for a template with names)."""
    planned = plan_worksheet_product(template, ClassSetPlanned)
    assert isinstance(planned, ClassSetPlanned)
    return planned


@record
class ClassSetProduct:
    """A prepared class set (the product.Product of every pupil's sheets and one answer key)."""

    setup: WorksheetSetup
    pupils: tuple[Pupil, ...]
    outputs: Outputs

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """Every pupil's sheets and the shared answer key, with the manifest record."""
        setup, pupils, template = self.setup, list(self.pupils), self.setup.template
        answers_path = self.outputs.answers
        assert answers_path is not None  # class_set_product names it
        base = setup.plan
        picks = _choose_all(setup, len(pupils), progress)
        cards = [[_card(setup, base.puzzles[n], p) for n, p in enumerate(row)] for row in picks]
        words = [w for s in template.sections for w in s.words]
        widest = max(words, key=lambda w: stringWidth(w, setup.fonts.regular, 1.0), default="")
        every = [card for row in cards for card in row]
        per_key = key_count(setup, every, pupils, len(base.puzzles), widest)
        plan = class_plan(base, len(pupils), per_key)
        sheets, answers = io.BytesIO(), io.BytesIO()
        records = _render(setup, plan, pupils, picks, cards, sheets, answers)
        if assets is not None and assets.wanted:
            _stage_assets(out, assets, setup, plan, picks, cards)
        students = [
            Student(pupil.name, pupil.code, (i * plan.per_pupil + 1, (i + 1) * plan.per_pupil))
            for i, pupil in enumerate(pupils)
        ]
        facts = replace(
            sheet_facts(setup, answers_path),
            min_answer_cell_pt=template.min_answer_cell,
            students=students,
        )
        return Rendered(
            ((answers_path, answers.getvalue()), (self.outputs.pdf, sheets.getvalue())),
            Manifest(template, plan.plan, records, sheet=facts),
            page_count=plan.plan.page_count,
            puzzle_count=len(plan.plan.puzzles),
            capped=capped_count((p.level for p in base.puzzles), setup.requested) * len(pupils),
        )


def class_set_product(setup: WorksheetSetup, output: str | Path | None) -> ClassSetProduct:
    """A fitted class set (the worksheet's, its work checked for every pupil when fitted)
    with its files named, as a worksheet's."""
    template = setup.template
    pupils = pupils_of(setup)
    base = setup.plan
    pdf_path, answers_path, manifest_path = worksheet_paths(template, output)
    files = Outputs(
        pdf_path,
        manifest=manifest_path,
        answers=answers_path,
        svg_count=len(base.puzzles) * len(pupils),
        inputs=tuple(template_inputs(template)),
    )
    return ClassSetProduct(setup, tuple(pupils), files)


def _stage_assets(
    out: OutputSet,
    assets: AssetFolders,
    setup: WorksheetSetup,
    plan: ClassPlan,
    picks: Sequence[Sequence[Picked]],
    cards: Sequence[Sequence[Card]],
) -> None:
    """Every pupil's puzzles as asset files, numbered as the class set's manifest numbers them,
    each drawn as its sheet and the answer key draw it."""
    fonts, template = setup.fonts, setup.template
    pack = AssetPack(assets, len(plan.plan.puzzles), fonts, template.texts)
    per = len(setup.plan.puzzles)
    ends = label_words(template)  # the sheets' own START and FINISH words
    count = plan.plan.answers_per_page
    for i, row in enumerate(picks):
        for base, pick in zip(setup.plan.puzzles, row, strict=True):
            planned = plan.plan.puzzles[i * per + base.number - 1]
            card = cards[i][base.number - 1]
            slot = setup.slots(setup.layout.frame(planned.page))[planned.slot]
            key_slot = key_slots(setup.layout.frame(planned.answer_page), count, setup.sizes)
            pack.add(
                out,
                index_row(template, planned, pick.made),
                pick.made,
                ends,
                slot_drawing(card, fonts, slot),
                slot_drawing(card.solved(), fonts, key_slot[planned.answer_slot]),
            )
    pack.finish(out)


def _choose_all(
    setup: WorksheetSetup, pupils: int, progress: Progress | None
) -> list[list[Picked]]:
    """picks[pupil][slot]: every pupil's mazes, matched slot by slot."""
    by_slot: list[list[Picked]] = []
    taken: set[Hashable] = set()
    total = len(setup.plan.puzzles) * pupils
    for planned in setup.plan.puzzles:
        by_slot.append(match_slot(setup, planned, pupils, taken))
        if progress is not None:
            progress(len(by_slot) * pupils, total)
    return [[row[i] for row in by_slot] for i in range(pupils)]


def _card(setup: WorksheetSetup, base: PlannedPuzzle, pick: Picked) -> Card:
    """A pupil's card for the base sheet's puzzle: its number and the sheets' words."""
    card = pick.made.card(
        str(base.number), words=label_words(setup.template), side_room=setup.side_room
    )
    return dressed(card, setup.word_size, setup.sizes)


def _render(
    setup: WorksheetSetup,
    plan: ClassPlan,
    pupils: Sequence[Pupil],
    picks: Sequence[Sequence[Picked]],
    cards: Sequence[Sequence[Card]],
    sheets: BinaryIO,
    answers: BinaryIO,
) -> list[PuzzleRecord]:
    """Draw every pupil's sheets and the packed answer key; the puzzles' manifest records."""
    tpl, fonts = setup.template, setup.fonts
    sheet_doc, key_doc = sheet_documents(setup, sheets, answers)
    per = len(setup.plan.puzzles)
    records: list[PuzzleRecord] = []
    key_cards: list[tuple[Card, KeyCaption]] = []
    count = plan.plan.answers_per_page
    for i, pupil in enumerate(pupils):
        header = pupil_header(setup, pupil)
        footer = pupil_footer(fonts, pupil, i * plan.per_pupil + 1, plan.per_pupil, setup.sizes)
        for page in range(1, setup.plan.page_count + 1):
            page_cards: list[Card] = []
            for base in (p for p in setup.plan.puzzles if p.page == page):
                planned = plan.plan.puzzles[i * per + base.number - 1]
                pick = picks[i][base.number - 1]
                card = cards[i][base.number - 1]
                key = card.solved()
                frame = setup.layout.frame(planned.page)
                key_slot = key_slots(setup.layout.frame(planned.answer_page), count, setup.sizes)[
                    planned.answer_slot
                ]
                caption = key_caption(
                    fonts, key_slot, pupil, base.number, pick.made.answer_word, setup.sizes
                )
                if caption is None:  # pragma: no cover - key_count chose a count that fits
                    raise MazebookBug(f"the answer caption of {pupil.name!r} does not fit")
                records.append(
                    PuzzleRecord(
                        at=Placement.of(planned, tpl),
                        facts=replace(pick.made.facts, candidates=pick.candidates),
                        min_cell_pt=_min_cell_pt(setup, base),
                        student=pupil.name,
                        slot=base.number,
                        box=card.ink_box(setup.slots(frame)[planned.slot]),
                        answer_box=key.ink_box(key_slot),
                        description=pick.made.description(tpl.texts, label_words(tpl)),
                    )
                )
                page_cards.append(card)
                key_cards.append((key, caption))
            sheet_doc.add_page(header, cards_painter(fonts, page_cards, setup.slots), footer)
    key_header = answers_header(fonts, setup.text)
    key_footer = page_footer(fonts, plan.plan.answer_pages[-1], setup.sizes)
    for first in range(0, len(key_cards), count):
        painter = key_painter(fonts, key_cards[first : first + count], count, setup.sizes)
        key_doc.add_page(key_header, painter, key_footer)
    if sheet_doc.page_count != plan.plan.page_count:  # pragma: no cover - a planning bug
        raise MazebookBug(f"drew {sheet_doc.page_count} pages, planned {plan.plan.page_count}")
    sheet_doc.save()
    key_doc.save()
    return records
