"""Seeded mutation fuzzing of everything read from outside: fonts, images, templates, maze JSON.

Each test mutates a small valid file a few hundred times (truncation, flipped bytes, forged
lengths and offsets, spliced runs; the seed fixes every mutant) and feeds each to the reader
the way a build does. Only a MazebookError may come out, and no mutant may take more than a
few seconds (an alarm turns a hang into a failure naming the mutant).
"""

from __future__ import annotations

import io
import json
import random
import signal
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from mazebook import generate
from mazebook.core.maze import Maze
from mazebook.core.shapes import make_grid
from mazebook.errors import MazebookError
from mazebook.products.book import prepare
from mazebook.render import typeset
from mazebook.render.pdf import new_canvas
from mazebook.render.writers import write
from mazebook.template import load_template

from .fontmaker import tiny_font

pytestmark = pytest.mark.slow

#: Seconds one mutant may take before it counts as a hang.
HANG = 10


class Hang(Exception):
    """A mutant that took longer than HANG seconds."""


@contextmanager
def deadline(what: str) -> Iterator[None]:
    def stop(_signum: int, _frame: object) -> None:
        raise Hang(f"{what} took more than {HANG} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One mutant: one to three random edits of the bytes."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(5)
        at = rng.randrange(max(1, len(out)))
        if kind == 0:  # truncate
            del out[at:]
        elif kind == 1:  # flip a few bytes
            for _ in range(rng.randint(1, 8)):
                if out:
                    out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        elif kind == 2:  # forge a 32-bit length or offset
            out[at : at + 4] = rng.choice([b"\xff\xff\xff\xff", b"\0\0\0\0", b"\x7f\xff\xff\xf0"])
        elif kind == 3:  # overwrite a run with random bytes
            n = rng.randint(1, 64)
            out[at : at + n] = bytes(rng.randrange(256) for _ in range(n))
        else:  # splice: repeat a run elsewhere
            n = rng.randint(1, 256)
            out[at:at] = out[rng.randrange(max(1, len(out))) :][:n]
    return bytes(out)


def fuzz(
    tmp_path: Path,
    source: bytes,
    suffix: str,
    read: Callable[[Path], object],
    *,
    seed: int,
    count: int,
    mutator: Callable[[bytes, random.Random], bytes] | None = None,
) -> dict[str, int]:
    """Feed ``count`` mutants of ``source`` to ``read``; returns how many worked and failed
    cleanly. Any other exception, or a hang, fails the test naming the mutant."""
    rng = random.Random(seed)
    tally = {"worked": 0, "refused": 0}
    for i in range(count):
        data = (mutator or mutate)(source, rng)
        path = tmp_path / f"mutant-{i:04d}{suffix}"  # a new file each: caches never mix them
        path.write_bytes(data)
        try:
            with deadline(path.name), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                read(path)
        except MazebookError as exc:
            assert "\n" not in str(exc), str(exc)
            tally["refused"] += 1
        else:
            tally["worked"] += 1
        path.unlink()
    return tally


def test_fuzz_fonts(tmp_path: Path) -> None:
    """Mutated fonts through reportlab (registered, then embedded in a PDF) and FreeType (a
    text mask)."""
    source = tiny_font(tmp_path / "source.ttf", "ABab12 ").read_bytes()

    def read(path: Path) -> None:
        fonts = typeset.user_font(path, probe="AB ab 12")
        canvas = new_canvas(io.BytesIO(), (200, 200), font=fonts.regular)
        canvas.drawString(10, 10, "AB ab 12")
        canvas.save()

    def mask(path: Path) -> None:
        make_grid("mask", 24, 10, text="AB", font=str(path))

    pdf = fuzz(tmp_path, source, ".ttf", read, seed=1, count=300)
    text = fuzz(tmp_path, source, ".ttf", mask, seed=2, count=200)
    assert pdf["refused"] > 0 and text["refused"] > 0


def test_fuzz_images(tmp_path: Path) -> None:
    img = Image.new("L", (48, 32), 255)
    ImageDraw.Draw(img).ellipse((4, 2, 44, 30), fill=0)
    sources = []
    for fmt in ("PNG", "GIF", "BMP"):
        buffer = io.BytesIO()
        img.save(buffer, format=fmt)
        sources.append((fmt, buffer.getvalue()))
    tallies = [
        fuzz(
            tmp_path,
            data,
            f".{fmt.lower()}",
            lambda p: make_grid("mask", 16, 12, image=str(p), parts="largest"),
            seed=3 + i,
            count=150,
        )
        for i, (fmt, data) in enumerate(sources)
    ]
    assert all(t["refused"] > 0 for t in tallies)


TEMPLATE = """title = "Fuzz"
subtitle = "Mutants"
page_size = "6x9in"
seed = 7
puzzles_per_page = 2
answers_per_page = 6
margin = "0.5in"
min_cell = "4mm"

[text]
puzzle = "Maze {number}"

[[section]]
name = "One"
count = 3
difficulty = [1, 3]
generators = ["backtracker", "prim"]

[[section]]
name = "Two"
count = 2
difficulty = 4
shape = "hex"
options = { outline = "hexagon" }
"""


#: Values a mutated template line may get: wrong types, floats, huge numbers, deep nesting,
#: paths to special files, long text.
TOKENS = [
    "2.0",
    "-1",
    "0",
    "1e999",
    "nan",
    "99999999999999999999",
    "true",
    '""',
    '"x"',
    "[]",
    "[1, 2, 3]",
    "[[[[[[[[[[1]]]]]]]]]]",
    "{ a = 1 }",
    '"/dev/zero"',
    '"/dev/stdin"',
    '"."',
    '"mutant.ttf"',
    '"' + "W" * 6000 + '"',
    '"' + "迷" * 300 + '"',
    "2000",
    '"mask"',
    '"heart"',
    "1979-05-27T07:32:00Z",
]


def mutate_lines(text: str, rng: random.Random) -> bytes:
    """A template mutant that stays valid TOML more often: one to three values replaced."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        keyed = [i for i, line in enumerate(lines) if "=" in line]
        i = rng.choice(keyed)
        key = lines[i].split("=", 1)[0].strip()
        if rng.random() < 0.2:  # a known key moved into another table
            key = rng.choice(["font", "image", "text", "count", "shape", "seed", "kind"])
        lines[i] = f"{key} = {rng.choice(TOKENS)}"
    return ("\n".join(lines) + "\n").encode()


def test_fuzz_templates(tmp_path: Path) -> None:
    """Mutated templates (bytes, then values) read and prepared: fonts, plan, caps, one probe
    maze per section."""

    def read(path: Path) -> None:
        prepare(load_template(path))

    tally = fuzz(tmp_path, TEMPLATE.encode(), ".toml", read, seed=5, count=200)
    rng = random.Random(6)
    values = fuzz(
        tmp_path,
        TEMPLATE.encode(),
        ".toml",
        read,
        seed=7,
        count=400,
        mutator=lambda data, _: mutate_lines(data.decode(), rng),
    )
    assert tally["refused"] > 0 and values["worked"] > 0 and values["refused"] > 0


#: Values a mutated maze dict may get.
JSON_VALUES: list[object] = [
    None,
    True,
    0,
    -1,
    2,
    5.0,
    2.5,
    10**20,
    1e308,
    "",
    "N",
    "1,2,3",
    "/etc/passwd",
    [],
    [1],
    [1, 2],
    [[1, 2]],
    [None, None],
    {},
    {"image": "/etc/passwd"},
    {"text": "A", "font": "/dev/zero"},
]


def mutate_dict(data: object, rng: random.Random) -> object:
    """A maze dict with one to three values (at any depth) replaced, removed or added."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        node = data
        while True:
            if isinstance(node, dict) and node:
                key = rng.choice(list(node))
                if isinstance(node[key], (dict, list)) and node[key] and rng.random() < 0.5:
                    node = node[key]
                    continue
                if rng.random() < 0.15:
                    del node[key]
                else:
                    node[key] = json.loads(json.dumps(rng.choice(JSON_VALUES)))
            elif isinstance(node, list) and node:
                i = rng.randrange(len(node))
                if isinstance(node[i], (dict, list)) and node[i] and rng.random() < 0.5:
                    node = node[i]
                    continue
                node[i] = json.loads(json.dumps(rng.choice(JSON_VALUES)))
            break
    return data


def test_fuzz_maze_json(tmp_path: Path) -> None:
    """Mutated maze JSON (bytes, then structure) read and drawn (json, svg; txt for
    rectangles)."""
    mazes = [
        generate("backtracker", 6, 5, seed=1),
        generate("backtracker", 6, 5, seed=1, shape="hex"),
        generate("backtracker", 4, 3, seed=1, shape="circle"),
        generate("backtracker", 5, 5, seed=1, shape="triangle"),
        generate("backtracker", 8, 8, seed=1, shape="mask", mask="heart"),
    ]

    def read(path: Path) -> None:
        try:
            data = json.loads(path.read_bytes())
        except ValueError:
            return  # not JSON at all: json's own error, before mazebook sees anything
        maze = Maze.from_dict(data)
        for fmt in ("json", "svg", "txt") if maze.shape == "rect" else ("json", "svg"):
            write(maze, fmt, solution=True)

    rng = random.Random(20)
    for i, maze in enumerate(mazes):
        source = json.dumps(maze.to_dict()).encode()
        fuzz(tmp_path, source, ".json", read, seed=10 + i, count=60)
        tally = fuzz(
            tmp_path,
            source,
            ".json",
            read,
            seed=30 + i,
            count=150,
            mutator=lambda data, _: json.dumps(mutate_dict(json.loads(data), rng)).encode(),
        )
        assert tally["refused"] > 0 and tally["worked"] > 0
