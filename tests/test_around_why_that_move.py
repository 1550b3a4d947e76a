""" "Why that move?" in the log: a tap on a computer's move shows what its search weighed,
once that move's round is over (its reasons tell of its hand); before, the tap says so."""

from __future__ import annotations

from pathlib import Path

import around_helpers as h

from game.match import Match
from game.ui.routes import Route
from game.ui.screens.panels import LogView
from game.ui.widgets.kit import ScrollLines


def _log(shell) -> tuple[LogView, ScrollLines]:
    shell.open(Route.LOG)
    view = shell.current
    assert isinstance(view, LogView)
    view.ensure()
    scroll = next(w for w in view.widgets if isinstance(w, ScrollLines))
    return view, scroll


def _tap_line(scroll: ScrollLines, wanted: str) -> None:
    """Tap the log's line that says ``wanted``, where it shows (a real press and release)."""
    x = scroll.rect.x0 + 40
    for y in range(int(scroll.rect.y1) - 4, int(scroll.rect.y0), -3):
        line = scroll.line_at(x, y)
        if line is not None and wanted in scroll.lines[line]:
            h.click(x, y)
            return
    raise AssertionError(f"no line says {wanted!r}")


def _computer_moved(shell) -> str:
    """Play on (the person by taps) until the computer has moved; its log line."""
    table = shell.table
    match = table.match
    for _ in range(400):
        if match.history and match.history[-1][0] == 2:
            break
        if table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1)
    else:
        raise AssertionError("the computer never moved")
    view, scroll = _log(shell)
    line = next(t for t in reversed(scroll.lines) if t.startswith("Seat 2"))
    shell.back()
    return line


def test_a_computers_move_is_explained_once_its_round_is_over(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    said = _computer_moved(shell)
    view, scroll = _log(shell)
    _tap_line(scroll, said)
    texts = " ".join(view.texts())
    assert "Seat 2's reasons show when the round is over: they tell of its hand." in texts
    assert "ahead in" not in texts  # nothing of its hand while the round is on
    h.draw()
    h.press(shell, "log")  # back to the log
    shell.back()
    table = shell.table
    assert table is not None
    rounds = len(table.match.state.results)
    for _ in range(2000):  # on to the round's end
        if len(table.match.state.results) > rounds:
            break
        if table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1)
        if shell.current is not table:
            shell.open(Route.TABLE)
    view, scroll = _log(shell)
    _tap_line(scroll, said)
    shown = view.texts()
    assert any(t.startswith("Seat 2: ") for t in shown)
    assert any(t.startswith("Why: ") for t in shown)
    if not any("no other move" in t for t in shown):
        assert any("✓ " in t and "ahead in" in t for t in shown)  # the move chosen, first
    h.draw()


def test_a_persons_own_move_opens_nothing(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    _computer_moved(shell)
    view, scroll = _log(shell)
    mine = next(t for t in scroll.lines if t.startswith("You"))
    _tap_line(scroll, mine)
    assert view.asked is None and any(t == mine for t in scroll.lines)
