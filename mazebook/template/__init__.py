"""Templates: a TOML file (or a shipped name) in, a checked, frozen ``Template`` out.

``load.py`` finds and reads templates, ``schema.py`` declares what they may hold,
``units.py`` parses every length and page size, ``limits.py`` holds the numbers that other
rooms share (levels, mazes per page), ``print_keys.py`` the print keys (printer, paper, bleed,
cover, checked against mazebook.printing.printers' tables), ``worksheet.py`` the worksheet
kind's keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .load import (
        DEFAULT_TEMPLATE,
        Section,
        Template,
        available_templates,
        load_template,
        locate,
        parse_template,
        template_from_data,
    )

__all__ = [
    "DEFAULT_TEMPLATE",
    "Section",
    "Template",
    "available_templates",
    "load_template",
    "locate",
    "parse_template",
    "template_from_data",
]


def __getattr__(name: str) -> Any:
    """The reader's names, imported from load.py when first asked for: ``limits`` and the
    other small modules here are read by commands that never read a template (the reader
    loads the schema checker, jsonschema)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import load

    value = getattr(load, name)
    globals()[name] = value
    return value
