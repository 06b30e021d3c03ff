"""Every standard filter chain decoded (issue 34): data sent through any chain of ASCII85,
ASCIIHex, run-length, LZW (either /EarlyChange) and Flate, with TIFF or PNG predictors after
LZW and Flate, comes back as it went in; checked against pypdf's decoders where pypdf has one
(LZW, Flate with PNG rows), so the encoders in tests/pdffilters.py are not the only judge."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf.filters import FlateDecode, LZWDecode
from pypdf.generic import DictionaryObject, NameObject, NumberObject

from mazebook.preflight import Budget, TooComplexError
from mazebook.preflight.budget import Spending
from mazebook.preflight.decode import decode
from mazebook.preflight.predict import unpredict
from mazebook.preflight.read import PdfPartError

from .pdffilters import (
    ENCODERS,
    encode_chain,
    lzw,
    png_predict,
    tiff_predict,
)

#: Bytes with long runs and repeats as well as noise (run-length and LZW take both paths).
DATA = st.lists(
    st.one_of(st.integers(0, 255), st.sampled_from([0, 0, 0, 255, 32])), max_size=3000
).map(bytes)


def _decode_all(data: bytes, chain: list[tuple[str, object]]) -> bytes:
    spend = Spending(Budget())
    for name, parm in chain:
        out = decode(name, data, parm, spend)
        assert out.complete, name
        data = out.data
    return data


def _parms(**values: int) -> DictionaryObject:
    return DictionaryObject({NameObject(f"/{k}"): NumberObject(v) for k, v in values.items()})


@given(DATA, st.lists(st.sampled_from(sorted(ENCODERS)), min_size=1, max_size=4))
def test_any_chain_of_data_filters_round_trips(data: bytes, names: list[str]) -> None:
    encoded = encode_chain(data, names)
    assert _decode_all(encoded, [(name, None) for name in names]) == data


@given(DATA, st.sampled_from([0, 1]))
def test_lzw_round_trips_with_either_early_change(data: bytes, early: int) -> None:
    encoded = lzw(data, early)
    assert _decode_all(encoded, [("/LZWDecode", _parms(EarlyChange=early))]) == data
    if early == 1:  # pypdf reads the default early change: an independent decoder agrees
        assert LZWDecode.decode(encoded) == data


@st.composite
def _image_rows(draw: st.DrawFn) -> tuple[bytes, int, int, int]:
    """(rows of image data, colours, bits a component, columns)."""
    colors = draw(st.sampled_from([1, 2, 3, 4, 5]))
    bits = draw(st.sampled_from([1, 2, 4, 8, 16]))
    columns = draw(st.integers(1, 24))
    rows = draw(st.integers(1, 8))
    row = (columns * colors * bits + 7) // 8
    data = draw(st.binary(min_size=row * rows, max_size=row * rows))
    return data, colors, bits, columns


@given(_image_rows(), st.lists(st.integers(0, 4), min_size=1, max_size=8))
def test_png_predictors_round_trip_after_flate_and_lzw(
    image: tuple[bytes, int, int, int], kinds: list[int]
) -> None:
    data, colors, bits, columns = image
    row = (columns * colors * bits + 7) // 8
    bpp = max(1, (colors * bits + 7) // 8)
    predicted = png_predict(data, bpp, row, kinds)
    parms = _parms(Predictor=15, Colors=colors, BitsPerComponent=bits, Columns=columns)
    assert unpredict(predicted, parms) == data
    assert _decode_all(zlib.compress(predicted), [("/FlateDecode", parms)]) == data
    assert _decode_all(lzw(predicted), [("/LZWDecode", parms)]) == data
    if bits == 8 and colors <= 4:  # pypdf's own PNG rows agree
        assert FlateDecode.decode(zlib.compress(predicted), parms) == data


@given(_image_rows())
def test_the_tiff_predictor_round_trips_at_every_bit_depth(
    image: tuple[bytes, int, int, int],
) -> None:
    data, colors, bits, columns = image
    predicted = tiff_predict(data, colors, bits, columns)
    parms = _parms(Predictor=2, Colors=colors, BitsPerComponent=bits, Columns=columns)
    assert _decode_all(lzw(predicted), [("/LZWDecode", parms)]) == data
    assert _decode_all(zlib.compress(predicted), [("/FlateDecode", parms)]) == data


def test_lzw_with_a_predictor_is_undone_where_pypdf_would_not() -> None:
    """pypdf's LZW ignores /DecodeParms: a predicted LZW stream came back still predicted."""
    rows = bytes(range(40)) * 5  # 5 rows of 40 grey pixels
    predicted = png_predict(rows, 1, 40, [1, 2, 4])
    parms = _parms(Predictor=15, Columns=40)
    assert LZWDecode.decode(lzw(predicted), parms) != rows
    assert _decode_all(lzw(predicted), [("/LZWDecode", parms)]) == rows


