"""`mazebook preview BOOK.pdf -o DIR`: page images (PNG) of a finished PDF, for listings.

Pages are rasterized by PDFium (mazebook/render/png.py) and written as DIR/NAME-001.png, ...,
all together or none (an error, Ctrl-C or a full disk leaves no page image behind). Pages past
the end of a shorter PDF are left out; a range that starts past the end is an error.
"""

from __future__ import annotations

import argparse
import contextlib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InvalidOptionError, MazebookError, os_problem
from ...fileio import OutputSet
from ...inputs import read_input, utf8_path

if TYPE_CHECKING:
    from ...preflight import Budget

_PAGES = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$")
#: The most pages one call writes.
MAX_PAGES = 500
#: The largest image a previewed page may draw (pixels): a 600 dpi photograph of a letter page
#: has about 34 million.
MAX_IMAGE_PIXELS = 100_000_000


class PreviewError(MazebookError):
    """A PDF that cannot be previewed: not a readable PDF, or more work than the budget."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `mazebook preview` to the CLI."""
    p = sub.add_parser(
        "preview",
        help="write page images (PNG) of a book or worksheet PDF",
        description=(
            "Write PNG images of a PDF's pages into DIR as NAME-001.png, NAME-002.png, ... "
            "(NAME is the PDF's name without .pdf), e.g. for a shop listing."
        ),
    )
    p.add_argument("pdf", metavar="BOOK.pdf", help="the PDF to show")
    p.add_argument("--pages", default="1-6", help="a page or a range, e.g. 3 or 1-6 (default 1-6)")
    p.add_argument("--dpi", type=int, default=100, help="resolution, 10 to 600 (default 100)")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder for the images")
    p.set_defaults(run=run)


def parse_pages(text: str) -> tuple[int, int]:
    """'1-6' -> (1, 6), '3' -> (3, 3); InvalidOptionError for anything else."""
    match = _PAGES.match(text)
    if match:
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if 1 <= first <= last and last - first < MAX_PAGES:
            return first, last
    raise InvalidOptionError(
        f"--pages must be a page number or FROM-TO with 1 <= FROM <= TO and at most {MAX_PAGES} "
        f"pages (e.g. 1-6); got {text!r}"
    )


def check_work(pdf: Path, data: bytes, first: int, last: int, budget: Budget | None = None) -> None:
    """Read the pages to be shown as preflight does, and every other object the renderer may
    unpack, within its budget (decoded bytes, operators, forms; preflight's defaults unless
    ``budget``), and refuse images (XObjects and inline images alike) over MAX_IMAGE_PIXELS
    and content that could not be read to its end: the renderer has no limits of its own, so a
    small file that unpacks to gigabytes is refused here with one line instead of filling the
    memory."""
    # the PDF reader (pypdf), only when a PDF is read
    from ...preflight import EncryptedPdfError, PdfFileError, TooComplexError, read_within_budget

    name = repr(str(pdf))
    try:
        _, seen = read_within_budget(pdf, range(first, last + 1), data=data, budget=budget)
    except TooComplexError as exc:
        raise PreviewError(f"{name} is too complex to preview: {exc} (preflight's limit)") from None
    except EncryptedPdfError:
        raise PreviewError(
            f"{name} is encrypted; preview reads only PDFs without encryption (its content "
            "cannot be measured first): save it without a password or permissions"
        ) from None
    except PdfFileError as exc:
        raise PreviewError(str(exc)) from None
    if seen.largest_image > MAX_IMAGE_PIXELS:
        raise PreviewError(
            f"{name} is too complex to preview: an image of {seen.largest_image:,} pixels, more "
            f"than {MAX_IMAGE_PIXELS:,}"
        )
    if seen.unread:
        raise PreviewError(
            f"{name} cannot be previewed: {seen.unread[0]} (preview draws only what it can "
            "read first)"
        )


def write_previews(pdf: Path, folder: Path, first: int, last: int, dpi: int) -> list[Path]:
    """Write the pages first..last (those the PDF has) as PNGs in ``folder``; their paths."""
    from ...render.dpi import check_dpi
    from ...render.png import page_count, pdf_pages_png

    check_dpi(dpi)
    data = read_input(pdf, what="PDF")  # a regular file only: a FIFO is never opened
    name = repr(str(pdf))
    check_work(pdf, data, first, last)  # before the renderer opens it at all
    count = page_count(data, name=name)
    if first > count:
        raise InvalidOptionError(f"--pages: {name} has {count} page{'s' * (count != 1)}")
    try:
        if folder.exists() and not folder.is_dir():
            raise MazebookError(f"cannot write into {str(folder)!r}: it is not a folder")
        made = not folder.exists()
    except OSError as exc:  # e.g. a name too long for the file system
        raise MazebookError(f"cannot write into {str(folder)!r}: {os_problem(exc)}") from None
    written = []
    try:
        with OutputSet() as images:  # all the pages or none (a full disk leaves no part)
            pages = range(first, min(last, count) + 1)
            for number, png in pdf_pages_png(data, pages, dpi=dpi, name=name):
                target = images.check(folder / f"{pdf.stem}-{number:03d}.png")
                images.stage(target, png)
                written.append(target)
            images.commit()
    except BaseException:
        if made:  # the folder this call made, left empty
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return written


def run(args: argparse.Namespace) -> int:
    """Write the page images and say which."""
    first, last = parse_pages(args.pages)
    folder = utf8_path(args.output, what="image folder", error=InvalidOptionError)
    written = write_previews(Path(args.pdf), folder, first, last, args.dpi)
    pages = f"{len(written)} page image{'s' * (len(written) != 1)}"
    print(f"wrote {pages} to {args.output}: {written[0].name} ... {written[-1].name}")
    return 0
