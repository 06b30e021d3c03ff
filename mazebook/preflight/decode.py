"""Stream filters decoded within the budget: no small stream can unpack into gigabytes here.

Each decoder stops as soon as its output passes the bytes the budget has left (a
TooComplexError naming the budget), and says where its encoded data ended: an inline image
has no length, and a renderer finds its end where its first filter stops (see ``imagedata``).
Flate, LZW and run-length data are decoded here, and a Flate or LZW filter's predictor undone
(``predict``); ASCII85 and ASCIIHex cannot grow past four times their input.
Abbreviated filter names (/Fl, /AHx, /A85, /LZW, /RL, /CCF, /DCT) mean the full ones.
"""

from __future__ import annotations

import zlib
from typing import Any

from pypdf.generic import ArrayObject, StreamObject

from ..lazy import numpy as np
from ..records import record
from .budget import Spending
from .predict import unpredict
from .read import PdfPartError, get, number, resolve

#: Abbreviated filter names (inline images use them; some writers do in streams too).
FULL_NAMES = {
    "/AHx": "/ASCIIHexDecode",
    "/A85": "/ASCII85Decode",
    "/LZW": "/LZWDecode",
    "/Fl": "/FlateDecode",
    "/RL": "/RunLengthDecode",
    "/CCF": "/CCITTFaxDecode",
    "/DCT": "/DCTDecode",
}
#: The filters decoded here (the rest are image codecs: DCT, CCITT fax, JBIG2, JPEG 2000).
DATA_FILTERS = frozenset(
    {"/FlateDecode", "/LZWDecode", "/RunLengthDecode", "/ASCIIHexDecode", "/ASCII85Decode"}
)


def full_name(name: Any) -> str:
    """A filter's full name ('/Fl' -> '/FlateDecode'); other names as they are."""
    text = str(resolve(name))
    return FULL_NAMES.get(text, text)


@record
class Decoded:
    """A filter's output, how many bytes of its input it read, and whether it found its end
    (false: the input stopped first)."""

    data: bytes
    used: int
    complete: bool


def decode(name: str, data: bytes, parm: Any, spend: Spending, start: int = 0) -> Decoded:
    """Apply one filter (``name`` in full or abbreviated, ``parm`` its /DecodeParms) to
    ``data`` from ``start`` on (``used`` counts from there); TooComplexError as soon as the
    output passes the budget's room (nothing is charged: the caller counts the output),
    PdfPartError for data it cannot read."""
    name = full_name(name)
    room = spend.decompressed_room()
    if name == "/FlateDecode":
        out = _inflate(data, start, room, spend)
    elif name == "/LZWDecode":
        early = param(parm, "/EarlyChange")
        out = _lzw(data, start, room, spend, 0 if early == 0 else 1)
    elif name == "/RunLengthDecode":
        out = _run_length(data, start, room, spend)
    elif name == "/ASCIIHexDecode":
        out = _ascii_hex(data, start)
    elif name == "/ASCII85Decode":
        out = _ascii85(data, start, room, spend)
    else:
        raise PdfPartError(f"content encoded with {name}, which preflight does not read")
    if name in ("/FlateDecode", "/LZWDecode"):
        return Decoded(unpredict(out.data, parm), out.used, out.complete)
    return out


def param(parm: Any, key: str) -> float | None:
    """A number from a /DecodeParms dictionary (a PDF's or an inline image's), or None."""
    parm = resolve(parm)
    return number(parm.get(key)) if isinstance(parm, dict) else None


def chain_of(stream: Any) -> list[tuple[str, Any]]:
    """A stream's filters in full names, each with its /DecodeParms (or None)."""
    filters = resolve(get(stream, "/Filter"))
    parms = resolve(get(stream, "/DecodeParms"))
    return filter_chain(filters, parms)


def filter_chain(filters: Any, parms: Any) -> list[tuple[str, Any]]:
    """Filters (a name or an array) with their parameters (a dictionary or an array)."""
    if filters is None:
        names: list[Any] = []
    elif isinstance(filters, ArrayObject | list):
        names = [resolve(f) for f in filters]
    else:
        names = [filters]
    if isinstance(parms, ArrayObject | list):
        parm_list = [resolve(p) for p in parms]
    else:
        parm_list = [parms] * len(names)
    return [
        (full_name(n), parm_list[i] if i < len(parm_list) else None) for i, n in enumerate(names)
    ]


def stream_data(stream: Any, spend: Spending) -> bytes:
    """The decoded bytes of a content stream (or form), counted against the budget."""
    stream = resolve(stream)
    if not isinstance(stream, StreamObject):
        raise PdfPartError("content that is not a stream")
    data: bytes = stream._data  # the raw bytes as stored (encoded)
    chain = chain_of(stream)
    if not chain:
        spend.decompressed(len(data))
        return data
    for name, parm in chain:
        out = decode(name, data, parm, spend)
        if not out.complete and name == "/FlateDecode":
            raise PdfPartError("compressed content ends before its end")
        data = out.data
        spend.decompressed(len(data))
    return data


def _over(size: int, spend: Spending) -> None:
    """Raise the budget's TooComplexError for an output of ``size`` bytes."""
    spend.decompressed(size)  # past the room: raises
    raise AssertionError("unreachable: the output was over the room")  # pragma: no cover


def _inflate(data: bytes, start: int, room: int, spend: Spending) -> Decoded:
    """zlib data inflated to at most ``room`` bytes."""
    inflater = zlib.decompressobj()
    source: bytes | memoryview = memoryview(data)[start:]
    size = len(source)
    out = bytearray()
    try:
        while source and not inflater.eof:  # in slices: a bomb stops one slice past the room
            out += inflater.decompress(source, _SLICE)
            if len(out) > room:
                _over(len(out), spend)
            source = inflater.unconsumed_tail
    except zlib.error as exc:
        raise PdfPartError(f"compressed content cannot be decompressed ({exc})") from None
    used = size - len(inflater.unused_data) if inflater.eof else size
    return Decoded(bytes(out), used, inflater.eof)


