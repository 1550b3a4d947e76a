"""The rule families: each registers one :class:`Family` from its own module.

A family is a kind of table with its own turn step (the Fives line, Cuban's line with its
phases, Longana's branches, Mexican Train's trains); its rule sets are its rule class with
traits of their own. The rest of the game looks a family up here, by rule set or by state
(:func:`family_of`), and keys its own parts for it (the computer's playouts, the table's
layout) to the descriptor, instead of asking which state class or table kind it holds: a new
family registers one descriptor and its parts, and nothing outside its modules tests for it.
"""

from __future__ import annotations

from typing import Any

from .base import Family, RuleSet, State

__all__ = ["Family", "families", "family_of", "register_family"]


_FAMILIES: dict[str, Family] = {}


def register_family(family: Family) -> Family:
    """Make ``family`` known; its rule class (so each of its rule sets) answers ``family``."""
    if family.name in _FAMILIES:
        raise ValueError(f"the rule family {family.name!r} is registered already")
    _FAMILIES[family.name] = family
    family.rules.family = family
    return family


def families() -> tuple[Family, ...]:
    """Every registered family, in registration order."""
    return tuple(_FAMILIES.values())


def family_of(of: RuleSet[Any] | State | type[State] | type[RuleSet[Any]]) -> Family:
    """The family of a rule set or its class, of a state (an observed one too) or a state
    class; TypeError naming it if none is registered for it."""
    if isinstance(of, State):
        of = of.rules
    if isinstance(of, type) and issubclass(of, State):
        for klass in of.__mro__:  # its own family first: Cuban's state is a line state
            for family in _FAMILIES.values():
                if family.state is klass:
                    return family
    else:
        found = getattr(of, "family", None)
        if isinstance(found, Family):
            return found
    name = of.__name__ if isinstance(of, type) else type(of).__name__
    raise TypeError(f"{name} belongs to no registered rule family (game.rules.family)")
