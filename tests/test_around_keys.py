"""Keys alone: Shift+Tab steps back (as X11 sends it too), each screen opens with its
primary button focused, F1 or ? shows every key, and Enter on Quit asks first."""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.i18n import _
from game.match import Match
from game.ui import hook
from game.ui.routes import Route
from game.ui.screens.menu import ConfirmView, SettingsView, TitleView
from game.ui.screens.panels import KEY_SHEET, KeysView, RulesView
from game.ui.screens.setup import SetupView
from game.ui.table.view import TableView
from game.ui.widgets.kit import BACK_TAB

k = arcade.key


def _focus(shell) -> str | None:
    view = shell.current
    view.ensure()
    return getattr(view.focused, "key", None)


def _text(s: str) -> None:
    h.send("on_text", s)


def test_shift_tab_steps_back_however_it_arrives(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.home()
    assert _focus(shell) == "play"
    h.key(k.TAB)
    assert _focus(shell) == "rules"  # Resume is disabled (no match saved): Tab skips it
    h.key(BACK_TAB, k.MOD_SHIFT)  # X11: Shift+Tab is ISO_Left_Tab, which pyglet does not name
    assert _focus(shell) == "play"
    h.key(k.TAB, k.MOD_SHIFT)  # elsewhere: Tab with Shift held
    assert _focus(shell) == "quit"
    h.key(BACK_TAB)
    assert _focus(shell) == "about"


def test_shift_tab_from_x11_arrives_as_a_user_key_and_still_steps_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyglet has no name for ISO_Left_Tab: on X11 it sends the keycode as a user key."""
    tab = 23  # the Tab key's keycode on a common X11 keymap
    window = h.window()
    monkeypatch.setattr(window, "_x_display", object(), raising=False)
    keysyms = {tab: (k.TAB, BACK_TAB, k.TAB, BACK_TAB)}
    monkeypatch.setattr(hook, "x11_keysyms", lambda display, code: keysyms.get(code, ()))
    shell = h.make_shell(tmp_path)
    shell.home()
    h.key(k.TAB)
    assert _focus(shell) == "rules"
    h.key(tab << 32, k.MOD_SHIFT)  # pyglet's user key: the keycode, shifted 32 bits
    assert _focus(shell) == "play"
    h.key((tab + 1) << 32, k.MOD_SHIFT)  # any other unnamed key does nothing
    assert _focus(shell) == "play"


def test_shift_tab_steps_back_through_the_hand_at_the_table(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3, first=1))
    h.frames(1, 0.0)
    table = shell.current
    assert isinstance(table, TableView) and table.human_turn()
    playable = sorted(table.preview.playable(), reverse=True)
    assert len(playable) >= 2
    h.key(k.TAB)
    h.key(k.TAB)
    assert table.preview.selected == playable[1]
    h.key(BACK_TAB, k.MOD_SHIFT)
    assert table.preview.selected == playable[0]


def test_each_screen_opens_with_its_primary_button_focused(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.home()
    assert _focus(shell) == "play"
    h.key(k.ENTER)
    assert isinstance(shell.current, SetupView) and _focus(shell) == "start"
    h.key(k.ENTER)
    assert isinstance(shell.current, TableView)
    h.key(k.M)
    assert _focus(shell) == "resume"  # the menu's "Back to the table"
    h.key(k.ENTER)
    assert isinstance(shell.current, TableView)
    shell.open(Route.SETTINGS)
    assert isinstance(shell.current, SettingsView) and _focus(shell) == "back"


def test_f1_or_question_mark_shows_every_key(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.home()
    h.key(k.F1)
    assert isinstance(shell.current, KeysView)
    texts = "\n".join(shell.current.texts())
    for heading, keys in KEY_SHEET:
        assert all(_(key) in texts for key in (heading, *keys))
    for needed in ("Tab", "Shift+Tab", "Enter", "Esc", "F1", "?", "M —", "H —", "L —", "S —"):
        assert needed in texts, needed
    for needed in ("Ctrl+Z", "Ctrl+Y", "Ctrl+R", "Ctrl+N", "R, Shift+R", "0 or F", "+, -"):
        assert needed in texts, needed
    h.key(k.F1)  # again: closed
    assert isinstance(shell.current, TitleView)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3, first=1))
    h.frames(1, 0.0)
    _text("?")
    assert isinstance(shell.current, KeysView)
    assert shell.current.under is shell.table  # the table stays underneath, paused
    h.key(k.ESCAPE)
    assert isinstance(shell.current, TableView)


def test_the_sheet_says_what_f1_and_question_mark_do_where_they_differ(tmp_path: Path) -> None:
    """F1 is help: the sheet on the title, the rules of the game in play at the table;
    ? is the sheet everywhere. The sheet says both, so what it says is true on every screen."""
    shell = h.make_shell(tmp_path)
    shell.home()
    _text("?")
    assert isinstance(shell.current, KeysView)
    lines = shell.current.texts()
    f1 = [line for line in lines if "F1" in line]
    assert f1 and all("table" in line or "rules" in line for line in f1), f1
    assert not any("F1 or ?" in line for line in lines), "F1 does not do what ? does everywhere"
    assert any("rules" in line and "play" in line for line in f1), f1
    h.key(k.ESCAPE)
    assert isinstance(shell.current, TitleView)
    h.key(k.F1)  # help on the title: the sheet
    assert isinstance(shell.current, KeysView)
    h.key(k.ESCAPE)
    shell.begin(Match.create("draw", 2, seats=["human", "computer"], seed=3, first=1))
    h.frames(1, 0.0)
    h.key(k.F1)  # help at the table: the rules of the game in play
    assert isinstance(shell.current, RulesView) and shell.current.rules == "draw"
    h.key(k.ESCAPE)
    assert isinstance(shell.current, TableView)
    _text("?")  # and ? the sheet
    assert isinstance(shell.current, KeysView)


def test_enter_on_quit_asks_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell = h.make_shell(tmp_path)
    closed: list[bool] = []
    monkeypatch.setattr(shell.window, "close", lambda: closed.append(True))
    shell.home()
    h.key(k.TAB, k.MOD_SHIFT)
    assert _focus(shell) == "quit"
    h.key(k.ENTER)
    assert isinstance(shell.current, ConfirmView) and not closed
    h.key(k.ESCAPE)
    assert isinstance(shell.current, TitleView) and not closed
    h.press(shell, "quit")
    h.press(shell, "no")
    assert isinstance(shell.current, TitleView) and not closed
    h.press(shell, "quit")
    h.press(shell, "yes")
    assert closed == [True]
