"""Start-up: each subcommand loads only the libraries it uses (issue 33, point 3).

Every case runs ``mazebook`` in a fresh interpreter (a small job, or --help where running would
serve or spawn processes) and reads ``sys.modules`` after it: numpy, pypdf, jsonschema, Pillow
and Starlette each take tens of milliseconds to import, so a command that does not use one must
not load it. How fast the commands start is measured by tests/bench_startup.py, not here.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mazebook.app import cli

from .fresh import run_fresh

ROOT = Path(__file__).resolve().parent.parent

#: The libraries a command loads only when it uses them.
#: numpy is among them: modules hold mazebook.lazy's stand-in for it, which imports it on first
#: use, and the small mazes of books, worksheets and single mazes are made and drawn without it.
HEAVY = ("pypdf", "jsonschema", "PIL", "starlette", "uvicorn", "pypdfium2", "svgwrite", "numpy")

PROBE = """
import json, os, sys
from mazebook.app.cli import main
sys.stdout = open(os.devnull, "w")
code = main(sys.argv[1:])
loaded = sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(os.environ["HEAVY"])))
sys.__stdout__.write(json.dumps([code, loaded]))
"""

BOOK = """title = "Tiny"
page_size = "letter"
cover = false
[[section]]
name = "One"
count = 1
difficulty = [1, 1]
"""


def loaded(argv: list[str], cwd: Path) -> list[str]:
    """The HEAVY libraries ``mazebook ARGV`` loads in a fresh interpreter (it must succeed)."""
    code, names = run_fresh(PROBE, argv, cwd, {"HEAVY": json.dumps(HEAVY)})
    assert code == 0, argv
    return list(names)


#: (arguments, the HEAVY libraries the command uses): reportlab loads Pillow itself, so every
#: command that draws a PDF has PIL; templates (but the shipped ones) are checked with
#: jsonschema; preflight and preview read PDFs with pypdf, preview renders them with PDFium.
CASES: list[tuple[list[str], set[str]]] = [
    (["--version"], set()),
    (["--help"], set()),
    (["maze", "-s", "6x5", "--seed", "1", "-f", "txt"], set()),
    (["maze", "-s", "6x5", "--seed", "1", "-f", "json"], set()),
    (["maze", "-s", "6x5", "--seed", "1", "-f", "svg"], set()),
    (["maze", "-s", "6x5", "--seed", "1", "-f", "pdf", "-o", "m.pdf"], {"PIL"}),
    # past LIST_UP_TO cells (4,096) a maze is made and drawn with numpy
    (["maze", "-s", "80x80", "--seed", "1", "-f", "svg"], {"numpy"}),
    (["maze", "--help"], set()),
    (["algorithms", "--options"], set()),
    (["bench", "--help"], set()),
    (["build", "tiny.toml", "-o", "b.pdf", "--quiet"], {"jsonschema", "PIL"}),
    # a shipped template, its language and printer tables are checked by tests, not at each run
    (["build", "-o", "b.pdf", "--quiet"], {"PIL"}),
    (["cover", "--help"], set()),
    (["worksheet", "--count", "1", "-o", "w.pdf", "--quiet"], {"jsonschema", "PIL"}),
    (["templates"], set()),
    (["preflight", "--help"], set()),
    (["preview", "--help"], set()),
    (["serve", "--help"], set()),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup")
    (path / "tiny.toml").write_text(BOOK, encoding="utf-8")
    return path


@pytest.mark.parametrize(("argv", "uses"), CASES, ids=lambda c: " ".join(c) or "-")
def test_a_command_loads_only_the_libraries_it_uses(
    folder: Path, argv: list[str], uses: set[str]
) -> None:
    assert set(loaded(argv, folder)) == uses


def test_preflight_and_preview_read_pdfs_with_pypdf_and_nothing_else_heavy(folder: Path) -> None:
    loaded(["maze", "-s", "6x5", "--seed", "1", "-o", "one.pdf"], folder)
    checked = set(loaded(["preflight", "one.pdf", "--printer", "home"], folder))
    assert checked == {"pypdf", "PIL", "numpy"}  # numpy: the ink and the pictures' pixels
    shown = set(loaded(["preview", "one.pdf", "--pages", "1", "-o", "shown"], folder))
    assert shown == {"pypdf", "PIL", "pypdfium2", "numpy"}  # the preflight's stream readers


def test_the_listed_help_lines_are_the_commands_own() -> None:
    """The lines --help lists without importing the commands match what each registers."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    for name in cli.COMMANDS:
        __import__(f"mazebook.app.commands.{name}", fromlist=["register"]).register(sub)
    own = {a.dest: a.help for a in sub._choices_actions}
    assert own == cli.COMMANDS


