""" "Why that move?": what the computer weighed for a decision it has made, in plain terms.

Players who suspect the computer of cheating are answered best by its own reasons, so an
explanation is built from two things only: the observation the decision was made from
(the seat's hand and the public table) and the finished :class:`~.search.Decision` — the
samples its search already played, never a new search, so it is ready at once. It holds
the chosen move and the best two others it weighed, each with the share of the guessed
deals in which the round came out ahead for the seat's side, and the plainest thing the
chosen move does (:func:`.hints.reason`). Nothing in it comes from a hidden tile: the
guessed deals are guesses from the observation, and the test of hidden information
checks the whole explanation, not only the move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Action, Observation
from .hints import Reason, reason
from .search import Decision

SHOWN = 3  # the chosen move and the two best others: enough to see the choice was close


@dataclass(frozen=True)
class Weighed:
    """One move the search weighed: how often it came out ahead, over how many deals, and
    its mean worth — what the search chose by (the round's points for the seat's side less
    the others', a round won or lost counting more: :func:`.playout.worth`)."""

    action: Action
    ahead: float  # share (0..1) of its guessed deals whose round came out ahead
    deals: int  # guessed deals it was played out in (fewer for moves dropped early)
    mean: float


@dataclass(frozen=True)
class Explanation:
    """The chosen move, why in a phrase, and the moves weighed (the chosen one first).

    ``weighed`` is empty when nothing was searched: the only move, a rule's, or the easy
    level's rule of thumb (``how`` says which).
    """

    action: Action
    reason: Reason
    weighed: tuple[Weighed, ...]
    playouts: int
    how: str


def explain(observation: Observation, decision: Decision) -> Explanation:
    """What ``decision`` (made for ``observation``) weighed, best first, and why."""
    others = sorted(
        (a for a in decision.means if a != decision.action),
        key=lambda a: -decision.means[a],  # stable: canonical order among equals
    )
    shown = [decision.action, *others][:SHOWN] if decision.means else []
    weighed = tuple(
        Weighed(a, decision.ahead.get(a, 0.0), decision.worlds.get(a, 0), decision.means[a])
        for a in shown
    )
    return Explanation(
        decision.action, reason(observation, decision), weighed, decision.playouts, decision.how
    )
