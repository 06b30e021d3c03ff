"""Time making a level-8 rule maze against a plain level-8 maze on the same page (not a pytest
file): ``python tests/bench_rules.py [--seeds N] [--level L]``; ``--tables`` prints the rule
kinds' sizes by level instead (docs/levels.md).

For each page (letter and 6 x 9 in, one a page) and seed, a plain maze, a one-way maze and a
keys maze are made in turn by their kinds (kind.make: the search, the measure, the record), so a
busy machine slows all three alike; the table gives each kind's median and total time and its
ratio to the plain maze's (the goal: under 3x). docs/reference.md quotes the numbers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mazebook.kinds import Spot, check_sections, kind_of
from mazebook.pages.plan import PlannedPuzzle
from mazebook.products.book import prepare
from mazebook.template.load import parse_template

KINDS = ("maze", "one-way", "keys")
PAGES = {"letter": "letter", "6 x 9 in": "6x9in"}


def spot_for(page: str, kind: str, level: int) -> tuple[object, Spot]:
    """The template and the spot a one-a-page book of ``page`` gives a puzzle of ``level``."""
    text = f'title = "t"\npage_size = "{page}"\n[[section]]\npuzzle = "{kind}"\n'
    text += f"count = 1\ndifficulty = {level}\n"
    template = parse_template(text)
    check_sections(template)
    setup = prepare(template)
    return template, setup.spot


#: Pages of the level tables: a one-a-page book's, and four a page on letter.
TABLE_PAGES = {
    "letter": 'page_size = "letter"\n',
    "6 x 9 in": 'page_size = "6x9in"\n',
    "four a page": 'page_size = "letter"\npuzzles_per_page = 4\n',
}


def tables(seeds: int) -> None:
    """For each rule kind and page: each level's median size, effort, letters or arrows, and
    the highest level the page holds."""
    for kind in KINDS[1:]:
        for page_name, head in TABLE_PAGES.items():
            print(f"\n{kind}, {page_name}\n")
            print("| level | size (median) | effort (median) | rules (median) |")
            print("|---|---|---|---|")
            for level in range(1, 11):
                text = f'title = "t"\n{head}fit = "cap"\n[[section]]\npuzzle = "{kind}"\n'
                template = parse_template(text + f"count = 1\ndifficulty = {level}\n")
                made_by = kind_of(template, 0)
                if not made_by.levels[0] <= level <= made_by.levels[1]:
                    continue
                check_sections(template)
                setup = prepare(template)
                if setup.plan.puzzles[0].level != level:
                    print(f"| {level} | (the page holds level {setup.plan.puzzles[0].level}) | | |")
                    continue
                planned = PlannedPuzzle(1, 0, level, 1, 0, 2, 0)
                made = [
                    made_by.make(template, planned, setup.spot, random.Random(s)).facts
                    for s in range(seeds)
                ]
                w = statistics.median(f.width for f in made)  # type: ignore[attr-defined]
                h = statistics.median(f.height for f in made)  # type: ignore[attr-defined]
                effort = statistics.median(f.effort for f in made)  # type: ignore[attr-defined]
                rules = statistics.median(
                    f.one_way_count or f.keys  # type: ignore[attr-defined]
                    for f in made
                )
                print(f"| {level} | {w:.0f} x {h:.0f} | {effort:.0f} | {rules:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--level", type=int, default=8)
    parser.add_argument("--tables", action="store_true")
    args = parser.parse_args()
    if args.tables:
        tables(min(args.seeds, 9))
        return
    for page_name, page in PAGES.items():
        setups = {kind: spot_for(page, kind, args.level) for kind in KINDS}
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        cells: dict[str, list[int]] = {kind: [] for kind in KINDS}
        for seed in range(args.seeds):
            for kind in KINDS:
                template, spot = setups[kind]
                planned = PlannedPuzzle(1, 0, args.level, 1, 0, 2, 0)
                made_by = kind_of(template, 0)  # type: ignore[arg-type]
                start = time.perf_counter()
                made = made_by.make(template, planned, spot, random.Random(seed))  # type: ignore[arg-type]
                times[kind].append(time.perf_counter() - start)
                facts = made.facts
                cells[kind].append(facts.width * facts.height)  # type: ignore[attr-defined]
        plain = statistics.median(times["maze"])
        plain_total = sum(times["maze"])
        print(f"{page_name}, level {args.level}, {args.seeds} seeds")
        print(f"  {'kind':<8} {'cells':>6} {'median':>9} {'x maze':>7} {'total':>8} {'x maze':>7}")
        for kind in KINDS:
            median = statistics.median(times[kind])
            total = sum(times[kind])
            print(
                f"  {kind:<8} {statistics.median(cells[kind]):>6.0f} {median * 1000:>7.1f}ms "
                f"{median / plain:>6.2f}x {total:>7.2f}s {total / plain_total:>6.2f}x"
            )


if __name__ == "__main__":
    main()
