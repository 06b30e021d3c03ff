"""Hostile and broken PDFs: preflight FAILs or refuses them with one MazebookError line, never
a library exception, a hang or a pass. The files are made here, byte by byte."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, StreamObject

from mazebook.app.cli import main
from mazebook.errors import MazebookError
from mazebook.preflight import Budget, EncryptedPdfError, PdfFileError, preflight
from mazebook.printing.printers import UnknownPrinterError

from .test_preflight import book


def stream(data: bytes, extra: bytes = b"") -> bytes:
    """A stream object's text."""
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def raw_pdf(path: Path, objects: list[bytes], trailer: bytes = b"") -> Path:
    """A PDF of these objects (1: catalog, 2: pages, 3: the page, ...) with a correct xref."""
    out = b"%PDF-1.7\n"
    offsets = []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R %s >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        trailer,
        xref,
    )
    path.write_bytes(out)
    return path


def one_page(
    path: Path, content: bytes, resources: bytes = b"<< >>", more: list[bytes] | None = None
) -> Path:
    """A one-page 6 x 9 in PDF: objects 1-4 (catalog, pages, page, content), then ``more``."""
    return raw_pdf(
        path,
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Resources "
            + resources
            + b" /Contents 4 0 R >>",
            stream(content),
            *(more or []),
        ],
    )


def test_a_form_that_draws_itself_is_too_complex_at_once(tmp_path: Path) -> None:
    form = stream(
        b"/X Do " * 12,
        b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X 5 0 R >> >>",
    )
    path = one_page(tmp_path / "self.pdf", b"/X Do", b"<< /XObject << /X 5 0 R >> >>", [form])
    report = preflight(path, loose=True)
    readable = report.check("content readable")
    assert not readable.ok and "too complex to check" in readable.detail
    assert "draws itself" in readable.detail


@pytest.mark.slow
def test_forms_drawing_forms_tenfold_hit_the_form_budget(tmp_path: Path) -> None:
    forms = []
    depth = 9
    for level in range(depth):
        number = 5 + level
        if level + 1 < depth:
            body = b"/Y Do " * 10
            res = b"<< /XObject << /Y %d 0 R >> >>" % (number + 1)
        else:
            body, res = b"72 72 m 144 72 l S", b"<< >>"
        forms.append(stream(body, b"/Subtype /Form /BBox [0 0 9 9] /Resources " + res))
    path = one_page(tmp_path / "bomb.pdf", b"/Y Do", b"<< /XObject << /Y 5 0 R >> >>", forms)
    readable = preflight(path, loose=True, budget=Budget(max_form_draws=5_000)).check(
        "content readable"
    )
    assert not readable.ok and "forms drawn over 5,000 times" in readable.detail


def test_forms_nested_too_deep_are_too_complex(tmp_path: Path) -> None:
    forms = [
        stream(b"/Y Do", b"/Subtype /Form /Resources << /XObject << /Y %d 0 R >> >>" % (6 + i))
        for i in range(20)
    ]
    forms.append(stream(b"", b"/Subtype /Form"))
    path = one_page(tmp_path / "deep.pdf", b"/Y Do", b"<< /XObject << /Y 5 0 R >> >>", forms)
    detail = preflight(path, loose=True).check("content readable").detail
    assert "too complex to check: forms nested over 12 deep" in detail


def test_the_operator_and_byte_budgets_end_in_a_fail(tmp_path: Path) -> None:
    path = book(tmp_path / "book.pdf")
    assert preflight(path).ok
    few_ops = preflight(path, budget=Budget(max_operators=50)).check("content readable")
    assert not few_ops.ok and "over 50 content operators" in few_ops.detail
    few_bytes = preflight(path, budget=Budget(max_decompressed=500)).check("content readable")
    assert not few_bytes.ok and "decompressed content" in few_bytes.detail


@pytest.mark.slow
def test_a_small_stream_that_unpacks_to_a_lot_is_stopped(tmp_path: Path) -> None:
    bomb = zlib.compress(b"0 0 m\n" * 5_000_000, 9)  # 30 MB from about 60 KB
    path = one_page(tmp_path / "zip.pdf", b"")
    data = path.read_bytes().replace(
        stream(b""), stream(bomb, b"/Filter /FlateDecode")
    )  # the same object, compressed; the xref offsets after it are not used by pypdf's repair
    path.write_bytes(data)
    detail = (
        preflight(path, loose=True, budget=Budget(max_decompressed=1_000_000))
        .check("content readable")
        .detail
    )
    assert "too complex to check" in detail and "1,000,000 bytes" in detail


