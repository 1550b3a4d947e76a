"""A computer turn at the table: thinking a slice per frame without starving the search.

The search's budget is playouts; the table only decides how much of each
frame goes to them. A fixed few milliseconds gave one slow playout a frame
(a ten-seat Mexican Train took seconds of "thinking…"); now the table thinks
for the rest of a 1/30 s frame, from the moment the turn comes (during the
pace's breath and the glides), and the screen keeps moving.

The clock here is the test's own (each step of the search costs 8 ms of it,
drawing a frame 10 ms), so the figures do not depend on this machine; the
real figure is measured by ``python -m tools.bench_turns``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import around_helpers as h
import pytest

from game.match import Match
from game.settings import Settings
from game.ui.table import thinking

STEP = 0.008  # seconds of the test clock one step of the search costs
STEPS = 60  # about what a ten-seat Mexican Train decision costs on this machine
DRAW = 0.010  # seconds of the test clock a frame's drawing costs


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowSearch:
    """A stand-in for the computer: ``STEPS`` steps of ``STEP`` each, then the first legal move."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.calls = 0

    def think(self, observation, level: str = "normal", seed: int = 0):  # type: ignore[no-untyped-def]
        self.calls += 1

        def steps():  # type: ignore[no-untyped-def]
            for i in range(STEPS):
                self.clock.now += STEP
                yield (i + 1) / STEPS
            return observation.legal[0]

        return steps()


def test_a_ten_seat_computer_turn_thinks_and_glides_within_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    search = SlowSearch(clock)
    monkeypatch.setattr(thinking, "_ai", lambda: search)
    monkeypatch.setattr(thinking, "time", SimpleNamespace(perf_counter=clock))
    settings = Settings(pace="normal", sound=False, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.begin(Match.create("mexican_train", 10, seats=["computer"] * 10, seed=4))
    table = shell.table
    assert table.computer_pause == Settings().computer_pause  # the default pace
    dt, moves, searched = 1 / 60, len(table.match.actions), search.calls
    turn_start = clock.now
    turns: list[float] = []
    slices: list[float] = []
    committed_at: float | None = None
    for _ in range(2000):
        before = clock.now
        h.send("on_update", dt)
        slices.append(clock.now - before)
        clock.now += DRAW
        dt = max(1 / 60, clock.now - before)  # the display shows a frame at 60 a second at most
        if len(table.match.actions) != moves:
            moves = len(table.match.actions)
            committed_at = clock.now
            thought, searched = search.calls != searched, search.calls
            if not thought:  # a single legal move needs no thinking
                turn_start, committed_at = clock.now, None
        if committed_at is not None and not len(table.tweens):
            turns.append(clock.now - turn_start)  # the breath, the thinking, the glide
            if len(turns) == 3:
                break
            turn_start, committed_at = committed_at, None
    assert len(turns) == 3, "no computer turns were timed"
    assert max(turns) <= 1.0, f"a computer turn took {max(turns):.2f} s"
    assert max(slices) <= thinking.MAX_SLICE + STEP, "a frame thought so long the screen froze"
