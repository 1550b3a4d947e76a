"""A table that explains itself (issue 35, Deliver 5), driven by real pointer events.

The icon tools (−, +, Fit, ↺, ↻) say their names when the pointer rests on
them or a finger taps them, and stand apart from Undo/Redo; the open-end marks
show only where a tile of the player's fits.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game import i18n
from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.table.tips import SHOW_FOR, TIPS

SIZES = [(1024, 600), (720, 1280), (1280, 720), (1920, 1080)]
VIEW = ["zoom-", "zoom+", "fit", "rot-", "rot+"]


def _table(tmp_path: Path, size: tuple[int, int] = (1280, 720), kiosk: bool = False):
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    shell.begin(Match.create("draw", 2, seats=["human", "computer"], seed=4, first=1))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None and view.human_turn()
    return view


def _button(view, key: str):
    return next(b for b in view.buttons.buttons if b.key == key)


def _settle(view) -> None:
    """Frames until the table would draw nothing new (the opening's news gone)."""
    for _ in range(40):
        if view.at_rest():
            return
        h.frames(1, 1.0)
    raise AssertionError("the table never came to rest")


def test_resting_on_an_icon_tool_names_it_under_the_bar(tmp_path: Path) -> None:
    view = _table(tmp_path)
    width, height = view.window.get_size()
    names = {
        "zoom-": "Zoom out",
        "zoom+": "Zoom in",
        "fit": "Fit the board",
        "rot-": "Turn the table left",
        "rot+": "Turn the table right",
    }
    assert set(TIPS) == set(names)
    for key, words in names.items():
        b = _button(view, key)
        h.send("on_mouse_motion", *map(int, b.rect.centre), 0, 0)
        assert view.tips.key == key and view.tips.text() == words
        h.draw()
        box = view.tips.box
        assert box.width > 0 and box.y1 <= b.rect.y0  # under its tool, not over it
        assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height
        assert box.x0 <= b.rect.centre[0] <= box.x1 or box.x1 >= width - 8
        for other in view.buttons.buttons:
            assert not box.overlaps(other.rect), (key, other.key)
    undo = _button(view, "undo")
    h.send("on_mouse_motion", *map(int, undo.rect.centre), 0, 0)
    assert view.tips.key == ""  # Undo's word says what it does: no name under it
    x, y = view.screen.table.centre
    h.send("on_mouse_motion", int(x), int(y), 0, 0)
    h.draw()
    assert view.tips.key == "" and view.tips.box == Rect(0, 0, 0, 0)


def test_a_tap_names_the_tool_for_a_moment_and_the_table_rests_after(tmp_path: Path) -> None:
    """A finger has no hover: the tap names the tool, the name goes by itself, and while it
    shows the window keeps drawing (the table is not at rest)."""
    view = _table(tmp_path)
    _settle(view)
    turn = view.turn
    h.click(*_button(view, "rot+").rect.centre)
    assert view.turn == (turn + 1) % 4  # the tool did its work too
    assert view.tips.key == "rot+" and view.tips.text() == "Turn the table right"
    x, y = view.screen.table.centre
    h.send("on_mouse_motion", int(x), int(y), 0, 0)  # the finger lifted off elsewhere
    assert view.tips.key == "rot+"
    assert not view.at_rest()
    h.frames(1, SHOW_FOR / 2)
    assert view.tips.key == "rot+" and not view.at_rest()
    _settle(view)
    assert view.tips.key == ""


def test_the_tools_names_are_translated(tmp_path: Path) -> None:
    view = _table(tmp_path)
    try:
        for code in ("pt", "id", "ar"):
            i18n.set_language(code)
            for key in VIEW:
                view.tips.tapped(key)
                assert view.tips.text() and view.tips.text() != TIPS[key], (code, key)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_view_tools_stand_apart_from_undo(
    tmp_path: Path, size: tuple[int, int], kiosk: bool
) -> None:
    """The gap between ↻ and Undo is wider than any gap inside either group (the view's
    tools read as one group, the game's as another), at every size, kiosk too."""
    view = _table(tmp_path, size, kiosk)
    buttons = {b.key: b.rect for b in view.buttons.buttons}
    keys = [k for k in [*VIEW, "undo", "redo"] if k in buttons]
    assert keys == [*VIEW, "undo", "redo"]

    def gap(a: str, b: str) -> float:
        ra, rb = buttons[a], buttons[b]
        return max(rb.x0 - ra.x1, ra.x0 - rb.x1)  # either reading direction

    inside = [gap(a, b) for a, b in zip(keys, keys[1:], strict=False) if (a, b) != ("rot+", "undo")]
    assert gap("rot+", "undo") >= 2 * max(inside)
