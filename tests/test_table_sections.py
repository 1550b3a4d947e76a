"""The table's screen as arcade Sections: the manager, not the view, draws the parts and says
which part an event is, and the paused table still draws whole under a screen over it.

Driven by real events on the headless window (``around_helpers``).
"""

from __future__ import annotations

from pathlib import Path
from weakref import WeakMethod

import arcade
import around_helpers as h

from game.match import Match
from game.ui.router import Shell
from game.ui.screens.menu import GameMenuView
from game.ui.table.felt import BoardPart
from game.ui.table.handbar import HandPart
from game.ui.table.sections import ModePart, Part
from game.ui.table.view import TableView
from game.ui.theme import BAR

POINTER = ("on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll")


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    pixel = arcade.get_image(round(x), round(y), 1, 1).convert("RGB").getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return int(pixel[0]), int(pixel[1]), int(pixel[2])


def _table(tmp_path: Path) -> tuple[Shell, TableView]:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3, first=1))
    h.frames(1, 0.0)
    table = shell.table
    assert table is not None and table.human_turn()
    table.settle()
    return shell, table


def _hearing(manager: arcade.SectionManager) -> bool:
    """Whether the manager's handlers are on the window's event stack."""
    stack = h.window()._event_stack  # pyglet keeps a method pushed as a WeakMethod
    bound = [fn() if isinstance(fn, WeakMethod) else fn for frame in stack for fn in frame.values()]
    return any(getattr(fn, "__self__", None) is manager for fn in bound)


def test_the_parts_are_the_managers_in_event_and_draw_order(tmp_path: Path) -> None:
    _shell, table = _table(tmp_path)
    assert not any(event in vars(TableView) for event in POINTER)  # the parts', not the view's
    parts = table.section_manager.sections
    assert all(isinstance(part, Part) for part in parts)
    names = [part.name for part in parts]
    modes = [part for part in parts if isinstance(part, ModePart)]
    assert modes == table.parts.modes and names[: len(modes)] == ["mode"] * len(modes)
    assert names[len(modes) :] == [
        "seats",
        "top bar",
        "choices",
        "hand",
        "board",
        "words",
        "air",
    ]  # a press looks for its taker in this order
    drawn = [part.name for part in sorted(parts, key=lambda part: part.draw_order)]
    assert drawn == ["board", "hand", "seats", "choices", "top bar", "words"] + ["mode"] * len(
        modes
    ) + ["air"]
    hand = next(part for part in parts if isinstance(part, HandPart))
    assert hand.area == table.screen.tray  # laid out from the screen's layout
    assert (hand.left, hand.width) == (round(table.screen.tray.x0), round(table.screen.tray.width))


def test_a_press_goes_to_the_part_under_it_then_falls_through(tmp_path: Path) -> None:
    _shell, table = _table(tmp_path)
    tile = sorted(table.preview.playable(), reverse=True)[0]
    h.click(*table.tray.slots[tile])  # the hand's: the tile is picked
    assert table.preview.selected == tile
    bar = table.screen.tray
    h.click(bar.x0 + 2, bar.y0 + 2)  # the hand's bar with no tile there: the table's (a cancel)
    assert table.preview.selected is None
    h.click(*table.tray.slots[tile])
    felt = table.screen.table
    h.click(felt.x0 + 3, felt.y0 + 3)  # the felt, far from every place: the board's, a cancel
    assert table.preview.selected is None
    board = next(part for part in table.section_manager.sections if isinstance(part, BoardPart))
    assert board.holds(-5, -5)  # the board lies under every other part, off its felt too


def test_a_screen_over_the_paused_table_draws_it_whole_and_takes_its_events(
    tmp_path: Path,
) -> None:
    shell, table = _table(tmp_path)
    manager = table.section_manager
    h.draw()
    felt_x, felt_y = table.screen.table.x0 + 4, table.screen.table.centre[1]
    bar_x, bar_y = table.screen.top.x0 + 4, table.screen.top.y0 + 4
    shown_bar, shown_felt = _pixel(bar_x, bar_y), _pixel(felt_x, felt_y)
    assert shown_bar == BAR[:3] and shown_felt != shown_bar
    h.press(shell, "menu")
    assert isinstance(shell.current, GameMenuView) and not _hearing(manager)
    h.window().clear(color=(255, 0, 255, 255))  # nothing left of the table's last frame
    h.draw()
    dimmed_bar, dimmed_felt = _pixel(bar_x, bar_y), _pixel(felt_x, felt_y)
    assert dimmed_bar != dimmed_felt  # the bars drawn under the menu, dimmed with the felt
    assert sum(dimmed_bar) < sum(shown_bar)
    h.press(shell, "resume")
    assert shell.current is table and _hearing(manager)
    tile = sorted(table.preview.playable(), reverse=True)[0]
    h.click(*table.tray.slots[tile])  # the table's parts hear the window again
    assert table.preview.selected == tile
