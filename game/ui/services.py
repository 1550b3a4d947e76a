"""What a screen is given instead of the whole game: a navigator and the services it uses.

A screen asks the :class:`Navigator` to open a :class:`Route` (or to go
back, or home) and uses the :class:`Services`: the settings and the store
that keeps them, the sounds, whether this is a kiosk, the size of touch
targets and the size to lay out for. Which screen a route shows, and what
it is built from, is the router's business (:mod:`game.ui.router`): nothing
here knows a screen or the table, so no screen imports the layer that
builds it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

import arcade

from game.i18n import set_language
from game.match import Match
from game.saves import Store
from game.settings import Settings
from game.ui.art.sound import Sounds
from game.ui.scale import Sizing, screen_density, text_scale


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


Params = Note | Game | Tutorial | Question | SitDown | Page | Recorded | PuzzleId

# the routes that take parameters, and their kind; the others take none
PARAMS: dict[Route, type[Params]] = {
    Route.TITLE: Note,
    Route.RULES: Game,
    Route.PUZZLES: Game,
    Route.LESSON: Tutorial,
    Route.CONFIRM: Question,
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


class Services:
    """What screens and the table use: settings (and keeping them), store, sounds, the window."""

    def __init__(
        self,
        window: arcade.Window,
        store: Store,
        settings: Settings,
        kiosk: bool = False,
        scale: float = 1.0,
    ) -> None:
        self.window = window
        self.store = store
        self.settings = settings
        self.kiosk = kiosk
        self.scale = scale  # the screens' touch targets are this much larger (a kiosk's)
        self.density = screen_density(window)  # the desktop's scale, the panel's pixels an inch
        self.sounds = Sounds(settings.sound)
        self.autoplay: float | None = None  # a watched demo: summaries move on after this long
        self.laid_out_for: tuple[int, int] | None = None  # the last resize, once there was one
        self.listeners: list[Callable[[], None]] = []  # told when the settings changed
        set_language(settings.language)

    @property
    def size(self) -> tuple[int, int]:
        """The size screens lay out for: the last resize, else the window's."""
        return self.laid_out_for or (self.window.width, self.window.height)

    @property
    def sizing(self) -> Sizing:
        """What sizes the table's chrome besides the window (:mod:`game.ui.scale`): the
        player's Text size, whether this is a kiosk, the display's density."""
        desktop, ppi = self.density
        return Sizing(text_scale(self.settings.text_size), self.kiosk, desktop, ppi)

    def save_settings(self) -> None:
        """Keep the settings (a kiosk only uses them: it writes nothing) and apply them."""
        if not self.kiosk:
            self.store.save_settings(self.settings)
        self.apply_settings()

    def apply_settings(self) -> None:
        """Sound and language at once; then whoever listens (the table's pace, its pips)."""
        self.sounds.enabled = self.settings.sound
        set_language(self.settings.language)
        for listener in self.listeners:
            listener()
