"""Lay a chain of tiles out as a snake: straight on, turning where the board ends.

An :class:`Arm` grows from an open point outward. It runs in *rows* along
its main axis; when the next tile would pass the row's limit it turns
toward its *drift* side, goes one tile (or until clear of the row before),
and turns back: a serpentine that never crosses itself. Doubles lie
crossways and never turn; the tile after a double may turn off its far side.

Every candidate placement is checked against the :class:`Occupancy` of
the whole table; if all of them collide the arm raises :class:`Stuck` and
the layout starts again on a bigger board (so no two tiles ever overlap).
Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.rules.tiles import Tile
from game.ui.board.geometry import Placed, Rect, angle_of

Vec = tuple[float, float]
Dir = tuple[int, int]
ROW_GAP = 2.0  # distance between neighbouring rows of one snake (a tile's length)
# The shortest row that lets a snake turn back without reaching past its inner
# limit: the first tile of a returning row starts off the last one's open half,
# up to 2.5 units past the far limit, and reaches 2 units further; a row any
# shorter overshoots its near limit (and a double plus a turn adds 2 more).
ROW_MIN = 5.0


class Stuck(Exception):
    """Every way to put the next tile down hits a tile already there."""


class Occupancy:
    """The rectangles taken on the table (a list is plenty for ≤ 91 tiles)."""

    def __init__(self) -> None:
        self.rects: list[Rect] = []

    def free(self, r: Rect) -> bool:
        return not any(r.overlaps(o) for o in self.rects)

    def take(self, r: Rect) -> None:
        self.rects.append(r)


@dataclass
class _Tail:
    """Where an arm ends: what the next tile attaches to."""

    point: Vec  # middle of the open edge
    heading: Dir  # direction of growth
    outer: Vec | None  # centre of the open half (None after a double or at the root)
    double: bool  # the last tile is a crossways double
    phase: str  # "main" (running a row) or "drift" (between rows)
    row: Dir  # the current row's heading, or the next row's while drifting
    drift: Dir  # the side rows move toward
    row_line: float  # the current row's position along ``drift``


class Arm:
    """One chain growing from ``start`` (see the module docstring).

    ``lo``/``hi`` limit the main axis (x for an E/W row, y for N/S); the arm
    starts heading ``heading``: its ``main`` direction, or its ``drift``
    direction to leave the root sideways before the first row.
    """

    def __init__(
        self,
        space: Occupancy,
        start: Vec,
        heading: Dir,
        main: Dir,
        drift: Dir,
        lo: float,
        hi: float,
        root_line: float = 0.0,
        parent: int = -1,
    ) -> None:
        self.space = space
        self.lo, self.hi = lo, hi
        self.parent = parent  # index of the last tile laid (for links)
        phase = "main" if heading == main else "drift"
        self.tail = _Tail(start, heading, None, False, phase, main, drift, root_line)
        self.number: int | None = None  # the open number, set by the layout

    # -- public --------------------------------------------------------------

    def lay(self, t: Tile, inner: int) -> Placed:
        """Put ``t`` down matching ``inner`` on this arm's end; raise Stuck if it cannot fit."""
        for placed, tail in self._candidates(t, inner):
            r = placed.rect()
            if self.space.free(r):
                self.space.take(r)
                self.tail = tail
                self.number = t.other(inner)
                return placed
        raise Stuck(f"no room for {t}")

    def peek(self, t: Tile) -> Placed:
        """Where ``t`` would go next (a preview): the first free candidate, else the first."""
        inner = self.number if self.number is not None and t.has(self.number) else t.high
        candidates = list(self._candidates(t, inner))
        for placed, _ in candidates:
            if self.space.free(placed.rect()):
                return placed
        return candidates[0][0]

    def fits(self, t: Tile) -> bool:
        """Whether ``t`` has a free place at this end (a preview would not land on a tile)."""
        inner = self.number if self.number is not None and t.has(self.number) else t.high
        return any(self.space.free(placed.rect()) for placed, _ in self._candidates(t, inner))

    def peek_rect(self) -> Rect:
        """Room for the next tile, an ordinary one or a double (so the board leaves it free)."""
        number = self.number if self.number is not None else 0
        other = (number + 1) % 13
        single = self.peek(Tile(max(number, other), min(number, other))).rect()
        return single.union(self.peek(Tile(number, number)).rect())

    def shift(self, dx: float, dy: float) -> None:
        """Move the arm (and the space it owns) by (dx, dy): a band put into place."""
        tail = self.tail
        tail.point = (tail.point[0] + dx, tail.point[1] + dy)
        if tail.outer is not None:
            tail.outer = (tail.outer[0] + dx, tail.outer[1] + dy)
        tail.row_line += _along(tail.drift, (dx, dy))
        self.lo += dx if tail.row[0] else dy
        self.hi += dx if tail.row[0] else dy
        self.space.rects = [r.moved(dx, dy) for r in self.space.rects]

    # -- placement -------------------------------------------------------------

    def _candidates(self, t: Tile, inner: int) -> Iterator[tuple[Placed, _Tail]]:
        """(placement, tail after it) in order of preference."""
        tail = self.tail
        straight = self._straight(t, inner)
        can_turn = not t.is_double and (tail.outer is not None or tail.double)
        if not can_turn:
            yield straight
            return
        turns = [self._corner(t, inner, d) for d in _perpendicular(tail.heading)]
        if tail.phase == "main":
            if self._beyond(straight[0]):
                turns.sort(key=lambda c: c[1].heading != tail.drift)
                yield from turns
                yield straight
            else:
                yield straight
                yield from turns
        else:
            back = [c for c in turns if c[1].heading == tail.row]
            if back and self._clear(back[0][1]):
                yield back[0]
                yield straight
                yield from (c for c in turns if c is not back[0])
            else:
                yield straight
                yield from turns

    def _straight(self, t: Tile, inner: int) -> tuple[Placed, _Tail]:
        tail = self.tail
        (px, py), (dx, dy) = tail.point, tail.heading
        if t.is_double:  # crossways: one unit along the heading
            placed = Placed(t, px + dx / 2, py + dy / 2, (angle_of(tail.heading) + 90) % 360, inner)
            new = _Tail((px + dx, py + dy), tail.heading, None, True, *_rest(tail))
            return placed, new
        placed = Placed(t, px + dx, py + dy, angle_of(tail.heading), inner)
        outer = (px + 1.5 * dx, py + 1.5 * dy)
        new = _Tail((px + 2 * dx, py + 2 * dy), tail.heading, outer, False, *_rest(tail))
        return placed, new

    def _corner(self, t: Tile, inner: int, d: Dir) -> tuple[Placed, _Tail]:
        """``t`` turning to heading ``d`` off the side of the last tile's open half."""
        tail = self.tail
        (dx, dy) = d
        if tail.double:  # off the far side of a double, at its ``d`` end
            (px, py), (hx, hy) = tail.point, tail.heading
            ix, iy = px + hx / 2 + dx / 2, py + hy / 2 + dy / 2
        else:
            assert tail.outer is not None
            cx, cy = tail.outer
            ix, iy = cx + dx, cy + dy
        placed = Placed(t, ix + dx / 2, iy + dy / 2, angle_of(d), inner)
        point = (ix + 1.5 * dx, iy + 1.5 * dy)
        outer = (ix + dx, iy + dy)
        if _parallel(d, tail.row):  # back into a row
            line = _along(tail.drift, (ix, iy))
            new = _Tail(point, d, outer, False, "main", d, tail.drift, line)
        else:  # into the gap between rows
            drift = d
            row = _neg(tail.heading) if tail.phase == "main" else tail.row
            new = _Tail(point, d, outer, False, "drift", row, drift, tail.row_line)
        return placed, new

    def _beyond(self, placed: Placed) -> bool:
        """Whether ``placed`` reaches past the row's limit in the direction of travel."""
        r = placed.rect()
        hx, hy = self.tail.heading
        if hx:
            return r.x1 > self.hi + 1e-9 if hx > 0 else r.x0 < self.lo - 1e-9
        return r.y1 > self.hi + 1e-9 if hy > 0 else r.y0 < self.lo - 1e-9

    def _clear(self, new: _Tail) -> bool:
        """A new row must lie a full row gap beyond the row before it."""
        return new.row_line - self.tail.row_line >= ROW_GAP - 1e-9


def _rest(tail: _Tail) -> tuple[str, Dir, Dir, float]:
    return tail.phase, tail.row, tail.drift, tail.row_line


def _perpendicular(d: Dir) -> tuple[Dir, Dir]:
    return (-d[1], d[0]), (d[1], -d[0])


def _parallel(a: Dir, b: Dir) -> bool:
    return a[0] * b[1] - a[1] * b[0] == 0


def _neg(d: Dir) -> Dir:
    return (-d[0], -d[1])


def _along(d: Dir, p: Vec) -> float:
    return d[0] * p[0] + d[1] * p[1]
