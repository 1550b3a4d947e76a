"""Touches at the real table, through the shell's touch feed, as the X server's reader tells
them (a contact's kind, id, point on the screen and in the window, y down).

The feed's recogniser turns them into the window's events, the hook and the table take
them: a tap selects exactly once (the system's pointer copy of the finger is dropped), a
long press selects, a second finger cancels a press, two fingers pinch and turn the table
about their midpoint, and the match and the preview are what they were.
"""

from __future__ import annotations

import math
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.rules.tiles import Tile
from game.ui.router import Shell
from game.ui.table.view import TableView
from game.ui.touch.feed import TouchFeed
from game.ui.touch.gestures import HOLD

LEFT = 1


def _view(shell: Shell) -> TableView:
    view = shell.current
    assert isinstance(view, TableView)
    return view


def _table(tmp_path: Path) -> tuple[Shell, TouchFeed, h.Clock]:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=5))
    for _ in range(40):
        if _view(shell).human_turn():
            break
        h.frames(1)
    view = _view(shell)
    assert view.human_turn()
    h.settle_camera(view)
    feed = shell.hook.touch
    clock = h.Clock(100.0)
    feed.clock = clock
    feed.reading = True  # as where the X server gives touches: pointer copies are dropped
    return shell, feed, clock


def finger(feed: TouchFeed, kind: str, touch: int, x: float, y: float) -> None:
    """A touch as the reader tells it: screen and window points alike, y down (from the
    window's top as it is now: a test before may have resized the one window)."""
    top = h.window().height
    feed.contact(kind, touch, x, top - y, x, top - y)


def _playable_tile(shell: Shell) -> tuple[Tile, tuple[float, float]]:
    view = _view(shell)
    playable = [t for t in view.preview.playable() if t in view.tray.slots]
    assert playable
    tile = sorted(playable)[0]
    return tile, view.tray.slots[tile]


