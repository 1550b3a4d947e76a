""" "Why that move?" at the table: the hint's Why (its button and W) shows what its search
weighed of the player's own hand at once; a tap on a computer's announcement on the felt
shows that move's reasons by the log's rule (its heading only while the round is on, in
full once it is over); a tap anywhere else is the table's as before."""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.match import Match
from game.ui.routes import Route
from game.ui.screens.panels import WhyView
from game.ui.table.ending import MOMENT
from game.ui.table.hints import Hints


def _hinted(shell) -> None:
    """Play on (the person by taps) to a turn of the person's with a choice, and ask a hint
    by its key; the search run to its end."""
    table = shell.table
    assert table is not None
    for _ in range(400):
        if table.ctl.human_turn() and len(table.match.legal()) > 1:
            break
        if table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1)
    else:
        raise AssertionError("no turn of the person's with a choice")
    h.key(arcade.key.H)
    next(p for p in table.ctl.policies if isinstance(p, Hints)).finish()
    h.frames(1, 0.0)
    assert table.preview.chosen is not None


def _why_view(shell) -> WhyView:
    view = shell.current
    assert isinstance(view, WhyView), type(view).__name__
    view.ensure()
    return view


def test_the_hints_why_shows_what_its_search_weighed_of_your_hand(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    _hinted(shell)
    table = shell.table
    assert table is not None
    hinted = table.ctl.hinted()
    assert hinted is not None and hinted.explained.action == table.preview.chosen
    h.draw()
    h.press(shell, "why")  # the button beside Confirm and Cancel
    view = _why_view(shell)
    shown = view.texts()
    assert any(t.startswith("Hint: ") for t in shown)
    assert any(t.startswith("Why: ") for t in shown)
    weighed = [t for t in shown if "ahead in" in t]
    assert 1 <= len(weighed) <= 3
    assert weighed[0].startswith("✓ ") and not any(t.startswith("✓ ") for t in weighed[1:])
    assert "The deals were guessed from your hand and the table alone." in shown
    h.draw()
    h.press(shell, "back")
    assert shell.current is table
    assert table.preview.chosen == hinted.explained.action  # the hint still stands
    h.key(arcade.key.W)  # the key opens the same panel
    assert _why_view(shell).texts() == shown
    h.press(shell, "back")
    table.ctl.cancel()  # put back: the hint and its Why are gone
    h.frames(1, 0.0)
    assert table.ctl.hinted() is None and not h.has_button(shell, "why")
    h.key(arcade.key.W)
    assert shell.current is table


def _box(table, seat: int) -> tuple[float, float] | None:
    h.draw()  # the announcements are placed as the table is drawn
    box = table.news.placed.get(seat)
    return box.centre if box is not None else None


def _computer_told(shell) -> tuple[float, float]:
    """Play on (the person by taps) until the computer has just moved and its words show
    on the felt, the person to move; where they show (the box's centre)."""
    table = shell.table
    for _ in range(400):
        if table.ctl.human_turn() and table.match.history and table.match.history[-1][0] == 2:
            at = _box(table, 2)
            if at is not None:
                return at
        if table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1, 0.05)
    raise AssertionError("the computer's move was never told on the felt")


def test_a_tap_on_a_computers_news_shows_its_reasons_by_the_logs_rule(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    table = shell.table
    assert table is not None
    table.moment = MOMENT  # a round's end is told on the felt, the last words standing
    at = _computer_told(shell)
    move = len(table.match.history) - 1
    h.click(*at)
    view = _why_view(shell)
    assert view.move == move
    texts = view.texts()
    assert "Seat 2's reasons show when the round is over: they tell of its hand." in texts
    assert not any("ahead in" in t or "Why: " in t for t in texts)  # nothing of its hand
    h.draw()
    h.press(shell, "back")
    assert shell.current is table
    # on to a round's end told on the felt with a computer's words still by it (a round
    # that ends with none showing goes by): in full
    full = None
    for _ in range(3000):
        if table.telling.telling_end():
            last = _box(table, 2)
            if last is not None:
                h.click(*last)
                full = _why_view(shell).texts()
                break
        if shell.current is not table:
            shell.open(Route.TABLE)
        elif table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1, 0.05)
    assert full is not None, "no round's end was told with a computer's words by it"
    heads = ("Seat 2: ", "Seat 2 passes", "Seat 2 draws")  # a tile, or what the seat did
    assert any(t.startswith(heads) for t in full)
    assert any(t.startswith("Why: ") for t in full)
    if not any("no other move" in t for t in full):
        assert any(t.startswith("✓ ") and "ahead in" in t for t in full)
        assert "The deals were guessed from its own hand and the table alone." in full


