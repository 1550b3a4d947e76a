"""The table in world space: tile sprites gliding to their layout places, and the marks.

Layers, drawn bottom to top: the train hub (:mod:`hub`), Longana's coloured bands under
its branches (:mod:`bands`), then one sprite list each:
``under`` (the last move's frame), ``tiles`` (every tile on the table), ``markers``
(open trains and branches), then ``marks`` (lit places, the ghost of the previewed
play). ``flying`` holds the tiles still gliding in from the player's hand; the view
draws them again over its bars (:meth:`draw_flying`), so a tile leaving the hand is
seen the whole way. Train names and the ghost's score are written by the view in
screen pixels, so they stay readable at any zoom. World units are layout units times
:data:`HALF` pixels. Sprites are keyed by tile, so a tile that moves in the layout
glides there (:mod:`tween`) instead of jumping; markers are keyed by their train or
branch and glide too, and so does each name's :class:`Anchor` (the point the view
writes the name at).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import arcade

from game.rules import Action
from game.rules.tiles import Tile
from game.ui.art.textures import HALF, TileTextures
from game.ui.board.geometry import Placed, Rect, TableLayout
from game.ui.motion.tween import Tweens
from game.ui.table.bands import Bands
from game.ui.table.hub import Hub
from game.ui.theme import LAST_PLAYED, RAIL

END_ALPHA = 150  # an open end's mark, fainter than a picked tile's places


def world(x: float, y: float) -> tuple[float, float]:
    return x * HALF, y * HALF


def sprite_angle(placed: Placed) -> float:
    """Arcade turns sprites clockwise; layout angles turn counter-clockwise."""
    return (-placed.face_angle) % 360


class Origin(NamedTuple):
    """Where a tile new on the table starts its glide, in world pixels; how many times its
    size on the table it is there (the hand draws tiles larger); and whether it glides
    ``over`` the bars (from the player's own hand, below the table's edge) or comes out
    from under a seat's panel."""

    x: float
    y: float
    grow: float = 1.0
    over: bool = False


class Anchor:
    """Where a train's or branch's name is written, in world pixels; it glides like a tile."""

    __slots__ = ("center_x", "center_y", "angle")

    def __init__(self, x: float, y: float) -> None:
        self.center_x, self.center_y, self.angle = x, y, 0.0


