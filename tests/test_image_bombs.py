"""Images that would make a renderer fill the memory: inline images and image XObjects alike,
every filter (abbreviated or not, alone or in a chain), every codec header, wherever the file
hides them (a page, a form, a Type3 glyph, a pattern, a soft mask, a font or profile stream).
``mazebook preview`` refuses each in one line (exit 2) before PDFium opens the file, and
preflight's budget stops at the same bytes. The files are made here, small: a budget of 200 KB
stands for the default 120 MB, and one test runs a real bomb in a process and weighs it."""

from __future__ import annotations

import base64
import io
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from pypdf._codecs._codecs import LzwCodec

from mazebook.app.cli import main
from mazebook.app.commands.preview import MAX_IMAGE_PIXELS, check_work
from mazebook.errors import MazebookError
from mazebook.preflight import Budget, preflight
from mazebook.preflight.budget import Spending
from mazebook.preflight.decode import decode
from mazebook.preflight.imagedata import inline_dict, jbig2_size, jpeg_size, jpx_size

from .peak import weigh
from .test_preflight_hostile import one_page, stream

pytestmark = pytest.mark.usefixtures("no_hang")

#: The budget the small bombs are weighed against, and what each unpacks to (over it).
SMALL = Budget(max_decompressed=200_000)
UNPACKED = 400_000


def flate(data: bytes) -> bytes:
    return zlib.compress(data, 9)


def lzw(data: bytes) -> bytes:
    return LzwCodec().encode(data)


def run_length(data: bytes) -> bytes:
    """Run-length encoding of ``data`` (runs of up to 128 repeats, literals otherwise)."""
    out = bytearray()
    pos = 0
    while pos < len(data):
        run = 1
        while pos + run < len(data) and run < 128 and data[pos + run] == data[pos]:
            run += 1
        if run > 1:
            out += bytes([257 - run, data[pos]])
        else:
            out += bytes([0, data[pos]])
        pos += run
    return bytes(out) + b"\x80"


def ahx(data: bytes) -> bytes:
    return data.hex().encode() + b">"


def a85(data: bytes) -> bytes:
    return base64.a85encode(data, adobe=True)[2:]


#: Filter chains as an inline image or a stream names them, and how each encodes its data
#: (applied last filter first); the bomb is in the filter a renderer unpacks whole (an inline
#: image's first, any filter but the last, an LZW filter anywhere), so the filters after it
#: get bytes they cannot read, as a hostile file gives them.
CHAINS = {
    "Fl": ([b"/Fl"], [flate]),
    "FlateDecode": ([b"/FlateDecode"], [flate]),
    "LZW": ([b"/LZW"], [lzw]),
    "LZWDecode": ([b"/LZWDecode"], [lzw]),
    "RL": ([b"/RL"], [run_length]),
    "RunLengthDecode": ([b"/RunLengthDecode"], [run_length]),
    "AHx-LZW": ([b"/AHx", b"/LZW"], [ahx, lzw]),
    "ASCII85Decode-LZWDecode": ([b"/ASCII85Decode", b"/LZWDecode"], [a85, lzw]),
    "A85-Fl-DCT": ([b"/A85", b"/Fl", b"/DCT"], [a85, flate]),
    "Fl-DCT": ([b"/Fl", b"/DCT"], [flate]),
    "Fl-Fl": ([b"/Fl", b"/Fl"], [flate]),
    "RL-CCF": ([b"/RL", b"/CCF"], [run_length]),
    "LZW-JBIG2Decode": ([b"/LZW", b"/JBIG2Decode"], [lzw]),
    "FlateDecode-JPXDecode": ([b"/FlateDecode", b"/JPXDecode"], [flate]),
}
#: Chains whose last filter (Flate, run-length) a renderer reads row by row.
ROW_BY_ROW = {
    "FlateDecode": ([b"/FlateDecode"], [flate]),
    "RL": ([b"/RL"], [run_length]),
    "A85-Fl": ([b"/A85", b"/Fl"], [a85, flate]),
    "AHx-Fl": ([b"/AHx", b"/Fl"], [ahx, flate]),
}
Coder = Callable[[bytes], bytes]


