"""The builders' public names, where the docs name them: ``mazebook.book.build_book(template,
output=..., seed=..., svg_dir=..., progress=...)`` writes a book (or a worksheet, a class set)
with its manifest. The code lives in mazebook.products (the book, worksheet, class set and
cover, made by one runner), mazebook.pages (plan, layout, document, painters) and
mazebook.printing (the printer's rules); this package only re-exports.
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
