"""Where the seats sit round the screen, and where the hand tray lies.

The rule specs fix the seating: seat 1 at the bottom; in Longana and Cuban
the next seat is on its right (counter-clockwise), in the Fives family and
Mexican Train on its left (clockwise). Up to four seats take the four
sides; more share the edges evenly. Pure Python: no window.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from game.rules import Direction, rule_class
from game.ui.board.geometry import Rect

BOTTOM = 270.0


def seat_angles(rules: str, players: int) -> dict[int, float]:
    """Each seat's direction from the table's middle, in degrees (270 = bottom)."""
    sign = 1 if rule_class(rules).seating == Direction.COUNTERCLOCKWISE else -1
    if players <= 4:
        steps = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[players]
        return {s + 1: (BOTTOM + sign * 90 * k) % 360 for s, k in enumerate(steps)}
    return {s: (BOTTOM + sign * 360 * (s - 1) / players) % 360 for s in range(1, players + 1)}


def on_edge(area: Rect, angle: float, inset: float = 0.0) -> tuple[float, float]:
    """The point of ``area``'s border (pulled in by ``inset``) in direction ``angle``."""
    cx, cy = area.centre
    hw, hh = area.width / 2 - inset, area.height / 2 - inset
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    k = min(
        hw / abs(dx) if abs(dx) > 1e-9 else math.inf, hh / abs(dy) if abs(dy) > 1e-9 else math.inf
    )
    return cx + dx * k, cy + dy * k


MIN_TILE_W = 48.0  # pixels: an upright hand tile's width at least (the touch minimum)


class HandRow(NamedTuple):
    """Where a hand's upright tiles go: the centres (x) of the tiles shown, the scale
    they are drawn at, the index of the first one shown and whether the row scrolls."""

    xs: list[float]
    scale: float
    first: int = 0
    scrolls: bool = False

    @property
    def shown(self) -> int:
        return len(self.xs)


def tray_slots(
    count: int, area: Rect, tile_w: float, gap: float, first: int = 0, arrow: float = 48.0
) -> HandRow:
    """Where ``count`` upright hand tiles go across ``area``: never over one another.

    Tiles keep ``tile_w`` width and ``gap`` spacing while they fit; a bigger hand
    shrinks them evenly, never below :data:`MIN_TILE_W` (the touch minimum). A hand
    too big even then scrolls: an ``arrow`` wide button at each end of the row, and
    between them as many whole tiles as fit, from the ``first`` (kept in range).
    """
    if count == 0:
        return HandRow([], 1.0)
    width = count * tile_w + (count - 1) * gap
    scale = 1.0
    if width > area.width:
        scale = max(area.width / width, MIN_TILE_W / tile_w)
    step = (tile_w + gap) * scale
    shown = count
    if step * (count - 1) + tile_w * scale > area.width + 1e-6:
        room = area.width - 2 * (arrow + gap * scale)  # between the two arrows
        shown = max(1, min(count, int((room + gap * scale) // step)))
    first = min(max(0, first), count - shown)
    total = step * (shown - 1)
    x0 = area.centre[0] - total / 2
    return HandRow([x0 + i * step for i in range(shown)], scale, first, shown < count)
