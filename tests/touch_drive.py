"""The game's side of the end-to-end touch test, run on a real X server (see test_touch_x11).

It opens the game's window and sits at a match on the display it is given, and
sends touches through the virtual touchscreen's socket: they travel through the X
server as real XInput touches and come back to the game's reader in pyglet's loop,
as a panel's would. It prints one JSON line of what it saw; the test judges it.

Every tap is one finger down and up. The taps toggle hand tiles (each makes exactly
one selection, or puts the selected tile back) and now and then play a tile by its
ghost (a tap on a lit place, then on the ghost: exactly one confirmation). The
table's input counts the presses and releases it is handed, so a pointer event the
server copied from a finger and the game took as a second tap would show.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xtouch import BEGIN, END, UPDATE, Panel  # noqa: E402

from game.match import Match  # noqa: E402
from game.rules.tiles import Tile  # noqa: E402
from game.saves import Store  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.art.textures import HALF  # noqa: E402
from game.ui.router import Shell  # noqa: E402
from game.ui.table.view import TableView  # noqa: E402
from game.ui.widgets.kit import Button  # noqa: E402
from game.ui.window import open_game_window  # noqa: E402

CONFIRM_EVERY = 50  # taps between plays by a ghost


class Drive:
    def __init__(self, socket: Path) -> None:
        self.window = open_game_window(1280, 720)
        self.window._enable_event_queue = False  # as pyglet.app.run: events at once
        self.window.set_location(0, 0)
        settings = Settings(pace="instant", sound=False, deal_animation=False)
        self.folder = tempfile.TemporaryDirectory(prefix="boneyard-drive-")
        store = Store(Path(self.folder.name))
        self.shell = Shell(self.window, store, settings, animate=False)
        self.panel = Panel(socket)
        self.next_id = 1
        self.counts = {"tap": 0, "press": 0, "release": 0, "confirm": 0, "copies_dropped": 0}
        self.pump(10)

    # -- the loop the game runs ------------------------------------------------------

    def pump(self, frames: int = 2) -> None:
        from pyglet.libs.x11 import xlib

        window = self.window
        for _ in range(frames):
            xlib.XSync(window._x_display, False)
            window.display.select()  # what pyglet's loop reads: touches included
            window.dispatch_events()
            window.dispatch_event("on_update", 1 / 60)

    @property
    def view(self) -> TableView:
        view = self.shell.current
        assert isinstance(view, TableView), type(view).__name__
        return view

    def instrument(self) -> None:
        """Count what reaches the table: presses, releases, confirmations; and the pointer
        copies of fingers the shell's hook dropped (a server that sends them)."""
        view, counts = self.view, self.counts
        feed = self.shell.hook.touch
        emulated = feed.emulated

        def counted_emulated(kind: str, x: int, y: int) -> bool:
            copy = emulated(kind, x, y)
            counts["copies_dropped"] += copy
            return copy

        feed.emulated = counted_emulated  # type: ignore[method-assign]
        inp = view.input
        press, release, confirm = inp.mouse_press, inp.mouse_release, view.confirm
        press_tile, press_button = inp.press_tile, inp.press_button

        def counted_press(x: float, y: float, button: int) -> None:
            counts["press"] += 1
            press(x, y, button)

        def counted_tile(x: float, y: float, t: Tile) -> None:  # a hand tile's press
            counts["press"] += 1
            press_tile(x, y, t)

        def counted_button(hit: Button, refusal: str = "") -> None:  # a button's press
            counts["press"] += 1
            press_button(hit, refusal)

        def counted_release(x: int, y: int, button: int) -> None:
            counts["release"] += 1
            release(x, y, button)

        def counted_confirm() -> bool:
            counts["confirm"] += 1
            return confirm()

        inp.mouse_press = counted_press  # type: ignore[method-assign]
        inp.press_tile = counted_tile  # type: ignore[method-assign]
        inp.press_button = counted_button  # type: ignore[method-assign]
        inp.mouse_release = counted_release  # type: ignore[method-assign]
        view.confirm = counted_confirm

    # -- fingers ---------------------------------------------------------------------

    def screen(self, x: float, y: float) -> tuple[float, float]:
        """A window point (y up) on the X screen (y down)."""
        wx, wy = self.window.get_location()
        return wx + x, wy + self.window.height - y

    def fingers(self, paths: list[list[tuple[float, float]]]) -> None:
        """Fingers down at their paths' first points, moved along them together, lifted."""
        ids = []
        for path in paths:
            ids.append(self.next_id)
            self.next_id += 1
            self.panel.touch(BEGIN, ids[-1], *self.screen(*path[0]))
        self.panel.sync()
        self.pump()
        for step in range(1, len(paths[0])):
            for touch, path in zip(ids, paths, strict=True):
                self.panel.touch(UPDATE, touch, *self.screen(*path[step]))
            self.panel.sync()
            self.pump(1)
        for touch, path in zip(ids, paths, strict=True):
            self.panel.touch(END, touch, *self.screen(*path[-1]))
        self.panel.sync()
        self.pump()

    def tap(self, x: float, y: float) -> None:
        before = (self.counts["press"], self.counts["release"])
        self.counts["tap"] += 1
        self.fingers([[(x, y)]])
        after = (self.counts["press"], self.counts["release"])
        if after != (before[0] + 1, before[1] + 1):
            raise AssertionError(f"a tap reached the table as {after[0] - before[0]} presses")

    # -- the script --------------------------------------------------------------------

    def sit_down(self) -> None:
        self.shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=3))
        self.to_human_turn()
        self.instrument()

    def to_human_turn(self) -> None:
        for _ in range(600):
            if self.view.human_turn() and not self.view.tweens.moving(self.view.camera.target):
                return
            self.pump(1)
        raise AssertionError("the human's turn never came")

    def playable(self) -> list:
        view = self.view
        return sorted(t for t in view.preview.playable() if t in view.tray.slots)

    def toggle(self, i: int) -> bool:
        """Tap a hand tile: it is selected (or, selected, put back) by exactly this tap."""
        view = self.view
        tiles = self.playable()
        if not tiles:
            return False
        tile = tiles[i % len(tiles)]
        was = view.preview.selected
        self.tap(*view.tray.slots[tile])
        now = view.preview.selected
        expected = None if was == tile else tile
        if now != expected:
            raise AssertionError(f"a tap on {tile} left {now} selected, not {expected}")
        return True

    def play_by_ghost(self) -> int:
        """Play a tile by taps (tile, lit place, ghost): the taps it took."""
        view = self.view
        tiles = self.playable()
        if not tiles:
            return 0
        taps = 0
        if view.preview.selected != tiles[0]:
            self.tap(*view.tray.slots[tiles[0]])
            taps += 1
        assert view.preview.selected == tiles[0]
        taps += self.in_sight(view.preview.chosen or view.preview.places[0])
        if view.preview.chosen is None:
            self.tap(*self.on_screen(view.preview.places[0]))
            taps += 1
        chosen = view.preview.chosen
        assert chosen is not None, "no ghost after a tap on a lit place"
        actions, confirms = len(view.match.actions), self.counts["confirm"]
        taps += self.in_sight(chosen)
        self.tap(*self.on_screen(chosen))
        taps += 1
        if self.counts["confirm"] != confirms + 1 or len(view.match.actions) < actions + 1:
            raise AssertionError(
                f"a tap on the ghost did not confirm exactly once: {self.counts}, confirms "
                f"{confirms}, actions {actions} -> {len(view.match.actions)}, chosen {chosen}"
                f" -> {view.preview.chosen}, ghost {view.scene.ghost is not None},"
                f" tapped at {self.on_screen(chosen)}, human {view.human_turn()}"
            )
        self.to_human_turn()
        return taps

    def in_sight(self, action) -> int:
        """Bring a place on the felt where a finger can reach it, as a player would: a tap
        on Fit when the zoom and turn left it off the felt (the taps it took)."""
        self.settle()
        x, y = self.on_screen(action)
        felt = self.view.screen.table
        if felt.x0 + 20 < x < felt.x1 - 20 and felt.y0 + 20 < y < felt.y1 - 20:
            return 0
        fit = next(b for b in self.view.buttons.buttons if b.key == "fit")
        self.tap(*fit.rect.centre)
        self.settle()
        return 1

    def on_screen(self, action) -> tuple[float, float]:
        placed = self.view._place(action)
        assert placed is not None
        return self.view.camera.project((placed.x * HALF, placed.y * HALF))

    def settle(self) -> None:
        for _ in range(200):
            if not self.view.tweens.moving(self.view.camera.target):
                return
            self.pump(1)

    def kept(self) -> tuple:
        p = self.view.preview
        return (str(p.selected), [str(a) for a in p.places], str(p.chosen))

    def pinch(self) -> dict[str, object]:
        view = self.view
        self.toggle(0)
        kept, zoom = self.kept(), view.camera.zoom
        cx, cy = view.screen.table.centre
        self.fingers(
            [
                [(cx - 40 - 2 * i, cy) for i in range(11)],
                [(cx + 40 + 2 * i, cy) for i in range(11)],
            ]
        )
        return {
            "zoom_before": round(zoom, 4),
            "zoom_after": round(view.camera.zoom, 4),
            "fingers_spread": round(120 / 80, 4),
            "preview_kept": self.kept() == kept,
            "selected": kept[0],
        }

    def rotate(self) -> dict[str, object]:
        view = self.view
        kept, angle, turn = self.kept(), view.view_angle(), view.turn
        cx, cy = view.screen.table.centre
        paths: list[list[tuple[float, float]]] = [[], []]
        for i in range(11):
            a = math.radians(8 * i)
            paths[0].append((cx - 90 * math.cos(a), cy - 90 * math.sin(a)))
            paths[1].append((cx + 90 * math.cos(a), cy + 90 * math.sin(a)))
        self.fingers(paths)
        self.settle()
        return {
            "fingers_turned": 80,
            "angle_before": angle,
            "angle_after": view.view_angle(),
            "camera_angle": round(view.camera.angle, 3),
            "quarter_turns": (view.turn - turn) % 4,
            "preview_kept": self.kept() == kept,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--taps", type=int, default=100)
    args = parser.parse_args()
    started = time.monotonic()
    drive = Drive(args.socket)
    feed = drive.shell.hook.touch
    if not feed.reading:
        raise SystemExit("the game reads no touches on this display")
    drive.sit_down()
    pinch = drive.pinch()
    rotate = drive.rotate()
    counts, plays, i = drive.counts, 0, 0
    while counts["tap"] < args.taps:
        if plays < 3 and i and i % CONFIRM_EVERY == 0 and drive.play_by_ghost():
            plays += 1
        if not drive.toggle(i):
            break
        i += 1
    result = {
        "pinch": pinch,
        "rotate": rotate,
        "taps": counts["tap"],
        "table_presses": counts["press"],
        "table_releases": counts["release"],
        "ghost_confirmations": counts["confirm"],
        "pointer_copies_dropped": counts["copies_dropped"],
        "plays_by_ghost": plays,
        "seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(result))
    drive.panel.close()
    drive.window.close()
    drive.folder.cleanup()


if __name__ == "__main__":
    main()
