"""Hostile cover pictures (`[cover] picture = "..."`): SVGs whose numbers a PDF cannot hold,
whose size is out of range, or whose CSS, transforms or bytes would cost minutes and gigabytes
to draw. Each is refused in one line naming the file, and the costly ones before any drawing."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazebook.app.cli import main
from mazebook.render import picture
from mazebook.render.picture import PictureError, read_picture
from mazebook.template import locate

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {head}>{body}</svg>'
BOX = 'viewBox="0 0 100 100"'


def _template(tmp_path: Path, name: str) -> Path:
    """The children's template with the picture ``name`` on its cover, written beside it."""
    text = locate("children")[1].read_text(encoding="utf-8")
    path = tmp_path / "t.toml"
    path.write_text(text.replace("[cover]\n", f'[cover]\npicture = "{name}"\n'), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("head", "body", "words"),
    [
        ('width="1e300" height="1e300"', '<rect width="1" height="1"/>', "out of range"),
        ('viewBox="0 0 inf 1"', '<rect width="1" height="1"/>', "out of range"),
        ('viewBox="0 0 1e308 1e-308"', '<rect width="1" height="1"/>', "out of range"),
        ('viewBox="0 0 1e12 1"', '<rect width="1" height="1"/>', "out of range"),
        ('width="10" height="1e-320"', '<rect width="1" height="1"/>', "times as wide"),
        ('width="1.2.3" height="."', '<rect width="1" height="1"/>', "no size"),
        ('viewBox="0 0 nan nan" width="9" height="9"', '<rect width="1" height="1"/>', "number"),
        (BOX, '<path d="M0 0 L' + "9" * 400 + ' 1"/>', "number"),
        (BOX, '<rect width="9" height="9" stroke="red" stroke-width="1e308"/>', "number"),
        (BOX, '<rect width="9" height="9" transform="scale(nan)"/>', "number"),
        (BOX, '<rect width="9" height="9" transform="matrix(1e300 0 0 1 0 0)"/>', "number"),
    ],
)
def test_an_svg_with_numbers_a_pdf_cannot_hold_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], head: str, body: str, words: str
) -> None:
    """Before: an internal error (reportlab's "number too large"), or a cover PDF written with
    'nan' in its page (which readers cannot draw), or a picture of no height, all exit 0 or 1."""
    (tmp_path / "odd.svg").write_text(SVG.format(head=head, body=body), encoding="utf-8")
    out = tmp_path / "c.pdf"
    assert main(["cover", str(_template(tmp_path, "odd.svg")), "-o", str(out), "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "odd.svg" in err[0] and words in err[0], err
    assert "internal error" not in err[0] and not out.exists()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("<style>" + "rect{fill:red} " * 20_000 + "</style>", "CSS"),
        ('<rect width="1" height="1" transform="' + "rotate(1) " * 200 + '"/>', "transform"),
    ],
)
def test_costly_css_and_transforms_are_refused_before_drawing(body: str, words: str) -> None:
    """300 KB of CSS took 2 s and 100 MB to apply (5 MB: 29 s and 900 MB), and a transform's
    reading grows with the square of its length (500 000 rotations: over 90 s): both refused
    while the SVG is checked, before svglib reads it."""
    path = Path(__file__).parent  # a name only: the bytes are checked in memory
    data = SVG.format(head=BOX, body=body).encode()
    with pytest.raises(PictureError, match=words):
        picture._svg_size(data, path / "costly.svg")
    fine = SVG.format(head=BOX, body='<rect width="1" height="1" transform="rotate(1)"/>')
    assert picture._svg_size(fine.encode(), path / "fine.svg") == (100.0, 100.0)


def test_an_svg_over_its_byte_cap_is_refused_unread(tmp_path: Path) -> None:
    """An SVG's own cap (MAX_SVG_BYTES), far below a PNG's: 24 MB of paths took 53 s and
    700 MB to draw. The file's size is checked before it is read."""
    path = tmp_path / "big.svg"
    head = SVG.format(head=BOX, body='<path d="M0 0').removesuffix("</svg>")
    path.write_text(head + " L1 1" * (picture.MAX_SVG_BYTES // 5) + '"/></svg>', encoding="utf-8")
    with pytest.raises(PictureError, match=r"big\.svg' is too large: .* the limit is 5,242,880"):
        read_picture(path)
    assert picture.MAX_SVG_BYTES < picture.MAX_PICTURE_BYTES


def _blank_png(path: Path, side: int) -> Path:
    """A ``side`` x ``side`` RGBA PNG of transparent pixels: a few hundred kilobytes that
    decode to 4 bytes a pixel."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    packer = zlib.compressobj(9)
    row = b"\0" * (side * 4 + 1)
    pixels = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )
    return path


@pytest.mark.slow
@pytest.mark.parametrize("printer", ["kdp", "ingramspark"])
def test_a_png_at_the_pixel_cap_is_drawn_in_bounded_memory(tmp_path: Path, printer: str) -> None:
    """A 6300 x 6300 RGBA PNG (just under MAX_PICTURE_PIXELS, 300 KB on disk) took 920 MB to
    lay over white and draw (four whole copies at once); now each copy is let go as the next
    is made: about 450 MB in RGB, 550 MB in CMYK."""
    import sys

    from .peak import weigh

    side = 6300
    assert side * side <= picture.MAX_PICTURE_PIXELS
    _blank_png(tmp_path / "big.png", side)
    source = _template(tmp_path, "big.png")
    source.write_text(f'printer = "{printer}"\n' + source.read_text(encoding="utf-8"))
    out = tmp_path / "c.pdf"
    cmd = [sys.executable, "-m", "mazebook", "cover", str(source), "-o", str(out), "-q"]
    run = weigh(cmd)
    assert run.returncode == 0 and out.exists(), run.stderr
    assert run.peak_kb < 700 * 1024, run.peak_kb  # ru_maxrss is in kilobytes on Linux
