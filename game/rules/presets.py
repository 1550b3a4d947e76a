"""Rule-set presets: the TOML files in ``levels/`` that hold every default.

The folder is found by :mod:`game.resources` (in the package once installed, the
checkout in an editable install).

A preset names its rule set, its tile set and seat range, and the setup
options a player may change, each with its default. A default may depend on
the seat count, written as a table keyed by seats (``hand_size = {2 = 7, 3 =
5, 4 = 5}``). The preset is the one place defaults live: ``create`` lays the
caller's keyword options over it, checking each against the default's type.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..files import BadFile, read_toml
from ..resources import data_path
from .errors import ConfigError, quote

_SETS = (6, 9, 12)
_TOP = {"rules": str, "title": str, "summary": str, "double": int, "seats": list, "options": dict}
_OPTIONAL = {"layout": dict}


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
    path: str = ""

    def defaults(self, players: int) -> dict[str, Any]:
        """Every option's default at a table of ``players`` seats."""
        return {k: (v[players] if isinstance(v, dict) else v) for k, v in self.options.items()}

    def resolve(self, players: int, overrides: dict[str, Any]) -> dict[str, Any]:
        """The options for ``players`` seats with ``overrides`` checked and laid over."""
        low, high = self.seats
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ConfigError(f"{self.title} takes {low} to {high} players, not {players}")
        options = self.defaults(players)
        for name, value in overrides.items():
            if name not in options:
                known = ", ".join(sorted(options))
                raise ConfigError(
                    f"{self.rules} has no option {quote(name)}; its options are {known}"
                )
            options[name] = _checked(value, options[name], f"Option {name} of {self.rules}")
        return options


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    return "text"


def _checked(value: Any, default: Any, what: str) -> Any:
    """``value`` if it has the default's type (an int is a fine float)."""
    ok = (
        isinstance(value, bool)
        if isinstance(default, bool)
        else isinstance(value, int) and not isinstance(value, bool)
        if isinstance(default, int)
        else isinstance(value, int | float) and not isinstance(value, bool)
        if isinstance(default, float)
        else isinstance(value, str)
    )
    if not ok:
        raise ConfigError(f"{what} must be {_kind(default)}, not {quote(value)}")
    return value


@cache
def load_preset(name: str, folder: Path | None = None) -> Preset:
    """The checked preset ``folder/name.toml`` (the shipped ``levels/`` by default)."""
    return read_preset((folder or data_path("levels")) / f"{name}.toml")


def read_preset(path: Path) -> Preset:
    """Read and check one preset file (ConfigError names the file and the key)."""
    where = f"{path.parent.name}/{path.name}"
    try:
        data = read_toml(path, where)
    except BadFile as error:
        reason = "no such preset file" if error.reason == "no such file" else error.reason
        raise ConfigError(f"{where}: {reason}") from None
    for key in data:
        if key not in _TOP and key not in _OPTIONAL:
            known = ", ".join([*_TOP, *_OPTIONAL])
            raise ConfigError(f"{where}: unknown key {quote(key)}; expected one of {known}")
    for key in _TOP:
        if key not in data:
            raise ConfigError(f"{where}: key '{key}' is missing")
    for key, kind in {**_TOP, **_OPTIONAL}.items():
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            raise ConfigError(f"{where}: key '{key}' should be {kind.__name__}")
    if data["double"] not in _SETS:
        raise ConfigError(
            f"{where}: key 'double' should be 6, 9 or 12, not {quote(data['double'])}"
        )
    seats = data["seats"]
    if len(seats) != 2 or not all(type(s) is int for s in seats) or not 2 <= seats[0] <= seats[1]:
        raise ConfigError(f"{where}: key 'seats' should be [fewest, most], like [2, 4]")
    options: dict[str, Any] = {}
    for name, value in data["options"].items():
        key = f"options.{name}"
        if isinstance(value, dict):
            options[name] = _by_seats(value, seats, f"{where}: key {quote(key)}")
        elif isinstance(value, bool | int | float | str):
            options[name] = value
        else:
            raise ConfigError(f"{where}: key {quote(key)} should be a value or a table by seats")
    return Preset(
        rules=data["rules"],
        title=data["title"],
        summary=data["summary"],
        double=data["double"],
        seats=(seats[0], seats[1]),
        options=options,
        layout=data.get("layout", {}),
        path=str(path),
    )


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
