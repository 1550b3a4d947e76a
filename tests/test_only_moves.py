"""The rules under the table's one-press forced moves (F-04, MT-21, issue 50 item 3).

The table previews a draw, a pass or an end of the first turn as the turn begins when it is
the only move, and in Draw and All Fives makes "draw until a tile fits" one preview,
confirmed once. What the rules must hold for that: the rule sets that say so
(``draws_until_fits``) leave drawing the only move after each draw that does not fit, and
no draw once one does; Mexican Train draws one tile a turn, after which a pass is the only
move when it does not fit. Each draw stays an action of its own (the record is unchanged).
Positions come from seeded random play, so each rule set's own deals are used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.rules import Kind, State, create
from game.rules.base import RuleSet


def _stuck(rules: RuleSet, seeds: range) -> Iterator[State]:
    """Positions, from seeded random play, where drawing is all the mover may do."""
    for seed in seeds:
        state = rules.new_match(seed)
        pick = random.Random(seed)
        for _ in range(400):
            if state.to_move is None:
                break
            legal = rules.legal_actions(state)
            if [a.kind for a in legal] == [Kind.DRAW]:
                yield state
                break
            state = rules.apply(state, pick.choice(legal))


@pytest.mark.parametrize("name", ["draw", "all_fives"])
def test_f04_draw_until_a_tile_fits_stops_at_the_first_that_fits(name: str) -> None:
    """F-04 (with F-23 / F-31): one preview may draw until a tile fits; the rules keep
    drawing the only move while nothing fits, refuse it once a tile does, and every tile
    drawn is an action of its own."""
    rules = create(name, 2)
    assert rules.draws_until_fits
    found = 0
    for state in _stuck(rules, range(40)):
        seat = state.to_move
        assert seat is not None
        draws, hand, last = 0, set(state.hands[seat - 1]), set(state.hands[seat - 1])
        while [a.kind for a in rules.legal_actions(state)] == [Kind.DRAW]:
            last = set(state.hands[seat - 1])
            state = rules.apply(state, rules.legal_actions(state)[0])
            draws += 1
            assert state.to_move == seat  # the same seat draws on
        legal = rules.legal_actions(state)
        assert len(set(state.hands[seat - 1]) - hand) == draws >= 1  # a tile for each draw
        assert all(a.kind != Kind.DRAW for a in legal)  # no draw once a tile fits
        played = {a.tile for a in legal if a.tile is not None}
        if played:  # the last tile drawn fits, and it alone
            assert played == set(state.hands[seat - 1]) - last
        else:  # the boneyard ran out first: passing is all there is
            assert [a.kind for a in legal] == [Kind.PASS]
        found += 1
    assert found >= 5


def test_f04_block_has_no_drawing_and_a_lone_pass_is_the_only_move() -> None:
    """F-04 / F-22: Block never draws; a seat with nothing to play has the pass alone."""
    rules = create("block", 2)
    assert not rules.drawing and not rules.draws_until_fits
    for seed in range(20):
        state = rules.new_match(seed)
        pick = random.Random(seed)
        while state.to_move is not None and not state.results:
            legal = rules.legal_actions(state)
            if not any(a.tile for a in legal):
                assert [a.kind for a in legal] == [Kind.PASS]
            state = rules.apply(state, pick.choice(legal))


def test_mt21_one_draw_a_turn_then_a_lone_pass_when_it_does_not_fit() -> None:
    """MT-21 (with MT-12): Mexican Train draws one tile, not until one fits: after a draw
    that does not fit, the pass is the only move (previewed as it comes, one press)."""
    rules = create("mexican_train", 4)
    assert rules.drawing and not rules.draws_until_fits
    lone_passes = 0
    for state in _stuck(rules, range(30)):
        seat = state.to_move
        state = rules.apply(state, rules.legal_actions(state)[0])
        legal = rules.legal_actions(state)
        assert state.to_move == seat
        assert all(a.kind != Kind.DRAW for a in legal)  # one draw a turn
        if not any(a.tile for a in legal):
            assert [a.kind for a in legal] == [Kind.PASS]
            lone_passes += 1
    assert lone_passes >= 1
