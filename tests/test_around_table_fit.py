"""The table's own furniture at any size: the top bar, the buttons and the hand.

A ten-seat Mexican Train has the most to show (a boneyard count, ten seat
panels, every tool). Upright screens and a kiosk's larger targets must not
crowd the top bar: its words and buttons never overlap, every button is
inside the window and a finger's size, and in a kiosk the buttons and the
hand tiles are larger than on a desktop.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.kiosk import KIOSK_SCALE

SIZES = [(720, 1280), (1280, 720), (1920, 1080), (1024, 768)]


def _table(tmp_path: Path, size: tuple[int, int], kiosk: bool):
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    seats = ["human"] + ["computer"] * 9
    shell.begin(Match.create("mexican_train", 10, seats=seats, seed=4))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None and view.laid_for == size
    return view


def _text_box(view, key: str) -> Rect | None:
    item = view.texts._texts.get(key)
    if item is None or not item.text:
        return None
    return Rect(item.left, item.bottom, item.right, item.top)


def _longest_status(view) -> None:
    """Show the widest status the table can have (a tenth seat thinking, at 100%)."""
    n = view.match.ruleset.players
    longest = f"Seat {n} is thinking… 100%"
    view.bar.status = lambda progress=None: longest
    view.sync_preview()


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_top_bar_never_crowds(tmp_path: Path, size: tuple[int, int], kiosk: bool) -> None:
    """Words and buttons of the top bar: inside the window, apart, touchable."""
    view = _table(tmp_path, size, kiosk)
    _longest_status(view)
    width, height = size
    buttons = view.buttons.buttons
    for b in buttons:
        r = b.rect
        assert r.x0 >= 0 and r.y0 >= 0 and r.x1 <= width and r.y1 <= height, b.key
        assert min(r.width, r.height) >= 48, b.key
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            assert not a.rect.overlaps(b.rect), (a.key, b.key)
    words = [k for k in ("title", "status", "boneyard") if _text_box(view, k) is not None]
    assert set(words) == {"title", "status", "boneyard"}
    boxes = {k: _text_box(view, k) for k in words}
    for key, box in boxes.items():
        assert box is not None
        assert box.x0 >= 0 and box.x1 <= width, key
        assert view.screen.top.y0 <= box.y0 and box.y1 <= height + 1, key
        for b in buttons:
            assert not box.overlaps(b.rect), (key, b.key)
        for other, box2 in boxes.items():
            assert other == key or not box.overlaps(box2), (key, other)  # type: ignore[arg-type]
    message = _text_box(view, "message")
    assert message is None or message.x1 <= width


@pytest.mark.parametrize("size", [(720, 1280), (1920, 1080)])
def test_a_kiosk_table_has_larger_buttons_and_hand_tiles(tmp_path: Path, size) -> None:
    desk = _table(tmp_path / "desk", size, kiosk=False)
    desk_tool = next(b for b in desk.buttons.buttons if b.key == "menu").rect
    desk_tile = desk.tray._w
    kiosk = _table(tmp_path / "kiosk", size, kiosk=True)
    kiosk_tool = next(b for b in kiosk.buttons.buttons if b.key == "menu").rect
    assert kiosk_tool.height >= desk_tool.height * (KIOSK_SCALE - 0.05)
    if size[0] > size[1]:  # room to spare: larger tiles
        assert kiosk.tray._w > desk_tile * 1.1
    else:  # an upright hand is as wide as the screen already: never smaller
        assert kiosk.tray._w >= desk_tile
    assert kiosk.screen.top.height > desk.screen.top.height


def test_an_upright_screen_gives_the_tools_a_row_and_the_choices_a_strip(tmp_path: Path) -> None:
    view = _table(tmp_path, (720, 1280), kiosk=False)
    screen = view.screen
    assert screen.upright and screen.rows == 2
    assert screen.actions.x0 == 0 and screen.actions.x1 == 720  # across the whole width
    assert screen.actions.y0 >= screen.tray.y1  # above the hand
    assert screen.table.y0 >= screen.actions.y1
    wide = _table(tmp_path / "wide", (1920, 1080), kiosk=False)
    assert wide.screen.rows == 1 and not wide.screen.upright
