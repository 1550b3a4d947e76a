"""Exact play of one guessed world, for the two-ended line games (Block, Draw, Cuban).

Random playouts judge a move as if everybody afterwards played at random, and
in a blocking game that is the wrong question: what a move is worth depends
on an opponent who will shut the ends you need. Once the tiles are guessed,
though, a round of Block is a small game of perfect information — a few
thousand positions from the first lead of a two-seat round — so the hard
level solves each guessed world exactly instead of playing it out
("perfect-information Monte Carlo"): it averages, over the worlds, what each
candidate is worth when everybody afterwards plays perfectly.

The search is alpha-beta over the kernel's bitmask positions (:mod:`kernel`)
with a table of bounds shared by the candidates of one world. The seat's side
maximises :func:`game.ai.playout.worth`; every other side minimises it (exact
for two sides; with three or more, the pessimistic "everyone against me").
A drawn tile is the next one of the guessed boneyard. A world bigger than the
node limit (the first hands of a four-seat Cuban round) raises
:class:`TooBig`; the search then plays that world out at random instead.
"""

from __future__ import annotations

from typing import Any

from ..rules import line as ln
from .kernel import Kernel, Position, Tables
from .playout import worth


class TooBig(Exception):
    """The world needs more than the node limit to solve."""


class Solver:
    """Solves guessed worlds of one rule set for one seat (0-based ``seat``)."""

    def __init__(self, kernel: Kernel, seat: int, limit: int) -> None:
        self.kernel = kernel
        if not isinstance(kernel.machine, ln.LineMachine):
            raise ValueError(f"the solver plays a line, not {kernel.rules.name}'s table")
        self.line = kernel.machine
        self.seat = seat
        self.limit = limit
        self.mine = kernel.side[seat]
        self.nodes = 0

    def values(self, position: Position, moves: list[tuple[int, int]]) -> list[float]:
        """What each of ``moves`` (kernel moves of the seat to move) is worth in ``position``.

        Raises :class:`TooBig` past the node limit (counted per call).
        """
        hands, bone, line_info, passes, p, scores = position
        self.nodes = 0
        self._table: dict[tuple[Any, ...], tuple[float, float]] = {}
        self._ends: dict[tuple[tuple[int, ...], int], float] = {}
        self._bone = bone
        self._scores = scores
        t = self.kernel.t
        a, b = line_info[0][0], line_info[0][1]
        n = self.kernel.players
        q = p + 1 if p + 1 < n else 0
        out = []
        for i, end in moves:
            after = list(hands)
            after[p] ^= 1 << i
            if end < 0:
                na, nb = t.high[i], t.low[i]
            elif end == 0:
                na, nb = t.other[i * t.width + a], b
            else:
                na, nb = a, t.other[i * t.width + b]
            if not after[p]:
                out.append(self._ended(tuple(after), p))
            else:
                out.append(self._solve(tuple(after), na, nb, 0, q, 0, -1e18, 1e18))
        return out

    def _ended(self, hands: tuple[int, ...], out: int) -> float:
        """The worth of a round over: ``out`` went out, or -1 for blocked."""
        value = self._ends.get((hands, out))
        if value is None:
            result = self.line.ended(list(hands), out, self._scores)
            value = self._ends[hands, out] = worth(
                self.kernel.rules, self.seat + 1, result.gained, result.winners, result.match_over
            )
        return value

    def _solve(
        self,
        hands: tuple[int, ...],
        a: int,
        b: int,
        passes: int,
        p: int,
        drawn: int,
        alpha: float,
        beta: float,
    ) -> float:
        """Alpha-beta value of a position with the line open at ``a`` and ``b``."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        # the line's two ends are alike: a position and its mirror share one entry
        key = (hands, a, b, passes, p, drawn) if a <= b else (hands, b, a, passes, p, drawn)
        bounds = self._table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = -1e18, 1e18
        alpha0, beta0 = alpha, beta
        kernel = self.kernel
        t = kernel.t
        n = kernel.players
        h = hands[p]
        q = p + 1 if p + 1 < n else 0
        moves = _plays(t, h, a, b)
        if not moves:
            if ln.draws(kernel.drawing, len(self._bone) - drawn):
                grown = hands[:p] + (h | 1 << self._bone[drawn],) + hands[p + 1 :]
                value = self._solve(grown, a, b, passes, p, drawn + 1, alpha, beta)
            elif ln.blocked(passes + 1, n):
                value = self._ended(hands, -1)
            else:
                value = self._solve(hands, a, b, passes + 1, q, drawn, alpha, beta)
        else:
            maximising = kernel.side[p] == self.mine
            value = -1e18 if maximising else 1e18
            for i, na, nb in moves:
                left = h ^ (1 << i)
                after = hands[:p] + (left,) + hands[p + 1 :]
                if left:
                    v = self._solve(after, na, nb, 0, q, drawn, alpha, beta)
                else:
                    v = self._ended(after, p)
                if maximising:
                    if v > value:
                        value = v
                        if v > alpha:
                            alpha = v
                elif v < value:
                    value = v
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
        if value <= alpha0:
            high = value
        elif value >= beta0:
            low = value
        else:
            low = high = value
        self._table[key] = (low, high)
        return value


def _plays(t: Tables, h: int, a: int, b: int) -> list[tuple[int, int, int]]:
    """The plays of hand ``h`` as (tile, new a, new b), heaviest first.

    Heaviest first because shedding pips is usually right, and alpha-beta
    prunes most when the best move comes first. Equal ends give one play per tile.
    """
    plays = []
    if a < 0:
        x = h
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            plays.append((i, t.high[i], t.low[i]))
    else:
        x = h & t.suit[a]
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            plays.append((i, t.other[i * t.width + a], b))
        if a != b:
            x = h & t.suit[b]
            while x:
                low = x & -x
                x ^= low
                i = low.bit_length() - 1
                plays.append((i, a, t.other[i * t.width + b]))
    pips = t.pips
    plays.sort(key=lambda m: -pips[m[0]])
    return plays