def test_undecodable_content_fails_content_readable_and_passes_nothing_unread(
    tmp_path: Path,
) -> None:
    source = book(tmp_path / "book.pdf")
    writer = PdfWriter(clone_from=str(source))
    broken = StreamObject()
    broken._data = b"this is not deflate data at all" * 3
    broken[NameObject("/Filter")] = NameObject("/FlateDecode")
    writer.pages[4][NameObject("/Contents")] = writer._add_object(broken)
    path = tmp_path / "broken.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    report = preflight(path)
    assert "page 5" in report.check("content readable").detail
    # what was read is clean, but no check that reads the content can pass on a page unread
    unread = report.failed() - {"content readable"}
    assert unread == {
        "inside margin",
        "outside margins",
        "fonts embedded",
        "text size",
        "images",
        "black and grey only",
        "ink coverage",
        "near-white tints",
        "transparency",
        "line weights",
        "marks and annotations",
    }, report.lines()
    for name in unread:
        assert report.check(name).detail.startswith("not checked in full"), name
    assert report.check("trim size").ok and report.check("page count").ok


def test_truncated_compressed_content_is_not_a_pass(tmp_path: Path) -> None:
    cut = zlib.compress(b"72 72 m 300 72 l S\n" * 50)[:-8]
    path = one_page(tmp_path / "cut.pdf", b"")
    path.write_bytes(path.read_bytes().replace(stream(b""), stream(cut, b"/Filter /FlateDecode")))
    assert "content readable" in preflight(path, loose=True).failed()


def test_an_aes_encrypted_pdf_is_refused(tmp_path: Path) -> None:
    encrypt = (
        b"/Encrypt << /Filter /Standard /V 4 /R 4 /Length 128 /P -4 "
        b"/CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> "
        b"/StmF /StdCF /StrF /StdCF /O <" + b"00" * 32 + b"> /U <" + b"00" * 32 + b"> >> "
        b"/ID [<0123456789abcdef0123456789abcdef><0123456789abcdef0123456789abcdef>]"
    )
    path = raw_pdf(
        tmp_path / "aes.pdf",
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>",
        ],
        encrypt,
    )
    with pytest.raises(EncryptedPdfError, match="encrypted"):
        preflight(path)


@pytest.mark.slow
def test_an_encrypted_pdf_from_reportlab_is_refused(tmp_path: Path) -> None:
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "rc4.pdf"
    canvas = Canvas(str(path), encrypt=pdfencrypt.StandardEncryption("", canPrint=1))
    canvas.drawString(72, 72, "secret")
    canvas.save()
    with pytest.raises(EncryptedPdfError):
        preflight(path)


def test_a_mediabox_of_three_numbers_fails_the_trim_check(tmp_path: Path) -> None:
    path = one_page(tmp_path / "three.pdf", b"")
    path.write_bytes(path.read_bytes().replace(b"[0 0 432 648]", b"[0 0 432    ]"))
    report = preflight(path, loose=True)
    assert "trim size" in report.failed()
    assert "four numbers" in report.check("trim size").detail


def test_a_font_resource_that_is_not_a_dictionary_fails_content(tmp_path: Path) -> None:
    for font in (b"42", b"[1 2 3]", b"(Helvetica)"):
        path = one_page(
            tmp_path / "font.pdf",
            b"BT /F1 12 Tf 72 300 Td (Hello) Tj ET",
            b"<< /Font << /F1 5 0 R >> >>",
            [font],
        )
        readable = preflight(path, loose=True).check("content readable")
        assert not readable.ok and "F1" in readable.detail, font
    path = one_page(tmp_path / "fonts.pdf", b"BT /F1 12 Tf (x) Tj ET", b"<< /Font 7 >>")
    assert "content readable" in preflight(path, loose=True).failed()


def test_an_inline_image_is_raster_and_its_data_is_skipped(tmp_path: Path) -> None:
    content = b"q 10 0 0 10 100 100 cm BI /W 2 /H 2 /BPC 8 /CS /G ID \x00) ( S f\xff EI Q"
    report = preflight(one_page(tmp_path / "inline.pdf", content), loose=True)
    assert report.failed() == {"images"}, report.lines()
    assert "2 x 2 px at 14 dpi" in report.check("images").detail


def test_strings_with_parentheses_and_escapes_are_read(tmp_path: Path) -> None:
    content = (
        b"BT /F1 12 Tf 72 300 Td (a (nested (deeper)) string \\) 1 0 0 rg) Tj "
        b"<48 65 6c6c 6f> Tj [(x) -250 (y)] TJ ET"
    )
    font = b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /Widths [] >>"
    path = one_page(tmp_path / "str.pdf", content, b"<< /Font << /F1 5 0 R >> >>", [font])
    report = preflight(path, loose=True)
    assert "black and grey only" not in report.failed()  # the 'rg' was inside a string
    assert report.check("content readable").ok, report.lines()


