"""Hints: the computer's own search for the human's seat, with a short reason.

The reason names the plainest thing the recommended action does, read from
the observation alone: it scores, it covers an open double, it keeps the
hand's only tile of a number, it leaves open a number the hand is strong
in, it gets a double or a heavy tile out of the hand.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules import Action, Observation
from ..rules.actions import ENDS
from .heuristics import ordered
from .playout import immediate_points
from .search import Decision, search


class Hint(NamedTuple):
    action: Action
    reason: str
    decision: Decision


def hint(observation: Observation, seed: int = 0, level: str = "normal") -> Hint:
    """The action the search recommends for the seat to move, and why, in a few words."""
    steps = search(observation, level, seed)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        decision: Decision = done.value
    return Hint(decision.action, reason(observation, decision), decision)


def reason(observation: Observation, decision: Decision) -> str:
    """A short reason for ``decision`` ("scores 15", "keeps your only 3s", ...)."""
    action = decision.action
    if decision.how == "rule":
        return "five doubles or more: ask for a new deal"
    if action.kind == "draw":
        return "nothing fits: draw"
    if action.kind == "pass":
        return "nothing fits: pass"
    if action.kind == "end":
        return "nothing more to add to your train"
    if decision.how == "only" and action.tile is None:
        return "the only move"
    t = action.tile
    if t is None:
        return "the best choice found" if decision.how == "search" else "the only move"
    if len(observation.hand) == 1 and action.kind in ("play", "lead"):
        return "plays your last tile"
    points = immediate_points(observation.table, action)
    if points:
        return f"scores {points:g}"
    if _covers_double(observation, action):
        return "covers the open double"
    hand = observation.hand
    rest = [x for x in hand if x != t]
    others = [a.tile for a in ordered(observation) if a.tile is not None and a.tile != t]
    left = _left_open(observation, action)
    if left is not None:
        company = sum(1 for x in rest if x.has(left))
        if company >= 2:
            return f"leaves a {left} open: you hold {company} more"
    for other in others:
        for n in sorted({other.high, other.low}):
            if n not in (t.high, t.low) and sum(1 for x in hand if x.has(n)) == 1:
                return f"keeps your only {n}"
    if t.is_double:
        return f"gets the double {t} out of your hand"
    if all(t.pips >= x.pips for x in others) and t.pips:
        return f"sheds {t.pips} pip{'s' if t.pips > 1 else ''}"
    train = _train_reason(observation, action)
    if train:
        return train
    if decision.how == "search" and len(decision.means) > 1:
        return f"best of {len(decision.means)} moves over {decision.playouts} playouts"
    return "the best choice found"


def _covers_double(observation: Observation, action: Action) -> bool:
    table = observation.table
    line = getattr(table, "line", None)
    if line is not None and action.where in ENDS and line.lead is not None:
        end = ENDS.index(action.where)
        arm = line.arms[end]
        if arm:
            return arm[-1][0].is_double
        return end < 2 and line.lead.is_double
    pending = getattr(table, "pending", None)
    return bool(pending)


def _left_open(observation: Observation, action: Action) -> int | None:
    """The number a play leaves open where it goes: a line end, a train, a branch."""
    table = observation.table
    t = action.tile
    if t is None or action.kind not in ("play", "lead"):
        return None
    line = getattr(table, "line", None)
    if line is not None:
        if action.kind == "lead":
            return t.low
        number = line.ends[ENDS.index(action.where)] if action.where in ENDS else None
    else:
        place = _place_index(observation, action)
        ends = getattr(table, "ends", None)
        number = ends[place] if place is not None and ends and place < len(ends) else None
    return None if number is None else t.other(number)


def _place_index(observation: Observation, action: Action) -> int | None:
    """The index of a train or branch in the table's ``ends`` (the Mexican train last)."""
    words = (action.where or "").split()
    if len(words) != 2 or words[0] not in ("train", "branch"):
        return None
    if words[1] == "mexican":
        return observation.players
    return int(words[1]) - 1 if words[1].isdigit() else None


def _train_reason(observation: Observation, action: Action) -> str:
    """Where a Mexican Train play goes, when nothing plainer can be said."""
    words = (action.where or "").split()
    if len(words) != 2 or words[0] != "train":
        return ""
    if words[1] == "mexican":
        trains = getattr(observation.table, "trains", None)
        empty = trains is not None and not trains[observation.players]
        return "starts the Mexican train" if empty else "plays on the Mexican train"
    if words[1] == str(observation.seat):
        return "builds your own train"
    return f"plays on seat {words[1]}'s open train"
