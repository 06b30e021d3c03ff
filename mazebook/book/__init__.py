"""The book builder: a template and a difficulty schedule in, a print-ready puzzle book out.

``build_book(template, output=..., seed=..., svg_dir=..., progress=...)`` writes the PDF and its
manifest; ``preflight(path)`` checks a finished PDF against the print rules. Modules: units,
schema and template (reading templates), schedule (levels as measured difficulty), plan and
layout (pure page arithmetic), fonts (the font, checked against every text), document and
pages (drawing), manifest, output, preflight. A template with ``kind = "worksheet"`` is built by
the same build_book into classroom sheets and a separate answer key: worksheet_template (its
keys), worksheet_pages (its page furniture) and worksheet (the build).
"""

from __future__ import annotations

from .build import BuildResult, build_book, prepare
from .template import Template, available_templates, load_template

__all__ = [
    "BuildResult",
    "Template",
    "available_templates",
    "build_book",
    "load_template",
    "prepare",
]