def test_a_tap_on_a_hand_tile_selects_it_once_whatever_the_server_copies(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    finger(feed, "begin", 7, x, y)
    h.send("on_mouse_press", int(x), int(y), LEFT, 0)  # a server that emulates regardless,
    clock.now += 0.05  # its copy mixed in with the touches
    finger(feed, "end", 7, x, y)
    h.send("on_mouse_release", int(x), int(y), LEFT, 0)
    h.frames(1, 0.0)
    assert view.preview.selected == tile
    clock.now += 0.05
    finger(feed, "begin", 8, x + 1, y)  # a second tap, its copy coming after it
    finger(feed, "end", 8, x + 1, y)
    assert view.preview.selected is None  # the second tap put the tile back
    h.send("on_mouse_press", int(x + 1), int(y), LEFT, 0)
    h.send("on_mouse_release", int(x + 1), int(y), LEFT, 0)
    h.frames(1, 0.0)
    assert view.preview.selected is None  # its copy, taken for a third tap, would select it


def test_a_real_mouse_still_plays_beside_the_touches(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    clock.now += 5  # the last touch long ago
    h.click(x, y)
    assert view.preview.selected == tile


def test_a_long_press_on_a_hand_tile_lights_its_places_and_the_lift_keeps_them(
    tmp_path: Path,
) -> None:
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    finger(feed, "begin", 1, x, y)
    assert view.preview.selected is None
    clock.now += HOLD + 0.05
    h.frames(1, 0.0)
    assert view.preview.selected == tile and view.preview.places
    finger(feed, "end", 1, x, y)
    h.frames(1, 0.0)
    assert view.preview.selected == tile  # the lift is no second tap


def test_a_second_finger_cancels_a_press_on_a_hand_tile(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    finger(feed, "begin", 1, x, y)
    finger(feed, "begin", 2, 640, 400)
    finger(feed, "end", 2, 640, 400)
    finger(feed, "end", 1, x, y)
    h.frames(1, 0.0)
    assert view.preview.selected is None
    assert feed.recogniser.down == 0


def _selected(shell: Shell) -> tuple[object, ...]:
    p = _view(shell).preview
    return (p.selected, tuple(p.places), p.chosen, len(_view(shell).match.actions))


def test_a_pinch_zooms_about_the_fingers_midpoint_and_keeps_the_preview(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    finger(feed, "begin", 9, x, y)
    finger(feed, "end", 9, x, y)
    kept = _selected(shell)
    assert kept[0] == tile
    cam = view.camera
    mid = (640.0, 380.0)
    under = cam.unproject(mid)
    zoom = cam.zoom
    finger(feed, "begin", 1, 600, 380)
    finger(feed, "begin", 2, 680, 380)
    for step in range(1, 11):
        finger(feed, "move", 1, 600 - 4 * step, 380)
        finger(feed, "move", 2, 680 + 4 * step, 380)
    finger(feed, "end", 1, 560, 380)
    finger(feed, "end", 2, 720, 380)
    h.frames(1, 0.0)
    assert cam.zoom == pytest.approx(min(2 * zoom, 2.0), rel=1e-3)
    assert cam.unproject(mid) == pytest.approx(under, abs=0.5)  # the midpoint held still
    assert _selected(shell) == kept


def test_a_two_finger_turn_rotates_the_table_a_quarter_and_keeps_the_preview(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    tile, (x, y) = _playable_tile(shell)
    finger(feed, "begin", 3, x, y)
    finger(feed, "end", 3, x, y)
    kept = _selected(shell)
    angle, turn = view.view_angle(), view.turn
    finger(feed, "begin", 1, 540, 380)
    finger(feed, "begin", 2, 740, 380)
    for step in range(1, 11):  # the line between the fingers turns 80° counter-clockwise
        a = math.radians(8 * step)
        finger(feed, "move", 1, 640 - 100 * math.cos(a), 380 - 100 * math.sin(a))
        finger(feed, "move", 2, 640 + 100 * math.cos(a), 380 + 100 * math.sin(a))
    assert view.camera.angle == pytest.approx((angle + 80) % 360, abs=0.01)  # with the fingers
    finger(feed, "end", 1, 640 - 100 * math.cos(a), 380 - 100 * math.sin(a))
    finger(feed, "end", 2, 640 + 100 * math.cos(a), 380 + 100 * math.sin(a))
    h.settle_camera(view)
    assert view.turn != turn
    assert view.view_angle() == (angle + 90) % 360  # settled on the nearest quarter
    assert view.camera.angle == pytest.approx(view.view_angle(), abs=0.01)
    assert _selected(shell) == kept


def test_a_mirrored_panel_setting_puts_the_tap_under_the_finger(tmp_path: Path):
    shell, feed, clock = _table(tmp_path)
    view = _view(shell)
    shell.services.settings.touch_panel = "mirrored"
    width, top = h.window().get_size()  # (as it is now: a test before may have resized it)
    feed._screen = (width, top)
    tile, (x, y) = _playable_tile(shell)
    reported = width - x  # the panel reports left and right swapped
    feed.contact("begin", 4, reported, top - y, reported, top - y)
    feed.contact("end", 4, reported, top - y, reported, top - y)
    h.frames(1, 0.0)
    assert view.preview.selected == tile


def test_the_settings_row_steps_through_the_mountings(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.start()
    h.press(shell, "settings")
    seen = [shell.services.settings.touch_panel]
    for _ in range(5):
        h.press(shell, "touch_panel")
        seen.append(shell.services.settings.touch_panel)
    assert seen == ["as-is", "turned-right", "upside-down", "turned-left", "mirrored", "flipped"]
    assert shell.services.store.load_settings().touch_panel == "flipped"  # saved at once
    h.press(shell, "touch_panel")
    assert shell.services.settings.touch_panel == "as-is"  # and round again


class _NoTouchX11Window:
    """A window on an X server (it has a display) where touches cannot be read."""

    _x_display = object()
    height = 720


def test_an_x_server_without_touches_is_said_once_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from game.ui.touch import xinput

    def unreadable(window: object, sink: object) -> None:
        raise xinput.Unreadable("the X server offers XInput 2.0, touches need 2.2")

    monkeypatch.setattr(xinput, "XInputReader", unreadable)
    err = io.StringIO()
    feed = TouchFeed(_NoTouchX11Window())  # type: ignore[arg-type]
    feed.start(err)
    said = err.getvalue()
    assert said.count("\n") == 1 and said.startswith("boneyard: touch: ")
    assert "XInput 2.0" in said and "works as a mouse" in said
    assert not feed.reading
    assert not feed.emulated("press", 1, 1)  # the emulated pointer plays as before


def test_a_window_with_no_x_display_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    feed = TouchFeed(h.window())  # the tests' headless window: no X server at all
    feed.start()
    assert capsys.readouterr().err == "" and not feed.reading


def test_two_fingers_on_a_screens_button_press_nothing(tmp_path: Path) -> None:
    """A screen of the kit (the title): one finger taps its buttons; with a second finger
    down the first one's lift is no release, so no tap."""
    shell = h.make_shell(tmp_path)
    shell.start()
    title = shell.current
    feed = shell.hook.touch
    button = title.widget("settings")  # type: ignore[union-attr]
    x, y = button.rect.centre
    finger(feed, "begin", 1, x, y)
    finger(feed, "begin", 2, x + 200, y)
    finger(feed, "end", 2, x + 200, y)
    finger(feed, "end", 1, x, y)
    h.frames(1, 0.0)
    assert shell.current is title
    finger(feed, "begin", 3, x, y)
    finger(feed, "end", 3, x, y)
    h.frames(1, 0.0)
    assert shell.current is not title  # one finger alone taps it


def test_a_two_finger_turn_of_a_zoomed_table_leaves_the_board_on_the_felt(tmp_path: Path):
    """Zoomed in until the board is wider than the felt, then turned a quarter by two
    fingers: once they lift, the board lies on the felt each way it fits and fills it each
    way it does not (the turn about the fingers left it hanging under a bar)."""
    shell, feed, _clock = _table(tmp_path)
    view = _view(shell)
    for _ in range(3):
        h.press(shell, "zoom+")
    finger(feed, "begin", 1, 540, 300)
    finger(feed, "begin", 2, 740, 300)
    for step in range(1, 11):  # about a point off the felt's middle, 80° counter-clockwise
        a = math.radians(8 * step)
        finger(feed, "move", 1, 640 - 100 * math.cos(a), 300 - 100 * math.sin(a))
        finger(feed, "move", 2, 640 + 100 * math.cos(a), 300 + 100 * math.sin(a))
    finger(feed, "end", 1, 640 - 100 * math.cos(a), 300 - 100 * math.sin(a))
    finger(feed, "end", 2, 640 + 100 * math.cos(a), 300 + 100 * math.sin(a))
    h.settle_camera(view)
    board, felt = view.parts.words.board_on_screen(), view.screen.table
    for lo, hi, f_lo, f_hi in (
        (board.x0, board.x1, felt.x0, felt.x1),
        (board.y0, board.y1, felt.y0, felt.y1),
    ):
        if hi - lo > f_hi - f_lo:
            assert lo <= f_lo + 1 and hi >= f_hi - 1, (board, felt)
        else:
            assert lo >= f_lo - 1 and hi <= f_hi + 1, (board, felt)
