"""Rule-set presets: the TOML files in ``levels/`` that hold every default.

The folder is found by :mod:`game.resources` (in the package once installed, the
checkout in an editable install); the file is read by :mod:`game.files`.

A preset names its rule set, its tile set and seat range, and the setup
options a player may change, each with its default. A default may depend on
the seat count, written as a table keyed by seats (``hand_size = {2 = 7, 3 =
5, 4 = 5}``). The preset is the one place defaults live: ``create`` lays the
caller's keyword options over it. Both the file's defaults and the caller's
options are checked against the options the rule set declares
(:mod:`game.rules.options`): name, type and range; every refusal names the
file (or the rule set), the key and what was expected.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..files import BadFile, read_toml
from ..resources import data_path
from .errors import ConfigError, quote
from .options import DECLARED, Option, check_options, did_you_mean

_SETS = (6, 9, 12)
_TOP = {"rules": str, "title": str, "summary": str, "double": int, "seats": list, "options": dict}
_OPTIONAL = {"layout": dict, "computer": dict}
_LONGEST = {"title": 40, "summary": 400}  # characters, so a title fits the screen
# The table hints a preset may give (the table reads them; the rules do not).
# What is built on the table is the rule set's own trait (``table_kind``), not a hint.
LAYOUT = {
    "crossways": Option(bool),
    "spinner": Option(bool),
}
# What the computer may spend on one decision, by level (the computer reads it; the rules do
# not): ``[computer.normal]`` and ``[computer.hard]``, each naming these (game.ai.Budget).
LEVELS = ("normal", "hard")
BUDGET = {
    "playouts": Option(int, 1, 1_000_000),
    "eps": Option(float, 0, 1),
    "steps": Option(int, 1, 100_000),
    "solve": Option(int, 0, 1_000_000),
    "solved": Option(int, 0, 1_000_000),
    "read": Option(float, 0, 10),
    "model": Option(bool),
}


@dataclass(frozen=True)
class Preset:
    """One rule set's preset, checked."""

    rules: str
    title: str
    summary: str
    double: int
    seats: tuple[int, int]
    options: dict[str, Any]  # name -> default, or {seats: default} by seat count
    layout: dict[str, Any] = field(default_factory=dict)
    computer: dict[str, dict[str, Any]] = field(default_factory=dict)  # level -> its budget
    path: str = ""

    def defaults(self, players: int) -> dict[str, Any]:
        """Every option's default at a table of ``players`` seats."""
        return {k: (v[players] if isinstance(v, dict) else v) for k, v in self.options.items()}

    def resolve(self, players: int, overrides: dict[str, Any]) -> dict[str, Any]:
        """The options for ``players`` seats with ``overrides`` checked and laid over."""
        low, high = self.seats
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ConfigError(f"{self.title} takes {low} to {high} players, not {quote(players)}")
        options = self.defaults(players)
        options.update(check_options(DECLARED[self.rules], overrides, self.rules))
        return options


# The folder of a rule set's preset where it is not the shipped ``levels/`` (a variant
# registered with its own: ``registry.register(name, presets=folder)``).
FOLDERS: dict[str, Path] = {}


def load_preset(name: str, folder: Path | None = None) -> Preset:
    """The checked preset ``folder/name.toml`` (by default the one its rule set was registered
    with: the shipped ``levels/`` unless :data:`FOLDERS` names another).

    ``name`` is looked up among the registered rule sets first, and the file is named
    by the registry's own string: a name read from a file (``"../block"``, ``"Block"``,
    7, a megabyte of text) is refused in one line and never becomes part of a path.
    """
    known = next((k for k in DECLARED if k == name and type(name) is str), None)
    if known is None:
        choices = ", ".join(DECLARED)
        raise ConfigError(f"There is no rule set {quote(name)}; choose one of {choices}")
    return _load_preset(known, folder or FOLDERS.get(known))


@cache
def _load_preset(name: str, folder: Path | None) -> Preset:
    folder = folder or data_path("levels")
    preset = read_preset(folder / f"{name}.toml")
    if preset.rules != name:
        where = f"{folder.name}/{name}.toml"
        raise ConfigError(
            f"{where}: key 'rules' should be {quote(name)}, not {quote(preset.rules)}"
        )
    return preset


