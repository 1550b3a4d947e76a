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
from game.ui.routes import Navigator
from game.ui.services import Services
from game.ui.table.coach import Coaching
from game.ui.table.controller import TableController
from game.ui.table.play import game_table
from game.ui.table.reports import TableEvent
from game.ui.table.solving import Solving
from game.ui.table.view import TableView


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
