"""The playout kernel plays exactly the rules engine's games (F-20 … F-40, C-09 … C-14).

The same seeded playouts run both ways — the kernel driving a family's turn
machine on its bitmasks, the engine through ``legal_actions``/``apply`` with
the same choice rule — from positions of seeded matches, random, heuristic and
mixed; every round must end the same way with the same points and the same
tiles left in hand.
"""

from __future__ import annotations

import random

import pytest
from ai_helpers import kernel_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import families
from game.ai import kernel as kn
from game.ai import playout as po
from game.rules import create, names

TABLES = [
    ("block", 2, {}),
    ("block", 3, {}),
    ("block", 4, {"hand_size": 7}),
    ("draw", 2, {}),
    ("draw", 3, {}),
    ("draw", 4, {}),
    ("all_fives", 2, {}),
    ("all_fives", 3, {}),
    ("all_fives", 4, {}),
    ("all_fives", 4, {"partners": False}),
    ("cuban", 4, {}),
    ("longana", 2, {}),
    ("longana", 3, {}),
    ("longana", 4, {}),
]


@pytest.mark.parametrize(("name", "players", "opts"), TABLES)
def test_f24_f36_c12_kernel_playouts_match_the_engine(name: str, players: int, opts: dict) -> None:
    """F-24/F-35/F-36/F-37/F-39/C-12/C-13: same seeded playouts, same results both ways."""
    if name not in names():
        pytest.skip(f"{name} is not registered yet")
    rules = create(name, players=players, **opts)
    kernel = families.kernel(rules)
    index = kernel.t.index
    compared = 0
    for seed in range(12):
        state = rules.new_match(seed)
        pick = random.Random(seed)
        step = 0
        while state.winner is None and step < 150:
            if kn.supports(state) and pick.random() < 0.35:
                modes = [(1.0, False), (0.0, False), (0.4, False)]
                if families.parts(rules).modelled:
                    modes.append((1.0, True))  # playouts by the model of a player
                for eps, modelled in modes:
                    plays = [a for a in rules.legal_actions(state) if a.tile is not None]
                    first, after = None, state
                    if plays and pick.random() < 0.5:
                        action = pick.choice(plays)
                        first, after = kn.move_of(action, index), rules.apply(state, action)
                    stream = seed * 1000 + step
                    got = kernel.run(
                        kernel.position(state), random.Random(stream).random, eps, first, modelled
                    )
                    gained, winners, over = po.play_out(
                        after,
                        state,
                        random.Random(stream).random,
                        eps,
                        index,
                        None,
                        100000,
                        modelled,
                    )
                    assert (got.gained, got.winners, got.match_over) == (gained, winners, over), (
                        seed,
                        step,
                        eps,
                        modelled,
                    )
                    compared += 1
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
            step += 1
    assert compared > 50


def test_f24_kernel_final_hands_match_the_engine() -> None:
    """F-24: the tiles left in every hand when a Draw round ends are the engine's."""
    rules = create("draw", players=3)
    kernel = families.kernel(rules)
    for seed in range(20):
        state = rules.new_match(seed)
        got = kernel.run(kernel.position(state), random.Random(seed).random, 1.0)
        _, _, _, end = po.engine_rollout(state, random.Random(seed).random, 1.0, kernel.t.index)
        assert got.hands == tuple(kernel.t.mask(h) for h in end.results[0].hands)
        assert got.how == end.results[0].how


def test_kernel_is_offered_only_where_it_plays() -> None:
    """Cuban's opener choice and acceptances go through the engine; play is the kernel's."""
    if "cuban" not in names():
        pytest.skip("cuban is not registered yet")
    rules = create("cuban", players=4)
    state = rules.new_match(1)
    assert not kn.supports(state)  # choosing the opener
    while getattr(state, "phase", "play") != "play":
        state = rules.apply(state, rules.legal_actions(state)[0])
    assert kn.supports(state)
    assert (
        not kn.supports(create("longana", players=2).new_match(1)) if "longana" in names() else True
    )


def _reorders(log: tuple) -> int:
    """How many passes in ``log`` reopen a branch ahead of one that first opened after it.

    Those are the passes where L-13 (a reopened branch keeps its first place)
    and "a reopened branch goes to the back" would order the open branches
    differently.
    """
    first: list[int] = []
    open_: set[int] = set()
    count = 0
    for event in log:
        action = event.action
        if action is None or action.kind == "open":
            continue
        if action.kind == "pass":
            if event.seat in first and event.seat not in open_:
                later = first[first.index(event.seat) + 1 :]
                count += any(s in open_ for s in later)
            elif event.seat not in first:
                first.append(event.seat)
            open_.add(event.seat)
        else:
            open_.discard(event.seat)
    return count


