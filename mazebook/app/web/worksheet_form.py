"""The web app's worksheet form: a WorksheetRequest from its boxes (the classroom choices
through classroom.py), built into the request's folder, every error beside its box."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ...errors import MazebookError
from ...requests import (
    PER_PAGE,
    WORKSHEET_SOURCE,
    WorksheetRequest,
    build_worksheet_request,
    parse_level,
    parse_levels,
    parse_page,
    parse_text,
    parse_whole,
    worksheet_texts,
)
from ...template.texts import LANGUAGES
from .actions import (
    MAX_SHEET_MAZES,
    PRESETS,
    SHEET_TEXTS,
    Built,
    FieldError,
    _choice,
    _field,
    _language,
    _seed,
    built,
    in_form_words,
    output_in,
)
from .classroom import ClassroomError, classroom_choices

SHEET_FIELD_LABELS = ("Name", "Class", "Date")
#: The worksheet form's fields, each named as the WorksheetRequest field it fills.
SHEET_FORM_FIELDS = (
    "count",
    "per_page",
    "levels",
    "page_size",
    "title",
    "instruction",
    "seed",
    "font",
    "fields",
    "language",
    "names",
    "puzzle",
    "words",
    "step",
)


def sheet_error(exc: MazebookError, font: Path | None, font_name: str | None) -> FieldError:
    """A worksheet's error beside the form field of the request field it is keyed by, in the
    form's words; an uploaded font is named as uploaded, never by its path on the server."""
    field = exc.key if exc.key in SHEET_FORM_FIELDS else "sheet"
    error = in_form_words(exc, field or "sheet", drop_file=WORKSHEET_SOURCE)
    if font is not None:
        return FieldError(error.field, str(error).replace(str(font), font_name or "the font"))
    return error


def worksheet_request(form: Mapping[str, str], font: Path | None = None) -> WorksheetRequest:
    """The worksheet form as a WorksheetRequest, each box checked by the request's parsers;
    ``font`` is an uploaded font already saved in the request's own folder."""
    preset = form.get("preset", "")
    if preset in PRESETS:
        levels_text = PRESETS[preset].sheet_levels
    elif preset in ("", "custom"):
        levels_text = form.get("levels", "3").strip()
    else:
        raise FieldError("levels", f"Levels: must be one of: {', '.join(PRESETS)}; got {preset!r}")
    language = _language("language", form.get("language", "en"))
    texts = worksheet_texts(language)
    per_page_text = form.get("per_page", "4")
    _choice("per_page", per_page_text, tuple(str(n) for n in PER_PAGE))
    count_text = form.get("count", "4")
    # the web's own cap, below the library's (MAX_COUNT), named in the message
    count = _field("count", lambda: parse_whole(count_text, "count", 1, MAX_SHEET_MAZES))
    levels: int | tuple[int, int] = _field(
        "levels",
        lambda: (
            parse_levels(levels_text)
            if "-" in levels_text or "–" in levels_text
            else parse_level(levels_text)
        ),
    )
    title = _own_words(form.get("title", texts["title"]), "title", texts)
    instruction = _own_words(form.get("instruction", ""), "instruction", texts)
    words = LANGUAGES[language]
    try:
        class_set = classroom_choices(form)
    except ClassroomError as exc:
        raise FieldError(exc.field, str(exc)) from None
    return WorksheetRequest(
        count=count,
        per_page=int(per_page_text),
        levels=levels,
        page_size=_field("page_size", lambda: parse_page(form.get("page_size", "letter"))),
        language=language,
        title=_field("title", lambda: parse_text(title, "title")),
        instruction=None
        if not instruction
        else _field("instruction", lambda: parse_text(instruction, "instruction")),
        font=None if font is None else str(font),
        seed=_seed(form.get("seed", "1")),
        fields=tuple(
            words[label.lower()] for label in SHEET_FIELD_LABELS if form.get(f"field_{label}")
        ),
        names=class_set.names,
        puzzle=class_set.puzzle,
        words=class_set.words,
        step=class_set.step,
    )


def _own_words(text: str, key: str, texts: Mapping[str, str]) -> str:
    """A title or instruction box's text; where it is some language's default, the chosen
    language's own words (a box left as it was follows the language)."""
    if any(text.strip() == t[key] for t in SHEET_TEXTS.values()):
        return texts[key]
    return text


def build_sheet(form: Mapping[str, str], folder: Path, font: tuple[Path, str] | None) -> Built:
    """Build the worksheet form into ``folder``; ``font``: an uploaded font saved in the
    folder, and its name as uploaded. Every error beside its form field."""
    saved = None if font is None else font[0]
    request = worksheet_request(form, saved)
    try:
        _, result = build_worksheet_request(request, output=output_in(folder))
    except MazebookError as exc:
        raise sheet_error(exc, saved, None if font is None else font[1]) from None
    return built(result)
