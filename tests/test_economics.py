"""The money line: a kdp book's printing cost and the lowest list price at which it earns a
royalty, worked out here from the packaged table itself (read as plain TOML) and compared
with what mazebook says, in the manifest, after a build, and in `mazebook printers`."""

from __future__ import annotations

import copy
import json
import tomllib
from decimal import ROUND_HALF_UP, Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.app.cli import main
from mazebook.printing.economics import (
    book_economics,
    economics_table,
    money_line,
    table_from_data,
)
from mazebook.printing.printers import PRINTERS, PrinterTableError, Trim

TABLE: dict[str, Any] = tomllib.loads(
    (resources.files("mazebook") / "data" / "economics.toml").read_text(encoding="utf-8")
)
CENT = Decimal("0.01")


def expected_cost(pages: int, trim: Trim) -> Decimal | None:
    """The table's black-ink cost, looked up by hand."""
    large = trim.width > TABLE["large_trim"]["wider_than"] or (
        trim.height > TABLE["large_trim"]["taller_than"]
    )
    for row in TABLE["cost"]:
        low, high = row["pages"]
        if row["trim"] == ("large" if large else "regular") and low <= pages <= high:
            cost = Decimal(row["fixed"]) + Decimal(row["per_page"]) * pages
            return cost.quantize(CENT, rounding=ROUND_HALF_UP)
    return None


def royalty(price: Decimal, cost: Decimal) -> Decimal:
    """(rate x list price) - printing cost, the rate by the table's threshold."""
    rule = TABLE["royalty"]
    rate = Decimal(rule["below"] if price < Decimal(rule["threshold"]) else rule["from"])
    return rate * price - cost


kdp_trims = st.sampled_from(PRINTERS["kdp"].trims)


@given(st.integers(12, 414).map(lambda n: 2 * n), kdp_trims, st.sampled_from(["white", "cream"]))
def test_the_cost_and_the_lowest_earning_price_follow_the_table(
    pages: int, trim: Trim, paper: str
) -> None:
    money = book_economics("kdp", trim, paper, pages)
    assert money is not None
    cost = expected_cost(pages, trim)
    if cost is None:  # 109 pages and no row: none given, and said so
        assert money.printing_cost is None and money.note
        return
    assert Decimal(str(money.printing_cost)) == cost
    lowest = Decimal(str(money.lowest_list_price))
    assert royalty(lowest, cost) > 0
    assert royalty(lowest - CENT, cost) <= 0


def test_kdps_own_examples() -> None:
    regular = Trim(6, 9)
    example = book_economics("kdp", regular, "white", 333)
    assert example is not None and example.printing_cost == 5.00  # the royalty page's example
    assert royalty(Decimal(15), Decimal("5.00")) == Decimal("4.00")
    three_hundred = book_economics("kdp", regular, "white", 300)
    assert three_hundred is not None and three_hundred.printing_cost == 4.60
    assert royalty(Decimal(8), Decimal("4.60")) < 0  # at 8 USD it earns nothing
    assert three_hundred.lowest_list_price == 9.21
    thin = book_economics("kdp", regular, "white", 24)
    assert thin is not None and (thin.printing_cost, thin.lowest_list_price) == (2.30, 4.61)
    big = book_economics("kdp", Trim(8.5, 11), "white", 600)
    assert big is not None and big.trim == "large" and big.printing_cost == 11.20
    assert big.lowest_list_price == 18.67  # 60 %: 11.20 / 0.6 = 18.666...


def test_what_no_published_page_confirms_is_said() -> None:
    large = book_economics("kdp", Trim(8.5, 11), "white", 200)
    regular = book_economics("kdp", Trim(6, 9), "white", 200)
    assert large is not None and regular is not None
    assert any("large-trim cost" in u for u in large.unconfirmed)
    assert not any("cost" in u for u in regular.unconfirmed)
    assert any("50 %" in u for u in regular.unconfirmed)
    assert "unconfirmed: " in money_line(large) and "1.00 + 0.017" in money_line(large)


