"""Each rule family registers one descriptor, and the computer and the table their parts
for it: the game looks a family up by rule set or state instead of testing which state class
or table kind it holds."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

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
from game.rules.presets import load_preset
from game.ui.board import families as ui_families

GAME = Path(__file__).resolve().parents[1] / "game"


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


def test_every_registered_family_has_the_tables_parts() -> None:
    """A family registered without the table's parts would leave its games undrawable: none
    is, and a rule set of a family without them is refused by name."""
    missing = ui_families.missing()
    assert not missing, f"register the table's parts from game/ui/board/ for {missing}"

    class Loose(Block):
        """Block, as a family of its own that nobody gave the table's parts."""

    Loose.family = Family("loose", Loose, LineState, (TableKind.LINE,))
    with pytest.raises(LookupError, match="no parts for the rule family 'loose'"):
        ui_families.parts(Loose)


def _state_classes() -> set[str]:
    """The names of the families' state classes (every State subclass the rules define)."""
    found: set[str] = set()
    todo: list[type[State]] = [State]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("game.rules."):
                found.add(sub.__name__)
            todo.append(sub)
    return found


def _named(node: ast.expr) -> Iterable[str]:
    """The class names an ``isinstance`` argument or a ``case`` pattern's class names."""
    if isinstance(node, ast.Tuple):
        for item in node.elts:
            yield from _named(item)
    elif isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr


def _switches(source: str, state_classes: set[str]) -> list[str]:
    """Where ``source`` asks which family it has: an ``isinstance``/``issubclass`` or a
    ``case`` with one of ``state_classes``, a comparison with one, or any use of the table
    kind (``TableKind``, a rule set's ``table_kind``), as "line: what"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        asked: Iterable[str] = ()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                asked = _named(node.args[1])
        elif isinstance(node, ast.MatchClass):
            asked = _named(node.cls)
        elif isinstance(node, ast.Compare):
            asked = [n for side in (node.left, *node.comparators) for n in _named(side)]
        hits = [name for name in asked if name in state_classes]
        if isinstance(node, ast.Name) and node.id == "TableKind":
            hits.append("TableKind")
        elif isinstance(node, ast.Attribute) and node.attr in ("TableKind", "table_kind"):
            hits.append(node.attr)
        found += [f"{getattr(node, 'lineno', 0)}: {hit}" for hit in hits]
    return found


def _modules(parts: Iterable[Any]) -> set[str]:
    """The modules the functions among ``parts`` come from."""
    return {getattr(part, "func", part).__module__ for part in parts if callable(part)}


def _families_own_modules() -> set[str]:
    """The families' own modules: the rules' modules of each family's rule and state classes
    (and the classes they build on), and the modules the table's and the computer's parts
    registered for each family come from."""
    own: set[str] = set()
    for family in families():
        own |= {k.__module__ for k in (*family.rules.__mro__, *family.state.__mro__)}
        own |= _modules(ui_families.parts(family.rules))
    for name in names():
        own |= _modules(ai_families.parts(create(name, players=load_preset(name).seats[0])))
    return {module for module in own if module.startswith("game.")}


def _module(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_state_class_or_table_kind_switch_outside_the_families_own_modules() -> None:
    """The rest of the game asks a family's registered parts, never which state class or
    table kind it holds: a switch on either stands only in the family's own modules."""
    state_classes, own = _state_classes(), _families_own_modules()
    assert {"LineState", "CubanState", "BranchesState", "TrainsState"} <= state_classes
    assert {"game.rules.line", "game.ui.board.trains", "game.ai.lines"} <= own
    found = {
        _module(path): hits
        for path in sorted(GAME.rglob("*.py"))
        if _module(path) not in own
        and (hits := _switches(path.read_text(encoding="utf-8"), state_classes))
    }
    assert not found, f"ask the family's registered parts instead: {found}"


def test_the_switch_finder_sees_each_kind_of_switch() -> None:
    source = """
if isinstance(state, (State, TrainsState)):
    pass
match state:
    case BranchesState(open_order=order):
        pass
spinner = rules.table_kind is TableKind.SPINNER
same = type(state) is LineState
fine = isinstance(state, State) and isinstance(tile, Tile)
"""
    hits = _switches(source, _state_classes())
    assert [hit.split(": ")[1] for hit in hits].count("TableKind") == 1
    assert sorted(hit.split(": ")[1] for hit in hits) == sorted(
        ["TrainsState", "BranchesState", "table_kind", "TableKind", "LineState"]
    )
