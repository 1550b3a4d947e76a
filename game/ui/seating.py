"""What the shell does with tables: sits down at one, steps its match on, hears what it tells.

The shell (:mod:`game.ui.router`) keeps the back stack and builds the screens;
this is the part of the flow that has a table in it. A match, a lesson, a
puzzle or a finished match's replay is sat down at here; the flow's steps at
a table (resume, the handover given, undo and redo, restart, a new match,
onward after a round, the same seats again) are taken here; and here the
table's published events are heard: the match kept on every move and change,
the summary or the handover shown when one is due, the earlier matches' log
kept when a new one starts at the same table.

The shell is reached through :class:`Stage`, what seating asks of it: the
navigator's moves, a screen pushed over what shows, and the table as the back
stack's base with a screen (or none) over it. So the flow at a table is tested
with a stage that shows nothing (tests/test_seating.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.i18n import N_, _
from game.learn import LearnError
from game.learn.puzzles import load_all as load_puzzles
from game.learn.tutorials import Lesson, load_tutorial
from game.match import Match
from game.record import RecordError
from game.replay import Cursor
from game.ui.routes import (
    Asking,
    Game,
    Navigator,
    Note,
    Params,
    PuzzleId,
    Question,
    Recorded,
    Route,
    SitDown,
    Tutorial,
    params_as,
)
from game.ui.screens.puzzles import family_of, ordered, puzzle_name
from game.ui.services import Services
from game.ui.session import Session
from game.ui.table.ending import MOMENT
from game.ui.table.events import Asked, Changed, HandoverDue, Played, Renewing, RoundOver
from game.ui.table.lesson import lesson_table
from game.ui.table.play import play_table
from game.ui.table.puzzle import puzzle_table
from game.ui.table.reports import TableEvent
from game.ui.table.rewind import replay_table
from game.ui.table.view import TableView
from game.ui.words import narrate
from game.ui.words.wording import term


class Stage(Navigator, Protocol):
    """What seating asks of the shell: navigate, and show the table with a screen over it."""

    services: Services
    session: Session
    animate: bool  # the deal's and the winners' animations (off for tests, demo)

    def push(self, route: Route, params: Params | None = None) -> None:
        """Show ``route`` over what shows."""

    def show_table(self, over: Route | None = None, params: Params | None = None) -> None:
        """The table as the back stack's base, with ``over`` shown over it if given."""


