"""Everything in a PDF that a renderer may unpack, found without following the pages.

For a caller about to hand a file to a renderer with no limits of its own (``preview``):
PDFium unpacks whole every stream it uses (a font, a colour profile, a shading, a function, a
form, a pattern, a Type3 glyph) and the filters of an image as ``imagedata`` says, wherever
the page reaches them from. So every stream object of the file is decoded within the budget
here (the pages' own content is the scanner's); an image's filters are unpacked and its size
counted; a content stream a page may run besides its own (a form, a tiling pattern, a Type3
glyph) is read for inline images. What cannot be read is named (a renderer might read it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from .budget import Spending
from .decode import stream_data
from .imagedata import components, inline_image, stream_pixels
from .lex import batches
from .read import PdfPartError, get, guard, resolve

#: Operators charged for each object read (parsing one is work as well).
OBJECT_COST = 8


def sweep(reader: PdfReader, pages: list[Any], spend: Spending) -> tuple[int, list[str]]:
    """Read every object of the file within the budget (TooComplexError past it): (the
    largest image's size in pixels, the objects that could not be read)."""
    skip = {id(part) for page in pages for part in _contents(page)}
    streams: list[tuple[int, StreamObject]] = []
    glyphs: dict[int, Any] = {}  # a Type3 glyph's id -> its font's resources
    problems: list[str] = []
    for number, ref in _references(reader):
        spend.ops(OBJECT_COST)
        try:
            with guard(f"object {number}"):
                obj = resolve(ref)
                if isinstance(obj, StreamObject):
                    streams.append((number, obj))
                elif isinstance(obj, DictionaryObject) and get(obj, "/Subtype") == "/Type3":
                    procs = get(obj, "/CharProcs")
                    for proc in procs.values() if isinstance(procs, DictionaryObject) else ():
                        glyphs[id(resolve(proc))] = get(obj, "/Resources")
        except PdfPartError as exc:
            problems.append(str(exc))
    largest = 0
    for number, stream in streams:
        if id(stream) in skip:
            continue
        try:
            with guard(f"object {number}"):
                largest = max(largest, _stream(stream, spend, glyphs))
        except PdfPartError as exc:
            problems.append(f"object {number}: {exc}" if "object" not in str(exc) else str(exc))
    return largest, problems


def _stream(stream: StreamObject, spend: Spending, glyphs: dict[int, Any]) -> int:
    """One stream: an image's size in pixels; any other decoded, and a content stream read
    for inline images (the largest one's size returned)."""
    if get(stream, "/Subtype") == "/Image":
        return stream_pixels(stream, spend)
    data = stream_data(stream, spend)
    if id(stream) in glyphs:
        resources = glyphs[id(stream)]
    elif get(stream, "/Subtype") == "/Form" or get(stream, "/PatternType") == 1:
        resources = get(stream, "/Resources")
    else:
        return 0  # a font, a profile, a function...: unpacked within the budget, no more
    largest = 0

    def read(header: bytes, content: bytes, start: int) -> int:
        nonlocal largest
        image = inline_image(header, content, start, spend, lambda s: components(s, resources))
        largest = max(largest, image.pixels)
        return image.end

    for batch in batches(data, spend, read):
        spend.ops(len(batch) // 4 + 1)
    return largest


def _references(reader: PdfReader) -> Iterator[tuple[int, IndirectObject]]:
    """Every object the cross-reference lists (in object streams too), by number."""
    seen: set[tuple[int, int]] = set()
    for generation, table in sorted(reader.xref.items()):
        for number in sorted(table):
            seen.add((number, generation))
            yield number, IndirectObject(number, generation, reader)
    for number in sorted(reader.xref_objStm):
        if (number, 0) not in seen:
            yield number, IndirectObject(number, 0, reader)


def _contents(page: Any) -> list[Any]:
    """A page's content streams (resolved)."""
    contents = get(page, "/Contents")
    parts = list(contents) if isinstance(contents, ArrayObject) else [contents]
    return [resolve(part) for part in parts if part is not None]
