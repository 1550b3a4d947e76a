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
Leads and Longana's openings are not read (the rules may fix them). Block,
Draw, Cuban and Longana; in Longana what fitted a seat then depends on which
branches were open, rebuilt from the passes and plays in the log.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Event, Kind, Observation
from ..rules import longana as lg
from .kernel import Tables, move_of
from .knowledge import _current_deal


class Reading:
    """The choices the other seats made this round, ready to weigh guessed worlds; ``walk``
    is the family's (:func:`on_line`, :func:`on_branches`: :mod:`.families`), where a
    family's choices can be read (a plain line or branches, where no play scores on its own).
    """

    def __init__(self, observation: Observation, tables: Tables, walk: Walk) -> None:
        self.t = tables
        log = _current_deal(observation.log)
        seen = walk(log, tables, observation.seat, observation.players)
        # (seat index, the tiles it could have played then, the tile played, and the
        # tiles that seat played from then on, this one included)
        self.choices: list[tuple[int, int, int, int]] = []
        later: dict[int, int] = {}
        drew: set[int] = set()  # seats that drew after the choice at hand
        for seat, playable, i in reversed(seen):
            if i < 0:
                drew.add(seat)
            elif seat not in drew:  # its hand then is exactly its hand now plus these plays
                later[seat] = later.get(seat, 0) | 1 << i
                self.choices.append((seat, playable, i, later[seat]))

    def weight(self, hands: list[int]) -> float:
        """How likely the seats' choices are if they hold ``hands`` now (tile-bit masks).

        A product of one softmax probability per choice that had an alternative
        (the model's weights are looked up in the kernel's tables).
        """
        t = self.t
        suit, high, low, chance = t.suit, t.high, t.low, t.chance
        weight = 1.0
        for seat, playable, chosen, played in self.choices:
            then = hands[seat] | played
            options = then & playable
            if options & (options - 1) == 0:
                continue  # one tile it could play: no choice to read
            total = mine = 0.0
            x = options
            while x:
                bit = x & -x
                x ^= bit
                i = bit.bit_length() - 1
                w = chance[i][(then & (suit[high[i]] | suit[low[i]])).bit_count() - 1]
                total += w
                if i == chosen:
                    mine = w
            weight *= mine / total
        return weight


Seen = list[tuple[int, int, int]]  # (seat index, playable tiles then, tile played; -1: a draw)
# A family's reading of a round's log: (log, tables, the reader's seat, seats) -> what it saw
Walk = Callable[[tuple[Event, ...], Tables, int, int], Seen]


def on_line(log: tuple[Event, ...], t: Tables, me: int, players: int) -> Seen:
    """The other seats' plays on a two-ended line, with what matched its ends then."""
    index = t.index
    a = b = -1
    seen: Seen = []
    for event in log:
        action = event.action
        if action is None:
            continue
        if event.drew or action.kind == Kind.DRAW:
            seen.append((event.seat - 1, 0, -1))
        if action.tile is None or action.kind not in ("lead", "play"):
            continue
        i = index[action.tile]
        if action.kind == "lead":
            a, b = t.high[i], t.low[i]
            continue
        if event.seat != me:
            seen.append((event.seat - 1, t.suit[a] | t.suit[b], i))
        if move_of(action, index)[1] == 0:
            a = t.other[i * t.width + a]
        else:
            b = t.other[i * t.width + b]
    return seen


def on_branches(log: tuple[Event, ...], t: Tables, me: int, players: int) -> Seen:
    """The other seats' plays in Longana, with what fitted where they could play then.

    What fitted is what :func:`game.rules.longana.open_to` lets a seat put on
    each branch, leaving out the priority among open branches ending alike
    (which only narrows it); a pass opens the passer's branch and a play of
    its owner closes it (``reopened``, ``closed``); the opening double sets
    every end.
    """
    index = t.index
    ends: list[int] = []
    opened: tuple[int, ...] = ()
    first: tuple[int, ...] = ()
    seen: Seen = []
    for event in log:
        action = event.action
        seat = event.seat - 1
        if action is None:
            continue
        if action.kind == "open" and action.tile is not None:
            ends = [action.tile.high] * players
            continue
        if action.kind == "pass":
            first, opened = lg.reopened(first, opened, seat)
            continue
        if action.kind != "play" or action.tile is None or not ends:
            continue
        i = index[action.tile]
        if event.seat != me:
            fits = 0
            for b, e in enumerate(ends):
                fits |= lg.open_to(b == seat, b in opened, True, t.suit[e], t.doubles)
            seen.append((seat, fits, i))
        branch = move_of(action, index)[1]
        ends[branch] = t.other[i * t.width + ends[branch]]
        opened = lg.closed(opened, seat)
    return seen