class TableScene:
    """Sprites for what lies on the table, kept in step with a :class:`TableLayout`."""

    def __init__(self, textures: TileTextures, tweens: Tweens) -> None:
        self.textures = textures
        self.tweens = tweens
        self.under: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.tiles: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.marks: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.markers: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.flying: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._markers: dict[str, arcade.Sprite] = {}  # by label key
        self.anchors: dict[str, Anchor] = {}  # by label key
        self.score: tuple[str, Placed] | None = None
        self.sprites: dict[Tile, arcade.Sprite] = {}
        self.layout = TableLayout()
        self.level = 1
        self.slots: list[tuple[arcade.Sprite, Action, Placed]] = []
        self.ghost: tuple[arcade.Sprite, Action, Placed] | None = None
        self.ends: list[tuple[arcade.Sprite, str]] = []  # open ends a hand tile fits, by end
        self._hub: Hub | None = None
        self._hub_size: object = None  # the shape the hub was made for
        self._last: arcade.Sprite | None = None
        self._last_tile: Tile | None = None
        self._rails: dict[Tile, arcade.Sprite] = {}  # frames under the Mexican train's tiles
        self.bands = Bands(HALF)  # Longana's branches in their owners' colours

    # -- the tiles ---------------------------------------------------------------

    def sync(self, layout: TableLayout, origins: dict[Tile, Origin], upright: float = 90) -> None:
        """Glide every tile to its place in ``layout``; new tiles start from ``origins``, at
        the turn ``upright`` that shows them standing on screen as they stood in the hand,
        and at the size they had there."""
        self.layout = layout
        seen = set()
        for placed in layout.tiles:
            t = placed.tile
            seen.add(t)
            sprite = self.sprites.get(t)
            if sprite is None:
                sprite = self._tile_sprite(t)
                x, y = world(placed.x, placed.y)
                start = origins.get(t, Origin(x, y))
                sprite.position = (start.x, start.y)
                sprite.angle = sprite_angle(placed)
                if (start.x, start.y) != (x, y):
                    sprite.angle = upright
                    sprite.scale = _scale(sprite.texture) * start.grow
                if start.over:
                    self.flying.append(sprite)
                self.sprites[t] = sprite
                self.tiles.append(sprite)
            self._glide(sprite, placed)
        for t in [t for t in self.sprites if t not in seen]:
            sprite = self.sprites.pop(t)
            self.tweens.cancel(sprite)
            sprite.remove_from_sprite_lists()
        self._sync_anchors(layout)
        self._sync_hub(layout)
        self.bands.sync(layout.bands)

    def _sync_anchors(self, layout: TableLayout) -> None:
        """Glide every name to its new place; a new train's name starts where it belongs."""
        keys = set()
        for label in layout.labels:
            keys.add(label.key)
            x, y = world(label.x, label.y)
            anchor = self.anchors.get(label.key)
            if anchor is None:
                self.anchors[label.key] = Anchor(x, y)
            else:
                self.tweens.move(anchor, x, y)
        for key in [k for k in self.anchors if k not in keys]:
            self.tweens.cancel(self.anchors.pop(key))

    def mark_last(self, t: Tile | None) -> None:
        """Frame the tile of the last move (it follows the tile as it glides)."""
        self._last_tile = t if t in self.sprites else None
        if self._last_tile is None:
            if self._last is not None:
                self._last.visible = False
            return
        if self._last is None:
            self._last = arcade.Sprite(self.textures.frame(self.level))
            self._last.color = LAST_PLAYED
            self.under.append(self._last)
        self._last.visible = True
        _follow(self._last, self.sprites[self._last_tile], 1.12)  # now, not a frame late

    def retexture(self) -> None:
        """Every table sprite takes its texture again (the pips' colours changed)."""
        level, self.level = self.level, -1
        self.set_level(level)

    def mark_rails(self, tiles: frozenset[Tile]) -> None:
        """Set ``tiles`` (the Mexican train's) on rails of their own colour."""
        for t in [t for t in self._rails if t not in tiles or t not in self.sprites]:
            self._rails.pop(t).remove_from_sprite_lists()
        for t in tiles:
            if t in self.sprites and t not in self._rails:
                rail = arcade.Sprite(self.textures.frame(self.level))
                rail.color = RAIL
                self._rails[t] = rail
                self.under.append(rail)

    def set_level(self, level: int) -> None:
        """Use texture level ``level`` (chosen by zoom) for every table sprite."""
        if level == self.level:
            return
        self.level = level
        for t, sprite in self.sprites.items():
            grow = sprite.scale_x / _scale(sprite.texture)  # a tile still growing or shrinking
            self._texture(sprite, self.textures.face(t, level))
            sprite.scale = _scale(sprite.texture) * grow
        for placed in self.layout.tiles:  # the glides go on to the new textures' size
            if self.tweens.moving(self.sprites[placed.tile]):
                self._glide(self.sprites[placed.tile], placed)
        for sprite, _action, _ in self.slots:
            self._texture(sprite, self.textures.slot(level))
        for sprite, _where in self.ends:
            self._texture(sprite, self.textures.slot(level))
        if self.ghost is not None:
            sprite, action, _ = self.ghost
            assert action.tile is not None
            self._texture(sprite, self.textures.ghost(action.tile, level))
        if self._last is not None:
            self._texture(self._last, self.textures.frame(level))
        for rail in self._rails.values():
            self._texture(rail, self.textures.frame(level))

    def update(self) -> None:
        """Per frame: keep the last move's frame and the Mexican train's rails on their tiles;
        a tile that has landed flies no more."""
        for sprite in [s for s in self.flying if not self.tweens.moving(s)]:
            self.flying.remove(sprite)
        if self._last is not None and self._last_tile is not None:
            _follow(self._last, self.sprites[self._last_tile], 1.12)
        for t, rail in self._rails.items():
            _follow(rail, self.sprites[t], 1.2)

    # -- the preview -------------------------------------------------------------

    def show_places(
        self,
        places: list[tuple[Action, Placed]],
        chosen: tuple[Action, Placed] | None,
        ends: Sequence[tuple[str, Placed]] = (),
    ) -> None:
        """Light the legal places; show the chosen one as a ghost tile; with nothing picked,
        mark ``ends`` (each open end some tile of the hand fits, at the place one would go:
        where to look, not a tap's target, since which tile is not yet said)."""
        for sprite, _, _ in self.slots:
            sprite.remove_from_sprite_lists()
        self.slots = []
        for sprite, _ in self.ends:
            sprite.remove_from_sprite_lists()
        self.ends = []
        for where, placed in ends:
            sprite = self._placed_sprite(self.textures.slot(self.level), placed)
            sprite.alpha = END_ALPHA
            self.marks.append(sprite)
            self.ends.append((sprite, where))
        if self.ghost is not None:
            self.ghost[0].remove_from_sprite_lists()
            self.ghost = None
        for action, placed in places:
            if chosen is not None and action == chosen[0]:
                continue
            sprite = self._placed_sprite(self.textures.slot(self.level), placed)
            self.marks.append(sprite)
            self.slots.append((sprite, action, placed))
        if chosen is not None:
            action, placed = chosen
            assert action.tile is not None
            sprite = self._placed_sprite(self.textures.ghost(action.tile, self.level), placed)
            self.marks.append(sprite)
            self.ghost = (sprite, action, placed)

    def set_score(self, text: str | None, at: Placed | None) -> None:
        """The points the previewed play would score (the view writes it above the ghost)."""
        self.score = (text, at) if text and at is not None else None

    def set_markers(self, open_keys: frozenset[str]) -> None:
        """Stand a marker on every open train or branch (as the state has them open)."""
        standing = set()
        for label in self.layout.labels:
            if label.marker is None or label.key not in open_keys:
                continue
            standing.add(label.key)
            x, y = world(*label.marker)
            marker = self._markers.get(label.key)
            if marker is None:  # a marker put down appears where it stands
                marker = arcade.Sprite(self.textures.marker(1))
                marker.scale = (0.8 * HALF) / marker.texture.width
                marker.position = (x, y)
                self._markers[label.key] = marker
                self.markers.append(marker)
            else:  # its train grew or the table was laid out anew: it glides along
                self.tweens.move(marker, x, y)
        for key in [k for k in self._markers if k not in standing]:
            marker = self._markers.pop(key)
            self.tweens.cancel(marker)
            marker.remove_from_sprite_lists()

    def marker_at(self, key: str) -> tuple[float, float] | None:
        """Where the marker of train or branch ``key`` stands now, in world pixels (None: no
        marker there)."""
        marker = self._markers.get(key)
        return None if marker is None else (marker.center_x, marker.center_y)

    def hit(self, wx: float, wy: float) -> tuple[str, Action] | None:
        """What a world point touches: ("ghost", action) or ("slot", action)."""
        x, y = wx / HALF, wy / HALF
        if self.ghost is not None and _inside(self.ghost[2].rect(), x, y, 0.15):
            return "ghost", self.ghost[1]
        for _, action, placed in self.slots:
            if _inside(placed.rect(), x, y, 0.15):
                return "slot", action
        return None

    def draw(self) -> None:
        if self._hub is not None:
            self._hub.draw()
        self.bands.draw()
        self.under.draw()
        self.tiles.draw()
        self.markers.draw()
        self.marks.draw()

    def draw_flying(self) -> None:
        """The tiles still gliding in from the player's hand, again (drawn over the bars)."""
        self.flying.draw()

    # -- helpers -------------------------------------------------------------------

    def _tile_sprite(self, t: Tile) -> arcade.Sprite:
        sprite = arcade.Sprite(self.textures.face(t, self.level))
        sprite.scale = _scale(sprite.texture)
        return sprite

    def _glide(self, sprite: arcade.Sprite, placed: Placed) -> None:
        """Send a tile gliding to its place, turn and size on the table."""
        x, y = world(placed.x, placed.y)
        self.tweens.move(sprite, x, y, sprite_angle(placed), _scale(sprite.texture))

    def _texture(self, sprite: arcade.Sprite, texture: arcade.Texture) -> None:
        sprite.texture = texture
        sprite.scale = _scale(texture)

    def _placed_sprite(self, texture: arcade.Texture, placed: Placed) -> arcade.Sprite:
        sprite = arcade.Sprite(texture)
        sprite.scale = _scale(texture)
        sprite.position = world(placed.x, placed.y)
        sprite.angle = sprite_angle(placed)
        return sprite

    def _sync_hub(self, layout: TableLayout) -> None:
        """The train hub (the round station and its spokes), remade only when its shape
        changes (a train's band grew and moved its spoke), else glided to its place."""
        if layout.ring is None:
            if self._hub is not None:
                self.tweens.cancel(self._hub)
            self._hub = None
            return
        x, y, radius = layout.ring
        cx, cy = world(x, y)
        spokes = {
            key: tuple((round(px - x, 3), round(py - y, 3)) for px, py in points)
            for key, points in layout.spokes.items()
        }
        shape = (radius, tuple(sorted(spokes.items())))
        if self._hub is None or self._hub_size != shape:
            if self._hub is not None:
                self.tweens.cancel(self._hub)
            self._hub = Hub(radius, spokes, HALF)
            self._hub.position = (cx, cy)
            self._hub_size = shape
        else:
            self.tweens.move(self._hub, cx, cy)


def _inside(r: Rect, x: float, y: float, pad: float) -> bool:
    return r.x0 - pad <= x <= r.x1 + pad and r.y0 - pad <= y <= r.y1 + pad


def _follow(frame: arcade.Sprite, sprite: arcade.Sprite, grow: float) -> None:
    """Put ``frame`` round ``sprite``, ``grow`` times its size."""
    frame.position = sprite.position
    frame.angle = sprite.angle
    frame.scale = sprite.scale[0] * grow


def _scale(texture: arcade.Texture) -> float:
    """The scale that makes ``texture`` a tile's size on the table (two halves long)."""
    return (2 * HALF) / texture.width
