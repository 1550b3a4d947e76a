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

Mexican Train's hands are two words wide (its 91 tiles), and its rounds are
cut after the level's ``steps`` moves and scored so.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from functools import partial
from typing import Any, cast

import numpy as np

from ..rules.machine import Position, Rows
from .kernel import Kernel, preference

Watch = Callable[[Any], None]  # shown the rounds before each step (tests)

Array = np.ndarray
Take = Callable[[np.ndarray], np.ndarray]  # the next draws of some rounds
Results = tuple[np.ndarray, np.ndarray, np.ndarray]  # gained, the winners' masks, match over
# The masks of the tiles that fit each place (rounds [x words] each): a few places as a list of
# arrays, many (Mexican Train's trains) as their stack, rounds x places [x words].
Places = list[np.ndarray] | np.ndarray


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
        """Keep only ``rows`` (a mask) of every array (``take``: a fraction of the cost of
        indexing, for the same rows)."""
        fields = self.__dict__
        kept = rows.nonzero()[0]
        fields.update({name: fields[name].take(kept, axis=0) for name in self.names})


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
        self.index = np.arange(64)  # 0, 1 …: the places' or seats' numbers, to compare

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
        self.seats = np.left_shift(1, np.arange(self.n))
        # a machine may make its plays and stuck steps in one call (``move_rows``: Mexican
        # Train's turns that end then end together), saying which rounds are over
        self.moves = getattr(kernel.machine, "move_rows", None)
        # a machine whose places go in another canonical order (Mexican Train's trains, by
        # name) names it: its ``fits_rows`` come in that order (the rows' ``order`` is this
        # array of it, made once), its ``play_rows`` take places
        order = list(getattr(kernel.machine, "order", ()))
        self.places = np.array(order, dtype=np.int64)
        self.order = self.places if order != sorted(order) else None
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
            {"boneyard": np.asarray(bone), "start": start, "order": self.places},
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
            if self.moves is not None:  # the plays and the stuck steps at once
                ended = np.nonzero(self.moves(r, b, plays, tile, place, idle))[0]
            else:
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
            counts = self._counts(fits)
            total = sum(counts[1:], counts[0]) if isinstance(counts, list) else counts.sum(axis=1)
            plays = np.nonzero(total)[0]
            idle = np.nonzero(total == 0)[0]  # nothing to play: the stuck step
            if not len(plays):
                tile = place = plays
                continue
            extra = without
            if len(idle):  # else every round plays: its arrays as they are
                fits, counts = _rows_of(fits, plays), _rows_of(counts, plays)
                held, total = held[plays], total[plays]
                extra = None if without is None else without[plays]
            tile, place = self._choose(r, plays, held, fits, counts, total, extra, take)
            if extra is not None:  # the move without a tile (place -1) is the stuck step
                moving = place >= 0
                idle = np.concatenate([idle, plays[~moving]])
                plays, tile, place = plays[moving], tile[moving], place[moving]
            if self.order is not None:  # the places were in canonical order
                place = self.order[place]
        self._end(r, np.arange(len(r.mover)), results)  # cut short: the machine scores them
        return results

    def _counts(self, fits: Places) -> Places:
        """How many tiles each place's masks hold."""
        if isinstance(fits, list):
            if not self.b.words:
                return [np.bitwise_count(x).astype(np.int64) for x in fits]
            return [cast(Array, self._counts(x)) for x in fits]
        bits = np.bitwise_count(fits)
        if self.b.words:
            bits = sum((bits[..., w] for w in range(1, self.b.words)), bits[..., 0])
        counts: Array = bits.astype(np.int64)
        return counts

    def _end(self, r: _Rounds, ended: Array, results: Results) -> None:
        """The machine's end of the rounds ``ended``, written in ``results`` by their ids."""
        gained, winners, over = results
        points, won, finished = self.machine.end_rows(r, self.b, ended)
        ids = r.ids[ended]
        over[ids] = finished
        if not isinstance(points, list):  # arrays with a column per seat
            gained[ids] = points
            winners[ids] = won.astype(np.int64) @ self.seats  # seat s is bit s
            return
        gained[ids] = np.stack(points, axis=1)
        winners[ids] = np.stack(won, axis=1) @ self.seats

    def _choose(
        self,
        r: _Rounds,
        q: Array,
        held: Array,
        fits: Places,
        counts: Places,
        total: Array,
        without: Array | None,
        take: Take,
    ) -> tuple[Array, Array]:
        """The move (tile, place; place -1 the move without a tile) in each round of ``q``,
        whose mover holds ``held``, ``fits`` of it fitting each place (:data:`Places`;
        ``counts`` tiles, ``total`` in all; ``without`` 1 where the move without a tile is
        offered too), its draws taken as the kernel takes them: one for the model's pick,
        else one to decide (none when ``eps`` is 0 or 1), then one for a uniform pick."""
        if self.modelled:
            return self._modelled(held, _columns(fits), take(q))
        if self.eps >= 1.0:
            return self._uniform(fits, counts, total, without, take(q))
        chance = take(q) < self.eps if self.eps > 0.0 else np.zeros(len(q), dtype=bool)
        tile = np.zeros(len(q), dtype=np.int64)
        place = np.zeros(len(q), dtype=np.int64)
        g = np.nonzero(chance)[0]
        if len(g):
            tile[g], place[g] = self._uniform(
                _rows_of(fits, g), _rows_of(counts, g), total[g],
                None if without is None else without[g], take(q[g]),
            )  # fmt: skip
        if not len(g):  # none chose by chance: every round's arrays as they are
            return self._best(r, q, _columns(fits))
        g = np.nonzero(~chance)[0]
        if len(g):
            tile[g], place[g] = self._best(r, q[g], _columns(_rows_of(fits, g)))
        return tile, place

    def _uniform(
        self, fits: Places, counts: Places, total: Array, without: Array | None, x: Array
    ) -> tuple[Array, Array]:
        """The ``int(x * moves)``-th move in canonical order: the move without a tile first
        where offered, then place 0's tiles in order, place 1's …, as the kernel counts."""
        if without is None:
            k = pick = (x * total).astype(np.int64)
        else:
            pick = (x * (total + without)).astype(np.int64) - without
            k = np.maximum(pick, 0)
        if isinstance(fits, list):  # a few places: a pass each
            place = np.zeros(len(k), dtype=np.int64)
            m, before, start = fits[0], np.zeros(len(k), dtype=np.int64), counts[0]
            for e in range(1, len(fits)):
                on = k >= start  # at or past place e's first tile
                place = np.where(on, e, place)
                m = np.where(on[:, None] if self.b.words else on, fits[e], m)
                before = np.where(on, start, before)
                start = start + counts[e]
            k = k - before
        else:  # many: by their running counts
            upto = np.cumsum(counts, axis=1)
            place = (upto > k[:, None]).argmax(axis=1)
            at = np.arange(len(k))
            k = k - upto[at, place] + cast(Array, counts)[at, place]
            m = fits[at, place]
        tile = _nth_of(m, k) if self.b.words else _nth(m, k)
        if without is None:
            return tile, place
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
        following = r.hands[q, (r.mover[q] + 1) % self.n]
        best = np.full(len(q), -1, dtype=np.int64)
        tile = np.zeros(len(q), dtype=np.int64)
        place = np.zeros(len(q), dtype=np.int64)
        effects = self.machine.effects_rows(r, b, q)
        for e, m in enumerate(fits):
            for _ in range(int(np.bitwise_count(m).max())):
                bit = m & -m
                there = m != 0
                m = m ^ bit
                i = _index(bit)  # -1 where there is none: any tile, weighed as nothing
                points, after = effects(e, i)
                key = preference(
                    0 if points is None else points, (following & after) == 0, b.pips[i]
                )
                better = there & (key > best)
                best = np.where(better, key, best)
                tile = np.where(better, i, tile)
                place = np.where(better, e, place)
        return tile, place