def encoded(
    chain: str, data: bytes, table: dict[str, tuple[list[bytes], list[Coder]]] = CHAINS
) -> tuple[bytes, bytes]:
    """(the /Filter value, the data encoded by it)."""
    names, coders = table[chain]
    for coder in reversed(coders):
        data = coder(data)
    value = names[0] if len(names) == 1 else b"[" + b" ".join(names) + b"]"
    return value, data


def inline_pdf(path: Path, header: bytes, data: bytes) -> Path:
    content = b"q 100 0 0 100 0 0 cm BI " + header + b" ID " + data + b"\nEI Q"
    return one_page(path, content)


def xobject_pdf(path: Path, dictionary: bytes, data: bytes) -> Path:
    image = stream(data, b"/Type /XObject /Subtype /Image " + dictionary)
    return one_page(
        path, b"q 100 0 0 100 0 0 cm /I Do Q", b"<< /XObject << /I 5 0 R >> >>", [image]
    )


def refused(pdf: Path, *needles: str, budget: Budget | None = SMALL) -> str:
    """check_work refuses the file; its message."""
    with pytest.raises(MazebookError) as caught:
        check_work(pdf, pdf.read_bytes(), 1, 1, budget)
    message = str(caught.value)
    assert "\n" not in message and pdf.name in message
    for needle in needles:
        assert needle in message, message
    return message


# --- the decompression budget --------------------------------------------------------------


@pytest.mark.parametrize("chain", sorted(CHAINS))
def test_an_inline_image_unpacking_past_the_budget_is_refused(tmp_path: Path, chain: str) -> None:
    """The old preview took 3.2 GB and exited 0 on a 2 MB inline Flate image."""
    value, data = encoded(chain, b"\0" * UNPACKED)
    pdf = inline_pdf(tmp_path / "inline.pdf", b"/W 10 /H 10 /BPC 8 /CS /G /F " + value, data)
    refused(pdf, "too complex to preview", "200,000 bytes")
    readable = preflight(pdf, loose=True, budget=SMALL).check("content readable")
    assert not readable.ok and "200,000 bytes" in readable.detail


@pytest.mark.parametrize(
    "chain", ["LZWDecode", "ASCII85Decode-LZWDecode", "A85-Fl-DCT", "Fl-DCT", "Fl-Fl", "RL-CCF"]
)
def test_an_image_xobject_whose_whole_unpacked_filters_pass_the_budget_is_refused(
    tmp_path: Path, chain: str
) -> None:
    """PDFium unpacks every filter but the last, and LZW even when last, whole (3.1 GB)."""
    value, data = encoded(chain, b"\0" * UNPACKED)
    pdf = xobject_pdf(
        tmp_path / "x.pdf",
        b"/Width 10 /Height 10 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter " + value,
        data,
    )
    refused(pdf, "too complex to preview", "200,000 bytes")


@pytest.mark.parametrize("chain", sorted(ROW_BY_ROW))
def test_a_last_flate_or_run_length_filter_is_left_to_the_renderer(
    tmp_path: Path, chain: str
) -> None:
    """A last Flate or run-length filter is read row by row, as far as the image's size (an
    inline image's too, when it is not its first): a large but ordinary picture is not
    counted against the content budget, and PDFium reads no more of it than that."""
    value, data = encoded(chain, bytes(range(256)) * 2_000, ROW_BY_ROW)
    entries = b"/Width 1000 /Height 512 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter "
    pdf = xobject_pdf(tmp_path / "photo.pdf", entries + value, data)
    check_work(pdf, pdf.read_bytes(), 1, 1, SMALL)
    if chain.startswith("A"):
        pdf = inline_pdf(tmp_path / "inline.pdf", b"/W 1000 /H 512 /BPC 8 /CS /G /F " + value, data)
        check_work(pdf, pdf.read_bytes(), 1, 1, SMALL)


