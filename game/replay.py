"""Stepping through a finished match: a cursor over its record, forward, back, by round.

Why a cursor over the record and nothing else: a replay must show exactly what
was played, on this machine or another, so the record (:mod:`game.record`) is its
only input. The record is replayed once through the rules when the cursor is
made (a record that does not replay is a RecordError in one line, naming the
step), and every state along the way is kept, so stepping back is as cheap as
stepping forward and lands on the identical state. The table shows
``cursor.state`` with every hand open (the match is over) and the log up to
``cursor.index``; autoplay is the table calling :meth:`Cursor.forward` on a timer.

Pure Python, like the rest of the match layer.
"""

from __future__ import annotations

from typing import Any

from .match import Match
from .record import from_record
from .rules import Action, State


class Cursor:
    """A position in a replayed record: ``index`` actions played, 0 … ``len(cursor)``."""

    def __init__(self, record: Any) -> None:
        """Replay ``record`` (RecordError if it does not replay); the cursor starts at 0."""
        match = from_record(record)
        self.match = match
        self._states: tuple[State, ...] = (
            _first(match),
            *(after for _, _, after in match.history),
        )
        self._moves: tuple[tuple[int, Action], ...] = tuple(
            (seat, action) for seat, action, _ in match.history
        )
        self.index = 0

    def __len__(self) -> int:
        """How many actions the record holds."""
        return len(self._moves)

    @property
    def state(self) -> State:
        """The state after ``index`` actions."""
        return self._states[self.index]

    @property
    def last(self) -> tuple[int, Action] | None:
        """The action that led here and its seat (None at the start)."""
        return self._moves[self.index - 1] if self.index else None

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self._moves)

    def played(self) -> tuple[tuple[int, Action], ...]:
        """Every (seat, action) up to here, oldest first: the log beside the table."""
        return self._moves[: self.index]

    def forward(self, steps: int = 1) -> bool:
        """Step ``steps`` actions on (stopping at the end); False if already there."""
        return self.go(self.index + steps)

    def back(self, steps: int = 1) -> bool:
        """Step ``steps`` actions back (stopping at the start); False if already there."""
        return self.go(self.index - steps)

    def go(self, index: int) -> bool:
        """Jump to ``index`` (clamped to the record); whether the cursor moved."""
        index = max(0, min(index, len(self._moves)))
        moved = index != self.index
        self.index = index
        return moved

    def rounds(self) -> int:
        """How many rounds the record reaches (a finished round counts, so does the last)."""
        return self._states[-1].round

    def round_start(self, number: int) -> int:
        """The index where round ``number`` (1-based) begins: its first action."""
        for i, state in enumerate(self._states):
            if state.round >= number:
                return i
        return len(self._moves)

    def to_round(self, number: int) -> bool:
        """Jump to the start of round ``number`` (clamped); whether the cursor moved."""
        return self.go(self.round_start(max(1, number)))

    def next_round(self) -> bool:
        return self.to_round(self.state.round + 1)

    def previous_round(self) -> bool:
        """Back to the start of this round, or of the one before if already there."""
        start = self.round_start(self.state.round)
        return self.go(start) if start < self.index else self.to_round(self.state.round - 1)


def _first(match: Match) -> State:
    """The match's state before its first action."""
    first: State = match.ruleset.new_match(match.seed, match.deals or None, match.first)
    return first
