"""The search for a level of a maze with rules (one-way streets, keys and doors).

As the maze search (kinds/search.py) does, it picks a generator the level allows and a size
shaped like the page, generates a perfect maze, and keeps the candidate closest to the level's
centre; here each candidate has its rules laid in it (``Rules.lay``) and is measured on its
graph of states (mazebook.difficulty.stategraph), so a level means the same work as a plain
maze's. A candidate is kept only when its effort lies in the level's band (so the level it is
recorded with is the level its rules were laid for, and ``mazebook maze --puzzle K --level L``
makes it again) and no simple strategy walks it through (mazebook.difficulty.checks). The first
size comes from the plain mazes' effort curves over the rules' ``gain``; each measurement
corrects it. Rule mazes are rectangles without braid or weave (the kinds refuse the others).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import field, replace
from typing import Any, Protocol

from ..core.engine import generate
from ..core.maze import Maze
from ..difficulty.checks import DEAD_END_SHARE, SMALL_LEVELS, shortcut_floor
from ..difficulty.levels import KEEP, band, centre, level_of, lowest_kept
from ..difficulty.metrics import Metrics, measure
from ..difficulty.stategraph import RuleAssessment, RuleEffort, assess_rules, rule_effort
from ..errors import MazebookError
from ..records import record
from .search import (
    CAPACITY_SEEDS,
    DAMPING,
    EFFORT_EXPONENT,
    MAX_CANDIDATES,
    Request,
    Size,
    capacity_seeds,
    cells_for,
    effort_per_cell,
    generators_for,
    openings_for,
    room_for,
)

#: The most candidates one puzzle's search makes (mazes whose rules could not be laid count).
MAX_RULE_TRIES = 40
#: Where a candidate fails its level's checks, the search switches to the first of these it is
#: allowed: the generator a simple strategy walks through least (long, winding false branches).
FEWEST_SHORTCUTS = ("hunt-and-kill",)


class Rules(Protocol):
    """What a kind of rule maze gives the search."""

    @property
    def name(self) -> str:
        """The kind's name (it seeds the rules' random choices)."""
        ...

    def lay(self, maze: Maze, level: int) -> Maze | None:
        """The rules for ``level`` laid in a perfect maze (None: no room for them there)."""
        ...

    def gain(self, level: int) -> float:
        """About how much more effort the rules give a maze of one size (the first guess of
        a size)."""
        ...


@record(eq=False)
class RuleChoice:
    """The kept candidate: the maze with its rules, measured, and how it was found."""

    maze: Maze
    metrics: Metrics
    assessment: RuleAssessment
    target: float
    candidates: int
    size: Size
    tried: tuple[tuple[str, int, int, float], ...] = field(default=())

    @property
    def effort(self) -> float:
        return self.assessment.effort


def rule_rng(name: str, maze: Maze, level: int) -> random.Random:
    """The random choices of a kind's rules: from the kind, the maze's seed and the level
    alone, so the manifest's record makes them again."""
    return random.Random(f"mazebook-{name}:{maze.seed}:{level}")


def measure_rules(maze: Maze, assessment: RuleAssessment) -> Metrics:
    """A rule maze's metrics: the maze's (its solution the walk that keeps the rules), with
    bfs_expanded counted over its states."""
    return replace(measure(maze), bfs_expanded=assessment.bfs_expanded)


def _options(request: Request) -> dict[str, Any]:
    return {"openings": openings_for(request.level, request.shape, request.openings)}


def in_band(effort: float, level: int) -> bool:
    """Whether an effort lies in the level's band (the level a record gives is its rules')."""
    low, high = band(level)
    return low <= effort <= high and level_of(effort) == level


def _checked(puzzle: Maze, measured: RuleEffort, level: int) -> RuleAssessment | None:
    """The full measure of a candidate in the level's band that passes the level's checks as
    a plain maze would (mazebook.difficulty.checks: no simple strategy walks it through; at
    the smallest levels no dead end longer than half the solution); None for any other (the
    strategies are walked for candidates in the band only)."""
    if not in_band(measured.effort, level):
        return None
    verdict = assess_rules(puzzle, measured=measured)
    if verdict.shortcut_ratio < shortcut_floor(level):
        return None
    if level <= SMALL_LEVELS:
        metrics = measure(puzzle)
        if metrics.branch_depth_max > DEAD_END_SHARE * metrics.solution_length:
            return None
    return verdict


