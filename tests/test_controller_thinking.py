"""A computer's turn below the window: thinking a slice per frame without starving the
search, and without a frame so long that a glide stutters or the screen freezes.

The search's budget is playouts; the table only decides how much of each frame goes to
them: the rest of a 1/30 s frame while something glides, of a 1/10 s frame once the table
is still, from the moment the turn comes (during the pace's breath and the glides). The
controller alone, with :class:`Gliding` for the screen: each move glides for the tweens'
:data:`DURATION` on the test's own clock (each step of the search costs 8 ms of it,
drawing a frame 10 ms), so the figures do not depend on this machine; the real figure is
measured by ``python -m tools.bench_turns``. That a real table's turn, its glides as
drawn, ends within a second is the window's (tests/test_around_thinking.py).
"""

from __future__ import annotations

from collections.abc import Generator
from types import SimpleNamespace

import pytest

from game.ai import Decision, Thinking
from game.match import Match
from game.rules import Action, Observation, State
from game.settings import Settings
from game.ui.motion.tween import DURATION
from game.ui.table import computers, thinking
from game.ui.table.controller import NoScreen, TableController

STEP = 0.008  # seconds of the test clock one step of the search costs
STEPS = 60  # about what a ten-seat Mexican Train decision costs on this machine
DRAW = 0.010  # seconds of the test clock a frame's drawing costs
SLOW_DRAW = 0.025  # seconds a ten-seat frame's drawing costs software GL on a busy machine


class Clock:
    """The test's own clock: the search's steps and the frames' drawing move it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowSearch:
    """A stand-in for the computer: ``steps`` steps of ``STEP`` each, then the first legal move."""

    def __init__(self, clock: Clock, steps: int = STEPS) -> None:
        self.clock = clock
        self.steps = steps
        self.calls = 0

    def think(self, observation: Observation, level: str = "normal", seed: int = 0) -> Thinking:
        self.calls += 1

        def steps() -> Generator[float, None, Decision]:
            for i in range(self.steps):
                self.clock.now += STEP
                yield (i + 1) / self.steps
            return Decision(observation.legal[0])

        return Thinking(steps())


class Gliding(NoScreen):
    """A table nobody sees whose every move glides for :data:`DURATION` seconds: the table
    is still (and the move landed) once the glide is over."""

    def __init__(self) -> None:
        self.left = 0.0

    def frame(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def settled(self) -> bool:
        return self.left == 0.0

    def still(self) -> bool:
        return self.left == 0.0

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        self.left = DURATION


class Turns:
    """Three computer turns at ten seats of Mexican Train, frame by frame on the test's
    clock: how long each took (the breath, the thinking, the glide), each frame's slice
    with whether the table was still, and the share of the still frames' time the search
    had."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, draw: float) -> None:
        self.clock = Clock()
        self.search = SlowSearch(self.clock)
        monkeypatch.setattr(thinking, "think", self.search.think)
        monkeypatch.setattr(thinking, "time", SimpleNamespace(perf_counter=self.clock))
        self.screen = Gliding()
        self.stills: list[bool] = []  # whether the table was still, each time it sliced
        self.told: list[bool] = []  # … and what it told the slicing
        monkeypatch.setattr(computers, "slice_for", self.slice_for)
        self.turns: list[float] = []
        self.slices: list[tuple[float, bool]] = []
        self.share = self._play(draw)

    def slice_for(self, frame: float, thought: float, still: bool = False) -> float:
        self.stills.append(self.screen.still())
        self.told.append(still)
        return thinking.slice_for(frame, thought, still)

    def _play(self, draw: float) -> float:
        clock, screen = self.clock, self.screen
        match = Match.create("mexican_train", 10, seats=["computer"] * 10, seed=4)
        table = TableController(match, Settings().computer_pause, screen=screen)
        table.refresh()
        dt, moves, searched = 1 / 60, len(match.actions), self.search.calls
        turn_start, committed_at = clock.now, None
        thought = thinking_time = 0.0
        for _ in range(4000):  # a frame as the view makes it: the glides, then the turn
            before, asked = clock.now, len(self.stills)
            screen.frame(dt)
            table.run_computer(dt)
            still = len(self.stills) > asked and self.stills[-1]
            self.slices.append((clock.now - before, still))
            if still and clock.now > before:
                thought += clock.now - before
                thinking_time += clock.now - before + draw
            clock.now += draw
            dt = max(1 / 60, clock.now - before)  # a frame at 60 a second at most
            if len(match.actions) != moves:
                moves, committed_at = len(match.actions), clock.now
                searched_now, searched = self.search.calls != searched, self.search.calls
                if not searched_now:  # a single legal move needs no thinking
                    turn_start, committed_at = clock.now, None
            if committed_at is not None and screen.settled():
                self.turns.append(clock.now - turn_start)  # the breath, thinking, glide
                if len(self.turns) == 3:
                    return thought / thinking_time
                turn_start, committed_at = committed_at, None
        raise AssertionError("no three computer turns were timed")


def test_a_computer_thinks_while_its_move_glides_and_no_frame_stutters_or_freezes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each turn, the breath, the thinking and the glide, within a second; the search
    thinks in frames where something glides too, none so long a glide would stutter, and
    no frame so long the screen would freeze."""
    turns = Turns(monkeypatch, DRAW)
    assert turns.told == turns.stills  # the slicing is told whether anything moves
    assert max(turns.turns) <= 1.0, f"a computer turn took {max(turns.turns):.2f} s"
    moving = [s for s, still in turns.slices if not still and s > 0]
    assert moving, "no frame thought while something glided"
    assert max(moving) <= thinking.MAX_SLICE + STEP, "a frame thought so long a glide stuttered"
    assert max(s for s, _ in turns.slices) <= thinking.MAX_STILL_SLICE + STEP, "the screen froze"


def test_a_still_table_leaves_the_search_most_of_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Drawing ten seats costs software GL 25 ms a frame on a busy machine; at 30 frames a
    second that left the search half the time (56% here), and a ten-seat Mexican Train
    turn took more than a second."""
    turns = Turns(monkeypatch, SLOW_DRAW)
    assert turns.share >= 0.7, f"the search had {turns.share:.0%} of a still table's frames"
    assert max(s for s, _ in turns.slices) <= thinking.MAX_STILL_SLICE + STEP, "the screen froze"
