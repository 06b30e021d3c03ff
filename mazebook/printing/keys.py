"""The template's print keys: ``printer``, ``paper``, ``bleed`` and ``cover``, checked against
the printer's table (mazebook/data/printers/*.toml, read by mazebook/printing/printers.py: the only
place that holds a printer's numbers).

``cover`` is either a boolean (``cover = false``: no cover) or a table (``[cover]`` with
``design``, ``blurb``, ``color`` and ``picture``), since TOML cannot have both ``cover = false``
and ``[cover]``.
``check_margin`` refuses a margin below the printer's minimum; printing/rules.py checks the rest
(the trim) and runs the checks again after ``mazebook build --printer NAME``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from ..errors import TemplateError
from ..records import record
from .printers import DEFAULT_PRINTER, PAPERS, PRINTERS, Printer, printer
from .printers import outside_margin as printer_outside_margin
from .units import POINTS_PER_INCH, format_length

#: An accent colour as the template writes it: "#rrggbb".
COLOR_PATTERN = r"^#[0-9a-fA-F]{6}$"

#: The cover designs ``[cover] design`` chooses from (mazebook/products/cover_designs draws
#: them), the default first: each lays out the front, spine and back its own way.
COVER_DESIGNS = ("band", "framed", "full-bleed")
#: What each design looks like, for the schema's description and the docs.
COVER_DESIGN_WORDS = {
    "band": "a colour band across the top of the whole cover, the maze below it",
    "framed": "a big title above a framed, centred maze, a rule around the front",
    "full-bleed": "a maze runs off the front's edges under a white title panel, the back solid",
}


@record
class CoverOptions:
    """Whether the book gets a cover, its design, the text on its back, its one accent colour
    and a picture of the template's own for the front."""

    enabled: bool = True
    blurb: str = ""
    color: tuple[float, float, float] | None = None  # RGB from 0 to 1; None: black and grey
    design: str = COVER_DESIGNS[0]
    picture: str | None = None  # an SVG or PNG file, as the template writes it (load.py resolves)


@record
class PrintOptions:
    """Which printer the book is for, on which paper, with bleed or not, and its cover."""

    printer: str = DEFAULT_PRINTER
    paper: str = "white"
    bleed: bool = False  # the template asked for bleed (the printer says how much, and where)
    cover: CoverOptions = field(default_factory=CoverOptions)

    @property
    def table(self) -> Printer:
        """The printer's table (mazebook.printing.printers.PRINTERS)."""
        return printer(self.printer)


def schema_properties(printers: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON Schema of the print keys, for template/schema.py (``printers``: the names a
    template may give, every registered printer when not given)."""
    listed = list(PRINTERS) if printers is None else list(printers)
    names = ", ".join(listed)
    return {
        "printer": {
            "enum": listed,
            "description": f"one of {names}: the printer whose rules the book follows",
        },
        "paper": {"enum": list(PAPERS), "description": f"one of {', '.join(PAPERS)}"},
        "cover": {
            "description": 'false (no cover), true, or a [cover] table: design = "band", '
            'blurb = "text", color = "#rrggbb", picture = "file.svg"',
            "oneOf": [
                {"type": "boolean"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "description": 'a [cover] table: design = "band", blurb = "text", '
                    'color = "#rrggbb", picture = "file.svg"',
                    "properties": {
                        "design": {
                            "enum": list(COVER_DESIGNS),
                            "description": f"one of {', '.join(COVER_DESIGNS)}, the cover's "
                            f"layout ({COVER_DESIGNS[0]} if not given): "
                            + "; ".join(f"{k}, {v}" for k, v in COVER_DESIGN_WORDS.items()),
                        },
                        "blurb": {
                            "type": "string",
                            "description": "text for the back cover; blank lines part paragraphs",
                        },
                        "color": {
                            "type": "string",
                            "pattern": COLOR_PATTERN,
                            "description": 'an accent colour as "#rrggbb", e.g. "#1f6feb"',
                        },
                        "picture": {
                            "type": "string",
                            "minLength": 1,
                            "pattern": r"(?i)\.(svg|png)$",
                            "description": "an SVG file, or a PNG of at least 300 dpi as "
                            'printed, for the front cover, e.g. "owl.svg" (beside the template)',
                        },
                    },
                },
            ],
        },
    }


def _color(text: str) -> tuple[float, float, float]:
    value = int(text[1:], 16)
    return ((value >> 16) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255)


def print_options(values: Mapping[str, Any]) -> PrintOptions:
    """The print keys of a template (already checked by the schema) as PrintOptions."""
    cover = values.get("cover", True)
    if isinstance(cover, Mapping):
        color = cover.get("color")
        options = CoverOptions(
            enabled=True,
            blurb=str(cover.get("blurb", "")),
            color=_color(color)
            if isinstance(color, str) and re.match(COLOR_PATTERN, color)
            else None,
            design=str(cover.get("design", COVER_DESIGNS[0])),
            picture=str(cover["picture"]) if "picture" in cover else None,
        )
    else:
        options = CoverOptions(enabled=bool(cover))
    return PrintOptions(
        printer=str(values.get("printer", DEFAULT_PRINTER)),
        paper=str(values.get("paper", "white")),
        bleed=bool(values.get("bleed", False)),
        cover=options,
    )


def bleed_points(options: PrintOptions) -> float:
    """Points of bleed beyond the trim on each bleeding side: the printer's, if asked for."""
    return options.table.bleed * POINTS_PER_INCH if options.bleed else 0.0


def check_margin(margin: float, options: PrintOptions, source: str) -> None:
    """TemplateError unless ``margin`` (points) is at least the printer's outside margin."""
    bleeds = bleed_points(options) > 0
    least = printer_outside_margin(options.table, bleed=bleeds) * POINTS_PER_INCH
    if margin < least - 1e-6:
        what = " with bleed" if bleeds else ""
        raise TemplateError(
            f"{format_length(margin)} is too small; it must be at least "
            f"{format_length(least)}{what} for printer {options.printer!r}",
            file=source,
            key="margin",
        )
