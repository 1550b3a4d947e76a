"""Many playouts at once, stepped together on numpy arrays: Longana, Block, Draw and Cuban.

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
with the engine's. :class:`Line` plays Block's, Draw's and Cuban's rounds
(two ends; in Draw a seat with nothing to play draws, a tile a step) the same
way, uniformly or by :mod:`.model`'s softmax, whose weights it sums and
subtracts in the scalar kernel's order, so the same numbers pick the same
tiles.

Both return, per round, what each seat gained, the winning seats as a bit
mask (seat ``s`` is bit ``s``) and whether the match is over.

Each round's draws are given ahead (a row of ``draws``, the numbers the
scalar kernel would take from ``rand`` in turn), so the same numbers give
the same rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import numpy as np

from .kernel import Kernel

NEVER = 1 << 30  # the rank of a branch not yet opened this round


class _Tiles:
    """The kernel's tile table as numpy arrays, which every batch reads: each tile's suits'
    bits, the number at its other end, and the pips of every byte of a hand's mask."""

    def __init__(self, kernel: Kernel) -> None:
        t = kernel.t
        self.n = kernel.players
        self.width = t.width
        self.suit = np.array(t.suit, dtype=np.uint64)
        self.other = np.array(t.other, dtype=np.int64)
        self.bytes = np.array(t._bytes, dtype=np.int64)  # [byte k][its value]: pips


