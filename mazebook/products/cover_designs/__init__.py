"""The cover designs a template chooses with ``[cover] design``: each lays out the front, the
spine and the back its own way (mazebook.printing.keys.COVER_DESIGNS names them, the default
first). A design has ``check(ctx)``, which refuses what cannot be set (a title too long to read
in a store's thumbnail, a blurb that runs over the back, a picture under 300 dpi) before any
file is written, and ``draw(canvas, ctx)``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ...errors import MazebookBug
from ...printing.keys import COVER_DESIGNS
from . import band, framed, full_bleed
from .frame import CoverContext


@dataclass(frozen=True)
class Design:
    """A cover design: its name, its check and its drawing."""

    name: str
    check: Callable[[CoverContext], None]
    draw: Callable[[Canvas, CoverContext], None]


DESIGNS: dict[str, Design] = {
    module.NAME: Design(module.NAME, module.check, module.draw)
    for module in (band, framed, full_bleed)
}
if tuple(DESIGNS) != COVER_DESIGNS:  # pragma: no cover - the key's names and the designs agree
    raise MazebookBug(f"cover designs {tuple(DESIGNS)} are not the key's {COVER_DESIGNS}")


def design(name: str) -> Design:
    """The design of that name (the template's schema has checked it)."""
    return DESIGNS[name]