def test_a_tap_off_the_news_is_the_tables_as_before(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    table = shell.table
    assert table is not None
    for _ in range(400):
        if table.ctl.human_turn() and table.preview.playable() and _box(table, 2) is not None:
            break
        if table.ctl.human_turn():
            h.play_turn(shell)
        h.frames(1, 0.05)
    box = table.news.placed[2]
    tile = sorted(table.preview.playable(), reverse=True)[0]
    h.click(*table.tray.slots[tile])
    assert table.preview.selected == tile
    felt = table.screen.table
    spot = next(
        (x, y)
        for y in range(int(felt.y0) + 8, int(felt.y1), 12)
        for x in range(int(felt.x0) + 8, int(felt.x1), 12)
        if not (box.x0 - 12 <= x <= box.x1 + 12 and box.y0 - 12 <= y <= box.y1 + 12)
        and table.input._pick(x, y) is None
        and table.input._end_at(x, y) is None
    )
    h.click(*spot)  # a tap on the bare felt puts the tile back, as it always did
    assert shell.current is table and table.preview.selected is None


def test_a_fingers_tap_on_the_news_goes_the_same_way(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    table = shell.table
    assert table is not None
    at = _computer_told(shell)
    feed = shell.hook.touch
    clock = h.Clock(100.0)
    feed.clock, feed.reading = clock, True  # touches as the X server gives them
    top = h.window().height  # the reader's y runs down from the window's top
    x, y = at
    feed.contact("begin", 3, x, top - y, x, top - y)
    clock.now += 0.05
    feed.contact("end", 3, x, top - y, x, top - y)
    h.frames(1, 0.0)
    assert _why_view(shell).move == len(table.match.history) - 1


def _hint_line(table) -> tuple[float, float]:
    """Where the hint's words over the hand show (their box's centre)."""
    h.draw()
    box = table.texts.shown()["message"]
    assert table.texts.get("message").startswith("Hint: ")
    return box.centre


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (600, 1024)])
def test_a_tap_on_the_hints_line_shows_its_reasons(tmp_path: Path, size: tuple) -> None:
    """Where Why? is left out (the choices fill their column) a touch-only kiosk still has
    a way in: the hint's line itself, at every size."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    h.send("on_resize", *size)
    try:
        _hinted(shell)
        table = shell.table
        assert table is not None
        h.click(*_hint_line(table))
        shown = _why_view(shell).texts()
        assert any(t.startswith("Hint: ") for t in shown)
        assert "The deals were guessed from your hand and the table alone." in shown
        h.draw()
        h.press(shell, "back")
        assert shell.current is table and table.ctl.hinted() is not None
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_a_fingers_tap_on_the_hints_line_goes_the_same_way(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    _hinted(shell)
    table = shell.table
    assert table is not None
    x, y = _hint_line(table)
    feed = shell.hook.touch
    clock = h.Clock(100.0)
    feed.clock, feed.reading = clock, True  # touches as the X server gives them
    top = h.window().height  # the reader's y runs down from the window's top
    feed.contact("begin", 4, x, top - y, x, top - y)
    clock.now += 0.05
    feed.contact("end", 4, x, top - y, x, top - y)
    h.frames(1, 0.0)
    assert _why_view(shell).move is None  # the hint's, not a computer's move


def test_the_line_without_a_hint_is_the_tables_as_before(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=4, target=500))
    _hinted(shell)
    table = shell.table
    assert table is not None
    at = _hint_line(table)
    table.ctl.cancel()  # put back: the line no longer offers the hint's reasons
    h.frames(1, 0.0)
    h.draw()
    h.click(*at)
    assert shell.current is table
