"""Make the pictures of README.md from mazebook's own output: `python docs/make_images.py`.

Writes docs/images/: a puzzle page and an answer page of the default book, a 300-dpi crop of
one answer, a worksheet, a class set, number paths, word trails, one-way streets, keys and
doors, a gallery of shapes, and a weave maze with its answer. Pages are rasterized by PDFium,
as `mazebook preview` does, so each picture shows exactly what prints. Run it after a change
to how pages look, and commit the pictures with the change.
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mazebook.app.cli import main  # noqa: E402
from mazebook.render.png import pdf_pages_png  # noqa: E402

OUT = ROOT / "docs" / "images"
FONT = ROOT / "mazebook" / "fonts" / "DejaVuSans.ttf"


def _page(pdf: Path, number: int, dpi: int) -> Image.Image:
    """One page of a PDF as a picture."""
    _, data = next(pdf_pages_png(pdf, [number], dpi=dpi))
    return Image.open(io.BytesIO(data)).convert("L")


def _framed(image: Image.Image) -> Image.Image:
    """A page with a thin grey frame, so its edge shows on a white README."""
    framed = image.convert("RGB")
    ImageDraw.Draw(framed).rectangle((0, 0, framed.width - 1, framed.height - 1), outline="#999")
    return framed


def book_pictures(work: Path) -> None:
    pdf = work / "classic.pdf"
    assert main(["build", "classic", "-o", str(pdf), "--quiet"]) == 0
    puzzles = json.loads(pdf.with_suffix(".json").read_text())["puzzles"]
    puzzle = puzzles[len(puzzles) // 2]
    _framed(_page(pdf, puzzle["page"], 60)).save(OUT / "puzzle-page.png", optimize=True)
    _framed(_page(pdf, puzzle["answer_page"], 60)).save(OUT / "answer-page.png", optimize=True)
    hardest = puzzles[-1]
    page = _page(pdf, hardest["answer_page"], 300)
    x0, _, _, y1 = hardest["answer_box"]
    scale = 300 / 72
    top = page.height - y1 * scale
    crop = page.crop((int(x0 * scale), int(top), int(x0 * scale) + 600, int(top) + 380))
    _framed(crop).save(OUT / "answer-crop-300dpi.png", optimize=True)


def worksheet_picture(work: Path) -> None:
    pdf = work / "sheet.pdf"
    args = ["worksheet", "--count", "4", "--levels", "1-4", "--title", "Class 2 — Friday"]
    assert main([*args, "-o", str(pdf), "--quiet"]) == 0
    _framed(_page(pdf, 1, 60)).save(OUT / "worksheet.png", optimize=True)


def _beside_key(pdf: Path, page: int, name: str) -> None:
    """Page ``page`` of a worksheet beside the first page of its answer key, as OUT/name."""
    sheet = _framed(_page(pdf, page, 60))
    key = _framed(_page(pdf.with_name(f"{pdf.stem}-answers.pdf"), 1, 60))
    both = Image.new("RGB", (sheet.width + key.width + 20, max(sheet.height, key.height)), "white")
    both.paste(sheet, (0, 0))
    both.paste(key, (sheet.width + 20, 0))
    both.save(OUT / name, optimize=True)


def class_set_picture(work: Path) -> None:
    """A pupil's sheet of a class set beside the first page of its answer key."""
    names = work / "class.txt"
    names.write_text("Zoë\nŁukasz\nNguyễn Thị Minh Khai\nمحمد عبد الله\nAda\n", encoding="utf-8")
    pdf = work / "class.pdf"
    args = ["worksheet", "--names", str(names), "--title", "Class 2 — Friday"]
    assert main([*args, "-o", str(pdf), "--quiet"]) == 0
    _beside_key(pdf, 3, "class-set.png")


def number_path_picture(work: Path) -> None:
    """A worksheet of number paths beside its answer key."""
    template = work / "count.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Count by 3"\n'
        'instruction = "Count by 3 from START to FINISH: 3, 6, 9, ... Colour the way."\n'
        '[[section]]\npuzzle = "number-path"\nstep = 3\ncount = 4\ndifficulty = [2, 5]\n',
        encoding="utf-8",
    )
    pdf = work / "count.pdf"
    assert main(["build", str(template), "-o", str(pdf), "--quiet"]) == 0
    _beside_key(pdf, 1, "number-path.png")


