"""The rule sets by name: ``create("all_fives", players=3)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .base import RuleSet
from .errors import ConfigError, quote
from .options import DECLARED
from .presets import load_preset

_RULE_SETS: dict[str, type[RuleSet[Any]]] = {}

R = TypeVar("R", bound=type[RuleSet[Any]])


def register(name: str) -> Callable[[R], R]:
    """Class decorator: make a rule set known by ``name`` (its preset is levels/NAME.toml)."""

    def add(cls: R) -> R:
        cls.name = name
        _RULE_SETS[name] = cls
        DECLARED[name] = cls.declared
        return cls

    return add


def names() -> tuple[str, ...]:
    """Every registered rule set, in registration order."""
    return tuple(_RULE_SETS)


FAMILIAR = ("block", "draw", "all_fives", "longana", "mexican_train", "cuban")  # as the README


def listed() -> list[str]:
    """Every registered rule set as the menus list them: the familiar ones first."""
    known = names()
    return [n for n in FAMILIAR if n in known] + sorted(n for n in known if n not in FAMILIAR)


def rule_class(name: str) -> type[RuleSet[Any]]:
    """The class of rule set ``name``: its traits, before a table is set up."""
    if name not in _RULE_SETS:
        raise ConfigError(
            f"There is no rule set {quote(name)}; choose one of {', '.join(_RULE_SETS)}"
        )
    return _RULE_SETS[name]


def create(name: str, players: int, **options: Any) -> RuleSet[Any]:
    """The rule set ``name`` for ``players`` seats, with ``options`` over its preset."""
    cls = rule_class(name)
    preset = load_preset(name)
    return cls(preset, players, preset.resolve(players, options))
