"""The Mexican Train hub, drawn as the classic round station: a disk with a spoke per train.

The disk (wood in a brass rim, a brass ring round the engine's seat) is one
small texture every hub shares (:func:`textures.hub_disk_image`, made once so
the atlas keeps its place). The spokes are flat colour, and an opaque,
untextured, unblended shape is software GL's fastest fill: each spoke is a
brass rod from the rim to its train's name plate (brass edged wood, where the
train's name is written), all in one unblended shape list drawn under the
disk, so the rods' inner ends vanish under the rim.

``center_x``, ``center_y`` and ``angle`` make it glide like a sprite
(:mod:`tween`); moving it changes two uniforms, not the geometry.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

import arcade
from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_ellipse_filled,
    create_line,
    create_rectangle_filled,
)

from game.ui.art.textures import HUB_PAD, hub_disk_image
from game.ui.theme import BRASS, WOOD

DISK_TEXELS = 48  # texels per unit of the disk: as crisp as the flat spokes beside it
ROD = 0.3  # layout units: a spoke's rod, brass, with a wooden groove half as wide
PLATE = 0.9  # layout units: a name plate's height (brass edge, wood inside)
EDGE = 0.08  # layout units: the plate's brass edge

Spoke = Sequence[tuple[float, float]]


class Hub:
    """A round hub of ``radius`` (layout units) at a world position, ``half`` pixels a unit,
    with ``spokes`` (by train, points in layout units from the hub's centre: the rim, the
    elbow where the plate begins, the plate's end at the train's first tile)."""

    def __init__(self, radius: float, spokes: Mapping[str, Spoke], half: float) -> None:
        self.radius = radius
        self.spokes = {key: tuple(points) for key, points in spokes.items()}
        self.half = half
        self.angle = 0.0  # tweens turn it; the hub never turns on its own
        self.scale = 1.0  # tweens read it; the hub keeps its size
        self._x = self._y = 0.0
        self.flat: ShapeElementList[Shape] = ShapeElementList(blend=False)
        for colour, rod, plate in ((BRASS, ROD, PLATE), (WOOD, ROD / 2, PLATE - 2 * EDGE)):
            for points in self.spokes.values():
                for shape in _spoke(points, half, rod, plate, colour):
                    self.flat.append(shape)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        texture = _disk(radius)
        disk = arcade.Sprite(texture, scale=2 * radius * half / (texture.width - 2 * HUB_PAD))
        self.sprites.append(disk)
        self._place()

    @property
    def center_x(self) -> float:
        return self._x

    @center_x.setter
    def center_x(self, x: float) -> None:
        self._x = x
        self._place()

    @property
    def center_y(self) -> float:
        return self._y

    @center_y.setter
    def center_y(self, y: float) -> None:
        self._y = y
        self._place()

    @property
    def position(self) -> tuple[float, float]:
        return self._x, self._y

    @position.setter
    def position(self, xy: tuple[float, float]) -> None:
        self._x, self._y = xy
        self._place()

    def draw(self) -> None:
        ctx = self.sprites.ctx
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)  # the shape list leaves blending as it finds it
        self.flat.draw()
        if blending:
            ctx.enable(ctx.BLEND)
        self.sprites.draw()

    def _place(self) -> None:
        self.flat.position = (self._x, self._y)
        for sprite in self.sprites:
            sprite.position = (self._x, self._y)


def _spoke(
    points: Spoke, half: float, rod: float, plate: float, colour: tuple[int, int, int, int]
) -> list[Shape]:
    """One spoke's shapes in ``colour``: the rod from the rim to the elbow (a round joint
    there), then the plate, level from the elbow to the train."""
    (x0, y0), (x1, y1), (x2, y2) = ((x * half, y * half) for x, y in points)
    w = rod * half
    shapes: list[Shape] = [
        create_line(x0, y0, x1, y1, colour, w),
        create_ellipse_filled(x1, y1, w, w, colour, num_segments=16),
    ]
    left, right = min(x1, x2), max(x1, x2)
    h = plate * half
    shapes.append(create_rectangle_filled((left + right) / 2, y1, right - left, h, colour))
    # the plate's inner end rounded, so the rod runs into it rather than butting a corner
    shapes.append(create_ellipse_filled(x1, y1, h, h, colour, num_segments=24))
    return shapes


@functools.cache
def _disk(radius: float) -> arcade.Texture:
    """The disk's texture (every hub of this radius shares it: a texture made again under
    a name already in the atlas lets the atlas free its place while the old one draws)."""
    image = hub_disk_image(radius, DISK_TEXELS)
    return arcade.Texture(
        image,
        hash=f"boneyard-hub-disk-{radius:.3f}",
        hit_box_algorithm=arcade.hitbox.algo_bounding_box,
    )
