"""Picture resolutions: the dots-per-inch range every PNG writer accepts.

Kept apart from render/png.py so a command can check ``--dpi`` without loading PDFium.
"""

from __future__ import annotations

from ..errors import MazebookError

#: Resolutions accepted (dots per inch), and the default of `mazebook maze --format png`.
MIN_DPI, MAX_DPI, DEFAULT_DPI = 10, 600, 150


def check_dpi(dpi: int, *, flag: str = "--dpi") -> int:
    """The resolution if it is a whole number from MIN_DPI to MAX_DPI; MazebookError if not."""
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not MIN_DPI <= dpi <= MAX_DPI:
        raise MazebookError(
            f"{flag} must be a whole number from {MIN_DPI} to {MAX_DPI}, got {dpi!r}"
        )
    return dpi
