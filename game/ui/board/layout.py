"""Where every tile on the table sits, from a state: pure geometry, no window.

``table_layout(state)`` lays the table out with the layout its rule family registered
(:mod:`.families`): a line (Block, Draw, Cuban; All Fives' spinner too), Longana's
branches or Mexican Train's trains. ``fit`` is the camera that shows the whole board in a
view. Units: a tile half is 1 x 1 (see :mod:`geometry`).
"""

from __future__ import annotations

import math

from game.rules.base import State
from game.rules.tiles import Tile
from game.ui.board.families import parts
from game.ui.board.geometry import Rect, TableLayout
from game.ui.board.snake import Stuck

WIDE = 16 / 9  # the view shape the boards are drawn for
GROWTH = 1.4  # the board grows by this much each time a snake gets stuck
TRIES = 6


def table_layout(state: State, aspect: float = WIDE) -> TableLayout:
    """The layout of ``state``'s table for a view ``aspect`` wide (width / height).

    A narrow view (a phone held upright) gets a narrower board, so lines turn
    sooner and grow downward. If a snake gets stuck, or an open end has no
    free place left for its next tile (a preview would land on a tile), the
    board grows and the layout starts again.
    """
    fn = parts(state).lay_out
    width = min(1.3, max(0.45, math.sqrt(aspect / WIDE)))
    grow = 1.0
    for _ in range(TRIES):
        try:
            lay = fn(state, width * grow)
            _check_room(lay)
            return lay
        except Stuck:
            grow *= GROWTH
    return fn(state, math.inf)  # no turns at all: straight arms never meet


def _check_room(lay: TableLayout) -> None:
    """Raise :class:`Stuck` unless every open end can take its next tile.

    Any ordinary tile takes the same places as any other, so one stands for
    all; the double of the open number is checked too unless it is down.
    """
    down = {p.tile for p in lay.tiles}
    for arm in lay.ends.values():
        number = arm.number
        if number is None:
            continue
        other = 1 if number == 0 else number - 1
        if not arm.fits(Tile(max(number, other), min(number, other))):
            raise Stuck(f"no room after {number}")
        double = Tile(number, number)
        if double not in down and not arm.fits(double):
            raise Stuck(f"no room for {double}")


def fit(board: Rect, width: float, height: float, angle: int = 0) -> tuple[float, float, float]:
    """The camera that shows all of ``board`` in a ``width`` x ``height`` view.

    Returns the board point at the view's centre and the scale (view pixels
    per unit). ``angle`` (a multiple of 90) turns the view, which swaps the
    board's width and height when it is a quarter turn.
    """
    w, h = (board.width, board.height) if angle % 180 == 0 else (board.height, board.width)
    scale = min(width / w, height / h)
    cx, cy = board.centre
    return cx, cy, scale


def to_view(
    x: float, y: float, centre: tuple[float, float], scale: float, angle: int = 0
) -> tuple[float, float]:
    """A board point in view pixels from the view's centre, for a camera from ``fit``.

    The camera turns ``angle`` degrees clockwise (``Camera2D.angle``), so the
    board shows turned that much counter-clockwise.
    """
    dx, dy = x - centre[0], y - centre[1]
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return (scale * (c * dx - s * dy), scale * (s * dx + c * dy))