def _engine_round(state, rand, eps: float, index: dict):
    """The round played out through the engine by the playout rule: its result and its log."""
    rules = state.rules
    start = len(state.results)
    while len(state.results) == start:
        log = state.log
        legal = rules.legal_actions(state)
        state = rules.apply(state, po.engine_choice(state, legal, rand, eps, index))
    return state.results[start], log  # the round's last action is a play: no pass is lost


@pytest.mark.parametrize("players", [3, 4])
def test_l13_kernel_keeps_a_reopened_branchs_first_place_as_the_engine(players: int) -> None:
    """L-12/L-13: playouts through reopened branches end alike on the kernel and the engine."""
    rules = create("longana", players=players)
    kernel = families.kernel(rules)
    index = kernel.t.index
    reordered = 0
    for seed in range(40):
        state = rules.new_match(seed)
        state = rules.apply(state, rules.legal_actions(state)[0])  # the opening double
        for eps in (1.0, 0.0, 0.5):
            got = kernel.run(kernel.position(state), random.Random(seed).random, eps)
            result, log = _engine_round(state, random.Random(seed).random, eps, index)
            assert (got.gained, got.winners, got.how) == (result.gained, result.winners, result.how)
            assert got.hands == tuple(kernel.t.mask(h) for h in result.hands), (seed, eps)
            reordered += _reorders(log)
    assert reordered >= 50  # the comparison did go through reopened branches


# -- Mexican Train: the kernel's playouts against the engine's -------------------------


def _train_playout(rules, state, stream: int, eps: float, steps: int, first) -> str:
    """Play one round out on the kernel and through the engine by the playout rule
    (:func:`game.ai.playout.engine_rollout`), from the same numbers, cut alike after
    ``steps`` actions past ``first``: they must end alike. Returns how the round ended."""
    kernel = families.kernel(rules)
    index = kernel.t.index
    after = state if first is None else rules.apply(state, first)
    move = None if first is None else kn.move_of(first, index)
    got = kernel.run(kernel.position(state), random.Random(stream).random, eps, move, False, steps)
    gained, winners, over, end = po.engine_rollout(
        after, random.Random(stream).random, eps, index, steps, since=state
    )
    assert (got.gained, got.winners, got.match_over) == (gained, winners, over)
    if got.how != "cut":
        result = end.results[len(state.results)]
        assert got.how == result.how
        assert got.hands == tuple(kernel.t.mask(h) for h in result.hands)
    return got.how


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8, 10])
def test_mt07_mt18_train_kernel_plays_out_as_the_engine(players: int) -> None:
    """MT-07 … MT-18: the kernel's playouts end as the engine's, choice for choice.

    From positions of seeded matches (first turns, obligations, open
    markers, an empty boneyard), random, heuristic and mixed playouts, some
    cut short as hard's are, some from a forced first play.
    """
    rules = create("mexican_train", players=players)
    ends = []
    for seed in range(8):
        state, pick = kernel_position(rules, seed, seed * 23 % 150)
        if state.winner is not None:
            continue
        plays = [a for a in rules.legal_actions(state) if a.tile is not None]
        for k, (eps, limit) in enumerate([(1.0, 100000), (0.0, 100000), (0.3, 160), (0.5, 25)]):
            first = pick.choice(plays) if plays and k % 2 else None
            ends.append(_train_playout(rules, state, seed * 10 + k, eps, limit, first))
    assert "cut" in ends and {"out", "blocked"} & set(ends)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 400),
    eps=st.sampled_from([1.0, 0.3, 0.0]),
    limit=st.sampled_from([100000, 160, 30]),
    forced=st.booleans(),
)
def test_mt07_mt18_train_kernel_plays_out_as_the_engine_anywhere(
    players: int, seed: int, moves: int, eps: float, limit: int, forced: bool
) -> None:
    """MT-07 … MT-18: the same agreement from any table size, match position and stream."""
    rules = create("mexican_train", players=players)
    state, pick = kernel_position(rules, seed, moves)
    if state.winner is None:
        plays = [a for a in rules.legal_actions(state) if a.tile is not None]
        first = pick.choice(plays) if plays and forced else None
        _train_playout(rules, state, seed, eps, limit, first)