def _rows_of(a: Places, g: Array) -> Places:
    """Rows ``g`` of every place's array, or of the places' stack (``take``: as ``a[g]``, at
    a fraction of the cost)."""
    return [x.take(g, axis=0) for x in a] if isinstance(a, list) else a.take(g, axis=0)


def _columns(fits: Places) -> list[Array]:
    """The places' masks, an array each."""
    return fits if isinstance(fits, list) else list(fits.swapaxes(0, 1))


def _spread(count: int, value: Any) -> Array:
    """``value`` (a number, or a list of them) repeated for ``count`` rounds: a row each."""
    a = np.array(value)
    return np.tile(a, (count,) + (1,) * a.ndim)


def _take(r: _Rounds, plays: np.ndarray, draws: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The next draw of each round in ``plays`` (round ``g``'s are ``draws[rows[g]]``)."""
    x: np.ndarray = draws[rows[r.ids[plays]], r.used[plays]]
    r.used[plays] += 1
    return x


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


def _nth_of(words: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The index of the ``r``-th lowest set bit (0-based) of each row of words."""
    c = np.bitwise_count(words).astype(np.int64)
    upto = np.cumsum(c, axis=1)
    w = (upto > r[:, None]).argmax(axis=1)
    at = np.arange(len(r))
    index: np.ndarray = _nth(words[at, w], r - upto[at, w] + c[at, w]) + 64 * w
    return index


def _top(m: np.ndarray) -> np.ndarray:
    """The index of the highest set bit of each row of words (the last axis), -1 if none:
    each half word's as its float's exponent (32 bits convert exactly; 64 might round up)."""
    half = m >> np.uint64(32)
    upper = np.frexp(half.astype(np.float64))[1] + 31
    lower = np.frexp((m & np.uint64(0xFFFFFFFF)).astype(np.float64))[1] - 1
    high = np.where(half != 0, upper, lower)
    top: np.ndarray = np.where(high >= 0, high + 64 * np.arange(m.shape[-1]), -1).max(axis=-1)
    return top
