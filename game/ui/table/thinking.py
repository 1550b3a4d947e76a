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
information). When ``game.ai`` offers ``think`` (an iterator over a fixed
budget of playouts that yields its progress and ends with a decision) the
turn steps it; with no AI available the seat plays a random legal action,
drawn from the seeded generator so a match replays the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from game.rules import Action, Observation, RuleSet, State
from game.rules.seeding import rng

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


def _ai() -> Any:
    try:
        from game import ai
    except ImportError:  # pragma: no cover - the AI package is optional for the table
        return None
    return ai if hasattr(ai, "think") or hasattr(ai, "decide") else None


class ComputerTurn:
    """One decision of ``seat`` in ``state``; call :meth:`step` each frame until it answers."""

    def __init__(
        self,
        ruleset: RuleSet,
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
        self.progress = 0.0
        observation = ruleset.observe(state, seat)
        legal = observation.legal
        ai = _ai()
        self._thinking: Iterator[Any] | None = None
        if len(legal) == 1:
            self.action = legal[0]
        elif ai is not None and hasattr(ai, "think"):
            self._thinking = iter(ai.think(observation, level=level, seed=seed))
            self._fallback = legal[0]
        elif ai is not None:
            self.action = ai.decide(observation, level=level, seed=seed)
        else:
            self.action = rng(seed, "table-computer", seat).choice(list(legal))

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
        assert self._thinking is not None
        while self.clock() < deadline:
            try:
                item = next(self._thinking)
            except StopIteration as stop:
                decided = _action_of(stop.value) or _action_of(
                    getattr(self._thinking, "result", None)
                )
                self.action = decided or self._fallback
                self.progress = 1.0
                return self.action
            if isinstance(item, int | float):
                self.progress = float(item)
            elif (found := _action_of(item)) is not None:
                self._fallback = found
        return None

    def finish(self) -> Action:
        """Think to the end at once (tools and tests that need no frames)."""
        while self.step(budget=1.0) is None:
            pass
        assert self.action is not None
        return self.action


def _action_of(value: Any) -> Action | None:
    """The action in what the AI hands back: an Action, or a decision holding one."""
    if isinstance(value, Action):
        return value
    action = getattr(value, "action", None)
    return action if isinstance(action, Action) else None


class HintSearch:
    """The computer's advice to the human to move: the AI's own search, a slice per frame.

    ``answer`` is ``(action, why)`` once found, ``why`` being the AI's reason
    for it (None when it gave none); ``forced`` says there was only one action.
    """

    def __init__(self, observation: Observation, seed: int) -> None:
        self.observation = observation
        self.spent = 0.0  # seconds the last step searched
        legal = observation.legal
        self.forced = len(legal) == 1
        self.answer: tuple[Action, Any] | None = None
        self._thinking: Iterator[Any] | None = None
        ai = _ai()
        if self.forced or ai is None:
            self.answer = (legal[0], None)
        elif hasattr(ai, "think"):
            self._thinking = iter(ai.think(observation, level="normal", seed=seed))
        else:
            self.answer = (ai.decide(observation), None)

    def step(self, budget: float) -> tuple[Action, Any] | None:
        """Search for about ``budget`` seconds; the answer once there is one."""
        self.spent = 0.0
        if self.answer is not None or self._thinking is None:
            return self.answer
        start = time.perf_counter()
        deadline = start + budget
        decision = None
        try:
            while time.perf_counter() < deadline:
                next(self._thinking)
        except StopIteration as done:
            decision = (
                done.value if done.value is not None else getattr(self._thinking, "result", None)
            )
        self.spent = time.perf_counter() - start
        if decision is None:
            return None
        self.answer = (decision.action, _reason(self.observation, decision))
        return self.answer


def _reason(observation: Observation, decision: Any) -> Any:
    try:
        from game.ai.hints import reason
    except ImportError:  # pragma: no cover - the AI package is optional for the table
        return None
    try:
        return reason(observation, decision)
    except Exception:  # noqa: BLE001 - a reason is a nicety; the hint stands without one
        return None
