"""The rule sets by name: ``create("all_fives", players=3)``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .base import RuleSet
from .errors import ConfigError, quote
from .options import DECLARED
from .presets import FOLDERS, Preset, load_preset

_RULE_SETS: dict[str, type[RuleSet[Any]]] = {}

R = TypeVar("R", bound=type[RuleSet[Any]])


def register(name: str, presets: Path | None = None) -> Callable[[R], R]:
    """Class decorator: make a rule set known by ``name``; its preset is ``NAME.toml`` in
    ``presets`` (the shipped ``levels/`` by default). A variant of a family is its family's
    class with traits of its own, registered so, and a preset: nothing else names it."""

    def add(cls: R) -> R:
        cls.name = name
        _RULE_SETS[name] = cls
        DECLARED[name] = cls.declared
        if presets is not None:
            FOLDERS[name] = presets
        return cls

    return add


def names() -> tuple[str, ...]:
    """Every registered rule set, in registration order."""
    return tuple(_RULE_SETS)


# The one order of the games, simplest first, wherever they are listed (the setup's tabs,
# the rules panel, Learn to play and the lesson after each, the puzzles, --rules, --list):
# Block is "match an end or pass"; Draw adds the boneyard; All Fives adds scoring during
# play and the spinner; Longana, a branch per player; Mexican Train, a train per player,
# markers, the Mexican train and thirteen rounds; Cuban, partners, a redeal and the
# choice of who opens. Each game adds one or two ideas to one already learnt.
SIMPLEST_FIRST = ("block", "draw", "all_fives", "longana", "mexican_train", "cuban")


def listed() -> list[str]:
    """Every registered rule set in the one order every list shows them (simplest first:
    :data:`SIMPLEST_FIRST`); one registered later comes after them, by name."""
    known = names()
    first = [n for n in SIMPLEST_FIRST if n in known]
    return first + sorted(n for n in known if n not in SIMPLEST_FIRST)


def rule_class(name: str) -> type[RuleSet[Any]]:
    """The class of rule set ``name``: its traits, before a table is set up."""
    if type(name) is not str or name not in _RULE_SETS:
        raise ConfigError(
            f"There is no rule set {quote(name)}; choose one of {', '.join(_RULE_SETS)}"
        )
    return _RULE_SETS[name]


def create(name: str, players: int, **options: Any) -> RuleSet[Any]:
    """The rule set ``name`` for ``players`` seats, with ``options`` over its preset."""
    cls = rule_class(name)
    preset = checked_preset(name)
    return cls(preset, players, preset.resolve(players, options))


@cache
def checked_preset(name: str) -> Preset:
    """The preset of ``name``, its defaults tried at every seat count it names.

    A default may fit one table and not another (ten tiles each fit two hands of
    double-six, not three): the preset is refused as a whole, in one line naming the
    file and the seat count, before any table or listing uses it.
    """
    rule_class(name)
    return check_every_table(load_preset(name))


def check_every_table(preset: Preset) -> Preset:
    """``preset`` if its defaults make a table at each seat count it names; else
    ConfigError naming its file and the first seat count that fails."""
    cls = rule_class(preset.rules)
    low, high = preset.seats
    for players in range(low, high + 1):
        try:
            cls(preset, players, preset.resolve(players, {}))
        except ConfigError as error:
            path = Path(preset.path)
            raise ConfigError(
                f"{path.parent.name}/{path.name}: at {players} seats, {error}"
            ) from None
    return preset
