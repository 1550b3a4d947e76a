"""Where the table's camera looks: the board fitted to the free felt, zoom, pan and turns.

Why a part of its own: the camera's policy (the whole board while others play, the
player's places legible on their turn, Mexican Train's station in sight, All Fives'
count kept room for) is a decision about what the board needs, apart from drawing it
and from the match's flow. It reads the view's layout, screen and camera.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.match import Match
from game.rules import Action, State
from game.ui.board.families import parts
from game.ui.board.geometry import Placed, Rect, TableLayout
from game.ui.board.layout import fit
from game.ui.board.seating import seat_angles
from game.ui.table.camera import TableCamera
from game.ui.table.hud import ScreenLayout
from game.ui.table.news import CORNER_ROOM, TableNews
from game.ui.table.preview import TILE_KINDS, Preview

MARGIN = 1.2  # board units kept free round the tiles when the camera fits
MIN_BOARD = (16.0, 9.0)  # an almost empty table still shows a table, not one huge tile
MIN_TILE_PX = 28.0  # a tile's short side on screen at least, when the player is to choose
STATION_TILE_PX = MIN_TILE_PX  # … at least, to keep Mexican Train's station whole in sight too
MAX_TILE = 1 / 7  # of the window's height: a tile's length on the board at most (few tiles)
FELT_MARGIN = 20  # screen pixels kept free between the fitted board and the felt's edges
FELT_SHARE = 0.04  # of the felt's short side at most, that margin (a kiosk's felt is low)


class Framed(Protocol):
    """What the framing reads of its table view (the view is built on the framing, so the
    framing names only these)."""

    layout: TableLayout
    camera: TableCamera
    news: TableNews
    screen: ScreenLayout

    whole_board: bool  # the mode's: the whole board always in sight

    @property
    def match(self) -> Match: ...
    @property
    def state(self) -> State: ...
    @property
    def preview(self) -> Preview: ...
    @property
    def viewer(self) -> int: ...
    @property
    def human_turn(self) -> Callable[[], bool]: ...
    def relayout(self) -> None: ...


class Framing:
    """The camera's policy for one table view."""

    def __init__(self, view: Framed) -> None:
        self.view = view
        self.turn = 0  # the player's own quarter turns of the table, clockwise

    def board(self) -> Rect:
        """The board in layout units: every tile and open place, with a margin (never tiny)."""
        board = self.view.layout.bounds(MARGIN)
        cx, cy = board.centre
        least = MIN_BOARD if self._aspect() >= 1 else MIN_BOARD[::-1]
        w, h = max(board.width, least[0]), max(board.height, least[1])
        return Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    def fit_camera(self, whole: bool = False) -> None:
        """Aim the camera so the whole board fills the free felt (gliding there).

        The free felt is the table's rectangle (between the seat panels, the top bar and
        the hand); the board comes as close to its edges as :data:`FELT_MARGIN` (All
        Fives keeps a line's room under it for the count of the ends; an upright screen,
        whose seats sit in rows over the board, a row for their news), its tiles at most
        :data:`MAX_TILE` of the window's height long, so a board of two tiles is not huge.

        A board too big for that at a legible size (a ten-seat Mexican Train at
        1280x720) shows whole while others play; on the player's turn the camera
        comes in toward ``MIN_TILE_PX`` over the places they can play, as far as they all
        stay in view (the rest is a pan, a zoom or Fit away). ``whole``: the whole board
        whatever its size.
        """
        whole = whole or self.view.whole_board
        focus = None if whole else self.play_region
        screen = self.view.screen
        table = screen.table
        most = screen.height * MAX_TILE / 2  # screen pixels a unit (half a tile)
        margin = min(FELT_MARGIN, FELT_SHARE * min(table.width, table.height))
        board, angle = self.view.layout.bounds(0.0), self.view_angle()
        below = CORNER_ROOM * screen.scale if self.view.news.corner else 0.0  # room for the count
        above = self.view.news.room_above(screen.upright)  # the seats' news, the rule's line
        margins = (margin, margin)
        self.view.camera.fit(board, table, angle, MIN_TILE_PX, focus, most, margins, below, above)

    def zoom_by(self, factor: float, at: tuple[float, float] | None = None) -> None:
        """Zoom, keeping the table point under ``at`` (a screen point) where it is (else
        the middle of the table), and the board on the table (never under a bar)."""
        self.view.camera.zoom_by(factor, self.board(), at)
        self.view.camera.keep_in(self.view.layout.bounds(0.0))

    def refit(self) -> None:
        """Fit (0, F): the whole board, however small its tiles get."""
        self.view.camera.user_view = False
        self.fit_camera(whole=True)

    def rotate(self, quarter: int) -> None:
        """Turn the table a quarter turn (the match and the preview stay as they are)."""
        self.turn = (self.turn + quarter) % 4
        self.view.relayout()  # a quarter turn changes the board's shape on screen
        if self.view.camera.user_view:  # about the table's middle, the board kept on it
            self.view.camera.turn_to(self.view_angle(), self.view.layout.bounds(0.0))

    def play_region(self) -> Rect | None:
        """The places the player to move could play a tile now (the selected tile's, once
        one is picked; None if not their turn); with no tile to play (only Draw or Pass),
        the ends a tile of theirs could go to, so what they draw for is as legible as a
        play would be. Places too far apart to show together at :data:`MIN_TILE_PX` (a
        big board on a small felt): the first and as many more as still fit with it, so
        the camera never settles between two places showing neither."""
        if not self.view.human_turn():
            return None
        p = self.view.preview
        rects = []
        for action in p.places if p.selected is not None else p.legal:
            placed = self._place(action) if action.tile is not None else None
            if placed is not None:
                rects.append(placed.rect())
        if not rects:
            rects = [self.view.layout.ends[where].peek_rect() for where in self.open_ends()]
        if not rects:
            return None
        region = rects[0]
        for r in rects[1:]:
            if self._legible(region.union(r), MIN_TILE_PX):
                region = region.union(r)
        # Mexican Train's station, which names the trains, in sight too: when that keeps the
        # tiles legible (on a 7-inch kiosk the places win: Fit shows the whole station)
        hub = self.view.layout.hub
        if hub is not None and self._legible(region.union(hub), STATION_TILE_PX):
            region = region.union(hub)
        return region

    def _legible(self, region: Rect, least: float) -> bool:
        """Whether ``region`` (layout units) shows whole on the felt at ``least`` pixels a
        unit or more."""
        r = self.view.screen.table
        return fit(region, r.width, r.height, self.view_angle())[2] >= least

    def fitting_ends(self) -> list[tuple[str, Placed]]:
        """The open ends a tile of the player's fits now, each with the place one would go
        (a tile that lies along it rather than a double across, when both fit): on the
        player's turn only, none when nothing fits. The selected tile's are its places."""
        if not self.view.human_turn():
            return []
        p = self.view.preview
        found: dict[str, Placed] = {}
        for action in p.places if p.selected is not None else p.legal:
            if action.tile is None or action.kind not in TILE_KINDS:
                continue
            where = action.where or action.kind
            placed = self._place(action)
            if placed is not None and (where not in found or found[where].tile.is_double):
                found[where] = placed
        return list(found.items())

    def open_ends(self) -> list[str]:
        """The ends a tile of the player to move could go to now, had they one that fits:
        the rules' own answer for the same table with every tile the player does not see
        (the boneyard's and the others' alike) in their hand. Nothing private shows: which
        ends are open to a seat is public, and no tile's place is told."""
        state, rules = self.view.state, self.view.match.ruleset
        seat = state.to_move
        if seat is None or not state.hands:
            return []
        seen = set(rules.placed(state)) | set(state.hands[seat - 1])
        unseen = tuple(t for t in rules.tiles if t not in seen)
        hands = list(state.hands)
        hands[seat - 1] = hands[seat - 1] + unseen
        wider = state.evolve(hands=tuple(hands))
        ends = {a.where for a in rules.legal_actions(wider) if a.tile is not None and a.where}
        return [where for where in self.view.layout.ends if where in ends]

    def view_angle(self) -> int:
        """The camera's turn (clockwise, the table turns the other way): viewer's side down."""
        base = 0
        if parts(self.view.state).turns:
            angles = seat_angles(self.view.match.ruleset.name, self.view.match.ruleset.players)
            base = int(round(270 - angles[self.view.viewer])) % 360
        return (base + 90 * self.turn) % 360

    def _aspect(self) -> float:
        """The table's shape on screen (width / height), turned as the camera turns it."""
        r = self.view.screen.table
        aspect = r.width / max(1.0, r.height)
        return 1 / aspect if self.view_angle() % 180 else aspect

    def _place(self, action: Action) -> Placed | None:
        assert action.tile is not None
        return self.view.layout.place(action.kind, action.where, action.tile)
