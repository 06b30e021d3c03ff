"""The builders: a template and a difficulty schedule in, a print-ready book or worksheet out.

``build_book(template, output=..., seed=..., svg_dir=..., progress=...)`` writes the PDF and its
manifest. Rooms: schedule (levels as measured difficulty), plan and layout (pure page
arithmetic), document and pages (drawing pages), manifest; pipeline holds the steps books and
worksheets share, build.py is the book's plan over it and worksheet.py (with worksheet_pages)
the worksheet's. Templates are read by ``mazebook.template``; fonts and text are set by
``mazebook.render.typeset``; files land through ``mazebook.fileio``.
"""

from __future__ import annotations

from ..template import Template, available_templates, load_template
from .build import build_book, prepare
from .pipeline import BuildResult

__all__ = [
    "BuildResult",
    "Template",
    "available_templates",
    "build_book",
    "load_template",
    "prepare",
]
