"""Deprecated: the old home of the printer tables, now mazebook.printing.printers (the same
objects); this alias warns and goes in mazebook 0.3.0 (CHANGELOG)."""

from __future__ import annotations

import warnings

from .printing.printers import (
    DEFAULT_PRINTER,
    PAPERS,
    PRINTERS,
    Printer,
    PrinterRuleError,
    PrinterTableError,
    Trim,
    UnknownPrinterError,
    printer,
    printer_from_data,
)

warnings.warn(
    "mazebook.printers is deprecated and goes in mazebook 0.3.0: import from "
    "mazebook.printing.printers",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = [
    "DEFAULT_PRINTER",
    "PAPERS",
    "PRINTERS",
    "Printer",
    "PrinterRuleError",
    "PrinterTableError",
    "Trim",
    "UnknownPrinterError",
    "printer",
    "printer_from_data",
]
