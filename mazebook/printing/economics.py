"""What a paperback costs to print and what it earns: the one module that reads the packaged
table (mazebook/data/economics.toml: Amazon KDP, US marketplace, black ink, with its sources,
the date it was read, and which numbers no published page confirms).

``book_economics`` gives a book's printing cost (by page count and trim) and the lowest list
price at which it earns a royalty, under the rule "rate x list price - printing cost": since
June 2025 KDP pays 50 % on paperbacks listed below 9.99 USD and 60 % from 9.99 USD on (so a
300-page book at 8 USD earns nothing). Money is exact: decimal cents, never binary floats.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import field
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal
from functools import cache
from typing import Any

from ..packaged import read_packaged
from ..records import record
from .printers import COLOUR_PAPERS, PrinterTableError, Trim

CENT = Decimal("0.01")
#: Where the table lives, for messages.
SOURCE = "mazebook/data/economics.toml"


def _data(name: str) -> str:
    """A text file of the packaged data folder mazebook/data."""
    return read_packaged(f"data/{name}").decode("utf-8")


@cache
def economics_schema() -> dict[str, Any]:
    """The JSON Schema the table follows (mazebook/data/economics.schema.json)."""
    schema: dict[str, Any] = json.loads(_data("economics.schema.json"))
    return schema


@record
class CostRow:
    """Printing cost = fixed + pages x per_page, for books of ``pages`` (fewest, most) pages
    on a trim of this class."""

    trim: str  # "regular" or "large"
    pages: tuple[int, int]
    fixed: Decimal
    per_page: Decimal
    confirmed: bool
    source: str  # a key of the table's sources ('' for none)
    note: str = ""

    def cost(self, pages: int) -> Decimal:
        """The cost of a book of ``pages`` pages, to the cent (half a cent up)."""
        return (self.fixed + self.per_page * pages).quantize(CENT, rounding=ROUND_HALF_UP)

    def describe(self) -> str:
        """'110-828 pages, large trim: 1.00 + 0.017 a page'."""
        price = f"{self.fixed:.2f}"
        if self.per_page:
            price += f" + {self.per_page.normalize():f} a page"
        return f"{self.pages[0]}-{self.pages[1]} pages, {self.trim} trim: {price}"


@record
class Royalty:
    """The royalty rule: ``below`` of the list price under ``threshold``, ``at_or_above`` from
    it, less the printing cost; which of the three numbers a published page confirms."""

    threshold: Decimal
    below: Decimal
    at_or_above: Decimal
    since: str
    confirmed: dict[str, bool] = field(compare=False)
    source: dict[str, str] = field(compare=False)

    def rate(self, price: Decimal) -> Decimal:
        """The share of a list price the author gets."""
        return self.below if price < self.threshold else self.at_or_above

    def earns(self, price: Decimal, cost: Decimal) -> Decimal:
        """The royalty at ``price`` for a book that costs ``cost`` to print (negative: none)."""
        return self.rate(price) * price - cost

    def lowest_price(self, cost: Decimal) -> Decimal:
        """The lowest list price (whole cents) at which a book of printing cost ``cost`` earns a
        royalty, that is more than nothing: the lowest below the threshold if there is one,
        else the lowest from it on."""
        low = _cent_above(cost / self.below)
        if low < self.threshold:
            return low
        return max(self.threshold, _cent_above(cost / self.at_or_above))

    def describe(self, currency: str) -> str:
        """'50 % below 9.99 USD, 60 % from it'."""
        return (
            f"{_percent(self.below)} % below {self.threshold} {currency}, "
            f"{_percent(self.at_or_above)} % from it"
        )


def _cent_above(amount: Decimal) -> Decimal:
    """The least whole number of cents strictly above ``amount``."""
    return amount.quantize(CENT, rounding=ROUND_FLOOR) + CENT


def _percent(rate: Decimal) -> str:
    return f"{(rate * 100).normalize():f}"


@record
class EconomicsTable:
    """A printer's costs and royalty in one marketplace, with their sources and date."""

    printer: str
    marketplace: str
    currency: str
    read: str  # the date the sources were read
    large_trim: tuple[float, float]  # a trim wider or taller than these (inches) is large
    large_trim_confirmed: bool
    large_trim_source: str
    costs: tuple[CostRow, ...]
    royalty: Royalty
    colour_note: str
    sources: dict[str, str] = field(compare=False)

    def trim_class(self, trim: Trim) -> str:
        """'large' or 'regular'."""
        wider, taller = self.large_trim
        return "large" if trim.width > wider or trim.height > taller else "regular"

    def row(self, pages: int, trim: Trim) -> CostRow | None:
        """The cost row of a black-ink book of ``pages`` pages on ``trim`` (None: no row)."""
        klass = self.trim_class(trim)
        for row in self.costs:
            if row.trim == klass and row.pages[0] <= pages <= row.pages[1]:
                return row
        return None


