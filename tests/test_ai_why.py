""" "Why that move?" (game/ai/why.py): the moves a finished decision weighed, from its own
samples; that it never peeks is tested with the rest of hidden information
(tests/test_ai_no_peeking.py)."""

from __future__ import annotations

import random

import pytest

from game import ai
from game.ai.hints import Why, reason
from game.ai.search import Decision
from game.rules import Action, Kind, State, Tile, create, names
from game.rules.presets import load_preset


def _position(name: str, seed: int) -> State:
    """A seeded position where the seat to move has a real choice."""
    rules = create(name, players=load_preset(name).seats[0])
    pick = random.Random(seed)
    while True:
        state = rules.new_match(pick.getrandbits(32))
        for _ in range(pick.randrange(0, 12)):
            if state.winner is not None:
                break
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
        if state.winner is None and len(rules.legal_actions(state)) >= 3:
            return state


@pytest.mark.parametrize("name", names())
def test_the_chosen_move_comes_first_then_the_best_two_others_with_what_each_measured(
    name: str,
) -> None:
    state = _position(name, 4)
    observation = state.rules.observe(state, state.mover)
    decision = ai.think(observation, "normal", 9).finish()
    said = ai.explain(observation, decision)
    assert said.action == decision.action and said.how == decision.how
    if decision.how != "search":
        assert said.weighed == ()
        return
    assert said.playouts == decision.playouts > 0
    assert [w.action for w in said.weighed][0] == decision.action
    assert len(said.weighed) == min(3, len(decision.means))
    others = [w.mean for w in said.weighed[1:]]
    assert others == sorted(others, reverse=True)
    rest = set(decision.means) - {w.action for w in said.weighed}
    assert all(decision.means[a] <= min(others) for a in rest)
    for w in said.weighed:
        assert w.action in observation.legal
        assert 0.0 <= w.ahead <= 1.0 and w.deals == decision.worlds[w.action] > 0
        assert w.mean == decision.means[w.action]
    assert said.reason == reason(observation, decision)


def test_a_move_that_goes_out_came_out_ahead_in_every_guessed_deal() -> None:
    """Block, the seat's last tile fits both ends: either way the round is won."""
    rules = create("block", players=2)
    state = rules.new_match(1)
    while state.winner is None:
        legal = rules.legal_actions(state)
        hand = state.hands[state.mover - 1]
        out = [a for a in legal if a.tile is not None and len(hand) == 1]
        if len(out) >= 2:
            break
        state = rules.apply(state, legal[0])
    else:
        pytest.skip("no deal of this seed ends on a tile that fits both ends")
    observation = rules.observe(state, state.mover)
    budget = ai.Budget(40)
    decision = ai.think(observation, "normal", 3, budget).finish()
    said = ai.explain(observation, decision)
    assert said.reason.code == Why.LAST_TILE
    assert said.weighed and all(w.ahead == 1.0 for w in said.weighed)


def test_nothing_searched_nothing_weighed() -> None:
    """The only move, a rule's, or the easy level's rule of thumb: the reason alone."""
    tile = Tile(6, 6)
    decision = Decision(Action(Kind.PLAY, tile, "W"), how="only")
    rules = create("block", players=2)
    state = rules.new_match(2)
    observation = rules.observe(state, state.mover)
    said = ai.explain(observation, decision)
    assert said.weighed == () and said.how == "only"
    easy = ai.think(observation, "easy", 1).finish()
    assert ai.explain(observation, easy).weighed == ()
