"""Deal the unseen tiles in a way consistent with everything public.

A sample gives every other seat as many unseen tiles as it holds, the
boneyard and the unused pile theirs, and keeps every limit of
:mod:`knowledge` (a seat that passed on 3s holds no 3 it held then).

Three ways, all exact in *what* they can produce (every consistent deal has
a chance, no inconsistent deal ever comes out):

* **Shuffle and check** — deal a shuffled pool and keep it if it is
  consistent. An accepted deal is uniform among the consistent ones; this is
  used while it succeeds often enough.
* **Counting** (:class:`Counting`) — when the limits are tight (late in
  Block, voids everywhere) shuffling rarely succeeds. The tiles some limit
  speaks of are spread class by class, each split drawn in proportion to the
  number of whole deals behind it, so the deal is again exactly uniform.
  Counting is cheap exactly when the limits are tight.
* **Backtracking** — when counting would cost too much (many seats with
  loose limits, Mexican Train at ten), those tiles are placed one at a time,
  the most constrained first, each in a slot chosen at random (weighted by
  its room) among those that can still take it, backing out of dead ends.
  Close to uniform, not exactly.

In every way the tiles no limit speaks of then fill what is left at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from math import factorial
from typing import Any, Literal

from ..rules import Tile
from .knowledge import Knowledge

Hands = tuple[tuple[Tile, ...], ...]
Guess = tuple[Sequence[int], dict[int, list[int]]]  # (pool, fixed): see Sampler._split
Room = tuple[int, ...]  # what is left per slot (counts, or caps)
Option = tuple[int, Room, Room, Room]  # (running total, split, room left, caps left)


class Dead(Exception):
    """The constructive search took too long in one order; start it again."""


class Sampler:
    """Samples consistent deals for one :class:`Knowledge`."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.k = knowledge
        self.tiles = knowledge.tiles
        self.bit = [1 << i for i in range(len(self.tiles))]
        n = len(knowledge.need)
        self.others = [s for s in range(1, n + 1) if s != knowledge.seat]
        self.bound = [s for s in self.others if knowledge.limits[s - 1]]
        # each seat's known tiles as a tile-bit mask (the observer's whole hand)
        index = {t: i for i, t in enumerate(self.tiles)}
        self.known_masks = [sum(1 << index[t] for t in hand) for hand in knowledge.known]
        self.tries = 0
        self.hits = 0
        self._prepare_constructive()

    # -- the public call --------------------------------------------------------

    def sample(self, rng: random.Random) -> tuple[Hands, tuple[Tile, ...], tuple[Tile, ...]]:
        """(hands of every seat, boneyard top first, unused) — a consistent guess."""
        pool, fixed = self._deal(rng)
        return self._split(pool, fixed)

    def sample_masks(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The same guess as :meth:`sample` for the same stream, as the playout kernel takes
        it: every seat's hand as a tile-bit mask, the boneyard as tile indices, top first.

        Thousands of guesses a decision: no tile objects are made.
        """
        pool, fixed = self._deal(rng)
        k = self.k
        bit = self.bit
        hands = []
        at = 0
        for s in range(1, len(k.need) + 1):
            own = fixed.get(s, ())
            mask = self.known_masks[s - 1]
            for i in own:
                mask |= bit[i]
            end = at + k.need[s - 1] - len(own)
            for i in pool[at:end]:
                mask |= bit[i]
            at = end
            hands.append(mask)
        return hands, list(pool[at : at + k.boneyard])

    def _deal(self, rng: random.Random) -> Guess:
        """A consistent guess as (pool, fixed): see :meth:`_split`."""
        if not self.bound:
            pool = list(self.k.pool)
            shuffle(pool, rng.getrandbits)
            return pool, {}
        if self.tries < 24 or self.hits * 8 >= self.tries:
            for _ in range(8):
                self.tries += 1
                shuffled = self._shuffled(rng)
                if shuffled is not None:
                    self.hits += 1
                    return shuffled, {}
        return self._constructive(rng)

    # -- shuffle and check ----------------------------------------------------

    def _shuffled(self, rng: random.Random) -> list[int] | None:
        pool = list(self.k.pool)
        shuffle(pool, rng.getrandbits)
        at = 0
        bit = self.bit
        for s in self.others:
            need = self.k.need[s - 1]
            if self.k.limits[s - 1]:
                mask = 0
                for i in pool[at : at + need]:
                    mask |= bit[i]
                if not self.k.holds_ok(s, mask):
                    return None
            at += need
        return pool

    def _split(
        self, pool: Sequence[int], fixed: dict[int, list[int]]
    ) -> tuple[Hands, tuple[Tile, ...], tuple[Tile, ...]]:
        """Hands from ``fixed`` tiles per seat topped up from ``pool`` in order; then the rest."""
        tiles = self.tiles
        k = self.k
        hands: list[tuple[Tile, ...]] = []
        at = 0
        for s in range(1, len(k.need) + 1):
            own = fixed.get(s, [])
            take = k.need[s - 1] - len(own)
            hand = (
                k.known[s - 1]
                + tuple(tiles[i] for i in own)
                + tuple(tiles[i] for i in pool[at : at + take])
            )
            at += take
            hands.append(hand)
        boneyard = tuple(tiles[i] for i in pool[at : at + k.boneyard])
        unused = tuple(tiles[i] for i in pool[at + k.boneyard :])
        return tuple(hands), boneyard, unused

    # -- constructive -----------------------------------------------------------

    def _prepare_constructive(self) -> None:
        """Group the tiles some limit speaks of by which limits they fall in."""
        k = self.k
        self.slots = list(self.bound)  # then one slot for every other place
        self.caps = [[lim.cap for lim in k.limits[s - 1]] for s in self.bound]
        classes: dict[tuple[int, ...], list[int]] = {}
        self.free: list[int] = []
        for i in k.pool:
            sig = tuple(
                sum(1 << j for j, lim in enumerate(k.limits[s - 1]) if lim.mask >> i & 1)
                for s in self.bound
            )
            if any(sig):
                classes.setdefault(sig, []).append(i)
            else:
                self.free.append(i)
        self.sigs = list(classes)
        self.members = [classes[sig] for sig in self.sigs]
        # which limit indices each class touches, per bound seat
        self.touch = [
            [
                [j for j in range(len(self.caps[b])) if sig[b] >> j & 1]
                for b in range(len(self.bound))
            ]
            for sig in self.sigs
        ]
        self.room_free = sum(k.need[s - 1] for s in self.others if s not in self.bound)
        self.room_free += k.boneyard + k.unused
        self.counting: Counting | Literal[False] | None = None  # None: not tried yet

    def _constructive(self, rng: random.Random) -> Guess:
        if self.counting is None:
            try:
                self.counting = Counting(self)
            except TooMany:
                self.counting = False
        if self.counting:
            return self.counting.sample(rng)
        return self._search(rng)

    def _search(self, rng: random.Random) -> Guess:
        quick = 4 * sum(len(m) for m in self.members) + 50  # a dead end rarely ends well: restart
        for _ in range(200):
            try:
                return self._build(rng, limit=quick)
            except Dead:
                continue
        return self._build(rng, limit=10**9)

    def _build(self, rng: random.Random, limit: int) -> Guess:
        nb = len(self.bound)
        rem = [self.k.need[s - 1] for s in self.bound] + [self.room_free]
        used = [[0] * len(c) for c in self.caps]
        left = [len(m) for m in self.members]
        placed: list[list[int]] = [[] for _ in range(nb + 1)]  # class index per placed tile
        nodes = [0]

        def open_slots(c: int) -> list[int]:
            out = []
            touch = self.touch[c]
            for b in range(nb):
                if rem[b] and all(used[b][j] < self.caps[b][j] for j in touch[b]):
                    out.append(b)
            if rem[nb]:
                out.append(nb)
            return out

        def room(c: int, b: int) -> int:
            if b == nb:
                return rem[nb]
            caps, u = self.caps[b], used[b]
            return min([rem[b]] + [caps[j] - u[j] for j in self.touch[c][b]])

        def search() -> bool:
            nodes[0] += 1
            if nodes[0] > limit:
                raise Dead
            best = -1
            best_slots: list[int] = []
            for c in range(len(left)):
                if not left[c]:
                    continue
                slots = open_slots(c)
                if sum(room(c, b) for b in slots) < left[c]:
                    return False
                if best < 0 or len(slots) < len(best_slots):
                    best, best_slots = c, slots
            if best < 0:
                return True
            order = _weighted_order(best_slots, [rem[b] for b in best_slots], rng)
            for b in order:
                rem[b] -= 1
                if b < nb:
                    for j in self.touch[best][b]:
                        used[b][j] += 1
                left[best] -= 1
                placed[b].append(best)
                if search():
                    return True
                placed[b].pop()
                left[best] += 1
                if b < nb:
                    for j in self.touch[best][b]:
                        used[b][j] -= 1
                rem[b] += 1
            return False

        if not search():
            raise ValueError("no deal is consistent with this observation")
        members = [permutation(m, rng.getrandbits) for m in self.members]
        fixed: dict[int, list[int]] = {}
        for b, s in enumerate(self.bound):
            fixed[s] = [members[c].pop() for c in placed[b]]
        rest = [members[c].pop() for c in placed[nb]]
        return self._complete(rng, fixed, rest, rem)

    def _complete(
        self, rng: random.Random, fixed: dict[int, list[int]], rest: list[int], rem: list[int]
    ) -> Guess:
        """The deal from the placed constrained tiles: the free tiles fill every gap at random."""
        free = list(self.free)
        shuffle(free, rng.getrandbits)
        # bound seats top up from the free tiles first; every other place shares the rest
        for b, s in enumerate(self.bound):
            fixed[s] += free[: rem[b]]
            free = free[rem[b] :]
        rest += free
        shuffle(rest, rng.getrandbits)
        pool: list[int] = []
        at = 0
        for s in range(1, len(self.k.need) + 1):
            if s != self.k.seat and s not in fixed:
                pool += rest[at : at + self.k.need[s - 1]]
                at += self.k.need[s - 1]
        pool += rest[at:]
        return pool, fixed


class TooMany(Exception):
    """Counting would take too many states: the problem is loose, search instead."""


class Counting:
    """Exactly uniform constructive sampling, by counting the deals of each choice.

    The tiles some limit speaks of fall into classes (same limits for every
    seat); tiles of a class are interchangeable, so a deal is, first, how
    many of each class go to each slot (every bound seat, and "elsewhere").
    The number of whole deals behind such a table of counts is a product of
    multinomials — the ways to pick which tiles of each class, times the ways
    to fill what is left with the free tiles — so counting the completions of
    every partial table (memoised over the remaining room) lets each class's
    split be drawn in proportion to the deals behind it: every consistent
    deal comes out with the same chance. Used while the count stays small,
    which is exactly when the limits are tight.
    """

    MAX_WORK = 3000  # splits looked at while counting; beyond it, search instead

    def __init__(self, sampler: Sampler) -> None:
        self.s = sampler
        nb = len(sampler.bound)
        self.nb = nb
        self.offsets: list[int] = []
        flat_caps: list[int] = []
        for caps in sampler.caps:
            self.offsets.append(len(flat_caps))
            flat_caps += caps
        self.touch = [
            [[self.offsets[b] + j for j in touch[b]] for b in range(nb)] for touch in sampler.touch
        ]
        self.sizes = [len(m) for m in sampler.members]
        self.free = len(sampler.free)
        self.work = 0
        self.memo: dict[tuple[int, Room, Room], tuple[int, tuple[Option, ...]]] = {}
        self.start = (
            tuple(sampler.k.need[s - 1] for s in sampler.bound) + (sampler.room_free,),
            tuple(flat_caps),
        )
        if not self._count(0, *self.start):
            raise ValueError("no deal is consistent with this observation")

    def _splits(self, c: int, rem: Room, caps: Room) -> Iterator[tuple[Room, Room, Room]]:
        """Every way to spread class ``c`` over the slots, with the room it leaves."""
        nb = self.nb
        touch = self.touch[c]
        most = [min([rem[b]] + [caps[j] for j in touch[b]]) for b in range(nb)] + [rem[nb]]
        n = self.sizes[c]

        def go(b: int, left: int, split: Room) -> Iterator[Room]:
            if b == nb:
                if left <= most[nb]:
                    yield split + (left,)
                return
            for x in range(min(left, most[b]), -1, -1):
                yield from go(b + 1, left - x, split + (x,))

        for split in go(0, n, ()):
            self.work += 1
            if self.work > self.MAX_WORK:
                raise TooMany
            rem2 = tuple(r - x for r, x in zip(rem, split, strict=True))
            caps2 = list(caps)
            for b in range(nb):
                if split[b]:
                    for j in touch[b]:
                        caps2[j] -= split[b]
            yield split, rem2, tuple(caps2)

    def _count(self, c: int, rem: tuple[int, ...], caps: tuple[int, ...]) -> int:
        key = (c, rem, caps)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        if c == len(self.sizes):
            total = _multinomial(self.free, rem)
            self.memo[key] = (total, ())
            return total
        options: list[Option] = []
        total = 0
        for split, rem2, caps2 in self._splits(c, rem, caps):
            ways = _multinomial(self.sizes[c], split) * self._count(c + 1, rem2, caps2)
            if ways:
                total += ways
                options.append((total, split, rem2, caps2))
        self.memo[key] = (total, tuple(options))
        return total

    def sample(self, rng: random.Random) -> Guess:
        s = self.s
        rem, caps = self.start
        splits = []
        for c in range(len(self.sizes)):
            total, options = self.memo[(c, rem, caps)]
            r = rng.randrange(total)
            lo, hi = 0, len(options) - 1
            while lo < hi:  # the first option whose running total passes r
                mid = (lo + hi) // 2
                if options[mid][0] > r:
                    hi = mid
                else:
                    lo = mid + 1
            _, split, rem, caps = options[lo]
            splits.append(split)
        fixed: dict[int, list[int]] = {seat: [] for seat in s.bound}
        rest: list[int] = []
        for c, split in enumerate(splits):
            tiles = permutation(s.members[c], rng.getrandbits)
            at = 0
            for b, x in enumerate(split):
                if b < self.nb:
                    fixed[s.bound[b]] += tiles[at : at + x]
                else:
                    rest += tiles[at : at + x]
                at += x
        return s._complete(rng, fixed, rest, list(rem))


def shuffle(x: list[Any], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` with its draws inlined: the same order for the same stream.

    A guessed world shuffles its pool every time, thousands of times a
    decision, and the library's shuffle spends most of its time calling.
    """
    for i, n, k in _shuffle_steps(len(x)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def permutation(items: Sequence[int], getrandbits: Callable[[int], int]) -> list[int]:
    """``random.Random.sample(items, len(items))`` with its draws inlined: the same order for
    the same stream (the library's way for a whole population: pick from a shrinking pool)."""
    pool = list(items)
    n = len(pool)
    out = [0] * n
    for i in range(n):
        left = n - i
        k = left.bit_length()
        j = getrandbits(k)
        while j >= left:
            j = getrandbits(k)
        out[i] = pool[j]
        pool[j] = pool[left - 1]
    return out


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Each step of shuffling ``size`` items: (the place, the choices there, their bits)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out = factorial(n)
    for x in parts:
        out //= factorial(x)
    return out


def _weighted_order(items: list[int], weights: list[int], rng: random.Random) -> list[int]:
    """``items`` in a random order, heavier first more often (weighted sampling without return)."""
    items, weights = list(items), list(weights)
    out = []
    while items:
        total = sum(weights)
        r = rng.random() * total
        i = 0
        while i < len(items) - 1 and r >= weights[i]:
            r -= weights[i]
            i += 1
        out.append(items.pop(i))
        weights.pop(i)
    return out