def test_the_command_is_the_first_word_that_is_not_an_option() -> None:
    assert cli.command_in(["maze", "-s", "5x5"]) == "maze"
    assert cli.command_in(["--version"]) is None
    assert cli.command_in(["-h", "build", "x.toml"]) == "build"
    assert cli.command_in(["nonsense", "maze"]) is None


def test_version_and_help_list_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    listing = capsys.readouterr().out
    for name, line in cli.COMMANDS.items():
        assert name in listing and line.split()[0] in listing
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("mazebook ")
    assert cli.main(["nonsense"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_one_maze_loads_only_its_own_generator(folder: Path) -> None:
    """The generators' modules are imported by name: making one maze loads one of them, and
    listing them loads all, each registered under its own name."""
    code = (
        "import sys, os\n"
        "from mazebook.app.cli import main\n"
        "sys.stdout = open(os.devnull, 'w')\n"
        "assert main(['maze', '-a', 'wilson', '-s', '6x5', '--seed', '1', '-f', 'txt']) == 0\n"
        "sys.__stdout__.write(' '.join(sorted(m for m in sys.modules if m.startswith("
        "'mazebook.core.generators.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=True
    )
    loaded_generators = {m.rsplit(".", 1)[1] for m in out.stdout.split()}
    from mazebook.core.generators import BUILTINS, MODULES

    assert loaded_generators & set(MODULES.values()) == {"wilson"}
    assert all(BUILTINS[name].name == name for name in MODULES)


def test_a_shipped_book_reads_no_plugin_metadata_and_no_masked_arrays(folder: Path) -> None:
    """Building the default book reads no installed package's metadata (importlib.metadata
    loads email and zipfile: about 20 ms) and imports no numpy.ma (np.unique's 8 ms): its
    sections name shipped kinds only. Its template and tables are read without
    importlib.resources (about 5 ms with zipfile): mazebook/packaged.py."""
    code = (
        "import sys, os\n"
        "from mazebook.app.cli import main\n"
        "sys.stdout = open(os.devnull, 'w')\n"
        "assert main(['build', '-o', 'plain.pdf', '--quiet']) == 0\n"
        "unused = ('importlib.metadata', 'numpy.ma', 'importlib.resources', 'zipfile')\n"
        "sys.__stdout__.write(' '.join(sorted(m for m in unused if m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == []


DESIGN_PROBE = """
import json, os, sys
from mazebook.app.cli import main
from mazebook.printing import printers
read = []
table = printers._data
printers._data = lambda path: read.append(path) or table(path)
sys.stdout = open(os.devnull, "w")
assert main(sys.argv[1:]) == 0
designs = sorted(m.rsplit(".", 1)[1] for m in sys.modules if ".cover_designs." in m)
sys.__stdout__.write(json.dumps([designs, read, "xml.etree.ElementTree" in sys.modules]))
"""


@pytest.mark.parametrize(("design", "printer"), [(None, "kdp"), ("framed", "lulu")])
def test_a_book_loads_only_its_cover_design_and_its_printer_table(
    folder: Path, design: str | None, printer: str
) -> None:
    """A book imports the module of the cover design it draws (and band's, whose measures the
    cover's layout uses) and not the others', reads its printer's table alone, and imports
    no XML parser (only an SVG cover picture is parsed). None: the default book (band, kdp)."""
    argv = ["build", "-o", "designed.pdf", "--quiet"]
    if design is not None:
        book = BOOK.replace("cover = false\n", f'printer = "{printer}"\n')
        (folder / "designed.toml").write_text(f'{book}[cover]\ndesign = "{design}"\n')
        argv.insert(1, "designed.toml")
    designs, read, xml = run_fresh(DESIGN_PROBE, argv, folder, {})
    assert set(designs) - {"feature", "frame", "lettering", "panels"} == {"band", design or "band"}
    assert read == [f"printers/{printer}.toml"]
    assert xml is False


FREEZE_PROBE = """
import gc, json, os, sys
from mazebook.app.cli import main
sys.stdout = open(os.devnull, "w")
given = main(["algorithms"])
after_given = [gc.get_freeze_count(), gc.get_threshold()]
sys.argv = ["mazebook", "algorithms"]
as_program = main()
sys.__stdout__.write(
    json.dumps([given, after_given, as_program, [gc.get_freeze_count(), gc.get_threshold()]])
)
"""


def test_the_command_sets_aside_what_it_loaded_from_the_collector(folder: Path) -> None:
    """Run as the mazebook program, the CLI freezes what start-up loaded (so the collector's
    full passes skip the modules' objects) and collects less often; called with an argv by a
    caller's own program, it leaves the caller's collector alone."""
    given, after_given, as_program, (frozen, thresholds) = run_fresh(FREEZE_PROBE, [], folder, {})
    assert (given, as_program) == (0, 0)
    assert after_given == [0, list(gc.get_threshold())]
    assert frozen > 10_000
    assert tuple(thresholds) == cli.RUN_GC_THRESHOLDS != gc.get_threshold()
