"""A puzzle on the table: a position, its goal over the board, every move judged as played.

Why the ordinary table: a puzzle is a position of a real game, played by the
same preview-then-confirm path. What it adds: the goal in the coach's box,
every hand face up (the deal is known in full, so nothing is secret), the
other seats answering with a refutation when one exists
(:meth:`~game.learn.puzzles.Attempt.reply`), and after every move the verdict:
solved, or not this time (the turns are spent, or the round ended short of
the goal). Then Try again, Show a solution (the first winning move, previewed
from the start for the player to confirm) or the next puzzle.

A puzzle is nobody's match in progress: nothing of it is saved or kept in the
history (``kept`` is False). The router hears PUZZLE_SOLVED once, to keep the
mark, and decides where Puzzles and Next go.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import _
from game.learn.puzzles import Attempt, Puzzle
from game.rules import Action
from game.ui.services import Game, Navigator, PuzzleId, Route, Services
from game.ui.table.coach import Coach, Coaching
from game.ui.table.play import PlayView, TableEvent
from game.ui.table.topbar import Tool

REPLY_PAUSE = 0.7  # seconds at least before the other seats answer


class PuzzleView(PlayView):
    """One puzzle at the table (see the module docstring)."""

    kept = False

    def __init__(
        self,
        services: Services,
        nav: Navigator,
        puzzle: Puzzle,
        name: str,
        report: Callable[[TableEvent], None],
        following: Puzzle | None = None,
    ) -> None:
        """``name``: as the list calls it; ``following``: the puzzle Next opens (None: the list)."""
        self.nav = nav
        self.puzzle = puzzle
        self.name = name
        self.following = following
        self.attempt = Attempt(puzzle)
        self.verdict = ""
        self._told = False
        # every hand face up: the deal is known in full, so nothing is secret
        super().__init__(services, self.attempt.match, report, [Coaching], open_hands=True)
        coaching = self.addons[0]
        assert isinstance(coaching, Coaching)
        self.coaching = coaching
        self._coach()
        self.refresh()

    @property
    def coach(self) -> Coach:
        """The words over the table and what glows (the coaching add-on's)."""
        return self.coaching.coach

    @property
    def over(self) -> bool:
        return self.attempt.solved or self.attempt.failed

    # -- moves ----------------------------------------------------------------------------

    def commit(self, action: Action) -> bool:
        before = self.state
        if self.over or not super().commit(action):
            return False
        self.attempt.follow(before, action)
        self._judge()
        return True

    def human_turn(self) -> bool:
        return not self.over and super().human_turn()

    def _run_computer(self, dt: float) -> None:
        """The other seats answer with a refutation when one exists, after a breath."""
        if self.over or self.paused or self.attempt.players_turn:
            self.computer = None
            return
        self.idle += dt
        if self.idle < max(self.computer_pause, REPLY_PAUSE) or len(self.tweens):
            return
        reply = self.attempt.reply()
        if reply is not None:
            self.commit(reply)

    def on_update(self, delta_time: float) -> None:
        if self.pending_summary:  # the round ended: judged already, no summary for a puzzle
            self.summarised = len(self.state.results)
        super().on_update(delta_time)

    # -- the verdict and what follows -----------------------------------------------------

    def _judge(self) -> None:
        if self.attempt.solved:
            self.verdict = _("Solved!")
            if not self._told:
                self._told = True
                self.report(TableEvent.PUZZLE_SOLVED)
        elif self.attempt.failed:
            self.verdict = _("Not this time: the goal can no longer be met. Try again?")
        else:
            self.verdict = ""
        self._coach()
        self.sync_preview()

    def again(self) -> None:
        """The puzzle from its position again (the table glides back)."""
        self.attempt = Attempt(self.puzzle)
        self.match = self.attempt.match
        self.summarised = len(self.match.state.results)
        self.verdict = ""
        self.computer = None
        self.news.clear()
        self._coach()
        self.refresh()

    def solution(self) -> None:
        """Back to the start, the first winning move previewed for the player to confirm."""
        self.again()
        move = self.attempt.hint()
        if move is not None:
            self.preview.choose(move)
            self.message = _("A way to solve it: confirm this move, then keep going")
            self.sync_preview()

    def ask_hint(self) -> None:
        """Hint: a move that still forces the goal, if there is one."""
        move = self.attempt.hint()
        if move is None:
            self.message = _("No move forces the goal from here: try again")
            self.sync_preview()
            return
        self.preview.choose(move)
        self.message = _("This move still forces the goal")
        self.sync_preview()

    def next(self) -> None:
        if self.following is not None:
            self.nav.open(Route.PUZZLE, PuzzleId(self.following.id))
        else:
            self.nav.open(Route.PUZZLES, Game(self.puzzle.rules))

    def extra_tools(self) -> list[Tool]:
        return [
            ("again", _("Try again"), self.again),
            ("solution", _("Solution"), self.solution),
            ("next", _("Next"), self.next),
            ("puzzles", _("Puzzles"), self.back_to_list),
        ]

    def back_to_list(self) -> None:
        self.nav.open(Route.PUZZLES, Game(self.puzzle.rules))

    def open_menu(self) -> None:
        """Esc or M: back to the list (a puzzle has no menu of its own)."""
        self.back_to_list()

    def new_match(self) -> None:
        """Not over a puzzle."""

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        k = arcade.key
        if modifiers & (k.MOD_CTRL | k.MOD_COMMAND) and symbol in (k.N, k.R):
            return  # no new match nor restart over a puzzle: Try again is its restart
        if self.over and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.next() if self.attempt.solved else self.again()
            return
        super().on_key_press(symbol, modifiers)

    def _coach(self) -> None:
        goal = self.puzzle.text()
        head = _("Puzzle {name}").format(name=self.name)
        if self.over:
            more = _("Enter: next puzzle") if self.attempt.solved else _("Enter: try again")
            self.coaching.say(head, goal, f"{self.verdict} {more}")
        else:
            self.coaching.say(head, goal, self.verdict)
