"""A PDF as readable lines, for reference outputs: a failed comparison shows what changed.

``dump(pdf)`` lists, page by page, the page's boxes, its text (as a reader extracts it) and its
drawing operators (the decoded content stream, one operator a line), then every form XObject
the page uses (the answer key's mazes) the same way. Numbers are kept as written: the dump is
exact enough that two PDFs with the same dump draw the same pages. ``difference`` gives the
first changed lines of two dumps with the page they are on.
"""

from __future__ import annotations

import difflib
import gzip
import io
from collections.abc import Iterator

import pypdf
from pypdf.generic import IndirectObject, StreamObject

#: Lines of a difference shown at most.
SHOWN = 40


def dump(pdf: bytes) -> list[str]:
    """The PDF's pages as normalised lines: boxes, text, drawing operators, forms."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    lines: list[str] = []
    seen_forms: set[int] = set()
    for number, page in enumerate(reader.pages, start=1):
        boxes = " ".join(
            f"{name}={[round(float(v), 3) for v in page[name]]}"
            for name in ("/MediaBox", "/TrimBox", "/BleedBox")
            if name in page
        )
        lines.append(f"=== page {number} {boxes}")
        lines += [f"text: {line}" for line in page.extract_text().splitlines() if line.strip()]
        contents = page.get_contents()
        lines += _operators(contents.get_data() if contents is not None else b"")
        resources = page.get("/Resources")
        forms = resources.get_object().get("/XObject") if resources is not None else None
        for name, ref in sorted((forms.get_object() if forms is not None else {}).items()):
            key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
            form = ref.get_object()
            if key in seen_forms or not isinstance(form, StreamObject):
                continue
            seen_forms.add(key)
            lines.append(f"=== form {name} on page {number}")
            lines += _operators(form.get_data())
    return lines


def _operators(data: bytes) -> Iterator[str]:
    """The content stream, one line of source a line (reportlab writes an operator or a short
    run of them a line), latin-1 so any byte shows."""
    for line in data.decode("latin-1").splitlines():
        if line.strip():
            yield "  " + line.strip()


def pack(lines: list[str]) -> bytes:
    """The dump as stored beside the reference hashes (gzip, no time stamp: same dump, same
    bytes)."""
    return gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), 9, mtime=0)


def unpack(data: bytes) -> list[str]:
    return gzip.decompress(data).decode("utf-8").splitlines()


def difference(expected: list[str], actual: list[str]) -> str:
    """The first SHOWN lines of a unified difference, each hunk headed by the page it is on;
    a note when the pages are the same (the change is elsewhere: fonts, metadata)."""
    if expected == actual:
        return "the pages' text and drawing are the same; the change is outside them"
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, expected, actual, autojunk=False)
    for group in matcher.get_grouped_opcodes(2):
        first = group[0][1]
        where = next((ln for ln in reversed(expected[: first + 1]) if ln.startswith("===")), "")
        out.append(f"@@ {where.removeprefix('=== ')}")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [f"  {ln}" for ln in expected[i1:i2]]
                continue
            out += [f"- {ln}" for ln in expected[i1:i2]]
            out += [f"+ {ln}" for ln in actual[j1:j2]]
        if len(out) >= SHOWN:
            break
    return "\n".join(out[:SHOWN])
