"""Arithmetic that serves one number and a numpy array of them alike.

A rule's arithmetic is written once, in its family's module, and run three
ways: by the engine on one table, by the computer's scalar playouts
(:mod:`game.ai.kernel`) on plain ints and by its batch (:mod:`game.ai.batch`)
on numpy arrays holding a number per round. So the rules' numeric functions
use masks and sums instead of ``if``: ``x == top`` is a bool or an array of
bools, and a bool times a number is that number or 0 either way. These are
the few steps they share, each with a quick way for plain numbers that gives
the same answer (the engine's tables are small and many), and one for a whole
array of rows (a row per seat or side, a column per round): that array's own
reductions, one call where a loop over the rows would make several; nothing
here imports numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Num = Any  # an int, a float, a bool, or a numpy array of them (one entry per round)


def where(mask: Num, yes: Num, no: Num) -> Num:
    """``yes`` where ``mask`` holds, else ``no`` (numbers, not bools: ``yes - no`` is taken)."""
    if isinstance(mask, int):  # a bool or an int: one table (the quick way, the same answer)
        return yes if mask else no
    return no + mask * (yes - no)


def greatest(values: Sequence[Num]) -> Num:
    """The largest of ``values`` (entry by entry for arrays)."""
    if _plain(values):
        return max(values)
    if _rows(values):
        return _array(values).max(axis=0)
    top = values[0]
    for x in values[1:]:
        top = where(x > top, x, top)
    return top


def least(values: Sequence[Num]) -> Num:
    """The smallest of ``values`` (entry by entry for arrays)."""
    if _plain(values):
        return min(values)
    if _rows(values):
        return _array(values).min(axis=0)
    low = values[0]
    for x in values[1:]:
        low = where(x < low, x, low)
    return low


def ties(values: Sequence[Num], value: Num) -> Num:
    """How many of ``values`` equal ``value``."""
    if isinstance(value, (int, float)) and _plain(values):
        return values.count(value)
    if _rows(values):
        return (_array(values) == value).sum(axis=0)
    count = 0
    for x in values:
        count = count + (x == value)
    return count


def only(values: Sequence[Num], value: Num) -> Num:
    """The index of the one entry of ``values`` equal to ``value``; -1 if none or several."""
    if isinstance(value, (int, float)) and _plain(values):
        return values.index(value) if values.count(value) == 1 else -1
    if _rows(values):
        equal = _array(values) == value
        return where(equal.sum(axis=0) == 1, equal.argmax(axis=0), -1)
    at, count = 0, 0
    for k, x in enumerate(values):  # the last equal entry, which is the one when count is 1
        equal = x == value
        at, count = where(equal, k, at), count + equal
    return where(count == 1, at, -1)


def total(values: Sequence[Num]) -> Num:
    """The sum of ``values`` (a list of arrays added one by one: quicker than stacking)."""
    if _plain(values):
        return sum(values)
    if _rows(values):
        return _array(values).sum(axis=0)
    out = values[0]
    for x in values[1:]:
        out = out + x
    return out


def _plain(values: Sequence[Num]) -> bool:
    """Whether ``values`` are plain Python numbers (Python's own ``min``, ``sum`` … serve)."""
    return isinstance(values[0], (int, float))


def _rows(values: Sequence[Num]) -> bool:
    """Whether ``values`` is one array of rows (numpy's 2-D: its reductions serve)."""
    return getattr(values, "ndim", 0) == 2


def _array(values: Sequence[Num]) -> Any:
    """``values`` known to be an array of rows, to call its own reductions on."""
    return values
