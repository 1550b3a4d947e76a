"""What a hot-seat player missed, shown again on the table once they hold the device.

While one person has the device, the computer seats after them move on the
table; the next human, handed the device, did not see those moves. So once
they tap "Show my tiles", the table goes back to how they last saw it and
plays the moves since their last turn again, one at a time, each announced
and gliding in from its seat (issue 16.5). Only public things are shown:
the board and the counts; the viewer's own tiles stay face down until the
replay ends (no hand is ever shown during it). A tap on the table or Space,
Enter or Esc skips to the end at once (:meth:`Replay.skip`): every step left
is still told, by its seat, and the table is the match's again.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules import Action, State

Step = tuple[int, Action, State, State]  # seat, action, state before, state after


class Replay:
    """The steps still to show; ``shown`` is the state the table shows meanwhile."""

    def __init__(self, steps: list[Step], pause: float) -> None:
        self.steps = steps
        self.done = 0
        self.pause = pause
        self.wait = pause
        self.final = steps[-1][3]  # the match's state when the replay began

    @property
    def shown(self) -> State:
        return self.steps[self.done - 1][3] if self.done else self.steps[0][2]

    def tick(self, dt: float) -> Step | None:
        """Advance the clock; the next step once its pause is over."""
        self.wait -= dt
        if self.wait > 0 or self.done >= len(self.steps):
            return None
        self.wait = self.pause
        self.done += 1
        return self.steps[self.done - 1]

    def skip(self) -> Iterator[Step]:
        """Every step not shown yet, each counted shown as it is handed out (so ``shown``
        is its state meanwhile: the table tells it with that state's words)."""
        while not self.over:
            self.done += 1
            yield self.steps[self.done - 1]

    @property
    def over(self) -> bool:
        return self.done >= len(self.steps)
