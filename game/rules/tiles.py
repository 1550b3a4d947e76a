"""Tiles and double-N sets.

A tile is written high end first (``6-5``, ``12-0``, ``0-0``); the value type
keeps that order so the text form is canonical and two tiles compare equal
exactly when they are the same piece of the set.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .errors import NotationError, quote


class Tile(NamedTuple):
    """One domino. ``high >= low`` always; build odd orders with :func:`tile`."""

    high: int
    low: int

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    def has(self, number: int) -> bool:
        """Whether either half shows ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half left open when the ``number`` half is matched."""
        return self.low if self.high == number else self.high


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in canonical (high first) order."""
    return Tile(a, b) if a >= b else Tile(b, a)


@cache
@cache
def tile_set(double: int) -> tuple[Tile, ...]:
    """Every tile of the double-``double`` set, 0-0 first, double-N last.

    A set is the one below it and the tiles showing ``double``, the very same objects:
    every set's tiles are one object per tile, so the engine's tables built from the
    largest set (a tile's plays, its actions) find a dealt tile by identity, without
    comparing halves.
    """
    if double < 0:
        return ()
    return tile_set(double - 1) + tuple(Tile(double, lo) for lo in range(double + 1))


@cache
def tiles_with(double: int, number: int) -> frozenset[Tile]:
    """The tiles of a double-``double`` set that show ``number``."""
    return frozenset(t for t in tile_set(double) if t.has(number))


def parse_tile(text: str, double: int = 12) -> Tile:
    """Read ``"6-5"`` (either order is accepted; the result is canonical).

    Raises :class:`NotationError` (a ``ValueError``) with a one-sentence reason on anything
    else.
    """
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise NotationError("{text} is not a tile; write tiles like 6-5", text=quote(text, 40))
    if max(len(p) for p in parts) > 2 or max(int(p) for p in parts) > double:
        raise NotationError(
            "{text} is not in a double-{double} set", text=quote(text, 40)[1:-1], double=double
        )
    a, b = int(parts[0]), int(parts[1])
    return tile(a, b)


def pip_total(tiles: tuple[Tile, ...] | list[Tile]) -> int:
    """The pips on ``tiles``; 0-0 counts zero like any blank.

    A tile is the pair (high, low), so ``sum(tile)`` is its pips; summing
    in C matters because every round's scoring counts every hand.
    """
    return sum(map(sum, tiles))
