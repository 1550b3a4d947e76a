"""Seeded randomness that reproduces a whole match on any machine.

Every random choice of a match (deals, lots, draws for the first lead) comes
from a generator built from the match seed and a label naming the choice, so
the choices are independent of each other and of the order in which the code
asks for them. String seeds go through SHA-512 inside :class:`random.Random`,
which is the same on every platform and Python version we support.
"""

from __future__ import annotations

import random


def rng(seed: int, *labels: object) -> random.Random:
    """A generator for one named random choice of the match with ``seed``."""
    return random.Random("/".join(str(x) for x in (seed, *labels)))


def fresh_seed() -> int:
    """A new match seed for "fresh randomness by default" (32 bits, easy to type)."""
    return random.SystemRandom().randrange(1, 2**32)