def choose_rules(request: Request, rng: random.Random, rules: Rules) -> RuleChoice:
    """Candidates until one in the level's band that no strategy walks through is within a
    quarter step (KEEP) of the level's centre; the closest such one. MazebookError when none
    was found in MAX_RULE_TRIES."""
    if request.like is not None:
        return choose_rules_like(request, request.like, rng, rules)
    level = request.level
    target = centre(level)
    names = generators_for(level, request.generators)
    algorithm = names[rng.randrange(len(names))]
    options = _options(request)
    room = room_for(request)
    log_min, log_max = (math.log(c) for c in room.extremes())
    log_cells = math.log(cells_for(algorithm, target / rules.gain(level)))
    best: tuple[float, Maze, RuleAssessment, Size] | None = None
    tried: list[tuple[str, int, int, float]] = []
    for count in range(1, MAX_RULE_TRIES + 1):
        log_cells = min(max(log_cells, log_min), log_max)
        width, height, _ = room.pick(math.exp(log_cells))
        maze = generate(algorithm, width, height, seed=rng.getrandbits(63), **options)
        puzzle = rules.lay(maze, level)
        if puzzle is None:  # no room for the rules in this maze: another, a little larger
            tried.append((algorithm, width, height, 0.0))
            log_cells += 0.05
            continue
        measured = rule_effort(puzzle)
        miss = math.log(measured.effort / target)
        tried.append((algorithm, width, height, round(measured.effort, 1)))
        verdict = _checked(puzzle, measured, level)
        if verdict is not None and (best is None or abs(miss) < abs(best[0])):
            best = (miss, puzzle, verdict, (algorithm, width, height, ()))
        if best is not None and (abs(best[0]) <= math.log(KEEP) or count >= MAX_CANDIDATES):
            break
        if verdict is None and in_band(measured.effort, level):  # a strategy walked it through
            algorithm = next((n for n in FEWEST_SHORTCUTS if n in names), algorithm)
        at_max = log_cells >= log_max - 1e-9
        at_min = log_cells <= log_min + 1e-9
        if (miss < 0 and at_max) or (miss > 0 and at_min):
            algorithm = names[rng.randrange(len(names))]  # another seed, maybe another generator
            continue
        cells = float(width * height)
        log_cells = math.log(cells) - DAMPING * miss / EFFORT_EXPONENT
    if best is None:
        raise MazebookError(
            f"no level-{level} {rules.name} maze in the level's band passed its checks in "
            f"{len(tried)} tries",
            advice="use another seed, or a larger page or smaller {min_cell}",
        )
    _, puzzle, verdict, size = best
    return RuleChoice(
        puzzle, measure_rules(puzzle, verdict), verdict, target, len(tried), size, tuple(tried)
    )


def choose_rules_like(request: Request, size: Size, rng: random.Random, rules: Rules) -> RuleChoice:
    """The first rule maze of exactly ``size`` (generator and dimensions) in the level's band
    that no strategy walks through: a class set's pupils get puzzles of one size in each slot,
    matched in effort by the class set itself."""
    algorithm, width, height, _ = size
    level = request.level
    options = _options(request)
    tried: list[tuple[str, int, int, float]] = []
    for _ in range(MAX_RULE_TRIES):
        maze = generate(algorithm, width, height, seed=rng.getrandbits(63), **options)
        puzzle = rules.lay(maze, level)
        if puzzle is None:
            tried.append((algorithm, width, height, 0.0))
            continue
        measured = rule_effort(puzzle)
        tried.append((algorithm, width, height, round(measured.effort, 1)))
        verdict = _checked(puzzle, measured, level)
        if verdict is not None:
            return RuleChoice(
                puzzle,
                measure_rules(puzzle, verdict),
                verdict,
                centre(level),
                len(tried),
                size,
                tuple(tried),
            )
    raise MazebookError(
        f"no level-{level} {rules.name} maze of {width} x {height} in the level's band passed "
        f"its checks in {MAX_RULE_TRIES} tries",
        advice="use another seed or level",
    )


_CAPACITY: dict[tuple[str, Request, str], float] = {}


def rule_capacity(request: Request, algorithm: str, rules: Rules) -> float:
    """The effort ``algorithm``'s rule mazes reach at the largest size the page takes: the
    median of capacity_seeds mazes (seeds 0, 1, 2, ...; mazes the rules do not fit skipped)."""
    key = (rules.name, request, algorithm)
    known = _CAPACITY.get(key)
    if known is not None:
        return known
    room = room_for(request)
    w, h, _ = room.largest()
    efforts = []
    for seed in range(capacity_seeds(float(w * h)) + CAPACITY_SEEDS):
        puzzle = rules.lay(generate(algorithm, w, h, seed=seed, **_options(request)), request.level)
        if puzzle is not None:
            efforts.append(rule_effort(puzzle).effort)
        if len(efforts) >= capacity_seeds(float(w * h)):
            break
    value = statistics.median(efforts) if efforts else 0.0
    _CAPACITY[key] = value
    return value


def rule_fits(request: Request, rules: Rules) -> bool:
    """Whether the page holds the request's level: one of its generators' rule mazes reaches
    the level's lowest_kept effort at the largest size (a clear margin by the plain mazes'
    effort per cell and the rules' gain is taken as read; anything closer is measured)."""
    room = room_for(request)
    need = lowest_kept(request.level)
    names = generators_for(request.level, request.generators)
    guess = max(effort_per_cell(n) for n in names) * rules.gain(request.level)
    if guess * room.extremes()[1] ** EFFORT_EXPONENT >= 3 * need:
        return True
    ranked = sorted(names, key=lambda n: -effort_per_cell(n))
    return any(rule_capacity(request, n, rules) >= need for n in ranked)
