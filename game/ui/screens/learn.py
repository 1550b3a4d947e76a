"""Learn to play: pick a game, and its guided first round starts on the table.

Why a list of the six games and nothing more: a newcomer needs one obvious
way in. Each button names the game and the tutorial's own title; a tutorial
file that does not read is one line under the list (naming the file and the
step) and the other games are still offered (issue 18: a malformed tutorial
costs only itself).
"""

from __future__ import annotations

from game.i18n import _
from game.learn.table import say
from game.learn.tutorials import load_all
from game.ui.board.geometry import Rect
from game.ui.services import Navigator, Route, Services, Tutorial
from game.ui.theme import BAR, DIM, GOLD, WARN
from game.ui.widgets.kit import Button, Label, Screen, centred, column


class LearnView(Screen):
    """The games with a tutorial, one button each; Esc goes back to the title."""

    background = BAR

    def __init__(self, nav: Navigator, services: Services) -> None:
        super().__init__(nav, services)
        self.tutorials, self.problems = load_all()

    def back(self) -> None:
        self.nav.home()

    def build(self, width: int, height: int) -> None:
        u, k = self.unit, self.touch
        cx = width / 2
        self.add(
            Label(
                centred(cx, height - 56 * u, width, 50 * u),
                _("Learn to play"),
                34 * u,
                GOLD,
                "center",
                True,
            )
        )
        self.add(
            Label(
                centred(cx, height - 106 * u, width - 80 * u, 30 * u),
                _("A short guided round on the real table: read, tap the lit tile, confirm."),
                16 * u,
                DIM,
                "center",
            )
        )
        names = list(self.tutorials)
        w = min(620 * u, width - 40 * u)
        bh, gap = self.finger(56 * k), 10 * k
        top = height - 146 * u
        back = self.finger(50 * k)
        floor = max(44 * u, back / 2 + 4) + back / 2 + 12 * u  # Back, a gap
        if names and top - len(names) * (bh + gap) < floor:  # a kiosk's big buttons: closer
            gap = 6 * u
            bh = max(self.least, (top - floor - gap * (len(names) - 1)) / len(names))
        rects = column(top, cx - w / 2, cx + w / 2, [bh] * len(names), gap)
        for name, r in zip(names, rects, strict=True):
            label = say(self.tutorials[name].title)
            self.add(
                Button(
                    r,
                    label,
                    self.go(Route.LESSON, Tutorial(name)),
                    key=f"learn:{name}",
                    size=18 * k,
                )
            )
        y = (rects[-1].y0 if rects else height - 140 * u) - 16 * u
        for line in self.problems:
            self.add(
                Label(Rect(30 * u, y - 40 * u, width - 30 * u, y), line, 13 * u, WARN, wrap=True)
            )
            y -= 44 * u
        self.add_back(self.back, 44 * u)