def word_trail_picture(work: Path) -> None:
    """A worksheet of word trails beside its answer key."""
    template = work / "trail.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Animal trails"\n'
        'instruction = "Go from START to FINISH and write down the letters on your way."\n'
        '[[section]]\npuzzle = "word-trail"\nwords = ["CAT", "LION", "ZEBRA", "TIGER"]\n'
        "count = 4\ndifficulty = [1, 4]\n",
        encoding="utf-8",
    )
    pdf = work / "trail.pdf"
    assert main(["build", str(template), "-o", str(pdf), "--quiet"]) == 0
    _beside_key(pdf, 1, "word-trail.png")


def rule_pictures(work: Path) -> None:
    """A worksheet of one-way streets and one of keys and doors, each beside its answer key."""
    for name, title in (("one-way", "One-way streets"), ("keys", "Keys and doors")):
        template = work / f"{name}.toml"
        template.write_text(
            f'kind = "worksheet"\ntitle = "{title}"\n'
            f'[[section]]\npuzzle = "{name}"\ncount = 4\ndifficulty = [4, 7]\n',
            encoding="utf-8",
        )
        pdf = work / f"{name}.pdf"
        assert main(["build", str(template), "-o", str(pdf), "--quiet"]) == 0
        _beside_key(pdf, 1, f"{name}.png")


SHAPES = (
    ("rectangle", ["--size", "14x14"]),
    ("circle", ["--shape", "circle", "--size", "1x7"]),
    ("hex", ["--shape", "hex", "--size", "9x8"]),
    ("triangle", ["--shape", "triangle", "--size", "14x8"]),
    ("heart", ["--shape", "mask", "--mask", "heart", "--size", "22x20"]),
    ("letters", ["--shape", "mask", "--text", "MAZE", "--size", "40x12"]),
)


def shapes_gallery(work: Path) -> None:
    tiles = []
    for name, args in SHAPES:
        pdf = work / f"{name}.pdf"
        assert main(["maze", *args, "--seed", "7", "-o", str(pdf)]) == 0
        page = _page(pdf, 1, 40)
        box = Image.eval(page, lambda v: 255 - v).getbbox() or (0, 0, page.width, page.height)
        tile = page.crop(box)
        tile.thumbnail((220, 220))
        tiles.append((name, tile))
    width, height = 250, 270
    gallery = Image.new("RGB", (width * len(tiles), height), "white")
    draw = ImageDraw.Draw(gallery)
    font = ImageFont.truetype(str(FONT), 16)
    for i, (name, tile) in enumerate(tiles):
        x = i * width + (width - tile.width) // 2
        gallery.paste(tile.convert("RGB"), (x, 10 + (220 - tile.height) // 2))
        draw.text((i * width + width // 2, 245), name, fill="black", font=font, anchor="mm")
    gallery.save(OUT / "shapes.png", optimize=True)


def weave_pictures(work: Path) -> None:
    """A small weave maze and its answer, at a size where the bridges show."""
    args = ["maze", "-a", "backtracker", "--size", "10x10", "--seed", "4", "--weave", "0.5"]
    for name, extra in (("weave", []), ("weave-answer", ["--solution"])):
        pdf = work / f"{name}.pdf"
        assert main([*args, *extra, "-o", str(pdf)]) == 0
        page = _page(pdf, 1, 150)
        box = Image.eval(page, lambda v: 255 - v).getbbox() or (0, 0, page.width, page.height)
        tile = page.crop(box)
        tile.thumbnail((480, 480))
        _framed(tile).save(OUT / f"{name}.png", optimize=True)


def make() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        book_pictures(work)
        worksheet_picture(work)
        class_set_picture(work)
        number_path_picture(work)
        word_trail_picture(work)
        rule_pictures(work)
        shapes_gallery(work)
        weave_pictures(work)
    for path in sorted(OUT.glob("*.png")):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    make()
