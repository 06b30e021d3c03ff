"""The web app's book form: a shipped or uploaded template (TOML text that may name no file on
the server), its editable keys, the template with the form's edits checked as `mazebook build`
checks a file, the build, and the answer key as a file of its own."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...errors import MazebookError, TemplateError
from ...printing.printers import PAPERS
from ...products.answer_key import answer_key_pdf
from ...products.runner import Progress
from ...records import record
from ...requests import BookRequest, build_book_request, levels_value
from ...template import Template, available_templates, load_template, locate, template_from_data
from ...template.load import toml_data
from .actions import (
    FILE_KEYS,
    LANGUAGE_CODES,
    MAX_BOOK_PUZZLES,
    PRINTER_NAMES,
    Built,
    FieldError,
    _choice,
    built,
    output_in,
)


def build(template: Template, folder: Path, *, progress: Progress | None = None) -> Built:
    """Build a book template into ``folder`` (its own temporary folder), under file names the
    server makes (FILE_STEM), whatever the template is called."""
    request = BookRequest(template)
    return built(build_book_request(request, output=output_in(folder), progress=progress))


def answers_pdf(interior: Path, manifest: Path) -> bytes | None:
    """A built book's answer key as a PDF of its own (the library cuts its answer pages)."""
    return answer_key_pdf(interior, manifest)


BOOK_TEMPLATES: tuple[str, ...] = tuple(
    sorted(
        (name for name in available_templates() if load_template(name).worksheet is None),
        key=lambda name: (name != "classic", name),  # the default book first
    )
)


@record
class BookSource:
    """A template's TOML text and where it came from (a shipped name or an upload)."""

    text: str
    name: str
    uploaded: bool

    @property
    def source(self) -> str:
        """How messages name the template: 'NAME.toml (uploaded)' or '(built in)'."""
        return f"{self.name}.toml" + (" (uploaded)" if self.uploaded else " (built in)")


def shipped_book(name: str) -> BookSource:
    """A shipped book template's TOML text."""
    if name not in BOOK_TEMPLATES:
        raise FieldError(
            "base", f"no template named {name!r}; built-in templates: {', '.join(BOOK_TEMPLATES)}"
        )
    _, entry = locate(name)
    return BookSource(entry.read_text(encoding="utf-8"), name, uploaded=False)


def uploaded_book(raw: bytes, filename: str) -> BookSource:
    """An uploaded template: its TOML must parse and name no file on the server."""
    stem = upload_stem(filename)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FieldError(
            "upload", f"{stem}.toml: not UTF-8 text (byte {exc.start + 1} cannot be read)"
        ) from None
    source = BookSource(text, stem, uploaded=True)
    book_data(source)
    return source


def upload_stem(filename: str) -> str:
    """An uploaded template's name for messages only ('../x/My Book.toml' -> 'My-Book'): never
    a path, since no file is ever made from it."""
    base = re.split(r"[/\\]", filename or "")[-1]
    base = base[: -len(".toml")] if base.lower().endswith(".toml") else base
    return re.sub(r"[^A-Za-z0-9_-]+", "-", base).strip("-")[:40].strip("-") or "book"


def book_data(src: BookSource) -> dict[str, Any]:
    """The template's TOML as data; an upload's problems beside the upload field."""
    try:  # the template reader's own checks and words (syntax, nesting)
        data = toml_data(src.text, src.source)
    except TemplateError as exc:
        raise FieldError("upload", str(exc)) from None
    if src.uploaded:
        _refuse_files(data, src.source)
    if data.get("kind", "book") != "book":
        raise FieldError(
            "upload",
            f"{src.source}: this is a {data.get('kind')!r} template; "
            "use the Worksheet part for worksheets",
        )
    sections = data.get("section")
    if not isinstance(sections, list) or not sections:
        raise FieldError(
            "upload",
            f'{src.source}: key "section" is missing; a book needs at least one [[section]]',
        )
    return data


def _refuse_files(data: Mapping[str, Any], source: str) -> None:
    """FieldError when an uploaded template names a file (font, image, cover picture) anywhere."""
    where: list[tuple[str, Mapping[str, Any]]] = [("", data)]
    cover = data.get("cover")
    if isinstance(cover, Mapping):  # [cover] picture names a file too
        where.append(("[cover] ", cover))
    for i, section in enumerate(data.get("section") or []):
        if isinstance(section, Mapping):
            where.append((f"[[section]] {i + 1}, ", section))
            options = section.get("options")
            if isinstance(options, Mapping):
                where.append((f"[[section]] {i + 1} options, ", options))
    for prefix, table in where:
        for key in FILE_KEYS:
            if key in table:
                raise FieldError(
                    "upload",
                    f'{source}: {prefix}key "{key}" names a file; the web app reads no files on '
                    "the server (use `mazebook build` for templates with fonts or images)",
                )


