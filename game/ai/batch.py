"""Many playouts at once, stepped together on numpy arrays.

A decision plays thousands of rounds from one public table; they differ only
in the guessed hands, the candidate's first play and the random numbers. The
scalar kernel (:meth:`.kernel.Kernel.run`) plays them one after another, a
Python loop per move; here every array holds one entry per round and a step
makes every unfinished round's next move at once, so the loop runs once per
move for all of them.

:class:`Batch` is that loop, and knows no family: the rules' steps are the
family's machine's row steps (:class:`game.rules.machine.Rows`), written in
its rules module on the same rule functions as its scalar steps. It chooses
as the kernel chooses, move for move, from the same numbers: a row of
``draws`` per round, given ahead (the numbers the kernel would take from
``rand`` in turn), so the same numbers give the same rounds. It returns, per
round, what each seat gained, the winning seats as a bit mask (seat ``s`` is
bit ``s``) and whether the match is over.

:class:`Branches` (Longana, uniformly random) and :class:`Trains` (Mexican
Train, its hands two words wide for the 91 tiles, cut after the level's
``steps``) are still their own copies of their families' steps, kept equal
to the engine's by the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from functools import partial
from typing import Any, cast

import numpy as np

from ..rules import longana as lg
from ..rules import mexican_train as mt
from ..rules.machine import Position, Rows
from .kernel import Kernel, preference

Watch = Callable[[Any], None]  # shown the rounds before each step (tests)

Array = np.ndarray
Take = Callable[[np.ndarray], np.ndarray]  # the next draws of some rounds
Results = tuple[np.ndarray, np.ndarray, np.ndarray]  # gained, the winners' masks, match over

NEVER = lg.NEVER  # the rank of a branch not yet opened this round


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


class Branches(_Tiles):
    """Longana rounds played out many at a time (see the module doc)."""

    def __init__(self, kernel: Kernel) -> None:
        if not isinstance(kernel.machine, lg.Machine):
            raise ValueError("the batch plays Longana's branches only")
        super().__init__(kernel)
        self.target = kernel.target
        self.doubles = np.uint64(kernel.t.doubles)

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
        match is over: :meth:`game.rules.longana.Machine.end`.
        """
        n = self.n
        count = hands.shape[0]
        table, _, to_move, scores = rest
        ends0, opened0, ranked0 = table.ends, list(table.opened), table.ranked
        if opened0 != [s for s in ranked0 if s in opened0]:
            raise ValueError("open branches out of their first-opening order (lg.reopened)")
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
            ended = lg.round_over(h, anyone & reach)
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
            # the seat to move in every round: what it may play where (lg.open_to)
            g = np.arange(len(mover))
            h = held[g, mover]
            own = seats[None, :] == mover[:, None]
            fits = self.suit[ends] & h[:, None]
            # which open branch opened first of those ending alike: only where two are open
            rival = opened & ~own
            alike = np.ones(rival.shape, dtype=bool)
            q = np.nonzero(_columns(rival.view(np.int8)) >= 2)[0]
            if len(q):
                e, k, v = ends[q], rank[q], rival[q]
                alike[q] = lg.first_alike(_against(e), _against(v), _against(k), e, k)
            fits = lg.open_to(own, opened, alike, fits, self.doubles)
            counts = np.bitwise_count(fits).astype(np.int64)
            total = _columns(counts)
            passing = total == 0
            if passing.any():  # the pass opens the branch, ranked as lg.reopened ranks it
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

    def _score(
        self,
        hands: np.ndarray,
        won: np.ndarray,
        scores: np.ndarray,
        ids: np.ndarray,
        gained: np.ndarray,
        winners: np.ndarray,
        over: np.ndarray,
    ) -> None:
        """:func:`game.rules.longana.round_points` for the rounds ``ids`` that just ended
        (``won``: -1 blocked)."""
        pips = _pips(self.bytes, hands)
        w, points, ends = lg.round_points(_rows(pips), won, list(scores), self.target)
        total = points.astype(np.float64)
        won = np.nonzero(w >= 0)[0]
        gained[ids[won], w[won]] = total[won]
        winners[ids] = np.where(w >= 0, np.left_shift(1, np.maximum(w, 0)), 0)
        over[ids] = ends


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
    """The unfinished rounds' arrays, a row per round, dropped together as rounds end; and
    what ``fixed`` holds, the same however many are left (read by round id, or by none)."""

    def __init__(self, fixed: dict[str, Any] | None = None, **arrays: np.ndarray) -> None:
        self.__dict__.update(fixed or {})
        self.__dict__.update(arrays)
        self.names = list(arrays)

    def __getattr__(self, name: str) -> Any:  # the fields are the family's (for mypy)
        raise AttributeError(name)

    def keep(self, rows: np.ndarray) -> None:
        """Keep only ``rows`` (a mask) of every array."""
        fields = self.__dict__
        fields.update({name: fields[name][rows] for name in self.names})


