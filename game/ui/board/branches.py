"""The Longana table as geometry (the opening double and one branch per seat), and the
table's parts for the Longana family.

The opening double lies across the middle; each seat's branch leaves from
the side facing that seat, as the rules seat them: seat 1 at the bottom, then round the
table in turn order (counter-clockwise, the next seat on the right). With
two seats the branches leave from the two long sides and snake across the
whole board; with three or four each branch snakes in its own quarter so
branches never meet. Doubles lie crossways in their branch, as the rules lay them.

Each branch has a band in its owner's colour from the opening double along its
tiles to its owner's name (``bands``), a label naming its owner, and a place for the marker that
opens it to everyone: *beside* the branch's end, never on it, so the number to match
stays in sight; the owner's name goes just past the marker. Pure Python.
"""

from __future__ import annotations

from game.rules import BranchesState
from game.rules import longana as lg
from game.rules.tiles import Tile
from game.ui.board.families import Parts, register
from game.ui.board.geometry import EPS, Band, E, Label, Link, N, Placed, Rect, S, TableLayout, W
from game.ui.board.snake import ROW_MIN, Arm, Occupancy

HX = 12.0
HY = 8.0
INNER = 3.5
MARK = 0.8  # the marker's size, in units (a tile half is 1)
NAME_WIDTH = 2.6  # room kept for an owner's name, in units

# The side of the opening double facing each seat, by seat count.
SIDES = {2: (S, N), 3: (S, E, N), 4: (S, E, N, W)}
# Where a branch leaves the opening double: the middle of the double's edge on its side.
STARTS = {S: (0.0, -0.5), N: (0.0, 0.5), E: (1.0, 0.0), W: (-1.0, 0.0)}


def lay_out(state: BranchesState, grow: float = 1.0) -> TableLayout:
    """The layout of a Longana state (``opening``, ``branches``, ``ends``)."""
    opening = state.opening
    root = Placed(Tile(0, 0), 0, 0, 0, 0)  # the opening double lies long side down
    if opening is None:
        return TableLayout(root=root)
    branches = state.branches
    ends = state.ends
    n = len(branches)
    out = TableLayout(root=root)
    space = Occupancy()
    centre = Placed(opening, 0, 0, 0, opening.high)
    space.take(centre.rect())
    out.tiles.append(centre)
    ends_of: list[tuple[int, Arm, Placed | None]] = []
    paths: dict[int, list[tuple[float, float]]] = {}
    for seat, side in enumerate(SIDES[n], 1):
        arm = _arm(space, side, n, grow)
        parent = 0
        paths[seat] = [STARTS[side]]
        for t, outer in branches[seat - 1]:
            inner = t.other(outer)
            placed = arm.lay(t, inner)
            if parent:  # round a turn as the tiles do, not across it
                paths[seat] += _turn(out.tiles[parent], placed)
            out.links.append(Link(parent, len(out.tiles), inner))
            parent = len(out.tiles)
            out.tiles.append(placed)
            paths[seat].append((placed.x, placed.y))
        arm.number = ends[seat - 1]
        out.ends[f"branch {seat}"] = arm
        ends_of.append((seat, arm, out.tiles[parent] if parent else None))
    for seat, arm, end in ends_of:  # once every tile is down, so no marker lies on one
        marker, name = _beside(space, arm, end)
        out.labels.append(
            Label(f"branch {seat}", name[0], name[1], seat, "center", marker, NAME_WIDTH)
        )
        out.bands[f"branch {seat}"] = Band(tuple(paths[seat]), (marker, name))
    return out


def _beside(
    space: Occupancy, arm: Arm, end: Placed | None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a branch's marker stands and its name goes: beside its end, off any tile.

    The marker sits across the branch from the number to match (either side,
    whichever is free), else just beyond the end; the name goes on past it.
    An empty branch's end is the opening double's edge facing its seat.
    """
    heading = arm.tail.heading
    if end is not None:
        x, y = _tip(end)
        reach = 1.5 if end.tile.is_double else 1.0  # a double lies across: past its end
    else:  # by the opening double's edge, where the branch's first tile will go
        px, py = arm.tail.point
        x, y, reach = px + heading[0] * 0.5, py + heading[1] * 0.5, 1.0
    across = (-heading[1], heading[0])
    options = [across, (-across[0], -across[1]), heading]
    for d in options:
        step = reach if d != heading else 1.0
        mx, my = x + d[0] * step, y + d[1] * step
        box = Rect(mx - MARK / 2, my - MARK / 2, mx + MARK / 2, my + MARK / 2)
        if space.free(box):
            space.take(box)
            break
    else:
        d = options[0]
        mx, my = x + d[0] * reach, y + d[1] * reach
    return (mx, my), (mx + d[0] * 0.9, my + d[1] * 0.9)


def _arm(space: Occupancy, side: tuple[int, int], seats: int, grow: float) -> Arm:
    # a pinwheel's rows must be long enough to turn back short of the middle
    inner = INNER
    hx = max(HX * grow, inner + ROW_MIN)
    hy = max(HY * max(grow, 1 / grow), inner + ROW_MIN)
    start = STARTS[side]
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


def _turn(before: Placed, after: Placed) -> list[tuple[float, float]]:
    """Where a branch's band turns between two tiles that do not lie in line: the corner
    under one of them (from the one's centre straight on to the other's line), so the band
    follows the tiles round the turn; none where they lie in line."""
    (bx, by), (ax, ay) = (before.x, before.y), (after.x, after.y)
    if abs(bx - ax) < EPS or abs(by - ay) < EPS:
        return []
    for corner in ((bx, ay), (ax, by)):
        if any(_under(corner, p.rect()) for p in (before, after)):
            return [corner]
    return []


def _under(point: tuple[float, float], r: Rect) -> bool:
    x, y = point
    return r.x0 - EPS <= x <= r.x1 + EPS and r.y0 - EPS <= y <= r.y1 + EPS


def _tip(placed: Placed) -> tuple[float, float]:
    """Where a branch's open marker stands: on the open half of its last tile."""
    if placed.tile.is_double:
        return (placed.x, placed.y)
    x, y, _ = placed.halves()[1]
    return (x, y)


def _down(state: BranchesState) -> bool:
    return state.opening is not None


def _marked(state: BranchesState) -> frozenset[str]:
    return frozenset(f"branch {seat}" for seat in state.open_order)


def _order(state: BranchesState) -> tuple[int, ...]:
    return state.open_order


# The table turns so that the viewer's branch leaves towards them.
register(lg.FAMILY, Parts("branches", lay_out, _down, _marked, _order, turns=True))
