"""The book builder: a template and a difficulty schedule in, a print-ready puzzle book out.

``build_book(template, output=..., seed=..., svg_dir=..., progress=...)`` writes the PDF and its
manifest; ``preflight(path)`` checks a finished PDF against the print rules. Modules: units,
schema and template (reading templates), schedule (levels as measured difficulty), plan and
layout (pure page arithmetic), document and pages (drawing), manifest, output, preflight.
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
