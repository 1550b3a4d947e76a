"""The table's camera: where it looks and how it gets there (fit, zoom, pan, turn, and two
fingers doing all three at once).

A part of the table view that reads only what it is handed: the board (in
layout units) it must keep in sight, the table's rectangle on screen, the
turn to show it at. It glides through the table's tweens (a target with a
centre, an angle and a scale, tweened like a sprite) and is applied to an
``arcade.Camera2D`` once a frame; whoever draws the tiles hears the texture
level the zoom asks for (``on_level``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import arcade
from arcade.types import LBWH

from game.ui.art.textures import HALF, level_for
from game.ui.board.geometry import Rect
from game.ui.board.layout import fit
from game.ui.motion.tween import Tweens

MIN_ZOOM, MAX_ZOOM = 0.15, 2.0  # textures are drawn for zoom 2 at most
GLIDE = 0.45  # seconds the camera takes to a new fit: slower than a tile, so the eye keeps up


class _Target:
    """What the camera glides toward: centre, turn and zoom (tweened like a sprite)."""

    def __init__(self) -> None:
        self.center_x = 0.0
        self.center_y = 0.0
        self.angle = 0.0
        self.scale = 1.0


class TableCamera:
    """The camera over the table: screen points to table points and back, and its moves.

    ``user_view`` says the player panned or zoomed: the table then stops
    fitting the board on every move until Fit is asked for.
    """

    def __init__(self, tweens: Tweens, on_level: Callable[[int], None]) -> None:
        self.tweens = tweens
        self.on_level = on_level
        self.target = _Target()
        self.camera = arcade.Camera2D()
        self._over = arcade.Camera2D()  # the same look through the whole window (use_over)
        self.user_view = False
        self._felt: Rect | None = None  # the table's rectangle the last fit was for

    # -- what the table reads ------------------------------------------------------

    @property
    def position(self) -> tuple[float, float]:
        x, y = self.camera.position
        return (x, y)

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def angle(self) -> float:
        return self.camera.angle

    def project(self, point: tuple[float, float]) -> tuple[float, float]:
        """A table point (pixels at zoom 1) on screen."""
        x, y = self.camera.project(point)
        return (x, y)

    def unproject(self, point: tuple[float, float]) -> tuple[float, float]:
        """A screen point on the table."""
        w = self.camera.unproject(point)
        return (w[0], w[1])

    def use(self) -> None:
        self.camera.use()

    def use_over(self, width: float, height: float) -> None:
        """Look at the table exactly as :meth:`use` does, through the whole ``width`` by
        ``height`` window: what is drawn then is not cut off at the table's edge, so a tile
        flying from the hand shows over the hand's bar."""
        over = self._over
        over.viewport = LBWH(0, 0, max(1.0, width), max(1.0, height))
        over.equalise()
        over.position = self.camera.unproject((width / 2, height / 2))[:2]
        over.zoom, over.angle = self.camera.zoom, self.camera.angle
        over.use()

    # -- its moves -------------------------------------------------------------------

    def view_rect(self, table: Rect) -> None:
        """Look through ``table``, the table's part of the screen."""
        width, height = max(1.0, table.width), max(1.0, table.height)
        self.camera.viewport = LBWH(table.x0, table.y0, width, height)
        self.camera.equalise()

    def apply(self) -> None:
        """Put the camera where the glide has got to (each frame, and after a move)."""
        target = self.target
        self.camera.position = (target.center_x, target.center_y)
        self.camera.zoom = target.scale
        self.camera.angle = target.angle % 360
        self.on_level(level_for(HALF * target.scale))

    def fit(
        self,
        board: Rect,
        table: Rect,
        angle: int,
        least: float = 0.0,
        focus: Callable[[], Rect | None] | None = None,
        most: float = math.inf,
        margin: tuple[float, float] = (0.0, 0.0),
        below: float = 0.0,
        above: float = 0.0,
    ) -> None:
        """Glide to show ``board`` whole in ``table`` at ``angle``, ``margin`` screen pixels
        (across, up) kept free inside each edge, as large as fits but no larger than
        ``most`` pixels a unit (two tiles on an empty table are not drawn huge). When that
        needs tiles smaller than ``least`` pixels a unit, come in to ``least`` over what
        ``focus`` gives (if it gives anything: the places the player could play), centred
        on it, with as much of the board round it as the table holds.
        ``below``, ``above``: screen pixels more kept free along the table's bottom and top
        edges (for a line of words under the board, for the seats' news over it).

        A fit for a table of another shape (a resized window, a lesson's words taking more
        of the top) is there at once: the old view would lay the board under the bars."""
        width = max(1.0, table.width - 2 * margin[0])
        height = max(1.0, table.height - 2 * margin[1] - below - above)
        cx, cy, scale = fit(board, width, height, angle)
        scale = min(scale, most)
        region = focus() if focus is not None and scale < least else None
        if region is not None:  # the board overflows the table: margins would hide more
            width, height, below, above = table.width, table.height, 0.0, 0.0
            scale = max(scale, least)  # legible: as much of the places as shows at that size
            across, up = (width, height) if angle % 180 == 0 else (height, width)
            cx = _in_view(region.x0, region.x1, board.x0, board.x1, across / scale)
            cy = _in_view(region.y0, region.y1, board.y0, board.y1, up / scale)
        zoom = min(max(scale / HALF, MIN_ZOOM), MAX_ZOOM)
        # the board's middle shows ``(below - above) / 2`` pixels over the table's: the
        # camera looks that much lower, on screen (turned as the camera turns the board)
        turn, rise = math.radians(angle), (below - above) / 2 / (zoom * HALF)
        cx, cy = cx - math.sin(turn) * rise, cy - math.cos(turn) * rise
        target = self.target
        if table == self._felt:
            self.tweens.move(target, cx * HALF, cy * HALF, angle, zoom, GLIDE)
            return
        self._felt = table
        self.tweens.cancel(target)
        target.center_x, target.center_y, target.angle, target.scale = (
            cx * HALF,
            cy * HALF,
            angle,
            zoom,
        )
        self.apply()

    def zoom_by(self, factor: float, board: Rect, at: tuple[float, float] | None = None) -> None:
        """Zoom, keeping the table point under ``at`` (a screen point) where it is."""
        target = self.target
        before = self.unproject(at) if at is not None else None
        self.tweens.cancel(target)
        target.scale = min(max(target.scale * factor, MIN_ZOOM), MAX_ZOOM)
        self.apply()
        if before is not None and at is not None:
            after = self.unproject(at)
            target.center_x += before[0] - after[0]
            target.center_y += before[1] - after[1]
        self.keep_over(board)
        self.user_view = True

    def pan(self, x: float, y: float, dx: float, dy: float, board: Rect) -> None:
        """Drag the table under the pointer from ``(x - dx, y - dy)`` to ``(x, y)``."""
        w0 = self.unproject((x - dx, y - dy))
        w1 = self.unproject((x, y))
        target = self.target
        target.center_x += w0[0] - w1[0]
        target.center_y += w0[1] - w1[1]
        self.tweens.cancel(target)
        self.user_view = True
        self.keep_over(board)

    def turn_to(self, angle: int, board: Rect | None = None) -> None:
        """Glide round to ``angle``, the short way round (a table a finger turned past 360
        does not spin back the long way), about the middle of the table on screen. Given
        the ``board`` (layout units), it is kept on the table as :meth:`keep_in` keeps it,
        not swung under a bar, and the turn shows as much of it as before: a board that
        showed whole still does (the zoom comes out as far as that takes)."""
        target = self.target
        target.angle = angle + (target.angle - angle + 180) % 360 - 180
        cx, cy, zoom = target.center_x, target.center_y, target.scale
        if board is not None:  # it overflows the table no more than it did: whole stays whole
            view = self.camera.viewport
            was = round(self.camera.angle / 90) * 90
            before = fit(board, view.width, view.height, was)[2]  # pixels a unit that fit it
            after = fit(board, view.width, view.height, angle)[2]
            zoom = min(zoom, after / HALF * max(1.0, zoom * HALF / before))
            cx, cy = self._held(board, cx, cy, angle, zoom)
        self.tweens.move(target, cx, cy, angle, zoom, GLIDE)

    def keep_in(self, board: Rect) -> None:
        """Move the camera the least that keeps ``board`` (layout units) on the table, then
        apply: whole where it fits (across, up), else filling the table that way, no bare
        felt beside it while more of it lies beyond (after a zoom or a turn, which the
        player asked of the board, not of where it sits)."""
        target = self.target
        self.tweens.cancel(target)
        target.center_x, target.center_y = self._held(
            board, target.center_x, target.center_y, target.angle, target.scale
        )
        self.apply()

    def _held(
        self, board: Rect, cx: float, cy: float, angle: float, zoom: float
    ) -> tuple[float, float]:
        """The camera's centre nearest ``(cx, cy)`` that shows ``board`` as :meth:`keep_in`
        keeps it, at ``angle`` and ``zoom`` (worked out through the camera itself, put
        back as it was)."""
        camera = self.camera
        was = camera.position, camera.zoom, camera.angle
        camera.position, camera.zoom, camera.angle = (cx, cy), zoom, angle % 360
        corners = [self.project((x * HALF, y * HALF)) for x, y in board.corners()]
        view = camera.viewport
        left, bottom, width, height = view.left, view.bottom, view.width, view.height
        shift_x = _shift(min(x for x, _ in corners), max(x for x, _ in corners), left, width)
        shift_y = _shift(min(y for _, y in corners), max(y for _, y in corners), bottom, height)
        middle = (left + width / 2 - shift_x, bottom + height / 2 - shift_y)
        held = self.unproject(middle)
        camera.position, camera.zoom, camera.angle = was
        return held

    def transform(
        self,
        at: tuple[float, float],
        shift: tuple[float, float],
        scale: float,
        turn: float,
        board: Rect,
    ) -> None:
        """Two fingers move the table: the point under their midpoint, which went ``shift``
        to ``at`` (screen pixels), follows it; then the table grows ``scale`` times and
        turns ``turn`` degrees counter-clockwise about it, so what was under each finger
        stays under it (as far as the zoom's limits allow)."""
        x, y = at
        self.pan(x, y, shift[0], shift[1], board)
        self.zoom_by(scale, board, at)
        target = self.target
        before = self.unproject(at)
        target.angle += turn  # the camera turns with the fingers: the table under them too
        self.apply()
        after = self.unproject(at)
        target.center_x += before[0] - after[0]
        target.center_y += before[1] - after[1]
        self.keep_over(board)

    def drift(self, angle: int) -> float:
        """Degrees the camera is turned past ``angle`` (a finger's turn), -180 to 180."""
        return (self.target.angle - angle + 180) % 360 - 180

    def keep_over(self, board: Rect) -> None:
        """Hold the camera's centre (the table point mid-screen) over ``board``, then apply."""
        target = self.target
        target.center_x = min(max(target.center_x, board.x0 * HALF), board.x1 * HALF)
        target.center_y = min(max(target.center_y, board.y0 * HALF), board.y1 * HALF)
        self.apply()


def _shift(lo: float, hi: float, start: float, span: float) -> float:
    """Screen pixels to move what runs ``lo``..``hi`` so it lies inside ``start``..``start +
    span`` (when it is shorter) or covers it (when it is longer): 0 when it does."""
    end = start + span
    if hi - lo <= span:
        return start - lo if lo < start else end - hi if hi > end else 0.0
    return start - lo if lo > start else end - hi if hi < end else 0.0


def _in_view(lo: float, hi: float, first: float, last: float, span: float) -> float:
    """The centre of a view ``span`` long over ``lo``..``hi`` (a part of the board, which
    runs ``first``..``last``): the part's middle, moved toward the board's middle as far as
    the part stays in view, so no view shows bare felt where more board lies beyond."""
    middle = (lo + hi) / 2
    if hi - lo > span:
        return middle
    if last - first <= span:
        return (first + last) / 2
    low, high = max(first + span / 2, hi - span / 2), min(last - span / 2, lo + span / 2)
    return min(max(middle, low), high) if low <= high else middle
