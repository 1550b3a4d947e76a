"""The batches of playouts play every round as the engine does.

Many rounds from one seeded table, each with its own first play and its own
random numbers, are stepped together by :mod:`game.ai.batch` (the driver, on the
family's own row steps: :class:`game.rules.machine.Rows`); each is also played
through the engine with the playouts' choice rule and the same numbers, and must
end with the same winners, points and match end, as the scalar kernel's does too:
the line games (Block, Draw drawing as it goes, Cuban; uniformly random, as
players choose (:mod:`game.ai.model`) and mostly heuristic), All Fives (its
spinner and points as the ends count), Longana (L-09 … L-18) and Mexican Train
(trains, markers, doubles owed, first turns, rounds cut short as the levels cut
them; 2 to 10 seats). This is the drivers' test: the rules are the families' own.
"""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest
from ai_helpers import kernel_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import ai
from game.ai import batch, families
from game.ai import kernel as kn
from game.ai import playout as po
from game.rules import Tile, create, parse_action
from game.rules.tiles import parse_tile

search_module = importlib.import_module("game.ai.search")


def _rounds(
    rules, state, pick: random.Random, rounds: int, eps: float, modelled=False, steps=100000
) -> int:
    """``rounds`` playouts from ``state`` (each from a move the search could try first) on
    the batch (:class:`game.ai.batch.Batch`, on the family's row steps), each with its
    own numbers: every round ends as the engine's playout with the same numbers ends (cut
    after ``steps`` moves and scored from the pips in hand, as the levels cut them) and as
    the scalar kernel's (choices ``eps``-random, else heuristic, or ``modelled``). Returns
    how many engine moves were compared."""
    kernel = families.kernel(rules)
    index = kernel.t.index
    position = kernel.position(state)
    plays = [a for a in rules.legal_actions(state) if kn.is_move(a)]  # ``end`` too
    if not plays or not kn.supports(state):
        return 0
    firsts = [pick.choice(plays) for _ in range(rounds)]
    length = kernel.draws(position, eps, modelled)
    numbers = [[pick.random() for _ in range(length)] for _ in range(rounds)]
    many = batch.Batch(kernel, eps, modelled, steps)
    run = many.run(
        many.masks([position.hands] * rounds),
        np.array([position.boneyard] * rounds, dtype=np.int64).reshape(rounds, -1),
        position[2:],
        np.array([kn.move_of(a, index) for a in firsts], dtype=np.int64),
        np.array(numbers),
        np.arange(rounds),
    )
    gained_all, mask, over = _finished(run)
    start, n = len(state.results), rules.players
    before = po.in_round_points(state)  # All Fives: the round's points the playouts start from
    compared = 0
    for g, first in enumerate(firsts):
        rand = iter(numbers[g]).__next__
        current = rules.apply(state, first)
        moves = 0
        while len(current.results) == start and moves < steps:
            legal = rules.legal_actions(current)
            choice = po.engine_choice(current, legal, rand, eps, index, modelled)
            current = rules.apply(current, choice)
            moves += 1
        if len(current.results) == start:  # cut short
            expected = (po.estimate(current), (), False)
        else:
            result = current.results[start]
            gained = tuple(a - b for a, b in zip(result.gained, before, strict=True))
            expected = (gained, result.winners, current.winner is not None)
        winners = tuple(s + 1 for s in range(n) if mask[g] >> s & 1)
        assert (tuple(gained_all[g]), winners, over[g]) == expected, (g, first)
        move = kn.move_of(first, index)
        scalar = kernel.run(position, iter(numbers[g]).__next__, eps, move, modelled, steps)
        assert (scalar.gained, scalar.winners, scalar.match_over) == expected
        compared += moves
    return compared


LINES = [("block", 2), ("block", 3), ("block", 4), ("draw", 2), ("draw", 3), ("draw", 4)]
LINES += [("cuban", 4)]


