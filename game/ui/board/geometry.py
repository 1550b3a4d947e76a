"""The shapes the table layout speaks in: placed tiles, rectangles, links, labels.

Units: one tile half is a 1 x 1 square, so a tile is 2 x 1. Angles are
multiples of 90 degrees, counter-clockwise; at angle 0 a placed tile's
``first`` half is on the left (-x) and its other half on the right. Pure
Python: no window, no arcade.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from game.rules.tiles import Tile

EPS = 1e-6

E, N, W, S = (1, 0), (0, 1), (-1, 0), (0, -1)
DIRECTIONS = {"E": E, "N": N, "W": W, "S": S}
_ANGLE = {E: 0, N: 90, W: 180, S: 270}


def angle_of(d: tuple[int, int]) -> int:
    """The angle of a unit direction (E = 0, N = 90 …)."""
    return _ANGLE[d]


def unit(angle: int) -> tuple[int, int]:
    """The unit direction of an angle that is a multiple of 90."""
    return {0: E, 90: N, 180: W, 270: S}[angle % 360]


class Rect(NamedTuple):
    """An axis-aligned rectangle: left, bottom, right, top."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Rect) -> bool:
        """Whether the insides meet (touching edges do not count)."""
        return (
            self.x0 < other.x1 - EPS
            and other.x0 < self.x1 - EPS
            and self.y0 < other.y1 - EPS
            and other.y0 < self.y1 - EPS
        )

    def union(self, other: Rect) -> Rect:
        return Rect(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )

    def grown(self, margin: float) -> Rect:
        return Rect(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def corners(self) -> tuple[tuple[float, float], ...]:
        return ((self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1))


@dataclass(frozen=True)
class Placed:
    """One tile on the table: its centre, angle and which number is on the ``first`` half."""

    tile: Tile
    x: float
    y: float
    angle: int
    first: int

    @property
    def second(self) -> int:
        return self.tile.other(self.first)

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """The centres of the two halves, with the number each shows."""
        dx, dy = unit(self.angle)
        return (
            (self.x - dx / 2, self.y - dy / 2, self.first),
            (self.x + dx / 2, self.y + dy / 2, self.second),
        )

    def rect(self) -> Rect:
        w, h = (2, 1) if self.angle % 180 == 0 else (1, 2)
        return Rect(self.x - w / 2, self.y - h / 2, self.x + w / 2, self.y + h / 2)

    def moved(self, dx: float, dy: float) -> Placed:
        return Placed(self.tile, self.x + dx, self.y + dy, self.angle, self.first)

    @property
    def face_angle(self) -> int:
        """The rotation of a face drawn high-half-left so it shows this placement."""
        return self.angle if self.first == self.tile.high else (self.angle + 180) % 360


HUB = -1  # Link.parent of a train's first tile: the hub the engine sits on


@dataclass(frozen=True)
class Link:
    """``child`` was matched to ``parent`` on ``number`` (indices into the layout's tiles)."""

    parent: int
    child: int
    number: int


@dataclass(frozen=True)
class Label:
    """A name on the table (a train, a branch): where it goes and whom it names.

    ``seat`` is None for the Mexican train. ``align`` is how the text hangs
    from (x, y): "left" or "right". ``marker`` is where that train's (or
    branch's) marker stands.
    """

    key: str
    x: float
    y: float
    seat: int | None
    align: str = "left"
    marker: tuple[float, float] | None = None
    width: float = 1.0  # how far the text may reach from (x, y), in units

    def rect(self) -> Rect:
        if self.align == "left":
            return Rect(self.x, self.y - 0.5, self.x + self.width, self.y + 0.5)
        if self.align == "right":
            return Rect(self.x - self.width, self.y - 0.5, self.x, self.y + 0.5)
        w = self.width / 2
        return Rect(self.x - w, self.y - 0.5, self.x + w, self.y + 0.5)


class Band(NamedTuple):
    """A Longana branch's way from the centre to its owner's name, in layout units: along
    its tiles (``tiles``: the opening double's edge, then each tile's centre), then on from
    its end past its marker's place to the name (``tail``)."""

    tiles: tuple[tuple[float, float], ...]
    tail: tuple[tuple[float, float], ...]


class End(Protocol):
    """An open end as the table reads it (a :class:`game.ui.board.snake.Arm`, which lays its
    tiles out in this geometry, so it is named here by what it offers): the number it takes
    and where a tile would go."""

    number: int | None

    def peek(self, t: Tile) -> Placed: ...

    def peek_rect(self) -> Rect: ...

    def fits(self, t: Tile) -> bool: ...


@dataclass
class TableLayout:
    """Everything on the table and where it sits, plus where the next tiles would go.

    ``ends`` maps an action's ``where`` ("E", "branch 2", "train mexican")
    to the arm that would take a tile there; ``root`` places the round's
    first tile (a lead, an opening double, an engine).
    """

    tiles: list[Placed] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    ends: dict[str, End] = field(default_factory=dict)
    labels: list[Label] = field(default_factory=list)
    hub: Rect | None = None
    root: Placed | None = None  # where a first tile goes (its tile is a stand-in)
    # Mexican Train's round station: its centre and radius (the engine lies at the centre),
    # and each train's spoke, by label key, as a line from the rim to the train's first tile
    ring: tuple[float, float, float] | None = None
    spokes: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    # Longana's branches, by label key: each a line from the opening double's edge along
    # its tiles, then on by its marker to its owner's name (drawn in the owner's colour)
    bands: dict[str, Band] = field(default_factory=dict)

    def bounds(self, margin: float = 1.0) -> Rect:
        """The board: every tile, the hub, the labels and the open places, plus a margin."""
        box: Rect | None = None
        rects = [p.rect() for p in self.tiles]
        if self.hub is not None:
            rects.append(self.hub)
        for label in self.labels:
            rects.append(label.rect())
        if self.root is not None and not self.tiles:
            rects.append(self.root.rect())
        for arm in self.ends.values():
            rects.append(arm.peek_rect())
        for r in rects:
            box = r if box is None else box.union(r)
        if box is None:
            box = Rect(-2, -1, 2, 1)
        return box.grown(margin)

    def place(self, kind: str, where: str | None, t: Tile) -> Placed | None:
        """Where tile ``t`` would go for an action (``play`` at ``where``, or a first tile)."""
        if kind == "play":
            arm = self.ends.get(where or "")
            return None if arm is None else arm.peek(t)
        if self.root is None:
            return None
        angle = self.root.angle
        if t.is_double and self.root.tile.is_double:
            return Placed(t, self.root.x, self.root.y, angle, t.high)
        if t.is_double:
            return Placed(t, self.root.x, self.root.y, (angle + 90) % 360, t.high)
        return Placed(t, self.root.x, self.root.y, angle, t.high)