class Tables:
    """The rules' tile tables (:class:`~game.rules.machine.Bits`) as numpy arrays, under the
    same names, which a family's row steps read as its scalar steps read the lists: ``b.other``,
    ``b.suit`` (with a last row that nothing fits: an end not open, -1), ``b.bit[i]`` tile
    ``i``'s mask, and :meth:`pip_total` of an array of hands. With ``words`` (Mexican Train's
    91 tiles do not fit a uint64) a mask is a row of ``words`` uint64s, tile ``i`` the bit
    ``i % 64`` of word ``i // 64``; else one uint64."""

    def __init__(self, t: Any, words: int) -> None:
        self.words = words
        self.tiles = len(t.tiles)
        self.width = t.width
        self.suit = self.masks([*t.suit, 0])
        self.bit = self.masks([1 << i for i in range(self.tiles)])
        self.other = np.array(t.other, dtype=np.int64)
        self.high = np.array(t.high, dtype=np.int64)
        self.low = np.array(t.low, dtype=np.int64)
        self.pips = np.array(t.pips, dtype=np.int64)
        self.double = np.array(t.double, dtype=bool)
        self.bytes = np.array(t._bytes, dtype=np.int64)  # [byte k][its value]: pips

    def masks(self, masks: list[Any]) -> Array:
        """Int masks (a list, or a list of lists) as the batch holds them."""
        return _split(masks, self.words) if self.words else np.array(masks, np.uint64)

    def pip_total(self, hands: Array) -> Array:
        """The pips of each mask of ``hands``."""
        if self.words:
            return self.tiles_of(hands) @ self.pips
        return _pips(self.bytes, hands)

    def tiles_of(self, masks: Array) -> Array:
        """Rows of words as rows of their bits, bit ``i`` of a row tile ``i``."""
        little = masks.astype("<u8", copy=False)
        bits = np.unpackbits(little.view(np.uint8), axis=-1, bitorder="little")
        return bits[..., : self.tiles]


