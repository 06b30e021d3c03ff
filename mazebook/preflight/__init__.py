"""Preflight: check any finished PDF against one printer's rules, each check PASS, WARN or FAIL.

``preflight(path, printer="kdp", cover=False, pages=None, paper="white", loose=False,
vector_only=False)`` returns a Report. Modules: read (pypdf behind one guard, bounded
decompression), budget (the work limits), lex and scan (the content-stream interpreter), fonts,
images (size, colour family and CMYK ink of raster images), checks (interior geometry), content
(fonts, images, colour, ink, transparency, lines, marks, file size, readability), cover (size,
bleed, safe area, barcode, spine), report, run. The printers' numbers live in
mazebook.printing.printers. A check whose content was not read in full never passes.
"""

from __future__ import annotations

from .budget import Budget, TooComplexError
from .read import EncryptedPdfError, PdfFileError, PdfPartError
from .report import Check, Report
from .run import PreflightArgumentError, preflight, read_within_budget

__all__ = [
    "Budget",
    "Check",
    "EncryptedPdfError",
    "PdfFileError",
    "PdfPartError",
    "PreflightArgumentError",
    "Report",
    "TooComplexError",
    "preflight",
    "read_within_budget",
]
