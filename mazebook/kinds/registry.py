"""Every kind of puzzle by name: the shipped ones (maze, number-path, word-trail, one-way,
keys), then the plugins of the entry-point group ``mazebook.kinds`` (python-chess's variants
are the model), read when the registry is first consulted."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from ..errors import TemplateError, did_you_mean
from ..plugins import OnDemand, Registry
from ..template import Template
from .base import Kind, section_refusal

#: The kind a section is when it names none (template/load.py writes the same default).
DEFAULT_KIND = "maze"


#: The shipped kinds in their order: name -> (module, class, its ``own_keys``). A kind's module
#: (and the code it draws with) is imported when the kind is first asked for, so a book of
#: plain mazes loads none of the rule mazes; ``own_keys`` is here too, for ``check_sections``,
#: which must know every kind's keys (tests/test_kinds_registry.py checks it against the class).
SHIPPED: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "maze": (".maze", "MazeKind", ()),
    "number-path": (".number_path", "NumberPathKind", ("step",)),
    "word-trail": (".word_trail", "WordTrailKind", ("words",)),
    "one-way": (".one_way", "OneWayKind", ()),
    "keys": (".keys", "KeysKind", ()),
}


def _shipped_kind(name: str) -> Kind:
    """The shipped kind ``name``, its module imported now (SHIPPED says which)."""
    module, cls, _keys = SHIPPED[name]
    made: Kind = getattr(import_module(module, __package__), cls)()
    return made


def _builtins() -> Mapping[str, Kind]:
    """The shipped kinds by name, each made on first use."""
    return OnDemand(SHIPPED, _shipped_kind)


def own_keys(name: str) -> tuple[str, ...]:
    """The section keys kind ``name`` alone takes, without loading a shipped kind's code."""
    return SHIPPED[name][2] if name in SHIPPED else KINDS[name].own_keys


def _accept(name: str, loaded: object) -> Kind:
    """A plugin's Kind (a subclass, or an instance of one), registered under its name."""
    kind = loaded() if isinstance(loaded, type) and issubclass(loaded, Kind) else loaded
    if not isinstance(kind, Kind):
        raise TypeError(f"it loads {type(kind).__name__}, not a mazebook.kinds.Kind")
    if kind.name != name:
        raise ValueError(f"its Kind is named {kind.name!r}, not {name!r}")
    return kind


#: Every kind: the shipped ones, then the plugins.
KINDS: Registry[Kind] = Registry("mazebook.kinds", _builtins, _accept)


def kind_of(template: Template, index: int) -> Kind:
    """The kind of section ``index``'s puzzles; TemplateError naming ``puzzle`` and the kinds
    there are when it is none of them."""
    name = template.sections[index].puzzle
    if name in KINDS:
        return KINDS[name]
    section = template.sections[index]
    raise TemplateError(
        f"{name!r} is not a kind of puzzle mazebook makes{did_you_mean(name, KINDS)}; "
        f"one of {', '.join(KINDS)}",
        file=template.source,
        section=index + 1,
        section_name=section.name,
        key="puzzle",
    )


def check_sections(template: Template) -> None:
    """Every section's kind known and its keys ones that kind takes (each refusal one line
    naming the section and the key), before anything is planned: first a key that belongs to
    another kind, then the kind's own checks."""
    for index, section in enumerate(template.sections):
        kind = kind_of(template, index)
        # a shipped kind's section is checked against the kinds read so far: the shipped ones,
        # unless a section named a plugin (a template's schema knows no plugin kind's keys, so
        # reading every installed package's metadata for them would find nothing new)
        for other in KINDS.shipped():
            taken = [k for k in own_keys(other) if k in section.given and k not in kind.own_keys]
            if other != kind.name and taken:
                raise section_refusal(
                    template,
                    index,
                    f'it is for {other} sections: add puzzle = "{other}" to the section',
                    key=taken[0],
                )
        kind.check_section(template, index)
