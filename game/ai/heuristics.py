"""Players without search: the easy level and the baselines the arena measures against.

Each is a function ``(observation, rng) -> Action`` that reads only the
observation. Ties go to the first action in canonical order, so a heuristic
is deterministic except ``random``.

* ``random`` — any legal action.
* ``heaviest`` — "bota gorda": shed the tile with the most pips.
* ``accompanied`` — play the tile whose numbers the hand holds most others of
  (it keeps control of the numbers you are strong in), heavier on a tie.
* ``greedy`` — the play that scores most at once (All Fives), heavier on a tie.

All of them follow the table's fixed rules for computers first
(:func:`rule_of_thumb`: the rule set's ``computer_move``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules import Action, Observation, Tile
from .playout import canonical_key, immediate_points

Heuristic = Callable[[Observation, random.Random], Action]


def ordered(observation: Observation) -> list[Action]:
    """The legal actions in canonical order (the order every tie is broken in)."""
    index = {t: i for i, t in enumerate(observation.table.rules.tiles)}
    return sorted(observation.legal, key=lambda a: canonical_key(a, index))


def rule_of_thumb(observation: Observation) -> Action | None:
    """A decision the rules fix for a computer seat, if any (:meth:`RuleSet.computer_move`:
    in Cuban, the redeal a computer always demands)."""
    return observation.table.rules.computer_move(observation.legal)


def play_random(observation: Observation, rng: random.Random) -> Action:
    actions = ordered(observation)
    return rule_of_thumb(observation) or actions[int(rng.random() * len(actions))]


def _best(observation: Observation, key: Callable[[Action], tuple[float, ...]]) -> Action:
    forced = rule_of_thumb(observation)
    if forced is not None:
        return forced
    best_key = None
    choice = None
    for action in ordered(observation):
        k = key(action)
        if best_key is None or k > best_key:
            best_key, choice = k, action
    assert choice is not None
    return choice


def _pips(action: Action) -> int:
    return -1 if action.tile is None else action.tile.pips


def play_heaviest(observation: Observation, rng: random.Random) -> Action:
    return _best(observation, lambda a: (_pips(a),))


def company(hand: tuple[Tile, ...], action: Action) -> int:
    """How many other tiles of ``hand`` share a number with the action's tile."""
    t = action.tile
    if t is None:
        return -1
    numbers = {t.high, t.low}
    return sum(
        1 for other in hand if other != t and (other.high in numbers or other.low in numbers)
    )


def play_accompanied(observation: Observation, rng: random.Random) -> Action:
    hand = observation.hand
    return _best(observation, lambda a: (company(hand, a), _pips(a)))


def play_greedy(observation: Observation, rng: random.Random) -> Action:
    table = observation.table
    return _best(observation, lambda a: (immediate_points(table, a), _pips(a)))


HEURISTICS: dict[str, Heuristic] = {
    "random": play_random,
    "heaviest": play_heaviest,
    "accompanied": play_accompanied,
    "greedy": play_greedy,
}
