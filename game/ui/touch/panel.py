"""A touch panel mounted turned or mirrored against its picture: where a touch really is.

Pure: a point across the screen (0..1 each way, y down, as the X server counts)
as the panel reports it, to the point of the picture it is over. The settings
name the panel's mounting (:data:`game.settings.TOUCH_PANELS`); the operator of a
kiosk whose taps land elsewhere than the finger picks the one that puts them
under it (the X server's own calibration, where there is one, comes first).
"""

from __future__ import annotations

from collections.abc import Callable

Point = tuple[float, float]

PLACES: dict[str, Callable[[float, float], Point]] = {
    "as-is": lambda u, v: (u, v),
    "turned-right": lambda u, v: (1 - v, u),  # reports a quarter turn clockwise off
    "upside-down": lambda u, v: (1 - u, 1 - v),
    "turned-left": lambda u, v: (v, 1 - u),
    "mirrored": lambda u, v: (1 - u, v),  # left and right swapped
    "flipped": lambda u, v: (u, 1 - v),  # top and bottom swapped
}


def place(panel: str, u: float, v: float) -> Point:
    """Where a touch reported at ``(u, v)`` is on a panel mounted ``panel`` (unknown: as is)."""
    return PLACES.get(panel, PLACES["as-is"])(u, v)
