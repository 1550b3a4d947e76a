"""Each rule family registers one descriptor, and the computer its parts for it: the
game looks a family up by rule set or state instead of testing which state class or table
kind it holds."""

from __future__ import annotations

import pytest

from game.rules import State, create, families, family_of, names
from game.rules.family import Family, register_family
from game.rules.fives import FivesRules


@pytest.mark.parametrize("name", names())
def test_every_rule_set_belongs_to_one_registered_family(name: str) -> None:
    """A rule set's family is found from its class, a rule set, its state (observed too) and
    its state's class, the same each way; the family's rule class is a base of the rule
    set's, its state class that of the states it makes, and its tables name the rule set's."""
    rules = create(name, players=4)
    state = rules.new_match(3)
    family = family_of(rules)
    assert family in families()
    assert family_of(type(rules)) is family and family_of(state) is family
    assert family_of(type(state)) is family
    assert family_of(rules.observe(state, 1).table) is family
    assert isinstance(rules, family.rules) and isinstance(state, family.state)
    assert rules.table_kind in family.kinds


def test_the_family_names_are_one_each() -> None:
    assert sorted(f.name for f in families()) == ["cuban", "fives", "longana", "mexican_train"]
    with pytest.raises(ValueError, match="registered already"):
        register_family(Family("fives", FivesRules, State, ()))


def test_something_of_no_family_is_refused_by_name() -> None:
    class Loose(State):
        __slots__ = ()

    with pytest.raises(TypeError, match="Loose belongs to no registered rule family"):
        family_of(Loose)
