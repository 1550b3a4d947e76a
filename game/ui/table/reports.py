"""What the player asks of the game at a table, reported to the router: no Arcade.

Why a module of its own: the modes' policies (a lesson's, a puzzle's) report too (the
lesson over, the puzzle solved), and they import no screen (:mod:`.tutoring`,
:mod:`.solving`); the router decides what shows next.
"""

from __future__ import annotations

from enum import StrEnum


class TableEvent(StrEnum):
    """What the player asks of the game at the table, reported to the router (which
    decides what shows next; what the match does it hears from :mod:`.events`)."""

    MENU = "menu"  # the player asked for the menu (or the log, the scores, the rules …)
    LOG = "log"
    SCORES = "scores"
    RULES = "rules"
    KEYS = "keys"  # the sheet of every key
    RESTART = "restart"  # … to restart the round (asked first)
    NEW_MATCH = "new match"  # … for a new match (asked first)
    LESSON_OVER = "lesson over"  # a tutorial's round is done (a lesson's table only)
    PUZZLE_SOLVED = "puzzle solved"  # a puzzle's goal is met: keep the mark (a puzzle's only)
