"""A computer turn at the table: thinking a slice per frame without starving the search.

The search's budget is playouts; the table only decides how much of each
frame goes to them. A fixed few milliseconds gave one slow playout a frame
(a ten-seat Mexican Train took seconds of "thinking…"); now the table thinks
for the rest of a 1/30 s frame while something glides and of a 1/10 s frame
once the table is still, from the moment the turn comes (during the pace's
breath and the glides), and the screen keeps moving.

The clock here is the test's own (each step of the search costs 8 ms of it,
drawing a frame 10 ms), so the figures do not depend on this machine; the
real figure is measured by ``python -m tools.bench_turns``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import around_helpers as h
import pytest

from game.ai import Decision, Thinking
from game.match import Match
from game.settings import Settings
from game.ui.table import computers, thinking

STEP = 0.008  # seconds of the test clock one step of the search costs
STEPS = 60  # about what a ten-seat Mexican Train decision costs on this machine
DRAW = 0.010  # seconds of the test clock a frame's drawing costs
SLOW_DRAW = 0.025  # seconds a ten-seat frame's drawing costs software GL on a busy machine


class SlowSearch:
    """A stand-in for the computer: ``steps`` steps of ``STEP`` each, then the first legal move."""

    def __init__(self, clock: h.Clock, steps: int = STEPS) -> None:
        self.clock = clock
        self.steps = steps
        self.calls = 0

    def think(self, observation, level: str = "normal", seed: int = 0):
        self.calls += 1

        def steps():
            for i in range(self.steps):
                self.clock.now += STEP
                yield (i + 1) / self.steps
            return Decision(observation.legal[0])

        return Thinking(steps())


def _turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, steps: int, draw: float
) -> tuple[list[float], list[tuple[float, bool]], float]:
    """Three computer turns at ten seats of Mexican Train on the test's clock: how long each
    took (the breath, the thinking, the glide), each frame's slice with whether the table
    was still, and the share of the still thinking frames' time the search had."""
    clock = h.Clock(0.0)
    search = SlowSearch(clock, steps)
    monkeypatch.setattr(thinking, "think", search.think)
    monkeypatch.setattr(thinking, "time", SimpleNamespace(perf_counter=clock))
    stills: list[bool] = []  # what the table told the slicing, frame by frame

    def slice_for(frame: float, thought: float, still: bool = False) -> float:
        stills.append(still)
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
    slices: list[tuple[float, bool]] = []
    thought = thinking_time = 0.0
    committed_at: float | None = None
    for _ in range(4000):
        before, asked = clock.now, len(stills)
        h.send("on_update", dt)
        slices.append((clock.now - before, len(stills) > asked and stills[-1]))
        if slices[-1][1] and clock.now > before:
            thought += clock.now - before
            thinking_time += clock.now - before + draw
        clock.now += draw
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
    return turns, slices, thought / thinking_time


def test_a_ten_seat_computer_turn_thinks_and_glides_within_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    turns, slices, _ = _turns(tmp_path, monkeypatch, STEPS, DRAW)
    assert max(turns) <= 1.0, f"a computer turn took {max(turns):.2f} s"
    moving = [s for s, still in slices if not still]
    assert moving, "no frame glided while the computer thought"
    assert max(moving) <= thinking.MAX_SLICE + STEP, "a frame thought so long a glide stuttered"
    assert max(s for s, _ in slices) <= thinking.MAX_STILL_SLICE + STEP, "the screen froze"


def test_a_still_table_leaves_the_search_most_of_the_machine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing ten seats costs software GL 25 ms a frame on a busy machine; at 30 frames a
    second that left the search half the time (56% here), and a ten-seat Mexican Train
    turn took more than a second."""
    _, slices, share = _turns(tmp_path, monkeypatch, STEPS, SLOW_DRAW)
    assert share >= 0.7, f"the search had {share:.0%} of a still table's frames"
    assert max(s for s, _ in slices) <= thinking.MAX_STILL_SLICE + STEP, "the screen froze"