def read_preset(path: Path) -> Preset:
    """Read and check one preset file (ConfigError names the file, the key and what
    was expected): its shape, its rule set, and every option against the options
    that rule set declares (:mod:`game.rules.options`)."""
    where = f"{path.parent.name}/{path.name}"
    try:
        data = read_toml(path, where)
    except BadFile as error:
        reason = "no such preset file" if error.reason == "no such file" else error.reason
        raise ConfigError(f"{where}: {reason}") from None
    for key in data:
        if key not in _TOP and key not in _OPTIONAL:
            known = ", ".join([*_TOP, *_OPTIONAL])
            hint = did_you_mean(key, [*_TOP, *_OPTIONAL])
            raise ConfigError(f"{where}: unknown key {quote(key)}{hint}; expected one of {known}")
    for key in _TOP:
        if key not in data:
            raise ConfigError(f"{where}: key '{key}' is missing")
    for key, kind in {**_TOP, **_OPTIONAL}.items():
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            raise ConfigError(f"{where}: key '{key}' should be {kind.__name__}")
    for key, longest in _LONGEST.items():
        if len(data[key]) > longest:
            raise ConfigError(f"{where}: key '{key}' should be at most {longest} characters")
    rules = data["rules"]
    if rules not in DECLARED:
        known = ", ".join(sorted(DECLARED))
        hint = did_you_mean(rules, DECLARED)
        raise ConfigError(
            f"{where}: key 'rules' should be one of {known}, not {quote(rules)}{hint}"
        )
    if data["double"] not in _SETS:
        raise ConfigError(
            f"{where}: key 'double' should be 6, 9 or 12, not {quote(data['double'])}"
        )
    seats = data["seats"]
    if len(seats) != 2 or not all(type(s) is int for s in seats) or not 2 <= seats[0] <= seats[1]:
        raise ConfigError(f"{where}: key 'seats' should be [fewest, most], like [2, 4]")
    if seats[1] > 10:
        raise ConfigError(f"{where}: key 'seats' should be at most 10 seats, not {seats[1]}")
    options = _options(data["options"], DECLARED[rules], seats, where, rules)
    layout = data.get("layout", {})
    _check_layout(layout, where)
    computer = data.get("computer", {})
    _check_computer(computer, where)
    return Preset(
        rules=rules,
        title=data["title"],
        summary=data["summary"],
        double=data["double"],
        seats=(seats[0], seats[1]),
        options=options,
        layout=layout,
        computer=computer,
        path=str(path),
    )


def _key(where: str, *names: str) -> str:
    """``levels/block.toml: key 'options.target'`` (the names quoted, however long)."""
    return f"{where}: key {quote('.'.join(names))}"


def _options(
    given: dict[str, Any], declared: Mapping[str, Option], seats: list[int], where: str, rules: str
) -> dict[str, Any]:
    """The ``[options]`` table: every declared option's default, each checked."""
    _known_names(given, declared, where, "options", f"an option of {rules}")
    for name in declared:
        if name not in given:
            raise ConfigError(f"{_key(where, 'options', name)} is missing")
    options: dict[str, Any] = {}
    for name, value in given.items():
        key = _key(where, "options", name)
        if isinstance(value, dict):
            options[name] = _by_seats(value, seats, key)
            values = list(options[name].values())
        elif isinstance(value, bool | int | float | str):
            options[name] = value
            values = [value]
        else:
            raise ConfigError(f"{key} should be a value or a table by seats")
        for v in values:
            if not declared[name].fits(v):
                raise ConfigError(f"{key} should be {declared[name].expected()}, not {quote(v)}")
    return options


def _check_layout(layout: dict[str, Any], where: str) -> None:
    """The ``[layout]`` table: known names, each of its kind."""
    _known_names(layout, LAYOUT, where, "layout", "a table layout hint")
    for name, value in layout.items():
        if not LAYOUT[name].fits(value):
            expected = LAYOUT[name].expected()
            raise ConfigError(
                f"{_key(where, 'layout', name)} should be {expected}, not {quote(value)}"
            )


def _check_computer(computer: dict[str, Any], where: str) -> None:
    """The ``[computer]`` table: a budget per level, each a table of known names, each of its
    kind, the playouts among them."""
    _known_names(computer, LEVELS, where, "computer", "a level")
    for level, budget in computer.items():
        if not isinstance(budget, dict):
            key = _key(where, "computer", level)
            raise ConfigError(f"{key} should be a table, like playouts = 500")
        _known_names(budget, BUDGET, where, f"computer.{level}", "a budget's part")
        if "playouts" not in budget:
            raise ConfigError(f"{_key(where, 'computer', level, 'playouts')} is missing")
        for name, value in budget.items():
            if not BUDGET[name].fits(value):
                expected = BUDGET[name].expected()
                key = _key(where, "computer", level, name)
                raise ConfigError(f"{key} should be {expected}, not {quote(value)}")


def _known_names(
    table: dict[str, Any], known: Collection[str], where: str, section: str, what: str
) -> None:
    for name in table:
        if name not in known:
            hint = did_you_mean(name, known)
            names = ", ".join(sorted(known))
            raise ConfigError(f"{_key(where, section, name)} is not {what}{hint}; expected {names}")


def _by_seats(table: dict[str, Any], seats: list[int], what: str) -> dict[int, Any]:
    """A default by seat count: one entry for every seat count of the range."""
    wanted = [str(n) for n in range(seats[0], seats[1] + 1)]
    if sorted(table, key=lambda k: (len(k), k)) != wanted:
        raise ConfigError(f"{what} should give a value for each seat count {', '.join(wanted)}")
    values = {int(k): v for k, v in table.items()}
    first = next(iter(values.values()))
    for v in values.values():
        if type(v) is not type(first) or isinstance(v, dict | list):
            raise ConfigError(f"{what} should hold values of one type, like 7")
    return values
