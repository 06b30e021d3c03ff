"""`mazebook algorithms`: the generator names, one line each, with their options."""

from __future__ import annotations

import argparse

from ...core.generators import REGISTRY


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("algorithms", help="list the maze generators")
    p.add_argument("--options", action="store_true", help="also list each generator's options")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    width = max(len(name) for name in REGISTRY)
    for name, spec in REGISTRY.items():
        shapes = "" if spec.shapes is None else f" [{', '.join(sorted(spec.shapes))} only]"
        print(f"{name:<{width}}  {spec.summary}{shapes}")
        if args.options:
            for opt in spec.options:
                allowed = f" ({'|'.join(opt.choices)})" if opt.choices else ""
                print(f"{'':<{width}}    {opt.name}={opt.default!r}{allowed}: {opt.doc}")
    return 0
