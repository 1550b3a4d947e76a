"""What the levels measured (game/strength.py): the shipped table, checked before use, and
Setup's words from it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import around_helpers as h
import pytest

from game import strength
from game.match import LEVELS
from game.resources import DataError
from game.rules import names
from game.strength import Measured
from game.ui.routes import Route
from game.ui.screens.setup import SetupView


def _row(**given: Any) -> dict[str, Any]:
    row = {"rules": "block", "players": 4, "a": "normal", "b": "easy", "seed": 1}
    row |= {"planned_deals": 200, "deals": 200, "share": 0.64, "low": 0.59, "high": 0.69}
    return row | given


def _table(tmp_path: Path, rows: list[Any], **top: Any) -> Path:
    path = tmp_path / "strength.json"
    path.write_text(json.dumps({"format": strength.FORMAT, "pairings": rows} | top))
    return path


def test_the_shipped_table_reads_and_names_only_known_rule_sets_and_levels() -> None:
    for m in strength.read():
        assert m.rules in names() and m.a in LEVELS
        assert m.low <= m.share <= m.high


def test_each_level_is_told_against_the_one_below_only_once_played_to_its_planned_deals(
    tmp_path: Path,
) -> None:
    path = _table(
        tmp_path,
        [
            _row(a="hard", b="normal", share=0.61, low=0.56, high=0.66),
            _row(),
            _row(b="random", share=0.7, low=0.65, high=0.75),
            _row(rules="draw", deals=20),  # not yet played to its 200 deals
        ],
    )
    said = strength.levels("block", path)
    assert [(m.a, m.b, m.in_ten) for m in said] == [("normal", "easy", 6), ("hard", "normal", 6)]
    assert strength.levels("draw", path) == []


@pytest.mark.parametrize(
    ("rows", "top", "words"),
    [
        ([], {"format": "other/1"}, "format"),
        ("x", {}, "'pairings' must be a list"),
        ([_row(share=0.8)], {}, "its share must lie in its interval"),
        ([_row(deals=201)], {}, "whole numbers in order"),
        ([_row(players=4.0)], {}, "whole numbers in order"),
        ([_row(a=3)], {}, "must be words"),
        ([{"rules": "block"}], {}, "'a'"),
        ([_row(high=float("nan"))], {}, "NaN"),
    ],
)
def test_a_malformed_table_is_refused_in_one_line(
    tmp_path: Path, rows: Any, top: dict[str, Any], words: str
) -> None:
    path = tmp_path / "strength.json"
    text = json.dumps({"format": strength.FORMAT, "pairings": rows} | top)
    path.write_text(text.replace("NaN", "NaN"))
    with pytest.raises(DataError) as refused:
        strength.read(path)
    message = str(refused.value)
    assert message.startswith("levels/strength.json: ") and "\n" not in message
    assert words in message


def _measured(rules: str) -> list[Measured]:
    return [
        Measured(rules, 4, "normal", "easy", 0.72, 0.67, 0.77, 200),
        Measured(rules, 4, "hard", "normal", 0.58, 0.53, 0.63, 200),
    ]


def test_setup_says_what_each_level_measured_when_a_computer_sits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(strength, "read", lambda path=None: _measured("block") + _measured("cuban"))
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    setup = shell.current
    assert isinstance(setup, SetupView)
    texts = setup.texts()
    assert "The levels, measured at 4 seats:" in texts
    assert "Normal takes 7 rounds in 10 from Easy" in texts
    assert "Hard takes 6 rounds in 10 from Normal" in texts
    h.draw()
    h.press(shell, "rules:cuban")
    assert "Hard takes 6 hands in 10 from Normal" in setup.texts()  # Cuban's rounds
    h.press(shell, "rules:draw")  # nothing measured there: nothing said
    assert not any("takes" in t for t in setup.texts())
    h.press(shell, "rules:block")
    choice = setup.choice
    for i in range(choice.players):  # the computers get up: only people at the table
        if choice.level(i):
            h.press(shell, f"seat{i + 1}")
    assert not any("takes" in t for t in setup.texts())
