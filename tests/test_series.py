"""A series of books (`mazebook build TEMPLATE --volumes N`): the same bytes for the same seed
whatever --jobs says, no maze in two volumes nor twice in one (checked here by making every
maze again from the manifests and comparing its walls in every turn and mirror), the volume in
the title, on the cover and spine, and bad input refused in one line before anything is
written."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from mazebook import generate
from mazebook.app.cli import main
from mazebook.errors import TemplateError
from mazebook.pages.plan import PlannedPuzzle
from mazebook.products import unique
from mazebook.products.build import build_book
from mazebook.products.series import SeriesResult, build_series, shared_counts
from mazebook.template.load import load_template
from mazebook.template.series import volume_seed, volume_template
from tests.test_symmetry import variants, walls_of

#: 40 level-1 hunt-and-kill mazes a book, most of 4 x 4 or 4 x 5 cells: so few of them differ
#: that volumes built alone repeat each other's mazes (and their own), so the series must make
#: some again.
TINY = """\
title = "Tiny Trails"
seed = 5
printer = "home"
puzzles_per_page = 4
{extra}
[[section]]
name = "Tiny"
count = 40
difficulty = 1
generators = ["hunt-and-kill"]
"""


def tiny(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY.format(extra=extra), encoding="utf-8")
    return path


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def forms(manifest: dict[str, Any]) -> list[frozenset[tuple[tuple[int, ...], ...]]]:
    """Every maze of a manifest made again from its record, as the set of its walls' turns and
    mirrors (two mazes are the same exactly when these sets are)."""
    found = []
    for p in manifest["puzzles"]:
        maze = generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **p["options"])
        found.append(frozenset(variants(walls_of(maze))))
    return found


@pytest.fixture(scope="module")
def series(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SeriesResult]:
    folder = tmp_path_factory.mktemp("series")
    result = build_series(tiny(folder), 4, output=folder / "one" / "tiny.pdf", jobs=1)
    return folder, result


def test_volumes_are_the_same_bytes_whatever_jobs_says(
    series: tuple[Path, SeriesResult], tmp_path: Path
) -> None:
    folder, result = series
    assert result.rebuilt  # volumes alone repeat one another: the series made puzzles again
    two = build_series(tiny(folder), 4, output=tmp_path / "two" / "tiny.pdf", jobs=2)
    build_series(tiny(folder), 4, output=tmp_path / "again" / "tiny.pdf", jobs=1)
    first = files_of(folder / "one")
    assert len(first) == 4 * 2 + 1  # NAME-k.pdf and NAME-k.json, and the report
    assert files_of(tmp_path / "two") == first
    assert files_of(tmp_path / "again") == first
    assert two.rebuilt == result.rebuilt


def test_no_maze_repeats_in_a_volume_or_between_two(series: tuple[Path, SeriesResult]) -> None:
    folder, _ = series
    volumes = [json.loads((folder / "one" / f"tiny-{k}.json").read_text()) for k in range(1, 5)]
    every = [forms(m) for m in volumes]
    for made in every:
        assert len(set(made)) == len(made) == 40
    for a, b in itertools.combinations(every, 2):
        assert not set(a) & set(b)
    report = json.loads((folder / "one" / "tiny-series.json").read_text())
    assert [s["volumes"] for s in report["shared"]] == [
        list(pair) for pair in itertools.combinations(range(1, 5), 2)
    ]
    assert all(s["mazes"] == 0 for s in report["shared"]) and report["shared_total"] == 0
    assert [v["seed"] for v in report["volumes"]] == [m["seed"] for m in volumes]
    assert [v["repeats_within"] for v in report["volumes"]] == [0, 0, 0, 0]
    assert sum(v["made_again_for_earlier_volumes"] for v in report["volumes"]) > 0


def test_the_volumes_alone_would_repeat_mazes(tmp_path: Path) -> None:
    """What the series prevents: the same volumes each built alone share mazes."""
    template = load_template(tiny(tmp_path))
    alone = []
    for k in range(1, 5):
        result = build_book(volume_template(template, k), output=tmp_path / f"v{k}.pdf")
        alone.append(set(forms(json.loads(result.manifest.read_text()))))
    assert any(a & b for a, b in itertools.combinations(alone, 2))


def test_each_volume_is_titled_in_the_books_language_and_numbered(
    series: tuple[Path, SeriesResult], tmp_path: Path
) -> None:
    _, result = series
    for k, volume in enumerate(result.volumes, 1):
        manifest = json.loads(volume.manifest.read_text())
        assert manifest["title"] == f"Tiny Trails, Volume {k}"
        assert manifest["volume"] == k
        assert manifest["seed"] == volume_seed(5, k)
        assert f"Tiny Trails, Volume {k}" in PdfReader(volume.pdf).pages[0].extract_text().replace(
            "\n", " "
        )
    german = build_series(
        tiny(tmp_path, 'language = "de"\n[series]\ntitle = "{title} – Heft {volume}"'),
        2,
        output=tmp_path / "de" / "t.pdf",
    )
    assert json.loads(german.volumes[1].manifest.read_text())["title"] == "Tiny Trails – Heft 2"
    plain = build_series(tiny(tmp_path, 'language = "de"'), 1, output=tmp_path / "d" / "t.pdf")
    assert json.loads(plain.volumes[0].manifest.read_text())["title"] == "Tiny Trails, Band 1"


def test_the_volume_is_on_the_front_cover_and_the_spine(tmp_path: Path) -> None:
    """A kdp volume thick enough for spine text: the front and the spine both carry it; a
    title too long for the spine leaves the volume's number there."""
    from mazebook.printing.printers import PRINTERS, Trim
    from mazebook.products.book import load_fonts
    from mazebook.products.cover import cover_layout, spine_text
    from mazebook.products.cover_designs.band import BAND_LEAST

    path = tmp_path / "thick.toml"
    path.write_text(
        'title = "Mazes"\nseed = 3\npage_size = "6x9in"\n[[section]]\ncount = 90\ndifficulty = 1\n',
        encoding="utf-8",
    )
    result = build_series(path, 2, output=tmp_path / "out" / "m.pdf")
    cover = result.volumes[1].cover
    assert cover is not None and cover.name == "m-2-cover.pdf"
    text = " ".join(PdfReader(cover).pages[0].extract_text().split())
    assert text.count("Mazes, Volume 2") == 2  # the front's band and the spine
    long = volume_template(dataclasses.replace(load_template(path), title="A" * 90), 7)
    fonts = load_fonts(long)
    lay = cover_layout(PRINTERS["kdp"], Trim(6, 9), 100, "white")
    # the spine under the band at its least height, the longest it is (such a title's one
    # word is too wide for the front, which refuses it: only the spine's rule is tried here)
    bottom = lay.height - lay.bleed - lay.front.height * BAND_LEAST
    assert spine_text(long, fonts, lay, bottom) is not None
    assert spine_text(long, fonts, lay, bottom)[0] == "7"  # type: ignore[index]


