"""Cuban's draw for the opener on the table (who chooses the opener), not only in the log.

Before the first hand seats 1 and 2 each turn up a tile for their teams,
again while the totals tie; the higher team chooses who opens. The tiles
are public, so the table shows the last pair face up in the middle, each
under its seat's name, with what came of it, from the moment the match
begins until the hand's first tile is down. Read from the round's log
(``Event.shown`` with no action), so the table re-derives nothing.

Every line is measured against the felt left free between the side seats'
panels: a line too wide shrinks, down to the table's smallest words, then
wraps (a long translation, a draw tied again and again).
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade

from game.rules import State
from game.ui.art.textures import TileTextures, level_for
from game.ui.board.families import parts
from game.ui.board.geometry import Rect
from game.ui.theme import GOLD, MIN_TEXT, NEWS, Colour
from game.ui.widgets.text import TextPool, text_width, wrap
from game.ui.words import narrate

TILE_W = 56.0  # pixels: the width of an upright tile of the draw
MIN_SIZE = MIN_TEXT  # the smallest words the draw shrinks to before it wraps
MARGIN = 12  # pixels kept clear of a panel


class OpenerDraw:
    """The representatives' tiles and their words, in screen pixels."""

    def __init__(self, textures: TileTextures) -> None:
        self.textures = textures
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.texts = TextPool()
        self.lines: list[str] = []  # what is written, for the tests
        self._key: object = None

    def sync(self, state: State, table: Rect, panels: Sequence[Rect] = ()) -> None:
        """Show the draw while the first hand has no tile down; else nothing. The words keep
        clear of ``panels`` (the seats' panels over the felt)."""
        pairs = narrate.opener_draw(state)
        showing = bool(pairs) and not parts(state).down(state)
        key = (tuple(pairs), table, tuple(panels), showing, state.to_move, len(state.log))
        if key == self._key:
            return
        self._key = key
        self.sprites.clear()
        t = self.texts
        t.begin()
        self.lines = []
        if showing:
            cx, cy = table.centre
            room = _room(table, panels)
            level = level_for(TILE_W)
            title, outcome = narrate.opener_draw_lines(state)
            self.lines = [title, *(text for _, text in pairs), outcome]
            self._put("title", title, cx, cy + TILE_W * 1.6, 18, GOLD, room, up=True)
            for i, (tile, text) in enumerate(pairs):
                x = cx + (i - (len(pairs) - 1) / 2) * TILE_W * 3.2
                texture = self.textures.face(tile, level)
                sprite = arcade.Sprite(texture, scale=2 * TILE_W / texture.width)
                sprite.angle = 90
                sprite.position = (x, cy)
                self.sprites.append(sprite)
                self._put(f"seat{i}", text, x, cy - TILE_W * 1.35, 15, NEWS, TILE_W * 3.1)
            self._put("outcome", outcome, cx, cy - TILE_W * 2.1, 16, GOLD, room)
        t.end()

    def _put(
        self,
        key: str,
        text: str,
        x: float,
        y: float,
        size: int,
        colour: Colour,
        room: float,
        up: bool = False,
    ) -> None:
        """``text`` centred on (x, y) within ``room`` pixels, as large as one line allows,
        or two even lines, down to :data:`MIN_SIZE`; then in as many lines as it needs
        (``up``: the lines stack upward from y)."""
        lines, size = _fit(text, size, room)
        step = size * 1.4 * (1 if up else -1)
        for i, part in enumerate(reversed(lines) if up else lines):
            name = key if i == 0 else f"{key}{i}"
            self.texts.put(name, part, x, y + i * step, size, colour, "center", bold=True)

    def draw(self) -> None:
        self.sprites.draw()
        self.texts.batch.draw()


def _room(table: Rect, panels: Sequence[Rect]) -> float:
    """How wide a line centred on the table may be: up to the nearer side panel beside
    the draw (with a margin), else the table's edge."""
    cx, cy = table.centre
    low, high = cy - TILE_W * 2.6, cy + TILE_W * 2.2  # the draw, top line to bottom
    half = table.width / 2
    for p in panels:
        if p.y0 < high and p.y1 > low and (p.x1 <= cx or p.x0 >= cx):
            half = min(half, cx - p.x1 if p.x1 <= cx else p.x0 - cx)
    return max(0.0, 2 * (half - MARGIN))


def _fit(text: str, size: int, room: float) -> tuple[list[str], int]:
    """The lines and size ``text`` takes in ``room`` pixels (see :meth:`OpenerDraw._put`)."""
    for z in range(size, MIN_SIZE - 1, -1):
        width = text_width(text, z, True)
        if width <= room:
            return [text], z
        lines = wrap(text, min(room, width / 2 * 1.1), z, True)  # two lines of about a half
        if len(lines) <= 2 and all(text_width(line, z, True) <= room for line in lines):
            return lines, z
    return wrap(text, room, MIN_SIZE, True), MIN_SIZE