@pytest.mark.parametrize(
    ("parms", "needle"),
    [
        ({"Predictor": 15, "Columns": 10**12}, "wider than its data"),
        ({"Predictor": 15, "Colors": 0}, "/Colors"),
        ({"Predictor": 15, "BitsPerComponent": 3}, "/BitsPerComponent"),
        ({"Predictor": 7}, "predictor 7"),
    ],
)
def test_predictor_parameters_pdf_does_not_define_are_a_clear_error(
    parms: dict[str, int], needle: str
) -> None:
    """Checked before any row is made: a /Columns of a trillion costs nothing."""
    with pytest.raises(PdfPartError, match=needle):
        _decode_all(zlib.compress(b"\x00" * 100), [("/FlateDecode", _parms(**parms))])


def test_a_png_row_of_an_unknown_filter_type_is_a_clear_error() -> None:
    with pytest.raises(PdfPartError, match="filter type 9"):
        unpredict(b"\x09abc", _parms(Predictor=15, Columns=3))


def test_a_chain_stops_at_the_budget() -> None:
    """A 5 MB bomb behind ASCII85 and LZW stops one slice past the room, as Flate does."""
    bomb = b"\x00" * 5_000_000
    for names in (["/ASCII85Decode", "/FlateDecode"], ["/ASCII85Decode", "/LZWDecode"]):
        encoded = encode_chain(bomb, names)
        with pytest.raises(TooComplexError, match="1,000,000 bytes"):
            spend = Spending(Budget(max_decompressed=1_000_000))
            data = decode(names[0], encoded, None, spend).data
            spend.decompressed(len(data))
            decode(names[1], data, None, spend)


def _decode_peak(data: bytes, budget: int) -> tuple[bytes | None, int]:
    """ASCII85 ``data`` decoded under a budget of ``budget`` bytes (None when refused), and the
    peak of memory allocated meanwhile (numpy's arrays counted too)."""
    import tracemalloc

    tracemalloc.start()
    try:
        out = decode("/ASCII85Decode", data, None, Spending(Budget(max_decompressed=budget))).data
    except TooComplexError:
        out = None
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return out, peak


def test_ascii85_zero_groups_are_weighed_before_they_are_decoded() -> None:
    """2 MB of 'z' (each 4 zero bytes): over a 1 MB budget it is refused before any decoding
    (it took 90 MB to find out: every digit widened to 8 bytes), and within the budget it
    takes a few times its output, not 20 (20 MB of 'z' took 1.9 GB in `mazebook preflight`)."""
    zeros = b"z" * 2_000_000 + b"~>"
    out, peak = _decode_peak(zeros, 1_000_000)
    assert out is None and peak < 3 * len(zeros), peak
    out, peak = _decode_peak(zeros, 10_000_000)
    assert out == b"\x00" * 8_000_000 and peak < 6 * len(out), peak


def _clears(count: int, tail: bytes = b"") -> bytes:
    """LZW data of ``count`` clear codes (256, nine bits each), then ``tail``'s bytes as
    literal codes and the end code."""
    codes = [256] * count + list(tail) + [257]
    bits = "".join(format(code, "09b") for code in codes)  # the table never grows past 9 bits
    bits += "0" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big")


def test_lzw_clear_codes_in_a_row_are_a_clear_error() -> None:
    """Clear codes decode to nothing, so the budget of output never stopped them: 17 MB of
    them took 4 s a stream. A few in a row still decode (encoders write one at a time)."""
    spend = Spending(Budget())
    assert decode("/LZWDecode", _clears(3, b"ab"), None, spend).data == b"ab"
    with pytest.raises(PdfPartError, match="clear codes in a row"):
        decode("/LZWDecode", _clears(100_000, b"ab"), None, spend)
