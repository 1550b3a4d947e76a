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
from game.ui.routes import Navigator, Route, Tutorial
from game.ui.services import Services
from game.ui.theme import BAR, DIM, GOLD, WARN
from game.ui.widgets.kit import Button, Label, Screen, centred, column, legible
from game.ui.widgets.text import text_height, wrap


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
        line = _("A short guided round on the real table: read, tap the lit tile, confirm.")
        size = legible(16 * u)  # as many lines as it wraps to at the player's Text size
        tall = len(wrap(line, width - 80 * u, size)) * text_height(size) + 4 * u
        self.add(
            Label(
                Rect(40 * u, height - 90 * u - tall, width - 40 * u, height - 90 * u),
                line,
                size,
                DIM,
                "center",
                wrap=True,
            )
        )
        names = list(self.tutorials)
        bh, gap = self.finger(56 * k, 18 * k), 10 * k
        top = height - 100 * u - tall
        back = self.finger(50 * k)
        floor = max(44 * u, back / 2 + 4) + back / 2 + 12 * u  # Back, a gap
        # one column of the games; two where one would run into Back (a kiosk's big
        # buttons, large words), their rows closer still if need be
        cols = 1 if top - len(names) * (bh + gap) >= floor else 2
        per = -(-len(names) // cols)
        if names and top - per * (bh + gap) < floor:
            gap = 6 * u
            bh = self.finger((top - floor - gap * (per - 1)) / per, 18 * k)
        w = min(620 * u, (width - 40 * u - 16 * u * (cols - 1)) / cols)
        left = cx - (cols * w + 16 * u * (cols - 1)) / 2
        rects = [
            r
            for c in range(cols)
            for r in column(
                top, left + c * (w + 16 * u), left + c * (w + 16 * u) + w, [bh] * per, gap
            )
        ]
        for name, r in zip(names, rects, strict=False):
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
        y = (rects[per - 1].y0 if rects else top) - 16 * u  # under the first column
        for line in self.problems:
            self.add(
                Label(Rect(30 * u, y - 40 * u, width - 30 * u, y), line, 13 * u, WARN, wrap=True)
            )
            y -= 44 * u
        self.add_back(self.back, 44 * u)