def test_progress_names_the_volume_puzzle_by_puzzle(tmp_path: Path) -> None:
    seen: list[tuple[int, int, int]] = []
    build_series(
        tiny(tmp_path), 2, output=tmp_path / "p" / "t.pdf", progress=lambda *a: seen.append(a)
    )
    volumes = [v for v, _, _ in seen]
    assert volumes == sorted(volumes) and set(volumes) == {1, 2}
    for volume in (1, 2):
        done = [d for v, d, _ in seen if v == volume]
        assert len(done) >= 10 and done == sorted(done) and done[-1] == 40  # page by page


def test_a_series_report_and_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cli" / "t.pdf"
    code = main(["build", str(tiny(tmp_path)), "--volumes", "3", "--jobs", "2", "-o", str(out)])
    assert code == 0
    line = capsys.readouterr().out
    assert "built 3 volumes" in line and "0 mazes shared" in line
    report = json.loads((tmp_path / "cli" / "t-series.json").read_text())
    assert report["volume_count"] == 3 and report["template"] == "tiny"
    assert [v["pdf"] for v in report["volumes"]] == ["t-1.pdf", "t-2.pdf", "t-3.pdf"]
    for name, digest in report["files"].items():
        assert hashlib.sha256((tmp_path / "cli" / name).read_bytes()).hexdigest() == digest


def test_shared_counts_counts_every_pair() -> None:
    assert shared_counts([["a", "b"], ["b", "c"], ["d"]]) == [(1, 2, 1), (1, 3, 0), (2, 3, 0)]