@pytest.mark.parametrize("name, players", LINES)
@pytest.mark.parametrize("eps, modelled", [(1.0, False), (1.0, True), (0.3, True), (0.3, False)])
def test_f22_f23_c11_batch_plays_line_rounds_as_the_engine(
    name: str, players: int, eps: float, modelled: bool
) -> None:
    """F-22 … F-24, C-10 … C-14: every round the batch plays on a line ends as the engine's
    with the same numbers: the same winners, points and match end."""
    rules = create(name, players=players)
    compared = 0
    for seed in range(6):
        state, pick = kernel_position(rules, seed, seed * 7 % 30)
        if state.winner is None:
            compared += _rounds(rules, state, pick, 16, eps, modelled)
    assert compared > 200


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    line=st.sampled_from(LINES),
    modelled=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 200),
    rounds=st.integers(1, 12),
)
def test_f22_f23_c11_batch_plays_line_rounds_as_the_engine_anywhere(
    line: tuple[str, int], modelled: bool, seed: int, moves: int, rounds: int
) -> None:
    """F-22 … F-24, C-10 … C-14: the same agreement from any table, position and numbers."""
    rules = create(line[0], players=line[1])
    state, pick = kernel_position(rules, seed, moves)
    if state.winner is None:
        _rounds(rules, state, pick, rounds, 1.0, modelled)


def _near_target(rules, state, pick: random.Random):
    """``state`` with every side a few fives short of the target, often level with another,
    or two sides level just past it (as a tied round's bonus leaves them, F-39): rounds end
    in play when one side alone at the top reaches it."""
    target = rules.options["target"]
    teams = sorted({rules.team_of(s) for s in range(1, rules.players + 1)})
    short = {team: 5 * pick.randrange(1, 5) for team in teams}
    if pick.random() < 0.5:
        for team in pick.sample(teams, 2):
            short[team] = -5
    return state.evolve(
        scores=tuple(target - short[rules.team_of(s)] for s in range(1, rules.players + 1))
    )


FIVES = [(2, {}), (3, {}), (4, {}), (4, {"partners": False})]


@pytest.mark.parametrize("players, options", FIVES)
@pytest.mark.parametrize("eps", [1.0, 0.3, 0.0])
@pytest.mark.parametrize("near", [False, True])
def test_f32_f39_batch_plays_fives_rounds_as_the_engine(
    players: int,
    options: dict,
    eps: float,
    near: bool,
) -> None:
    """F-30 … F-40: every All Fives round the batch plays ends as the engine's with the same
    numbers: the spinner's arms, the count of the open ends, the points, the draws, the
    uniform and the heuristic picks, the target reached in play (``near`` it), the round's
    end."""
    rules = create("all_fives", players=players, **options)
    compared = 0
    for seed in range(16):
        state, pick = kernel_position(rules, seed, seed * 7 % 30)
        if state.winner is None:
            if near:
                state = _near_target(rules, state, pick)
            compared += _rounds(rules, state, pick, 16, eps)
    assert compared > (100 if near else 300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_f34_f35_batch_counts_every_lead_as_the_engine(players: int) -> None:
    """F-34, F-35: from a round's first play, a lead (the 5-5 a spinner counted once, F-32)
    and the play after it count as the engine counts them."""
    rules = create("all_fives", players=players)
    spinners = 0
    for seed in range(12):
        state, pick = kernel_position(rules, seed, 0)
        assert state.line.lead is None
        leads = {a.tile for a in rules.legal_actions(state)}
        spinners += Tile(5, 5) in leads
        for eps in (1.0, 0.0):
            _rounds(rules, state, pick, 3 * len(leads), eps)
    assert spinners


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(FIVES),
    eps=st.sampled_from([1.0, 0.3, 0.0]),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 200),
    rounds=st.integers(1, 12),
)
def test_f32_f39_batch_plays_fives_rounds_as_the_engine_anywhere(
    table: tuple[int, dict],
    eps: float,
    seed: int,
    moves: int,
    rounds: int,
) -> None:
    """F-30 … F-40: the same agreement from any table, match position and numbers."""
    rules = create("all_fives", players=table[0], **table[1])
    state, pick = kernel_position(rules, seed, moves)
    if state.winner is None:
        if seed % 2:
            state = _near_target(rules, state, pick)
        _rounds(rules, state, pick, rounds, eps)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_l09_l18_batch_plays_rounds_as_the_engine(players: int) -> None:
    """L-09 … L-18: every round of a Longana batch ends as the engine's and the kernel's:
    plays, passes opening branches in their first place, a round out or blocked."""
    rules = create("longana", players=players)
    compared = 0
    for seed in range(6):
        state, pick = kernel_position(rules, seed, seed * 17 % 60)
        if state.winner is None:
            compared += _rounds(rules, state, pick, 24, 1.0)
    assert compared > 300


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 300),
    rounds=st.integers(1, 16),
    eps=st.sampled_from([1.0, 0.3]),
)
def test_l09_l18_batch_plays_rounds_as_the_engine_anywhere(
    players: int, seed: int, moves: int, rounds: int, eps: float
) -> None:
    """L-09 … L-18: the same from any table size, match position and numbers."""
    rules = create("longana", players=players)
    state, pick = kernel_position(rules, seed, moves)
    if state.winner is None:
        _rounds(rules, state, pick, rounds, eps)


