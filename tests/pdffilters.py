"""PDF stream filters written the plain way, for tests: each standard encoder and predictor,
so data can be sent through any chain and preflight's decoders checked against it."""

from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence


def ascii85(data: bytes, wrap: int = 0) -> bytes:
    """ASCII85 (z for four zero bytes), ended by '~>'."""
    return base64.a85encode(data, wrapcol=wrap) + b"~>"


def ascii_hex(data: bytes) -> bytes:
    """ASCIIHex, a space now and then, ended by '>'."""
    text = data.hex().encode()
    return b" ".join(text[i : i + 60] for i in range(0, len(text), 60)) + b">"


def run_length(data: bytes) -> bytes:
    """Run-length: repeats of 2 to 128 bytes as one, the rest as literals; 128 ends."""
    out = bytearray()
    i = 0
    while i < len(data):
        run = 1
        while i + run < len(data) and run < 128 and data[i + run] == data[i]:
            run += 1
        if run > 1:
            out += bytes([257 - run, data[i]])
            i += run
            continue
        start = i
        while i < len(data) and i - start < 128:
            if i + 1 < len(data) and data[i + 1] == data[i]:
                break
            i += 1
        i = max(i, start + 1)
        out += bytes([i - start - 1]) + data[start:i]
    return bytes(out + b"\x80")


def lzw(data: bytes, early: int = 1, reset_at: int = 4000) -> bytes:
    """PDF's LZW: codes of 9 to 12 bits, a clear code first (and whenever the table fills),
    the end code last; widths change one code early when ``early`` is 1 (/EarlyChange)."""
    bits: list[tuple[int, int]] = []
    table: dict[bytes, int] = {}
    width, size, first = 9, 258, True

    def reset() -> None:
        nonlocal width, size, first
        table.clear()
        table.update({bytes([i]): i for i in range(256)})
        width, size, first = 9, 258, True

    def emit(code: int) -> None:
        nonlocal width, size, first
        bits.append((code, width))
        if code == 256:
            return
        if first:
            first = False
        else:
            size += 1  # the entry the reader adds on this code
        if width < 12 and size + early >= 1 << width:
            width += 1

    reset()
    bits.append((256, 9))
    word = b""
    for value in data:
        longer = word + bytes([value])
        if longer in table:
            word = longer
            continue
        emit(table[word])
        table[longer] = len(table) + 2
        word = bytes([value])
        if len(table) + 2 >= reset_at:
            bits.append((256, width))
            reset()
    if word:
        emit(table[word])
    bits.append((257, width))
    number = 0
    count = 0
    for code, w in bits:
        number = (number << w) | code
        count += w
    pad = -count % 8
    return (number << pad).to_bytes((count + pad) // 8, "big")


def flate(data: bytes) -> bytes:
    """zlib's deflate."""
    return zlib.compress(data, 6)


ENCODERS = {
    "/ASCII85Decode": ascii85,
    "/ASCIIHexDecode": ascii_hex,
    "/RunLengthDecode": run_length,
    "/LZWDecode": lzw,
    "/FlateDecode": flate,
}


def encode_chain(data: bytes, names: Sequence[str]) -> bytes:
    """``data`` encoded so that decoding with ``names`` in order gives it back."""
    for name in reversed(names):
        data = ENCODERS[name](data)
    return data


# --- predictors ---------------------------------------------------------------------------------


def png_predict(data: bytes, bpp: int, row: int, kinds: Sequence[int]) -> bytes:
    """Rows of ``row`` bytes filtered by PNG's filter types (``kinds``, cycled), each row led
    by its type byte, ``bpp`` bytes a pixel."""
    out = bytearray()
    above = bytes(row)
    for r in range(len(data) // row):
        line = data[r * row : (r + 1) * row]
        kind = kinds[r % len(kinds)]
        out.append(kind)
        for i in range(row):
            left = line[i - bpp] if i >= bpp else 0
            up = above[i]
            corner = above[i - bpp] if i >= bpp else 0
            if kind == 0:
                guess = 0
            elif kind == 1:
                guess = left
            elif kind == 2:
                guess = up
            elif kind == 3:
                guess = (left + up) // 2
            else:
                p = left + up - corner
                to_left, to_up, to_corner = abs(p - left), abs(p - up), abs(p - corner)
                if to_left <= to_up and to_left <= to_corner:
                    guess = left
                elif to_up <= to_corner:
                    guess = up
                else:
                    guess = corner
            out.append((line[i] - guess) % 256)
        above = line
    return bytes(out)


def tiff_predict(data: bytes, colors: int, bits: int, columns: int) -> bytes:
    """TIFF predictor 2: each sample less the one of its colour to its left (modulo 2**bits),
    rows of whole bytes (the last byte's padding kept)."""
    row = (columns * colors * bits + 7) // 8
    out = bytearray()
    for r in range(len(data) // row):
        line = data[r * row : (r + 1) * row]
        number = int.from_bytes(line, "big")
        total = row * 8
        samples = [
            (number >> (total - (i + 1) * bits)) & ((1 << bits) - 1)
            for i in range(columns * colors)
        ]
        diffs = [
            (s - samples[i - colors]) % (1 << bits) if i >= colors else s
            for i, s in enumerate(samples)
        ]
        padding = number & ((1 << (total - columns * colors * bits)) - 1)
        value = 0
        for d in diffs:
            value = (value << bits) | d
        value = (value << (total - columns * colors * bits)) | padding
        out += value.to_bytes(row, "big")
    return bytes(out)
