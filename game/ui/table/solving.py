"""A puzzle's rules over the table's (:class:`Solving`): a policy of the table's flow.

Why apart from the puzzle's screen (:mod:`.puzzle`): what a puzzle decides — every move
judged as played, the other seats' refutations, Try again, Solution, Next — is the
flow's, tested without a window; its words go out as events for the coach
(:mod:`.coach`) to show.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.learn.puzzles import Attempt, Puzzle
from game.rules import Action
from game.ui.routes import Game, Navigator, PuzzleId, Route
from game.ui.table.controller import Policy, TableController
from game.ui.table.events import Coached, Played
from game.ui.table.reports import TableEvent

REPLY_PAUSE = 0.7  # seconds at least before the other seats answer


class Solving(Policy):
    """The puzzle's rules over the table's: every move judged as played, the other seats'
    refutations, Try again, Solution, Next, no new match; its words published
    (:class:`~.events.Coached`) for the coach to show. A policy of the controller's, with
    no screen of its own."""

    def __init__(
        self,
        table: TableController,
        nav: Navigator,
        attempt: Attempt,
        name: str,
        report: Callable[[TableEvent], None],
        following: Puzzle | None,
    ) -> None:
        self.table = table
        self.nav = nav
        self.attempt = attempt
        self.puzzle = attempt.puzzle
        self.name = name
        self.report = report
        self.following = following
        self.verdict = ""
        self.said: Coached | None = None  # the words over the table now
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
        if table.idle < max(table.computer_pause, REPLY_PAUSE) or not table.screen.settled():
            return True
        reply = self.attempt.reply()
        if reply is not None:
            table.commit(reply)
        return True

    def renews(self) -> bool:
        return False  # not over a puzzle: Try again is its restart

    def kept(self) -> bool:
        return False  # not the player's match: neither saved nor kept in the history

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
        self.table.screen.show_preview()

    def again(self) -> None:
        """The puzzle from its position again (the table glides back)."""
        table = self.table
        self.attempt = Attempt(self.puzzle)
        table.match = self.attempt.match
        self.verdict = ""
        table.computers.stop()
        table.screen.forget_news()
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
            table.screen.show_preview()

    def hint(self) -> bool:
        """Hint: a move that still forces the goal, if there is one."""
        table = self.table
        move = self.attempt.hint()
        if move is None:
            table.message = _("No move forces the goal from here: try again")
        else:
            table.preview.choose(move)
            table.message = _("This move still forces the goal")
        table.screen.show_preview()
        return True

    def next(self) -> None:
        if self.following is not None:
            self.nav.open(Route.PUZZLE, PuzzleId(self.following.id))
        else:
            self.back_to_list()

    def back_to_list(self) -> None:
        self.nav.open(Route.PUZZLES, Game(self.puzzle.rules))

    def words(self) -> None:
        goal = self.puzzle.text()
        head = _("Puzzle {name}").format(name=self.name)
        if self.over:
            more = _("Enter: next puzzle") if self.attempt.solved else _("Enter: try again")
            self.said = Coached(head, goal, f"{self.verdict} {more}")
        else:
            self.said = Coached(head, goal, self.verdict)
        self.table.events.publish(self.said)