def table_rows(table: EconomicsTable) -> list[tuple[str, str, str]]:
    """(what, value, source) for each number of the table; a source of a number no published
    page confirms reads UNCONFIRMED, with why."""

    def cited(key: str, confirmed: bool, note: str = "") -> str:
        source = f"[{key}]" if key else ""
        if confirmed:
            return " ".join(part for part in (source, note) if part)
        return f"UNCONFIRMED{': ' + note if note else ''}{' ' + source if source else ''}"

    rule, currency = table.royalty, table.currency
    wider, taller = table.large_trim
    rows = [
        (
            "large trim",
            f"wider than {wider:g} in or taller than {taller:g} in (any other is regular)",
            cited(table.large_trim_source, table.large_trim_confirmed),
        )
    ]
    rows += [
        (
            f"printing cost, black ink ({currency})",
            row.describe(),
            cited(row.source, row.confirmed, row.note),
        )
        for row in table.costs
    ]
    rows += [
        (
            "royalty",
            f"{_percent(rule.at_or_above)} % of the list price from {rule.threshold} {currency}, "
            "less the printing cost",
            cited(rule.source["from"], rule.confirmed["from"]),
        ),
        (
            "royalty",
            f"{_percent(rule.below)} % of the list price below {rule.threshold} {currency}, less "
            f"the printing cost (since {rule.since})",
            cited(rule.source["below"], rule.confirmed["below"] and rule.confirmed["threshold"]),
        ),
        ("printing cost, colour ink", "none given", table.colour_note),
    ]
    return rows


def table_from_data(
    data: dict[str, Any], *, source: str = SOURCE, schema: bool = True
) -> EconomicsTable:
    """The table from data shaped like mazebook/data/economics.toml; PrinterTableError naming
    the field that breaks the schema (not checked with ``schema`` False: the shipped table,
    which tests/test_economics.py checks, as the printer tables are)."""
    errors = []
    if schema:
        from jsonschema import Draft202012Validator

        errors = sorted(
            Draft202012Validator(economics_schema()).iter_errors(data),
            key=lambda e: list(map(str, e.path)),
        )
    if errors:
        key = ".".join(str(p) for p in errors[0].absolute_path) or None
        raise PrinterTableError(errors[0].message, file=source, key=key)
    cited = [row["source"] for row in data["cost"]] + list(data["royalty"]["source"].values())
    for key in [*cited, data["large_trim"]["source"]]:
        if key and key not in data["sources"]:
            raise PrinterTableError(f"cites {key!r}, which [sources] lacks", file=source)
    royalty = data["royalty"]
    trim = data["large_trim"]
    return EconomicsTable(
        printer=data["printer"],
        marketplace=data["marketplace"],
        currency=data["currency"],
        read=data["read"],
        large_trim=(trim["wider_than"], trim["taller_than"]),
        large_trim_confirmed=trim["confirmed"],
        large_trim_source=trim["source"],
        costs=tuple(
            CostRow(
                row["trim"],
                (row["pages"][0], row["pages"][1]),
                Decimal(row["fixed"]),
                Decimal(row["per_page"]),
                row["confirmed"],
                row["source"],
                row.get("note", ""),
            )
            for row in data["cost"]
        ),
        royalty=Royalty(
            Decimal(royalty["threshold"]),
            Decimal(royalty["below"]),
            Decimal(royalty["from"]),
            royalty["since"],
            dict(royalty["confirmed"]),
            dict(royalty["source"]),
        ),
        colour_note=data["colour"]["note"],
        sources=dict(data["sources"]),
    )


