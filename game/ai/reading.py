"""Reading the other seats' plays: how likely each guessed world makes what they did.

The sampler deals the hidden tiles so that every count and every pass is
respected, but it treats every such deal as equally likely. Players are not
random, though: they lay doubles early, shed heavy tiles, and play from the
numbers they hold most of. So a world in which a seat chose the 6-6 over a
lone 1-0 explains the table better than one in which it chose the 1-0 over
six sixes. The hard level weighs each guessed world by that likelihood
(importance weights; a seat is read from its own choices only, never from
anything hidden).

The model of a choice is :mod:`model`'s softmax over the tiles the seat
could have played then. The hand a seat held at a past choice is its guessed
hand now plus the tiles it played since — exact as long as it has not drawn
since, so in Draw a choice followed by a draw of the same seat is not read.
Leads are not read either (the rules may fix them). Block, Draw and Cuban.
"""

from __future__ import annotations

import math

from ..rules import Observation
from .kernel import END_INDEX, Tables
from .knowledge import _current_deal
from .model import score


def readable(rules: object) -> bool:
    """Whether the rule set is a two-ended line game whose plays can be read."""
    return getattr(rules, "name", "") in ("block", "draw", "cuban")


class Reading:
    """The choices the other seats made this round, ready to weigh guessed worlds."""

    def __init__(self, observation: Observation, tables: Tables) -> None:
        self.t = tables
        me = observation.seat
        index = tables.index
        # (seat index, ends a and b before the play, the tile played, and the tiles that
        # seat played from then on, this one included)
        self.choices: list[tuple[int, int, int, int, int]] = []
        a = b = -1
        seen: list[tuple[int, int, int, int]] = []  # (seat, a, b, tile; -1 for a draw) in order
        for event in _current_deal(observation.log):
            action = event.action
            if action is None:
                continue
            if event.drew or action.kind == "draw":
                seen.append((event.seat - 1, a, b, -1))
            if action.tile is None or action.kind not in ("lead", "play"):
                continue
            i = index[action.tile]
            if action.kind == "lead":
                a, b = tables.high[i], tables.low[i]
                continue
            if event.seat != me:
                seen.append((event.seat - 1, a, b, i))
            end = END_INDEX[action.where]  # type: ignore[index]
            if end == 0:
                a = tables.other[i * tables.width + a]
            else:
                b = tables.other[i * tables.width + b]
        later: dict[int, int] = {}
        drew: set[int] = set()  # seats that drew after the choice at hand
        for seat, a, b, i in reversed(seen):
            if i < 0:
                drew.add(seat)
            elif seat not in drew:  # its hand then is exactly its hand now plus these plays
                later[seat] = later.get(seat, 0) | 1 << i
                self.choices.append((seat, a, b, i, later[seat]))

    def weight(self, hands: list[int]) -> float:
        """How likely the seats' choices are if they hold ``hands`` now (tile-bit masks).

        A product of one softmax probability per choice that had an alternative,
        relative to a world where every choice was the model's favourite.
        """
        t = self.t
        suit, high, low, pips, double = t.suit, t.high, t.low, t.pips, t.double
        log_weight = 0.0
        for seat, a, b, chosen, played in self.choices:
            then = hands[seat] | played
            options = then & (suit[a] | suit[b])
            if options & (options - 1) == 0:
                continue  # one tile it could play: no choice to read
            scores = []
            mine = 0.0
            x = options
            while x:
                bit = x & -x
                x ^= bit
                i = bit.bit_length() - 1
                companions = (then & (suit[high[i]] | suit[low[i]])).bit_count() - 1
                scores.append(score(pips[i], companions, double[i]))
                if i == chosen:
                    mine = scores[-1]
            top = max(scores)
            log_weight += mine - top - math.log(sum(math.exp(s - top) for s in scores))
        return math.exp(log_weight)
