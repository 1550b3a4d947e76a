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
mark, and decides where Puzzles and Next go. All of it is an add-on of the game's
table (:class:`Solving`), the coach's words and the puzzle's rules over the table's.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import _
from game.learn.puzzles import Attempt, Puzzle
from game.rules import Action
from game.ui.services import Game, Navigator, PuzzleId, Route, Services
from game.ui.table.coach import Coach, Coaching
from game.ui.table.events import Played
from game.ui.table.play import PlayView, TableEvent
from game.ui.table.topbar import Tool
from game.ui.table.view import TableView

REPLY_PAUSE = 0.7  # seconds at least before the other seats answer


class PuzzleView(PlayView):
    """One puzzle at the table (see the module docstring).

    Only a name for the composition: the game's table, every hand open, with
    :class:`Solving` as its add-on (what the solving holds, it hands on)."""

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
        attempt = Attempt(puzzle)

        def solving(table: TableView) -> Solving:
            return Solving(table, nav, attempt, name, report, following)

        # every hand face up: the deal is known in full, so nothing is secret
        super().__init__(services, attempt.match, report, [solving], open_hands=True)
        made = self.addons[0]
        assert isinstance(made, Solving)
        self.solving = made
        made.words()
        self.refresh()

    @property
    def puzzle(self) -> Puzzle:
        return self.solving.puzzle

    @property
    def attempt(self) -> Attempt:
        return self.solving.attempt

    @property
    def over(self) -> bool:
        return self.solving.over

    @property
    def coach(self) -> Coach:
        """The words over the table and what glows."""
        return self.solving.coach


class Solving(Coaching):
    """The coach's words and glow (:class:`~game.ui.table.coach.Coaching`), and the
    puzzle's rules over the table's: every move judged as played, the other seats'
    refutations, Try again, Solution, Next, no menu, no new match (and, the game's
    table given only this add-on, no round summary: the round is judged)."""

    def __init__(
        self,
        table: TableView,
        nav: Navigator,
        attempt: Attempt,
        name: str,
        report: Callable[[TableEvent], None],
        following: Puzzle | None,
    ) -> None:
        super().__init__(table)
        self.nav = nav
        self.attempt = attempt
        self.puzzle = attempt.puzzle
        self.name = name
        self.report = report
        self.following = following
        self.verdict = ""
        self._told = False
        table.events.listen(Played, self.played)

    @property
    def over(self) -> bool:
        return self.attempt.solved or self.attempt.failed

    # -- moves ----------------------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        return not self.over

    def played(self, played: Played) -> None:
        self.attempt.follow(played.before, played.action)
        self._judge()

    def lets_play(self) -> bool:
        return not self.over

    def moves_others(self, dt: float) -> bool:
        """The other seats answer with a refutation when one exists, after a breath."""
        table = self.table
        if self.over or table.paused or self.attempt.players_turn:
            return True
        table.idle += dt
        if table.idle < max(table.computer_pause, REPLY_PAUSE) or len(table.tweens):
            return True
        reply = self.attempt.reply()
        if reply is not None:
            table.commit(reply)
        return True

    def renews(self) -> bool:
        return False  # not over a puzzle: Try again is its restart

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
        self.words()
        self.table.sync_preview()

    def again(self) -> None:
        """The puzzle from its position again (the table glides back)."""
        table = self.table
        self.attempt = Attempt(self.puzzle)
        table.match = self.attempt.match
        self.verdict = ""
        table.ctl.computers.stop()
        table.news.clear()
        self.words()
        table.refresh()

    def solution(self) -> None:
        """Back to the start, the first winning move previewed for the player to confirm."""
        self.again()
        move = self.attempt.hint()
        if move is not None:
            table = self.table
            table.preview.choose(move)
            table.message = _("A way to solve it: confirm this move, then keep going")
            table.sync_preview()

    def hint(self) -> bool:
        """Hint: a move that still forces the goal, if there is one."""
        table = self.table
        move = self.attempt.hint()
        if move is None:
            table.message = _("No move forces the goal from here: try again")
        else:
            table.preview.choose(move)
            table.message = _("This move still forces the goal")
        table.sync_preview()
        return True

    def next(self) -> None:
        if self.following is not None:
            self.nav.open(Route.PUZZLE, PuzzleId(self.following.id))
        else:
            self.back_to_list()

    def back_to_list(self) -> None:
        self.nav.open(Route.PUZZLES, Game(self.puzzle.rules))

    def tools(self) -> list[Tool]:
        return [
            ("again", _("Try again"), self.again),
            ("solution", _("Solution"), self.solution),
            ("next", _("Next"), self.next),
            ("puzzles", _("Puzzles"), self.back_to_list),
        ]

    def key(self, symbol: int, modifiers: int) -> bool:
        """No new match nor restart over a puzzle (Try again is its restart); Enter once
        it is over: the next puzzle, or again; Esc or M: back to the list (a puzzle has no
        menu of its own; Esc over a preview cancels it, as at any table)."""
        k = arcade.key
        table = self.table
        if modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            return symbol in (k.N, k.R)
        if self.over and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.next() if self.attempt.solved else self.again()
            return True
        p = table.preview
        previewing = p.selected is not None or p.chosen is not None
        if symbol == k.M or (symbol == k.ESCAPE and not previewing and table.replay is None):
            self.back_to_list()
            return True
        return False

    def words(self) -> None:
        goal = self.puzzle.text()
        head = _("Puzzle {name}").format(name=self.name)
        if self.over:
            more = _("Enter: next puzzle") if self.attempt.solved else _("Enter: try again")
            self.say(head, goal, f"{self.verdict} {more}")
        else:
            self.say(head, goal, self.verdict)