class Seating:
    """The table at play (or being replayed) and the flow's steps that need one."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.table: TableView | None = None
        self.rewind: TableView | None = None  # a finished match replayed, while it shows
        self.past_log: list[tuple[str, str]] = []  # the earlier matches' at this table
        self.notice = ""  # a public line for the handover screen (a refused undo …)
        self.puzzle: str | None = None  # the puzzle at the table, if one is
        self._cheered: set[tuple[int, int, Route]] = set()  # the moments had: once each

    def steps(self) -> dict[Route, Callable[[Params | None], None]]:
        """The routes that are steps of the flow at a table rather than a screen to show."""
        plain: dict[Route, Callable[[], None]] = {
            Route.RESUME: self._resume,
            Route.HANDED_OVER: self._handed_over,
            Route.UNDO: self._undo,
            Route.REDO: self._redo,
            Route.RESTART: self._restart,
            Route.NEW_MATCH: self._new_match,
            Route.ONWARD: self._onward,
            Route.AGAIN: self._again,
        }
        steps = {route: _ignoring_params(do) for route, do in plain.items()}
        steps[Route.MATCH] = lambda p: self.begin(
            params_as(SitDown, p).match, params_as(SitDown, p).shuffle
        )
        steps[Route.LESSON] = lambda p: self._lesson(params_as(Tutorial, p).rules)
        steps[Route.REPLAY] = lambda p: self._replay(params_as(Recorded, p).record)
        steps[Route.PUZZLE] = lambda p: self._puzzle(params_as(PuzzleId, p).id)
        return steps

    def moment(self, route: Route, match: Match) -> tuple[bool, bool]:
        """A summary's (first, motion): first shown for this round's end (its cue and
        tiles), not when it comes back from the log or the scores; and whether the tiles
        fly (the Celebrations setting; never in the tests or the demo)."""
        key = (id(match), len(match.state.results), route)
        first = key not in self._cheered
        self._cheered.add(key)
        return first, self.stage.animate and self.stage.services.settings.celebrations

    # -- sitting down ---------------------------------------------------------------------

    def begin(self, match: Match, shuffle: bool = True) -> None:
        """Sit down at ``match``: deal (animated if wanted and ``shuffle``), then the table.

        With several people at the device the table starts covered: the
        first of them to act is handed the device before any hand shows.
        """
        stage = self.stage
        table = self._sit(play_table(stage.services, match, self.on_table))
        table.moment = MOMENT if stage.animate else 0.0  # a round's end told, then summed
        self._cheered.clear()  # a new match: its moments are all to come
        table.ctl.cover()
        self.save()
        notes = stage.session.store.take_notes()  # when the table is the first thing shown
        if notes:
            table.ctl.say(" ".join(notes))
        if shuffle:
            self._deal()
        else:
            stage.open(Route.TABLE)

    def _deal(self) -> None:
        stage = self.stage
        animated = stage.animate and stage.services.settings.deal_animation
        stage.show_table(Route.DEAL if animated else None)

    def _resume(self) -> None:
        """The saved match, where it was: its deal was made (and shuffled) before, so no shuffle."""
        match = self.stage.session.resume()
        if match is None:
            self.stage.open(Route.TITLE)  # which says why
            return
        self.begin(match, shuffle=False)

    def _lesson(self, rules: str) -> None:
        """Sit down at a game's guided first round (the match in play stays saved)."""
        try:
            tutorial = load_tutorial(rules)
        except LearnError as error:
            self.stage.open(Route.TITLE, Note(str(error)))
            return
        self.save()
        self._sit(lesson_table(self.stage.services, Lesson(tutorial), self.on_table))
        self.stage.show_table()

    def _puzzle(self, id: str) -> None:
        """Sit down at puzzle ``id`` (Next goes to the one after it in its family)."""
        stage = self.stage
        puzzles, problems = load_puzzles()
        for rules, found in puzzles.items():
            family = ordered(puzzles, family_of(rules))
            for puzzle in found:
                if puzzle.id == id:
                    at = family.index(puzzle)
                    following = family[at + 1] if at + 1 < len(family) else None
                    self.save()
                    name = puzzle_name(puzzle, found.index(puzzle) + 1)
                    table = puzzle_table(
                        stage.services, stage, puzzle, name, self.on_table, following
                    )
                    self._sit(table)
                    self.puzzle = puzzle.id
                    stage.show_table()
                    return
        stage.open(Route.TITLE, Note(problems[0] if problems else id))

    def _replay(self, record: object) -> None:
        """Replay a finished match's record over what shows (Close goes back to it).

        A record that does not replay is one line on the title; nothing is lost."""
        stage = self.stage
        try:
            cursor = Cursor(record)
        except RecordError as error:
            stage.open(Route.TITLE, Note(str(error)))
            return
        services = stage.services
        self.rewind = replay_table(
            cursor, stage.back, services.sizing, services.size, services.settings.computer_pause
        )
        stage.push(Route.REPLAY)

    def _sit(self, table: TableView) -> TableView:
        """``table`` is the one at play now: the match is kept on every move and change it
        publishes, the summary or the handover shown when one is due, and the log of the
        matches before a new one at the table kept."""
        self.table = table
        self.past_log = []
        self.puzzle = None
        events = table.events
        events.listen(Played, lambda _played: self.save())
        events.listen(Changed, lambda _changed: self.save())
        events.listen(RoundOver, lambda _over: self.stage.show_table(Route.SUMMARY))
        events.listen(HandoverDue, self._handover_due)
        events.listen(Renewing, lambda _renewing: self._renewing(table))
        events.listen(Asked, lambda asked: self.stage.open(Route.WHY, Asking(asked.move)))
        return table

    # -- the flow's steps at the table ------------------------------------------------------

    def _handed_over(self) -> None:
        if self.table is not None:
            self.table.show_hand()
        self.stage.open(Route.TABLE)

    def _undo(self) -> None:
        if self.table is not None:
            self.table.undo()
        self.stage.open(Route.TABLE)

    def _redo(self) -> None:
        if self.table is not None:
            self.table.redo()
        self.stage.open(Route.TABLE)

    def _restart(self) -> None:
        """Restart the round, asked first; refused (and said why) across another's turn."""
        table = self.table
        if table is None:
            return
        reason = table.restart_refusal()
        if reason:
            table.refuse(reason)
            self.stage.open(Route.TABLE)
            return
        self._confirm(
            term(table.match.ruleset, N_("Restart this round?"), N_("Restart this hand?")),
            _("The same deal again, with the scores from before it. This cannot be undone."),
            _("Restart"),
            table.restart_round,
        )

    def _new_match(self) -> None:
        if self.table is not None:
            self._confirm(
                _("Start a new match?"),
                _("A fresh deal and zero scores for the same seats. This match cannot be resumed."),
                _("New match"),
                self.table.new_match,
            )

    def _confirm(self, question: str, detail: str, yes: str, do: Callable[[], None]) -> None:
        """Ask before something undo cannot take back; either answer returns to the table."""
        self.stage.show_table(Route.CONFIRM, Question(question, detail, yes, do))

    def _onward(self) -> None:
        """From a round summary: the match end if the match is over, else the next deal."""
        table = self.table
        if table is None:
            self.stage.home()
            return
        if table.match.state.over:
            self.stage.show_table(Route.MATCH_END)
            return
        table.ctl.cover()
        self._deal()

    def _again(self) -> None:
        """The same table and seats, a fresh deal from a fresh seed."""
        if self.table is None:
            self.stage.open(Route.SETUP)
            return
        old = self.table.match
        past = [*self.past_log, *narrate.log_entries(old), (_("A new match"), "h")]
        self.begin(Match(old.ruleset, old.seats, None, None, old.first, names=old.names))
        self.past_log = past

    # -- what the table tells -------------------------------------------------------------

    def _handover_due(self, due: HandoverDue) -> None:
        self.notice = due.notice
        self.stage.show_table(Route.HANDOVER)

    def _renewing(self, table: TableView) -> None:
        """A new match at the table: the one ending goes to the log's past."""
        self.past_log += [*narrate.log_entries(table.match), (_("A new match"), "h")]

    def on_table(self, what: TableEvent) -> None:
        """What the player asked at the table: show what comes next."""
        table, stage = self.table, self.stage
        if table is None:
            return
        if what == TableEvent.PUZZLE_SOLVED:
            if self.puzzle is not None:
                stage.session.progress.mark_solved(self.puzzle)
        elif what == TableEvent.LESSON_OVER:
            stage.show_table(Route.LESSON_END)
        elif what == TableEvent.RULES:
            stage.open(Route.RULES, Game(table.match.ruleset.name))
        elif what == TableEvent.KEYS:
            stage.open(Route.KEYS)
        else:
            route = {
                TableEvent.MENU: Route.MENU,
                TableEvent.LOG: Route.LOG,
                TableEvent.SCORES: Route.SCORES,
                TableEvent.RESTART: Route.RESTART,
                TableEvent.NEW_MATCH: Route.NEW_MATCH,
            }[what]
            stage.open(route)

    def save(self) -> None:
        """Keep the match in play (see :mod:`game.ui.session`); a save that fails (a full
        disk, no permission) is said on the table at once."""
        table, session = self.table, self.stage.session
        if table is None or not table.ctl.kept():  # a lesson or a puzzle is nobody's match
            session.flush()
            return
        failed = session.keep(table.match)
        if failed:
            table.ctl.say(failed)

    def settings_applied(self) -> None:
        """The table follows the settings at once: its pace, its pips and its text size (the
        match kept)."""
        table = self.table
        if table is not None:
            settings = self.stage.services.settings
            table.ctl.computer_pause = settings.computer_pause
            table.recolour(settings.coloured())
            table.resize_chrome(self.stage.services.sizing)


def _ignoring_params(do: Callable[[], None]) -> Callable[[Params | None], None]:
    return lambda _params: do()
