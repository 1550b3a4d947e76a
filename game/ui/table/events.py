"""What the table's controller tells whoever listens: typed events, published in order.

Why events rather than hooks or a report callback: the router saves on what the
controller did and navigates on what is due, and a mode's coach follows the moves,
each subscribing to the kinds it needs; nobody relays another's news, and the
controller knows none of them. Pure Python (no Arcade): tested without a window.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

from game.rules import Action, State

Change = Literal["undo", "redo", "restart", "new match"]  # what the player asks of the match


@dataclass(frozen=True)
class Played:
    """``action`` was played from ``before``, making ``after``."""

    before: State
    action: Action
    after: State


@dataclass(frozen=True)
class Changed:
    """The controller acted on the player's ``what`` (an undo or a redo asked, done or
    refused with the reason said; a restart or a new match made)."""

    what: Change


@dataclass(frozen=True)
class Refused:
    """Something was not done; ``reason`` is said on the table."""

    reason: str


@dataclass(frozen=True)
class Renewing:
    """A new match is about to replace the one at the table (still there to read)."""


@dataclass(frozen=True)
class HandShown:
    """The next human took the device: their tiles show."""


@dataclass(frozen=True)
class Asked:
    """The player asked why: the reasons of the match's move number ``move`` (a computer's,
    kept at this table), or of the hint standing (None)."""

    move: int | None


@dataclass(frozen=True)
class Replayed:
    """``action`` was shown again in a catch-up (the moves a hot-seat viewer missed)."""

    action: Action


@dataclass(frozen=True)
class RoundOver:
    """A finished round's summary is due."""


@dataclass(frozen=True)
class HandoverDue:
    """The device passes to the human to move (several people at one device); ``notice``
    is a public line for the handover screen (a refused undo …), else ""."""

    notice: str


@dataclass(frozen=True)
class Rewound:
    """A replay's cursor moved from ``before``: ``onward`` one move on (it glides), else a
    jump (the table is simply as it is)."""

    before: State
    onward: bool


@dataclass(frozen=True)
class Coached:
    """A guided table's words, new: ``head`` ("Step 2 of 6", "Puzzle block-3"), ``say``
    (the step's instruction, the puzzle's goal), ``why`` (why the last try was not
    taken, or the verdict), and what glows: ``tiles`` and ``targets`` (ends, "boneyard")."""

    head: str
    say: str
    why: str = ""
    tiles: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()


Event = (
    Asked
    | Played
    | Changed
    | Refused
    | Renewing
    | HandShown
    | Replayed
    | RoundOver
    | HandoverDue
    | Rewound
    | Coached
)
E = TypeVar(
    "E",
    Asked,
    Played,
    Changed,
    Refused,
    Renewing,
    HandShown,
    Replayed,
    RoundOver,
    HandoverDue,
    Rewound,
    Coached,
)


class Events:
    """The listeners of each kind of event, called in the order they subscribed."""

    def __init__(self) -> None:
        self._listeners: dict[type[Event], list[Callable[[Event], None]]] = defaultdict(list)

    def listen(self, kind: type[E], listener: Callable[[E], None]) -> None:
        """Call ``listener`` with every event of ``kind`` from now on."""

        def heard(event: Event) -> None:
            if isinstance(event, kind):
                listener(event)

        self._listeners[kind].append(heard)

    def publish(self, event: Event) -> None:
        for listener in list(self._listeners[type(event)]):
            listener(event)
