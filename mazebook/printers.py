"""The old home of the printer tables, kept so plugins written against it still import:
``mazebook.printers.Printer`` and ``PRINTERS`` are mazebook.printing.printers' own objects."""

from __future__ import annotations

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
