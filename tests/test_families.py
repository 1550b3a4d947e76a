"""Each rule family registers one descriptor, and the computer its parts for it: the
game looks a family up by rule set or state instead of testing which state class or table
kind it holds."""

from __future__ import annotations

import random

import pytest

from game import ai
from game.ai import families as ai_families
from game.ai import kernel as kn
from game.rules import (
    LineState,
    State,
    TableKind,
    checked_preset,
    create,
    families,
    family_of,
    names,
)
from game.rules.family import Family, register_family
from game.rules.fives import Block, FivesRules


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


def test_every_registered_family_has_the_computers_parts() -> None:
    """A family registered without the computer's parts would leave its games unplayable by
    the computer: none is."""
    missing = ai_families.missing()
    assert not missing, f"register the computer's parts in game/ai/families.py for {missing}"


@pytest.mark.parametrize("name", names())
def test_every_rule_set_gets_its_familys_parts_and_a_kernel_that_plays_it(name: str) -> None:
    """The parts a rule set gets play its rounds: the kernel made with them drives its family's
    machine and plays one out from its first position in play, and a searching decision uses
    them."""
    rules = create(name, players=4)
    parts = ai_families.parts(rules)
    kernel = ai_families.kernel(rules)
    machine = family_of(rules).machine
    assert machine is not None and type(kernel.machine) is type(machine(rules))
    assert kernel.modelled == parts.modelled
    state = rules.new_match(5)
    while not kn.supports(state):
        state = rules.apply(state, rules.legal_actions(state)[0])
    out = kernel.run(kernel.position(state), random.Random(5).random)
    assert out.how in ("out", "blocked") and len(out.gained) == 4


def test_a_rule_set_of_a_family_without_the_computers_parts_is_refused_by_name() -> None:
    """A new family's rule set whose family the computer has no parts for: the computer says
    so in one line naming the family and the rule set, instead of playing it wrongly."""

    class Loose(Block):
        """Block, as a family of its own that nobody gave the computer's parts."""

    Loose.family = Family("loose", Loose, LineState, (TableKind.LINE,))
    preset = checked_preset("block")
    rules = Loose(preset, 2, preset.resolve(2, {}))
    state = rules.new_match(1)
    while len(rules.legal_actions(state)) < 2:
        state = rules.apply(state, rules.legal_actions(state)[0])
    observation = rules.observe(state, state.mover)
    message = "no parts for the rule family 'loose' of rule set 'block': register them"
    with pytest.raises(LookupError, match=message):
        ai.decide(observation, "normal")
    assert ai_families.missing() == []  # it was never registered as a family
