"""What a maze must pass to be used at a level: effort from both ends, no shortcut, small dead
ends for the youngest.

``assess`` measures a candidate once: the effort model from START and from FINISH (the maze's
effort is the smaller: a solver picks the easier end), the simple strategies of
mazebook.difficulty.strategies from both ends, and ``bfs_expanded``. ``problems`` says what
keeps it from its level:

- at levels 4-6 the cheapest strategy, from either end, must need at least 1.3x the solution's
  cells, at levels 7-10 at least 1.5x (``SHORTCUT_FLOORS``): a maze that a simple rule walks
  straight through is not that level, whatever the model says;
- at levels 1-2 the longest dead end (the farthest a false branch leads from the solution)
  is at most half the solution's cells: a four-year-old lost down a branch longer than the
  way itself gives up.

The builder (mazebook.kinds.search.choose) searches again while a candidate has problems.
"""

from __future__ import annotations

from ..core.maze import Maze
from ..records import record
from .effort import RUNS, Effort, Hung, efforts_and_tree
from .metrics import Metrics, bfs_expanded, measure
from .strategies import Shortcut, shortcut

#: The least cheapest-strategy ratio (moves over the solution's cells) by level.
SHORTCUT_FLOORS: dict[int, float] = {
    **{lv: 1.3 for lv in range(4, 7)},
    **{lv: 1.5 for lv in range(7, 11)},
}
#: Levels whose dead ends are held to DEAD_END_SHARE of the solution.
SMALL_LEVELS = 2
DEAD_END_SHARE = 0.5


@record
class Assessment:
    """A maze measured for its level: effort both ways, the strategies, bfs_expanded."""

    forward: Effort
    backward: Effort
    shortcut: Shortcut
    bfs_expanded: int

    @property
    def effort(self) -> float:
        """The maze's effort: the easier end's."""
        return min(self.forward.mean, self.backward.mean)

    @property
    def shortcut_ratio(self) -> float:
        return self.shortcut.ratio


def assess(maze: Maze, *, runs: int = RUNS) -> Assessment:
    """Measure a candidate: one search from the exit gives both efforts, the strategies and
    bfs_expanded on a perfect maze. A maze with loops is simulated ``runs`` times from each
    end and searched from the entrance for bfs_expanded."""
    (forward, backward), hung = efforts_and_tree(maze, runs=runs)
    return Assessment(forward, backward, shortcut(maze, hung), bfs_expanded(maze.split_view, hung))


def shortcut_floor(level: int) -> float:
    """The least cheapest-strategy ratio a maze of ``level`` may have (1.0: no floor)."""
    return SHORTCUT_FLOORS.get(level, 1.0)


def problems(maze: Maze, assessment: Assessment, level: int) -> tuple[str, ...]:
    """What keeps ``maze`` from being used at ``level`` (empty when nothing does)."""
    return checked(maze, assessment, level)[0]


def checked(
    maze: Maze, assessment: Assessment, level: int, hung: Hung | None = None
) -> tuple[tuple[str, ...], Metrics | None]:
    """``problems``, and the maze's metrics where the checks measured it (the levels whose
    dead ends are held short), so a caller that keeps the maze need not measure it again
    (``hung``: the tree the effort hung, when the caller has it: ``measure`` reads it)."""
    found = []
    floor = shortcut_floor(level)
    if assessment.shortcut_ratio < floor:
        walk = assessment.shortcut.cheapest
        found.append(
            f"{walk.strategy} {walk.direction} walks it in {assessment.shortcut_ratio:.2f}x "
            f"its solution (level {level} needs {floor}x)"
        )
    metrics = None
    if level <= SMALL_LEVELS:
        metrics = measure(maze, hung)
        if metrics.branch_depth_max > DEAD_END_SHARE * metrics.solution_length:
            found.append(
                f"a dead end of {metrics.branch_depth_max} cells on a solution of "
                f"{metrics.solution_length}"
            )
    return tuple(found), metrics
