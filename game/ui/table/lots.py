"""Cuban's draw for the opener on the table (C-03, C-04), not only in the log.

Before the first hand seats 1 and 2 each turn up a tile for their teams,
again while the totals tie; the higher team chooses who opens. The tiles
are public, so the table shows the last pair face up in the middle, each
under its seat's name, with what came of it, from the moment the match
begins until the hand's first tile is down. Read from the round's log
(``Event.shown`` with no action), so the table re-derives nothing.
"""

from __future__ import annotations

import arcade

from game.rules import State
from game.ui.art.textures import TileTextures, level_for
from game.ui.board.geometry import Rect
from game.ui.theme import GOLD, NEWS
from game.ui.widgets.text import TextPool
from game.ui.words import narrate

TILE_W = 56.0  # pixels: the width of an upright tile of the draw


class OpenerDraw:
    """The representatives' tiles and their words, in screen pixels."""

    def __init__(self, textures: TileTextures) -> None:
        self.textures = textures
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.texts = TextPool()
        self.lines: list[str] = []  # what is written, for the tests
        self._key: object = None

    def sync(self, state: State, table: Rect) -> None:
        """Show the draw while the first hand has no tile down; else nothing."""
        pairs = narrate.opener_draw(state)
        line = getattr(state, "line", None)
        showing = bool(pairs) and (line is None or line.lead is None)
        key = (tuple(pairs), table, showing, state.to_move, len(state.log))
        if key == self._key:
            return
        self._key = key
        self.sprites.clear()
        t = self.texts
        t.begin()
        self.lines = []
        if showing:
            cx, cy = table.centre
            level = level_for(TILE_W)
            title, outcome = narrate.opener_draw_lines(state)
            self.lines = [title, *(text for _, text in pairs), outcome]
            t.put("title", title, cx, cy + TILE_W * 1.6, 18, GOLD, "center", bold=True)
            for i, (tile, text) in enumerate(pairs):
                x = cx + (i - (len(pairs) - 1) / 2) * TILE_W * 3.2
                texture = self.textures.face(tile, level)
                sprite = arcade.Sprite(texture, scale=2 * TILE_W / texture.width)
                sprite.angle = 90
                sprite.position = (x, cy)
                self.sprites.append(sprite)
                t.put(f"seat{i}", text, x, cy - TILE_W * 1.35, 15, NEWS, "center", bold=True)
            t.put("outcome", outcome, cx, cy - TILE_W * 2.1, 16, GOLD, "center", bold=True)
        t.end()

    def draw(self) -> None:
        self.sprites.draw()
        self.texts.batch.draw()
