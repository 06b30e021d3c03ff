"""Deprecated: the old home of the book builder. Build any product with ``mazebook.build_book``
(mazebook.products.build); this alias warns and goes in 0.3.0 (CHANGELOG)."""

from __future__ import annotations

import warnings

from .products.build import build_book
from .products.runner import BuildResult
from .template import Template, available_templates, load_template

warnings.warn(
    "mazebook.book is deprecated and goes in mazebook 0.3.0: use mazebook.build_book, and "
    "mazebook.template for templates",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["BuildResult", "Template", "available_templates", "build_book", "load_template"]
