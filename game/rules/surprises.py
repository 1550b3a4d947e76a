"""What the rules did on their own that a newcomer would not expect, as facts.

A round that blocks, a hand shown and everything dealt again, a deal with no
double, a search for the engine that hands out the boneyard: each is the rules'
doing, not the player's, and each looks like a bug to someone who does not know
the rule. The table says why as it happens; this module says *what* happened,
read from what the rules recorded (the round's result, the log's events), so
the table never works a rule out again and a new rule set's surprises are
declared here, beside the rules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .actions import Kind
from .base import Event, State
from .results import Outcome


class Surprise(StrEnum):
    """A rule's doing worth a line on the table."""

    BLOCKED = "blocked"  # nobody could play on, so the round ended (F-24, L-15, MT-17, C-12)
    SHOWN = "shown"  # a player showed five doubles or more: all dealt again (C-07, C-08)
    NO_DOUBLE = "no_double"  # nobody held a double: shuffled and dealt again (L-03)
    SEARCH = "search"  # nobody held the engine: all drew until it came up (MT-05)


class News(NamedTuple):
    """A surprise and the seat it concerns (the seat that showed its doubles; else 0)."""

    what: Surprise
    seat: int = 0


def surprise(before: State | None, state: State) -> News | None:
    """The surprise the rules made between ``before`` (None: the match's first deal) and
    ``state``, or None for an ordinary move; a blocked end outranks the next round's deal."""
    ended = before is not None and len(state.results) > len(before.results)
    if ended and state.results[-1].how == Outcome.BLOCKED:
        return News(Surprise.BLOCKED)
    for event in _new_events(before, state):
        if event.action is not None and event.action.kind == Kind.REDEAL:
            if event.shown:
                return News(Surprise.SHOWN, event.seat)
            return News(Surprise.NO_DOUBLE)
        if event.action is None and event.drew:
            return News(Surprise.SEARCH)
    return None


def _new_events(before: State | None, state: State) -> tuple[Event, ...]:
    """The events ``state``'s log holds that ``before``'s did not: the whole log of a round
    that began in between (each round's log starts afresh), else what was added to it."""
    if before is None or state.round != before.round:
        return state.log
    return state.log[len(before.log) :]
