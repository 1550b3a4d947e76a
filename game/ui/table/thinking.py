"""The computer at the table: a computer seat's turn, and a hint for a human's.

Both are advanced a slice per frame so the screen never freezes; this is the
one module of the table that talks to :mod:`game.ai`.

How long a slice is (:func:`slice_for`): while a computer thinks and
something moves on the table (a glide, a rising score, a finger panning) the
table runs at about 30 frames a second and thinks for the rest of each frame,
and never for less than the rest of the frame took (drawing, input, the wait
for the display). Once the table is still, only the thinking's percentage
changes, so a frame may be 1/10 s: drawing a ten-seat table costs software GL
10-25 ms of both cores, which at 30 frames a second left the search half the
machine, and a Mexican Train turn took more than a second. A fixed few
milliseconds starved the search worse: one playout of a ten-seat Mexican
Train can take longer than that, so it got one playout a frame, and a turn
took seconds of "thinking…". The search's budget is still its playouts; the
slice only decides how fast they are spent.

The computer sees only ``ruleset.observe(state, seat)`` (docs/DESIGN.md, hidden
information). A turn is :mod:`game.ai`'s typed :class:`~game.ai.Thinking`: an
iterator over a fixed budget of playouts that yields its progress and ends with
a :class:`~game.ai.Decision`, which the turn steps a slice per frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from game.ai import Decision, Thinking, explain
from game.ai import Explanation as Explanation  # re-exported: the table keeps them
from game.ai import (
    think as think,  # re-exported: the tests and the monkey put their own in its place
)
from game.ai.hints import Reason, reason
from game.rules import Action, Observation, RuleSet, State

THINKING_FRAME = 1 / 30  # seconds: the frame the table keeps while a computer thinks
STILL_FRAME = 1 / 10  # seconds: the frame once nothing moves but the percentage
MIN_SLICE = 0.004  # seconds of thinking a frame at least
MAX_SLICE = 0.05  # seconds at most while things move: 20 frames a second or more
MAX_STILL_SLICE = 0.09  # seconds at most on a still table: 10 frames a second or more


def slice_for(frame: float, thought: float, still: bool = False) -> float:
    """Seconds to think this frame, given the last ``frame`` and the ``thought`` it held;
    a ``still`` table (nothing gliding, nobody touching) keeps the longer frame."""
    rest = max(0.0, frame - thought)  # the rest of the last frame: drawing, input, the display
    target, most = (STILL_FRAME, MAX_STILL_SLICE) if still else (THINKING_FRAME, MAX_SLICE)
    return min(max(target - rest, rest, MIN_SLICE), most)


class ComputerTurn:
    """One decision of ``seat`` in ``state``; call :meth:`step` each frame until it answers."""

    def __init__(
        self,
        ruleset: RuleSet[State],
        state: State,
        seat: int,
        level: str,
        seed: int,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.seat = seat
        self.clock = clock if clock is not None else time.perf_counter
        self.spent = 0.0  # seconds the last step thought
        self.action: Action | None = None
        self.explained: Explanation | None = None  # "why that move?", once decided
        self.progress = 0.0
        self._observation = observation = ruleset.observe(state, seat)
        self._thinking: Thinking | None = None
        if len(observation.legal) == 1:
            self._decided(Decision(observation.legal[0], how="only"))
        else:
            self._thinking = think(observation, level=level, seed=seed)

    def _decided(self, decision: Decision) -> Action:
        """The decision taken, and what it weighed kept from its own samples."""
        self.action = decision.action
        self.explained = explain(self._observation, decision)
        self.progress = 1.0
        return self.action

    def step(self, budget: float = MIN_SLICE) -> Action | None:
        """Think for about ``budget`` seconds; the chosen action once decided, else None."""
        if self.action is not None or self._thinking is None:
            self.spent = 0.0
            return self.action
        start = self.clock()
        try:
            return self._think_until(start + budget)
        finally:
            self.spent = self.clock() - start

    def _think_until(self, deadline: float) -> Action | None:
        thinking = self._thinking
        assert thinking is not None
        # at 100% every playout is played: the choice is taken now, not a frame later,
        # or "thinking… 100%" would stand for a frame with nothing left to think
        while self.clock() < deadline or self.progress >= 1.0:
            try:
                self.progress = next(thinking)
            except StopIteration:
                assert thinking.result is not None
                return self._decided(thinking.result)
        return None

    def finish(self) -> Action:
        """Think to the end at once (tools and tests that need no frames)."""
        while self.step(budget=1.0) is None:
            pass
        assert self.action is not None
        return self.action


def explain_only(observation: Observation, action: Action) -> Explanation:
    """Why ``action``, the one legal move of ``observation``'s seat, was made: no search
    ran, nothing was weighed ("There was no other move")."""
    return explain(observation, Decision(action, how="only"))


class Hinted(NamedTuple):
    """A hint standing at the table and what its search weighed: for ``seat``'s own hand,
    in ``asked``, the state it was asked of (a move since, and it no longer stands)."""

    seat: int
    explained: Explanation
    asked: State


class HintSearch:
    """The computer's advice to the human to move: the AI's own search, a slice per frame.

    ``answer`` is ``(action, why)`` once found, ``why`` being the AI's reason
    for it (None when there was only one action: nothing to explain); ``forced``
    says there was only one action. ``explained`` is what the search weighed, from its
    own samples (the forced move's too, weighing nothing): the hint's "why?".
    """

    def __init__(self, observation: Observation, seed: int) -> None:
        self.observation = observation
        self.spent = 0.0  # seconds the last step searched
        legal = observation.legal
        self.forced = len(legal) == 1
        self.answer: tuple[Action, Reason | None] | None = None
        self.explained: Explanation | None = None
        self._thinking: Thinking | None = None
        if self.forced:
            self.answer = (legal[0], None)
            self.explained = explain_only(observation, legal[0])
        else:
            self._thinking = think(observation, level="normal", seed=seed)

    def step(self, budget: float) -> tuple[Action, Reason | None] | None:
        """Search for about ``budget`` seconds; the answer once there is one."""
        self.spent = 0.0
        thinking = self._thinking
        if self.answer is not None or thinking is None:
            return self.answer
        start = time.perf_counter()
        deadline = start + budget
        decision: Decision | None = None
        try:
            while time.perf_counter() < deadline:
                next(thinking)
        except StopIteration:
            decision = thinking.result
        self.spent = time.perf_counter() - start
        if decision is None:
            return None
        self.answer = (decision.action, reason(self.observation, decision))
        self.explained = explain(self.observation, decision)
        return self.answer
