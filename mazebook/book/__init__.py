"""The builders: a template and a difficulty schedule in, a print-ready book or worksheet out.

``build_book(template, output=..., seed=..., svg_dir=..., progress=...)`` writes the PDF and its
manifest. Every product (build.py's book, worksheet.py's sheets, classset.py's class set,
cover.py's cover) is prepared as a ``product.Product`` (prepare -> outputs -> render) and made
by one runner (product.run: output checks, the atomic set, the typed manifest written last).
Rooms: schedule (levels as measured difficulty), plan and layout (pure page arithmetic),
pipeline (the puzzle steps products share), document and pages (drawing pages), manifest.
Templates are read by ``mazebook.template``; fonts and text are set by
``mazebook.render.typeset``; files land through ``mazebook.fileio``.
"""

from __future__ import annotations

from ..products.book import build_book, prepare
from ..products.runner import BuildResult
from ..template import Template, available_templates, load_template

__all__ = [
    "BuildResult",
    "Template",
    "available_templates",
    "build_book",
    "load_template",
    "prepare",
]
