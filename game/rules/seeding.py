"""Seeded randomness that reproduces a whole match on any machine.

Every random choice of a match (deals, lots, draws for the first lead) comes
from the match seed and a label naming the choice, so the choices are
independent of each other and of the order in which the code asks for them.
The label text is ``"SEED/LABEL/..."`` (``"42/deal/3"``, ``"42/lot/2"``).

Two derivations exist:

* :func:`shuffled` and :func:`randbelow` are what the rules engine uses for
  deals and lots, the choices made on every round. The label text (UTF-8)
  is hashed with BLAKE2b-512 (:mod:`hashlib`: the same bytes on every
  platform and Python version); a choice that needs more than 64 bytes
  appends the BLAKE2b-512 of the label text followed by ``"#1"``, ``"#2"``
  and so on. The bytes needed for the choice plus 128 spare bits, read as
  one little-endian integer ``x``, decide it: ``randbelow(n)`` is
  ``x % n``, and a shuffle is Fisher-Yates whose swap partners are the
  mixed-radix digits of ``x`` (for ``i`` from the last index down to 1:
  ``x, j = divmod(x, i + 1)``, then swap items ``i`` and ``j``). The spare
  bits keep any bias below 2**-128.
  Why not :class:`random.Random`: seeding one costs several microseconds
  (SHA-512 plus filling a 624-word state) and its shuffle about one more
  per tile, which was a fifth of a random-player hand of Block.
* :func:`rng` gives a :class:`random.Random` seeded with the label text (its
  own SHA-512 seeding) for the rarer choices that want a whole generator.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

SPARE_BITS = 128  # drawn beyond what a choice needs, so its bias stays below 2**-SPARE_BITS


def rng(seed: int, *labels: object) -> random.Random:
    """A generator for one named random choice of the match with ``seed``."""
    return random.Random(_label(seed, labels))


def randbelow(n: int, seed: int, *labels: object) -> int:
    """A number in ``range(n)`` for one named choice (``randbelow(4, seed, "lot", 2)``)."""
    return _uniform(n.bit_length(), seed, labels) % n


def shuffled(items: Sequence[T], seed: int, *labels: object) -> list[T]:
    """``items`` in a random order for one named choice (``shuffled(tiles, seed, "deal", 0)``)."""
    order = list(items)
    x = _uniform(_permutation_bits(len(order)), seed, labels)
    for i in range(len(order) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def fresh_seed() -> int:
    """A new match seed for "fresh randomness by default" (32 bits, easy to type)."""
    return random.SystemRandom().randrange(1, 2**32)


def fresh_entropy() -> int:
    """Fresh randomness for the computer and the hints: 64 bits from the system, never
    derived from a match seed (from which the deal could be recomputed)."""
    return random.SystemRandom().getrandbits(64)


def _label(seed: int, labels: tuple[object, ...]) -> str:
    return "/".join(map(str, (seed, *labels)))


def _uniform(bits: int, seed: int, labels: tuple[object, ...]) -> int:
    """A uniform integer of ``bits`` + SPARE_BITS bits (rounded up to bytes) from the label."""
    size = (bits + SPARE_BITS + 7) // 8
    text = _label(seed, labels)
    digest = hashlib.blake2b(text.encode()).digest()
    more = 1
    while len(digest) < size:  # a double-twelve shuffle needs a second block
        digest += hashlib.blake2b(f"{text}#{more}".encode()).digest()
        more += 1
    return int.from_bytes(digest[:size], "little")


@cache
def _permutation_bits(n: int) -> int:
    """The bits that number the ``n!`` orders of ``n`` items (exact, no floating point)."""
    return math.factorial(n).bit_length()