@pytest.mark.parametrize(
    "where", ["type3 glyph", "tiling pattern", "soft mask", "font file", "colour profile", "form"]
)
def test_bombs_off_the_page_are_found_too(tmp_path: Path, where: str) -> None:
    """A renderer unpacks every stream a page reaches, not only the page's own content."""
    bomb = flate(b"\0" * UNPACKED)
    image = b"BI /W 10 /H 10 /BPC 8 /CS /G /F /Fl ID " + bomb + b"\nEI"
    if where == "type3 glyph":
        font = (
            b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 "
            b"0.001 0 0] /CharProcs << /a 6 0 R >> /Encoding << /Differences [97 /a] >> "
            b"/FirstChar 97 /LastChar 97 /Widths [1000] /Resources << >> >>"
        )
        glyph = stream(b"1000 0 0 0 1000 1000 d1 " + image)
        pdf = one_page(
            tmp_path / "t3.pdf",
            b"BT /F1 50 Tf (a) Tj ET",
            b"<< /Font << /F1 5 0 R >> >>",
            [font, glyph],
        )
    elif where == "tiling pattern":
        pattern = stream(
            image,
            b"/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 9 9] "
            b"/XStep 9 /YStep 9 /Resources << >>",
        )
        pdf = one_page(
            tmp_path / "p.pdf",
            b"/Pattern cs /P1 scn 0 0 99 99 re f",
            b"<< /Pattern << /P1 5 0 R >> >>",
            [pattern],
        )
    elif where == "soft mask":
        group = stream(image, b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] /Resources << >>")
        state = b"<< /SMask << /S /Luminosity /G 6 0 R >> >>"
        pdf = one_page(
            tmp_path / "s.pdf",
            b"/G1 gs 0 0 99 99 re f",
            b"<< /ExtGState << /G1 5 0 R >> >>",
            [state, group],
        )
    elif where == "form":  # drawn by no page at all
        form = stream(image, b"/Type /XObject /Subtype /Form /BBox [0 0 9 9]")
        pdf = one_page(tmp_path / "f.pdf", b"0 0 m 9 9 l S", b"<< >>", [form])
    else:
        key = b"/Length1 9" if where == "font file" else b"/N 3"
        pdf = one_page(
            tmp_path / "o.pdf",
            b"0 0 m 9 9 l S",
            b"<< >>",
            [stream(bomb, key + b" /Filter /FlateDecode")],
        )
    refused(pdf, "too complex to preview", "200,000 bytes")


# --- the 100-megapixel cap ---------------------------------------------------------------------


def jpeg(width: int, height: int) -> bytes:
    """A small JPEG whose frame header claims ``width`` x ``height``."""
    buf = io.BytesIO()
    Image.new("L", (16, 16)).save(buf, "JPEG")
    data = buf.getvalue()
    frame = data.find(b"\xff\xc0")
    return data[: frame + 5] + struct.pack(">HH", height, width) + data[frame + 9 :]


def jpx(width: int, height: int) -> bytes:
    """A small JPEG 2000 image whose SIZ marker claims ``width`` x ``height``."""
    buf = io.BytesIO()
    Image.new("L", (16, 16)).save(buf, "JPEG2000")
    data = buf.getvalue()
    siz = data.find(b"\xff\x51")
    return data[: siz + 6] + struct.pack(">II", width, height) + data[siz + 14 :]


def jbig2(width: int, height: int) -> bytes:
    """An embedded JBIG2 stream: a page information segment of this size, then its end."""
    page = struct.pack(">IIIIBH", width, height, 0, 0, 0, 0)
    return (
        struct.pack(">IBBBI", 0, 48, 0, 1, len(page)) + page + struct.pack(">IBBBI", 1, 49, 0, 1, 0)
    )


