"""The Longana table as geometry: the opening double and one branch per seat.

The opening double lies across the middle; each seat's branch leaves from
the side facing that seat (L-07): seat 1 at the bottom, then round the
table in turn order (counter-clockwise, the next seat on the right). With
two seats the branches leave from the two long sides and snake across the
whole board; with three or four each branch snakes in its own quarter so
branches never meet. Doubles lie crossways in their branch (L-14).
Pure Python.
"""

from __future__ import annotations

from game.rules.tiles import Tile
from game.ui.board.geometry import E, Label, Link, N, Placed, S, TableLayout, W
from game.ui.board.snake import ROW_MIN, Arm, Occupancy

HX = 12.0
HY = 8.0
INNER = 3.5

# The side of the opening double facing each seat, by seat count (L-07).
SIDES = {2: (S, N), 3: (S, E, N), 4: (S, E, N, W)}


def lay_out(state: object, grow: float = 1.0) -> TableLayout:
    """The layout of a Longana state (``opening``, ``branches``, ``ends``)."""
    opening: Tile | None = state.opening  # type: ignore[attr-defined]
    root = Placed(Tile(0, 0), 0, 0, 0, 0)  # the opening double lies long side down
    if opening is None:
        return TableLayout(root=root)
    branches = state.branches  # type: ignore[attr-defined]
    ends = state.ends  # type: ignore[attr-defined]
    n = len(branches)
    out = TableLayout(root=root)
    space = Occupancy()
    centre = Placed(opening, 0, 0, 0, opening.high)
    space.take(centre.rect())
    out.tiles.append(centre)
    for seat, side in enumerate(SIDES[n], 1):
        arm = _arm(space, side, n, grow)
        parent = 0
        for t, outer in branches[seat - 1]:
            inner = t.other(outer)
            placed = arm.lay(t, inner)
            out.links.append(Link(parent, len(out.tiles), inner))
            parent = len(out.tiles)
            out.tiles.append(placed)
        arm.number = ends[seat - 1]
        out.ends[f"branch {seat}"] = arm
        tip = _tip(out.tiles[parent]) if parent else (side[0] * 0.6, side[1] * 0.25)
        out.labels.append(Label(f"branch {seat}", tip[0], tip[1], seat, "center", tip))
    return out


def _arm(space: Occupancy, side: tuple[int, int], seats: int, grow: float) -> Arm:
    # a pinwheel's rows must be long enough to turn back short of the middle
    inner = INNER
    hx = max(HX * grow, inner + ROW_MIN)
    hy = max(HY * max(grow, 1 / grow), inner + ROW_MIN)
    start = {S: (0, -0.5), N: (0, 0.5), E: (1, 0), W: (-1, 0)}[side]
    if seats == 2:  # leave from the long side, then rows across the whole board
        main = W if side == S else E
        return Arm(space, start, side, main, side, -hx, hx)
    # three or four: a pinwheel, each branch turning away from the next
    if side == E:
        return Arm(space, start, E, E, S, inner, hx)
    if side == W:
        return Arm(space, start, W, W, N, -hx, -inner)
    if side == N:
        return Arm(space, start, N, N, E, inner, hy)
    return Arm(space, start, S, S, W, -hy, -inner)


def _tip(placed: Placed) -> tuple[float, float]:
    """Where a branch's open marker stands: on the open half of its last tile."""
    if placed.tile.is_double:
        return (placed.x, placed.y)
    x, y, _ = placed.halves()[1]
    return (x, y)