def test_files_that_are_not_pdfs_are_refused_with_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf at all")
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    header_only = tmp_path / "header.pdf"
    header_only.write_bytes(b"%PDF-1.7\n" + b"\x00" * 100)
    for path in (junk, empty, header_only, tmp_path / "missing.pdf", tmp_path):
        with pytest.raises(PdfFileError):
            preflight(path)
        assert main(["preflight", str(path)]) == 2
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.slow
def test_cli_exit_codes_and_output(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    good = book(tmp_path / "good.pdf", bleed="three")
    assert main(["preflight", str(good)]) == 0
    out = capfd.readouterr().out
    assert out.startswith("rules: Amazon KDP paperback (kdp)")
    assert out.count("PASS") == 17 and "FAIL" not in out
    short = book(tmp_path / "short.pdf", pages=22)
    assert main(["preflight", str(short)]) == 1
    assert "FAIL  page count" in capfd.readouterr().out
    assert main(["preflight", str(short), "--loose"]) == 0
    assert main(["preflight", str(short), "--printer", "home"]) == 1  # 6 x 9 in is not a sheet
    capfd.readouterr()
    for args, words in (
        (["--printer", "kpd"], 'did you mean "kdp"'),
        (["--cover"], "--pages"),
        (["--pages", "100"], "--cover"),
        (["--cover", "--pages", "x"], "whole number"),
        (["--cover", "--pages", "0"], "whole number"),
        (["--cover", "--pages", "100", "--printer", "home"], "takes no cover"),
        (["--paper", "blue"], "white, cream"),
        (["--cover", "--pages", "100", "--loose"], "--loose"),
    ):
        assert main(["preflight", str(good), *args]) == 2, args
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and words in err, (args, err)


def test_unknown_printer_names_the_valid_ones() -> None:
    with pytest.raises(UnknownPrinterError, match="kdp, ingramspark, lulu, home"):
        preflight("whatever.pdf", printer="epson")
    assert issubclass(UnknownPrinterError, MazebookError)


def test_every_page_is_read_even_after_a_broken_one(tmp_path: Path) -> None:
    path = tmp_path / "two.pdf"
    raw_pdf(
        path,
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
            stream(b"garbage", b"/Filter /FlateDecode"),
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 6 0 R >>",
            stream(b"1 0 0 rg 100 100 50 50 re f"),
        ],
    )
    report = preflight(path, loose=True)
    assert {"content readable", "black and grey only"} <= report.failed()
    assert len(PdfReader(str(path)).pages) == 2


def test_a_name_too_long_for_the_file_system_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["preflight", "n" * 5000 + ".pdf"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mazebook preflight: error: cannot read PDF")


def test_a_cmyk_image_claiming_gigapixels_is_too_complex_at_once(tmp_path: Path) -> None:
    """The ink of a CMYK image is measured within the byte budget, before any decoding."""
    image = stream(
        zlib.compress(b"\xff" * 64),
        b"/Type /XObject /Subtype /Image /Width 100000 /Height 100000 "
        b"/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode",
    )
    content = b"q 72 0 0 72 100 100 cm /Im Do Q"
    path = one_page(tmp_path / "giga.pdf", content, b"<< /XObject << /Im 5 0 R >> >>", [image])
    report = preflight(path, printer="ingramspark", loose=True)
    assert "too complex to check" in report.check("content readable").detail
    assert not report.check("ink coverage").ok
    # KDP publishes no ink limit: the image is not decoded, and its size is all that is read
    kdp = preflight(path, loose=True)
    assert kdp.check("content readable").ok and "images" in kdp.failed()


@pytest.mark.parametrize(
    "header",
    [b"/H 2 /BPC 8 /CS /G", b"/W -3 /H 2", b"/W 2 /H x /CS /CMYK"],
    ids=["no-width", "negative", "not-a-number"],
)
def test_an_inline_image_without_a_size_is_unreadable_not_a_pass(
    tmp_path: Path, header: bytes
) -> None:
    content = b"q 10 0 0 10 100 100 cm BI " + header + b" ID \x00\x01 EI Q"
    report = preflight(one_page(tmp_path / "inline.pdf", content), loose=True)
    assert "inline image" in report.check("content readable").detail, report.lines()
    assert not report.check("images").ok


@pytest.mark.parametrize(
    "content",
    [
        b"%s 0 0 %s 0 0 cm BT /F1 12 Tf (x) Tj ET" % (b"9" * 400, b"9" * 400),  # inf x 0: NaN
        b"2 0 0 2 0 0 cm " * 1100 + b"BT /F1 12 Tf (x) Tj ET",  # 2**1100: infinite
        b"BT /F1 1%s Tf (x) Tj ET" % (b"9" * 400),  # an infinite font size
        b"BT /F1 12 Tf %s 0 0 %s 9 9 Tm (x) Tj ET" % (b"9" * 400, b"9" * 400),
    ],
)
def test_text_through_a_matrix_past_any_number_is_not_a_pass(
    tmp_path: Path, content: bytes
) -> None:
    """Text scaled by infinity (or by infinity times zero) has no size: it passed the text-size
    check as 'smallest nan pt' (or 'inf pt'); now the page's content is a FAIL naming why."""
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    path = one_page(tmp_path / "t.pdf", content, b"<< /Font << /F1 5 0 R >> >>", [font])
    report = preflight(path, loose=True)
    readable = report.check("content readable")
    assert not readable.ok and "past any number" in readable.detail
    size = report.check("text size")
    assert not size.ok and "nan" not in size.detail and "inf" not in size.detail
