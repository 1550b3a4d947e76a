"""Puzzles: the positions of each game family, with a mark on those solved.

Why by family: the line games (Block, Draw, All Fives, Cuban) share their
kind of position, Longana and Mexican Train have their own, so a player picks
a family and sees its puzzles in order, each with its goal in words and a
check mark once solved (the progress kept in the user's data folder). A puzzle
file that does not read is one line at the foot; the others are still listed.
"""

from __future__ import annotations

from game.i18n import _
from game.learn.progress import PuzzleProgress
from game.learn.puzzles import Puzzle, load_all
from game.rules import listed, rule_class
from game.ui.board.families import parts, tables
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, PuzzleId, Route
from game.ui.screens.setup import preset_text
from game.ui.services import Services
from game.ui.theme import BAR, TEXT, WARN
from game.ui.widgets.kit import Button, Label, Screen, legible
from game.ui.widgets.text import text_height, text_width, wrap

FAMILIES = tables()  # the tabs, in order: "line", "branches", "trains"


def family_of(rules: str) -> str:
    """A game's family: the kind of table its rule family draws (All Fives' spinner is still
    a line)."""
    return parts(rule_class(rules)).name


def members(family: str) -> list[str]:
    """The games of a family, as the menus list them."""
    return [rules for rules in listed() if family_of(rules) == family]


def family_name(family: str) -> str:
    """A tab's name: the line games together, or the one game a family holds."""
    if family == "line":
        return _("Line games")
    return " / ".join(preset_text(rules, "title") for rules in members(family))


def puzzle_name(puzzle: Puzzle, number: int) -> str:
    """A puzzle as the list and its table name it: its game and its place there ("Block 1")."""
    return f"{preset_text(puzzle.rules, 'title')} {number}"


def ordered(puzzles: dict[str, tuple[Puzzle, ...]], family: str) -> list[Puzzle]:
    """A family's puzzles in order: by game as the menus list them, then as in the file."""
    return [p for rules in members(family) for p in puzzles.get(rules, ())]


class PuzzlesView(Screen):
    """A family's puzzles, a button each (solved ones marked ✓); tabs for the families."""

    background = BAR

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        progress: PuzzleProgress,
        rules: str = "block",
    ) -> None:
        super().__init__(nav, services)
        self.progress = progress
        self.puzzles, self.problems = load_all()
        self.family = family_of(rules)
        self.start = 0  # the first puzzle shown, when a family's list needs pages

    def back(self) -> None:
        self.nav.home()

    def pick(self, family: str) -> None:
        self.family = family
        self.start = 0
        self.changed()

    def _turn(self, start: int) -> None:
        self.start = start
        self.changed()

    def build(self, width: int, height: int) -> None:
        u, k = self.unit, self.touch
        pad = 28 * u
        families = [(family, family_name(family)) for family in FAMILIES]
        top = self.add_header(_("Puzzles"), families, self.family, self.pick, 16 * u)
        shown = ordered(self.puzzles, self.family)
        solved = sum(self.progress.is_solved(p.id) for p in shown)
        self.add(
            Label(
                Rect(pad, top - 40 * u, width - pad, top - 10 * u),
                _("{solved} of {n} solved").format(solved=solved, n=len(shown)),
                15 * u,
                TEXT,
            )
        )
        high = self.finger(50 * k)  # Back's, and the pages' arrows beside it
        foot = max(40 * u, high / 2 + 4) + high / 2 + 8 * u
        body = Rect(pad, max(90 * u, foot), width - pad, top - 50 * u)
        cols = 1 if len(shown) <= 8 else 2
        per = -(-len(shown) // cols) if shown else 1
        col_w = (body.width - 20 * u * (cols - 1)) / cols
        # a row as tall as its longest words need, wrapped beside the button (never under
        # the theme's smallest size), if the column has the room
        size = legible(14 * u)
        numbers: dict[str, int] = {}
        labels = []
        for puzzle in shown:
            numbers[puzzle.rules] = numbers.get(puzzle.rules, 0) + 1
            name = puzzle_name(puzzle, numbers[puzzle.rules])
            labels.append(f"✓ {name}" if self.progress.is_solved(puzzle.id) else name)
        fits = body.height / max(1, per)
        widest = max((text_width(label, legible(15 * k), True) for label in labels), default=0)
        button_w = min(max(190 * k, widest + 24), col_w * 0.45)  # a game's long name fits
        least = self.least + 10 * u  # a row whose button is a finger high
        for _narrower in range(2):  # a row too tall for the room: buttons as wide as needed
            room = col_w - button_w - 12 * u
            lines = max((len(wrap(p.text(), room, size)) for p in shown), default=1)
            tall = max(lines * text_height(size) + 4 * u, least)
            rh = min(max(58 * u, tall), fits)
            if tall <= fits:
                break
            need = max(text_width(f"✓ {label}", legible(15 * k), True) for label in labels)
            button_w = min(button_w, need + 24)
        paged = list(zip(shown, labels, strict=True))
        if tall > fits:  # still too tall (Arabic's lines in a small window): pages of rows
            per = max(1, int(body.height // tall))
            rh = body.height / per
            self.start = min(self.start, max(0, len(paged) - 1)) // (per * cols) * (per * cols)
            self.add_pages(self.start, per * cols, len(paged), 40 * u, self._turn)
            paged = paged[self.start : self.start + per * cols]
        for i, (puzzle, label) in enumerate(paged):
            c, r_ = divmod(i, per)
            x0 = body.x0 + c * (col_w + 20 * u)
            y1 = body.y1 - r_ * rh
            done = self.progress.is_solved(puzzle.id)
            button = Rect(x0, y1 - rh + 5 * u, x0 + button_w, y1 - 5 * u)
            words = Rect(button.x1 + 12 * u, y1 - rh, x0 + col_w, y1)
            self.add(
                Button(
                    button,
                    label,
                    self.go(Route.PUZZLE, PuzzleId(puzzle.id)),
                    "selected" if done else "normal",
                    key=f"puzzle:{puzzle.id}",
                    size=15 * k,
                )
            )
            self.add(Label(words, puzzle.text(), size, TEXT, wrap=True))
        y = body.y0
        for line in self.problems + ([self.progress.note] if self.progress.note else []):
            self.add(Label(Rect(pad, y - 30 * u, width - pad, y), line, 13 * u, WARN, wrap=True))
            y -= 30 * u
        self.add_back(self.back, 40 * u)
