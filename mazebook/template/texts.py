"""Every word a book or worksheet prints of its own, in the languages mazebook ships.

Each language is a packaged data file, ``mazebook/data/languages/<code>.toml``, checked against
``language_schema()`` and each key's placeholders when read. ``language`` picks a complete set
(English by default); a template's ``[text]`` table replaces single keys. Values may hold
placeholders in braces, e.g. ``"Puzzle {number}"``; each key allows only its own
(``PLACEHOLDERS``), so a typo is refused when the template is read rather than printed.
``how_to_play`` is the how-to page: paragraphs separated by a blank line.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from ..errors import TemplateError, did_you_mean
from ..packaged import read_packaged
from ..records import record
from .limits import MAX_PAGES, MAX_TEXT

#: The placeholders each text key may use (others are refused).
PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "language_name": (),  # the language's name in itself, for a reader's choice of language
    "language_name_en": (),  # and in English (a mistyped code is matched against both)
    "start": (),
    "finish": (),
    "puzzle": ("number",),
    "puzzles": ("first", "last"),
    "level": ("level",),
    "levels": ("first", "last"),
    "solution_on_page": ("page",),
    "solution_short": ("level", "page"),
    "answers": (),
    "answers_for": ("first", "last"),
    "answer_for": ("number",),
    "answer_page": ("page",),
    "contents": (),
    "contents_continued": (),
    "all_solutions": ("count",),
    "all_solutions_one": ("count",),
    "how_to_play_title": (),
    "how_to_play": ("start", "finish"),
    # what a book's how-to page adds for the kinds of puzzle it holds, and for bridges (weave)
    "how_to_play_number_path": ("start", "finish", "step"),
    "how_to_play_word_trail": ("start", "finish"),
    "how_to_play_weave": (),
    "summary": ("count", "levels"),
    "summary_one": ("count", "levels"),
    "large_print": (),  # a large-print book's title page (and cover) says so
    "notes": (),
    "belongs_to": (),
    "copyright_title": (),
    "instruction": ("start", "finish"),
    "answer_key": (),
    "name": (),
    "class": (),
    "date": (),
    "worksheet_title": (),
    # a sheet of one kind of puzzle: its title and its instruction (mazebook.kinds)
    "worksheet_title_number_path": (),
    "worksheet_title_word_trail": (),
    "instruction_number_path": ("start", "finish", "step"),
    "instruction_word_trail": ("start", "finish"),
    # a puzzle described in words (an SVG's title and desc, the manifest, a screen reader)
    "description": (
        "kind",
        "shape",
        "level",
        "size",
        "start",
        "start_place",
        "finish",
        "finish_place",
    ),
    "puzzle_title": ("kind", "shape", "level", "size"),  # an SVG's title: what it is
    "solution_length": ("cells",),  # an answer said aloud: how long its solution is
    "kind_maze": (),
    "kind_word_trail": (),
    "kind_one_way": (),
    "kind_keys": (),
    "kind_number_path": ("step",),
    "shape_rect": (),
    "shape_circle": (),
    "shape_hex": (),
    "shape_triangle": (),
    "shape_mask": (),
    "size_grid": ("columns", "rows"),
    "size_rings": ("rings", "cells"),
    "place_centre": (),
    "place_top": (),
    "place_bottom": (),
    "place_left": (),
    "place_right": (),
    "place_top_left": (),
    "place_top_right": (),
    "place_bottom_left": (),
    "place_bottom_right": (),
    # the rules of a kind of maze (mazebook.kinds): a worksheet's instruction, a paragraph of
    # the "How to play" page of a book that has such mazes
    "instruction_one_way": ("start", "finish"),
    "instruction_keys": ("start", "finish"),
    "how_to_play_one_way": ("start", "finish"),
    "how_to_play_keys": ("start", "finish"),
    "volume_title": ("title", "volume"),  # a volume of a series: "{title}, Volume {volume}"
}

TEXT_KEYS = tuple(PLACEHOLDERS)

#: Texts that a kind of puzzle prints (mazebook.kinds: its instruction, its rules on the "How to
#: play" page), only in a document with such puzzles: ``every_word`` leaves them out, and the
#: document checks its font against its kinds' own words (products.book.load_fonts).
KIND_TEXT_KEYS = (
    "instruction_number_path",
    "instruction_word_trail",
    "instruction_one_way",
    "instruction_keys",
    "worksheet_title_number_path",
    "worksheet_title_word_trail",
    "how_to_play_number_path",
    "how_to_play_word_trail",
    "how_to_play_weave",
    "how_to_play_one_way",
    "how_to_play_keys",
)

#: Texts with a count that have a form for one thing (KEY_one): Texts.counted picks it.
COUNTED = ("all_solutions", "summary")

#: The widest number a placeholder can take (a page number of the largest book has 4 digits).
NUMBER_SAMPLE = "9" * (len(str(MAX_PAGES)) + 2)

#: The languages mazebook ships, in the order they are offered (each a file of
#: mazebook/data/languages).
SHIPPED = ("en", "de", "fr", "es")


def language_schema() -> dict[str, Any]:
    """The JSON Schema of a language file: every text key, each a string, nothing else."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "The words of one language",
        "type": "object",
        "required": list(TEXT_KEYS),
        "additionalProperties": False,
        "properties": {key: {"type": "string", "minLength": 1} for key in TEXT_KEYS},
    }