class Batch:
    """Many rounds of one rule set played out at once on its family's machine (module doc).

    The machine's row steps (:class:`~game.rules.machine.Rows`) do what the rules do; this
    loop is the kernel's (:meth:`.kernel.Kernel.run`) for every round at once: the mover's
    places, a choice among them (``eps``-uniform, else the heuristic one, or ``model``'s
    softmax), a play or (nothing to play, or the move without a tile) the machine's stuck step,
    until a step says a round is over or ``steps`` moves past the first cut it short.
    """

    def __init__(
        self, kernel: Kernel, eps: float = 1.0, model: bool = False, steps: int = 100000
    ) -> None:
        if not hasattr(kernel.machine, "play_rows"):
            raise ValueError(f"The batch has no rows to play {kernel.rules.name!r} on")
        self.machine = cast(Rows[Any], kernel.machine)
        self.kernel = kernel
        self.n = kernel.players
        tiles = len(kernel.t.tiles)
        self.b = Tables(kernel.t, 0 if tiles <= 64 else -(-tiles // 64))
        self.eps, self.steps = eps, steps
        self.modelled = model and kernel.modelled
        self.weighs = kernel.machine.weighs
        if self.modelled:
            # tile i's weight from a hand holding c tiles that share a number with it is
            # chance[i][c] (the kernel's floats); a last row (tile -1: none) of zeros
            self.near = np.array([*kernel.t.near, 0], dtype=np.uint64)
            chance = np.array(kernel.t.chance, dtype=np.float64)
            self.chance = np.zeros((tiles + 1, tiles + 1))
            self.chance[:tiles, 1:] = chance

    def masks(self, hands: list[list[int]]) -> Array:
        """Each round's hands (tile-bit ints, rounds x seats) as the batch holds them."""
        return self.b.masks(hands)

    def run(
        self,
        hands: Array,
        bone: Array,
        rest: tuple[Any, ...],
        first: Array,
        draws: Array,
        rows: Array,
        watch: Watch | None = None,
    ) -> Generator[None, None, Results]:
        """Play every round out; a generator yielding after each move of them all.

        ``hands`` (rounds x seats, :meth:`masks`) are each round's hands and ``bone`` its
        boneyard (rounds x tiles, top first); ``rest`` the rest of the kernel's
        :class:`~game.rules.machine.Position`, the same for all: the table, the passes, the
        seat index to move and the scores; ``first`` (rounds x 2) each round's first move
        (:func:`.kernel.move_of`: tile -1 the move without a tile); round ``g`` takes its
        draws from ``draws[rows[g]]`` in turn. ``watch`` (for the tests) is shown the
        unfinished rounds (their ``ids``, the machine's fields) before every choice.
        Returns, per round, what each seat gained, the winners as a mask (seat ``s`` is bit
        ``s``) and whether the match is over: :meth:`game.rules.machine.Machine.end`.
        """
        m, b, n = self.machine, self.b, self.n
        count = hands.shape[0]
        table, passes, mover, scores = rest
        start = self.kernel.machine.round(Position([0] * n, [], table, passes, mover, scores))
        r = _Rounds(
            {"boneyard": np.asarray(bone), "start": start},
            hands=hands.astype(np.uint64, copy=True),
            mover=np.full(count, mover, dtype=np.int64),
            used=np.zeros(count, dtype=np.int64),  # draws taken
            ids=np.arange(count),
            **m.rows(start, partial(_spread, count)),
        )
        results = (
            np.zeros((count, n), dtype=np.float64),  # gained
            np.zeros(count, dtype=np.int64),  # the winners' mask
            np.zeros(count, dtype=bool),  # the match over
        )
        take = partial(_take, r, draws=draws, rows=np.asarray(rows))
        tile, place = first[:, 0].astype(np.int64), first[:, 1].astype(np.int64)
        plays, idle = np.nonzero(tile >= 0)[0], np.nonzero(tile < 0)[0]
        tile, place = tile[plays], place[plays]
        for step in range(self.steps + 1):
            ended = plays[m.play_rows(r, b, plays, tile, place)] if len(plays) else plays
            if len(idle):
                ended = np.concatenate([ended, idle[m.stuck_rows(r, b, idle)]])
            if len(ended):
                self._end(r, ended, results)
                keep = np.ones(len(r.mover), dtype=bool)
                keep[ended] = False
                r.keep(keep)
                if not len(r.mover):
                    return results
            yield
            if step == self.steps:
                break
            if watch is not None:
                watch(r)
            held = r.hands[np.arange(len(r.mover)), r.mover]
            fits, without = m.fits_rows(r, b, held)
            counts = [np.bitwise_count(x).astype(np.int64) for x in fits]
            if b.words:
                counts = [c.sum(axis=-1) for c in counts]
            total = sum(counts[1:], counts[0])
            plays = np.nonzero(total)[0]
            idle = np.nonzero(total == 0)[0]  # nothing to play: the stuck step
            if not len(plays):
                tile = place = plays
                continue
            extra = without
            if len(idle):  # else every round plays: its arrays as they are
                fits, counts = [x[plays] for x in fits], [c[plays] for c in counts]
                held, total = held[plays], total[plays]
                extra = None if without is None else without[plays]
            tile, place = self._choose(r, plays, held, fits, counts, total, extra, take)
            if extra is not None:  # the move without a tile (place -1) is the stuck step
                moving = place >= 0
                idle = np.concatenate([idle, plays[~moving]])
                plays, tile, place = plays[moving], tile[moving], place[moving]
        self._end(r, np.arange(len(r.mover)), results)  # cut short: the machine scores them
        return results

    def _end(self, r: _Rounds, ended: Array, results: Results) -> None:
        """The machine's end of the rounds ``ended``, written in ``results`` by their ids."""
        gained, winners, over = results
        points, won, finished = self.machine.end_rows(r, self.b, ended)
        ids = r.ids[ended]
        mask: Any = 0
        for s in range(self.n):
            gained[ids, s] = points[s]
            mask = mask + won[s] * (1 << s)
        winners[ids] = mask
        over[ids] = finished

    def _choose(
        self,
        r: _Rounds,
        q: Array,
        held: Array,
        fits: list[Array],
        counts: list[Array],
        total: Array,
        without: Array | None,
        take: Take,
    ) -> tuple[Array, Array]:
        """The move (tile, place; place -1 the move without a tile) in each round of ``q``,
        whose mover holds ``held``, ``fits[e]`` of it fitting place ``e`` (``counts[e]``
        tiles, ``total`` in all; ``without`` 1 where the move without a tile is offered
        too), its draws taken as the kernel takes them: one for the model's pick, else one
        to decide (none when ``eps`` is 0 or 1), then one for a uniform pick."""
        if self.modelled:
            return self._modelled(held, fits, take(q))
        if self.eps >= 1.0:
            return self._uniform(fits, counts, total, without, take(q))
        chance = take(q) < self.eps if self.eps > 0.0 else np.zeros(len(q), dtype=bool)
        tile = np.zeros(len(q), dtype=np.int64)
        place = np.zeros(len(q), dtype=np.int64)
        g = np.nonzero(chance)[0]
        if len(g):
            some = [x[g] for x in fits], [c[g] for c in counts], total[g]
            tile[g], place[g] = self._uniform(
                *some, None if without is None else without[g], take(q[g])
            )
        g = np.nonzero(~chance)[0]
        if len(g):
            tile[g], place[g] = self._best(r, q[g], [x[g] for x in fits])
        return tile, place

    def _uniform(
        self, fits: list[Array], counts: list[Array], total: Array, without: Array | None, x: Array
    ) -> tuple[Array, Array]:
        """The ``int(x * moves)``-th move in canonical order: the move without a tile first
        where offered, then place 0's tiles in order, place 1's …, as the kernel counts."""
        if without is None:
            pick = (x * total).astype(np.int64)
        else:
            pick = (x * (total + without)).astype(np.int64) - without
        place = np.zeros(len(pick), dtype=np.int64)
        m, before, start = fits[0], np.zeros(len(pick), dtype=np.int64), counts[0]
        for e in range(1, len(fits)):
            on = pick >= start  # at or past place e's first tile
            place = np.where(on, e, place)
            m = np.where(on[:, None] if self.b.words else on, fits[e], m)
            before = np.where(on, start, before)
            start = start + counts[e]
        k = pick - before
        if self.b.words:
            tile = (np.cumsum(self.b.tiles_of(m), axis=1, dtype=np.int64) > k[:, None]).argmax(
                axis=1
            )
        else:
            tile = _nth(m, np.maximum(k, 0))
        moving = pick >= 0
        return np.where(moving, tile, -1), np.where(moving, place, -1)

    def _modelled(self, h: Array, fits: list[Array], x: Array) -> tuple[Array, Array]:
        """The softmax's picks for draws ``x``, as :meth:`.kernel.Kernel._modelled`: the
        weights summed from 0 and then taken off ``x * sum`` one by one, in canonical order,
        the pick the first that leaves less than 0 (a play not there adds and takes 0.0,
        which changes no float; what is left only falls, so the pick's column is the count
        of those at or above 0)."""
        tiles, places = [], []  # per move in canonical order: its tile in each round, its place
        for e, m in enumerate(fits):
            for _ in range(int(np.bitwise_count(m).max())):
                bit = m & -m
                tiles.append(_index(bit))  # -1 where the place has no more: weighs 0.0
                places.append(e)
                m = m ^ bit
        weights = []
        total = np.zeros(len(h), dtype=np.float64)
        for i in tiles:
            w = self.chance[i, np.bitwise_count(h & self.near[i])]
            weights.append(w)
            total = total + w
        left = x * total
        k = np.zeros(len(h), dtype=np.int64)
        for w in weights:
            left = left - w
            k += left >= 0
        at = np.arange(len(h))
        column = np.stack(tiles)
        missed = np.nonzero(k == len(tiles))[0]  # rounding left some: the last play
        if len(missed):
            k[missed] = len(tiles) - 1 - (column[::-1, missed] >= 0).argmax(axis=0)
        return column[k, at], np.array(places)[k]

    def _best(self, r: _Rounds, q: Array, fits: list[Array]) -> tuple[Array, Array]:
        """The heuristic move, as :meth:`.kernel.Kernel._best`: the greatest
        :func:`.kernel.preference` of what the machine's ``effects_rows`` says a play does
        (the heaviest tile, where the machine weighs nothing else), the first in canonical
        order on a tie."""
        b = self.b
        if not self.weighs:  # a place's tiles share its number: its heaviest is its highest
            stacked = np.stack(fits, axis=1)
            top = _top(stacked if b.words else stacked[:, :, None])
            weight = np.where(top >= 0, b.pips[np.maximum(top, 0)], -1)
            place = weight.argmax(axis=1)
            return top[np.arange(len(q)), place], place
        one = np.uint64(1)
        following = r.hands[q, (r.mover[q] + 1) % self.n]
        best = np.full(len(q), -1, dtype=np.int64)
        tile = np.zeros(len(q), dtype=np.int64)
        place = np.zeros(len(q), dtype=np.int64)
        effects = self.machine.effects_rows(r, b, q)
        for e, m in enumerate(fits):
            for _ in range(int(np.bitwise_count(m).max())):
                bit = m & (~m + one)
                there = m != 0
                m = m ^ bit
                i = np.maximum(_index(bit), 0)
                points, after = effects(e, i)
                key = preference(
                    0 if points is None else points, (following & after) == 0, b.pips[i]
                )
                better = there & (key > best)
                best = np.where(better, key, best)
                tile = np.where(better, i, tile)
                place = np.where(better, e, place)
        return tile, place


def _spread(count: int, value: Any) -> Array:
    """``value`` (a number, or a list of them) repeated for ``count`` rounds: a row each."""
    a = np.array(value)
    return np.tile(a, (count,) + (1,) * a.ndim)


class Trains(_Tiles):
    """Mexican Train's rounds played out many at a time, as the rules' machine plays them
    (:class:`game.rules.mexican_train.Machine`).

    A step is one pass of the scalar loop in every unfinished round: a play, a draw, an
    ``end`` or a pass. The trains are held in canonical order (by name, the Mexican among
    them), each seat's marker by its train (the Mexican's always up), and the doubles
    waiting by the rank they were left in: ``bound`` (owed, the oldest first: see
    ``mt.trains_open``) and ``fresh`` (not yet: ``mt.binds``), a rank a round's counter
    gives, so the binding ones
    always rank before the fresh. A double's number is its train's open end until it is
    covered. A choice is, with chance ``eps``, uniform over the legal actions in canonical
    order (``end`` first, then the plays, trains by name, tiles in order), else the
    heaviest tile, the first in canonical order; the draws are taken as the kernel takes
    them. A round is cut after ``steps`` steps past the first play and scored from the
    pips in hand. Hands are rows of words (:class:`_Tiles`): 91 tiles.
    """

    def __init__(self, kernel: Kernel, eps: float, steps: int) -> None:
        if not isinstance(kernel.machine, mt.Machine):
            raise ValueError(f"Trains does not play {kernel.rules.name}")
        self.words = -(-len(kernel.t.tiles) // 64)
        super().__init__(kernel)
        self.eps = eps
        self.steps = steps
        self.order = np.array(kernel.machine.order, dtype=np.int64)  # column -> train
        self.column = np.argsort(self.order)  # train -> column
        self.tiles = len(kernel.t.tiles)
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
        watch: Watch | None = None,
    ) -> Generator[None, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Play every round out, as :meth:`Branches.run` (the same arguments and returns;
        ``hands`` rounds x seats x words).

        ``rest`` is the kernel's (table, 0, the seat index to move, the scores), the table
        as :meth:`.kernel.Kernel.position` gives it; a ``first`` of tile -1 is
        ``end`` (:func:`.kernel.move_of`). ``watch`` is shown the
        unfinished rounds: their ids, the seat to move, the hands, the tiles drawn, the
        trains' ends and markers (by column), the bound and fresh doubles' ranks
        (:data:`NEVER` none), the first turns had, the tiles played this turn, whether the
        seat drew.
        """
        n, width = self.n, self.n + 1
        count = hands.shape[0]
        table, _, to_move, _ = rest
        ends0, markers0, pending0, fresh0 = table.ends, table.markers, table.pending, table.fresh
        firsts, played, drawn, last = table.firsts, table.played, table.drawn, table.last
        column = self.column
        ends = np.array(ends0, dtype=np.int64)[self.order]
        up = np.append(np.array(markers0, dtype=bool), True)[self.order]  # the Mexican's up
        bound = np.full(width, NEVER, dtype=np.int64)
        fresh = bound.copy()
        for k, (x, _) in enumerate(pending0):
            bound[column[x]] = k
        for k, (x, _) in enumerate(fresh0):
            fresh[column[x]] = len(pending0) + k
        r = _Rounds(
            held=hands.astype(np.uint64, copy=True),
            ends=np.tile(ends, (count, 1)),
            up=np.tile(up, (count, 1)),
            bound=np.tile(bound, (count, 1)),
            fresh=np.tile(fresh, (count, 1)),
            ranks=np.full(count, len(pending0) + len(fresh0), dtype=np.int64),
            owed=np.full(count, len(pending0), dtype=np.int64),  # the bound doubles
            new=np.full(count, len(fresh0), dtype=np.int64),  # the fresh doubles
            firsts=np.full(count, firsts, dtype=np.int64),
            played=np.full(count, played, dtype=np.int64),
            drawn=np.full(count, drawn, dtype=bool),
            bp=np.zeros(count, dtype=np.int64),  # tiles drawn from the boneyard's top
            mover=np.full(count, to_move, dtype=np.int64),
            used=np.zeros(count, dtype=np.int64),  # draws taken
            ids=np.arange(count),
        )
        left = bone.shape[1]
        rows = np.asarray(rows)
        results = (
            np.zeros((count, n), dtype=np.float64),  # gained: the pips in hand
            np.zeros(count, dtype=np.int64),  # the winners' mask
            np.zeros(count, dtype=bool),  # the match over
        )
        seats, columns = np.arange(n), np.arange(width)
        own = column[seats]  # each seat's train's column
        tile = first[:, 0].astype(np.int64)
        plays = np.nonzero(tile >= 0)[0]
        idle = np.nonzero(tile < 0)[0]  # the rounds whose turn ends without a play: ``end``
        tile = tile[plays]
        place = column[np.where(first[plays, 1] < 0, n, first[plays, 1])]
        for done in range(self.steps + 1):
            turning, ended = self._play(r, plays, tile, place, own)
            turning = np.concatenate([turning, idle])
            ended = np.concatenate([ended, self._turn(r, turning, left)])
            if len(ended):
                self._score(r, ended, last, results)
                keep = np.ones(len(r.mover), dtype=bool)
                keep[ended] = False
                r.keep(keep)
                if not len(r.mover):
                    return results
            yield
            if done == self.steps:
                break
            if watch is not None:
                watch((r.ids, r.mover, r.held, r.bp, r.ends, r.up, r.bound, r.fresh,
                       r.firsts, r.played, r.drawn))  # fmt: skip
            g = np.arange(len(r.mover))
            starting = r.firsts < n  # a first turn
            mine = columns[None, :] == own[r.mover][:, None]
            owing = r.owed > 0
            oldest = columns[None, :] == r.bound.argmin(axis=1)[:, None]
            allowed = mt.trains_open(starting[:, None], mine, r.up, oldest, owing[:, None])
            fits = self.suit[r.ends] & r.held[g, r.mover][:, None, :]
            fits = np.where(allowed[:, :, None], fits, np.uint64(0))
            bits = np.bitwise_count(fits)
            counts = bits[:, :, 0].astype(np.int64)
            for w in range(1, self.words):
                counts += bits[:, :, w]
            total = counts.sum(axis=1)
            closing = mt.may_end(starting, r.played).astype(np.int64)  # ``end`` is legal
            tile = np.full(len(g), -1, dtype=np.int64)
            place = np.zeros(len(g), dtype=np.int64)
            q = np.nonzero(total > 0)[0]
            if len(q):
                take = partial(_take, r, draws=draws, rows=rows)
                tile[q], place[q] = self._choose(q, fits[q], counts[q], total[q], closing[q], take)
            chosen = tile >= 0
            plays, q = np.nonzero(chosen)[0], np.nonzero(~chosen)[0]
            tile, place = tile[plays], place[plays]
            chain = mt.may_end(starting[q], r.played[q])  # ``end`` of the first turn's chain
            drawing = mt.draws(starting[q], left - r.bp[q], r.drawn[q])
            d = q[drawing & ~chain]
            if len(d):
                got = bone[r.ids[d], r.bp[d]]
                r.held[d, r.mover[d], got // 64] |= np.left_shift(
                    np.uint64(1), (got % 64).astype(np.uint64)
                )
                r.bp[d] += 1
                r.drawn[d] = True
            passing = q[~drawing & ~chain]
            at = own[r.mover[passing]]
            r.up[passing, at] = mt.marker(r.up[passing, at], True, False)
            idle = q[~drawing | chain]
        ended = np.arange(len(r.mover))  # cut short: scored from the pips in hand
        self._score(r, ended, None, results)
        return results

    def _play(
        self, r: _Rounds, plays: Array, tile: Array, place: Array, own: Array
    ) -> tuple[Array, Array]:
        """Each of ``plays``' seat to move puts ``tile`` on the train in column ``place``:
        its marker as :func:`game.rules.mexican_train.marker` leaves it, the oldest
        obligation there met, a fresh double there covered, a double played left fresh.
        Returns the rounds whose turn ends and those that went out (``mt.goes_out``)."""
        n = self.n
        p = r.mover[plays]
        bit = np.left_shift(np.uint64(1), (tile % 64).astype(np.uint64))
        r.held[plays, p, tile // 64] ^= bit
        empty = ~r.held[plays, p].any(axis=1)
        r.ends[plays, place] = self.other[tile * self.width + r.ends[plays, place]]
        r.up[plays, own[p]] = mt.marker(r.up[plays, own[p]], False, place == own[p])
        w = np.nonzero(r.owed[plays] > 0)[0]
        if len(w):
            q, at = plays[w], place[w]
            met = r.bound[q].argmin(axis=1) == at
            r.bound[q[met], at[met]] = NEVER
            r.owed[q[met]] -= 1
        covered = r.fresh[plays, place] < NEVER
        r.new[plays[covered]] -= 1
        r.fresh[plays, place] = NEVER
        double = self.double[tile]
        q = plays[double]
        r.fresh[q, place[double]] = r.ranks[q]
        r.ranks[q] += 1
        r.new[q] += 1
        r.played[plays] += 1
        r.drawn[plays] = False
        starting = r.firsts[plays] < n
        goes_on = mt.goes_on(starting, double, ~empty)
        out = mt.goes_out(starting, ~empty)
        return plays[~goes_on & ~out], plays[out]

    def _turn(self, r: _Rounds, q: np.ndarray, left: int) -> np.ndarray:
        """The turn ends in the rounds ``q``: uncovered doubles bind (``mt.binds``), the
        next seat moves. Returns the rounds that ended: at the end of the lap of first
        turns a hand emptied in one (``mt.goes_out``), or with the boneyard empty no tile
        in any hand could be placed (``mt.could_ever``)."""
        if not len(q):
            return q
        n = self.n
        starting = r.firsts[q] < n
        r.firsts[q] += starting
        binding: Array = mt.binds(starting, r.firsts[q], n)
        later: Array = q[binding]
        lap: Array = q[starting & binding]
        m = later[r.new[later] > 0]
        if len(m):
            f = r.fresh[m]
            r.bound[m] = np.where(f < NEVER, f, r.bound[m])
            r.fresh[m] = NEVER
            r.owed[m] = (r.bound[m] < NEVER).sum(axis=1)
            r.new[m] = 0
        r.mover[q] = (r.mover[q] + 1) % n
        r.played[q] = 0
        r.drawn[q] = False
        # a hand can be empty at a turn's end only from a first turn: look at the lap's end
        out = lap[~r.held[lap].any(axis=2).all(axis=1)] if len(lap) else lap
        rest = later[r.bp[later] >= left]
        if len(out):
            rest = rest[~np.isin(rest, out)]
        if not len(rest):
            return out
        oldest = np.arange(n + 1)[None, :] == r.bound[rest].argmin(axis=1)[:, None]
        ever = mt.could_ever((r.owed[rest] > 0)[:, None], oldest, True)
        suits = np.where(ever[:, :, None], self.suit[r.ends[rest]], np.uint64(0))
        reach = np.bitwise_or.reduce(suits, axis=1)
        stuck = ~(r.held[rest] & reach[:, None, :]).any(axis=(1, 2))
        return np.concatenate([out, rest[stuck]])

    def _choose(
        self, q: Array, fits: Array, counts: Array, total: Array, closing: Array, take: Take
    ) -> tuple[Array, Array]:
        """The choice (tile, column; tile -1 for ``end``) in the rounds ``q``, whose legal
        plays are ``fits`` (rounds x columns x words, ``counts`` tiles each, ``total`` in
        all; ``closing`` 1 where ``end`` is legal too)."""
        k = len(q)
        chance = np.full(k, self.eps >= 1.0)
        if 0.0 < self.eps < 1.0:
            chance = take(q) < self.eps
        tile = np.full(k, -1, dtype=np.int64)
        place = np.zeros(k, dtype=np.int64)
        g = np.arange(k) if self.eps >= 1.0 else np.nonzero(chance)[0]
        if len(g):
            x = take(q[g])
            pick = (x * (total[g] + closing[g])).astype(np.int64) - closing[g]
            g, pick = g[pick >= 0], pick[pick >= 0]  # -1: ``end``
            c = counts[g]
            upto = np.cumsum(c, axis=1)
            place[g] = (upto > pick[:, None]).argmax(axis=1)
            at = np.arange(len(g))
            pick -= upto[at, place[g]] - c[at, place[g]]
            bits = self._bits(fits[g, place[g]])  # the train's tiles, then the pick-th of them
            tile[g] = (np.cumsum(bits, axis=1, dtype=np.uint8) > pick[:, None]).argmax(axis=1)
        g = g[:0] if self.eps >= 1.0 else np.nonzero(~chance)[0]
        if len(g):  # a train's heaviest tile is its highest (tiles go by high, then low)
            top = _top(fits[g])
            weight = np.where(top >= 0, self.pips[np.maximum(top, 0)], -1)
            place[g] = weight.argmax(axis=1)
            tile[g] = top[np.arange(len(g)), place[g]]
        return tile, place

    def _bits(self, masks: np.ndarray) -> np.ndarray:
        """Rows of words as rows of their bits, bit ``i`` of a row tile ``i``."""
        little = masks.astype("<u8", copy=False)
        bits = np.unpackbits(little.view(np.uint8), axis=-1, bitorder="little")
        return bits[..., : self.tiles]

    def _score(self, r: _Rounds, ended: Array, last: Array | None, results: Results) -> None:
        """Each seat's :func:`game.rules.mexican_train.penalty` for the rounds ``ended``; the
        winners are the empty hands and the match is over in the last round, unless cut
        (``last`` None)."""
        gained, winners, over = results
        ids = r.ids[ended]
        held = r.held[ended]
        gained[ids] = mt.penalty(self._bits(held) @ self.pips)
        if last is not None:
            empty = ~held.any(axis=2)
            winners[ids] = (empty * np.left_shift(1, np.arange(self.n))).sum(axis=1)
            over[ids] = last


def _take(r: _Rounds, plays: np.ndarray, draws: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The next draw of each round in ``plays`` (round ``g``'s are ``draws[rows[g]]``)."""
    x: np.ndarray = draws[rows[r.ids[plays]], r.used[plays]]
    r.used[plays] += 1
    return x


def _against(a: np.ndarray) -> list[np.ndarray]:
    """Each column ``s`` of rows of branches as a column to set against every branch ``b``
    (broadcasting): one call of a rule over each branch pair."""
    return [a[:, s, None] for s in range(a.shape[1])]


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
