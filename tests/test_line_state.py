"""A line state stores a step's open ends, event and the state it came from, and builds its
line and log when first read: what it builds must be what every step would have made."""

from __future__ import annotations

import random

import pytest

import game.rules.line as ln
from game.rules import LineState, TableKind, create


@pytest.mark.parametrize("name", ["block", "draw", "all_fives", "cuban"])
def test_f20_c10_a_line_built_when_read_is_the_line_its_moves_make(name: str) -> None:
    """Through whole matches of random moves, each state's line is its predecessor's with the
    move put down (a draw or pass leaves it), its open ends are that line's, and its log is
    its predecessor's with the move's event: read in play order, and read again out of order
    (the last state of a round first), so a chain of unbuilt states builds alike."""
    rules = create(name, players=4)
    spinners = rules.table_kind is TableKind.SPINNER
    for seed in range(3):
        pick = random.Random(seed)
        state = rules.new_match(seed)
        trail: list[LineState] = [state]
        while state.winner is None and len(trail) < 400:
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
            trail.append(state)
        ordered = list(zip(trail, trail[1:], strict=False))
        for later in reversed(trail[len(trail) // 2 :]):  # the second half built from its end
            _ = later.line, later.log
        for before, after in ordered:
            if after.round != before.round or after.deal_no != before.deal_no:
                continue  # a new deal starts a new line and log
            event = after.log[-1]
            assert after.log == before.log + (event,)
            action = event.action
            assert action is not None
            if action.tile is not None and action.kind in ("lead", "play"):
                assert after.line == ln.put(before.line, action, spinners)
            else:
                assert after.line == before.line
            assert after.ends == after.line.ends
            assert after.last == event


@pytest.mark.parametrize("name", ["block", "draw", "all_fives", "cuban"])
def test_an_observed_line_holds_no_state_it_came_from(name: str) -> None:
    """An observation's table has its line and log built and keeps no link to the states
    before it, which hold every hand: what a seat may know is all it can reach."""
    rules = create(name, players=4)
    pick = random.Random(4)
    state = rules.new_match(4)
    for _ in range(12):
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    table = rules.observe(state, 1).table
    assert isinstance(table, LineState)
    assert table._prev is None and table.hands is None
    assert table.line == state.line and table.log == state.log
