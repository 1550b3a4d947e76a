"""A lesson is over: how the round ended, then the next game's lesson, the list, or play.

Why a screen of its own rather than the round summary: the summary's
"Next round" would deal a round the lesson has no script for. This one says
what the round came to in the summary's own words (the rules' facts,
:func:`~game.ui.words.narrate.scoring_lines`) and offers where to go next.
"""

from __future__ import annotations

from game.i18n import _
from game.learn.tutorials import available
from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, Route, Tutorial
from game.ui.screens.setup import preset_text
from game.ui.services import Services
from game.ui.theme import BAR, DIM, GOLD, TEXT
from game.ui.widgets.kit import Button, Label, Screen, centred, row
from game.ui.words import narrate


class LessonEndView(Screen):
    """ "Lesson over", the round's scoring in words, and Next / Lessons / Main menu."""

    background = BAR

    def __init__(self, nav: Navigator, services: Services, match: Match) -> None:
        super().__init__(nav, services)
        self.match = match
        names = list(available())
        rules = match.ruleset.name
        at = names.index(rules) if rules in names else -1
        self.next = names[(at + 1) % len(names)] if names else None

    def back(self) -> None:
        self.nav.open(Route.LEARN)

    def build(self, width: int, height: int) -> None:
        u, k = self.unit, self.touch
        cx = width / 2
        ruleset = self.match.ruleset
        self.add(
            Label(
                centred(cx, height * 0.82, width, 60 * u),
                _("Lesson over"),
                40 * u,
                GOLD,
                "center",
                True,
            )
        )
        game = preset_text(ruleset.name, "title")
        self.add(
            Label(
                centred(cx, height * 0.72, width, 40 * u),
                _("Well done: you have played a whole round of {game}.").format(game=game),
                20 * u,
                TEXT,
                "center",
            )
        )
        results = self.match.state.results
        lines = narrate.scoring_lines(ruleset, results[0]) if results else []
        y = height * 0.62
        for line in [narrate.how_text(results[0])] + lines if results else []:
            self.add(
                Label(Rect(80 * u, y - 30 * u, width - 80 * u, y), line, 17 * u, DIM, "center")
            )
            y -= 32 * u
        items = []
        if self.next is not None:
            label = _("Next: {game}").format(game=preset_text(self.next, "title"))
            items.append(("next", label, self.go(Route.LESSON, Tutorial(self.next)), "primary"))
        items += [
            ("lessons", _("Learn to play"), self.back, "normal"),
            ("title", _("Main menu"), self.nav.home, "quiet"),
        ]
        bar = centred(cx, 70 * u, min(900 * u, width - 40 * u), 58 * k)
        for (key, label, fn, style), r in zip(items, row(bar, len(items), 14 * u), strict=True):
            self.add(Button(r, label, fn, style, key=key, size=18 * k))
