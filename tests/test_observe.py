"""What a seat may know: its own hand and the public table, never more.

F-07 / L-20 / MT-22 / C-21 at the rules layer: before the end of a round a
player sees only their own hand; F-08 / L-21 / MT-23 / C-18: the computer and
the hints get exactly this Observation, so nothing they use can depend on a
hidden tile. F-11: scoring is automatic — no action announces points.
"""

import random
from typing import Any

import pytest

from game.rules import State, create
from tests.support.conformance import tables

TABLES = list(tables())


def _positions(rules: str, players: int, count: int = 6) -> list[State]:
    """States from a few random matches, at varied moments."""
    ruleset = create(rules, players=players)
    found = []
    for seed in range(count):
        pick = random.Random(seed)
        state = ruleset.new_match(seed)
        for _ in range(pick.randrange(1, 40)):
            if state.over:
                break
            state = ruleset.apply(state, pick.choice(ruleset.legal_actions(state)))
        if not state.over:
            found.append(state)
    return found


def _shuffle_hidden(state: State, seat: int, seed: int) -> State:
    """The same position with every tile ``seat`` cannot see dealt differently (same counts)."""
    pick = random.Random(seed)
    others = [s for s in range(len(state.hands)) if s != seat - 1]
    pool = [t for s in others for t in state.hands[s]] + list(state.boneyard) + list(state.unused)
    pick.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
    boneyard, pool = tuple(pool[: len(state.boneyard)]), pool[len(state.boneyard) :]
    return state.evolve(hands=tuple(hands), boneyard=boneyard, unused=tuple(pool), seed=seed)


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_f07_an_observation_shows_only_the_seats_own_hand(rules: str, players: int) -> None:
    """F-07 / L-20 / MT-22 / C-21: other hands, the boneyard and unused tiles stay hidden."""
    ruleset = create(rules, players=players)
    for state in _positions(rules, players):
        for seat in range(1, players + 1):
            seen = ruleset.observe(state, seat)
            assert seen.hand == state.hands[seat - 1]
            assert seen.hand_sizes == tuple(len(h) for h in state.hands)
            assert seen.boneyard == len(state.boneyard) and seen.unused == len(state.unused)
            for hidden in ("hands", "boneyard", "unused", "seed", "deals"):
                assert getattr(seen.table, hidden) is None
            legal = ruleset.legal_actions(state) if state.to_move == seat else ()
            assert seen.legal == legal


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_f08_the_observation_does_not_change_when_hidden_tiles_move(
    rules: str, players: int
) -> None:
    """F-08 / L-21 / MT-23 / C-18: what the computer gets cannot depend on a hidden tile."""
    ruleset = create(rules, players=players)
    for state in _positions(rules, players):
        seat = state.mover
        other = _shuffle_hidden(state, seat, seed=99)
        assert ruleset.observe(other, seat) == ruleset.observe(state, seat)


def test_f11_all_fives_scores_without_any_announcement() -> None:
    """F-11: points are credited by the play itself; there is no action to claim them."""
    ruleset = create("all_fives", players=2)
    deal: dict[str, list[Any]] = {
        "hands": [["5-5", "6-1"], ["5-0", "4-4"]],
        "boneyard": [],
        "unused": [],
    }
    rest = [str(t) for t in ruleset.tiles if str(t) not in {"5-5", "6-1", "5-0", "4-4"}]
    deal["boneyard"] = rest
    state = ruleset.new_match(1, deals=[deal], first=1)
    state = ruleset.apply(state, ruleset.parse_action(state, "lead 5-5"))
    assert state.scores == (10, 0)
    kinds = {a.kind for a in ruleset.legal_actions(state)}
    assert kinds <= {"play", "draw", "pass"}
