"""The exact solver of a guessed world agrees with plain minimax through the rules engine.

The solver plays each guessed world of Block, Draw and Cuban exactly (the
hard level uses it at two-seat Block; :mod:`game.ai.solver`): alpha-beta on
the kernel's bitmasks with a table of bounds. Here the same positions are
solved the slow, obvious way — every legal action through
``legal_actions``/``apply``, no pruning, the round's end scored from the
engine's own RoundResult (F-24, F-25, C-11 … C-14) — and every candidate's value must be the same.
"""

from __future__ import annotations

import random

import pytest

from game.ai import families
from game.ai import kernel as kn
from game.ai import playout as po
from game.ai.solver import Solver, TooBig
from game.rules import create


def _minimax(rules, state, seat: int, since) -> float:
    """The worth of ``state`` for ``seat`` when everyone plays perfectly (engine only)."""
    start = len(since.results)
    if state.winner is not None or len(state.results) > start:
        result = state.results[start]
        before = po.in_round_points(since)
        gained = tuple(g - b for g, b in zip(result.gained, before, strict=True))
        return po.worth(rules, seat, gained, result.winners, state.winner is not None)
    mine = rules.team_of(state.to_move) == rules.team_of(seat)
    values = [
        _minimax(rules, rules.apply(state, a), seat, since) for a in rules.legal_actions(state)
    ]
    return max(values) if mine else min(values)


def _positions(name: str, players: int, small: int, count: int):
    """Seeded mid-round states with at most ``small`` tiles left in all hands."""
    rules = create(name, players=players)
    found = 0
    for seed in range(200):
        state = rules.new_match(seed)
        pick = random.Random(seed)
        while state.winner is None and len(state.results) == 0:
            legal = rules.legal_actions(state)
            plays = [a for a in legal if a.tile is not None]
            if kn.supports(state) and len(plays) > 1 and sum(map(len, state.hands)) <= small:
                yield rules, state, plays
                found += 1
                break
            state = rules.apply(state, pick.choice(legal))
        if found == count:
            return


@pytest.mark.parametrize(
    ("name", "players", "small"),
    [("block", 2, 8), ("block", 3, 9), ("draw", 2, 7), ("cuban", 4, 9)],
)
def test_f24_c12_solver_values_match_plain_minimax_through_the_engine(
    name: str, players: int, small: int
) -> None:
    """F-24/F-25/C-11 … C-14: alpha-beta on bitmasks gives every play its engine minimax value."""
    compared = 0
    for rules, state, plays in _positions(name, players, small, 12):
        kernel = families.kernel(rules)
        solver = Solver(kernel, state.to_move - 1, 10**6)
        index = kernel.t.index
        values = solver.values(kernel.position(state), [kn.move_of(a, index) for a in plays])
        for action, value in zip(plays, values, strict=True):
            expected = _minimax(rules, rules.apply(state, action), state.to_move, state)
            assert value == pytest.approx(expected), (name, str(action))
            compared += 1
    assert compared >= 20


def test_a_world_too_big_to_solve_says_so() -> None:
    """The node limit is a hard stop (the search then plays that world out instead)."""
    rules = create("cuban", players=4)
    state = rules.new_match(1)
    while not kn.supports(state):
        state = rules.apply(state, rules.legal_actions(state)[0])
    kernel = families.kernel(rules)
    plays = [a for a in rules.legal_actions(state) if a.tile is not None]
    with pytest.raises(TooBig):
        Solver(kernel, state.to_move - 1, 500).values(
            kernel.position(state), [kn.move_of(a, kernel.t.index) for a in plays]
        )