@cache
def _tables() -> dict[str, EconomicsTable]:
    table = table_from_data(tomllib.loads(_data("economics.toml")), schema=False)
    return {table.printer: table}


def economics_table(printer: str) -> EconomicsTable | None:
    """The printer's table of costs and royalty (None: mazebook has none for it)."""
    return _tables().get(printer)


def economics_tables() -> list[EconomicsTable]:
    """Every table mazebook ships."""
    return list(_tables().values())


@record
class Economics:
    """A book's money, as its manifest records it under ``economics``: the printing cost and
    the lowest list price that earns a royalty (None where no confirmed or published table
    gives them, e.g. colour ink), the rule, and what no published page confirms."""

    printer: str
    marketplace: str
    currency: str
    ink: str  # "black" or "colour"
    paper: str
    pages: int
    trim_in: tuple[float, float]  # the trim, width and height in inches
    trim: str  # "regular" or "large"
    printing_cost: float | None
    lowest_list_price: float | None
    royalty: str  # the rule in words
    unconfirmed: tuple[str, ...]  # the numbers used that no published page confirms
    table_read: str
    note: str | None = field(default=None, metadata={"optional": True})  # why no cost is given


def book_economics(printer: str, trim: Trim, paper: str, pages: int) -> Economics | None:
    """A book's printing cost and lowest earning list price on ``printer`` (None: mazebook has
    no table for that printer)."""
    table = economics_table(printer)
    if table is None:
        return None
    rule, currency = table.royalty, table.currency
    colour = paper in COLOUR_PAPERS
    row = None if colour else table.row(pages, trim)
    unconfirmed = []
    if row is not None and row.trim == "large" and not table.large_trim_confirmed:
        unconfirmed.append("which trims are large")
    if row is not None and not row.confirmed:
        unconfirmed.append(f"the {row.trim}-trim cost ({row.describe().split(': ')[1]})")
    if not (rule.confirmed["threshold"] and rule.confirmed["below"]):
        unconfirmed.append(f"the {_percent(rule.below)} % rate below {rule.threshold} {currency}")
    if not rule.confirmed["from"]:
        unconfirmed.append(
            f"the {_percent(rule.at_or_above)} % rate from {rule.threshold} {currency}"
        )
    cost = None if row is None else row.cost(pages)
    note = table.colour_note if colour else None
    if row is None and not colour:
        note = f"no cost row for {pages} pages"
    return Economics(
        printer=table.printer,
        marketplace=table.marketplace,
        currency=currency,
        ink="colour" if colour else "black",
        paper=paper,
        pages=pages,
        trim_in=(round(trim.width, 4), round(trim.height, 4)),
        trim=table.trim_class(trim),
        printing_cost=None if cost is None else float(cost),
        lowest_list_price=None if cost is None else float(rule.lowest_price(cost)),
        royalty=rule.describe(currency),
        unconfirmed=tuple(unconfirmed) if cost is not None else (),
        table_read=table.read,
        note=note,
    )


def money_line(money: Economics) -> str:
    """The one line a build prints after a book for a printer with a table."""
    trim = Trim(*money.trim_in)
    where = f"{money.printer.upper()}, {money.marketplace}"
    if money.printing_cost is None:
        return f"money ({where}): {money.note} ({money.paper} paper); see `mazebook printers`"
    unsure = f"; unconfirmed: {', '.join(money.unconfirmed)}" if money.unconfirmed else ""
    return (
        f"money ({where}, black ink): printing costs {money.printing_cost:.2f} {money.currency} "
        f"({money.pages} pages, {trim}, a {money.trim} trim); the lowest list price that earns "
        f"a royalty is {money.lowest_list_price:.2f} {money.currency} ({money.royalty})"
        f"{unsure} (see `mazebook printers`)"
    )
