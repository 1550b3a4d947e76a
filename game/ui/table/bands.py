"""Longana's branches in their owners' colours: a band under each, from the centre to the name.

Why a band: every branch starts at the same opening double, and which one is whose is
the first thing a player asks. Each branch's tiles lie on a band of its owner's colour
(:func:`~game.ui.widgets.marks.seat_colour`), wider than a tile, so a rim of the colour
shows along both sides of the branch; past its last tile the band runs on, by the
branch's marker, to its owner's name and mark. The path is the layout's
(:attr:`~game.ui.board.geometry.TableLayout.bands`).

The band is flat colour, opaque and unblended (software GL's fastest fill), one shape
list for every branch, drawn under the tiles; it is made again only when a path
changes (a tile played), like the trains' hub.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arcade.shape_list import Shape, ShapeElementList, create_ellipse_filled, create_line

from game.ui.board.geometry import Band
from game.ui.widgets.marks import seat_colour

WIDTH = 1.4  # layout units: the band across (a tile is 1 across, so 0.2 shows each side)
TAIL = 0.22  # layout units: the line on from the branch's end to its owner's name, across

Path = Sequence[tuple[float, float]]


class Bands:
    """The branches' bands, ``half`` world pixels a layout unit."""

    def __init__(self, half: float) -> None:
        self.half = half
        self.paths: dict[str, Band] = {}
        self.shapes: ShapeElementList[Shape] = ShapeElementList(blend=False)

    def sync(self, bands: Mapping[str, Band]) -> None:
        """The ``bands`` (by "branch N": the branch of seat N)."""
        if bands == self.paths:
            return
        self.paths = dict(bands)
        self.shapes = ShapeElementList(blend=False)
        for key, band in self.paths.items():
            colour = seat_colour(int(key.rpartition(" ")[2]))
            tail = (band.tiles[-1], *band.tail)
            for path, width in ((tail, TAIL), (band.tiles, WIDTH)):  # the tail under the band
                for shape in _line(path, self.half, width, colour):
                    self.shapes.append(shape)

    def draw(self) -> None:
        if not self.paths:
            return
        ctx = self.shapes.ctx
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)  # the shape list leaves blending as it finds it
        self.shapes.draw()
        if blending:
            ctx.enable(ctx.BLEND)


def _line(path: Path, half: float, width: float, colour: tuple[int, int, int, int]) -> list[Shape]:
    """A line ``width`` across along ``path`` (layout units): a line per step, round at
    every joint."""
    w = width * half
    points = [(x * half, y * half) for x, y in path]
    shapes: list[Shape] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        shapes.append(create_line(x0, y0, x1, y1, colour, w))
    for x, y in points[1:]:
        shapes.append(create_ellipse_filled(x, y, w, w, colour, num_segments=20))
    return shapes
