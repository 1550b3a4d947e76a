"""Where the seats sit round the screen, and where the hand tray lies.

The rule specs fix the seating: seat 1 at the bottom; in Longana and Cuban
the next seat is on its right (counter-clockwise), in the Fives family and
Mexican Train on its left (clockwise). Up to four seats take the four
sides; more share the edges evenly. Pure Python: no window.
"""

from __future__ import annotations

import math

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


def tray_slots(count: int, area: Rect, tile_w: float, gap: float) -> tuple[list[float], float]:
    """Centres (x) of ``count`` upright hand tiles across ``area``, and the scale used.

    Tiles keep ``tile_w`` width and ``gap`` spacing while they fit; a bigger
    hand shrinks them evenly (never below 48 pixels wide, the touch minimum)
    and then overlaps them.
    """
    if count == 0:
        return [], 1.0
    width = count * tile_w + (count - 1) * gap
    scale = 1.0
    if width > area.width:
        scale = max(area.width / width, 48.0 / tile_w)
    step = (tile_w + gap) * scale
    if count > 1 and step * (count - 1) + tile_w * scale > area.width:
        step = (area.width - tile_w * scale) / (count - 1)
    total = step * (count - 1)
    x0 = area.centre[0] - total / 2
    return [x0 + i * step for i in range(count)], scale
