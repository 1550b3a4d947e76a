"""Pointer, touch and keys at the table: everything becomes a preview first.

Mouse and touch are the same here (the left button; a touch arrives as
one). A tap on a hand tile selects it and lights its places; a tap on a lit
place shows the ghost; a tap on the ghost (or Confirm, or Enter) plays it;
a tap elsewhere or Esc cancels. A tap on the table acts on release, and only
if the pointer stayed within ``SLOP`` screen pixels (scaled for touch) of
where it went down: anything further is a drag, and a drag on the table
always pans, whatever it started on (so panning never plays a tile). A hand
tile can be dragged onto a lit place (that previews, it does not play). The
pan stops with the screen's centre still over the board, so the table cannot
be pushed off screen. The wheel and +/- zoom, R turns the table. Points on
the table are picked through ``Camera2D.unproject``. Keys: Tab / arrows move the selection
(Shift+Tab back, however X11 sends it), Enter confirms, Esc cancels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.widgets.kit import tab_step

if TYPE_CHECKING:
    from game.ui.table.view import TableView

SLOP = 10  # screen pixels (times the touch scale) a tap may wander and still be a tap
MIN_ZOOM, MAX_ZOOM = 0.15, 2.0  # textures are drawn for zoom 2 at most
_k = arcade.key
SKIP_KEYS = (_k.SPACE, _k.ENTER, _k.RETURN, _k.NUM_ENTER, _k.ESCAPE)  # skip a catch-up replay
END_REACH = 0.6  # units round an end's next place where a tap still means that end


@dataclass
class _Press:
    kind: str  # "tile", "table" or "none"
    x: float
    y: float
    tile: Tile | None = None
    dragging: bool = False
    picked: tuple[str, object] | None = None  # a lit place or the ghost under the press


class TableInput:
    """Input handlers mixed into :class:`~game.ui.table.view.TableView`."""

    _press: _Press | None = None

    # -- pointer -------------------------------------------------------------------

    def on_mouse_press(self: TableView, x: int, y: int, button: int, modifiers: int) -> None:
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.cancel()
            return
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        hit = self.buttons.hit(x, y)
        if hit is None and self.replay is not None:  # a tap skips the catch-up
            self._press = None
            self.skip_replay()
            return
        if hit is not None:  # a disabled button takes the tap and says why it cannot act
            self._press = None
            if hit.enabled:
                hit.press()
            elif self.button_refusal(hit.key):
                self.refuse(self.button_refusal(hit.key))
            return
        t = self.tray.hit(x, y)
        if t is not None:
            self._press = _Press("tile", x, y, t)
            return
        if self._on_table(x, y):
            self._press = _Press("table", x, y, picked=self._pick(x, y))
            return
        self._press = _Press("none", x, y)

    def on_mouse_drag(
        self: TableView, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int
    ) -> None:
        press = self._press
        if press is None:
            return
        far = self._moved(press, x, y)
        if press.kind == "tile" and press.tile is not None:
            if not press.dragging and far and self.human_turn():
                if self.preview.selected != press.tile:
                    if not self.preview.select(press.tile):
                        self.refuse(self.why_not(press.tile))
                        self._press = None
                        return
                    self.sync_preview()
                press.dragging = True
            if press.dragging:
                sprite = self.tray.sprites.get(press.tile)
                if sprite is not None:
                    self.tweens.cancel(sprite)
                    sprite.position = (x, y)
        elif press.kind == "table" and (press.dragging or far):
            press.dragging = True
            w0 = self.camera.unproject((x - dx, y - dy))
            w1 = self.camera.unproject((x, y))
            self.cam.center_x += w0[0] - w1[0]
            self.cam.center_y += w0[1] - w1[1]
            self.tweens.cancel(self.cam)
            self.user_view = True
            self._keep_board_on_screen()

    def on_mouse_release(self: TableView, x: int, y: int, button: int, modifiers: int) -> None:
        press, self._press = self._press, None
        if press is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        if press.kind == "tile" and press.tile is not None:
            if press.dragging:
                on_table = self._on_table(x, y)
                picked = self._pick(x, y) if on_table else None
                where = self._end_at(x, y) if on_table and picked is None else None
                if picked is not None:
                    self.preview.choose(picked[1])
                self.message = ""
                if where is not None:  # dropped on an end the rules refuse: they say why
                    self.refuse(self.why_not(press.tile, where))
                self.sync_preview()  # the dragged tile glides back to the tray
            else:
                self.tap_tile(press.tile)
        elif press.dragging or self._moved(press, x, y):
            return  # a drag pans; it never plays or cancels
        elif press.picked is not None:
            what, action = press.picked
            if what == "ghost":
                self.confirm()
            else:
                self.preview.choose(action)  # type: ignore[arg-type]
                self.message = ""
                self.sync_preview()
        else:
            where = self._end_at(x, y)
            if where is not None and self.preview.selected is not None:
                self.refuse(self.why_not(self.preview.selected, where))  # a matching end …
            else:
                self.cancel()

    def on_mouse_scroll(self: TableView, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if scroll_y:
            self.zoom_by(1.12**scroll_y, (x, y))

    # -- keys -------------------------------------------------------------------------

    def on_key_press(self: TableView, symbol: int, modifiers: int) -> None:
        k = arcade.key
        shift = bool(modifiers & k.MOD_SHIFT)
        ctrl = bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND))
        if self.skips_replay(symbol):
            return
        if symbol == k.ESCAPE:
            self.cancel()
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER, k.SPACE):
            self.key_confirm()
        elif tab_step(symbol, modifiers):
            self.select_step(tab_step(symbol, modifiers))
        elif symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            step = 1 if symbol in (k.RIGHT, k.DOWN) else -1
            if self.preview.selected is not None and len(self.preview.places) > 1:
                self.preview.cycle_place(step)
                self.sync_preview()
            else:
                self.select_step(step)
        elif ctrl and symbol == k.Z:
            self.redo() if shift else self.undo()
        elif ctrl and symbol == k.Y:
            self.redo()
        elif symbol in (k.PLUS, k.EQUAL, k.NUM_ADD):
            self.zoom_by(1.2)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            self.zoom_by(1 / 1.2)
        elif symbol in (k.KEY_0, k.F):
            self.refit()
        elif symbol == k.R:
            self.rotate(-1 if shift else 1)

    # -- actions the handlers share -----------------------------------------------------

    def skips_replay(self: TableView, symbol: int) -> bool:
        """Space, Enter or Esc during a catch-up skips it (and does nothing else)."""
        if self.replay is None or symbol not in SKIP_KEYS:
            return False
        self.skip_replay()
        return True

    def tap_tile(self: TableView, t: Tile) -> None:
        """A tap on a hand tile: select it (a second tap puts it back)."""
        if not self.human_turn():
            return
        if self.preview.selected == t:
            self.cancel()
            return
        if self.preview.select(t):
            self.message = ""
            self.sync_preview()
        else:
            self.refuse(self.why_not(t))

    def key_confirm(self: TableView) -> None:
        p = self.preview
        if p.chosen is not None:
            self.confirm()
        elif p.places:
            p.choose(p.places[0])
            self.sync_preview()

    def select_step(self: TableView, step: int) -> None:
        """Move the keyboard focus: through the playable hand tiles, then the choices.

        A tile is selected (its places light up); a choice (Draw, Pass, End …)
        is previewed, so Enter then confirms it.
        """
        if not self.human_turn():
            return
        playable = self.preview.playable()
        tiles: list[object] = [t for t in sorted(self.tray.slots, reverse=True) if t in playable]
        items = tiles + list(self.preview.buttons())
        if not items:
            return
        p = self.preview
        current = p.selected if p.selected is not None else p.chosen
        i = items.index(current) + step if current in items else (0 if step > 0 else -1)
        item = items[i % len(items)]
        if isinstance(item, Tile):
            p.select(item)
        else:
            p.choose(item)  # type: ignore[arg-type]
        self.message = ""
        self.sync_preview()

    def zoom_by(self: TableView, factor: float, at: tuple[float, float] | None = None) -> None:
        """Zoom, keeping the table point under ``at`` (a screen point) where it is."""
        before = self.camera.unproject(at) if at is not None else None
        self.tweens.cancel(self.cam)
        self.cam.scale = min(max(self.cam.scale * factor, MIN_ZOOM), MAX_ZOOM)
        self._apply_camera()
        if before is not None and at is not None:
            after = self.camera.unproject(at)
            self.cam.center_x += before[0] - after[0]
            self.cam.center_y += before[1] - after[1]
        self._keep_board_on_screen()
        self.user_view = True

    def refit(self: TableView) -> None:
        """Fit (0, F): the whole board, however small its tiles get."""
        self.user_view = False
        self.fit_camera(whole=True)

    def rotate(self: TableView, quarter: int) -> None:
        """Turn the table a quarter turn (the match and the preview stay as they are)."""
        self.turn = (self.turn + quarter) % 4
        self.relayout()  # a quarter turn changes the board's shape on screen
        if self.user_view:
            self.tweens.move(self.cam, self.cam.center_x, self.cam.center_y, self.view_angle())

    def _moved(self: TableView, press: _Press, x: float, y: float) -> bool:
        """Whether the pointer went further than a tap may from where it was pressed."""
        return math.hypot(x - press.x, y - press.y) > SLOP * self.touch

    def _keep_board_on_screen(self: TableView) -> None:
        """Hold the camera's centre (the table point mid-screen) over the board, then apply."""
        board = self.board()
        cam = self.cam
        cam.center_x = min(max(cam.center_x, board.x0 * HALF), board.x1 * HALF)
        cam.center_y = min(max(cam.center_y, board.y0 * HALF), board.y1 * HALF)
        self._apply_camera()

    def _on_table(self: TableView, x: float, y: float) -> bool:
        r = self.screen.table
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1

    def _end_at(self: TableView, x: float, y: float) -> str | None:
        """The end of the table (a line end, branch, train) a tap on no lit place landed
        by, for the selected tile: where that tile would go there, or the end's last tile."""
        t = self.preview.selected
        if t is None or not self.human_turn():
            return None
        w = self.camera.unproject((x, y))
        px, py = w[0] / HALF, w[1] / HALF
        for where, arm in self.layout.ends.items():
            r = arm.peek(t).rect().grown(END_REACH)
            if r.x0 <= px <= r.x1 and r.y0 <= py <= r.y1:
                return where
        return None

    def _pick(self: TableView, x: float, y: float):
        w = self.camera.unproject((x, y))
        return self.scene.hit(w[0], w[1])