def _decides_the_same(monkeypatch, name: str, budget, kind, moves, count: int, level: str) -> None:
    """The search decides the same, mean for mean, with ``kind``'s batch playing its worlds
    and without: at four seats of ``name``, in the first ``count`` of the positions after
    ``moves(seed)`` random moves that have a choice."""
    rules = create(name, players=4)
    observations = []
    for seed in range(40):
        state, _pick = kernel_position(rules, seed, moves(seed))
        if state.winner is None and len(rules.legal_actions(state)) > 1:
            observations.append(rules.observe(state, state.to_move))
    assert len(observations) >= 5
    runs = []
    play = kind.run

    def counted(self, *args):
        runs.append(1)
        return play(self, *args)

    def decide(o):
        return ai.Thinking(search_module.search(o, level, 1, budget)).finish()

    monkeypatch.setattr(kind, "run", counted)
    with_batch = [decide(o) for o in observations[:count]]
    assert runs  # the batch did play them
    chosen = families.parts
    monkeypatch.setattr(families, "parts", lambda r: chosen(r)._replace(batch=lambda *a: None))
    assert [decide(o) for o in observations[:count]] == with_batch


def test_l21_batched_decisions_are_the_world_by_world_ones(monkeypatch) -> None:
    """L-21: the search decides the same, mean for mean, with or without the batch."""
    _decides_the_same(
        monkeypatch, "longana", ai.Budget(300), batch.Batch, lambda s: 10 + s % 30, 8, "normal"
    )


@pytest.mark.parametrize(
    "name, budget",
    [
        ("block", ai.Budget(300)),
        ("block", ai.Budget(300, 0.3, model=True, read=1.0)),
        ("draw", ai.Budget(300)),
        ("draw", ai.Budget(300, 0.3, model=True, read=1.0)),
        ("cuban", ai.Budget(300)),
        ("cuban", ai.Budget(300, 0.3, model=True, read=0.5)),
        ("all_fives", ai.Budget(300)),
        ("all_fives", ai.Budget(300, 0.3)),
    ],
)
def test_f23_f24_c14_batched_decisions_are_the_world_by_world_ones(
    monkeypatch, name, budget
) -> None:
    """F-23, F-24, F-39, C-14: the search decides the same, mean for mean, with or without
    a batch."""
    _decides_the_same(monkeypatch, name, budget, batch.Batch, lambda s: 4 + s % 20, 6, "hard")