#: Bytes inflated at a time.
_SLICE = 1 << 22
#: Clear codes an LZW stream may have in a row (an encoder writes one at a time): 17 MB of
#: nothing else took 4 s and decoded to nothing, so the budget of output never stopped it.
MAX_LZW_CLEARS = 8


def _lzw(data: bytes, start: int, room: int, spend: Spending, early: int) -> Decoded:
    """LZW data (PDF's variant: codes of 9 to 12 bits, 256 clears, 257 ends) decoded to at
    most ``room`` bytes; ``early`` is /EarlyChange (1, the default: widths change a code
    early)."""
    out = bytearray()
    table: list[bytes] = [bytes([i]) for i in range(256)] + [b"", b""]
    width, buffer, held, pos, size = 9, 0, 0, start, len(data)
    previous: bytes | None = None
    idle = 0  # clear codes in a row: they decode to nothing, so the budget never stops them
    while True:
        while held < width:
            if pos >= size:
                return Decoded(bytes(out), pos - start, False)
            buffer = (buffer << 8) | data[pos]
            pos += 1
            held += 8
        held -= width
        code = (buffer >> held) & ((1 << width) - 1)
        buffer &= (1 << held) - 1
        if code == 256:
            idle += 1
            if idle > MAX_LZW_CLEARS:
                raise PdfPartError(f"LZW data of over {MAX_LZW_CLEARS} clear codes in a row")
            del table[258:]
            width, previous = 9, None
            continue
        idle = 0
        if code == 257:
            return Decoded(bytes(out), pos - start, True)
        if code < len(table) and (code < 256 or code > 257):
            entry = table[code]
            if previous is not None and len(table) < 4096:
                table.append(previous + entry[:1])
        elif code == len(table) and previous is not None:
            entry = previous + previous[:1]
            table.append(entry)
        else:
            raise PdfPartError(f"LZW data with a code ({code}) out of its table")
        out += entry
        if len(out) > room:
            _over(len(out), spend)
        previous = entry
        if width < 12 and len(table) + early >= 1 << width:
            width += 1


def _run_length(data: bytes, start: int, room: int, spend: Spending) -> Decoded:
    """Run-length data (a length byte, then that many bytes plus one, or one byte repeated
    257 minus it times; 128 ends) decoded to at most ``room`` bytes."""
    out = bytearray()
    pos, size = start, len(data)
    while pos < size:
        count = data[pos]
        pos += 1
        if count == 128:
            return Decoded(bytes(out), pos - start, True)
        if count < 128:
            out += data[pos : pos + count + 1]
            pos += count + 1
        elif pos < size:
            out += data[pos : pos + 1] * (257 - count)
            pos += 1
        if len(out) > room:
            _over(len(out), spend)
    return Decoded(bytes(out), min(pos, size) - start, False)


_HEX_SPACE = b" \t\r\n\f\x00"


def _ascii_hex(data: bytes, start: int) -> Decoded:
    """ASCIIHex data, up to its '>'."""
    end = data.find(b">", start)
    body = data[start : len(data) if end < 0 else end].translate(None, _HEX_SPACE)
    if len(body) % 2:
        body += b"0"
    try:
        out = bytes.fromhex(body.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise PdfPartError("ASCIIHex content with a character that is not a hex digit") from None
    return Decoded(out, (len(data) if end < 0 else end + 1) - start, end >= 0)


_A85_SPACE = b" \t\r\n\f\x00"
_A85_POWERS = np.array([85**4, 85**3, 85**2, 85, 1], dtype=np.uint64)
#: ASCII85 groups decoded at a time: each digit is widened to 8 bytes for the sums, so a whole
#: stream at once took 1.9 GB for 20 MB of 'z' (zero groups).
_A85_GROUPS = 1 << 18


def _ascii85(data: bytes, start: int, room: int, spend: Spending) -> Decoded:
    """ASCII85 data, up to its '~>', decoded to at most ``room`` bytes (its size is known
    before decoding: 4 bytes a 'z', 4 for every 5 other characters), a band of groups at a
    time (vectorised: reportlab writes every stream this way, and the standard library's
    decoder is too slow for a whole book)."""
    end = data.find(b"~>", start)
    used = (len(data) if end < 0 else end + 2) - start
    body = data[start : len(data) if end < 0 else end].translate(None, _A85_SPACE)
    if body.startswith(b"<~"):
        body = body[2:]
    zeros = body.count(b"z")
    size = 4 * zeros + (len(body) - zeros) * 4 // 5
    if size > room:
        _over(size, spend)
    body = body.replace(b"z", b"!!!!!")
    pad = -len(body) % 5
    if pad == 4:
        raise PdfPartError("ASCII85 content ends with a single character")
    groups = np.frombuffer(body + b"u" * pad, dtype=np.uint8).reshape(-1, 5)
    pieces = []
    for top in range(0, len(groups), _A85_GROUPS):
        digits = groups[top : top + _A85_GROUPS].astype(np.int64) - 33
        if digits.size and (digits.min() < 0 or digits.max() > 84):
            raise PdfPartError("ASCII85 content with a character outside ! to u")
        values = digits.astype(np.uint64) @ _A85_POWERS
        if values.size and int(values.max()) > 0xFFFFFFFF:
            raise PdfPartError("ASCII85 content with a group over 2**32")
        pieces.append(values.astype(">u4").tobytes())
    out = b"".join(pieces)
    return Decoded(out[: len(out) - pad] if pad else out, used, end >= 0)
