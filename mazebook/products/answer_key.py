"""A book's answer key on its own: the answer pages of a finished book (its manifest says which)
as a PDF of their own, the pages as printed in the book (their page numbers, their side)."""

from __future__ import annotations

import io
import json
from pathlib import Path


def answer_key_pdf(interior: Path, manifest: Path) -> bytes | None:
    """The answer pages of the book ``interior`` as one PDF (None: the book has none); a book
    whose manifest names its ``answers_file`` (a tactile book) has them in that file already."""
    from pypdf import PdfReader, PdfWriter  # only where an answer key is asked for

    data = json.loads(manifest.read_text(encoding="utf-8"))
    own = data.get("answers_file")
    if isinstance(own, str) and own:  # answers in a file of their own (a tactile book's)
        return (manifest.parent / Path(own).name).read_bytes()
    pages = data.get("answer_pages")
    if not pages:
        return None
    reader = PdfReader(interior)
    writer = PdfWriter()
    for number in range(pages[0], pages[-1] + 1):
        writer.add_page(reader.pages[number - 1])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