# -- Mexican Train: the trains batch against the engine ----------------------------------


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("eps, steps", [(1.0, 120), (1.0, 100000), (0.3, 160), (0.0, 100000)])
def test_mt07_mt18_trains_batch_plays_rounds_as_the_engine(
    players: int, eps: float, steps: int
) -> None:
    """MT-07 … MT-18: every round of a Mexican Train batch ends as the engine's and the
    kernel's: first turns' chains and their ``end``, markers up and down, doubles owed and
    binding, the oldest obligation first, one draw a turn, the uniform and the heaviest-tile
    picks, a round out, blocked or cut short (as normal's and hard's are), its penalties."""
    rules = create("mexican_train", players=players)
    compared = ended = 0
    for seed in range(6):
        state, pick = kernel_position(rules, seed, seed * 23 % 150)
        if state.winner is None:
            compared += _rounds(rules, state, pick, 8, eps, steps=steps)
        state, pick = _in_a_first_turn(rules, seed)
        ended += any(a.kind == "end" for a in rules.legal_actions(state))
        compared += _rounds(rules, state, pick, 8, eps, steps=steps)
    assert compared > 100 * players and ended >= 3


def _in_a_first_turn(rules, seed: int):
    """A seeded match a tile or two into its first turn after the engine: ``end`` legal."""
    state, pick = kernel_position(rules, seed, 0)
    for _ in range(1 + seed % 2):
        plays = [a for a in rules.legal_actions(state) if a.tile is not None]
        if plays and state.firsts < rules.players:
            state = rules.apply(state, pick.choice(plays))
    return state, pick


@pytest.mark.parametrize(
    "hands",
    [
        ("12-12 12-3 3-3", "12-6 6-1 9-9", "8-0"),
        ("1-0 12-1 1-1 9-9", "12-12 12-4 4-4 4-2", "12-6 6-6"),
        ("1-0 12-1 1-1 9-9", "12-12 12-4 4-4 4-2", "12-6 6-6 6-2"),
    ],
)
@pytest.mark.parametrize("eps", [1.0, 0.0])
def test_mt09_mt16_trains_batch_ends_first_turns_as_the_engine(hands: tuple, eps: float) -> None:
    """MT-09, MT-16: from dealt first turns (tests/test_mexican_train.py's), a hand emptied
    in a first turn ends the round only after the lap, and first-turn doubles bind in the
    order placed, in the batch as in the engine."""
    rules = create("mexican_train", players=3)
    named = {parse_tile(t) for h in hands for t in h.split()}
    deal = {
        "hands": [h.split() for h in hands],
        "boneyard": [str(t) for t in rules.tiles if t not in named],
        "unused": [],
    }
    state = rules.new_match(0, deals=[deal])
    state = rules.apply(state, parse_action(state, "engine 12-12"))
    assert _rounds(rules, state, random.Random(len(hands[0])), 24, eps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 400),
    eps=st.sampled_from([1.0, 0.3, 0.0]),
    steps=st.sampled_from([100000, 160, 30]),
    rounds=st.integers(1, 8),
)
def test_mt07_mt18_trains_batch_plays_rounds_as_the_engine_anywhere(
    players: int, seed: int, moves: int, eps: float, steps: int, rounds: int
) -> None:
    """MT-07 … MT-18: the same agreement from any table size, match position and numbers."""
    rules = create("mexican_train", players=players)
    state, pick = kernel_position(rules, seed, moves)
    if state.winner is None:
        _rounds(rules, state, pick, rounds, eps, steps=steps)


@pytest.mark.parametrize("budget", [ai.Budget(200, 1.0, 120), ai.Budget(200, 0.3, 160)])
def test_mt18_batched_decisions_are_the_world_by_world_ones(monkeypatch, budget) -> None:
    """MT-18: the search decides the same, mean for mean, with or without the trains batch."""
    monkeypatch.setattr(families, "TRAINS_BATCHED", 0)  # normal's budget batched too
    _decides_the_same(
        monkeypatch, "mexican_train", budget, batch.Batch, lambda s: 10 + s % 60, 6, "hard"
    )


def _finished(run):
    """A batch's run played to its end: per round what each seat gained, the winners' masks
    and whether the match is over, as lists."""
    while True:
        try:
            next(run)
        except StopIteration as done:
            return (x.tolist() for x in done.value)