#: Images of 400 megapixels by their dictionary or by their codec's own header, as
#: (dictionary entries after the size, data), inline keys; the size in the dictionary is
#: 10 x 10 unless the case says otherwise.
GIANTS = {
    "raw": (b"/W 20000 /H 20000 /BPC 8 /CS /RGB", b"\0" * 64),
    "flate": (b"/W 20000 /H 20000 /BPC 8 /CS /G /F /Fl", flate(b"\0" * 100)),
    "dct-header": (b"/W 10 /H 10 /BPC 8 /CS /G /F /DCT", jpeg(20000, 20000)),
    "jpx-header": (b"/W 10 /H 10 /BPC 8 /F /JPXDecode", jpx(20000, 20000)),
    "jbig2-page": (b"/W 10 /H 10 /BPC 1 /CS /G /F /JBIG2Decode", jbig2(20000, 20000)),
    "ccitt-columns": (
        b"/W 10 /H 10 /BPC 1 /CS /G /F /CCF /DP << /K -1 /Columns 20000 /Rows 20000 >>",
        b"\0" * 64,
    ),
    "mask": (b"/W 20000 /H 20000 /IM true", b"\0" * 64),
}

_FULL_KEYS = {
    b"/W ": b"/Width ",
    b"/H ": b"/Height ",
    b"/BPC ": b"/BitsPerComponent ",
    b"/CS ": b"/ColorSpace ",
    b"/F ": b"/Filter ",
    b"/DP ": b"/DecodeParms ",
    b"/IM ": b"/ImageMask ",
    b"/G": b"/DeviceGray",
    b"/RGB": b"/DeviceRGB",
    b"/Fl": b"/FlateDecode",
    b"/DCT": b"/DCTDecode",
    b"/CCF": b"/CCITTFaxDecode",
}


def as_stream_dictionary(entries: bytes) -> bytes:
    for short, full in _FULL_KEYS.items():
        entries = entries.replace(short, full)
    return entries


@pytest.mark.parametrize("kind", sorted(GIANTS))
@pytest.mark.parametrize("inline", [True, False], ids=["inline", "xobject"])
def test_an_image_over_100_megapixels_is_refused(tmp_path: Path, kind: str, inline: bool) -> None:
    """Inline images were not weighed at all; a codec's header was believed nowhere."""
    entries, data = GIANTS[kind]
    if inline:
        pdf = inline_pdf(tmp_path / "giant.pdf", entries, data)
    else:
        pdf = xobject_pdf(tmp_path / "giant.pdf", as_stream_dictionary(entries), data)
    refused(pdf, "too complex to preview", "400,000,000 pixels", f"{MAX_IMAGE_PIXELS:,}")