def load_language(
    data: Mapping[str, Any], *, source: str, schema: bool = True
) -> Mapping[str, str]:
    """A complete set of words, checked against the schema and each key's placeholders. The
    shipped files (``schema`` False, which tests/test_data_tables.py checks) and a set that
    plainly meets the schema (every key, each a text) skip the schema checker, which takes a
    tenth of a second to load; any other is checked by it, for its message."""
    plain = set(data) == set(TEXT_KEYS) and all(isinstance(v, str) and v for v in data.values())
    if schema and not plain:
        from jsonschema import Draft202012Validator

        errors = sorted(
            Draft202012Validator(language_schema()).iter_errors(data),
            key=lambda e: [str(p) for p in e.absolute_path],
        )
        if errors:
            key = ".".join(str(p) for p in errors[0].absolute_path) or None
            raise TemplateError(errors[0].message, file=source, key=key)
    for key, value in data.items():
        check_placeholders(key, value, source=source)
    return MappingProxyType({key: data[key] for key in TEXT_KEYS})


def _shipped(code: str) -> Mapping[str, str]:
    """The packaged language file of ``code`` (one of SHIPPED), read and checked."""
    text = read_packaged(f"data/languages/{code}.toml").decode("utf-8")
    return load_language(
        tomllib.loads(text),
        source=f"mazebook/data/languages/{code}.toml",
        schema=False,  # jsonschema costs a build 50 ms and 8 MB: a test checks them
    )


@record
class Texts:
    """The words of one document: a language's set with the template's ``[text]`` applied."""

    language: str
    values: Mapping[str, str]
    source: str = "<template>"

    def __call__(self, key: str, **fields: Any) -> str:
        """The text of ``key`` with its placeholders filled in; TemplateError when the result
        is longer than MAX_TEXT (a text of placeholders, each filled with a long word)."""
        text = self.values[key].format(**fields)
        if len(text) > MAX_TEXT:
            raise TemplateError(
                f"filled in, it has {len(text):,} characters, more than {MAX_TEXT:,} (the "
                "limit, MAX_TEXT)",
                file=self.source,
                key=f"text.{key}",
            )
        return text

    def counted(self, key: str, count: int, **fields: Any) -> str:
        """``key`` for ``count`` things: its ``_one`` form for a single one ("1 maze", not
        "1 mazes")."""
        return self(f"{key}_one" if count == 1 else key, count=count, **fields)

    def check_lengths(self) -> None:
        """Fill every text with the longest values its placeholders can take (so a text too
        long once filled in is refused when the template is read, not half-way through)."""
        for key in TEXT_KEYS:
            self(key, **self.longest_fields())

    def longest_fields(self) -> dict[str, str]:
        """The longest value of each placeholder (words as this document says them)."""
        sample = {name: NUMBER_SAMPLE for names in PLACEHOLDERS.values() for name in names}
        numbers = {"level": NUMBER_SAMPLE, "first": NUMBER_SAMPLE, "last": NUMBER_SAMPLE}
        levels = (self.values[key].format(**numbers) for key in ("level", "levels"))
        sample.update(
            start=self.values["start"], finish=self.values["finish"], levels=max(levels, key=len)
        )
        return sample

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its plain values (a mapping proxy cannot be), so a template crosses to
        the worker processes of a series build (products/series.py)."""
        return (_unpickle_texts, (self.language, dict(self.values), self.source))

    def every_word(self) -> str:
        """All the words this document may print (with digits), for checking the font: every
        text but a kind's own (KIND_TEXT_KEYS), which only documents with that kind print."""
        sample = {name: "0123456789" for names in PLACEHOLDERS.values() for name in names}
        sample.update(start=self.values["start"], finish=self.values["finish"])
        keys = [key for key in TEXT_KEYS if key not in KIND_TEXT_KEYS and key not in UNPRINTED]
        return " ".join(self(key, **sample) for key in keys) + " – · … ________"


def _unpickle_texts(language: str, values: dict[str, str], source: str) -> Texts:
    return Texts(language, MappingProxyType(values), source)


