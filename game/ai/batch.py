"""Many Longana playouts at once, stepped together on numpy arrays.

A decision plays thousands of rounds from one public table; they differ only
in the guessed hands, the candidate's first play and the random numbers. The
scalar kernel (:meth:`.kernel.Kernel.run`) plays them one after another, a
Python loop per move; here every array holds one entry per round and a step
makes every unfinished round's next move at once, so the loop runs once per
move for all of them. The rule is the scalar kernel's, move for move: each
choice is ``int(draw * count)`` over the plays in canonical order (branch 1
first, tiles in order), a pass opens the passer's branch, a play closes it;
the round ends when a hand is empty or no tile in any hand matches any end.
Only the uniformly random playouts (``eps`` 1, what Longana's levels use)
are played here; tests compare every round with the scalar kernel's and so
with the engine's.

Each round's draws are given ahead (a row of ``draws``, the numbers the
scalar kernel would take from ``rand`` in turn), so the same numbers give
the same rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import numpy as np

from .kernel import Kernel

NEVER = 1 << 30  # the rank of a branch not yet opened this round


class Branches:
    """Longana rounds played out many at a time (see the module doc)."""

    def __init__(self, kernel: Kernel) -> None:
        if not kernel.branches:
            raise ValueError("the batch plays Longana's branches only")
        t = kernel.t
        self.n = kernel.players
        self.target = kernel.target
        self.width = t.width
        self.suit = np.array(t.suit, dtype=np.uint64)
        self.other = np.array(t.other, dtype=np.int64)
        self.doubles = np.uint64(t.doubles)
        self.bytes = np.array(t._bytes, dtype=np.int64)  # [byte k][its value]: pips

    def run(
        self,
        hands: np.ndarray,
        table: tuple,
        to_move: int,
        scores: list[float],
        first: np.ndarray,
        draws: np.ndarray,
        rows: np.ndarray,
        watch: Callable[[tuple], None] | None = None,
    ) -> Generator[None, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Play every round out; a generator yielding after each move of them all.

        ``hands`` (rounds x seats, tile-bit masks) are each round's hands,
        ``table`` the kernel's Longana table (each branch's open number, the
        open branches in priority order, the branches in first-opening
        order) and ``to_move`` the seat index to move, the same for all;
        ``first`` (rounds x 2) each round's forced first play (tile, branch);
        round ``g`` takes its draws from ``draws[rows[g]]`` in turn. ``watch`` (for
        the tests) is shown before every choice the unfinished rounds, the seat to
        move in each, their hands, ends, open branches and first-opening ranks.
        Returns, per round, the winning seat index (-1: nobody), the pips it
        gained and whether the match is over: :meth:`.kernel.Kernel._end_branches`.
        """
        n = self.n
        count = hands.shape[0]
        ends0, opened0, ranked0 = table
        if opened0 != [s for s in ranked0 if s in opened0]:
            raise ValueError("open branches out of their first-opening order (L-13)")
        held: np.ndarray = hands.astype(np.uint64, copy=True)
        ends: np.ndarray = np.tile(np.array(ends0, dtype=np.int64), (count, 1))
        opened: np.ndarray = np.zeros((count, n), dtype=bool)
        opened[:, list(opened0)] = True
        rank: np.ndarray = np.full((count, n), NEVER, dtype=np.int64)
        for order, s in enumerate(ranked0):
            rank[:, s] = order
        ranks: np.ndarray = np.full(count, len(ranked0), dtype=np.int64)
        mover: np.ndarray = np.full(count, to_move, dtype=np.int64)
        used: np.ndarray = np.zeros(count, dtype=np.int64)
        numbers = draws  # round g's are numbers[rows[g]]
        ids: np.ndarray = np.arange(count)
        rows = np.asarray(rows)
        winner = np.full(count, -1, dtype=np.int64)
        points = np.zeros(count, dtype=np.float64)
        over = np.zeros(count, dtype=bool)
        scores_arr = np.array(scores, dtype=np.float64)
        seats = np.arange(n)
        one = np.uint64(1)
        tile, branch = first[:, 0].astype(np.int64), first[:, 1].astype(np.int64)
        plays = np.arange(count)  # the rounds whose seat to move plays ``tile`` on ``branch``
        while True:
            p = mover[plays]
            h = held[plays, p] ^ np.left_shift(one, tile.astype(np.uint64))
            held[plays, p] = h
            ends[plays, branch] = self.other[tile * self.width + ends[plays, branch]]
            opened[plays, p] = False
            fit = self.suit[ends[plays]]
            mine = held[plays]
            reach, anyone = fit[:, 0], mine[:, 0]
            for b in range(1, n):
                reach = reach | fit[:, b]
                anyone = anyone | mine[:, b]
            out = h == 0
            ended = out | ((anyone & reach) == 0)  # L-15, L-16
            mover[plays] = (p + 1) % n
            if ended.any():
                done = plays[ended]
                won = np.where(out[ended], p[ended], -1)
                self._score(held[done], won, scores_arr, ids[done], winner, points, over)
                keep = np.ones(len(mover), dtype=bool)
                keep[done] = False
                held, ends, opened, rank, ranks, mover, used, ids = (
                    x[keep] for x in (held, ends, opened, rank, ranks, mover, used, ids)
                )
                if not len(mover):
                    return winner, points, over
            yield
            if watch is not None:
                watch((ids, mover, held, ends, opened, rank))
            # the seat to move in every round: what it may play where (L-10, L-12)
            g = np.arange(len(mover))
            h = held[g, mover]
            own = seats[None, :] == mover[:, None]
            fits = self.suit[ends] & h[:, None]
            fits = np.where(own | opened, fits, fits & self.doubles)
            # an open branch b is barred when another open branch (not the mover's own)
            # ending in the same number opened before it: only where two are open
            rival = opened & ~own
            q = np.nonzero(_columns(rival.view(np.int8)) >= 2)[0]
            if len(q):
                e, k = ends[q], rank[q]
                same = e[:, None, :] == e[:, :, None]  # [round, b, s]
                before = k[:, None, :] < k[:, :, None]  # s opened before b
                barred = (same & before & rival[q][:, None, :]).any(axis=2) & rival[q]
                fits[q] = np.where(barred, 0, fits[q])
            counts = np.bitwise_count(fits).astype(np.int64)
            total = _columns(counts)
            passing = total == 0
            if passing.any():  # L-11, L-13: the pass opens the branch, first opening ranked
                q = np.nonzero(passing)[0]
                s = mover[q]
                fresh = rank[q, s] == NEVER
                rank[q[fresh], s[fresh]] = ranks[q[fresh]]
                ranks[q[fresh]] += 1
                opened[q, s] = True
                mover[q] = (s + 1) % n
            plays = np.nonzero(~passing)[0]
            if not len(plays):
                tile = branch = plays
                continue
            counts = counts[plays]
            r = (numbers[rows[ids[plays]], used[plays]] * total[plays]).astype(np.int64)
            used[plays] += 1
            upto = np.cumsum(counts, axis=1)
            branch = (upto > r[:, None]).argmax(axis=1)
            at = np.arange(len(plays))
            r -= upto[at, branch] - counts[at, branch]
            m = fits[plays, branch]
            for j in range(int(r.max())):  # drop the r lowest tiles that fit there
                m = np.where(r > j, m & (m - one), m)
            tile = np.frexp((m & (~m + one)).astype(np.float64))[1].astype(np.int64) - 1

    def _score(self, hands, won, scores, ids, winner, points, over) -> None:
        """L-15, L-17, L-18 for the rounds ``ids`` that just ended (``won``: -1 blocked)."""
        pips = np.zeros(hands.shape, dtype=np.int64)
        for k in range(self.bytes.shape[0]):
            pips += self.bytes[k][((hands >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
        low = pips.min(axis=1)
        lowest = pips == low[:, None]
        single = lowest.sum(axis=1) == 1
        blocked_winner = np.where(single, lowest.argmax(axis=1), -1)
        w = np.where(won >= 0, won, blocked_winner)
        gained = pips.sum(axis=1).astype(np.float64)
        winner[ids] = w
        points[ids] = np.where(w >= 0, gained, 0.0)
        over[ids] = (w >= 0) & (scores[np.maximum(w, 0)] + gained >= self.target)


def _columns(a: np.ndarray) -> np.ndarray:
    """The sum of each row of a narrow array, column by column (quicker than a reduce)."""
    total = a[:, 0].astype(np.int64)
    for b in range(1, a.shape[1]):
        total = total + a[:, b]
    return total
