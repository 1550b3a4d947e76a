"""Where a screen can go: the routes, the parameters each takes, and the navigator.

A screen asks the :class:`Navigator` to open a :class:`Route` (or to go back, or home),
with the route's parameters (:data:`PARAMS`). Apart from the services (:mod:`.services`,
which hold the window): naming where to go needs no display, so the table's policies that
send the player on (a puzzle solved: the next one) import no arcade.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

from game.match import Match


class Route(StrEnum):
    """A screen to show, or a step of the flow to take.

    Screens (``SETUP`` … ``MATCH_END``) open over what shows, and ``back()``
    returns to it; ``TITLE`` and ``TABLE`` start the back stack afresh. The
    steps are the router's to take (``MATCH`` with :class:`SitDown` sits down
    at a new match, ``ONWARD`` leaves a round summary …); which screen follows a
    step is the router's choice too.
    """

    TITLE = "title"  # Note: a line to say, if any
    TABLE = "table"
    SETUP = "setup"
    SETTINGS = "settings"
    RULES = "rules"  # Game: the rule set shown first
    KEYS = "keys"  # the sheet of every key
    ABOUT = "about"  # the version, and where a player's things are kept
    LOG = "log"
    WHY = "why"  # Asking: whose reasons ("why that move?"), over the table
    SCORES = "scores"
    MENU = "menu"
    CONFIRM = "confirm"  # Question: what is asked, and what yes does
    DEAL = "deal"
    HANDOVER = "handover"
    SUMMARY = "summary"
    MATCH_END = "match end"
    MATCH = "match"  # SitDown: a new match to sit down at
    RESUME = "resume"  # the saved match, if there is one
    HANDED_OVER = "handed over"  # the next player has the device: show their tiles
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"  # asks first
    NEW_MATCH = "new match"  # asks first
    ONWARD = "onward"  # from a round summary: the next deal, or the match end
    AGAIN = "again"  # the same seats, a fresh deal
    LEAVE = "leave"  # to the title, the match kept for Resume
    QUIT = "quit"  # asks first
    LEARN = "learn"  # the games with a guided first round
    LESSON = "lesson"  # Tutorial: the game whose guided round starts on the table
    LESSON_END = "lesson end"  # the tutorial's round is over
    HISTORY = "history"  # Page: the finished matches kept, or the statistics
    REPLAY = "replay"  # Recorded: a finished match's record, replayed on the table
    PUZZLES = "puzzles"  # Game: whose family's puzzles show first
    PUZZLE = "puzzle"  # PuzzleId: the puzzle to sit down at


@dataclass(frozen=True)
class Note:
    """``TITLE``'s: a line for the title to say (a lesson or a record that would not load)."""

    note: str


@dataclass(frozen=True)
class Game:
    """``RULES``' and ``PUZZLES``': the game shown first (else the first of the six)."""

    rules: str | None = None


@dataclass(frozen=True)
class Tutorial:
    """``LESSON``'s: the game whose guided first round starts."""

    rules: str


@dataclass(frozen=True)
class Question:
    """``CONFIRM``'s: the question, what it means, the yes button's word and what yes does."""

    question: str
    detail: str
    yes: str
    do: Callable[[], None]


@dataclass(frozen=True)
class Asking:
    """``WHY``'s: the match's move number ``move`` whose reasons show (a computer's), or
    the hint standing at the table (None)."""

    move: int | None = None


@dataclass(frozen=True)
class SitDown:
    """``MATCH``'s: a new match to sit down at (``shuffle``: dealt before the eyes)."""

    match: Match
    shuffle: bool = True


@dataclass(frozen=True)
class Page:
    """``HISTORY``'s: which page (the matches or the statistics), from which entry."""

    page: str = "matches"
    start: int = 0


@dataclass(frozen=True)
class Recorded:
    """``REPLAY``'s: a finished match's record (checked as it is replayed)."""

    record: object


@dataclass(frozen=True)
class PuzzleId:
    """``PUZZLE``'s: the puzzle to sit down at."""

    id: str


Params = Note | Game | Tutorial | Question | Asking | SitDown | Page | Recorded | PuzzleId

# the routes that take parameters, and their kind; the others take none
PARAMS: dict[Route, type[Params]] = {
    Route.TITLE: Note,
    Route.RULES: Game,
    Route.PUZZLES: Game,
    Route.LESSON: Tutorial,
    Route.CONFIRM: Question,
    Route.WHY: Asking,
    Route.MATCH: SitDown,
    Route.HISTORY: Page,
    Route.REPLAY: Recorded,
    Route.PUZZLE: PuzzleId,
}


class Navigator(Protocol):
    """The one way a screen changes what shows."""

    def open(self, route: Route, params: Params | None = None) -> None:
        """Show ``route``, with its parameters if it takes any (see :data:`PARAMS`)."""

    def back(self) -> None:
        """Return to what showed before the screen on top."""

    def home(self) -> None:
        """The title, the back stack emptied."""


# a route's parameters, one of the kinds :data:`PARAMS` names
P = TypeVar("P", Note, Game, Tutorial, Question, Asking, SitDown, Page, Recorded, PuzzleId)


def params_as(kind: type[P], params: Params | None) -> P:
    """``params`` as the kind its route takes (a route opened without them is a bug)."""
    if not isinstance(params, kind):
        raise TypeError(f"expected {kind.__name__}, not {params!r}")
    return params
