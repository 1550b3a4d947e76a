"""Playing a guessed state to the end of its round, and what the result is worth.

Rule sets the kernel knows (:mod:`kernel`) are played there; every other one
through the rules engine itself with :func:`engine_choice`, which makes the
same choices the kernel makes (so the two can be compared move for move).

The worth of a round for a seat (:func:`worth`):

* All Fives — the points its side scored minus the mean of what each other
  side scored;
* Mexican Train — the mean penalty of the others minus its own;
* the rest — the points as All Fives, plus ``WIN`` for a round won and minus
  it for a round lost;

and ``MATCH`` more (or less) when the round ends the match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import game.ai.families as families
import game.ai.kernel as kn
import game.ai.model as model

from ..rules import Action, State, Tile
from ..rules.tiles import pip_total

WIN = 10.0
MATCH = 200.0


def canonical_key(action: Action, index: dict[Tile, int]) -> tuple[str, int, str, int]:
    """The order playouts enumerate actions in: kind, then place (line ends W, E, N, S
    first, as the kernel does; trains and branches by name), then tile order."""
    end = kn.END_INDEX.get(action.where or "", 9 if action.where else -1)
    tile = -1 if action.tile is None else index[action.tile]
    return (action.kind, end, action.where or "", tile)


def engine_choice(
    state: State,
    legal: tuple[Action, ...],
    rand: Callable[[], float],
    eps: float,
    index: dict[Tile, int],
    modelled: bool = False,
) -> Action:
    """One playout choice on an engine state (the kernel's rule, see :mod:`kernel`).

    A lone draw or pass is taken without a draw on ``rand``. Otherwise (even
    for a lone play, as the kernel does) with probability ``eps`` a uniformly
    random action in canonical order, else the heuristic one: the most points,
    then (line games) one that leaves the next seat nothing to play, then the
    heaviest tile. ``modelled`` (Block, Draw, Cuban) picks every play by
    :mod:`model`'s softmax instead.
    """
    if len(legal) == 1 and legal[0].tile is None:
        return legal[0]
    ordered = sorted(legal, key=lambda a: canonical_key(a, index))
    if modelled and families.parts(state.rules).modelled and all(a.tile for a in ordered):
        return ordered[model.pick(_model_weights(state, ordered), rand())]
    if eps >= 1.0 or (eps > 0.0 and rand() < eps):
        return ordered[int(rand() * len(ordered))]
    parts = families.parts(state.rules)
    best, choice = -float("inf"), ordered[0]
    for action in ordered:
        pips = -1 if action.tile is None else action.tile.pips
        key = kn.preference(parts.points(state, action), parts.stuck(state, action), pips)
        if key > best:
            best, choice = key, action
    return choice


def _model_weights(state: State, plays: list[Action]) -> list[float]:
    """:mod:`model`'s weight of each play, from the hand of the seat to move."""
    hand = state.hands[state.mover - 1]
    weights = []
    for action in plays:
        t = action.tile
        assert t is not None
        companions = sum(1 for x in hand if x != t and (x.has(t.high) or x.has(t.low)))
        weights.append(model.weight(t.pips, companions, t.high == t.low))
    return weights


def immediate_points(state: State, action: Action) -> float:
    """What a play scores at once (All Fives: the rules' score of the count of the line it
    makes); 0 elsewhere (its family's ``points``: :mod:`.families`)."""
    return families.parts(state.rules).points(state, action)


def in_round_points(state: State) -> list[float]:
    """Points each seat's side scored in this round so far (All Fives)."""
    rules = state.rules
    out = [0.0] * rules.players
    for event in state.log:
        if event.points:
            team = rules.team_of(event.seat)
            for s in range(1, rules.players + 1):
                if rules.team_of(s) == team:
                    out[s - 1] += event.points
    return out


def engine_rollout(
    state: State,
    rand: Callable[[], float],
    eps: float,
    index: dict[Tile, int],
    max_steps: int = 100000,
    since: State | None = None,
    modelled: bool = False,
) -> tuple[tuple[float, ...], tuple[int, ...], bool, State]:
    """Play ``state`` to the end of its round through the engine.

    Returns (points each seat gained since ``state``, round winners, whether
    the match ended, the last state). Cut short after ``max_steps`` actions,
    the round is scored by :func:`estimate` and nobody won it.
    Points count from ``since`` (default ``state``), a state of the same round.
    """
    rules = state.rules
    since = state if since is None else since
    start = len(since.results)
    before = in_round_points(since)
    steps = 0
    while state.winner is None and len(state.results) == start:
        if steps >= max_steps:
            return estimate(state), (), False, state
        legal = rules.legal_actions(state)
        state = rules.apply_legal(state, engine_choice(state, legal, rand, eps, index, modelled))
        steps += 1
    result = state.results[start]
    gained = tuple(g - b for g, b in zip(result.gained, before, strict=True))
    return gained, result.winners, state.winner is not None, state


def estimate(state: State) -> tuple[float, ...]:
    """A round cut short, scored as if blocked now: a guess from the pips in hand.

    Mexican Train: each seat's pips are its penalty. Elsewhere the side with
    the fewest pips gains the others' (nobody on a tie).
    """
    rules = state.rules
    n = rules.players
    pips = [float(pip_total(h)) for h in state.hands]
    if rules.lowest_wins:
        return tuple(pips)
    sides: dict[int, float] = {}
    for s in range(1, n + 1):
        sides[rules.team_of(s)] = sides.get(rules.team_of(s), 0.0) + pips[s - 1]
    low = min(sides.values())
    lowest = [t for t, p in sides.items() if p == low]
    if len(lowest) != 1:
        return (0.0,) * n
    bonus = sum(sides.values()) - low
    return tuple(bonus if rules.team_of(s) == lowest[0] else 0.0 for s in range(1, n + 1))


def play_out(
    state: State,
    since: State,
    rand: Callable[[], float],
    eps: float,
    index: dict[Tile, int],
    kernel: kn.Kernel | None,
    max_steps: int = 100000,
    modelled: bool = False,
) -> tuple[tuple[float, ...], tuple[int, ...], bool]:
    """Play ``state`` to the end of ``since``'s round: the engine, then the kernel once it can.

    Returns (points each seat gained since ``since``, round winners, match over).
    """
    rules = state.rules
    start = len(since.results)
    steps = 0
    while state.winner is None and len(state.results) == start:
        if kernel is not None and kn.supports(state):
            out = kernel.run(kernel.position(state), rand, eps, None, modelled, max_steps - steps)
            now, before = in_round_points(state), in_round_points(since)
            gained = tuple(g + a - b for g, a, b in zip(out.gained, now, before, strict=True))
            return gained, out.winners, out.match_over
        if steps >= max_steps:
            return estimate(state), (), False
        legal = rules.legal_actions(state)
        state = rules.apply_legal(state, engine_choice(state, legal, rand, eps, index, modelled))
        steps += 1
    result = state.results[start]
    before = in_round_points(since)
    gained = tuple(g - b for g, b in zip(result.gained, before, strict=True))
    return gained, result.winners, state.winner is not None


def worth(
    rules: Any, seat: int, gained: tuple[float, ...], winners: tuple[int, ...], match_over: bool
) -> float:
    """How good a round's result is for ``seat`` (see the module doc)."""
    team = rules.team_of(seat)
    mine = gained[seat - 1]
    others: dict[int, float] = {}
    for s in range(1, rules.players + 1):
        t = rules.team_of(s)
        if t != team:
            others[t] = gained[s - 1]
    mean = sum(others.values()) / len(others) if others else 0.0
    if rules.lowest_wins:
        value = mean - mine
    else:
        value = mine - mean
        if not rules.scores_in_play and winners:
            value += (
                WIN if seat in winners or any(rules.team_of(w) == team for w in winners) else -WIN
            )
    if match_over and winners and not rules.lowest_wins:
        value += MATCH if any(rules.team_of(w) == team for w in winners) else -MATCH
    return value
