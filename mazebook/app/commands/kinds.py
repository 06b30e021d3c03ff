"""`mazebook kinds`: the kinds of puzzle a section's ``puzzle`` key takes, one line each, with
the levels each makes (plugins of the entry-point group ``mazebook.kinds`` included)."""

from __future__ import annotations

import argparse

from ...kinds import KINDS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("kinds", help="list the kinds of puzzle (a section's puzzle = ...)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    width = max(len(name) for name in KINDS)
    for name, kind in KINDS.items():
        low, high = kind.levels
        print(f"{name:<{width}}  levels {low}-{high}  {kind.summary}")
    return 0
