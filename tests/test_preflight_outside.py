"""Preflight's own gaps (issue 34, point 4), on PDFs made here (reportlab, Pillow, raw bytes):
text under the printer's smallest size measured as it lands on paper; a CMYK JPEG's ink read
as a RIP reads it (Adobe's inverted samples and /Decode together); CMYK images behind every
standard filter chain measured; layers switched off by default and near-white tints warned."""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from mazebook.app.cli import main
from mazebook.preflight import Budget, Report, preflight
from mazebook.printing.printers import KDP

from .pdffilters import encode_chain, lzw, png_predict, tiff_predict
from .test_preflight import FONT, IN, Draw, book, clean, cover
from .test_preflight_hostile import one_page, raw_pdf, stream

Box = tuple[float, float, float, float]

#: A flat CMYK colour of 157 % total ink: 102, 77, 69 and 153 of 255.
INK_157 = (102, 77, 69, 153)
HELVETICA = b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"


def _percent(detail: str) -> float:
    """The highest ink a check's detail gives ('highest 157 %')."""
    return float(detail.split("highest ", 1)[1].split(" %", 1)[0])


def _colour_sheet(path: Path) -> Report:
    """A loose sheet checked by IngramSpark's rules on colour paper (CMYK images taken)."""
    return preflight(path, printer="ingramspark", loose=True, paper="color")


def _jpeg(ink: tuple[int, int, int, int] = INK_157, size: tuple[int, int] = (64, 48)) -> bytes:
    """A flat CMYK JPEG as Pillow (and Photoshop) write one: an Adobe APP14 marker with
    transform 0, the ink stored inverted."""
    out = io.BytesIO()
    Image.new("CMYK", size, ink).save(out, "JPEG", quality=100)
    return out.getvalue()


# --- (a) text under the printer's smallest size ----------------------------------------------


