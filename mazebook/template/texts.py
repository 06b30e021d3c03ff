"""Every word a book or worksheet prints of its own, in the languages mazebook ships.

``language`` picks a complete set (English by default); a template's ``[text]`` table replaces
single keys. Values may hold placeholders in braces, e.g. ``"Puzzle {number}"``; each key
allows only its own (``PLACEHOLDERS``), so a typo is refused when the template is read rather
than printed. ``how_to_play`` is the how-to page: paragraphs separated by a blank line.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import TemplateError, did_you_mean
from .limits import MAX_PAGES, MAX_TEXT

#: The placeholders each text key may use (others are refused).
PLACEHOLDERS: dict[str, tuple[str, ...]] = {
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
    "answer_page": ("page",),
    "contents": (),
    "contents_continued": (),
    "all_solutions": ("count",),
    "how_to_play_title": (),
    "how_to_play": ("start", "finish"),
    "summary": ("count", "levels"),
    "notes": (),
    "belongs_to": (),
    "copyright_title": (),
    "instruction": ("start", "finish"),
    "answer_key": (),
    "name": (),
    "class": (),
    "date": (),
    "worksheet_title": (),
}

TEXT_KEYS = tuple(PLACEHOLDERS)

#: The widest number a placeholder can take (a page number of the largest book has 4 digits).
NUMBER_SAMPLE = "9" * (len(str(MAX_PAGES)) + 2)

_EN = {
    "start": "START",
    "finish": "FINISH",
    "puzzle": "Puzzle {number}",
    "puzzles": "Puzzles {first}–{last}",
    "level": "Level {level}",
    "levels": "Levels {first}–{last}",
    "solution_on_page": "Solution on page {page}",
    "solution_short": "L{level} · ans. p. {page}",
    "answers": "Answers",
    "answers_for": "Answers · puzzles {first}–{last}",
    "answer_page": "page {page}",
    "contents": "Contents",
    "contents_continued": "Contents (continued)",
    "all_solutions": "all {count} solutions",
    "how_to_play_title": "How to play",
    "how_to_play": (
        "Every maze has a {start} arrow pointing in and a {finish} arrow pointing out. Find the "
        "one path from {start} to {finish} without crossing a wall. A pencil helps: dead ends "
        "are part of the game.\n\n"
        "Levels run from 1 (gentle) to 10 (fiendish). A level is measured, not guessed: higher "
        "levels have longer paths, more places where the way splits, and longer false trails."
        "\n\n"
        "Stuck? Each puzzle names the page of its solution. The answers are at the back of the "
        "book, each drawn as a line through the maze."
    ),
    "summary": "{count} mazes · {levels} · answers at the back",
    "notes": "Notes",
    "belongs_to": "This book belongs to",
    "copyright_title": "Copyright",
    "instruction": (
        "Draw a line from the {start} arrow to the {finish} arrow without crossing a wall."
    ),
    "answer_key": "Answer key",
    "name": "Name",
    "class": "Class",
    "date": "Date",
    "worksheet_title": "Maze Worksheet",
}

_DE = {
    "start": "START",
    "finish": "ZIEL",
    "puzzle": "Rätsel {number}",
    "puzzles": "Rätsel {first}–{last}",
    "level": "Stufe {level}",
    "levels": "Stufen {first}–{last}",
    "solution_on_page": "Lösung auf Seite {page}",
    "solution_short": "St. {level} · Lös. S. {page}",
    "answers": "Lösungen",
    "answers_for": "Lösungen · Rätsel {first}–{last}",
    "answer_page": "Seite {page}",
    "contents": "Inhalt",
    "contents_continued": "Inhalt (Fortsetzung)",
    "all_solutions": "alle {count} Lösungen",
    "how_to_play_title": "So wird gespielt",
    "how_to_play": (
        "Jedes Labyrinth hat einen Pfeil {start}, der hineinzeigt, und einen Pfeil {finish}, der "
        "hinauszeigt. Finde den einen Weg von {start} bis {finish}, ohne eine Wand zu kreuzen. "
        "Ein Bleistift hilft: Sackgassen gehören zum Spiel.\n\n"
        "Die Stufen reichen von 1 (sanft) bis 10 (teuflisch). Eine Stufe ist gemessen, nicht "
        "geschätzt: Höhere Stufen haben längere Wege, mehr Abzweigungen und längere Irrwege.\n\n"
        "Nicht weiter? Bei jedem Rätsel steht die Seite seiner Lösung. Die Lösungen stehen "
        "hinten im Buch, jede als Linie durch das Labyrinth."
    ),
    "summary": "{count} Labyrinthe · {levels} · Lösungen hinten im Buch",
    "notes": "Notizen",
    "belongs_to": "Dieses Buch gehört",
    "copyright_title": "Impressum",
    "instruction": (
        "Zeichne eine Linie vom Pfeil {start} zum Pfeil {finish}, ohne eine Wand zu kreuzen."
    ),
    "answer_key": "Lösungen",
    "name": "Name",
    "class": "Klasse",
    "date": "Datum",
    "worksheet_title": "Labyrinth-Arbeitsblatt",
}

_FR = {
    "start": "DÉPART",
    "finish": "ARRIVÉE",
    "puzzle": "Labyrinthe {number}",
    "puzzles": "Labyrinthes {first} à {last}",
    "level": "Niveau {level}",
    "levels": "Niveaux {first} à {last}",
    "solution_on_page": "Solution page {page}",
    "solution_short": "Niv. {level} · sol. p. {page}",
    "answers": "Solutions",
    "answers_for": "Solutions · labyrinthes {first} à {last}",
    "answer_page": "page {page}",
    "contents": "Sommaire",
    "contents_continued": "Sommaire (suite)",
    "all_solutions": "les {count} solutions",
    "how_to_play_title": "Comment jouer",
    "how_to_play": (
        "Chaque labyrinthe a une flèche {start} qui entre et une flèche {finish} qui sort. "
        "Trouve le seul chemin de {start} à {finish} sans traverser de mur. Un crayon aide : "
        "les impasses font partie du jeu.\n\n"
        "Les niveaux vont de 1 (facile) à 10 (diabolique). Un niveau est mesuré, pas deviné : "
        "plus il est élevé, plus le chemin est long, plus il y a d'embranchements et plus les "
        "fausses pistes sont longues.\n\n"
        "Bloqué ? Chaque labyrinthe indique la page de sa solution. Les solutions sont à la "
        "fin du livre, chacune tracée comme une ligne à travers le labyrinthe."
    ),
    "summary": "{count} labyrinthes · {levels} · solutions à la fin",
    "notes": "Notes",
    "belongs_to": "Ce livre appartient à",
    "copyright_title": "Mentions légales",
    "instruction": (
        "Trace une ligne de la flèche {start} à la flèche {finish} sans traverser de mur."
    ),
    "answer_key": "Solutions",
    "name": "Nom",
    "class": "Classe",
    "date": "Date",
    "worksheet_title": "Fiche de labyrinthes",
}

_ES = {
    "start": "SALIDA",
    "finish": "LLEGADA",
    "puzzle": "Laberinto {number}",
    "puzzles": "Laberintos {first}–{last}",
    "level": "Nivel {level}",
    "levels": "Niveles {first}–{last}",
    "solution_on_page": "Solución en la página {page}",
    "solution_short": "Niv. {level} · sol. p. {page}",
    "answers": "Soluciones",
    "answers_for": "Soluciones · laberintos {first}–{last}",
    "answer_page": "página {page}",
    "contents": "Índice",
    "contents_continued": "Índice (continuación)",
    "all_solutions": "las {count} soluciones",
    "how_to_play_title": "Cómo jugar",
    "how_to_play": (
        "Cada laberinto tiene una flecha de {start} que entra y una flecha de {finish} que "
        "sale. Encuentra el único camino de la {start} a la {finish} sin cruzar ninguna pared. "
        "Un lápiz ayuda: los callejones sin salida son parte del juego.\n\n"
        "Los niveles van del 1 (suave) al 10 (diabólico). Un nivel se mide, no se adivina: los "
        "niveles más altos tienen caminos más largos, más bifurcaciones y pistas falsas más "
        "largas.\n\n"
        "¿Atascado? Cada laberinto indica la página de su solución. Las soluciones están al "
        "final del libro, cada una dibujada como una línea a través del laberinto."
    ),
    "summary": "{count} laberintos · {levels} · soluciones al final",
    "notes": "Notas",
    "belongs_to": "Este libro pertenece a",
    "copyright_title": "Créditos",
    "instruction": (
        "Dibuja una línea desde la flecha de {start} hasta la flecha de {finish} sin cruzar "
        "ninguna pared."
    ),
    "answer_key": "Soluciones",
    "name": "Nombre",
    "class": "Clase",
    "date": "Fecha",
    "worksheet_title": "Hoja de laberintos",
}

#: The shipped sets, each complete (a test checks every key is in every set).
LANGUAGES: dict[str, Mapping[str, str]] = {
    "en": MappingProxyType(_EN),
    "de": MappingProxyType(_DE),
    "fr": MappingProxyType(_FR),
    "es": MappingProxyType(_ES),
}


@dataclass(frozen=True)
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

    def every_word(self) -> str:
        """All the words this document may print (with digits), for checking the font."""
        sample = {name: "0123456789" for names in PLACEHOLDERS.values() for name in names}
        sample.update(start=self.values["start"], finish=self.values["finish"])
        return " ".join(self(key, **sample) for key in TEXT_KEYS) + " – · … ________"


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
    texts = Texts(language, MappingProxyType(values), source)
    texts.check_lengths()
    return texts


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
