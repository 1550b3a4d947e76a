"""A computer turn at the real table: the breath, the thinking and the glides as drawn.

The table thinks for the rest of each frame from the moment the turn comes (during the
pace's breath and the glides), so a ten-seat Mexican Train turn, which took seconds of
"thinking…" when a frame held one slow playout, ends within a second with the view's own
glides. How each frame's slice is cut (a glide never stutters, the screen never freezes,
a still table leaves the search most of the machine) is tested below the window, on the
same clock: tests/test_controller_thinking.py.

The clock here is the test's own (each step of the search costs 8 ms of it, drawing a
frame 10 ms), so the figure does not depend on this machine; the real figure is measured
by ``python -m tools.bench_turns``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import around_helpers as h
import pytest
from test_controller_thinking import DRAW, Clock, SlowSearch

from game.match import Match
from game.settings import Settings
from game.ui.table import computers, thinking


def test_a_ten_seat_computer_turn_thinks_and_glides_within_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three computer turns at ten seats of Mexican Train, each timed from the turn's start
    to its move landed (the breath, the thinking, the view's glides); the view tells the
    slicing whether anything moves on it, and the search thinks while something glides."""
    clock = Clock()
    search = SlowSearch(clock)
    monkeypatch.setattr(thinking, "think", search.think)
    monkeypatch.setattr(thinking, "time", SimpleNamespace(perf_counter=clock))
    told: list[tuple[bool, bool]] = []  # what the slicing was told, and the view's stillness

    def slice_for(frame: float, thought: float, still: bool = False) -> float:
        told.append((still, table.still()))
        return thinking.slice_for(frame, thought, still)

    monkeypatch.setattr(computers, "slice_for", slice_for)
    settings = Settings(pace="normal", sound=False, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.begin(Match.create("mexican_train", 10, seats=["computer"] * 10, seed=4))
    table = shell.table
    assert table.computer_pause == Settings().computer_pause  # the default pace
    dt, moves, searched = 1 / 60, len(table.match.actions), search.calls
    turn_start = clock.now
    turns: list[float] = []
    committed_at: float | None = None
    for _ in range(4000):
        before = clock.now
        h.send("on_update", dt)
        clock.now += DRAW
        dt = max(1 / 60, clock.now - before)  # the display shows a frame at 60 a second at most
        if len(table.match.actions) != moves:
            moves = len(table.match.actions)
            committed_at = clock.now
            searched_now, searched = search.calls != searched, search.calls
            if not searched_now:  # a single legal move needs no thinking
                turn_start, committed_at = clock.now, None
        if committed_at is not None and not len(table.tweens):
            turns.append(clock.now - turn_start)  # the breath, the thinking, the glide
            if len(turns) == 3:
                break
            turn_start, committed_at = committed_at, None
    assert len(turns) == 3, "no computer turns were timed"
    assert max(turns) <= 1.0, f"a computer turn took {max(turns):.2f} s"
    assert all(still == view for still, view in told), "the slicing was told wrong"
    assert not all(still for still, _ in told), "no frame thought while something glided"
