"""How a round ended and how it was scored, as facts.

The rule set that scores a round states here everything its scoring did
(who went out, the pips left, what was counted and for whom, a rounding,
a tie), so that the table only phrases these facts and never works a score
out again. The strings of the enumerations are those records and saves use.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .tiles import Tile


class Outcome(StrEnum):
    """How a round ended (``RoundResult.how``)."""

    OUT = "out"  # a seat played its last tile
    BLOCKED = "blocked"  # nobody could play on
    TARGET = "target"  # a side reached the target during play (F-39)


class Scoring(StrEnum):
    """What became of the pips left in the hands (``RoundResult.scoring``)."""

    OPPONENTS = "opponents"  # the winners took the pips of ``paid_by`` (F-24, F-36, L-15, C-13)
    ALL = "all"  # the lowest single hand took every pip left, its own too (L-17)
    PENALTY = "penalty"  # each seat added its own pips to its total (MT-18)
    SPLIT = "split"  # two tied lowest of three shared the third's pips (F-24, F-37)
    TIE = "tie"  # rivals shared the lowest count: nobody scored for the round
    UNCOUNTED = "uncounted"  # the target was reached during play: no pips counted (F-39)


class WinName(StrEnum):
    """C-15: the names of a clean Cuban win (a name only, no bonus)."""

    POLLONA = "Pollona"  # won with the opponents still on zero
    TRIPOLLUA = "Tripollúa"  # and from zero to the target in the last hand


class RoundResult(NamedTuple):
    """A finished round: how it ended, what each seat gained, and the scoring's facts.

    The first five fields say what happened; the rest say how the figures
    came about. A result made by hand may leave ``scoring`` as None: it then
    states nothing beyond its figures, and the table tells only those.
    """

    round: int
    how: Outcome
    winners: tuple[int, ...]  # the seats credited with the round (empty on a tie)
    hands: tuple[tuple[Tile, ...], ...]  # every hand as it ended
    gained: tuple[float, ...]  # each seat's score change over the round
    scoring: Scoring | None = None
    out: tuple[int, ...] = ()  # the seats that went out (their hands are empty)
    pips: tuple[int, ...] = ()  # the pips left in each seat's hand
    lowest: int | None = None  # blocked: the fewest pips, of a hand or a side (RuleSet.blocked)
    paid_by: tuple[int, ...] = ()  # the seats whose pips were counted for the winners
    counted: int = 0  # those pips, added up
    bonus: float = 0  # what each winning seat took from them (a half each on a split)
    rounded: bool = False  # F-36: ``counted`` was rounded to the nearest five for ``bonus``
    in_play: tuple[float, ...] = ()  # per seat, the points scored during play (F-35)
    target_reached: bool = False  # a side ended the round at or past the target: match over
    named: WinName | None = None  # C-15: the name of the win this round completed