def book_form_values(src: BookSource) -> dict[str, Any]:
    """The editable keys of a template, as the form shows them."""
    data = book_data(src)
    sections = []
    for i, section in enumerate(data["section"]):
        difficulty = section.get("difficulty", 5)
        levels = (
            f"{difficulty[0]}-{difficulty[1]}" if isinstance(difficulty, list) else str(difficulty)
        )
        sections.append(
            {
                "name": section.get("name", f"Section {i + 1}"),
                "count": section.get("count", 10),
                "levels": levels,
            }
        )
    return {
        "title": data.get("title", ""),
        "author": data.get("author", ""),
        "page_size": data.get("page_size", "letter"),
        "sections": sections,
        "printer": data.get("printer", "kdp"),
        "paper": data.get("paper", "white"),
        "language": data.get("language", "en"),
        "printers": PRINTER_NAMES,
        "papers": PAPERS,
        "languages": LANGUAGE_CODES,
    }


def _number(text: str) -> int | str:
    """A whole number where the text is one, else the text (the schema then names it)."""
    return int(text) if text.strip().isdigit() else text


def _book_field(exc: MazebookError) -> str:
    """The book form field a template error concerns: its section row and key, from the
    error's own fields."""
    if exc.section is not None:
        part = {"count": "count", "difficulty": "levels", "name": "name"}.get(exc.key or "")
        return f"section-{exc.section - 1}-{part or 'levels'}"
    if exc.key in ("title", "author", "page_size", "printer", "paper", "language"):
        return exc.key
    return "upload"


def book_template(src: BookSource, form: Mapping[str, str]) -> tuple[Template, dict[str, Any]]:
    """The template with the form's edits, checked as `mazebook build` checks a file.

    Returns (Template, its data) so the build can make it again in another process.
    """
    data = dict(book_data(src))
    data["title"] = form.get("title", "")
    author = form.get("author", "").strip()
    if author:
        data["author"] = author
    else:
        data.pop("author", None)
    data["page_size"] = form.get("page_size", "letter")
    for key, allowed, default in (
        ("printer", PRINTER_NAMES, "kdp"),
        ("paper", PAPERS, "white"),
        ("language", LANGUAGE_CODES, "en"),
    ):
        if form.get(key):
            data[key] = _choice(key, form[key], allowed)
        elif key not in data:
            data[key] = default
    sections = [dict(s) for s in data["section"]]
    new = len(sections)
    if form.get(f"section-{new}-count", "").strip():  # the form's empty row, filled in
        sections.append({})
    kept, rows = [], []
    for i, section in enumerate(sections):
        if form.get(f"section-{i}-remove"):
            continue
        kept.append(section)
        rows.append(i)
        if f"section-{i}-count" in form:
            name = form.get(f"section-{i}-name", "").strip()
            if name:
                section["name"] = name
            section["count"] = _number(form[f"section-{i}-count"])
            section["difficulty"] = levels_value(form.get(f"section-{i}-levels", ""))
    data["section"] = kept
    if not kept:
        raise FieldError("section-0-count", "a book needs at least one section")
    try:
        template = checked_book(data, src.name, src.source)
    except FieldError as exc:  # "[[section]] 2" counts the kept sections: name the form's row
        match = re.fullmatch(r"section-(\d+)-(\w+)", exc.field)
        if match:
            row = rows[int(match.group(1))]
            raise FieldError(f"section-{row}-{match.group(2)}", str(exc)) from None
        raise
    if template.puzzle_count > MAX_BOOK_PUZZLES:
        raise FieldError(
            "section-0-count",
            f"the web app builds books of up to {MAX_BOOK_PUZZLES} puzzles; this one has "
            f"{template.puzzle_count} (use `mazebook build` for larger ones)",
        )
    return template, data


def checked_book(data: Mapping[str, Any], name: str, source: str) -> Template:
    """Template data through the library's schema and checks; FieldError on the field."""
    try:
        return template_from_data(data, name=name, source=source)
    except (TemplateError, MazebookError) as exc:
        raise FieldError(_book_field(exc), str(exc)) from None
