"""What a table shows: a match in play, or a finished match at a replay's cursor.

Why a part of its own: the table view is one, whatever it shows; what differs is
where its state comes from and whether anyone plays. A :class:`Live` source is the
match itself: its humans take turns and its computer seats think (the view runs
their turns). A :class:`Rewound` source is a :class:`~game.replay.Cursor` over a
finished match's record: nobody plays, nobody is "You", every hand is public (the
match is over), and the state is wherever the cursor stands. The view asks its
source; no mode of the view switches another's behaviour off.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.match import Match
from game.replay import Cursor
from game.rules import State


@dataclass(frozen=True)
class Live:
    """A match in play: the humans' seats are the match's own."""

    match: Match

    plays = True  # seats take turns here: humans by input, computers by thinking
    open_hands = False  # each hand is its owner's alone

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def humans(self) -> tuple[int, ...]:
        players = self.match.ruleset.players
        return tuple(s for s in range(1, players + 1) if self.match.is_human(s))


@dataclass(frozen=True)
class Rewound:
    """A finished match where ``cursor`` stands: shown, never played."""

    cursor: Cursor

    plays = False  # nobody moves: the cursor does
    open_hands = True  # the match is over: every hand shows, in its seat's panel
    humans: tuple[int, ...] = ()  # nobody's seat is "You", and no hand hides from anyone

    @property
    def match(self) -> Match:
        return self.cursor.match

    @property
    def state(self) -> State:
        return self.cursor.state


Source = Live | Rewound
