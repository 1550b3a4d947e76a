"""Every hand face up at the table: a replay (the match is over) and a puzzle (no secrets).

Why a part of its own: the ordinary table shows the other seats as face-down
stacks with a count; where nothing is hidden, the same panels show the tiles
themselves instead, and the count gives way to them. The viewer's own hand is
in the tray as always.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.rules import State
from game.ui.art.textures import TileTextures
from game.ui.table.hud import NARROW_PANEL, Panels, ScreenLayout
from game.ui.table.seats import GAP, SCORE_SIZE
from game.ui.theme import GOLD, SEAT, SEAT_TURN
from game.ui.widgets.text import TextPool, text_width
from game.ui.words.names import count


class OpenPanels(Panels):
    """The other seats' panels with their hands face up; ``state()`` is the state shown."""

    def __init__(self, textures: TileTextures, state: Callable[[], State]) -> None:
        super().__init__(textures)
        self.state = state

    def sync(
        self,
        screen: ScreenLayout,
        counts: dict[int, int],
        to_move: int | None,
        opened: bool = False,
    ) -> None:
        state = self.state()
        signature = (
            id(state),
            screen.width,
            screen.height,
            screen.rtl,
            tuple(screen.panels.items()),
        )
        if signature == self._signature:
            return
        self._signature = signature
        self.boxes.clear()
        self.backs.clear()
        for seat, r in screen.panels.items():
            self.boxes.add(r, SEAT_TURN if seat == to_move else SEAT)
            hand = sorted(state.hands[seat - 1], reverse=True) if state.hands else []
            narrow = r.width < NARROW_PANEL  # its score goes over the tiles (see _sync_texts)
            tile_h = min(36.0 if narrow else 44.0, r.height - 44)
            room = r.width - 24  # else the score stays whole at the right, clear of the tiles
            if not narrow:
                room -= text_width(count("pts", state.scores[seat - 1]), SCORE_SIZE) + GAP
            step = min(tile_h / 2 + 3, (room - tile_h / 2) / max(1, len(hand) - 1))
            for i, tile in enumerate(hand):
                face = self.textures.face(tile, 1)
                sprite = arcade.Sprite(face, scale=tile_h / face.width)
                sprite.angle = 90
                x = screen.side(r.x0 + 12 + tile_h / 4 + i * step, "center", r)[0]
                sprite.position = (x, r.y0 + 8 + tile_h / 2)
                self.backs.append(sprite)


def open_hand_texts(texts: TextPool, screen: ScreenLayout, scores: tuple[float, ...]) -> None:
    """After the table's texts: no counts (the tiles show), a narrow panel's score moved
    under its name, over the tiles."""
    for seat, r in screen.panels.items():
        texts.put(f"count{seat}", "", 0, 0)
        if r.width < NARROW_PANEL:
            score = count("pts", scores[seat - 1])
            x, anchor = screen.side(r.x1 - 10, "right", r)
            texts.put(f"score{seat}", score, x, r.y0 + 58, 12, GOLD, anchor_x=anchor)
