"""What a rule set is like, declared on its class so that nobody tests its name.

The table and the computer read these traits (``ruleset.seating``,
``ruleset.table_kind`` …) where they would otherwise ask which game this is;
a new rule set declares its own and nothing outside ``game/rules`` changes.
"""

from __future__ import annotations

from enum import StrEnum


class Direction(StrEnum):
    """Where the next seat in turn order sits, seen from the seat before it."""

    CLOCKWISE = "clockwise"  # on its left: the Fives family, Mexican Train
    COUNTERCLOCKWISE = "counterclockwise"  # on its right: Longana (L-08), Cuban (C-02)


class TableKind(StrEnum):
    """The shape of what is built on the table."""

    LINE = "line"  # one line, two ends (Block, Draw, Cuban)
    SPINNER = "spinner"  # one line whose first double opens four ways (All Fives)
    BRANCHES = "branches"  # one branch per seat from an opening double (Longana)
    TRAINS = "trains"  # a train per seat and a shared one from the engine (Mexican Train)


class Blocked(StrEnum):
    """Who takes a round that nobody can play on."""

    SIDE = "side"  # the side with the fewest pips left takes the others' (F-24)
    HAND = "hand"  # the lowest single hand wins it for its side (C-12)
    ALL = "all"  # the lowest single hand takes every pip left, its own too (L-17)
    PENALTY = "penalty"  # nobody: each seat adds its own pips (MT-18)


class Partnerships(StrEnum):
    """Whether seats play in pairs (seats 1 and 3 against 2 and 4)."""

    NEVER = "never"
    OPTION = "option"  # at four seats, when the option ``partners`` says so (F-02)
    ALWAYS = "always"  # Cuban (C-02)


class First(StrEnum):
    """What the ``first`` option fixes: the seat that leads, or the one that opens."""

    LEADS = "leads"  # the first seat to play in the first round (the Fives family)
    OPENS = "opens"  # the seat that opens the first round (Longana, Cuban)
    ENGINE = "engine"  # where the first round's search for the engine starts (Mexican Train)
