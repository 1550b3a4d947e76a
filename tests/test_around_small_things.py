"""Small things that read as bugs (issue 50, item 6), each driven with real events.

Each test fails on the table (or screen) as it was before its fix.
"""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h

from game.ui.screens.summary import MatchEndView


def test_enter_on_the_match_end_does_not_start_a_new_match(tmp_path: Path) -> None:
    """The Enter a player goes on pressing through the round's summary must not start a
    new match unseen at the match's end: no button has the focus until a key moves it
    there, and Enter then presses the button the focus ring shows."""
    shell = h.make_shell(tmp_path)
    match = h.finish_on_table(shell)
    view = shell.current
    for _ in range(5):
        if isinstance(view, MatchEndView):
            break
        h.key(arcade.key.ENTER)  # through the round's summary, as a player goes on
        h.frames(1)
        view = shell.current
    assert isinstance(view, MatchEndView)
    h.key(arcade.key.ENTER)
    h.frames(1)
    assert shell.current is view and shell.table is not None and shell.table.match is match
    h.key(arcade.key.RIGHT)  # the focus onto a button: Enter now says what it presses
    assert view.focused is not None
    h.key(arcade.key.ENTER)
    assert shell.current is not view
