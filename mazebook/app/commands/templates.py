"""`mazebook templates`: the shipped templates, one line each, and a copy of one to edit."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...errors import InvalidOptionError, OutputError
from ...fileio import write_new


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "templates",
        help="list the shipped book templates, or copy one to edit",
        description=(
            "Without arguments, list the shipped templates with what each makes. "
            "`mazebook templates copy NAME [FILE]` writes template NAME to FILE (default "
            "NAME.toml in this folder) to edit and build with `mazebook build FILE`; an "
            "existing file is never overwritten."
        ),
    )
    p.add_argument("action", nargs="?", choices=["list", "copy"], default="list")
    p.add_argument("name", nargs="?", metavar="NAME", help="template to copy (with copy)")
    p.add_argument("file", nargs="?", metavar="FILE", help="where to write it (with copy)")
    p.set_defaults(run=run)


def summary(text: str) -> str:
    """A template's one-line description: the first sentence of its opening comment."""
    words: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        words.append(stripped.lstrip("#").strip())
    comment = " ".join(words)
    end = comment.find(". ")
    return comment if end < 0 else comment[: end + 1]


def run(args: argparse.Namespace) -> int:
    from ...template import available_templates, locate

    if args.action == "list":
        if args.name is not None:
            raise OutputError(
                "`mazebook templates` lists; to copy one: mazebook templates copy NAME"
            )
        names = available_templates()
        width = max(len(n) for n in names)
        for name in names:
            _, entry = locate(name)
            print(f"{name:<{width}}  {summary(entry.read_text(encoding='utf-8'))}")
        return 0
    if args.name is None:
        raise InvalidOptionError("name the template to copy: mazebook templates copy NAME [FILE]")
    name, entry = locate(args.name)
    target = Path(args.file) if args.file is not None else Path(f"{name}.toml")
    # written whole beside it and linked into place: never overwritten, never left half
    write_new(target, entry.read_bytes())
    print(f"wrote {target}: edit it, then build it with: mazebook build {target}")
    return 0
