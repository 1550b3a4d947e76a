"""A tutorial on the table: the ordinary table, guided by a :class:`~game.learn.tutorials.Lesson`.

Why the ordinary table: a newcomer learns the very screen they will play on,
with the same preview-then-confirm path (every move confirmed). What the
lesson adds is small: the step's words and the glow on its tiles and places
(:mod:`coach`); a confirmed move that is not the step's is not played but
explained (the rules' own reason, or the step's gentle words); the computer
seats play the script's replies; and when the round is over, the router is
told the lesson is over (the table never shows another screen itself). The
lesson's rules over the table's are a policy of its flow (:class:`Tutoring`, no
window); the coach's box and glow, Show me and the keys are the parts it adds to
the screen (:class:`LessonParts`); :func:`lesson_table` assembles them.

A lesson is nobody's match in progress: nothing of it is saved for Resume or
kept in the history (its policy's ``kept`` is False), and a new match cannot be
started over it (the script would no longer fit the deal).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import _
from game.learn.tutorials import Lesson
from game.ui.services import Services
from game.ui.table.coach import Coaching
from game.ui.table.controller import TableController
from game.ui.table.play import game_table, menu_tool
from game.ui.table.reports import TableEvent
from game.ui.table.tutoring import Tutoring
from game.ui.table.view import TableView


def lesson_table(
    services: Services, lesson: Lesson, report: Callable[[TableEvent], None]
) -> TableView:
    """One tutorial at the table; ``report`` hears LESSON_OVER when its round is done: the
    game's table with :class:`Tutoring` as its policy and :class:`LessonParts` on screen."""
    table = TableController(lesson.match, services.settings.computer_pause)
    tutoring = Tutoring(table, lesson, report)
    table.policies = [tutoring]
    parts = [LessonParts]
    tools = [("hint", _("Show me"), tutoring.hint), menu_tool(report)]
    view = game_table(services, table, report, parts, tools, whole_board=True)
    tutoring.words()  # the first step's, now that the coach listens
    return view


class LessonParts(Coaching):
    """What a lesson adds to the screen: the coach's box and glow
    (:class:`~game.ui.table.coach.Coaching`), and no new match by its key (Show me is
    among its table's tools)."""

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        return bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND)) and symbol == k.N  # no new match
