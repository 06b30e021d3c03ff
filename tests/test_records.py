"""``mazebook.records.record`` behaves as ``@dataclass(frozen=True)``: the same equality, hash
values and repr text, the same dataclass introspection, and fields the type checker refuses
to change."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook import records
from mazebook.records import record

#: A field's flags: (compare, hash, repr); hash None follows compare, as in dataclasses.
FLAGS = st.tuples(st.booleans(), st.sampled_from([None, True, False]), st.booleans())
VALUES = st.one_of(
    st.integers(-3, 3),
    st.text(max_size=3),
    st.none(),
    st.tuples(st.integers(0, 2), st.integers(0, 2)),
    st.floats(allow_nan=False, width=16),
)


def _pair(flags: list[tuple[bool, bool | None, bool]]) -> tuple[type[Any], type[Any]]:
    """The same class made by dataclasses and by record."""
    made = []
    for decorate in (dataclasses.dataclass(frozen=True), record):
        body: dict[str, Any] = {"__annotations__": {}, "__qualname__": "Sample"}
        for i, (compare, hashed, shown) in enumerate(flags):
            body["__annotations__"][f"f{i}"] = Any
            body[f"f{i}"] = dataclasses.field(compare=compare, hash=hashed, repr=shown)
        made.append(decorate(type("Sample", (), body)))
    return made[0], made[1]


@given(
    st.lists(FLAGS, max_size=5).flatmap(
        lambda flags: st.tuples(
            st.just(flags),
            st.lists(st.tuples(*[VALUES] * len(flags)), min_size=2, max_size=4),
        )
    )
)
def test_a_record_compares_hashes_and_shows_as_a_frozen_dataclass(case: Any) -> None:
    flags, rows = case
    plain, fast = _pair(flags)
    plain_items = [plain(*row) for row in rows]
    fast_items = [fast(*row) for row in rows]
    for i, (a, fa) in enumerate(zip(plain_items, fast_items, strict=True)):
        assert repr(fa) == repr(a)
        assert hash(fa) == hash(a)
        for b, fb in zip(plain_items[i:], fast_items[i:], strict=True):
            assert (fa == fb) == (a == b)
            assert (fa != fb) == (a != b)
        assert fa != a  # another class, as two dataclasses are never equal
        assert (fa == rows[0]) is False  # nor equal to a tuple of the same values


def test_a_record_is_a_dataclass() -> None:
    @record
    class Point:
        x: int
        y: int = 2
        note: str = dataclasses.field(default="", compare=False)

    point = Point(1)
    assert [f.name for f in dataclasses.fields(point)] == ["x", "y", "note"]
    assert dataclasses.replace(point, y=4) == Point(1, 4, "other")
    assert dataclasses.asdict(point) == {"x": 1, "y": 2, "note": ""}
    assert Point.__match_args__ == ("x", "y", "note")
    assert {Point(1), Point(1, note="n")} == {Point(1)}
    assert Point.__eq__.__qualname__.endswith("Point.__eq__")


@pytest.mark.slow
def test_the_type_checker_refuses_a_change_to_a_record(tmp_path: Path) -> None:
    """Records are frozen for mypy (the package is checked --strict): assigning to a field is
    an error, as building one with a wrong type is."""
    source = tmp_path / "use_record.py"
    source.write_text(
        "from mazebook.records import record\n\n\n"
        "@record\nclass Point:\n    x: int\n\n\n"
        "p = Point(1)\np.x = 2\nPoint('a')\n"
    )
    # in a process of its own: mypy raises the recursion limit and the collector's thresholds
    # of the process it runs in
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True,
        text=True,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    problems = [line for line in out.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in problems] == ["10", "11"], out


def test_a_subclass_compares_by_all_its_fields() -> None:
    @record
    class Base:
        a: int

    @record
    class Child(Base):
        b: int

    assert Child(1, 2) == Child(1, 2) != Child(1, 3)
    assert Child(1, 2) != Base(1)
    shown = "test_a_subclass_compares_by_all_its_fields.<locals>.Child(a=1, b=2)"
    assert repr(Child(1, 2)) == shown


def test_a_record_that_contains_itself_shows_dots() -> None:
    @record
    class Box:
        items: list[Any]

    box = Box([])
    box.items.append(box)
    assert repr(box) == "test_a_record_that_contains_itself_shows_dots.<locals>.Box(items=[...])"


def test_a_class_keeps_the_methods_it_writes_itself() -> None:
    @record
    class Odd:
        a: int

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 7

    assert Odd(1) == "anything"
    assert hash(Odd(2)) == 7
    assert repr(Odd(3)) == "test_a_class_keeps_the_methods_it_writes_itself.<locals>.Odd(a=3)"


def test_a_record_without_eq_is_equal_only_to_itself() -> None:
    @record(eq=False)
    class Token:
        name: str

    first, second = Token("a"), Token("a")
    assert first == first and first != second
    assert hash(first) == object.__hash__(first)
    assert len({first, second}) == 2
    assert (
        repr(first) == "test_a_record_without_eq_is_equal_only_to_itself.<locals>.Token(name='a')"
    )


#: The frozen dataclasses the public and plugin API hand out, refused a change at run time too
#: (mazebook.records' docstring): every other immutable value of the package is a record.
FROZEN_AT_RUN_TIME = {
    "Maze",
    "Metrics",
    "MazeFacts",
    "TrailFacts",
    "RuleFacts",
    "NumberFacts",
    "Shape",
    "Option",
    "GeneratorSpec",
}


def test_every_other_immutable_value_is_a_record() -> None:
    """A new ``@dataclass(frozen=True)`` costs six compiled methods at every start: a class
    that is not one of the API's values is a ``@record`` (``mazebook/bench.py`` runs alone,
    as its own process, and the manifest's keyword-only header keeps dataclasses' form)."""
    package = Path(__file__).resolve().parent.parent / "mazebook"
    frozen = set()
    for path in package.rglob("*.py"):
        if path.name == "bench.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for decorator in node.decorator_list:
                    if (
                        isinstance(decorator, ast.Call)
                        and ast.unparse(decorator.func).endswith("dataclass")
                        and any(
                            k.arg == "frozen" and ast.unparse(k.value) == "True"
                            for k in decorator.keywords
                        )
                        and not any(k.arg == "kw_only" for k in decorator.keywords)
                    ):
                        frozen.add(node.name)
    assert frozen == FROZEN_AT_RUN_TIME


#: A field's form: how it gets its value, and whether it is compared.
FORMS = st.tuples(
    st.sampled_from(["required", "default", "factory", "keyword", "keyword default", "no init"]),
    st.booleans(),
)
#: A wrong keyword, now and then: unknown, or the instance's own name.
ODD_NAMES = st.sampled_from(["other", "self", "f9"])


@st.composite
def _calls(draw: st.DrawFn, count: int) -> tuple[list[int], dict[str, int]]:
    """A call to a class of ``count`` fields: the first fields by position, some of the rest by
    name (distinct values, so a value set to the wrong field shows), now and then one too
    many or a wrong name."""
    values = draw(st.permutations(range(10, 10 + count + 1)))
    given_by_position = draw(st.integers(0, count + 1))
    args = values[:given_by_position]
    kwargs = {
        f"f{i}": values[i]
        for i in range(min(given_by_position, count + 1), count)
        if draw(st.booleans())
    }
    if draw(st.integers(0, 4)) == 0:
        kwargs[draw(ODD_NAMES)] = 0
    return list(args), kwargs


def _made(forms: list[tuple[str, bool]], decorate: Callable[[type[Any]], type[Any]]) -> type[Any]:
    """A class of fields f0.. of these forms, each default an object of its own (kept)."""
    body: dict[str, Any] = {"__annotations__": {}, "__qualname__": "Made", "__doc__": "made"}
    for i, (form, compare) in enumerate(forms):
        body["__annotations__"][f"f{i}"] = "int"
        body[f"f{i}"] = {
            "required": dataclasses.field(compare=compare),
            "default": dataclasses.field(default=DEFAULT, compare=compare),
            "factory": dataclasses.field(default_factory=list, compare=compare),
            "keyword": dataclasses.field(kw_only=True, compare=compare),
            "keyword default": dataclasses.field(kw_only=True, default=DEFAULT, compare=compare),
            "no init": dataclasses.field(init=False, default=DEFAULT, compare=compare),
        }[form]
    return decorate(type("Made", (), body))


DEFAULT = object()


def _outcome(cls: type[Any], args: list[int], kwargs: dict[str, int]) -> object:
    """What calling ``cls`` gives: its fields' values (defaults by identity), or the error."""
    try:
        made = cls(*args, **kwargs)
    except TypeError as error:
        return ("TypeError", str(error))
    return [
        (f.name, "the default" if v is DEFAULT else v)
        for f in dataclasses.fields(made)
        for v in [getattr(made, f.name)]
    ]


