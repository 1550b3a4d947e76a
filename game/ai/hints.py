"""Hints: the computer's own search for the human's seat, with a short reason.

The reason names the plainest thing the recommended action does, read from
the observation alone: it scores, it covers an open double, it keeps the
hand's only tile of a number, it leaves open a number the hand is strong
in, it gets a double or a heavy tile out of the hand. It comes back as a
code with its numbers (:class:`Reason`); the table puts it into words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from ..rules import Action, Kind, Observation
from .families import parts
from .heuristics import ordered
from .playout import immediate_points
from .search import Decision, search


class Why(StrEnum):
    """What a hinted action does, most telling first (its parameters in brackets)."""

    REDEAL = "redeal"  # five doubles or more: ask for a new deal
    DRAW = "draw"  # nothing fits: draw
    PASS = "pass"  # nothing fits: pass
    END = "end"  # nothing more to add to the train
    ONLY = "only"  # the only move
    BEST = "best"  # the best choice found
    LAST_TILE = "last_tile"  # plays the hand's last tile
    SCORES = "scores"  # (points) the play scores
    COVERS_DOUBLE = "covers_double"  # covers the open double
    LEAVES_OPEN = "leaves_open"  # (number, more) leaves a number the hand holds more of
    KEEPS_ONLY = "keeps_only"  # (number) keeps the hand's only tile of a number
    DOUBLE_OUT = "double_out"  # (tile) gets a double out of the hand
    SHEDS = "sheds"  # (pips) sheds the heaviest tile
    STARTS_MEXICAN = "starts_mexican"  # starts the Mexican train
    MEXICAN = "mexican"  # plays on the Mexican train
    OWN_TRAIN = "own_train"  # builds the seat's own train
    OPEN_TRAIN = "open_train"  # (seat) plays on another seat's open train
    BEST_OF = "best_of"  # (moves, playouts) the search's best


@dataclass(frozen=True)
class Reason:
    """Why a hint recommends its action: a code and the numbers that go with it."""

    code: Why
    params: dict[str, int | float | str] = field(default_factory=dict)


class Hint(NamedTuple):
    action: Action
    reason: Reason
    decision: Decision


def hint(observation: Observation, seed: int = 0, level: str = "normal") -> Hint:
    """The action the search recommends for the seat to move, and why."""
    steps = search(observation, level, seed)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        decision: Decision = done.value
    return Hint(decision.action, reason(observation, decision), decision)


def reason(observation: Observation, decision: Decision) -> Reason:
    """Why ``decision`` is recommended (it scores 15, it keeps your only 3s, ...)."""
    action = decision.action
    if decision.how == "rule":
        return Reason(Why.REDEAL)
    if action.kind == Kind.DRAW:
        return Reason(Why.DRAW)
    if action.kind == Kind.PASS:
        return Reason(Why.PASS)
    if action.kind == Kind.END:
        return Reason(Why.END)
    if decision.how == "only" and action.tile is None:
        return Reason(Why.ONLY)
    t = action.tile
    if t is None:
        return Reason(Why.BEST if decision.how == "search" else Why.ONLY)
    if len(observation.hand) == 1 and action.kind in ("play", "lead"):
        return Reason(Why.LAST_TILE)
    points = immediate_points(observation.table, action)
    if points:
        return Reason(Why.SCORES, {"points": points})
    said = parts(observation.table.rules)
    if said.covers_double(observation.table, action):
        return Reason(Why.COVERS_DOUBLE)
    hand = observation.hand
    rest = [x for x in hand if x != t]
    others = [a.tile for a in ordered(observation) if a.tile is not None and a.tile != t]
    left = said.left_open(observation.table, action, t) if action.kind in ("play", "lead") else None
    if left is not None:
        company = sum(1 for x in rest if x.has(left))
        if company >= 2:
            return Reason(Why.LEAVES_OPEN, {"number": left, "more": company})
    for other in others:
        for n in sorted({other.high, other.low}):
            if n not in (t.high, t.low) and sum(1 for x in hand if x.has(n)) == 1:
                return Reason(Why.KEEPS_ONLY, {"number": n})
    if t.is_double:
        return Reason(Why.DOUBLE_OUT, {"tile": str(t)})
    if all(t.pips >= x.pips for x in others) and t.pips:
        return Reason(Why.SHEDS, {"pips": t.pips})
    train = _train_reason(observation, action, said.unstarted(observation.table, action))
    if train:
        return train
    if decision.how == "search" and len(decision.means) > 1:
        return Reason(Why.BEST_OF, {"moves": len(decision.means), "playouts": decision.playouts})
    return Reason(Why.BEST)


def _train_reason(observation: Observation, action: Action, unstarted: bool) -> Reason | None:
    """Where a Mexican Train play goes (``unstarted``: on a train with no tile yet), when
    nothing plainer can be said."""
    words = (action.where or "").split()
    if len(words) != 2 or words[0] != "train":
        return None
    if words[1] == "mexican":
        return Reason(Why.STARTS_MEXICAN if unstarted else Why.MEXICAN)
    if words[1] == str(observation.seat):
        return Reason(Why.OWN_TRAIN)
    return Reason(Why.OPEN_TRAIN, {"seat": int(words[1])})