BAD = [
    (["--volumes", "0"], "--volumes"),
    (["--volumes", "51"], "--volumes"),
    (["--volumes", "two"], "--volumes"),
    (["--volumes", "2", "--jobs", "0"], "--jobs"),
    (["--png-dir", "{out}/t.pdf"], "PNG folder"),
    (["--png-dir", "{out}"], "PNG folder"),
    (["--png-dir", "{out}/assets", "--svg-dir", "{out}/assets"], "PNG folder"),
    (["--volumes", "2", "--png-dir", "{out}"], "PNG folder"),
    (["--dpi", "5000", "--png-dir", "{out}/png"], "--dpi"),
]


@pytest.mark.parametrize(("args", "named"), BAD)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    template = tiny(tmp_path)
    out = tmp_path / "out"
    filled = [a.replace("{out}", str(out)) for a in args]
    code = main(["build", str(template), "-o", str(out / "t.pdf"), *filled])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and named in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("series", "problem"),
    [
        ('title = "{title} again"', "has no {volume}"),
        ('title = "{title} {author} {volume}"', "{author} is not a placeholder"),
        ('title = "{volume:>5}"', "takes no format"),
        ("title = 3", "is not allowed"),
        ('name = "x"', "unknown key 'name'"),
    ],
)
def test_a_series_title_without_its_volume_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], series: str, problem: str
) -> None:
    template = tiny(tmp_path, f"[series]\n{series}")
    code = main(["build", str(template), "--volumes", "2", "-o", str(tmp_path / "o" / "t.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and problem in err and "series" in err
    assert not (tmp_path / "o").exists()


def test_a_language_text_for_volumes_needs_its_volume_too(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match=r"text\.volume_title"):
        load_template(tiny(tmp_path, '[text]\nvolume_title = "{title}"'))


def test_a_worksheet_makes_no_series(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["build", "worksheet", "--volumes", "2", "-o", str(tmp_path / "w" / "w.pdf")])
    assert code == 2 and "a series is made of books" in capsys.readouterr().err
    assert not (tmp_path / "w").exists()


def _planned(number: int) -> PlannedPuzzle:
    return PlannedPuzzle(
        number=number, section=0, level=1, page=1, slot=0, answer_page=2, answer_slot=0
    )


class _Made:
    def __init__(self, key: str) -> None:
        self.canonical_key = key


def test_a_repeat_is_made_again_from_its_own_random_source(tmp_path: Path) -> None:
    template = load_template(tiny(tmp_path))
    keys = iter(["a", "a", "b"])
    sources: list[float] = []

    def make(rng: random.Random) -> Any:
        sources.append(rng.random())
        return _Made(next(keys))

    used = unique.Used(frozenset({"z"}))
    unique.unique_puzzle(template, _planned(1), random.Random(1), make, used)
    unique.unique_puzzle(template, _planned(2), random.Random(2), make, used)
    assert used.keys == ["a", "b"] and used.again == 1 and used.clashes == 0
    assert sources[2] == unique.again_rng(template.seed, 2, 1).random()


def test_a_level_with_too_few_mazes_is_refused_naming_it(tmp_path: Path) -> None:
    template = load_template(tiny(tmp_path))
    used = unique.Used(frozenset({"a"}))
    with pytest.raises(TemplateError, match=r"puzzle 3 \(level 1\).*too few") as info:
        unique.unique_puzzle(template, _planned(3), random.Random(0), lambda _: _Made("a"), used)
    assert info.value.key == "difficulty" and used.clashes == unique.MAX_TRIES


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "group"), [(signal.SIGTERM, False), (signal.SIGINT, True)])
def test_stopping_a_parallel_series_leaves_nothing_and_no_worker(
    tmp_path: Path, signum: int, group: bool
) -> None:
    """SIGTERM to the build, or Ctrl-C to its whole process group, while two workers build:
    one line, the signal's exit code, no file written, no temporary file, no worker left."""
    out = tmp_path / "out"
    # 50 volumes (the most a series takes): about 8 s of work on two cores, so the signal lands
    # well inside the build (20 volumes took 10 s once; since the books got faster they take
    # 3 s, and the signal could land in the final commit, which holds signals, then writes all)
    command = [sys.executable, "-m", "mazebook", "build", "classic", "--volumes", "50"]
    process = subprocess.Popen(
        [*command, "--jobs", "2", "-o", str(out / "c.pdf")],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(3.0)
    assert process.poll() is None, "the series ended before it could be stopped"
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum
    assert err.count("\n") == 1 and "interrupted" in err and "Traceback" not in err
    assert not out.exists() or [p.name for p in out.iterdir()] == []
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", str(out / "c.pdf")], capture_output=True, text=True)
    assert left.stdout == ""
