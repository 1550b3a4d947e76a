"""The Mexican Train table as geometry (the engine on a round hub, a spoke per train), and
the table's parts for the Mexican Train family.

The hub is the classic round station with the engine at its centre. Every
train leaves it by its own spoke: a rod straight out from the rim, at the
train's own angle, to the train's name plate, which runs level to the
train's first tile at the station's edge. The seats' trains go in order
down the right side, then the rest and the Mexican train down the left;
each lies in its own band and snakes within it away from the hub when it
grows long. Each train's name sits on its plate, its marker at the plate's
end beside the first tile. Bands are stacked by their measured height, so
trains never meet; spokes are rays from one centre to the plates' inner
ends, so they never cross one another, and the plates hold the names, so no
spoke runs under another train's name. Pure Python.
"""

from __future__ import annotations

import math

from game.rules import TrainsState
from game.rules import mexican_train as mt
from game.rules.tiles import Tile
from game.ui.board.families import Parts, register
from game.ui.board.geometry import HUB, E, Label, Link, Placed, Rect, S, TableLayout, W
from game.ui.board.snake import Arm, Occupancy

HUB_RADIUS = 1.7  # the round hub: room for the engine (its half diagonal is 1.12) in a rim
SPOKE_RUN = 0.8  # the shortest spoke's rod, from the rim to its name plate
PLATE_END = 0.9  # from a plate's inner end (the spoke's elbow) to where its name begins
ROW = (12.0, 20.0)  # a train's row length before it turns back: longer when bands are many
BAND_TOP = 1.0  # the band above its first row's centre line: a crossways double
GAP = 0.4  # between bands
PITCH = 2 * BAND_TOP + GAP  # the least distance between two trains' rows (their names)
LABEL_WIDTH = 3.0  # a train's name, right next to its marker ("Seat 10" at 11 px from 18 px a unit)
ELBOW = HUB_RADIUS + SPOKE_RUN  # where each spoke's rod meets its plate (x, either side)
HUB_WIDTH = 2 * (ELBOW + 0.2 + LABEL_WIDTH + PLATE_END)  # the station, rim to train, both sides
TURN_CLEAR = 2.5  # rows turn back this far from the hub so they never reach into it


def lay_out(state: TrainsState, grow: float = 1.0) -> TableLayout:
    """The layout of a Mexican Train state (``engine``, ``trains``, ``ends``)."""
    engine = state.engine
    root = Placed(Tile(12, 12), 0, 0, 0, 12)
    if engine is None:  # the station stands empty, its centre waiting for the engine
        r = HUB_RADIUS
        return TableLayout(root=root, ring=(0.0, 0.0, r), hub=Rect(-r, -r, r, r))
    trains = state.trains
    ends = state.ends
    count = len(trains)  # the seats' trains, then the Mexican train
    right = (count + 1) // 2
    sides = [list(range(right)), list(range(right, count))]
    out = TableLayout(root=root)
    half = HUB_WIDTH / 2
    firsts: list[float] = []
    # rows long enough to keep the board about 2:1, but never under four tiles
    length = max(8.5, min(ROW[1], max(ROW[0], 3.2 * right + 2)) * grow)
    for side, indices in zip((E, W), sides, strict=True):
        bands = [_band(trains[i], engine.high, side, length) for i in indices]
        height = sum(b.height for b in bands) + GAP * (len(bands) - 1)
        top = height / 2
        for i, band in zip(indices, bands, strict=True):
            row = top - band.top
            firsts.append(row)
            dx = half if side == E else -half
            _place_band(out, band, dx, row)
            key = "train mexican" if i == count - 1 else f"train {i + 1}"
            out.ends[key] = band.arm
            band.arm.number = ends[i]
            seat = None if i == count - 1 else i + 1
            inward = -1 if side == E else 1  # from the hub's edge toward its middle
            mark = (dx + inward * 0.45, row)
            label_x = dx + inward * 0.9
            align = "right" if side == E else "left"
            out.labels.append(Label(key, label_x, row, seat, align, mark, LABEL_WIDTH))
            out.spokes[key] = _spoke(dx, row)
            top -= band.height + GAP
    out.tiles.append(Placed(engine, 0, 0, 0, engine.high))  # the engine: the hub's centre
    out.root = Placed(root.tile, 0, 0, 0, 12)
    out.ring = (0.0, 0.0, HUB_RADIUS)
    low, high = min(min(firsts) - 0.6, -HUB_RADIUS), max(max(firsts) + 0.6, HUB_RADIUS)
    out.hub = Rect(-half, low, half, high)
    return out


def _spoke(edge: float, row: float) -> tuple[tuple[float, float], ...]:
    """A train's spoke, from the hub's rim straight out toward its plate's inner end
    (so it leaves at its own angle), then level along the plate to the first tile at
    ``edge``: the rim, the elbow, the end."""
    elbow = (math.copysign(ELBOW, edge), row)
    angle = math.atan2(elbow[1], elbow[0])
    rim = (HUB_RADIUS * math.cos(angle), HUB_RADIUS * math.sin(angle))
    return (rim, elbow, (edge, row))


class _Band:
    """One train laid out on its own, in coordinates where its first row is y = 0."""

    def __init__(self, arm: Arm, tiles: list[Placed], box: Rect) -> None:
        self.arm = arm
        self.tiles = tiles
        self.top = max(box.y1, BAND_TOP)
        self.bottom = min(box.y0, -1.0)
        self.height = self.top - self.bottom


def _band(train: tuple[Tile, ...], number: int, side: tuple[int, int], row: float) -> _Band:
    space = Occupancy()
    if side == E:
        arm = Arm(space, (0.0, 0.0), E, E, S, TURN_CLEAR, row)
    else:
        arm = Arm(space, (0.0, 0.0), W, W, S, -row, -TURN_CLEAR)
    tiles = []
    for t in train:
        tiles.append(arm.lay(t, number))
        number = t.other(number)
    arm.number = number
    box = arm.peek_rect()
    for p in tiles:
        box = box.union(p.rect())
    return _Band(arm, tiles, box)


def _place_band(out: TableLayout, band: _Band, dx: float, dy: float) -> None:
    """Move a band into place, tiles, arm and all, linking its tiles in order."""
    parent = HUB
    for p in band.tiles:
        placed = p.moved(dx, dy)
        inner = placed.first
        out.links.append(Link(parent, len(out.tiles), inner))
        parent = len(out.tiles)
        out.tiles.append(placed)
    band.arm.shift(dx, dy)


def _down(state: TrainsState) -> bool:
    return state.engine is not None


def _marked(state: TrainsState) -> frozenset[str]:
    return frozenset(f"train {i + 1}" for i, up in enumerate(state.markers) if up)


def _rails(state: TrainsState) -> tuple[Tile, ...]:
    """The Mexican train's tiles (the last train), which lie on rails."""
    return state.trains[-1]


def _waiting(state: TrainsState) -> tuple[Tile, ...]:
    """The doubles left uncovered: those that bind now, then those played this turn."""
    return tuple(double for _, double in (*state.pending, *state.fresh))


register(mt.FAMILY, Parts("trains", lay_out, _down, _marked, rails=_rails, waiting=_waiting))
