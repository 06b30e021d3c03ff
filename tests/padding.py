"""The warning a short book for kdp gives (padded with pages for notes to kdp's 24 pages),
asserted where a test builds such a book (the test run makes an unasserted one an error)."""

from __future__ import annotations

import contextlib
from contextlib import AbstractContextManager

import pytest

from mazebook.printing.rules import PrintWarning


def padded(when: bool = True) -> AbstractContextManager[object]:
    """pytest.warns for "N pages is fewer than kdp's minimum of 24: added M pages for notes"
    (and the same for lulu's 32); no check at all when the book is long enough (``when`` false)."""
    if not when:
        return contextlib.nullcontext()
    return pytest.warns(PrintWarning, match="pages for notes")
