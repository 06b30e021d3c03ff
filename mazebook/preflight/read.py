"""Reading a PDF with pypdf: every pypdf, zlib or struct failure becomes a MazebookError.

``guard`` is the one place where the outside library's exceptions are caught (broadly, as any
library error on a hostile file is possible); everything else in the package reads the file
through the helpers here, inside a guard. Streams are decoded in ``decode``, under the budget.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from ..errors import MazebookError
from ..inputs import check_input
from ..records import record
from .budget import TooComplexError

Box = tuple[float, float, float, float]


class PdfFileError(MazebookError):
    """A file that cannot be checked at all: missing, not a PDF, or unreadable at its root."""


class EncryptedPdfError(PdfFileError):
    """An encrypted PDF: refused (printers refuse them too), whatever its password."""


class PdfPartError(MazebookError):
    """One part of a readable PDF (a page, a stream, a resource) that cannot be read."""


@contextmanager
def guard(what: str, error: type[MazebookError] = PdfPartError) -> Iterator[None]:
    """Run pypdf/zlib work; any library exception becomes ``error`` saying ``what`` failed."""
    try:
        yield
    except (MazebookError, MemoryError):  # running out of memory is not the file's fault
        raise
    except Exception as exc:
        detail = str(exc).splitlines()[0][:200] if str(exc) else ""
        name = type(exc).__name__
        raise error(f"{what}: {name}{': ' + detail if detail else ''}") from None


@contextmanager
def quiet_pypdf() -> Iterator[None]:
    """pypdf logs warnings on broken files; they would break the one-line output."""
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        log.setLevel(level)


def open_pdf(
    path: str | Path, max_pages: int, *, data: bytes | None = None
) -> tuple[PdfReader, list[Any]]:
    """(reader, pages) of a PDF file (or of its bytes ``data``, already read, with ``path``
    naming it); PdfFileError if it is not one, EncryptedPdfError if encrypted,
    TooComplexError with more than ``max_pages`` pages."""
    if data is None:
        p = check_input(path, what="PDF", error=PdfFileError)  # a regular file, never a pipe
    name = str(path if data is not None else p)
    with guard(f"{name!r} is not a readable PDF", PdfFileError):
        reader = PdfReader(name if data is None else io.BytesIO(data), strict=False)
        encrypted = reader.is_encrypted
    if encrypted:
        raise EncryptedPdfError(
            f"{name!r} is encrypted; preflight refuses every encrypted PDF (printers do too): "
            "save it without a password or permissions"
        )
    with guard(f"{name!r} is not a readable PDF", PdfFileError):
        count = resolve(resolve(reader.trailer["/Root"]).get("/Pages"))
        declared = resolve(count.get("/Count")) if isinstance(count, DictionaryObject) else None
        if isinstance(declared, int) and declared > max_pages:
            raise TooComplexError(f"{declared} pages (at most {max_pages} are checked)")
        pages = list(reader.pages)
    if len(pages) > max_pages:
        raise TooComplexError(f"{len(pages)} pages (at most {max_pages} are checked)")
    return reader, pages


def resolve(value: Any) -> Any:
    """The object behind an indirect reference (chains followed a few steps, then None)."""
    for _ in range(16):
        if not isinstance(value, IndirectObject):
            return value
        value = value.get_object()
    return None


def get(obj: Any, key: str) -> Any:
    """``obj[key]`` resolved, or None when obj is not a dictionary or has no such key."""
    obj = resolve(obj)
    if not isinstance(obj, DictionaryObject):
        return None
    return resolve(obj.get(key))


def number(value: Any) -> float | None:
    """A finite number, or None for anything else."""
    value = resolve(value)
    if isinstance(value, bool):
        return None
    try:
        result = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return result if math.isfinite(result) else None


def numbers(value: Any, count: int) -> tuple[float, ...] | None:
    """An array of exactly ``count`` finite numbers, or None."""
    value = resolve(value)
    if not isinstance(value, ArrayObject) or len(value) != count:
        return None
    out = tuple(number(v) for v in value)
    return None if any(v is None for v in out) else out  # type: ignore[return-value]


def box(page: Any, key: str) -> Box | None:
    """A page box (x0, y0, x1, y1) normalised; None if absent; PdfPartError if malformed."""
    raw = get(page, key)
    if raw is None:
        return None
    values = numbers(raw, 4)
    if values is None:
        raise PdfPartError(f"{key} is not an array of four numbers")
    x0, y0, x1, y1 = values
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


@record
class PageGeometry:
    """A page's boxes in points and its rotation."""

    media: Box
    trim: Box | None
    bleed: Box | None
    rotate: int
    inferred: bool = False  # trim and bleed told from the page size (it has no TrimBox)


def geometry(page: Any) -> PageGeometry:
    """The page's boxes; PdfPartError when the MediaBox is missing or malformed."""
    media = box(page, "/MediaBox")
    if media is None:
        raise PdfPartError("no MediaBox")
    if media[2] - media[0] <= 0 or media[3] - media[1] <= 0:
        raise PdfPartError("an empty MediaBox")
    rotate = number(get(page, "/Rotate")) or 0.0
    return PageGeometry(media, box(page, "/TrimBox"), box(page, "/BleedBox"), int(rotate) % 360)
