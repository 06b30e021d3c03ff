"""The command line: ``main(argv) -> int``, testable without a subprocess.

argparse (standard library) parses; every MazebookError becomes one line on stderr and exit
code 2, never a traceback. Each subcommand lives in mazebook/commands/<name>.py.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .errors import MazebookBug, MazebookError

#: Subcommand modules under mazebook.commands, in the order --help lists them.
COMMANDS = (
    "maze",
    "algorithms",
    "bench",
    "build",
    "cover",
    "worksheet",
    "templates",
    "preflight",
    "preview",
    "serve",
)

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line errors: 'mazebook maze: error: ...' and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="mazebook", description="Printable maze puzzle books.")
    from . import __version__

    parser.add_argument("--version", action="version", version=f"mazebook {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


def _one_line_warning(prog: str) -> Callable[..., None]:
    """A warnings.showwarning that prints 'mazebook maze: warning: ...' and nothing else."""

    def show(message: Warning | str, *_: object, **__: object) -> None:
        print(f"{prog}: warning: {message}", file=sys.stderr)

    return show


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 a check failed or a bug, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _one_line_warning(f"mazebook {args.command}")
            return int(args.run(args))
    except MazebookError as exc:
        print(f"mazebook {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except MazebookBug as exc:
        _report_bug(args.command, exc)
        return EXIT_FAIL
    except KeyboardInterrupt:
        print("mazebook: interrupted; no partial output was left", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # anything else is a bug of ours, not bad input
        _report_bug(args.command, exc)
        return EXIT_FAIL


def _report_bug(command: str, exc: BaseException) -> None:
    """A short report of an internal error: what, and where in mazebook it happened."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "mazebook" in f.filename] or frames
    where = f" at {Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else ""
    print(
        f"mazebook {command}: internal error (a bug; please report it): "
        f"{type(exc).__name__}: {exc}{where}",
        file=sys.stderr,
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