def make_texts(language: str, overrides: Mapping[str, Any], *, source: str) -> Texts:
    """The texts for ``language`` with the ``[text]`` table's keys replacing its own."""
    values = dict(LANGUAGES[language])
    for key, value in overrides.items():
        if key not in PLACEHOLDERS:
            raise TemplateError(
                f"unknown key {key!r}{did_you_mean(key, TEXT_KEYS)}; known keys: "
                f"{', '.join(TEXT_KEYS)}",
                file=source,
                key="text",
            )
        if not isinstance(value, str):
            raise TemplateError("must be text", file=source, key=f"text.{key}")
        check_placeholders(key, value, source=source)
        values[key] = value
    for key in COUNTED:  # a template's own text serves for one thing too, unless it says
        if key in overrides and f"{key}_one" not in overrides:
            values[f"{key}_one"] = values[key]
    texts = Texts(language, MappingProxyType(values), source)
    texts.check_lengths()
    return texts


#: The placeholders a volume's title may use (a template's ``[series] title``, the language's
#: ``volume_title``).
SERIES_PLACEHOLDERS = ("title", "volume")


def series_title_problem(text: str) -> str | None:
    """Why ``text`` cannot title the volumes of a series (None: it can): braces that do not
    parse, a placeholder other than {title} and {volume}, a format spec, or no {volume}."""
    try:
        fields = [
            (name, spec, conversion)
            for _, name, spec, conversion in string.Formatter().parse(text)
            if name is not None
        ]
    except ValueError as exc:
        return f"{exc} (write {{{{ and }}}} for a literal brace)"
    for name, spec, conversion in fields:
        if name not in SERIES_PLACEHOLDERS:
            return (
                f"{{{name[:20]}}} is not a placeholder of a series title; it offers {{title}} "
                "and {volume}"
            )
        if spec or conversion:
            return f"{{{name}}} takes no format; write {{{name}}} alone"
    if "volume" not in (name for name, _, _ in fields):
        return (
            f"{text[:60]!r} has no {{volume}}: every volume would bear the same title; "
            'write e.g. "{title} — Book {volume}"'
        )
    return None


def check_placeholders(key: str, value: str, *, source: str) -> None:
    """Refuse a placeholder the key does not offer, braces that do not parse, and any format
    field beyond a bare name (a width such as ``{number:>99999999}`` could take minutes and
    gigabytes to fill in, and no text needs one)."""
    allowed = PLACEHOLDERS[key]
    try:
        fields = [
            (name, conversion, spec)
            for _, name, spec, conversion in string.Formatter().parse(value)
            if name is not None
        ]
    except ValueError as exc:
        raise TemplateError(
            f"{exc} (write {{{{ and }}}} for a literal brace)", file=source, key=f"text.{key}"
        ) from None
    for name, conversion, spec in fields:
        if conversion or spec:
            written = "{" + name + ("!" + conversion if conversion else "")
            written += (":" + spec if spec else "") + "}"
            raise TemplateError(
                f"{written[:40]} has a format {'conversion' if conversion else 'specification'}"
                f"; placeholders are plain names, e.g. {{{name[:20]}}}",
                file=source,
                key=f"text.{key}",
            )
    names = [name for name, _, _ in fields]
    for name in names:
        if name not in allowed:
            offer = ", ".join(f"{{{a}}}" for a in allowed) or "none"
            raise TemplateError(
                f"{{{name}}} is not a placeholder of this text; it offers: {offer}",
                file=source,
                key=f"text.{key}",
            )


#: Keys no page prints (names of the language, a puzzle's description for SVGs, the manifest
#: and screen readers): a book's font need not hold their letters.
UNPRINTED = frozenset(
    key
    for key in PLACEHOLDERS
    if key.startswith(("language_name", "kind_", "shape_", "size_", "place_"))
    or key in ("description", "puzzle_title", "solution_length")
)


class _Languages(Mapping[str, Mapping[str, str]]):
    """The shipped sets by code, each read (and checked) the first time it is asked for: the
    commands that print no words never read the files or load the schema checker, and a
    maze in one language reads that language's file only."""

    def __init__(self) -> None:
        self._sets: dict[str, Mapping[str, str]] = {}

    def __getitem__(self, code: str) -> Mapping[str, str]:
        words = self._sets.get(code)
        if words is None:
            if code not in SHIPPED:
                raise KeyError(code)
            words = self._sets[code] = _shipped(code)
        return words

    def __iter__(self) -> Iterator[str]:
        return iter(SHIPPED)

    def __len__(self) -> int:
        return len(SHIPPED)


#: The shipped sets, each complete (the schema asks for every key), read from packaged data.
LANGUAGES: Mapping[str, Mapping[str, str]] = _Languages()


def language_names() -> dict[str, str]:
    """Each shipped language by its own name ("de": "Deutsch"), for a reader's choice."""
    return {code: words["language_name"] for code, words in LANGUAGES.items()}


def language_code(text: str) -> str | None:
    """The shipped language a name or code stands for ("French", "français", "FR" -> "fr"),
    or None: what a "did you mean" offers for a mistyped language."""
    wanted = text.strip().casefold()
    for code, words in LANGUAGES.items():
        names = (code, words["language_name"], words["language_name_en"])
        if wanted in (n.casefold() for n in names):
            return code
    return None
