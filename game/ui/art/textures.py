"""Tile art, drawn from code with Pillow at start-up: no image files.

Every face is an ivory tile with rounded corners, a divider and a brass
rivet, pips in the standard patterns for 0–12 (optionally one colour per
number, as double-twelve sets are sold), plus a face-down back, a
highlighted face, a ghost face (a preview) and a glowing slot that marks a
legal place. Images are drawn at ``SUPERSAMPLE`` times the texture size and
scaled down (smooth edges), and the texture itself is twice the size a tile
has on the table at zoom 1, so tiles stay crisp when the view zooms in.

The Pillow functions (``face_image`` …) need no window; :class:`TileTextures`
wraps them as cached arcade textures.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFilter

from game.rules.tiles import Tile
from game.ui.theme import (
    BACK,
    BACK_TRIM,
    BRASS,
    DIVIDER,
    GHOST_ALPHA,
    GLOW,
    IVORY,
    IVORY_EDGE,
    PIP,
    WOOD,
)

if TYPE_CHECKING:  # the textures' type only: the Pillow half of this module needs no GL
    import arcade

HALF = 64  # world pixels of one tile half at zoom 1 (layout unit)
TEXTURE_SCALE = 2  # texture pixels per world pixel: crisp up to zoom 2
SUPERSAMPLE = 2  # drawing pixels per texture pixel, for anti-aliased edges
TEX_HALF = HALF * TEXTURE_SCALE  # a half in texture pixels (128)


# One colour per number for double-twelve sets (0 has no pips).
NUMBER_COLOURS: dict[int, tuple[int, int, int, int]] = {
    1: (30, 120, 200, 255),
    2: (40, 150, 60, 255),
    3: (200, 40, 40, 255),
    4: (120, 70, 30, 255),
    5: (30, 60, 160, 255),
    6: (200, 150, 0, 255),
    7: (140, 40, 160, 255),
    8: (0, 130, 140, 255),
    9: (60, 60, 60, 255),
    10: (210, 90, 20, 255),
    11: (20, 100, 40, 255),
    12: (150, 20, 80, 255),
}

# Pip centres in a unit square (x right, y down), the patterns printed on real sets.
_L, _M, _R = 0.22, 0.5, 0.78
_T, _B = 0.22, 0.78
_ROWS4 = (0.16, 0.39, 0.61, 0.84)
PIP_PATTERNS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_M, _M),),
    2: ((_R, _T), (_L, _B)),
    3: ((_R, _T), (_M, _M), (_L, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_M, _M), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_L, _M), (_L, _B), (_R, _T), (_R, _M), (_R, _B)),
    7: ((_L, _T), (_L, _M), (_L, _B), (_M, _M), (_R, _T), (_R, _M), (_R, _B)),
    8: ((_L, _T), (_L, _M), (_L, _B), (_M, _T), (_M, _B), (_R, _T), (_R, _M), (_R, _B)),
    9: tuple((x, y) for x in (_L, _M, _R) for y in (_T, _M, _B)),
    10: tuple((x, y) for x in (_L, _R) for y in _ROWS4) + ((_M, _ROWS4[1]), (_M, _ROWS4[2])),
    11: tuple((x, y) for x in (_L, _R) for y in _ROWS4) + tuple((_M, y) for y in (_T, _M, _B)),
    12: tuple((x, y) for x in (_L, _M, _R) for y in _ROWS4),
}


def pip_centres(number: int) -> tuple[tuple[float, float], ...]:
    """Where the pips of ``number`` sit in a unit half (x right, y down)."""
    return PIP_PATTERNS[number]


# -- Pillow images (no window needed) ------------------------------------------


@cache
def face_image(high: int, low: int, coloured: bool = False) -> Image.Image:
    """The face of ``high-low``: ``high`` on the left half, ``low`` on the right.

    Pip patterns are symmetric under a half turn, so one image serves a tile
    in both directions (the sprite turns 180 degrees).
    """
    s = TEX_HALF * SUPERSAMPLE
    img = _blank_tile(s)
    draw = ImageDraw.Draw(img)
    _pips(draw, high, 0, s, coloured)
    _pips(draw, low, s, s, coloured)
    # The divider and the brass rivet in its middle.
    draw.line([(s, s * 0.14), (s, s * 0.86)], fill=DIVIDER, width=max(2, s // 40))
    r = s * 0.07
    draw.ellipse([s - r, s / 2 - r, s + r, s / 2 + r], fill=BRASS, outline=DIVIDER)
    return _finish(img)


@cache
def back_image() -> Image.Image:
    """A face-down tile: dark red with a gold border and a diamond."""
    s = TEX_HALF * SUPERSAMPLE
    img = Image.new("RGBA", (2 * s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = s * 0.16
    draw.rounded_rectangle([0, 0, 2 * s - 1, s - 1], radius, fill=(60, 14, 18, 255))
    pad = s * 0.04
    draw.rounded_rectangle([pad, pad, 2 * s - pad, s - pad], radius * 0.8, fill=BACK)
    inset = s * 0.14
    draw.rounded_rectangle(
        [inset, inset, 2 * s - inset, s - inset],
        radius * 0.5,
        outline=BACK_TRIM,
        width=max(2, s // 48),
    )
    cx, cy, d = s, s / 2, s * 0.2
    draw.polygon([(cx - d, cy), (cx, cy - d), (cx + d, cy), (cx, cy + d)], fill=BACK_TRIM)
    return _finish(img)


@cache
def highlight_image(high: int, low: int, coloured: bool = False) -> Image.Image:
    """The face with a golden glow around it: the tile selected in the hand."""
    face = face_image(high, low, coloured)
    return _with_glow(face, 0.10)


@cache
def ghost_image(high: int, low: int, coloured: bool = False) -> Image.Image:
    """A see-through face with a golden outline: where a previewed tile would go."""
    face = face_image(high, low, coloured).copy()
    alpha = face.getchannel("A").point(lambda a: a * GHOST_ALPHA // 255)
    face.putalpha(alpha)
    out = _with_glow(face, 0.10)
    return out


@cache
def slot_image() -> Image.Image:
    """A glowing empty place: drawn on every legal place for the selected tile."""
    return _frame((*GLOW, 90), (*GLOW, 255))


@cache
def frame_image() -> Image.Image:
    """A white frame around a tile's place, tinted by the sprite (the last move's mark)."""
    return _frame((255, 255, 255, 70), (255, 255, 255, 255))


@cache
def marker_image() -> Image.Image:
    """The marker on a train or branch open to everyone: a red token."""
    s = TEX_HALF * SUPERSAMPLE
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse([0, 0, s - 1, s - 1], fill=(250, 250, 250, 255))
    pad = s * 0.08
    draw.ellipse([pad, pad, s - pad, s - pad], fill=(200, 30, 40, 255))
    # a little locomotive: cab, boiler, chimney, wheels
    u = s / 16
    white = (255, 255, 255, 255)
    draw.rectangle([4 * u, 5 * u, 7 * u, 10 * u], fill=white)
    draw.rectangle([7 * u, 7 * u, 12 * u, 10 * u], fill=white)
    draw.rectangle([10 * u, 5 * u, 11 * u, 7 * u], fill=white)
    for cx in (5.5 * u, 8.5 * u, 11 * u):
        draw.ellipse([cx - u, 10 * u, cx + u, 12 * u], fill=white)
    return _finish(img)


HUB_PAD = 4  # texels of clear margin round the hub's disk


@cache
def hub_disk_image(radius: float, texels: int = 48) -> Image.Image:
    """The Mexican Train hub as the classic round station: a wooden disk ``radius`` layout
    units across its half, in a brass rim, with a brass ring round the engine's seat.

    One image every hub shares (its name stays in the atlas: see :mod:`hub`); the
    spokes to the trains are flat shapes drawn under it.
    """
    k = texels * SUPERSAMPLE
    pad = HUB_PAD * SUPERSAMPLE  # clear texels round the disk: its edge is never cut flat
    d = max(4, round(2 * radius * k)) + 2 * pad
    img = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse([pad, pad, d - 1 - pad, d - 1 - pad], fill=BRASS)
    rim = pad + k * 0.14
    draw.ellipse([rim, rim, d - 1 - rim, d - 1 - rim], fill=WOOD)
    seat = d / 2 - k * 1.22  # a ring just round the engine (half of it is 1.12 units)
    draw.ellipse(
        [seat, seat, d - 1 - seat, d - 1 - seat], outline=BRASS, width=max(2, round(k * 0.06))
    )
    return _finish(img)


def _frame(fill: tuple[int, ...], outline: tuple[int, ...]) -> Image.Image:
    s = TEX_HALF * SUPERSAMPLE
    img = Image.new("RGBA", (2 * s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = s * 0.16
    draw.rounded_rectangle([0, 0, 2 * s - 1, s - 1], radius, fill=fill)
    w = max(3, s // 20)
    draw.rounded_rectangle([w, w, 2 * s - w, s - w], radius, outline=outline, width=w)
    return _finish(img)


def _blank_tile(s: int) -> Image.Image:
    img = Image.new("RGBA", (2 * s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = s * 0.16
    draw.rounded_rectangle([0, 0, 2 * s - 1, s - 1], radius, fill=IVORY_EDGE)
    pad = s * 0.035
    draw.rounded_rectangle([pad, pad, 2 * s - 1 - pad, s - 1 - pad * 1.8], radius, fill=IVORY)
    return img


def _pips(draw: ImageDraw.ImageDraw, number: int, left: float, s: int, coloured: bool) -> None:
    colour = NUMBER_COLOURS[number] if coloured and number else PIP
    r = s * (0.085 if number <= 9 else 0.07)
    for x, y in pip_centres(number):
        px, py = left + x * s, y * s
        draw.ellipse([px - r, py - r, px + r, py + r], fill=colour)
        hr = r * 0.35  # a small shine keeps pips from looking flat
        draw.ellipse(
            [px - r * 0.45 - hr, py - r * 0.45 - hr, px - r * 0.45 + hr, py - r * 0.45 + hr],
            fill=(255, 255, 255, 60),
        )


def _with_glow(face: Image.Image, grow: float) -> Image.Image:
    """``face`` centred in a golden halo, in an image the same size.

    The face shrinks a little so the halo fits: the sprite keeps one size.
    The halo is cut away under the face, so a see-through face stays ivory.
    """
    w, h = face.size
    margin = int(h * grow)
    inner = face.resize((w - 2 * margin, h - 2 * margin), Image.Resampling.LANCZOS)
    halo = Image.new("RGBA", (w, h), (*GLOW, 0))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        [margin // 2, margin // 2, w - margin // 2, h - margin // 2], h * 0.18, fill=255
    )
    mask = mask.filter(ImageFilter.GaussianBlur(margin / 3))
    hole = Image.new("L", (w, h), 0)
    ImageDraw.Draw(hole).rounded_rectangle(
        [margin + 2, margin + 2, w - margin - 2, h - margin - 2], h * 0.14, fill=255
    )
    mask.paste(0, (0, 0), hole)
    halo.putalpha(mask)
    halo.alpha_composite(inner, (margin, margin))
    return halo


def _finish(img: Image.Image) -> Image.Image:
    """Scale the supersampled drawing down to the texture size."""
    w, h = img.size
    return img.resize((w // SUPERSAMPLE, h // SUPERSAMPLE), Image.Resampling.LANCZOS)


# -- arcade textures ---------------------------------------------------------------


LEVELS = 3  # texture sizes: a half of 128, 64 and 32 pixels


def level_for(pixels_per_half: float) -> int:
    """The smallest texture level that still has a texel per screen pixel.

    Software GL samples a texture shrunk a little fast and well; shrunk a lot
    it is slow and shimmers. Picking the level by zoom is mipmapping by hand.
    """
    level = 0
    size = TEX_HALF
    while level < LEVELS - 1 and size / 2 >= pixels_per_half:
        size //= 2
        level += 1
    return level


# Every texture made, by name, for the program's life, whichever table asked first: one
# texture per name, so the atlas never sees an old one collected while a new one of the
# same name is in use (it would free the region the new one draws from).
_MADE: dict[str, arcade.Texture] = {}


class TileTextures:
    """Arcade textures for one tile set, each made once in the program (see :data:`_MADE`).

    ``coloured`` picks the one-colour-per-number pips of double-twelve sets.
    Faces of the whole set are drawn when the object is made (start-up);
    other variants and smaller levels are drawn the first time they are
    asked for. Level 0 has halves of :data:`TEX_HALF` pixels, each level
    after it half that.
    """

    def __init__(self, double: int, coloured: bool = False) -> None:
        self.double = double
        self.coloured = coloured
        for high in range(double + 1):
            for low in range(high + 1):
                self.face(Tile(high, low))

    def recolour(self, coloured: bool) -> None:
        """Pips in one colour per number, or not: each texture is drawn again when next asked."""
        self.coloured = coloured

    def face(self, t: Tile, level: int = 0) -> arcade.Texture:
        return self._get("face", t.high, t.low, level, face_image)

    def highlight(self, t: Tile, level: int = 0) -> arcade.Texture:
        return self._get("lit", t.high, t.low, level, highlight_image)

    def ghost(self, t: Tile, level: int = 0) -> arcade.Texture:
        return self._get("ghost", t.high, t.low, level, ghost_image)

    def back(self, level: int = 0) -> arcade.Texture:
        return self._get("back", 0, 0, level, lambda *_: back_image())

    def slot(self, level: int = 0) -> arcade.Texture:
        return self._get("slot", 0, 0, level, lambda *_: slot_image())

    def frame(self, level: int = 0) -> arcade.Texture:
        return self._get("frame", 0, 0, level, lambda *_: frame_image())

    def marker(self, level: int = 0) -> arcade.Texture:
        return self._get("marker", 0, 0, level, lambda *_: marker_image())

    def _get(
        self,
        kind: str,
        high: int,
        low: int,
        level: int,
        make: Callable[[int, int, bool], Image.Image],
    ) -> arcade.Texture:
        name = f"boneyard-{kind}-{high}-{low}-{int(self.coloured)}-{level}"
        texture = _MADE.get(name)
        if texture is None:
            import arcade  # imported here: the Pillow half of this module needs no GL

            image = make(high, low, self.coloured)
            if level:
                w, h = image.size
                image = image.resize((w >> level, h >> level), Image.Resampling.LANCZOS)
            texture = arcade.Texture(
                image, hash=name, hit_box_algorithm=arcade.hitbox.algo_bounding_box
            )
            _MADE[name] = texture
        return texture
