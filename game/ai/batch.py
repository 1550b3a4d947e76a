"""Many playouts at once, stepped together on numpy arrays: Longana, Block, Draw, Cuban,
All Fives and Mexican Train.

A decision plays thousands of rounds from one public table; they differ only
in the guessed hands, the candidate's first play and the random numbers. The
scalar kernel (:meth:`.kernel.Kernel.run`) plays them one after another, a
Python loop per move; here every array holds one entry per round and a step
makes every unfinished round's next move at once, so the loop runs once per
move for all of them. The rules are the rules' own functions (:mod:`game.rules`'
families, one body for a number and an array), called as the scalar kernel
calls them, move for move: each
choice is ``int(draw * count)`` over the plays in canonical order (branch 1
first, tiles in order), a pass opens the passer's branch, a play closes it;
the round ends when a hand is empty or no tile in any hand matches any end.
Longana's rounds are played uniformly random only (``eps`` 1, what its
levels use); tests compare every round with the scalar kernel's and so with
the engine's. :class:`Line` plays Block's, Draw's and Cuban's rounds
(two ends; in Draw a seat with nothing to play draws, a tile a step) the same
way, uniformly or by :mod:`.model`'s softmax, whose weights it sums and
subtracts in the scalar kernel's order, so the same numbers pick the same
tiles. :class:`Fives` plays All Fives' on the line's step: four ends once the
spinner opens, the ends counted after every play and a multiple of five
scored, the round ended when a side reaches the target; its choices are
uniform with chance ``eps``, else the kernel's heuristic play (the most
points, then leaving the next seat stuck, then pips), its draws taken as the
kernel takes them. :class:`Trains` plays Mexican Train's a pass of the
kernel's loop a step (a play, a draw, an ``end`` or a pass), its hands two
words wide for the 91 tiles, cut after the level's ``steps``.

All return, per round, what each seat gained, the winning seats as a bit
mask (seat ``s`` is bit ``s``) and whether the match is over.

Each round's draws are given ahead (a row of ``draws``, the numbers the
scalar kernel would take from ``rand`` in turn), so the same numbers give
the same rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from functools import partial
from typing import Any, cast

import numpy as np

from ..rules import cuban as cb
from ..rules import fives as fv
from ..rules import line as ln
from .kernel import Kernel, Position, preference

Watch = Callable[[tuple[Any, ...]], None]  # shown the rounds before each step (tests)

Array = np.ndarray
Arrays = Sequence[np.ndarray] | np.ndarray  # one array per end or place, or their stack
Take = Callable[[np.ndarray], np.ndarray]  # the next draws of some rounds
Results = tuple[np.ndarray, np.ndarray, np.ndarray]  # gained, the winners' masks, match over


class _Tiles:
    """The kernel's tile table as numpy arrays, which every batch reads: each tile's suits'
    bits, the number at its other end, and the pips of every byte of a hand's mask.

    A hand is a uint64 mask, or (``words`` > 0: Mexican Train's 91 tiles do not fit one)
    a row of ``words`` uint64s, tile ``i`` the bit ``i % 64`` of word ``i // 64``."""

    words = 0  # 0: a hand is one uint64, with no axis of words

    def __init__(self, kernel: Kernel) -> None:
        t = kernel.t
        self.n = kernel.players
        self.width = t.width
        self.suit = _split(t.suit, max(self.words, 1))  # [number][word]
        if not self.words:
            self.suit = self.suit[:, 0]
        self.other = np.array(t.other, dtype=np.int64)
        self.bytes = np.array(t._bytes, dtype=np.int64)  # [byte k][its value]: pips

    def masks(self, hands: list[list[int]]) -> np.ndarray:
        """Each round's hands (tile-bit ints, rounds x seats) as the batch holds them."""
        return _split(hands, max(self.words, 1)) if self.words else np.array(hands, np.uint64)


class Steps(_Tiles):
    """Rounds of a family whose machine steps many rounds at once (Longana's, Mexican
    Train's: :class:`game.rules.longana.Machine`, :class:`game.rules.mexican_train.Machine`),
    played out as the scalar kernel plays each.

    The machine says what the rounds hold beside their hands (``numbers``), which tiles
    each mover may put where (``many_places``: a column per place in canonical order, and
    whether the move without a tile is offered), what a play and the move without a tile
    do (``many_move``: the rounds that ended) and how the rounds ended
    (``many_end``); this class only chooses and loops. A choice is, with chance ``eps``,
    uniform over the moves in canonical order (the move without a tile first), else the
    heaviest tile, the first in canonical order (the tiles a place takes share its number,
    so its heaviest is its highest); the draws are taken as the kernel takes them. A round
    is cut after ``steps`` moves past the first and scored so (:meth:`Machine.end`)."""

    def __init__(self, kernel: Kernel, eps: float = 1.0, steps: int = 100000) -> None:
        machine: Any = kernel.machine  # one with the many-round steps (see the class doc)
        if not hasattr(machine, "many_move"):
            raise ValueError(f"{kernel.rules.name}'s machine does not step many rounds")
        tiles = len(kernel.t.tiles)
        self.words = 0 if tiles <= 64 else -(-tiles // 64)
        super().__init__(kernel)
        self.machine = machine
        self.eps = eps
        self.steps = steps
        self.tiles = tiles
        self.order = np.array(self.machine.order, dtype=np.int64)  # canonical column -> place
        self.reordered = list(self.machine.order) != sorted(self.machine.order)
        self.seats = np.arange(self.n)
        self.places = np.arange(len(self.order))
        bit = [1 << i for i in range(tiles)]  # each tile's mask
        self.bit = _split(bit, self.words) if self.words else np.array(bit, dtype=np.uint64)
        self.pips = np.array(kernel.t.pips, dtype=np.int64)
        self.double = np.array(kernel.t.double, dtype=bool)

    def run(
        self,
        hands: np.ndarray,
        bone: np.ndarray,
        rest: tuple[Any, ...],
        first: np.ndarray,
        draws: np.ndarray,
        rows: np.ndarray,
    ) -> Generator[None, None, Results]:
        """Play every round out; a generator yielding after each move of them all.

        ``hands`` (rounds x seats, tile-bit masks, as :meth:`masks` makes them) are each
        round's hands and ``bone`` its boneyard (rounds x tiles, top first), ``rest`` the
        rest of the kernel's position, the same for all (the table, the passes, the seat
        index to move, the scores); ``first`` (rounds x 2) each round's first move as
        :func:`.kernel.move_of` gives it (tile -1: the move without a tile); round ``g``
        takes its draws from ``draws[rows[g]]`` in turn. Returns, per round, each seat's
        gain, the winners' mask and whether the match is over."""
        m, n = self.machine, self.n
        count = hands.shape[0]
        position = Position([0] * n, [], *rest)
        a = _Rounds(
            hands=hands.astype(np.uint64, copy=True),
            drawn=np.zeros(count, dtype=np.int64),  # tiles taken from the boneyard's top
            used=np.zeros(count, dtype=np.int64),  # draws taken
            ids=np.arange(count),
            **{k: _column(v, count) for k, v in m.numbers(position).items()},
        )
        rows = np.asarray(rows)
        results = (
            np.zeros((count, n), dtype=np.float64),  # gained
            np.zeros(count, dtype=np.int64),  # the winners' mask
            np.zeros(count, dtype=bool),  # the match over
        )
        self.scores = position.scores
        self.bone, self.boneyard = bone, bone.shape[1]
        tile, place = first[:, 0].astype(np.int64), first[:, 1].astype(np.int64)
        moves = (np.nonzero(tile >= 0)[0], tile, place, np.nonzero(tile < 0)[0])
        moves = (moves[0], tile[moves[0]], place[moves[0]], moves[3])
        for step in range(self.steps + 1):
            ended = np.nonzero(m.many_move(a, *moves, self))[0]
            if len(ended):
                self._end(a, ended, results)
                keep = np.ones(len(a.ids), dtype=bool)
                keep[ended] = False
                a.keep(keep)
                if not len(a.ids):
                    return results
            yield
            if step == self.steps:
                break
            moves = self._choose(a, partial(_take, a, draws=draws, rows=rows))
        self._end(a, np.arange(len(a.ids)), results)  # cut short
        return results

    def _choose(self, a: _Rounds, take: Take) -> tuple[Array, Array, Array, Array]:
        """Each round's move: the rounds that play, their tiles and places, and the rounds
        whose movers have no play or make the move without a tile."""
        fits, without = self.machine.many_places(a, self)  # by place, not yet in order
        bits = np.bitwise_count(fits)
        if self.words:
            bits = sum(bits[..., w] for w in range(1, self.words)) + bits[..., 0]
        counts = bits.astype(np.int64)
        total = _columns(counts) if counts.shape[1] <= 4 else counts.sum(axis=1)
        has = total > 0
        q, stuck = np.nonzero(has)[0], np.nonzero(~has)[0]
        if len(stuck):
            counts, total = counts[q], total[q]
        if self.reordered:
            counts = counts[:, self.order]  # the places in canonical order
        if self.eps >= 1.0 and not isinstance(without, np.ndarray):  # uniform over plays
            tile, place = self._nth_move(fits, q, counts, (take(q) * total).astype(np.int64))
            return q, tile, place, stuck
        closing = without[q].astype(np.int64) if isinstance(without, np.ndarray) else 0
        tile = np.full(len(q), -1, dtype=np.int64)  # -1: the move without a tile
        place = np.zeros(len(q), dtype=np.int64)
        every = np.arange(len(q))
        g, h = every, every[:0]  # the rounds choosing uniformly, and by the heaviest tile
        if self.eps < 1.0:
            chance = take(q) < self.eps if self.eps > 0.0 else every < 0
            g, h = every[chance], every[~chance]
        if len(g):  # uniform: the pick-th move, the move without a tile (-1) first
            close = closing[g] if isinstance(closing, np.ndarray) else closing
            pick = (take(q[g]) * (total[g] + close)).astype(np.int64) - close
            g, pick = g[pick >= 0], pick[pick >= 0]
            tile[g], place[g] = self._nth_move(fits, q[g], counts[g], pick)
        if len(h):  # the heaviest tile: a place's highest, the first heaviest in order
            top = _top(fits[q[h]] if self.words else fits[q[h]][..., None])
            weight = np.where(top >= 0, self.pips[np.maximum(top, 0)], -1)
            at = self.order[weight[:, self.order].argmax(axis=1)]
            place[h] = at
            tile[h] = top[np.arange(len(h)), at]
        end = tile < 0
        if end.any():
            stuck = np.concatenate([stuck, q[end]])
            q, tile, place = q[~end], tile[~end], place[~end]
        return q, tile, place, stuck

    def _nth_move(self, fits: Array, q: Array, counts: Array, pick: Array) -> tuple[Array, Array]:
        """The ``pick``-th play (tile, place) in each of the rounds ``q`` (``fits``: every
        round's tiles by place): the places in canonical order (``counts``: how many tiles
        each takes in those rounds), each place's tiles in order."""
        upto = np.cumsum(counts, axis=1)
        at = (upto > pick[:, None]).argmax(axis=1)
        k = np.arange(len(pick))
        pick = pick - upto[k, at] + counts[k, at]
        if self.reordered:
            at = self.order[at]
        chosen = fits[q, at]
        return (_nth_of(chosen, pick) if self.words else _nth(chosen, pick)), at

    def top(self, a: _Rounds, q: Array) -> Array:
        """The tile on top of the boneyard in each of the rounds ``q``."""
        tile: Array = self.bone[a.ids[q], a.drawn[q]]
        return tile

    def held(self, a: _Rounds) -> Array:
        """Each round's mover's hand."""
        mine: Array = a.hands[np.arange(len(a.mover)), a.mover]
        return mine

    def _bits(self, masks: np.ndarray) -> np.ndarray:
        """Rows of words as rows of their bits, bit ``i`` of a row tile ``i``."""
        little = masks.astype("<u8", copy=False)
        bits = np.unpackbits(little.view(np.uint8), axis=-1, bitorder="little")
        return bits[..., : self.tiles]

    def _end(self, a: _Rounds, q: Array, results: Results) -> None:
        """The rounds ``q`` are over (or cut short): what the machine says they came to."""
        gained, winners, over = results
        held = a.hands[q]
        pips = self._bits(held if self.words else held[..., None]) @ self.pips
        got, won, ended = self.machine.many_end(a, q, pips, self)
        ids = a.ids[q]
        gained[ids] = got
        winners[ids] = (won * np.left_shift(1, self.seats)).sum(axis=1)
        over[ids] = ended


def _nth_of(words: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The index of the ``r``-th lowest set bit (0-based) of each row of words."""
    c = np.bitwise_count(words).astype(np.int64)
    upto = np.cumsum(c, axis=1)
    w = (upto > r[:, None]).argmax(axis=1)
    at = np.arange(len(r))
    index: np.ndarray = _nth(words[at, w], r - upto[at, w] + c[at, w]) + 64 * w
    return index


def _column(value: Any, count: int) -> np.ndarray:
    """A round's number (or list of numbers) as ``count`` rounds hold it, a row each."""
    a = np.asarray(value)
    return np.tile(a, (count, 1)) if a.ndim else np.full(count, value, dtype=a.dtype)


def _rows(a: np.ndarray) -> Sequence[Any]:
    """``a`` (a row per round, a column per seat or side) turned as the rules' arithmetic
    takes it: a row per seat or side, which :mod:`game.rules.tally` reduces in one call."""
    return cast(Sequence[Any], a.T)


def _columns(a: np.ndarray) -> np.ndarray:
    """The sum of each row of a narrow array, column by column (quicker than a reduce)."""
    total = a[:, 0].astype(np.int64)
    for b in range(1, a.shape[1]):
        total = total + a[:, b]
    return total


class _Rounds:
    """The unfinished rounds' arrays, a row per round, dropped together as rounds end."""

    def __init__(self, **arrays: np.ndarray) -> None:
        self.__dict__.update(arrays)

    def __getattr__(self, name: str) -> np.ndarray:  # every field is an array (for mypy)
        raise AttributeError(name)

    def keep(self, rows: np.ndarray) -> None:
        """Keep only ``rows`` (a mask) of every array."""
        self.__dict__.update({name: a[rows] for name, a in vars(self).items()})


class Line(_Tiles):
    """Block's, Draw's and Cuban's rounds played out many at a time (see the module doc).

    A step plays every unfinished round's next move as :meth:`.kernel.Kernel._run_line`
    does: a play on end 0 (the tiles in order), then end 1, picked uniformly
    (``int(draw * count)``) or, ``modelled``, by the softmax; when nothing fits a draw
    while the boneyard lasts (Draw), else a pass; the round blocked when every seat
    passed in turn. :class:`Fives` keeps this step and changes what a play does to the
    line, how it is picked and how a round ends.
    """

    fives = False  # whether plays score (All Fives: :class:`Fives`)
    places = 2  # the line's open ends

    def __init__(self, kernel: Kernel, modelled: bool = False) -> None:
        machine = kernel.machine
        if not isinstance(machine, ln.LineMachine) or machine.spinners != self.fives:
            raise ValueError(f"{type(self).__name__} does not play {kernel.rules.name}")
        super().__init__(kernel)
        t = kernel.t
        self.kernel = kernel
        self.modelled = modelled
        self.drawing = kernel.drawing
        self.high = np.array(t.high, dtype=np.int64)
        self.low = np.array(t.low, dtype=np.int64)
        self.near = np.array(t.near, dtype=np.uint64)
        self.chance = np.array(t.chance, dtype=np.float64)  # the very floats the kernel adds
        self.side = np.array(kernel.side, dtype=np.int64)

    def run(
        self,
        hands: np.ndarray,
        bone: np.ndarray,
        rest: tuple[Any, ...],
        first: np.ndarray,
        draws: np.ndarray,
        rows: np.ndarray,
        watch: Watch | None = None,
    ) -> Generator[None, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Play every round out, as :meth:`Branches.run` (the same arguments and returns).

        ``rest`` is (the line's facts, the passes in a row, the seat index to
        move, the side scores); a ``first`` play on end -1 is the lead. ``watch``
        is shown the unfinished rounds, the seat to move, the hands, the open
        ends, the passes in a row and the tiles drawn (:meth:`_view`).
        """
        n = self.n
        count = hands.shape[0]
        line, passes, to_move, scores = rest
        r = _Rounds(
            held=hands.astype(np.uint64, copy=True),
            ends=np.tile(np.array(line[0][: self.places], dtype=np.int64), (count, 1)),
            passed=np.full(count, passes, dtype=np.int64),
            drawn=np.zeros(count, dtype=np.int64),  # from the boneyard's top
            mover=np.full(count, to_move, dtype=np.int64),
            used=np.zeros(count, dtype=np.int64),  # draws taken
            ids=np.arange(count),
            **self._more(line, count),
        )
        left = bone.shape[1] if self.drawing else 0
        rows = np.asarray(rows)
        results = (
            np.zeros((count, n), dtype=np.float64),  # gained
            np.zeros(count, dtype=np.int64),  # the winners' mask
            np.zeros(count, dtype=bool),  # the match over
        )
        scores_arr = np.array(scores, dtype=np.float64)
        one = np.uint64(1)
        tile, end = first[:, 0].astype(np.int64), first[:, 1].astype(np.int64)
        plays = np.arange(count)
        stuck = plays[:0]  # the rounds every seat just passed in
        while True:
            p = r.mover[plays]
            h = r.held[plays, p] ^ np.left_shift(one, tile.astype(np.uint64))
            r.held[plays, p] = h
            r.passed[plays] = 0
            r.mover[plays] = (p + 1) % n
            done, won = self._place(r, plays, p, tile, end, h == 0, scores_arr)
            if len(done) or len(stuck):
                done = np.concatenate([done, stuck])
                won = np.concatenate([won, np.full(len(stuck), -1, dtype=np.int64)])
                self._score(r, done, won, scores_arr, results)
                keep = np.ones(len(r.mover), dtype=bool)
                keep[done] = False
                r.keep(keep)
                if not len(r.mover):
                    return results
            yield
            if watch is not None:
                watch(self._view(r))
            h = r.held[np.arange(len(r.mover)), r.mover]
            fits = [h & self.suit[r.ends[:, e]] for e in range(self.places)]
            counts = [np.bitwise_count(m).astype(np.int64) for m in fits]
            total = _columns(np.stack(counts, axis=1))
            passing = total == 0
            q = np.nonzero(passing)[0]
            if left:  # a draw (ln.draws), and look again
                draw = ln.draws(self.drawing, left - r.drawn[q])
                d, q = q[draw], q[~draw]
                got = bone[r.ids[d], r.drawn[d]].astype(np.uint64)
                r.held[d, r.mover[d]] |= np.left_shift(one, got)
                r.drawn[d] += 1
            r.passed[q] += 1
            stuck = q[ln.blocked(r.passed[q], n)]
            r.mover[q] = (r.mover[q] + 1) % n
            plays = np.nonzero(~passing)[0]
            if not len(plays):
                tile = end = plays
                continue
            tile, end = self._choose(
                r, plays, h[plays], [m[plays] for m in fits], [c[plays] for c in counts],
                total[plays], lambda g: _take(r, g, draws, rows),
            )  # fmt: skip

    def _more(self, line: tuple[Any, ...], count: int) -> dict[str, np.ndarray]:
        """The rounds' arrays beyond the hands, ends, passes and draws (none here)."""
        return {}

    def _view(self, r: _Rounds) -> tuple[Array, ...]:
        """What ``watch`` is shown of the unfinished rounds."""
        return r.ids, r.mover, r.held, r.ends, r.passed, r.drawn

    def _place(
        self, r: _Rounds, plays: Array, p: Array, tile: Array, end: Array, out: Array, scores: Array
    ) -> tuple[Array, Array]:
        """Put each of ``plays``' tiles (seat ``p``'s) on its end, a lead (end -1) opening
        the line; the rounds it ended (``out``: a hand emptied) and their winning seats."""
        lead = end < 0
        if lead.any():
            q = plays[lead]
            r.ends[q, 0], r.ends[q, 1] = self.high[tile[lead]], self.low[tile[lead]]
        q, e = plays[~lead], end[~lead]
        r.ends[q, e] = self.other[tile[~lead] * self.width + r.ends[q, e]]
        return plays[out], p[out]

    def _choose(
        self,
        r: _Rounds,
        plays: Array,
        h: Array,
        fits: Arrays,
        counts: Arrays,
        total: Array,
        take: Take,
    ) -> tuple[Array, Array]:
        """The play (tile, end) of each round in ``plays`` whose seat to move holds ``h``,
        ``fits[e]`` of it matching end ``e`` (``counts[e]`` tiles, ``total`` in all);
        ``take(g)`` gives the next draw of the rounds ``plays[g]``."""
        x = take(plays)
        if self.modelled:
            return self._modelled(h, fits[0], fits[1], x)
        return _uniform(fits, counts, total, x)

    def _modelled(self, h: Array, ma: Array, mb: Array, x: Array) -> tuple[Array, Array]:
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

    def _score(self, r: _Rounds, done: Array, won: Array, scores: Array, results: Results) -> None:
        """The rounds ``done`` that just ended (``won``: -1 blocked), scored by the rules'
        functions as the kernel scores them: :func:`game.rules.cuban.hand_points` in Cuban,
        else :func:`game.rules.fives.round_end` on top of what each side scored in the round
        and :func:`game.rules.fives.leader` for the match."""
        gained, winners, over = results
        pips = _pips(self.bytes, r.held[done])
        ids = r.ids[done]
        if self.kernel.cuban:
            team, points, won_match = cb.hand_points(
                _rows(pips), won, list(scores), self.kernel.target
            )
            k = np.nonzero(team >= 0)[0]
            gained[ids[k], team[k]] = points[k]
            gained[ids[k], team[k] + 2] = points[k]
            winners[ids[k]] = np.left_shift(5, team[k])
            over[ids[k]] = won_match[k]
            return
        sides = self.kernel.sides
        side = np.zeros((len(won), sides), dtype=np.int64)
        for s in range(self.n):
            side[:, self.side[s]] += pips[:, s]
        went = np.where(won >= 0, self.side[np.maximum(won, 0)], -1)
        bonuses, won_by = fv.round_end(_rows(side), went, self.fives)
        bonus = np.stack(bonuses, axis=1).astype(np.float64)
        taken = np.stack(won_by, axis=1)
        in_round = self._in_round(r, done)
        seat_won = taken[:, self.side]
        gained[ids] = bonus[:, self.side] + in_round[:, self.side]
        winners[ids] = (seat_won * np.left_shift(1, np.arange(self.n))).sum(axis=1)
        totals = scores[None, :] + bonus + in_round
        over[ids] = fv.leader(_rows(totals), self.kernel.target) >= 0

    def _in_round(self, r: _Rounds, done: np.ndarray) -> np.ndarray:
        """What each side of the rounds ``done`` scored in play (nothing, but in All Fives)."""
        return np.zeros((len(done), self.kernel.sides), dtype=np.float64)


class Fives(Line):
    """All Fives' rounds played out many at a time, as :meth:`.kernel.Kernel._run_fives`.

    Four ends: W and E, then N and S once the spinner (the first double) has both
    long sides covered (``ln.spinner_after``). After every play the open
    ends are counted (``ln.share``, ``ln.with_lead``) and what the count scores
    (``fv.scored``) is scored at once; the side that is then the single leader at the
    target (``fv.leader``) ends the round and the match. A seat with nothing to play draws
    while the boneyard lasts. A choice is, with chance ``eps``, uniform over the plays
    in canonical order (W, E, N, S, tiles in order), else the heuristic play of
    :meth:`.kernel.Kernel._best_fives`: the most points, then leaving the next seat
    nothing to play, then the heaviest tile, the first in canonical order on a tie.
    The draws are taken as the scalar kernel takes them: one to decide (none when
    ``eps`` is 0 or 1), then one for a uniform pick.
    """

    fives = True
    places = 4

    def __init__(self, kernel: Kernel, eps: float) -> None:
        super().__init__(kernel)
        t = kernel.t
        self.eps = eps
        self.drawing = True  # the kernel draws while the boneyard lasts
        self.suit = np.append(self.suit, np.uint64(0))  # an end not open (-1) fits nothing
        self.pips = np.array(t.pips, dtype=np.int64)
        self.double = np.array(t.double, dtype=bool)
        self.target = kernel.target
        self.long = np.array(ln.LONG, dtype=bool)  # by end: the lead's long sides, W and E

    def _more(self, line: tuple[Any, ...], count: int) -> dict[str, np.ndarray]:
        """Each arm's whether it has a tile and whether its tip is a double, the lead's
        double and pips, the spinner's stage (``ln.spinner_stage``), its arm ``sx`` and
        number ``sv``, what each side scored and whether it reached the target."""
        _, armd, tipd, leadd, lead_pips, spin, sx, sv = line
        return {
            "armd": np.tile(np.array(armd, dtype=bool), (count, 1)),
            "tipd": np.tile(np.array(tipd, dtype=bool), (count, 1)),
            "leadd": np.full(count, leadd == 1),
            "lead_pips": np.full(count, lead_pips, dtype=np.int64),
            "spin": np.full(count, spin, dtype=np.int64),
            "sx": np.full(count, sx, dtype=np.int64),
            "sv": np.full(count, sv, dtype=np.int64),
            "in_round": np.zeros((count, self.kernel.sides), dtype=np.float64),
            "reached": np.zeros(count, dtype=bool),
        }

    def _view(self, r: _Rounds) -> tuple[Array, ...]:
        """What ``watch`` is shown: as the line's, and what each side scored."""
        return (*super()._view(r), r.in_round)

    def _place(
        self, r: _Rounds, plays: Array, p: Array, tile: Array, end: Array, out: Array, scores: Array
    ) -> tuple[Array, Array]:
        """The line's placing, then the arms and the spinner, the count scored and the
        target (see the class doc): the rounds ended are those that reached it or went out."""
        super()._place(r, plays, p, tile, end, out, scores)
        lead = end < 0
        q, i = plays[lead], tile[lead]
        if len(q):
            r.leadd[q] = self.double[i]
            r.lead_pips[q] = self.pips[i]
            r.spin[q] = ln.spinner_led(self.double[i])
            r.sv[q] = np.where(self.double[i], self.high[i], -1)
        q, i, e = plays[~lead], tile[~lead], end[~lead]
        r.armd[q, e] = True
        r.tipd[q, e] = self.double[i]
        spin = r.spin[q]
        covered = r.armd[q, 0], r.armd[q, 1]
        r.spin[q], r.sx[q], opens = ln.spinner_after(spin, r.sx[q], e, self.double[i], *covered)
        new = (spin == ln.NO_SPINNER) & (r.spin[q] != ln.NO_SPINNER)  # this tile is the spinner
        r.sv[q] = np.where(new, self.high[i], r.sv[q])
        o = q[opens]
        r.ends[o, 2] = r.ends[o, 3] = r.sv[o]
        armd = r.armd[plays]
        shares = ln.share(r.ends[plays], armd, r.tipd[plays], r.leadd[plays, None], self.long)
        total = ln.with_lead(_columns(shares), armd[:, 0], armd[:, 1], r.lead_pips[plays])
        points = fv.scored(total)
        scoring = points > 0
        if scoring.any():
            q, s = plays[scoring], self.side[p[scoring]]
            r.in_round[q, s] += points[scoring]
            now = scores[None, :] + r.in_round[q]
            r.reached[q] = fv.leader(_rows(now), self.target) == s
        ended = out | r.reached[plays]
        return plays[ended], p[ended]

    def _choose(
        self,
        r: _Rounds,
        plays: Array,
        h: Array,
        fits: Arrays,
        counts: Arrays,
        total: Array,
        take: Take,
    ) -> tuple[Array, Array]:
        """With chance ``eps`` a uniform pick, else the heuristic one (see the class doc)."""
        if self.eps >= 1.0:
            return _uniform(fits, counts, total, take(plays))
        chance = np.zeros(len(plays), dtype=bool)
        if self.eps > 0.0:
            chance = take(plays) < self.eps
        tile = np.zeros(len(plays), dtype=np.int64)
        end = np.zeros(len(plays), dtype=np.int64)
        g = np.nonzero(chance)[0]
        if len(g):
            picked = ([m[g] for m in fits], [c[g] for c in counts], total[g], take(plays[g]))
            tile[g], end[g] = _uniform(*picked)
        g = np.nonzero(~chance)[0]
        if len(g):
            tile[g], end[g] = self._best(r, plays[g], [m[g] for m in fits])
        return tile, end

    def _best(self, r: _Rounds, q: Array, fits: Arrays) -> tuple[Array, Array]:
        """:meth:`.kernel.Kernel._best_fives` for the rounds ``q``: each play's
        :func:`.kernel.preference`, the first greatest in canonical order.

        A play on end ``e`` changes only that end's share of the count (a play always leaves
        W or E with a tile, and N and S count nothing until they have one), so its count is
        the others' shares and the new tip's; the numbers the next seat must match are the
        other ends', the new tip's and, when the play opens N and S, the spinner's."""
        one = np.uint64(1)
        following = r.held[q, (r.mover[q] + 1) % self.n]
        ends, armd, spin, sx = r.ends[q], r.armd[q], r.spin[q], r.sx[q]
        tipd, leadd = r.tipd[q], r.leadd[q]
        shares = ln.share(ends, armd, tipd, leadd[:, None], self.long)
        counted = _columns(shares)
        suits = self.suit[ends]
        spinner = self.suit[r.sv[q]]
        best = np.full(len(q), -1, dtype=np.int64)
        tile = np.zeros(len(q), dtype=np.int64)
        end = np.zeros(len(q), dtype=np.int64)
        for e, m in enumerate(fits):
            after = armd[:, 0] | (e == 0), armd[:, 1] | (e == 1)  # W and E after this play
            opens = ln.spinner_opens(spin, sx, e, *after)
            rest = counted - shares[:, e]
            seen = np.where(opens, spinner, np.uint64(0))
            for k in range(4):
                if k != e:
                    seen = seen | suits[:, k]
            for _ in range(int(np.bitwise_count(m).max())):
                bit = m & (~m + one)
                there = m != 0
                m = m ^ bit
                i = np.maximum(_index(bit), 0)
                tip = self.other[i * self.width + ends[:, e]]
                points = rest + ln.share(tip, True, self.double[i], False, False)
                stuck = (following & (seen | self.suit[tip])) == 0
                key = preference(fv.scored(points), stuck, self.pips[i])
                better = there & (key > best)
                best = np.where(better, key, best)
                tile = np.where(better, i, tile)
                end = np.where(better, e, end)
        return tile, end

    def _score(self, r: _Rounds, done: Array, won: Array, scores: Array, results: Results) -> None:
        """The rounds ``done`` that just ended: a side that reached the target in play
        (``reached``) takes what it scored in the round and the match, the others end as
        the line's."""
        gained, winners, over = results
        hit = r.reached[done]
        if hit.any():
            t = done[hit]
            ids = r.ids[t]
            gained[ids] = r.in_round[t][:, self.side]
            mine = self.side[None, :] == self.side[won[hit]][:, None]
            winners[ids] = (mine * np.left_shift(1, np.arange(self.n))).sum(axis=1)
            over[ids] = True
        super()._score(r, done[~hit], won[~hit], scores, results)

    def _in_round(self, r: _Rounds, done: np.ndarray) -> np.ndarray:
        points: np.ndarray = r.in_round[done]
        return points


def _take(r: _Rounds, plays: np.ndarray, draws: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The next draw of each round in ``plays`` (round ``g``'s are ``draws[rows[g]]``)."""
    x: np.ndarray = draws[rows[r.ids[plays]], r.used[plays]]
    r.used[plays] += 1
    return x


def _uniform(fits: Arrays, counts: Arrays, total: Array, x: Array) -> tuple[Array, Array]:
    """The ``int(x * total)``-th play (tile, end) in canonical order: end 0's tiles in
    order, then end 1's …, as the scalar kernel counts them off."""
    r = (x * total).astype(np.int64)
    end = np.zeros(len(r), dtype=np.int64)
    m, before, start = fits[0], np.zeros(len(r), dtype=np.int64), counts[0]
    for e in range(1, len(fits)):
        on = r >= start  # at or past end e's first play
        end = np.where(on, e, end)
        m = np.where(on, fits[e], m)
        before = np.where(on, start, before)
        start = start + counts[e]
    return _nth(m, r - before), end


def _split(masks: list[Any], words: int) -> Array:
    """Int masks (a list, or a list of lists) as ``words`` uint64s each, the lowest bits
    first: an array with one more axis, the words last."""
    a = np.array(masks, dtype=object)
    full = (1 << 64) - 1
    return np.stack([(a >> 64 * k & full).astype(np.uint64) for k in range(words)], axis=-1)


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


def _top(m: np.ndarray) -> np.ndarray:
    """The index of the highest set bit of each row of words (the last axis), -1 if none:
    each half word's as its float's exponent (32 bits convert exactly; 64 might round up)."""
    half = m >> np.uint64(32)
    upper = np.frexp(half.astype(np.float64))[1] + 31
    lower = np.frexp((m & np.uint64(0xFFFFFFFF)).astype(np.float64))[1] - 1
    high = np.where(half != 0, upper, lower)
    top: np.ndarray = np.where(high >= 0, high + 64 * np.arange(m.shape[-1]), -1).max(axis=-1)
    return top