@given(
    st.lists(FORMS, max_size=4).flatmap(
        lambda forms: st.tuples(
            st.just(forms), st.lists(_calls(len(forms)), min_size=1, max_size=4)
        )
    )
)
@settings(max_examples=150)
def test_a_record_is_made_as_a_frozen_dataclass_is(
    case: tuple[list[tuple[str, bool]], list[tuple[list[int], dict[str, int]]]],
) -> None:
    """The same signature (names, kinds, defaults, annotations), values, defaults (the very
    objects) and errors, word for word, for any call: a record's own __init__ (plain fields)
    or dataclasses' (a default_factory, a keyword-only or init=False field, or a required
    field after a defaulted one, which both refuse alike)."""
    forms, calls = case
    try:
        plain = _made(forms, dataclasses.dataclass(frozen=True))
    except TypeError as error:
        with pytest.raises(TypeError) as refused:
            _made(forms, record)
        assert str(refused.value) == str(error)
        return
    fast = _made(forms, record)
    assert inspect.signature(fast) == inspect.signature(plain)
    assert inspect.signature(fast.__init__) == inspect.signature(plain.__init__)
    for args, kwargs in calls:
        assert _outcome(fast, args, kwargs) == _outcome(plain, args, kwargs)


def test_a_plain_record_gets_the_shared_init_and_others_dataclasses() -> None:
    """Plain fields: a copy of the one compiled template (no exec of its own); a
    default_factory, a keyword-only field, ``__post_init__``, a dataclass base, an __init__ of
    its own or no docstring: made as dataclasses makes them (its own __init__ kept, the
    signature as the docstring)."""

    @record
    class Plain:
        """Plain."""

        a: int
        b: str = "b"

    @record
    class Factory:
        """A list made for each."""

        a: list[int] = dataclasses.field(default_factory=list)

    @record
    class Later:
        """Changed after."""

        a: int

        def __post_init__(self) -> None:
            self.a += 1

    @record
    class Keyword:
        """By name only."""

        a: int = dataclasses.field(kw_only=True)

    @record
    class Child(Plain):
        """One more."""

        c: int = 3

    @record
    class Own:
        """Its own __init__."""

        a: int

        def __init__(self, x: int) -> None:
            self.a = x * 10

    @record
    class Bare:
        a: int
        b: str = "x"

    def template_of(cls: type[Any]) -> bytes:
        return records._init_template(len(dataclasses.fields(cls))).co_code

    assert Plain.__init__.__code__.co_code == template_of(Plain)
    assert Plain.__init__.__qualname__.endswith("Plain.__init__")
    assert Plain.__init__.__module__ == __name__
    assert Factory().a == [] and Factory().a is not Factory().a
    assert Later(1).a == 2
    assert Keyword(a=5).a == 5
    with pytest.raises(TypeError):
        Keyword(5)  # type: ignore[misc]
    assert (Child(1).a, Child(1).b, Child(1).c) == (1, "b", 3)
    assert Own(2).a == 20

    @dataclasses.dataclass(frozen=True)
    class Twin:
        a: int
        b: str = "x"

    assert Bare.__doc__ == Twin.__doc__.replace("Twin", "Bare")  # type: ignore[union-attr]
    assert Bare.__doc__.startswith("Bare(a: ")  # type: ignore[union-attr]


#: ClassVar under another name, as a module may import it.
_CV = ClassVar


def test_a_field_dataclasses_does_not_see_is_said_at_import() -> None:
    """A ClassVar under another name is no field to dataclasses: a record says so when it is
    made, rather than take it for one."""
    body = {"__annotations__": {"a": "int", "k": "_CV[int]"}, "k": 3, "__doc__": "odd."}
    body["__module__"] = __name__
    assert [f.name for f in dataclasses.fields(dataclasses.dataclass(type("Odd", (), body)))] == [
        "a"
    ]
    with pytest.raises(TypeError, match="not the annotations"):
        record(type("Odd", (), dict(body)))
