"""A tile set as bits: the numbers the families' turn machines and the computer work on.

A hand is an int whose bit ``i`` is tile ``i`` of the set's order (0-0 first); a
family's table is its few numbers (each open end's number and the like). What a
machine asks of a tile — its number at the other end once one end is matched, the
tiles showing a number, its pips — is looked up here rather than worked out per step.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .tiles import Tile


class Bits:
    """Per tile set: halves, pips, the tiles of each number, the other half."""

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        self.tiles = tiles
        top = max(t.high for t in tiles)
        self.index = {t: i for i, t in enumerate(tiles)}
        self.pips = [t.high + t.low for t in tiles]
        self.double = [t.high == t.low for t in tiles]
        self.doubles = sum(1 << i for i, d in enumerate(self.double) if d)
        self.every = (1 << len(tiles)) - 1
        self.high = [t.high for t in tiles]
        self.low = [t.low for t in tiles]
        self.suit = [sum(1 << i for i, t in enumerate(tiles) if t.has(n)) for n in range(top + 1)]
        # near[i]: the tiles sharing a number with tile i (itself included)
        self.near = [self.suit[t.high] | self.suit[t.low] for t in tiles]
        self.width = top + 1
        # _bytes[k][b]: the pips of the tiles whose bits are the byte b at byte k of a mask
        self._bytes = [
            [sum(self.pips[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < len(tiles))
             for b in range(256)]
            for k in range((len(tiles) + 7) // 8)
        ]  # fmt: skip
        # other[i * width + n]: the half left open when tile i is matched to n
        self.other = [t.other(n) for t in tiles for n in range(self.width)]

    def mask(self, hand: Iterable[Tile]) -> int:
        index = self.index
        m = 0
        for t in hand:
            m |= 1 << index[t]
        return m

    def pip_total(self, mask: int) -> int:
        """The pips of the tiles in ``mask``, a byte of the mask at a time."""
        total = 0
        for table in self._bytes:
            total += table[mask & 255]
            mask >>= 8
        return total


@cache
def bits(tiles: tuple[Tile, ...]) -> Bits:
    """The one :class:`Bits` of a tile set."""
    return Bits(tiles)
