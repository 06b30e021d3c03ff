"""The one build runner: every product (book, worksheet, class set, cover) prepared, then run
the same way: output names checked first, the set written at once or not at all, the
manifest (a typed record) written last with the digests of the others."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from mazebook.errors import OutputError
from mazebook.fileio import OutputSet
from mazebook.products.book import BookProduct
from mazebook.products.build import product_for
from mazebook.products.classset import ClassSetProduct
from mazebook.products.cover import CoverProduct
from mazebook.products.cover_only import cover_product
from mazebook.products.manifest import Manifest
from mazebook.products.runner import Outputs, Product, Progress, Rendered, run
from mazebook.products.worksheet import WorksheetProduct
from mazebook.template import load_template


@dataclass(frozen=True)
class Stub:
    """A product of two small files and a manifest, drawn from a real template's plan; it
    fails in ``render`` when told to (after staging a file)."""

    inner: Product
    fail: bool = False

    @property
    def outputs(self) -> Outputs:
        return self.inner.outputs

    def render(self, out: OutputSet, svg_dir: Path | None, progress: Progress | None) -> Rendered:
        rendered = self.inner.render(out, svg_dir, progress)
        if self.fail:
            out.stage(self.outputs.pdf, b"half a book")
            raise OSError("the disk is full")
        return rendered


def test_every_kind_of_template_is_prepared_as_its_product(tmp_path: Path) -> None:
    sheet = load_template("worksheet")
    kinds = {
        "children": BookProduct,
        "worksheet": WorksheetProduct,
    }
    for name, kind in kinds.items():
        assert isinstance(product_for(load_template(name), tmp_path / f"{name}.pdf"), kind)
    class_set = product_for(replace(sheet, names=("Ann", "Bob")), tmp_path / "c.pdf")
    assert isinstance(class_set, ClassSetProduct)
    cover = cover_product(load_template("children"), tmp_path / "k.pdf")
    assert isinstance(cover, CoverProduct) and cover.outputs.paths == [tmp_path / "k.pdf"]


def test_the_runner_writes_the_set_with_the_manifest_last(tmp_path: Path) -> None:
    product = product_for(load_template("worksheet"), tmp_path / "w.pdf")
    outputs = product.outputs
    finished = run(product)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w-answers.pdf", "w.json", "w.pdf"]
    assert outputs.manifest is not None
    data = json.loads(outputs.manifest.read_text(encoding="utf-8"))
    assert list(data)[-1] == "files"
    for name, digest in data["files"].items():
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == digest
    assert set(data["files"]) == {"w.pdf", "w-answers.pdf"}
    result = finished.result()
    assert (result.pdf, result.answers, result.cover) == (outputs.pdf, outputs.answers, None)
    assert result.puzzle_count == len(data["puzzles"]) == 4


def test_a_failing_render_leaves_nothing_and_keeps_old_files(tmp_path: Path) -> None:
    old = tmp_path / "w.pdf"
    old.write_bytes(b"last week's sheets")
    product = product_for(load_template("worksheet"), old)
    with pytest.raises(OSError, match="disk is full"):
        run(Stub(product, fail=True))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.pdf"]
    assert old.read_bytes() == b"last week's sheets"


def test_an_output_that_is_an_input_is_refused_before_any_drawing(tmp_path: Path) -> None:
    """The runner checks the product's names before render is called."""
    source = tmp_path / "book.pdf"
    source.write_text('title = "T"\nprinter = "home"\n[[section]]\ncount = 1\n', encoding="utf-8")
    template = replace(load_template("children"), path=source)
    with pytest.raises(OutputError, match="would replace"):
        run(Stub(product_for(template, source), fail=True))  # a render would say "disk is full"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def test_the_manifest_record_is_the_json_written(tmp_path: Path) -> None:
    product = product_for(load_template("worksheet"), tmp_path / "w.pdf")
    seen: list[Manifest] = []

    @dataclass(frozen=True)
    class Spy:
        inner: Product

        @property
        def outputs(self) -> Outputs:
            return self.inner.outputs

        def render(
            self, out: OutputSet, svg_dir: Path | None, progress: Progress | None
        ) -> Rendered:
            rendered = self.inner.render(out, svg_dir, progress)
            assert rendered.manifest is not None
            seen.append(rendered.manifest)
            return rendered

    run(Spy(product))
    written = json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))
    written.pop("files")
    assert seen[0].to_dict() == written
    assert seen[0].sheet is not None and seen[0].book is None
    assert written["answers_file"] == "w-answers.pdf"
