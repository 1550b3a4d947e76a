"""Pointer, touch and keys at the table: everything becomes a preview first.

A part of the table view: :class:`TableInput` reads what :class:`Table` lists
(the preview, the hand, the camera …) and asks the table for the rest (confirm,
cancel, undo, zoom …). The screen's parts (:mod:`.sections`) hand it their events:
a button's press, a hand tile's, the board's (a tap, a pan, every drag and lift,
wherever a press began), and the view its keys and touch gestures.

Mouse and one finger are the same here (the left button; a finger arrives as one, from the X
server's emulated pointer or from :mod:`game.ui.touch`). A tap on a hand tile selects it and
lights its places; a tap on a lit place shows the ghost; a tap on the ghost (or Confirm, or
Enter) plays it; a tap elsewhere or Esc cancels. A tap on the table acts on release, and only if
the pointer stayed within ``SLOP`` screen pixels (scaled for touch) of where it went down:
anything further is a drag. A drag on the table always pans, whatever it started on (so panning
never plays a tile), and stops with the screen's centre still over the board, so the table
cannot be pushed off screen. A drag that starts on a hand tile is the tile's, never a pan: the
tile is picked (its places light up, or the rules say why it cannot go) and follows the pointer
over everything, the place it would go showing as a ghost while it is held over it. Let go on
one of its places (the lit place, the end's own tile, its train's or branch's name) it previews
that place; anywhere else on the board, its only place when it has just one; anywhere else (the
hand, a bar, the board between its places) nothing stays picked. A drop never plays: a tap then
confirms, as after a tap. The wheel and +/- zoom, R turns the table. Points on the table are
picked through ``Camera2D.unproject``. Touch adds what a mouse has not: a long press on a hand
tile selects it (its places light up) and its lift does nothing more; two fingers pan, zoom and
turn the table at once about their midpoint (no press of theirs taps anything), and when they
lift the table settles on the nearest quarter turn (the one R gives). None of it touches the
match or the preview. Keys: Tab / arrows move the selection (Shift+Tab back, however X11 sends
it), Enter confirms (or, with nothing picked, makes the pass, draw or end of turn that is the
only move), Esc cancels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import arcade

from game.rules import Action
from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect, TableLayout
from game.ui.motion.tween import Tweens
from game.ui.table.board import TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.hud import ScreenLayout, Tray
from game.ui.table.preview import Preview
from game.ui.table.replay import Replay
from game.ui.table.tips import ToolTips
from game.ui.widgets.kit import Button, tab_step

SLOP = 10  # screen pixels (times the touch scale) a tap may wander and still be a tap
_k = arcade.key
SKIP_KEYS = (_k.SPACE, _k.ENTER, _k.RETURN, _k.NUM_ENTER, _k.ESCAPE)  # skip a catch-up replay
END_REACH = 0.6  # units round an end's next place where a tap still means that end
DROP_REACH = 1.0  # units round a place where a dropped tile still means it (the end tile's half)
DROP_PX = 16  # … or screen pixels (times the touch scale), when the board is drawn small


@dataclass
class _Press:
    kind: str  # "tile", "table" or "none"
    x: float
    y: float
    tile: Tile | None = None
    dragging: bool = False
    picked: tuple[str, Action] | None = None  # a lit place or the ghost under the press
    held: bool = False  # a long press selected its tile: the lift does nothing more
    scale: float = 0.0  # a dragged hand tile's scale in the hand


class Table(Protocol):
    """What the input reads of the table and asks it to do (the table view is one)."""

    preview: Preview
    tray: Tray
    camera: TableCamera
    scene: TableScene
    tweens: Tweens
    layout: TableLayout
    screen: ScreenLayout

    @property
    def touch(self) -> float: ...

    message: str
    replay: Replay | None
    tips: ToolTips

    def human_turn(self) -> bool: ...
    def only_move(self) -> Action | None: ...
    def press_action(self, action: Action) -> None: ...
    def board(self) -> Rect: ...
    def sync_preview(self) -> None: ...
    def confirm(self) -> bool: ...
    def cancel(self) -> None: ...
    def refuse(self, reason: str) -> None: ...
    def why_not(self, tile: Tile, where: str | None = None) -> str: ...
    def undo(self) -> None: ...
    def skip_replay(self) -> None: ...
    def redo(self) -> None: ...
    def zoom_by(self, factor: float, at: tuple[float, float] | None = None) -> None: ...
    def refit(self) -> None: ...
    def rotate(self, quarter: int) -> None: ...
    def view_angle(self) -> int: ...


class TableInput:
    """The table's pointer and keys, each turned into a preview or a request of ``table``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._press: _Press | None = None

    @property
    def pressing(self) -> bool:
        """Whether a press (a tap or a drag) is under way."""
        return self._press is not None

    @property
    def holding(self) -> bool:
        """Whether a hand tile is being dragged."""
        press = self._press
        return press is not None and press.kind == "tile" and press.dragging

    # -- pointer -------------------------------------------------------------------

    def press_button(self, hit: Button, refusal: str = "") -> None:
        """A press on a button (a bar's, a choice, the hand's arrows): a disabled one takes
        the tap and says why it cannot act (``refusal``, its part's word for it)."""
        table = self.table
        self._press = None
        if hit.enabled:
            hit.press()
            table.tips.tapped(hit.key)  # an icon tool says its name (a finger has no hover)
        elif refusal:
            table.refuse(refusal)

    def press_tile(self, x: float, y: float, t: Tile) -> None:
        """A press on a hand tile: a tap or a drag of it begins (a catch-up is skipped)."""
        if not self._skips():
            self._press = _Press("tile", x, y, t)

    def mouse_press(self, x: float, y: float, button: int) -> None:
        """A press no button nor hand tile took: the table's (a tap or a pan), or nothing's."""
        table = self.table
        if button == arcade.MOUSE_BUTTON_RIGHT:
            table.cancel()
            return
        if button != arcade.MOUSE_BUTTON_LEFT or self._skips():
            return
        if self.on_table(x, y):
            self._press = _Press("table", x, y, picked=self._pick(x, y))
            return
        self._press = _Press("none", x, y)

    def _skips(self) -> bool:
        """During a catch-up a tap anywhere but on a button skips it (and does nothing else)."""
        if self.table.replay is None:
            return False
        self._press = None
        self.table.skip_replay()
        return True

    def mouse_drag(self, x: int, y: int, dx: int, dy: int) -> None:
        press, table = self._press, self.table
        if press is None:
            return
        far = self._moved(press, x, y)
        if press.kind == "tile" and press.tile is not None:
            preview = table.preview
            if not press.dragging and far and table.human_turn():
                if preview.selected != press.tile and not preview.select(press.tile):
                    self._press = None
                    table.refuse(table.why_not(press.tile))
                    return
                press.dragging = True
                table.message = ""
                table.sync_preview()  # its places lit, and the hint says where to let go
            if press.dragging:
                self._aim(press.tile, x, y)
                self._hold(press, x, y)
        elif press.kind == "table" and (press.dragging or far):
            press.dragging = True
            table.camera.pan(x, y, dx, dy, table.board())

    def mouse_release(self, x: int, y: int, button: int) -> None:
        press, self._press = self._press, None
        table = self.table
        if press is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        if press.kind == "tile" and press.tile is not None:
            if press.dragging:
                self.drop(press.tile, x, y)
            elif not press.held:
                self.tap_tile(press.tile)
        elif press.dragging or self._moved(press, x, y):
            return  # a drag pans; it never plays or cancels
        elif press.picked is not None:
            what, action = press.picked
            if what == "ghost":
                table.confirm()
            else:
                table.preview.choose(action)
                table.message = ""
                table.sync_preview()
        else:
            where = self._end_at(x, y)
            selected = table.preview.selected
            if where is not None and selected is not None:
                table.refuse(table.why_not(selected, where))  # a matching end …
            else:
                table.cancel()

    # -- touch (the gestures one finger's press and drags do not say) ----------------------

    def touch_hold(self, x: float, y: float) -> None:
        """A long press: on a hand tile, select it (a tap would do the same) and keep it
        selected when the finger lifts; anywhere else, nothing."""
        press, table = self._press, self.table
        if press is None or press.kind != "tile" or press.tile is None or press.dragging:
            return
        press.held = True
        if table.preview.selected != press.tile:
            self.tap_tile(press.tile)

    def touch_cancel(self) -> None:
        """The press ends without a tap (a second finger came): a dragged tile goes back to
        the hand and nothing stays picked, as after a drop off its places."""
        press, self._press = self._press, None
        if press is not None and press.kind == "tile" and press.dragging:
            self.table.cancel()

    def touch_transform(
        self, x: float, y: float, dx: float, dy: float, scale: float, turn: float
    ) -> None:
        """Two fingers moved: the table pans, zooms and turns with them (see the camera)."""
        self._press = None
        table = self.table
        table.camera.transform((x, y), (dx, dy), scale, turn, table.board())
        table.camera.user_view = True

    def touch_transform_end(self) -> None:
        """The fingers lifted: the table settles on the quarter turn nearest the one they
        left it at (the layout knows quarter turns only), gliding there."""
        table = self.table
        quarter = round(table.camera.drift(table.view_angle()) / 90)
        if quarter:
            table.rotate(quarter)
        table.camera.turn_to(table.view_angle(), table.layout.bounds(0.0))  # kept on the felt

    # -- keys -------------------------------------------------------------------------

    def key_press(self, symbol: int, modifiers: int) -> None:
        k = arcade.key
        table = self.table
        shift = bool(modifiers & k.MOD_SHIFT)
        ctrl = bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND))
        if self.skips_replay(symbol):
            return
        if symbol == k.ESCAPE:
            table.cancel()
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER, k.SPACE):
            self.key_confirm()
        elif tab_step(symbol, modifiers):
            self.select_step(tab_step(symbol, modifiers))
        elif symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            step = 1 if symbol in (k.RIGHT, k.DOWN) else -1
            if table.preview.selected is not None and len(table.preview.places) > 1:
                table.preview.cycle_place(step)
                table.sync_preview()
            else:
                self.select_step(step)
        elif ctrl and symbol == k.Z:
            table.redo() if shift else table.undo()
        elif ctrl and symbol == k.Y:
            table.redo()
        elif symbol in (k.PLUS, k.EQUAL, k.NUM_ADD):
            table.zoom_by(1.2)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            table.zoom_by(1 / 1.2)
        elif symbol in (k.KEY_0, k.F):
            table.refit()
        elif symbol == k.R:
            table.rotate(-1 if shift else 1)

    # -- actions the handlers share -----------------------------------------------------

    def skips_replay(self, symbol: int) -> bool:
        """Space, Enter or Esc during a catch-up skips it (and does nothing else)."""
        if self.table.replay is None or symbol not in SKIP_KEYS:
            return False
        self.table.skip_replay()
        return True

    def tap_tile(self, t: Tile) -> None:
        """A tap on a hand tile: select it (a second tap puts it back)."""
        table = self.table
        if not table.human_turn():
            return
        if table.preview.selected == t:
            table.cancel()
            return
        if table.preview.select(t):
            table.message = ""
            table.sync_preview()
        else:
            table.refuse(table.why_not(t))

    def drop(self, t: Tile, x: float, y: float) -> None:
        """The hand tile ``t``, dragged, let go at a screen point: on one of its places, that
        place is previewed; elsewhere on the board its only place, when it has one; on an
        end the rules refuse, they say why. Anywhere else nothing stays picked. The tile
        glides back to the hand either way: a drop previews, it never plays."""
        table = self.table
        p = table.preview
        target: Action | None = None
        refused: str | None = None
        if p.selected == t and table.human_turn() and self.on_table(x, y):
            target = self._place_at(x, y)
            refused = self._end_at(x, y) if target is None else None
            if target is None and len(p.places) == 1:
                target = p.places[0]
        if target is not None:
            p.choose(target)
        else:
            p.cancel()
        table.message = ""
        if refused is not None:
            table.refuse(table.why_not(t, refused))
        else:
            table.sync_preview()

    def _aim(self, t: Tile, x: float, y: float) -> None:
        """While a tile of several places is held, the place a drop at the pointer would
        preview shows as its ghost (with what it would score), and none shows off them."""
        table = self.table
        p = table.preview
        if p.selected != t or len(p.places) < 2:
            return
        target = self._place_at(x, y) if self.on_table(x, y) else None
        if target == p.chosen:
            return
        if target is None:
            p.select(t)  # its places lit, none previewed
        else:
            p.choose(target)
        table.sync_preview()

    def _hold(self, press: _Press, x: float, y: float) -> None:
        """The dragged hand tile under the pointer: over the felt no larger than the board's
        tiles (the ends it is carried to stay in sight), elsewhere the hand's size."""
        table = self.table
        sprite = table.tray.sprites.get(press.tile) if press.tile is not None else None
        if sprite is None:
            return
        table.tweens.cancel(sprite)
        if not press.scale:
            press.scale = sprite.scale_x
        sprite.position = (x, y)
        board = 2 * HALF * table.camera.zoom / sprite.texture.width  # a tile's length there
        sprite.scale = min(press.scale, board) if self.on_table(x, y) else press.scale

    def draw(self) -> None:
        """The tile a drag holds, again over all the table drew (the board, the bars, the
        words): it is where the pointer is, and nothing hides it."""
        press = self._press
        if press is None or press.kind != "tile" or press.tile is None or not press.dragging:
            return
        sprite = self.table.tray.sprites.get(press.tile)
        if sprite is not None and sprite.visible:
            arcade.draw_sprite(sprite)

    def key_confirm(self) -> None:
        """Enter: confirm the preview, or preview the selected tile's first place; with
        nothing picked, make the pass, draw or end of turn that is the only move."""
        table = self.table
        p = table.preview
        if p.chosen is not None:
            table.confirm()
        elif p.places:
            p.choose(p.places[0])
            table.sync_preview()
        elif (only := table.only_move()) is not None:
            table.press_action(only)

    def select_step(self, step: int) -> None:
        """Move the keyboard focus: through the playable hand tiles, then the choices.

        A tile is selected (its places light up); a choice (Draw, Pass, End …)
        is previewed, so Enter then confirms it.
        """
        table = self.table
        if not table.human_turn():
            return
        p = table.preview
        playable = p.playable()
        tiles: list[Tile | Action] = [
            t for t in sorted(table.tray.sprites, reverse=True) if t in playable
        ]
        items = tiles + list(p.buttons())
        if not items:
            return
        current = p.selected if p.selected is not None else p.chosen
        i = items.index(current) + step if current in items else (0 if step > 0 else -1)
        item = items[i % len(items)]
        if isinstance(item, Tile):
            p.select(item)
        else:
            p.choose(item)
        table.message = ""
        table.sync_preview()

    def on_table(self, x: float, y: float) -> bool:
        """Whether a screen point is on the table (not on its bars or the hand)."""
        r = self.table.screen.table
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1

    def _moved(self, press: _Press, x: float, y: float) -> bool:
        """Whether the pointer went further than a tap may from where it was pressed."""
        return math.hypot(x - press.x, y - press.y) > SLOP * self.table.touch

    def _end_at(self, x: float, y: float) -> str | None:
        """The end of the table (a line end, branch, train) a tap on no lit place landed
        by, for the selected tile: where that tile would go there, or the end's last tile."""
        table = self.table
        t = table.preview.selected
        if t is None or not table.human_turn():
            return None
        w = table.camera.unproject((x, y))
        px, py = w[0] / HALF, w[1] / HALF
        for where, arm in table.layout.ends.items():
            r = arm.peek(t).rect().grown(END_REACH)
            if r.x0 <= px <= r.x1 and r.y0 <= py <= r.y1:
                return where
        return None

    def _place_at(self, x: float, y: float) -> Action | None:
        """Which of the selected tile's places a drop at a screen point means: the lit place
        or the ghost under it; else the one whose train's or branch's name is under the
        point, or the nearest within reach (half a tile, so a drop on the end's own tile
        counts; a fingertip when the board is drawn small)."""
        table = self.table
        hit = self._pick(x, y)
        if hit is not None:
            return hit[1]
        w = table.camera.unproject((x, y))
        px, py = w[0] / HALF, w[1] / HALF
        reach = max(DROP_REACH, DROP_PX * table.touch / (HALF * table.camera.zoom))
        named = {label.key: label.rect() for label in table.layout.labels}
        best: tuple[float, Action] | None = None
        for action in table.preview.places:
            assert action.tile is not None
            placed = table.layout.place(action.kind, action.where, action.tile)
            if placed is None:
                continue
            far = math.hypot(px - placed.x, py - placed.y)
            name = named.get(action.where or "")
            if name is not None and _gap(name, px, py) == 0:
                far = 0.0
            elif _gap(placed.rect(), px, py) > reach:
                continue
            if best is None or far < best[0]:
                best = (far, action)
        return best[1] if best is not None else None

    def _pick(self, x: float, y: float) -> tuple[str, Action] | None:
        w = self.table.camera.unproject((x, y))
        return self.table.scene.hit(w[0], w[1])


def _gap(r: Rect, x: float, y: float) -> float:
    """How far a point is from a rectangle (0 inside it)."""
    return math.hypot(max(r.x0 - x, 0.0, x - r.x1), max(r.y0 - y, 0.0, y - r.y1))