def test_colour_paper_gets_no_cost_and_says_so() -> None:
    money = book_economics("kdp", Trim(8.5, 11), "color", 100)
    assert money is not None
    assert money.printing_cost is None and money.lowest_list_price is None
    assert "no printing cost" in money_line(money) and money.ink == "colour"


def test_only_a_printer_with_a_table_has_economics() -> None:
    assert book_economics("home", Trim(8.5, 11), "white", 40) is None
    assert economics_table("lulu") is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t["cost"][0].update(source="NOPE"), None),
        (lambda t: t["cost"][0].update(fixed=2.3), "cost.0.fixed"),
        (lambda t: t.pop("read"), None),
        (lambda t: t["royalty"]["confirmed"].update(below="no"), "royalty.confirmed.below"),
    ],
)
def test_a_broken_table_is_refused_naming_the_field(change: Any, field: str | None) -> None:
    data = copy.deepcopy(TABLE)
    change(data)
    with pytest.raises(PrinterTableError) as info:
        table_from_data(data)
    assert info.value.key == field


def test_the_shipped_table_follows_the_schema() -> None:
    """The shipped table is read without the schema at every build (jsonschema costs a build
    50 ms and 8 MB): here it is checked, and it reads the same with the check."""
    assert table_from_data(copy.deepcopy(TABLE)) == table_from_data(
        copy.deepcopy(TABLE), schema=False
    )
    assert economics_table("kdp") == table_from_data(copy.deepcopy(TABLE))


def test_a_kdp_build_prints_the_money_line_and_records_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "b.toml"
    template.write_text(
        'title = "Money"\nseed = 2\npage_size = "6x9in"\n[[section]]\ncount = 30\n',
        encoding="utf-8",
    )
    assert main(["build", str(template), "-o", str(tmp_path / "o" / "b.pdf")]) == 0
    lines = capsys.readouterr().out.splitlines()
    money = [line for line in lines if line.startswith("money")]
    assert len(money) == 1
    manifest = json.loads((tmp_path / "o" / "b.json").read_text())
    record = manifest["economics"]
    pages = manifest["page_count"]
    assert record["pages"] == pages and record["trim_in"] == [6.0, 9.0]
    cost = expected_cost(pages, Trim(6, 9))
    assert cost is not None and Decimal(str(record["printing_cost"])) == cost
    assert f"printing costs {cost} USD" in money[0]
    assert f"{record['lowest_list_price']:.2f} USD" in money[0]
    assert "50 % below 9.99 USD, 60 % from it" in money[0]
    assert main(["build", str(template), "-q", "-o", str(tmp_path / "q" / "b.pdf")]) == 0
    assert capsys.readouterr().out == ""
    template.write_text('title = "Money"\n[[section]]\ncount = 3\n', encoding="utf-8")
    home = ["build", str(template), "--printer", "home", "-o", str(tmp_path / "h" / "b.pdf")]
    assert main(home) == 0
    assert "money" not in capsys.readouterr().out
    assert "economics" not in json.loads((tmp_path / "h" / "b.json").read_text())


def test_mazebook_printers_shows_the_table_its_sources_and_date(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["printers"]) == 0
    out = capsys.readouterr().out
    for name in PRINTERS:
        assert name in out
    assert TABLE["read"] in out
    for key, text in TABLE["sources"].items():
        assert f"[{key}] {text}" in out
    unconfirmed = [line for line in out.splitlines() if "UNCONFIRMED" in line]
    assert len(unconfirmed) == 2
    assert any("110-828 pages, large trim: 1.00 + 0.017 a page" in u for u in unconfirmed)
    assert any("50 %" in u for u in unconfirmed)
    assert main(["printers", "kdp"]) == 0
    one = capsys.readouterr().out
    assert "thinnest line" in one and "[KDP-COST]" in one
    assert main(["printers", "kdpp"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
