"""A lesson's rules over the table's (:class:`Tutoring`): a policy of the table's flow, no Arcade.

Why apart from the lesson's screen (:mod:`.lesson`): what a lesson decides — each move
judged against the step, the script's replies, Show me, no new match, its end told —
is the flow's, tested without a window; its words go out as events for the coach
(:mod:`.coach`) to show.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.learn.tutorials import Lesson
from game.rules import Action
from game.ui.table.controller import Policy, TableController
from game.ui.table.events import Coached, Played
from game.ui.table.reports import TableEvent
from game.ui.words.wording import lesson_reason

REPLY_PAUSE = 0.7  # seconds at least before a scripted reply, so the learner sees it come


class Tutoring(Policy):
    """The lesson's rules over the table's: each move judged against the step, the
    script's replies, Show me, no new match, the lesson's end told; its words published
    (:class:`~.events.Coached`) for the coach to show. A policy of the controller's
    (:class:`~.controller.Policy`), with no screen of its own."""

    def __init__(
        self, table: TableController, lesson: Lesson, report: Callable[[TableEvent], None]
    ) -> None:
        self.table = table
        self.lesson = lesson
        self.report = report
        self.why = ""  # why the last confirmed move was not taken
        self.said: Coached | None = None  # the words over the table now
        self._over_told = False
        self._landed_for = 0.0  # seconds the lesson's last tile has lain in its place
        table.events.listen(Played, lambda _played: self.words())

    # -- the lesson's rules over the table's ------------------------------------------------

    def allows(self, action: Action) -> bool:
        """The learner's move is judged against the step first; replies go straight on."""
        table = self.table
        if self.lesson.step is not None and table.state.to_move == table.viewer:
            verdict = self.lesson.judge(action)
            if not verdict.accepted:
                self.why = lesson_reason(verdict, table.viewer)
                table.refresh()  # the preview starts again; the board is as it was
                self.words()
                return False
        if self.why:
            self.why = ""
            self.words()
        return True

    def lets_play(self) -> bool:
        return not self.lesson.done

    def draws_singly(self) -> bool:
        return True  # its steps say "draw again": each draw is a step of its own

    def hint(self) -> bool:
        """Show me: the step's move as a preview, to confirm like any other."""
        table = self.table
        step = self.lesson.step
        if step is None or not table.human_turn():
            return True
        action = table.match.ruleset.parse_action(table.state, step.expect)
        table.preview.choose(action)
        table.message = _("Shown: confirm it to play it")
        table.screen.show_preview()
        return True

    def renews(self) -> bool:
        return False  # not over a lesson: its script is for this deal

    def kept(self) -> bool:
        return False  # not the player's match: neither saved nor kept in the history

    def moves_others(self, dt: float) -> bool:
        """The computer seats play the script's replies, after a breath."""
        table = self.table
        reply = self.lesson.reply()
        if reply is None or table.paused:
            return True
        table.idle += dt
        if table.idle < max(table.computer_pause, REPLY_PAUSE) or not table.screen.settled():
            return True
        table.commit(reply)
        return True

    def update(self, dt: float) -> None:
        """Once the lesson is done, its end is told when the last tile has landed and lain
        there a breath (the learner sees the move that ended it, not the end cutting in)."""
        if not self.lesson.done or self._over_told:
            return
        if not self.table.screen.settled():
            self._landed_for = 0.0
            return
        self._landed_for += dt
        if self._landed_for >= REPLY_PAUSE:
            self._over_told = True
            self.report(TableEvent.LESSON_OVER)

    def halts(self) -> bool:
        return self._over_told  # the lesson's end shows: the table goes no further

    # -- words ---------------------------------------------------------------------------

    def words(self) -> None:
        """The step's words over the table (the others reply: the last step's stay up)."""
        lesson = self.lesson
        step = lesson.step
        if step is None:
            return
        self.said = Coached(
            _("Step {n} of {total}").format(n=step.number, total=len(lesson.tutorial.steps)),
            step.text(),
            self.why,
            step.tiles,
            step.targets,
        )
        self.table.events.publish(self.said)
