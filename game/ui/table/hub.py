"""The Mexican Train hub, drawn cheaply: flat colour where it is flat, texture at the corners.

The hub (wood in a brass rim, rounded corners) is the largest thing on the
table. As one textured sprite it cost software GL more than a third of all
the tiles together; most of it is plain colour, and an opaque, untextured,
unblended triangle is llvmpipe's fastest fill. So the hub is a nine-slice:
two brass and two wood rectangles (one unblended shape list) and four
small textured corners (cut from :func:`textures.hub_image`, so the rounded
corners keep their smooth edges). It looks the same as the one sprite did.

``center_x``, ``center_y`` and ``angle`` make it glide like a sprite
(:mod:`tween`); moving it changes two uniforms, not the geometry.
"""

from __future__ import annotations

import functools

import arcade
from arcade.shape_list import Shape, ShapeElementList, create_rectangle_filled

from game.ui.art.textures import hub_image
from game.ui.theme import BRASS, WOOD

CORNER = 0.75  # layout units: the textured corner squares (they hold the rounded rim)
RIM = 0.12  # layout units: the brass rim (as textures.hub_image draws it)
CORNER_TEXELS = 64  # texels per unit of the corners: as crisp as the flat edges beside them
OVERLAP = 3  # texels each corner lies over the flat parts beside it
CORNERS = ((-1, 1), (1, 1), (-1, -1), (1, -1))  # top left, top right, bottom left, bottom right


class Hub:
    """A ``width`` x ``height`` (layout units) hub at a world position, ``half`` pixels a unit."""

    def __init__(self, width: float, height: float, half: float) -> None:
        self.size = (width, height)
        self.half = half
        self.angle = 0.0  # tweens turn it; the hub never turns on its own
        self.scale = 1.0  # tweens read it; the hub keeps its size
        self._x = self._y = 0.0
        self.flat: ShapeElementList[Shape] = ShapeElementList(blend=False)
        a, b = width * half / 2, height * half / 2
        c, rim = CORNER * half, RIM * half
        for colour, inset in ((BRASS, 0.0), (WOOD, rim)):
            self.flat.append(_rect(-a + c, -b + inset, a - c, b - inset, colour))
            self.flat.append(_rect(-a + inset, -b + c, a - inset, b - c, colour))
        self.corners: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        textures, m = _corners()
        scale = half / CORNER_TEXELS
        for texture, (sx, sy) in zip(textures, CORNERS, strict=True):
            corner = arcade.Sprite(texture, scale=scale)
            reach = m * scale / 2
            corner.properties["at"] = (sx * (a - reach), sy * (b - reach))
            self.corners.append(corner)
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
        ctx = self.corners.ctx
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)  # the shape list leaves blending as it finds it
        self.flat.draw()
        if blending:
            ctx.enable(ctx.BLEND)
        self.corners.draw()

    def _place(self) -> None:
        self.flat.position = (self._x, self._y)
        for corner in self.corners:
            dx, dy = corner.properties["at"]
            corner.position = (self._x + dx, self._y + dy)


def _rect(
    x0: float, y0: float, x1: float, y1: float, colour: tuple[int, int, int, int]
) -> arcade.shape_list.Shape:
    return create_rectangle_filled((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, colour)


@functools.cache
def _corners() -> tuple[tuple[arcade.Texture, ...], int]:
    """The four corner textures (every hub shares them) and their side in texels.

    Made once: textures of the same name made again for each new hub (a hub is
    made at every layout) let the atlas free a name's region when an old one is
    collected while a new one still uses it.
    """
    image = hub_image(2 * CORNER, 2 * CORNER, CORNER_TEXELS)
    n = image.width // 2
    m = n + OVERLAP  # each corner reaches a little over the flat parts: no seam
    textures = []
    for i, (sx, sy) in enumerate(CORNERS):
        left, top = (0 if sx < 0 else 2 * n - m), (0 if sy > 0 else 2 * n - m)
        textures.append(
            arcade.Texture(
                image.crop((left, top, left + m, top + m)),
                hash=f"boneyard-hub-corner-{i}",
                hit_box_algorithm=arcade.hitbox.algo_bounding_box,
            )
        )
    return tuple(textures), m
