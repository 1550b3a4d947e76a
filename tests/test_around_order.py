"""One order of the six games, simplest first, in every list a player meets.

The order is defined once (``game.rules.registry.SIMPLEST_FIRST``, read through
``listed()``); each list is read from the screen as drawn, opened by taps from the title.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import around_helpers as h

from game.__main__ import main
from game.learn import puzzles, tutorials
from game.rules import listed, names
from game.rules.registry import SIMPLEST_FIRST
from game.ui.routes import Route
from game.ui.screens.puzzles import members

ORDER = ["block", "draw", "all_fives", "longana", "mexican_train", "cuban"]


def _keys_in_reading_order(shell, prefix: str) -> list[str]:
    """The rule sets named by the buttons whose key starts with ``prefix``, as read: by
    rows from the top, each row from the left."""
    found = [w for w in shell.current.widgets if getattr(w, "key", "").startswith(prefix)]
    found.sort(key=lambda w: (-round(w.rect.y1), w.rect.x0))
    return [w.key[len(prefix) :] for w in found]


def test_the_one_order_is_simplest_first_and_every_game_is_in_it() -> None:
    assert list(SIMPLEST_FIRST) == ORDER
    assert listed() == ORDER and sorted(names()) == sorted(ORDER)


def test_the_setup_tabs_the_rules_panel_and_learn_to_play_list_the_games_in_that_order(
    tmp_path: Path,
) -> None:
    """Issue 35: Learn to play listed Cuban first; the title's way in, the setup's tabs and
    the lessons listed the games in three orders. Each is now the one order."""
    shell = h.make_shell(tmp_path)
    shell.start()
    h.press(shell, "play")
    assert _keys_in_reading_order(shell, "rules:") == ORDER
    shell.open(Route.TITLE)
    h.press(shell, "rules")
    assert _keys_in_reading_order(shell, "tab:") == ORDER
    shell.open(Route.TITLE)
    h.press(shell, "learn")
    assert _keys_in_reading_order(shell, "learn:") == ORDER


def test_the_lessons_puzzles_and_the_command_line_follow_the_order_too() -> None:
    """The lesson after each lesson is the next in the order; the puzzles' games within a
    tab, ``--list`` and ``--rules`` go the same way."""
    assert list(tutorials.available()) == ORDER
    assert list(puzzles.available()) == [n for n in ORDER if n in puzzles.available()]
    line = members("line")
    assert line == [n for n in ORDER if n in line]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--list"]) == 0
    assert [row.split()[0] for row in out.getvalue().splitlines()] == ORDER
