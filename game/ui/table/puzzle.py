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
history (its policy's ``kept`` is False). The router hears PUZZLE_SOLVED once, to
keep the mark, and decides where Puzzles and Next go. The puzzle's rules over the
table's are a policy of its flow (:class:`Solving`, no window); the coach's box and
glow, its buttons and keys are the parts it adds to the screen (:class:`PuzzleParts`);
:func:`puzzle_table` assembles them.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import _
from game.learn.puzzles import Attempt, Puzzle
from game.rules import Action
from game.ui.services import Game, Navigator, PuzzleId, Route, Services
from game.ui.table.coach import Coaching
from game.ui.table.controller import Policy, TableController
from game.ui.table.events import Coached, Played
from game.ui.table.play import TableEvent, game_table
from game.ui.table.view import TableView

REPLY_PAUSE = 0.7  # seconds at least before the other seats answer


def puzzle_table(
    services: Services,
    nav: Navigator,
    puzzle: Puzzle,
    name: str,
    report: Callable[[TableEvent], None],
    following: Puzzle | None = None,
) -> TableView:
    """One puzzle at the table (see the module docstring): the game's table, every hand
    open, with :class:`Solving` as its policy and :class:`PuzzleParts` on screen (and,
    given only these, no round summary: the round is judged). ``name``: as the list
    calls it; ``following``: the puzzle Next opens (None: the list)."""
    attempt = Attempt(puzzle)
    table = TableController(attempt.match, services.settings.computer_pause)
    solving = Solving(table, nav, attempt, name, report, following)
    table.policies = [solving]
    # every hand face up: the deal is known in full, so nothing is secret
    tools = [
        ("again", _("Try again"), solving.again),
        ("solution", _("Solution"), solving.solution),
        ("next", _("Next"), solving.next),
        ("puzzles", _("Puzzles"), solving.back_to_list),
    ]
    parts = [lambda view: PuzzleParts(view, solving)]
    view = game_table(services, table, report, parts, tools, open_hands=True, whole_board=True)
    solving.words()  # the goal, now that the coach listens
    view.refresh()
    return view


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


class PuzzleParts(Coaching):
    """What a puzzle adds to the screen: the coach's box and glow
    (:class:`~game.ui.table.coach.Coaching`), and the keys of its tools (Try again,
    Solution, Next and Puzzles: no menu of its own)."""

    def __init__(self, view: TableView, solving: Solving) -> None:
        super().__init__(view)
        self.solving = solving

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """No new match nor restart over a puzzle (Try again is its restart); Enter once
        it is over: the next puzzle, or again; Esc or M: back to the list (a puzzle has no
        menu of its own; Esc over a preview cancels it, as at any table)."""
        k = arcade.key
        solving, table = self.solving, self.table
        if modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            return symbol in (k.N, k.R)
        if solving.over and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            solving.next() if solving.attempt.solved else solving.again()
            return True
        p = table.preview
        previewing = p.selected is not None or p.chosen is not None
        if symbol == k.M or (symbol == k.ESCAPE and not previewing and table.replay is None):
            solving.back_to_list()
            return True
        return False