def test_the_command_line_refuses_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = inline_pdf(tmp_path / "giant.pdf", *GIANTS["dct-header"])
    assert main(["preview", str(pdf), "-o", str(tmp_path / "png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "400,000,000 pixels" in err[0], err
    assert not (tmp_path / "png").exists()


def test_small_inline_images_are_still_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, entries, data in (
        ("flate", b"/W 8 /H 8 /BPC 8 /CS /G /F /Fl", flate(bytes(range(64)))),
        ("hex", b"/W 8 /H 8 /BPC 8 /CS /G /F [/AHx /Fl]", ahx(flate(bytes(64)))),
        ("raw", b"/W 8 /H 8 /BPC 8 /CS /G", bytes(range(64))),
    ):
        pdf = inline_pdf(tmp_path / f"{name}.pdf", entries, data)
        out = tmp_path / name
        assert main(["preview", str(pdf), "-o", str(out), "--dpi", "20"]) == 0, capsys.readouterr()
        assert [p.name for p in out.iterdir()] == [f"{name}-001.png"]


def test_unfiltered_image_data_ends_by_its_size_not_at_the_first_ei(tmp_path: Path) -> None:
    """An image's bytes may hold ' EI ': a renderer skips width x height bytes, so must the
    checks (the old lexer stopped there and read the rest as operators)."""
    data = b" EI 1 0 0 rg 0 0 9 9 re f ".ljust(64, b"\0")
    pdf = inline_pdf(tmp_path / "ei.pdf", b"/W 8 /H 8 /BPC 8 /CS /G", data)
    report = preflight(pdf, loose=True)
    assert "black and grey only" not in report.failed(), report.lines()
    assert report.check("content readable").ok


def test_a_flate_image_ends_where_its_data_ends(tmp_path: Path) -> None:
    """Its end is where its compressed data stops, then EI: operators after it are read."""
    data = flate(bytes(64))
    content = b"BI /W 8 /H 8 /BPC 8 /CS /G /F /Fl ID " + data + b"EI 1 0 0 rg 0 0 9 9 re f"
    report = preflight(one_page(tmp_path / "end.pdf", content), loose=True)
    assert "black and grey only" in report.failed(), report.lines()


@pytest.mark.slow
def test_a_real_inline_bomb_is_refused_within_500_mb(tmp_path: Path) -> None:
    """A 0.3 MB file whose inline image unpacks to 300 MB, at the default budget, in a process
    of its own: refused in one line, exit 2, its peak memory weighed (it was 3.2 GB)."""
    deflater = zlib.compressobj(9)
    block = b"\0" * (1 << 20)
    bomb = b"".join(deflater.compress(block) for _ in range(300)) + deflater.flush()
    pdf = inline_pdf(tmp_path / "bomb.pdf", b"/W 10 /H 10 /BPC 8 /CS /G /F /Fl", bomb)
    run = weigh(
        [sys.executable, "-m", "mazebook", "preview", str(pdf), "-o", str(tmp_path / "png")]
    )
    assert run.returncode == 2, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "too complex" in run.stderr
    assert run.peak_kb < 500 * 1024, run.peak_kb  # ru_maxrss is in kilobytes on Linux


# --- the decoders and header readers -----------------------------------------------------------


@given(st.binary(max_size=3000))
def test_the_decoders_give_back_what_was_encoded(data: bytes) -> None:
    spend = Spending(Budget())
    for name, coder in (
        ("/LZW", lzw),
        ("/RL", run_length),
        ("/Fl", flate),
        ("/AHx", ahx),
        ("/A85", a85),
    ):
        out = decode(name, coder(data) + b"trailing", None, spend)
        assert out.data == data, name
        assert out.used == len(coder(data)) and out.complete, name


def test_a_decoder_stops_just_past_the_room() -> None:
    spend = Spending(Budget(max_decompressed=10_000))
    for name, coder in (("/LZW", lzw), ("/RL", run_length), ("/Fl", flate)):
        with pytest.raises(MazebookError, match="10,000 bytes"):
            decode(name, coder(b"\0" * 50_000), None, spend)


def test_the_header_readers() -> None:
    assert jpeg_size(jpeg(1234, 567)) == (1234, 567)
    assert jpx_size(jpx(4321, 765)) == (4321, 765)
    assert jbig2_size(jbig2(300, 200)) == (300, 200)
    assert jpeg_size(b"not a jpeg") is None and jpx_size(b"") is None and jbig2_size(b"") is None


def test_an_inline_dictionary_in_full_names() -> None:
    entries = inline_dict(
        b"/W 4 /H 2.0 /CS [/I /RGB 1 <00ff00>] /F [/AHx /Fl] /DP [null << /K -1 >>] /IM false"
    )
    assert entries["/Width"] == 4 and entries["/Height"] == 2
    assert entries["/ColorSpace"][:2] == ["/Indexed", "/DeviceRGB"]
    assert entries["/Filter"] == ["/AHx", "/Fl"] and entries["/DecodeParms"][1] == {"/K": -1}
    assert entries["/ImageMask"] is False
