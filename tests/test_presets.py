"""The preset loader and ``create``: every bad file or option fails with ONE line.

The line names the file (or rule set), the key (or option) and what was
expected, so a person fixing a preset in ``levels/`` knows where to look.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.resources import data_path
from game.rules import ConfigError, create, names
from game.rules.presets import load_preset, read_preset

PARTS = {
    "rules": 'rules = "block"',
    "title": 'title = "Block"',
    "summary": 'summary = "Match an end or pass."',
    "double": "double = 6",
    "seats": "seats = [2, 4]",
    "options": (
        "[options]\nhand_size = { 2 = 7, 3 = 5, 4 = 5 }\ntarget = 100\npartners = true\nfirst = 0"
    ),
    "layout": "[layout]\ncrossways = false",
}
TARGET = "a whole number from 1 to 2000"
HAND_SIZE = "a whole number from 1 to 91"
OPTIONS = "[options]\nhand_size = {}\ntarget = {}\npartners = true\nfirst = 0"


def preset_text(before: str = "", /, **parts: str | None) -> str:
    """The good preset with some parts replaced (None drops one) and ``before`` on top."""
    chosen = {**PARTS, **parts}
    return "\n".join([before, *(p for p in chosen.values() if p is not None)]) + "\n"


def fails(path: Path) -> str:
    """The one-line reason ``read_preset`` gives for ``path``."""
    with pytest.raises(ConfigError) as caught:
        read_preset(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path.parent.name}/{path.name}: ")
    return message


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_preset_reads_with_defaults_by_seat_count(tmp_path: Path) -> None:
    preset = read_preset(write(tmp_path, preset_text()))
    assert (preset.rules, preset.double, preset.seats) == ("block", 6, (2, 4))
    assert preset.defaults(3) == {"hand_size": 5, "target": 100, "partners": True, "first": 0}
    assert preset.layout == {"crossways": False}
    assert preset.computer == {}


def test_a_preset_gives_the_computers_budget_by_level(tmp_path: Path) -> None:
    """The computer's budgets are the preset's data: a table per level that searches."""
    computer = "[computer.normal]\nplayouts = 500\n[computer.hard]\nplayouts = 4000\neps = 0.3"
    preset = read_preset(write(tmp_path, preset_text(layout=computer)))
    assert preset.computer == {"normal": {"playouts": 500}, "hard": {"playouts": 4000, "eps": 0.3}}


def test_a_budgets_huge_whole_number_for_a_fraction_is_refused_in_one_line(tmp_path: Path) -> None:
    """A whole number too large for a float where a fraction from 0 to 1 goes (``eps``) is
    refused as out of range, not by an overflow."""
    computer = f"[computer.hard]\nplayouts = 4000\neps = {10**400}"
    message = fails(write(tmp_path, preset_text(layout=computer)))
    assert "eps" in message and "from 0 to 1" in message


@pytest.mark.parametrize("name", ["block", "draw", "all_fives"])
def test_the_shipped_presets_read(name: str) -> None:
    preset = load_preset(name)
    assert preset.rules == name and Path(preset.path) == data_path("levels", f"{name}.toml")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rules = ", "not valid TOML (Invalid value (at end of document))"),
        ('rules = "a"\nrules = "b"\n', "not valid TOML (Cannot overwrite a value"),
        ("[options\n", "not valid TOML (Expected ']' at the end of a table declaration"),
    ],
)
def test_malformed_toml(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in fails(write(tmp_path, text))


def test_missing_file(tmp_path: Path) -> None:
    assert fails(tmp_path / "nowhere.toml").endswith(": no such preset file")


@pytest.mark.parametrize("key", ["rules", "title", "summary", "double", "seats", "options"])
def test_missing_key(tmp_path: Path, key: str) -> None:
    message = fails(write(tmp_path, preset_text(**{key: None})))
    assert message.endswith(f": key '{key}' is missing")


def test_unknown_key(tmp_path: Path) -> None:
    message = fails(write(tmp_path, preset_text('colour = "red"')))
    assert message.endswith(
        ": unknown key 'colour'; expected one of "
        "rules, title, summary, double, seats, options, layout, computer"
    )


@pytest.mark.parametrize(
    ("before", "parts", "expected"),
    [
        ("", {"double": 'double = "six"'}, "key 'double' should be int"),
        ("", {"double": "double = true"}, "key 'double' should be int"),
        ("", {"title": "title = 3"}, "key 'title' should be str"),
        ("", {"seats": "seats = 4"}, "key 'seats' should be list"),
        ("", {"options": "options = 3"}, "key 'options' should be dict"),
        ("layout = 3", {"layout": None}, "key 'layout' should be dict"),
        ("", {"double": "double = 7"}, "key 'double' should be 6, 9 or 12, not 7"),
        ("", {"seats": "seats = [4, 2]"}, "key 'seats' should be [fewest, most], like [2, 4]"),
        ("", {"seats": "seats = [2]"}, "key 'seats' should be [fewest, most], like [2, 4]"),
        ("", {"seats": 'seats = [2, "4"]'}, "key 'seats' should be [fewest, most], like [2, 4]"),
        (
            "",
            {"options": OPTIONS.format("{ 2 = 7, 3 = 5 }", 100)},
            "key 'options.hand_size' should give a value for each seat count 2, 3, 4",
        ),
        (
            "",
            {"options": OPTIONS.format('{ 2 = 7, 3 = "5", 4 = 5 }', 100)},
            "key 'options.hand_size' should hold values of one type, like 7",
        ),
        (
            "",
            {"options": OPTIONS.format(7, "[100]")},
            "key 'options.target' should be a value or a table by seats",
        ),
    ],
)
def test_wrong_type_or_value(tmp_path: Path, before: str, parts: dict, expected: str) -> None:
    assert fails(write(tmp_path, preset_text(before, **parts))).endswith(f": {expected}")


# -- create(): options, seats, names ---------------------------------------------------


def refused(name: str, players: Any, **options: Any) -> str:
    with pytest.raises(ConfigError) as caught:
        create(name, players=players, **options)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_unknown_option() -> None:
    assert refused("block", 2, colour="red") == (
        "block has no option 'colour'; its options are first, hand_size, partners, target"
    )


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("target", "high", f"Option target of block must be {TARGET}, not 'high'"),
        ("target", 99.5, f"Option target of block must be {TARGET}, not 99.5"),
        ("hand_size", True, f"Option hand_size of block must be {HAND_SIZE}, not True"),
        ("partners", 1, "Option partners of block must be true or false, not 1"),
    ],
)
def test_option_of_the_wrong_type(option: str, value: Any, expected: str) -> None:
    assert refused("block", 4, **{option: value}) == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"first": 3}, "first must be a seat from 1 to 2, or 0 for the usual way"),
        ({"hand_size": 15}, "2 hands of 15 tiles do not fit in a double-six set"),
        ({"target": 0}, f"Option target of block must be {TARGET}, not 0"),
    ],
)
def test_option_of_the_right_type_but_out_of_range(options: dict, expected: str) -> None:
    assert refused("block", 2, **options) == expected


@pytest.mark.parametrize(
    ("name", "players", "expected"),
    [
        ("draw", 5, "Draw takes 2 to 4 players, not 5"),
        ("all_fives", 1, "All Fives takes 2 to 4 players, not 1"),
        ("block", "3", "Block takes 2 to 4 players, not '3'"),
        ("block", True, "Block takes 2 to 4 players, not True"),
    ],
)
def test_wrong_seat_count(name: str, players: Any, expected: str) -> None:
    assert refused(name, players) == expected


def test_unknown_rule_set_name() -> None:
    message = refused("poker", 2)
    assert message == f"There is no rule set 'poker'; choose one of {', '.join(names())}"
    assert {"block", "draw", "all_fives"} <= set(names())


def test_options_lay_over_the_preset_defaults() -> None:
    """``create("block", players=4, hand_size=7)``: the Latin-American game (F-21)."""
    assert create("block", players=4, hand_size=7).options == {
        "hand_size": 7,
        "target": 100,
        "partners": True,
        "first": 0,
    }
    assert create("all_fives", players=3).options["target"] == 200


# -- every option checked against the rule set's declaration (issue 19) -----------------


@pytest.mark.parametrize(
    ("before", "parts", "expected"),
    [
        (
            "",
            {"options": OPTIONS.format(7, 100) + "\nhand_sise = 3"},
            "key 'options.hand_sise' is not an option of block (did you mean 'hand_size'?); "
            "expected first, hand_size, partners, target",
        ),
        (
            "",
            {"rules": 'rules = "blokk"'},
            "key 'rules' should be one of all_fives, block, cuban, draw, longana, mexican_train, "
            "not 'blokk' (did you mean 'block'?)",
        ),
        (
            "",
            {"options": OPTIONS.format(7, "nan")},
            f"key 'options.target' should be {TARGET}, not nan",
        ),
        (
            "",
            {"options": OPTIONS.format(7, "inf")},
            f"key 'options.target' should be {TARGET}, not inf",
        ),
        (
            "",
            {"options": OPTIONS.format("true", 100)},
            f"key 'options.hand_size' should be {HAND_SIZE}, not True",
        ),
        (
            "",
            {"options": OPTIONS.format(0, 100)},
            f"key 'options.hand_size' should be {HAND_SIZE}, not 0",
        ),
        (
            "",
            {"options": OPTIONS.format("{ 2 = 7, 3 = 0, 4 = 5 }", 100)},
            f"key 'options.hand_size' should be {HAND_SIZE}, not 0",
        ),
        (
            "",
            {"options": OPTIONS.format(7, 100).replace("first = 0", "first = -1")},
            "key 'options.first' should be a whole number from 0 to 10, not -1",
        ),
        (
            "",
            {"options": OPTIONS.format(7, 100).replace("first = 0\n", "").replace("first = 0", "")},
            "key 'options.first' is missing",
        ),
        (
            "",
            {"layout": "[layout]\ncrossways = [true]"},
            "key 'layout.crossways' should be true or false, not [True]",
        ),
        (
            "",
            {"layout": '[layout]\nkind = "line"'},
            "key 'layout.kind' is not a table layout hint; expected crossways, spinner",
        ),
        (
            "",
            {"layout": "[layout]\ncrosways = true"},
            "key 'layout.crosways' is not a table layout hint (did you mean 'crossways'?); "
            "expected crossways, spinner",
        ),
        (
            "",
            {"layout": "[computer.normal]\nplayouts = 0"},
            "key 'computer.normal.playouts' should be a whole number from 1 to 1000000, not 0",
        ),
        (
            "",
            {"layout": "[computer.normal]\nplayouts = 500\nepsilon = 0.3"},
            "key 'computer.normal.epsilon' is not a budget's part (did you mean 'eps'?)",
        ),
        (
            "",
            {"layout": "[computer.normal]\neps = 0.3"},
            "key 'computer.normal.playouts' is missing",
        ),
        (
            "",
            {"layout": "[computer.expert]\nplayouts = 500"},
            "key 'computer.expert' is not a level; expected hard, normal",
        ),
        (
            "",
            {"layout": "[computer]\nnormal = 500"},
            "key 'computer.normal' should be a table, like playouts = 500",
        ),
        (
            "",
            {"layout": "[computer.hard]\nplayouts = 500\nmodel = 1"},
            "key 'computer.hard.model' should be true or false, not 1",
        ),
        ("", {"title": f'title = "{"x" * 5000}"'}, "key 'title' should be at most 40 characters"),
        ("", {"double": "double = " + "9" * 5000}, "not valid TOML"),
    ],
)
def test_every_option_is_checked_by_name_type_and_range(
    tmp_path: Path, before: str, parts: dict, expected: str
) -> None:
    """Issue 19 item 6: a typo, a wrong type or a value out of range is refused, naming
    the file, the key and what was expected (before, 68 such values were accepted)."""
    message = fails(write(tmp_path, preset_text(before, **parts)))
    assert expected in message and len(message) <= 200


def test_a_preset_nested_ten_thousand_deep_is_refused_in_one_line(tmp_path: Path) -> None:
    nested = "options = " + "[" * 10_000 + "]" * 10_000
    assert "not valid TOML" in fails(write(tmp_path, preset_text(nested, options=None)))


def test_a_folder_or_an_unreadable_preset_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert fails(folder).endswith(": is a folder, not a file")
    locked = write(tmp_path, preset_text())

    def denied(*args: Any, **kwargs: Any) -> int:  # what opening a file of no permission does
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.files.os.open", denied)
    assert fails(locked).endswith(": cannot be read (Permission denied)")


def test_a_preset_naming_another_rule_set_is_refused(tmp_path: Path) -> None:
    (tmp_path / "draw.toml").write_text(preset_text(), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"draw.toml: key 'rules' should be 'draw', not 'block'"):
        load_preset("draw", tmp_path)


def test_create_suggests_the_close_option_name() -> None:
    assert refused("block", 2, hand_sise=3) == (
        "block has no option 'hand_sise' (did you mean 'hand_size'?); "
        "its options are first, hand_size, partners, target"
    )


def test_every_rule_set_declares_exactly_the_options_its_preset_gives() -> None:
    """The options are declared once, in game/rules; the presets give their defaults."""
    from game.rules.options import DECLARED

    for name in names():
        assert set(load_preset(name).options) == set(DECLARED[name]), name