class Branches(_Tiles):
    """Longana rounds played out many at a time (see the module doc)."""

    def __init__(self, kernel: Kernel) -> None:
        if not kernel.branches:
            raise ValueError("the batch plays Longana's branches only")
        super().__init__(kernel)
        self.target = kernel.target
        self.doubles = np.uint64(kernel.t.doubles)

    def run(
        self,
        hands: np.ndarray,
        bone: np.ndarray,
        rest: tuple,
        first: np.ndarray,
        draws: np.ndarray,
        rows: np.ndarray,
        watch: Callable[[tuple], None] | None = None,
    ) -> Generator[None, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Play every round out; a generator yielding after each move of them all.

        ``hands`` (rounds x seats, tile-bit masks) are each round's hands and
        ``bone`` its boneyard (rounds x tiles, top first; none in Longana),
        ``rest`` the rest of the kernel's position, the same for all: the
        Longana table (each branch's open number, the open branches in
        priority order, the branches in first-opening order), the passes, the
        seat index to move and the scores;
        ``first`` (rounds x 2) each round's forced first play (tile, branch);
        round ``g`` takes its draws from ``draws[rows[g]]`` in turn. ``watch`` (for
        the tests) is shown before every choice the unfinished rounds, the seat to
        move in each, their hands, ends, open branches and first-opening ranks.
        Returns, per round, each seat's gain, the winners' mask and whether the
        match is over: :meth:`.kernel.Kernel._end_branches`.
        """
        n = self.n
        count = hands.shape[0]
        table, _, to_move, scores = rest
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
        gained = np.zeros((count, n), dtype=np.float64)
        winners = np.zeros(count, dtype=np.int64)
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
                self._score(held[done], won, scores_arr, ids[done], gained, winners, over)
                keep = np.ones(len(mover), dtype=bool)
                keep[done] = False
                held, ends, opened, rank, ranks, mover, used, ids = (
                    x[keep] for x in (held, ends, opened, rank, ranks, mover, used, ids)
                )
                if not len(mover):
                    return gained, winners, over
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
            tile = _nth(m, r)

    def _score(self, hands, won, scores, ids, gained, winners, over) -> None:
        """L-15, L-17, L-18 for the rounds ``ids`` that just ended (``won``: -1 blocked)."""
        pips = _pips(self.bytes, hands)
        low = pips.min(axis=1)
        lowest = pips == low[:, None]
        single = lowest.sum(axis=1) == 1
        blocked_winner = np.where(single, lowest.argmax(axis=1), -1)
        w = np.where(won >= 0, won, blocked_winner)
        total = pips.sum(axis=1).astype(np.float64)
        won = np.nonzero(w >= 0)[0]
        gained[ids[won], w[won]] = total[won]
        winners[ids] = np.where(w >= 0, np.left_shift(1, np.maximum(w, 0)), 0)
        over[ids] = (w >= 0) & (scores[np.maximum(w, 0)] + total >= self.target)


def _columns(a: np.ndarray) -> np.ndarray:
    """The sum of each row of a narrow array, column by column (quicker than a reduce)."""
    total = a[:, 0].astype(np.int64)
    for b in range(1, a.shape[1]):
        total = total + a[:, b]
    return total


class Line(_Tiles):
    """Block's, Draw's and Cuban's rounds played out many at a time (see the module doc).

    A step plays every unfinished round's next move as :meth:`.kernel.Kernel._run_line`
    does: a play on end 0 (the tiles in order), then end 1, picked uniformly
    (``int(draw * count)``) or, ``modelled``, by the softmax; when nothing fits a draw
    while the boneyard lasts (Draw), else a pass; the round blocked when every seat
    passed in turn.
    """

    def __init__(self, kernel: Kernel, modelled: bool) -> None:
        if kernel.branches or kernel.trains or kernel.fives:
            raise ValueError("the line batch plays Block, Draw and Cuban only")
        super().__init__(kernel)
        t = kernel.t
        self.kernel = kernel
        self.modelled = modelled
        self.high = np.array(t.high, dtype=np.int64)
        self.low = np.array(t.low, dtype=np.int64)
        self.near = np.array(t.near, dtype=np.uint64)
        self.chance = np.array(t.chance, dtype=np.float64)  # the very floats the kernel adds
        self.side = np.array(kernel.side, dtype=np.int64)

    def run(
        self,
        hands: np.ndarray,
        bone: np.ndarray,
        rest: tuple,
        first: np.ndarray,
        draws: np.ndarray,
        rows: np.ndarray,
        watch: Callable[[tuple], None] | None = None,
    ) -> Generator[None, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Play every round out, as :meth:`Branches.run` (the same arguments and returns).

        ``rest`` is (the line's facts, the passes in a row, the seat index to
        move, the side scores); a ``first`` play on end -1 is the lead. ``watch``
        is shown the unfinished rounds, the seat to move, the hands, the two
        ends, the passes in a row and the tiles drawn.
        """
        n = self.n
        count = hands.shape[0]
        line, passes, to_move, scores = rest
        held: np.ndarray = hands.astype(np.uint64, copy=True)
        ends: np.ndarray = np.tile(np.array(line[0][:2], dtype=np.int64), (count, 1))
        passed: np.ndarray = np.full(count, passes, dtype=np.int64)
        drawn: np.ndarray = np.zeros(count, dtype=np.int64)  # from the boneyard's top
        left = bone.shape[1] if self.kernel.drawing else 0
        mover: np.ndarray = np.full(count, to_move, dtype=np.int64)
        used: np.ndarray = np.zeros(count, dtype=np.int64)
        ids: np.ndarray = np.arange(count)
        rows = np.asarray(rows)
        gained = np.zeros((count, n), dtype=np.float64)
        winners = np.zeros(count, dtype=np.int64)
        over = np.zeros(count, dtype=bool)
        scores_arr = np.array(scores, dtype=np.float64)
        one = np.uint64(1)
        tile, end = first[:, 0].astype(np.int64), first[:, 1].astype(np.int64)
        plays = np.arange(count)
        stuck = plays[:0]  # the rounds every seat just passed in
        while True:
            p = mover[plays]
            h = held[plays, p] ^ np.left_shift(one, tile.astype(np.uint64))
            held[plays, p] = h
            lead = end < 0
            if lead.any():
                q = plays[lead]
                ends[q, 0], ends[q, 1] = self.high[tile[lead]], self.low[tile[lead]]
            q, e = plays[~lead], end[~lead]
            ends[q, e] = self.other[tile[~lead] * self.width + ends[q, e]]
            passed[plays] = 0
            mover[plays] = (p + 1) % n
            out = h == 0
            if out.any() or len(stuck):
                done = np.concatenate([plays[out], stuck])
                won = np.concatenate([p[out], np.full(len(stuck), -1, dtype=np.int64)])
                self._score(held[done], won, scores_arr, ids[done], gained, winners, over)
                keep = np.ones(len(mover), dtype=bool)
                keep[done] = False
                held, ends, passed, drawn, mover, used, ids = (
                    x[keep] for x in (held, ends, passed, drawn, mover, used, ids)
                )
                if not len(mover):
                    return gained, winners, over
            yield
            if watch is not None:
                watch((ids, mover, held, ends, passed, drawn))
            h = held[np.arange(len(mover)), mover]
            ma, mb = h & self.suit[ends[:, 0]], h & self.suit[ends[:, 1]]
            ca = np.bitwise_count(ma).astype(np.int64)
            total = ca + np.bitwise_count(mb)
            passing = total == 0
            q = np.nonzero(passing)[0]
            if left:  # F-23: draw one, and look again
                draw = drawn[q] < left
                d, q = q[draw], q[~draw]
                held[d, mover[d]] |= np.left_shift(one, bone[ids[d], drawn[d]].astype(np.uint64))
                drawn[d] += 1
            passed[q] += 1
            stuck = q[passed[q] == n]  # every seat passed: the round is blocked
            mover[q] = (mover[q] + 1) % n
            plays = np.nonzero(~passing)[0]
            if not len(plays):
                tile = end = plays
                continue
            x = draws[rows[ids[plays]], used[plays]]
            used[plays] += 1
            h, ma, mb, ca = h[plays], ma[plays], mb[plays], ca[plays]
            if self.modelled:
                tile, end = self._modelled(h, ma, mb, x)
                continue
            r = (x * total[plays]).astype(np.int64)
            on_b = r >= ca
            end = on_b.astype(np.int64)
            tile = _nth(np.where(on_b, mb, ma), np.where(on_b, r - ca, r))

    def _modelled(self, h, ma, mb, x) -> tuple[np.ndarray, np.ndarray]:
        """The softmax's picks for draws ``x``, as :meth:`.kernel.Kernel._modelled`: the
        weights summed from 0 and then taken off ``x * sum`` one by one, in canonical order
        (a missing play adds and takes 0.0, which changes no float)."""
        one = np.uint64(1)
        columns = []  # (tile, whether there is one, end) per place in canonical order
        for e, m in ((0, ma), (1, mb)):
            for _ in range(int(np.bitwise_count(m).max())):
                bit = m & (~m + one)
                columns.append((_index(bit), m != 0, e))
                m = m ^ bit
        weights = []
        total = np.zeros(len(h), dtype=np.float64)
        for i, there, _ in columns:
            i = np.maximum(i, 0)
            c = np.bitwise_count(h & self.near[i]).astype(np.int64) - 1
            w = np.where(there, self.chance[i, np.maximum(c, 0)], 0.0)
            weights.append(w)
            total = total + w
        target = x * total
        tile = np.full(len(h), -1, dtype=np.int64)
        end = np.zeros(len(h), dtype=np.int64)
        last_tile, last_end = tile.copy(), end.copy()
        for (i, there, e), w in zip(columns, weights, strict=True):
            target = target - w
            hit = there & (target < 0) & (tile < 0)
            tile = np.where(hit, i, tile)
            end = np.where(hit, e, end)
            last_tile = np.where(there, i, last_tile)
            last_end = np.where(there, e, last_end)
        missed = tile < 0
        return np.where(missed, last_tile, tile), np.where(missed, last_end, end)

    def _score(self, hands, won, scores, ids, gained, winners, over) -> None:
        """The rounds ``ids`` that just ended (``won``: -1 blocked): C-11 … C-14 in Cuban,
        as :meth:`.kernel.Kernel._end_cuban`; else the side with the fewest pips takes the
        others' (``_end_fives`` without the fives)."""
        pips = _pips(self.bytes, hands)
        if self.kernel.cuban:
            low = pips.min(axis=1)
            least = pips == low[:, None]
            t0, t1 = least[:, 0] | least[:, 2], least[:, 1] | least[:, 3]
            team = np.where(won >= 0, won % 2, np.where(t0 != t1, np.where(t0, 0, 1), -1))
            side = np.stack([pips[:, 0] + pips[:, 2], pips[:, 1] + pips[:, 3]], axis=1)
            k = np.nonzero(team >= 0)[0]
            points = side[k, 1 - team[k]].astype(np.float64)
            gained[ids[k], team[k]] = points
            gained[ids[k], team[k] + 2] = points
            winners[ids[k]] = np.left_shift(5, team[k])
            over[ids[k]] = scores[team[k]] + points >= self.kernel.target
            return
        sides = self.kernel.sides
        side = np.zeros((len(won), sides), dtype=np.int64)
        for s in range(self.n):
            side[:, self.side[s]] += pips[:, s]
        low = side.min(axis=1)
        tied = side == low[:, None]
        ties = tied.sum(axis=1)
        win = np.where(
            won >= 0, self.side[np.maximum(won, 0)], np.where(ties == 1, tied.argmax(axis=1), -1)
        )
        bonus = np.zeros(side.shape, dtype=np.float64)
        k = np.nonzero(win >= 0)[0]
        bonus[k, win[k]] = side[k].sum(axis=1) - side[k, win[k]]
        shared = (won < 0) & (ties == 2) & (self.n == 3)  # two of three seats share the third's
        taken = np.zeros(side.shape, dtype=bool)
        taken[k, win[k]] = True
        if shared.any():
            j = np.nonzero(shared)[0]
            third = side[j, (~tied[j]).argmax(axis=1)] / 2
            bonus[j] = np.where(tied[j], third[:, None], 0.0)
            taken[j] = tied[j]
        seat_won = taken[:, self.side]
        gained[ids] = bonus[:, self.side]
        winners[ids] = (seat_won * np.left_shift(1, np.arange(self.n))).sum(axis=1)
        totals = scores[None, :] + bonus
        top = totals.max(axis=1)
        over[ids] = (top >= self.kernel.target) & ((totals == top[:, None]).sum(axis=1) == 1)


def _pips(table: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Each hand's pips, a byte of its mask at a time (``table[byte k][its value]``)."""
    pips = np.zeros(hands.shape, dtype=np.int64)
    for k in range(table.shape[0]):
        pips += table[k][((hands >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
    return pips


def _index(bit: np.ndarray) -> np.ndarray:
    """The index of each one-bit mask's bit (-1 for an empty mask)."""
    return np.frexp(bit.astype(np.float64))[1].astype(np.int64) - 1


def _nth(m: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The index of each mask's ``r``-th lowest set bit (0-based), as ``kernel._nth_bit``."""
    one = np.uint64(1)
    for j in range(int(r.max()) if len(r) else 0):  # drop the r lowest bits
        m = np.where(r > j, m & (m - one), m)
    return _index(m & (~m + one))