def _text(size: float, matrix: str = "") -> Draw:
    """A clean page with one more line of text in ``size`` pt, under ``matrix`` ('0.5 0 0
    0.5 0 0' for a cm) if given."""

    def draw(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        if number != 3:
            return
        canvas.saveState()
        if matrix:
            canvas.transform(*(float(v) for v in matrix.split()))
        canvas.setFont(FONT, size)
        canvas.drawString(box[0] + 2 * IN, box[1] + 3 * IN, "Answers on page 40")
        canvas.restoreState()

    return draw


def test_text_under_7_pt_fails_kdp_naming_the_page_and_size(tmp_path: Path) -> None:
    small = preflight(book(tmp_path / "small.pdf", draw=_text(6.5)))
    assert small.failed() == {"text size"}, small.lines()
    detail = small.check("text size").detail
    assert "page 3: 6.5 pt" in detail and "kdp requires at least 7 pt" in detail
    assert "1 page" in detail
    seven = preflight(book(tmp_path / "seven.pdf", draw=_text(7)))
    assert seven.ok and "smallest 7 pt" in seven.check("text size").detail, seven.lines()


def test_text_is_measured_through_the_ctm_not_by_its_tf_operand(tmp_path: Path) -> None:
    """14 pt drawn at half size is 7 pt; at 0.45 it is 6.3 pt (under KDP's 7 pt)."""
    half = book(tmp_path / "half.pdf", draw=_text(14, "0.5 0 0 0.5 0 0"))
    assert preflight(half).ok
    less = book(tmp_path / "less.pdf", draw=_text(14, "0.45 0 0 0.45 0 0"))
    report = preflight(less)
    assert report.failed() == {"text size"}, report.lines()
    assert "page 3: 6.3 pt" in report.check("text size").detail
    # turned a quarter round and scaled: the em's height on paper still counts
    turned = book(tmp_path / "turned.pdf", draw=_text(20, "0 0.3 -0.3 0 300 100"))
    assert "page 3: 6 pt" in preflight(turned).check("text size").detail


def _raw_text(path: Path, size: float, tm: float, ctm: float, render: int = 0) -> Path:
    """One 6 x 9 in page: text of Tf ``size`` under a text matrix scaled ``tm`` and a CTM
    scaled ``ctm``, in text render mode ``render``."""
    content = b"q %g 0 0 %g 72 72 cm BT /F1 %g Tf %d Tr %g 0 0 %g 10 10 Tm (Legal) Tj ET Q" % (
        ctm,
        ctm,
        size,
        render,
        tm,
        tm,
    )
    return one_page(path, content, HELVETICA)


@given(st.floats(1, 30), st.floats(0.1, 3), st.floats(0.1, 3))
def test_text_size_is_tf_times_the_text_matrix_times_the_ctm(
    tmp_path_factory: pytest.TempPathFactory, size: float, tm: float, ctm: float
) -> None:
    size, tm, ctm = round(size, 2), round(tm, 3), round(ctm, 3)
    printed = size * tm * ctm
    assume(abs(printed - 7) > 0.02)
    path = _raw_text(tmp_path_factory.mktemp("t") / "t.pdf", size, tm, ctm)
    check = preflight(path, loose=True).check("text size")
    assert check.ok == (printed >= 7), (printed, check)
    shown = re.search(r"(?:smallest|page 1:) ([0-9.]+) pt", check.detail)
    assert shown is not None and float(shown.group(1)) == pytest.approx(printed, rel=5e-3)


def test_invisible_text_is_not_measured(tmp_path: Path) -> None:
    """An OCR layer (render mode 3) prints nothing, however small."""
    hidden = preflight(_raw_text(tmp_path / "ocr.pdf", 2, 1, 1, render=3), loose=True)
    assert hidden.check("text size").detail == "no text"
    shown = preflight(_raw_text(tmp_path / "shown.pdf", 2, 1, 1), loose=True)
    assert not shown.check("text size").ok


def test_an_advised_minimum_warns_and_a_printer_without_one_passes(tmp_path: Path) -> None:
    path = book(tmp_path / "small.pdf", pages=32, draw=_text(5))
    advised = dataclasses.replace(KDP, min_text_required=False)
    report = preflight(path, printer=advised)
    assert report.ok and report.warned() == {"text size"}, report.lines()
    assert "kdp advises at least 7 pt" in report.check("text size").detail
    ingram = preflight(path, printer="ingramspark", paper="white")
    assert ingram.check("text size").ok and not ingram.check("text size").warn
    assert "ingramspark publishes no minimum" in ingram.check("text size").detail
    assert KDP.min_text_size == 7 and KDP.min_text_required


# --- (b) a CMYK JPEG's ink as the RIP reads it ---------------------------------------------------


def test_an_adobe_cmyk_jpeg_is_measured_at_its_true_ink(tmp_path: Path) -> None:
    """Stored inverted (APP14, transform 0) with /Decode [1 0 1 0 1 0 1 0], as reportlab and
    Photoshop write it: 157 %, not the 243 % of inverting it twice."""
    jpeg = tmp_path / "photo.jpg"
    jpeg.write_bytes(_jpeg())
    marker = jpeg.read_bytes().find(b"Adobe")
    assert marker > 0 and jpeg.read_bytes()[marker + 11] == 0  # APP14: transform 0

    def photo(canvas: Canvas, number: int, box: Box) -> None:
        canvas.drawImage(str(jpeg), box[2] - 5 * IN, box[1] + 3 * IN, 0.2 * IN, 0.15 * IN)

    path = cover(tmp_path / "cover.pdf", pages=200, printer="ingramspark", draw=photo)
    image = next(
        x.get_object()
        for x in PdfReader(str(path)).pages[0]["/Resources"]["/XObject"].values()
        if x.get_object()["/Subtype"] == "/Image"
    )
    assert list(image["/Decode"]) == [1, 0, 1, 0, 1, 0, 1, 0]
    assert list(image["/Filter"]) == ["/ASCII85Decode", "/DCTDecode"]
    report = preflight(path, printer="ingramspark", cover=True, pages=200)
    assert report.ok, report.lines()
    assert _percent(report.check("ink coverage").detail) == pytest.approx(157, abs=1.5)


def _jpeg_pdf(
    path: Path,
    jpeg: bytes,
    extra: bytes,
    filters: bytes = b"/DCTDecode",
    *,
    space: bytes = b"/ColorSpace /DeviceCMYK",
    matrix: bytes = b"15.36 0 0 11.52 144 144",
) -> Path:
    """One 6 x 9 in page showing a CMYK image XObject of ``jpeg`` (64 x 48 px, at 300 dpi
    unless ``matrix`` places it otherwise)."""
    image = stream(
        jpeg,
        b"/Type /XObject /Subtype /Image /Width 64 /Height 48 "
        + space
        + b" /BitsPerComponent 8 /Filter "
        + filters
        + b" "
        + extra,
    )
    content = b"q " + matrix + b" cm /Im Do Q"
    return one_page(path, content, b"<< /XObject << /Im 5 0 R >> >>", [image])


def test_decode_arrays_and_stored_samples_together_give_the_printed_ink(tmp_path: Path) -> None:
    inverted = _jpeg_pdf(tmp_path / "decode.pdf", _jpeg(), b"/Decode [1 0 1 0 1 0 1 0]")
    good = _colour_sheet(inverted)
    assert good.ok, good.lines()
    assert _percent(good.check("ink coverage").detail) == pytest.approx(157, abs=1.5)
    # without /Decode a RIP prints the stored (inverted) samples: a negative of 243 %
    negative = _colour_sheet(_jpeg_pdf(tmp_path / "neg.pdf", _jpeg(), b""))
    assert negative.failed() == {"ink coverage"}
    assert _percent(negative.check("ink coverage").detail) == pytest.approx(243, abs=1.5)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_poppler_prints_the_jpeg_as_the_same_colour_filled_as_vector_paint(
    tmp_path: Path,
) -> None:
    """The reading is a renderer's: poppler draws the Adobe JPEG with its /Decode exactly as a
    vector fill of the ink the check measures (and its negative without /Decode)."""

    def rgb(path: Path) -> np.ndarray:
        out = subprocess.run(
            [
                "pdftoppm",
                "-r",
                "20",
                "-x",
                "60",
                "-y",
                "90",
                "-W",
                "2",
                "-H",
                "2",
                "-png",
                str(path),
            ],
            capture_output=True,
            check=True,
        ).stdout
        return np.asarray(Image.open(io.BytesIO(out)).convert("RGB"), dtype=float).mean((0, 1))

    c, m, y, k = (v / 255 for v in INK_157)
    fill = one_page(tmp_path / "fill.pdf", b"%g %g %g %g k 0 0 432 648 re f" % (c, m, y, k))
    whole = b"432 0 0 648 0 0"
    image = _jpeg_pdf(tmp_path / "img.pdf", _jpeg(), b"/Decode [1 0 1 0 1 0 1 0]", matrix=whole)
    assert np.abs(rgb(fill) - rgb(image)).max() < 6
    stored = _jpeg_pdf(tmp_path / "stored.pdf", _jpeg(), b"", matrix=whole)
    negative = b"%g %g %g %g k 0 0 432 648 re f" % (1 - c, 1 - m, 1 - y, 1 - k)
    assert np.abs(rgb(one_page(tmp_path / "neg.pdf", negative)) - rgb(stored)).max() < 6
    assert np.abs(rgb(fill) - rgb(stored)).max() > 20


# --- (c) every filter chain ----------------------------------------------------------------------

JPEG_CHAINS = [
    ["/ASCII85Decode"],
    ["/FlateDecode"],
    ["/ASCIIHexDecode"],
    ["/RunLengthDecode"],
    ["/LZWDecode"],
    ["/ASCII85Decode", "/FlateDecode"],
    ["/ASCIIHexDecode", "/LZWDecode", "/RunLengthDecode"],
]


@pytest.mark.parametrize("chain", JPEG_CHAINS, ids=lambda c: "+".join(n[1:4] for n in c))
def test_a_cmyk_jpeg_behind_any_filter_chain_is_decoded_and_measured(
    tmp_path: Path, chain: list[str]
) -> None:
    data = encode_chain(_jpeg(), chain)
    filters = b"[" + b" ".join(n.encode() for n in chain) + b" /DCTDecode]"
    path = _jpeg_pdf(tmp_path / "chain.pdf", data, b"/Decode [1 0 1 0 1 0 1 0]", filters)
    report = _colour_sheet(path)
    assert report.ok, report.lines()
    assert _percent(report.check("ink coverage").detail) == pytest.approx(157, abs=1.5)


def test_abbreviated_names_and_a_predictor_before_the_jpeg_are_read(tmp_path: Path) -> None:
    jpeg = _jpeg()
    rows = jpeg + b"\x00" * (-len(jpeg) % 16)  # whole rows of 16 bytes for the predictor
    data = zlib.compress(png_predict(rows, 1, 16, [2, 4]))
    filters = b"[/Fl /DCT] /DecodeParms [<< /Predictor 12 /Columns 16 >> null]"
    path = _jpeg_pdf(tmp_path / "pred.pdf", data, b"/Decode [1 0 1 0 1 0 1 0]", filters)
    report = _colour_sheet(path)
    assert _percent(report.check("ink coverage").detail) == pytest.approx(157, abs=1.5)


def _raw_image(
    path: Path, samples: bytes, width: int, height: int, extra: bytes, filters: bytes = b""
) -> Path:
    image = stream(
        samples,
        b"/Type /XObject /Subtype /Image /Width %d /Height %d %s %s"
        % (width, height, extra, filters),
    )
    content = b"q 72 0 0 72 144 144 cm /Im Do Q"
    return one_page(path, content, b"<< /XObject << /Im 5 0 R >> >>", [image])


def _pixels(seed: int, width: int = 12, height: int = 8) -> np.ndarray:
    """Random CMYK pixels, with one of 300 % ink."""
    pixels = np.random.default_rng(seed).integers(0, 120, (height, width, 4), dtype=np.uint8)
    pixels[3, 5] = (255, 255, 255, 0)
    return pixels


@pytest.mark.parametrize(
    ("filters", "encode"),
    [
        (b"/Filter /RunLengthDecode", lambda d, c: encode_chain(d, ["/RunLengthDecode"])),
        (
            b"/Filter [/ASCIIHexDecode /FlateDecode]",
            lambda d, c: encode_chain(d, ["/ASCIIHexDecode", "/FlateDecode"]),
        ),
        (
            b"/Filter /LZWDecode /DecodeParms << /Predictor 15 /Colors 4 /Columns 12 >>",
            lambda d, c: lzw(png_predict(d, 4, c * 4, [0, 1, 2, 3, 4])),
        ),
        (
            b"/Filter /FlateDecode /DecodeParms << /Predictor 2 /Colors 4 /Columns 12 >>",
            lambda d, c: zlib.compress(tiff_predict(d, 4, 8, c)),
        ),
        (
            b"/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>",
            lambda d, c: lzw(d, early=0),
        ),
    ],
    ids=["runlength", "hex+flate", "lzw+png", "flate+tiff", "lzw-early0"],
)
def test_a_raw_cmyk_image_behind_a_chain_is_measured_exactly(
    tmp_path: Path, filters: bytes, encode: object
) -> None:
    pixels = _pixels(1)
    data = encode(pixels.tobytes(), 12)  # type: ignore[operator]
    extra = b"/ColorSpace /DeviceCMYK /BitsPerComponent 8"
    path = _raw_image(tmp_path / "raw.pdf", data, 12, 8, extra, filters)
    report = _colour_sheet(path)
    assert report.failed() == {"ink coverage", "images"}, report.lines()  # 300 %; 12 px an inch
    assert "highest 300 %" in report.check("ink coverage").detail


@given(st.sampled_from([1, 2, 4, 8, 16]), st.integers(0, 2**16), st.booleans())
def test_cmyk_samples_of_any_depth_through_decode_are_measured(
    tmp_path_factory: pytest.TempPathFactory, bits: int, seed: int, invert: bool
) -> None:
    """Any bit depth, any /Decode: the check's ink is the highest sum over the pixels of each
    sample mapped through its (low, high) pair."""
    rng = np.random.default_rng(seed)
    width, height = int(rng.integers(1, 9)), int(rng.integers(1, 6))
    top = (1 << bits) - 1
    values = rng.integers(0, top + 1, (height, width * 4))
    pairs = [(1.0, 0.0) if invert else (0.0, 1.0)] * 3 + [(0.2, 0.9)]
    flat = np.array(
        [
            low + v / top * (high - low)
            for v, (low, high) in zip(values.reshape(-1, 4).T, pairs, strict=True)
        ]
    )
    expected = flat.sum(axis=0).max() * 100
    bitstring = "".join(
        "".join(format(int(v), f"0{bits}b") for v in row).ljust(-(-width * 4 * bits // 8) * 8, "0")
        for row in values
    )
    data = int(bitstring, 2).to_bytes(len(bitstring) // 8, "big") if bitstring else b""
    decode = b"[" + b" ".join(b"%g %g" % pair for pair in pairs) + b"]"
    extra = b"/ColorSpace /DeviceCMYK /BitsPerComponent %d /Decode %s" % (bits, decode)
    path = _raw_image(
        tmp_path_factory.mktemp("b") / "i.pdf",
        zlib.compress(data),
        width,
        height,
        extra,
        b"/Filter /FlateDecode",
    )
    detail = _colour_sheet(path).check("ink coverage").detail
    assert _percent(detail) == pytest.approx(round(expected), abs=0.51)


def test_an_indexed_cmyk_image_is_measured_by_the_entries_it_uses(tmp_path: Path) -> None:
    palette = bytes([0, 0, 0, 255, 255, 255, 255, 255, 40, 0, 0, 0])  # 100 %, 400 %, 16 %
    indices = bytes([0, 2, 2, 0] * 4)  # entry 1 (400 %) is never used
    space = b"/ColorSpace [/Indexed /DeviceCMYK 2 <" + palette.hex().encode() + b">]"
    path = _raw_image(tmp_path / "ix.pdf", indices, 4, 4, space + b" /BitsPerComponent 8")
    detail = _colour_sheet(path).check("ink coverage").detail
    assert "highest 100 %" in detail


def test_an_inline_cmyk_jpeg_with_a85_and_decode_is_measured(tmp_path: Path) -> None:
    data = encode_chain(_jpeg(), ["/ASCII85Decode"])
    content = (
        b"q 15.36 0 0 11.52 144 144 cm BI /W 64 /H 48 /BPC 8 /CS /CMYK /F [/A85 /DCT] "
        b"/D [1 0 1 0 1 0 1 0] ID\n" + data + b"\nEI Q"
    )
    report = _colour_sheet(one_page(tmp_path / "inline.pdf", content))
    assert report.ok, report.lines()
    assert _percent(report.check("ink coverage").detail) == pytest.approx(157, abs=1.5)


def test_reportlabs_inline_jpeg_is_measured_as_a_rip_prints_it(tmp_path: Path) -> None:
    """reportlab writes an inline CMYK JPEG as /F [/A85 /DCT] without /D: no longer "not
    checked"; a RIP prints its stored samples, the negative's 243 %."""
    jpeg = tmp_path / "photo.jpg"
    jpeg.write_bytes(_jpeg())

    def inline(canvas: Canvas, number: int, box: Box) -> None:
        canvas.drawInlineImage(str(jpeg), box[2] - 5 * IN, box[1] + 3 * IN, 0.2 * IN, 0.15 * IN)

    path = cover(tmp_path / "inline.pdf", pages=200, printer="ingramspark", draw=inline)
    detail = (
        preflight(path, printer="ingramspark", cover=True, pages=200).check("ink coverage").detail
    )
    assert "not checked" not in detail and _percent(detail) == pytest.approx(243, abs=1.5)


def test_a_jpeg_2000_cmyk_image_is_measured_by_its_own_colour(tmp_path: Path) -> None:
    out = io.BytesIO()
    Image.new("CMYK", (64, 48), (255, 255, 0, 255)).save(out, "JPEG2000", irreversible=False)
    path = _jpeg_pdf(tmp_path / "jpx.pdf", out.getvalue(), b"", b"/JPXDecode", space=b"")
    detail = _colour_sheet(path).check("ink coverage").detail
    assert "highest 300 %" in detail


@pytest.mark.parametrize("codec", [b"/CCITTFaxDecode", b"/JBIG2Decode"])
def test_ccitt_and_jbig2_images_are_a_warning_not_a_failure(tmp_path: Path, codec: bytes) -> None:
    extra = b"/ColorSpace /DeviceCMYK /BitsPerComponent 1 /Filter [/ASCIIHexDecode " + codec + b"]"
    path = _raw_image(tmp_path / "fax.pdf", b"00ff00ff>", 300, 300, extra)
    report = _colour_sheet(path)
    ink = report.check("ink coverage")
    assert ink.ok and ink.warn, report.lines()
    assert "not decoded here" in ink.detail and "well-kept" in ink.detail


@pytest.mark.parametrize(
    ("data", "extra", "needle"),
    [
        (b"not a jpeg", b"/Filter /DCTDecode", "a CMYK JPEG image"),
        (_jpeg(), b"/Filter [/DCTDecode /FlateDecode]", "filters after /DCTDecode"),
        (b"\x00" * 10, b"", "shorter than its width and height"),
        (
            zlib.compress(b"\x00" * 99),
            b"/Filter /Fl /DecodeParms << /Predictor 15 /Columns 99999 >>",
            "wider than its data",
        ),
    ],
)
def test_a_broken_cmyk_image_fails_the_ink_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, extra: bytes, needle: str
) -> None:
    space = b"/ColorSpace /DeviceCMYK /BitsPerComponent 8 "
    path = _raw_image(tmp_path / "bad.pdf", data, 64, 48, space + extra)
    report = _colour_sheet(path)
    ink = report.check("ink coverage")
    assert not ink.ok and "cannot measure" in ink.detail and needle in ink.detail, ink
    assert main(["preflight", str(path), "--printer", "ingramspark", "--loose"]) == 1
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out


def test_a_huge_cmyk_image_is_too_complex_before_it_is_decoded(tmp_path: Path) -> None:
    """20,000 x 20,000 CMYK pixels would be 1.6 GB: refused by its size, nothing decoded."""
    extra = b"/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode"
    path = _raw_image(tmp_path / "huge.pdf", zlib.compress(b"\x00" * 1000), 20_000, 20_000, extra)
    report = preflight(path, printer="ingramspark", loose=True, paper="color", budget=Budget())
    assert "too complex to check" in report.check("content readable").detail


# --- (d) optional content switched off ------------------------------------------------------------


def _layered(path: Path, default: bytes, usage: bytes = b"") -> Path:
    """A page drawing two layers, 'Maze' and 'Notes', with ``default`` as /OCProperties /D."""
    content = b"/OC /L1 BDC 0 g 72 72 100 100 re f EMC /OC /L2 BDC 72 300 m 200 300 l S EMC"
    return raw_pdf(
        path,
        [
            b"<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R 6 0 R] /D "
            + default
            + b" >> >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Resources << /Properties "
            b"<< /L1 5 0 R /L2 6 0 R >> >> /Contents 4 0 R >>",
            stream(content),
            b"<< /Type /OCG /Name (Maze) >>",
            b"<< /Type /OCG /Name (Notes) " + usage + b">>",
        ],
    )


def test_a_layer_switched_off_by_default_warns_naming_it(tmp_path: Path) -> None:
    off = preflight(_layered(tmp_path / "off.pdf", b"<< /OFF [6 0 R] >>"), loose=True)
    layers = off.check("optional content")
    assert off.ok and layers.warn, off.lines()
    assert "'Notes' (off by default)" in layers.detail and "Maze" not in layers.detail
    base = preflight(
        _layered(tmp_path / "base.pdf", b"<< /BaseState /OFF /ON [6 0 R] >>"), loose=True
    )
    assert "'Maze' (off by default)" in base.check("optional content").detail
    shown = preflight(_layered(tmp_path / "on.pdf", b"<< >>"), loose=True)
    assert not shown.check("optional content").warn
    assert shown.check("optional content").detail == "2 layers, all shown and printed"
    printless = _layered(
        tmp_path / "print.pdf", b"<< >>", b"/Usage << /Print << /PrintState /OFF >> >> "
    )
    assert (
        "'Notes' (set not to print)"
        in preflight(printless, loose=True).check("optional content").detail
    )


def test_broken_or_hostile_optional_content_is_one_line(tmp_path: Path) -> None:
    many = b"<< /OFF [" + b"6 0 R " * 50_000 + b"] >>"
    report = preflight(_layered(tmp_path / "many.pdf", many), loose=True)
    assert "'Notes'" in report.check("optional content").detail
    odd = preflight(_layered(tmp_path / "odd.pdf", b"42"), loose=True)
    assert odd.check("optional content").detail == "2 layers, all shown and printed"


# --- (e) near-white tints ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paint", "words"),
    [
        (b"0.97 g 72 72 100 100 re f", "fill grey 0.97 (3 %)"),
        (b"1 0.98 0.96 RG 2 w 72 72 m 300 72 l S", "stroke RGB 1 0.98 0.96 (4 %)"),
        (b"0.04 0 0 0 k BT /F1 12 Tf 72 300 Td (pale) Tj ET", "text CMYK 0.04 0 0 0 (4 %)"),
    ],
)
def test_a_near_white_tint_warns(tmp_path: Path, paint: bytes, words: str) -> None:
    report = preflight(one_page(tmp_path / "pale.pdf", paint, HELVETICA), loose=True)
    tints = report.check("near-white tints")
    assert tints.ok and tints.warn and words in tints.detail, report.lines()


@pytest.mark.parametrize(
    "paint",
    [b"0.9 g 72 72 100 100 re f", b"1 g 72 72 100 100 re f", b"0 0 0 0 k 72 72 9 9 re f"],
)
def test_white_and_real_tints_do_not_warn(tmp_path: Path, paint: bytes) -> None:
    report = preflight(one_page(tmp_path / "tint.pdf", paint), loose=True)
    assert not report.check("near-white tints").warn, report.lines()


def test_pale_paint_never_painted_does_not_warn(tmp_path: Path) -> None:
    report = preflight(one_page(tmp_path / "unused.pdf", b"0.98 g 0 g 72 72 9 9 re f"), loose=True)
    assert not report.check("near-white tints").warn
