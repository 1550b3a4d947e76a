"""A tutorial on the table: the ordinary table, guided by a :class:`~game.learn.tutorials.Lesson`.

Why the ordinary table: a newcomer learns the very screen they will play on,
with the same preview-then-confirm path (F-04, L-19, MT-21, C-17). What the
lesson adds is small: the step's words and the glow on its tiles and places
(:mod:`coach`); a confirmed move that is not the step's is not played but
explained (the rules' own reason, or the step's gentle words); the computer
seats play the script's replies; and when the round is over, the router is
told the lesson is over (the table never shows another screen itself).

A lesson is nobody's match in progress: nothing of it is saved for Resume or
kept in the history (``kept`` is False), and a new match cannot be started
over it (the script would no longer fit the deal).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import _
from game.learn.tutorials import Lesson
from game.rules import Action
from game.ui.services import Services
from game.ui.table.coach import Coach, Coaching
from game.ui.table.play import PlayView, TableEvent
from game.ui.table.topbar import Tool
from game.ui.words.wording import lesson_reason

REPLY_PAUSE = 0.7  # seconds at least before a scripted reply, so the learner sees it come


class LessonView(PlayView):
    """One tutorial at the table; ``report`` hears LESSON_OVER when its round is done."""

    kept = False  # not the player's match: neither saved nor kept in the history

    def __init__(
        self, services: Services, lesson: Lesson, report: Callable[[TableEvent], None]
    ) -> None:
        self.lesson = lesson
        self.why = ""  # why the last confirmed move was not taken
        self._over_told = False
        super().__init__(services, lesson.match, report, addons=[Coaching])
        coaching = self.addons[0]
        assert isinstance(coaching, Coaching)
        self.coaching = coaching
        self._coach()

    @property
    def coach(self) -> Coach:
        """The words over the table and what glows (the coaching add-on's)."""
        return self.coaching.coach

    # -- the lesson's rules over the table's ------------------------------------------------

    def commit(self, action: Action) -> bool:
        """The learner's move is judged against the step first; replies go straight on."""
        if self.lesson.step is not None and self.state.to_move == self.viewer:
            verdict = self.lesson.judge(action)
            if not verdict.accepted:
                self.why = lesson_reason(verdict, self.viewer)
                self.refresh()  # the preview starts again; the board is as it was
                self._coach()
                return False
        self.why = ""
        done = super().commit(action)
        self._coach()
        return done

    def human_turn(self) -> bool:
        return not self.lesson.done and super().human_turn()

    def ask_hint(self) -> None:
        """Show me: the step's move as a preview, to confirm like any other."""
        step = self.lesson.step
        if step is None or not self.human_turn():
            return
        action = self.match.ruleset.parse_action(self.state, step.expect)
        self.preview.choose(action)
        self.message = _("Shown: confirm it to play it")
        self.sync_preview()

    def extra_tools(self) -> list[Tool]:
        return [("hint", _("Show me"), self.ask_hint), ("menu", _("Menu"), self.open_menu)]

    def new_match(self) -> None:
        """Not over a lesson: its script is for this deal."""

    def _run_computer(self, dt: float) -> None:
        """The computer seats play the script's replies, after a breath."""
        reply = self.lesson.reply()
        if reply is None or self.paused:
            self.computer = None
            return
        self.idle += dt
        if self.idle < max(self.computer_pause, REPLY_PAUSE) or len(self.tweens):
            return
        self.commit(reply)

    def on_update(self, delta_time: float) -> None:
        if self.lesson.done:
            if not self._over_told:
                self._over_told = True
                self.report(TableEvent.LESSON_OVER)
            return
        super().on_update(delta_time)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        k = arcade.key
        if modifiers & (k.MOD_CTRL | k.MOD_COMMAND) and symbol == k.N:
            return  # no new match over a lesson
        super().on_key_press(symbol, modifiers)

    # -- words ---------------------------------------------------------------------------

    def _coach(self) -> None:
        lesson = self.lesson
        steps = len(lesson.tutorial.steps)
        step = lesson.step
        if step is None:  # the others reply: the last step's words stay up meanwhile
            return
        self.coaching.say(
            _("Step {n} of {total}").format(n=step.number, total=steps),
            step.text(),
            self.why,
            step.tiles,
            step.targets,
        )
