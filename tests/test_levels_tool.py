"""The levels' strength tool: its pairings and seeds fixed before any run, its ledgers, its
table (tools/levels.py); the long runs themselves are the tool's, never a test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import levels


def test_every_rule_set_pairs_each_level_with_the_next_and_the_anchors() -> None:
    found = levels.pairings(list(levels.TABLES))
    for rules in levels.TABLES:
        mine = {(p.a, p.b) for p in found if p.rules == rules}
        assert ("normal", "easy") in mine and ("hard", "normal") in mine
        for level in levels.LEVELS:
            assert {(level, "random"), (level, "heuristic:accompanied")} <= mine
        ismcts = {(level, f"ismcts:{levels.ISMCTS}") for level in levels.LEVELS}
        assert (ismcts <= mine) == (rules == "block")
    seeds = [p.seed for p in found]
    assert len(set(seeds)) == len(seeds)  # no two pairings share their deals' seed
    assert seeds == [p.seed for p in levels.pairings(list(levels.TABLES))]  # fixed
    split = levels.pairings(["block"], "levels") + levels.pairings(["block"], "anchors")
    assert sorted(split) == sorted(levels.pairings(["block"]))
    assert {(p.a, p.b) for p in levels.pairings(["block"], "levels")} == {
        ("normal", "easy"),
        ("hard", "normal"),
    }


def test_a_pairing_is_played_into_its_ledger_and_tabled(tmp_path: Path) -> None:
    """A pairing's deals go to its ledger; the table holds its share and interval, and a
    rerun with --summary tables the same from the ledger alone; a ledger planned for
    another number of deals is refused in one line."""
    pairing = levels.Pairing("draw", 2, "easy", "random")
    report = levels.measure(pairing, 2, 1, tmp_path, summarise=False)
    assert report["hands"] == 2 and report["a_digest"] and report["b_digest"] is None
    table = tmp_path / "strength.json"
    levels.write_table([levels.row(pairing, report)], table)
    again = levels.measure(pairing, 2, 1, tmp_path, summarise=True)
    assert levels.row(pairing, again) == levels.row(pairing, report)
    held = json.loads(table.read_text())
    assert held["format"] == levels.FORMAT and held["seed"] == levels.SEED
    (line,) = held["pairings"]
    assert line["deals"] == line["planned_deals"] == 2
    assert line["low"] <= line["share"] <= line["high"]
    assert line["clearly_stronger"] == (line["low"] > 0.5)
    with pytest.raises(ValueError, match="another run's plan"):
        levels.measure(pairing, 3, 1, tmp_path, summarise=False)


def test_the_table_keeps_the_other_rule_sets_rows(tmp_path: Path) -> None:
    table = tmp_path / "strength.json"
    base = {"planned_deals": 2, "deals": 2, "share": 0.6, "low": 0.55, "high": 0.65}
    block = {"rules": "block", "players": 4, "a": "normal", "b": "easy", **base}
    draw = {"rules": "draw", "players": 4, "a": "normal", "b": "easy", **base}
    levels.write_table([block], table)
    levels.write_table([draw, {**block, "share": 0.7}], table)
    rows = json.loads(table.read_text())["pairings"]
    assert [(r["rules"], r["share"]) for r in rows] == [("block", 0.7), ("draw", 0.6)]
