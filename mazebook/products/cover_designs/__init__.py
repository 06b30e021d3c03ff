"""The cover designs a template chooses with ``[cover] design``: each lays out the front, the
spine and the back its own way (mazebook.printing.keys.COVER_DESIGNS names them, the default
first). A design has ``check(ctx)``, which refuses what cannot be set (a title too long to read
in a store's thumbnail, a blurb that runs over the back, a picture under 300 dpi) before any
file is written, and ``draw(canvas, ctx)``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module

from reportlab.pdfgen.canvas import Canvas

from ...errors import MazebookBug
from ...plugins import OnDemand
from ...printing.keys import COVER_DESIGNS
from ...records import record
from .frame import CoverContext


@record
class Design:
    """A cover design: its name, its check and its drawing."""

    name: str
    check: Callable[[CoverContext], None]
    draw: Callable[[Canvas, CoverContext], None]


#: Each design's module, by the design's name (COVER_DESIGNS' order).
MODULES = {"band": ".band", "framed": ".framed", "full-bleed": ".full_bleed"}
if tuple(MODULES) != COVER_DESIGNS:  # pragma: no cover - the key's names and the designs agree
    raise MazebookBug(f"cover designs {tuple(MODULES)} are not the key's {COVER_DESIGNS}")


def _design(name: str) -> Design:
    """The cover design ``name``, its module imported now (MODULES says which)."""
    module = import_module(MODULES[name], __name__)
    if name != module.NAME:  # pragma: no cover - each module names its own design
        raise MazebookBug(f"cover design module {module.__name__} is named {module.NAME!r}")
    return Design(module.NAME, module.check, module.draw)


#: The designs by name, each module imported when its design is first asked for (a book
#: draws one design).
DESIGNS: Mapping[str, Design] = OnDemand(MODULES, _design)


def design(name: str) -> Design:
    """The design of that name (the template's schema has checked it)."""
    return DESIGNS[name]
