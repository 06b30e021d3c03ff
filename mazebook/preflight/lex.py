"""Content-stream tokens, in batches, fast: C-level splitting instead of a byte-by-byte lexer.

Strings, hex strings, comments and inline images are found with one regular expression; the
text between them holds only numbers, names, operators and delimiters, which ``bytes.split``
cuts after delimiters are spaced out. Long runs are cut into windows at whitespace so memory
stays bounded whatever the stream's size. A string nested deeper than three levels or an
inline image without its end raises PdfPartError (the page then FAILs as unreadable). An
inline image's data ends where the caller's ``inline`` reader says (as a renderer finds it:
see imagedata), then at the next EI.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from .budget import Spending
from .read import PdfPartError

#: Bytes of plain content tokenised at once.
WINDOW = 1 << 20

_LEAF = rb"(?:[^\\()]|\\.)*"
_NEST2 = rb"(?:[^\\()]|\\.|\(" + _LEAF + rb"\))*"
_NEST3 = rb"(?:[^\\()]|\\.|\(" + _NEST2 + rb"\))*"
_SPECIAL = re.compile(
    rb"\(" + _NEST3 + rb"\)"  # a literal string, up to three levels of balanced parentheses
    rb"|%[^\r\n]*"  # a comment
    rb"|<(?![<>])[0-9A-Fa-f\s]*>"  # a hex string (not << or >>)
    rb"|BI(?=[\s/])",  # an inline image, if what comes before ends a token (checked below)
    re.S,  # no lookbehind: each alternative starts with a literal, which keeps the scan fast
)
_ENDS_TOKEN = frozenset(b" \t\r\n\f\x00[]()<>{}")
_ENDS_EI = frozenset(b" \t\r\n\f\x00")
_DELIMS = re.compile(rb"<<|>>|[\[\]{}]")
_WHITESPACE = re.compile(rb"[\s\x00]")
_IMAGE_DATA = re.compile(rb"[\s\x00]ID[\s\x00]")
_IMAGE_END = re.compile(rb"[\s\x00]EI(?=[\s\x00]|$)")
_UNESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}

#: The token that stands for a whole inline image (BI ... ID data EI).
INLINE_IMAGE = b"BI"

#: Reads an inline image: (its dictionary's text, the content, where its data starts) -> the
#: offset where its data ends.
InlineReader = Callable[[bytes, bytes, int], int]


def _plain(data: bytes, start: int, end: int) -> Iterator[list[bytes]]:
    """Token batches of content with no strings or comments in it."""
    while start < end:
        stop = end
        if end - start > WINDOW:
            found = _WHITESPACE.search(data, start + WINDOW, end)
            stop = found.end() if found else end
        segment = data[start:stop]
        if b"(" in segment or b")" in segment:
            raise PdfPartError("a string with unbalanced or too deeply nested parentheses")
        if b"[" in segment or b"<" in segment or b"{" in segment or b"]" in segment:
            segment = _DELIMS.sub(rb" \g<0> ", segment)
        if b"/" in segment:
            segment = segment.replace(b"/", b" /")
        yield segment.split()
        start = stop


def batches(
    data: bytes, spend: Spending, inline: InlineReader | None = None
) -> Iterator[list[bytes]]:
    """All tokens of a content stream, in order, as lists of bytes; comments dropped. Strings
    and comments are charged to the budget here, one operator each (the caller charges the
    rest), so a stream of a million comments is bounded too. An inline image is one operand
    (its dictionary) and the BI token; ``inline`` reads it where it stands."""
    pos = 0
    end = len(data)
    specials = 0
    for match in _SPECIAL.finditer(data):
        specials += 1
        if specials >= 4096:
            spend.ops(specials)
            specials = 0
        if match.start() < pos:
            continue  # inside an inline image already skipped
        token = match.group()
        if token == INLINE_IMAGE and match.start() and data[match.start() - 1] not in _ENDS_TOKEN:
            continue  # "BI" ending a longer token, e.g. a name /ABI: plain content
        yield from _plain(data, pos, match.start())
        pos = match.end()
        if token == INLINE_IMAGE:
            begin = _IMAGE_DATA.search(data, pos)
            if begin is None:
                raise PdfPartError("an inline image without its data (BI ... ID)")
            header = data[pos : begin.start()].strip()
            stop = begin.end() if inline is None else inline(header, data, begin.end())
            pos = _image_end(data, stop)
            yield [b"<<" + header, INLINE_IMAGE]  # the dictionary as one operand, then BI
        elif token[0] != 0x25:  # not a comment
            yield [token]
    spend.ops(specials)
    yield from _plain(data, pos, end)


def _image_end(data: bytes, end: int) -> int:
    """Where an inline image's EI ends: right at ``end`` (where its data stopped), or at the
    next EI standing alone after it."""
    if data.startswith(b"EI", end) and (end + 2 == len(data) or data[end + 2] in _ENDS_EI):
        return end + 2
    finish = _IMAGE_END.search(data, end)
    if finish is None:
        raise PdfPartError("an inline image without its end (ID ... EI)")
    return finish.end()


def _escape(match: re.Match[bytes]) -> bytes:
    """One backslash escape of a literal string, decoded."""
    code = match.group(1)
    if code[0] in b"01234567":
        return bytes([int(code, 8) & 0xFF])
    if code in (b"\n", b"\r", b"\r\n"):
        return b""  # a line continuation
    return _ESCAPES.get(code, code)


def string_bytes(token: bytes) -> bytes:
    """The bytes of a literal ``(...)`` or hex ``<...>`` string token."""
    if token[0] == 0x28:  # (
        body = token[1:-1]
        return _UNESCAPE.sub(_escape, body) if b"\\" in body else body
    digits = bytes(c for c in token[1:-1] if c not in b" \t\r\n\f\x00")
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))
