"""A preflight's verdicts: one Check per rule, PASS, WARN (passes, but says what the printer will
do about it) or FAIL, and the Report that holds them."""

from __future__ import annotations

from collections.abc import Iterable

from ..records import record


@record
class Check:
    """One check's verdict and a short explanation."""

    name: str
    ok: bool
    detail: str
    warn: bool = False  # passes, with a warning (an odd page count the printer pads)

    def line(self) -> str:
        """'PASS  name: detail' (or WARN, FAIL)."""
        verdict = "FAIL" if not self.ok else "WARN" if self.warn else "PASS"
        return f"{verdict}  {self.name}: {self.detail}"


@record
class Report:
    """All checks of one file, and the rules they were made by."""

    path: str
    printer: str  # the printer's name, e.g. "kdp"
    rules: str  # one line: which printer's rules, for an interior or a cover
    checks: tuple[Check, ...]
    #: what the checks cannot say (a page shaped like a cover that is none: the flags to add)
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether every check passed (the file is ready for this printer)."""
        return all(c.ok for c in self.checks)

    def check(self, name: str) -> Check:
        """The check called ``name`` (KeyError if there is none)."""
        for c in self.checks:
            if c.name == name:
                return c
        raise KeyError(name)

    def warned(self) -> set[str]:
        """Names of the checks that passed with a warning."""
        return {c.name for c in self.checks if c.ok and c.warn}

    def failed(self) -> set[str]:
        """Names of the checks that failed."""
        return {c.name for c in self.checks if not c.ok}

    def lines(self) -> list[str]:
        """One line per check."""
        return [c.line() for c in self.checks]


def listed(items: Iterable[str], limit: int = 4) -> str:
    """'a; b; c (and 3 more)'."""
    items = list(items)
    more = f" (and {len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(items[:limit]) + more


def inches(points: float) -> str:
    """Points as inches, e.g. '0.375'."""
    return f"{points / 72:.4g}"
