"""The panels: the rules in full, the log of the match, a move's reasons, the scores by
round, and About.

Each is its own view over the paused table, so while one is open the
table gets no frames and no computer moves (every rule card pauses the computer so);
closing it shows the table again, which takes up exactly where it was.
The rules are ours, in plain words, kept as data per language
(``assets/lang/en/rules.toml``) and written from ``docs/rules/*.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import arcade

from game.i18n import N_, _, right_to_left
from game.match import Match
from game.resources import version
from game.rules import RuleSet
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, Route, Tutorial
from game.ui.screens.menu import Overlay
from game.ui.screens.setup import preset_text, rule_sets
from game.ui.screens.sheet import add_sheet
from game.ui.services import Services
from game.ui.theme import DIM, GOLD
from game.ui.widgets.kit import Box, Button, Label, Screen, ScrollLines, label_weights, row
from game.ui.words import names, narrate, why
from game.ui.words.script import isolated
from game.ui.words.wording import rules_line, rules_text, term


class Reasons(Protocol):
    """What the table kept of a computer's move: its seat, and what its search weighed."""

    @property
    def seat(self) -> int: ...
    @property
    def explained(self) -> why.Explained: ...


def rules_lines(name: str) -> list[tuple[str, str]]:
    """A rule set's rules as (text, style) lines in the player's language: each heading
    and point is a message of the catalogue; ``# `` marks a heading, ``- `` a point."""
    lines: list[tuple[str, str]] = []
    for raw in rules_text(name).strip().splitlines():
        mark, words = rules_line(raw)
        text = _(words) if words else ""
        lines.append((text, "h") if mark == "# " else (mark + text, ""))
    return lines


class Panel(Overlay):
    """A sheet over the table with a title, a close button and a body."""

    titles = ("", "")  # the title where rounds are rounds, and where they are hands
    terms: RuleSet[Any] | None = None  # the rule set whose words the title takes (Cuban's hands)

    def sheet(self, width: int, height: int) -> Rect:
        """The panel's sheet, opaque over the whole window: a margin round it would show a
        strip of the paused table, a hand's tiles cut off at the sheet's edge."""
        u = self.unit
        sheet = Rect(0, 0, width, height)
        self.add(Box(sheet))
        high = self.finger(52 * u)  # Close, a finger high
        head = Rect(
            sheet.x0 + 20 * u, sheet.y1 - 12 * u - high, sheet.x1 - 20 * u, sheet.y1 - 12 * u
        )
        self.add(
            Label(
                Rect(head.x0, head.y0, head.x1 - 180 * u, head.y1),
                self.title(),
                26 * u,
                GOLD,
                bold=True,
            )
        )
        self.add(
            Button(
                Rect(head.x1 - 160 * u, head.y0, head.x1, head.y1),
                _("Close"),
                self.back,
                "primary",
                key="close",
                size=18 * u,
            )
        )
        return Rect(sheet.x0 + 20 * u, sheet.y0 + 20 * u, sheet.x1 - 20 * u, head.y0 - 12 * u)

    def title(self) -> str:
        return term(self.terms, *self.titles)

    def draw_under(self) -> None:
        """The background alone: the sheet covers the whole window, so the paused table
        under it (a ten-seat table costs software GL a frame's time) would never show."""
        Screen.draw_under(self)


class RulesView(Panel):
    """Every rule set's rules in full, one tab each, scrollable."""

    titles = (N_("Rules"), N_("Rules"))

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        under: arcade.View | None,
        rules: str | None = None,
    ) -> None:
        super().__init__(nav, services, under)
        self.rules = rules if rules in rule_sets() else rule_sets()[0]
        self.scroll: ScrollLines | None = None

    def pick(self, name: str) -> None:
        self.rules = name
        self.changed()

    def build(self, width: int, height: int) -> None:
        u = self.unit
        body = self.sheet(width, height)
        titles = [preset_text(name, "title") for name in rule_sets()]
        tabs = row(
            Rect(body.x0, body.y1 - self.finger(48 * u), body.x1, body.y1),
            len(titles),
            8 * u,
            label_weights(titles, 16 * u),
        )
        for name, r in zip(rule_sets(), tabs, strict=True):
            style = "selected" if name == self.rules else "normal"
            self.add(
                Button(
                    r,
                    preset_text(name, "title"),
                    partial(self.pick, name),
                    style,
                    key=f"tab:{name}",
                    size=16 * u,
                )
            )
        foot = Rect(body.x0, body.y0, body.x1, body.y0 + self.finger(52 * u))
        learn = _("Learn to play this game")
        self.add(
            Button(
                Rect(
                    foot.x1 - max(360 * u, *label_weights([learn], 17 * u)),
                    foot.y0,
                    foot.x1,
                    foot.y1,
                ),
                learn,
                self.go(Route.LESSON, Tutorial(self.rules)),
                key="learn",
                size=17 * u,
            )
        )
        area = Rect(body.x0, foot.y1 + 10 * u, body.x1, tabs[0].y0 - 12 * u)
        self.scroll = ScrollLines(area, rules_lines(self.rules), 16 * u)
        self.add(self.scroll)


KEY_SHEET = (
    (
        N_("On every screen"),
        (
            N_("Tab, Shift+Tab — the next or the previous button"),
            N_("Arrow keys — move between buttons"),
            N_("Enter or Space — press the button with the blue outline"),
            N_("Esc — back (out of the seed field first)"),
            N_(
                "? — this sheet (again to close it); F1 — help: this sheet here, "
                "the rules at the table"
            ),
            N_("Page Up, Page Down, Home, End — scroll the rules and the log"),
        ),
    ),
    (
        N_("At the table"),
        (
            N_(
                "Tab, Shift+Tab or the arrows — the next or the previous tile you can play, "
                "then Draw, Pass …"
            ),
            N_("Arrow keys — with a tile picked that fits in several places, the next place"),
            N_("Enter or Space — play what is shown (the first press shows it)"),
            N_("Esc or the right button — put it back; with nothing shown, the menu"),
            N_("M — the menu (undo, restart, settings …)"),
            N_("H — a hint"),
            N_("W — why that hint (while it shows)"),
            N_("L — the log"),
            N_("S — the scores"),
            N_("F1 — help: the rules of the game in play (? shows this sheet)"),
            N_("+, - or the wheel — zoom"),
            N_("0 or F — the whole table"),
            N_("R, Shift+R — turn the table"),
            N_("Ctrl+Z — undo"),
            N_("Ctrl+Y or Ctrl+Shift+Z — redo"),
            N_("Ctrl+R — restart the round"),
            N_("Ctrl+N — a new match"),
            N_("Tap or click — pick and play; drag — move the table"),
        ),
    ),
    (N_("While shuffling"), (N_("Any key or a tap — skip the shuffle"),)),
)


def key_lines() -> list[tuple[str, str]]:
    """Every key the game answers to, by where it works (the sheet's lines)."""
    lines: list[tuple[str, str]] = []
    for heading, keys in KEY_SHEET:
        lines += [(_(heading), "h"), *((_(key), "") for key in keys), ("", "")]
    return lines[:-1]


class KeysView(Panel):
    """The sheet of every key (? on any screen; F1, help, too, but at the table F1 opens
    the rules: there the help a player looks for is how the game in play is played)."""

    titles = (N_("Keys"), N_("Keys"))

    def show_keys(self) -> None:
        self.back()  # F1 or ? again closes the sheet

    def build(self, width: int, height: int) -> None:
        body = self.sheet(width, height)
        self.add(ScrollLines(body, key_lines(), 16 * self.unit))


class LogView(Panel):
    """Every action of the match in words, newest at the bottom (scrolled there).

    A computer's move is explained on a tap of its line ("why that move?"): what its search
    weighed, over the log until Back. Its reasons tell of its hand (the moves it could have
    made, the tiles it keeps), so they show only once that move's round is over and every
    hand is shown; before then the tap says so.
    """

    titles = (N_("Log"), N_("Log"))

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        under: arcade.View | None,
        match: Match,
        past: list[tuple[str, str]],
        why: Callable[[int], Reasons | None] | None = None,
    ) -> None:
        """``past``: the log of earlier matches at this table, shown first; ``why``: what
        the computer weighed for the match's move number N, if a computer made it here."""
        super().__init__(nav, services, under)
        self.match, self.past, self.why = match, past, why
        self.terms = match.ruleset
        self.asked: int | None = None  # the move whose reasons show, over the log
        self.offset: float | None = None  # where the log was scrolled to when asked

    def build(self, width: int, height: int) -> None:
        u = self.unit
        body = self.sheet(width, height)
        if self.asked is not None:
            self._reasons(body, self.asked, u)
            return
        moves = narrate.log_moves(self.match)
        lines = [*self.past, *((text, style) for text, style, _move in moves)]
        owners = [None] * len(self.past) + [move for _text, _style, move in moves]
        scroll = ScrollLines(body, lines or [(_("Nothing has happened yet."), "")], 16 * u)
        scroll.scroll(1e9 if self.offset is None else self.offset)
        scroll.tapped = partial(self._ask, scroll, owners)
        self.add(scroll)

    def _ask(self, scroll: ScrollLines, owners: list[int | None], line: int) -> None:
        """A line tapped: its move's reasons, if a computer made it at this table."""
        move = owners[line] if line < len(owners) else None
        if move is None or self.why is None or self.why(move) is None:
            return
        self.asked, self.offset = move, scroll.offset
        self.changed()

    def _told(self) -> None:
        self.asked = None
        self.changed()

    def _reasons(self, body: Rect, move: int, u: float) -> None:
        said = self.why(move) if self.why is not None else None
        if said is None:  # undone since: back to the log
            self.asked = None
            return
        lines = reasons_lines(self.match, said, move)
        add_reasons(self, body, lines, _("Back to the log"), self._told, "log")


def reasons_lines(match: Match, said: Reasons, move: int | None) -> list[str]:
    """What a panel of reasons says (its heading first). ``move`` None: the hint standing,
    of the viewer's own hand, so in full at once. Else a computer's move, the match's move
    number ``move``: its reasons tell of its hand (the moves it could have made, the tiles
    it keeps), so in full only once that move's round is over and every hand is shown;
    before then its heading and when the rest shows."""
    if move is None:
        return why.lines(said.explained, said.seat, None, mine=True)
    if round_over(match, move):
        return why.lines(said.explained, said.seat, None, mine=False)
    later = term(
        match.ruleset,
        N_("{seat}'s reasons show when the round is over: they tell of its hand."),
        N_("{seat}'s reasons show when the hand is over: they tell of its tiles."),
        seat=names.seat_name(said.seat),
    )
    return [why.heading(said.explained.action, said.seat, None, mine=False), later]


def round_over(match: Match, move: int) -> bool:
    """Whether the round of the match's move number ``move`` is over (its hands shown)."""
    history = match.history
    before = len(history[move - 1][2].results) if move else 0
    return len(match.state.results) > before


def add_reasons(
    panel: Panel, body: Rect, lines: list[str], back: str, do: Callable[[], None], key: str
) -> None:
    """The reasons' one layout, the log's and the table's: the ``lines`` (the first a
    heading) in ``body``, scrollable, over a button ``back`` that does ``do``."""
    u = panel.unit
    high = panel.finger(48 * u)
    button = Rect(body.x0, body.y0, body.x0 + 260 * u, body.y0 + high)
    text = Rect(body.x0, button.y1 + 12 * u, body.x1, body.y1)
    panel.add(ScrollLines(text, [(lines[0], "h"), *((line, "") for line in lines[1:])], 17 * u))
    panel.add(Button(button, back, do, "normal", key=key, size=17 * u))


class WhyView(Panel):
    """ "Why that move?" over the table: a computer's move told on the felt (tapped), or
    the hint standing (its Why?), in the log's layout of reasons and by the log's rule
    (:func:`reasons_lines`), until Back; the table waits under it, as under the log."""

    titles = (N_("Why that move?"), N_("Why that move?"))

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        under: arcade.View | None,
        match: Match,
        said: Reasons | None,
        move: int | None,
    ) -> None:
        """``said``: the move's seat and what it weighed (None: gone since, by an undo);
        ``move``: the match's move number, or None for the hint."""
        super().__init__(nav, services, under)
        self.match, self.said, self.move = match, said, move
        self.terms = match.ruleset

    def build(self, width: int, height: int) -> None:
        body = self.sheet(width, height)
        if self.said is not None:
            lines = reasons_lines(self.match, self.said, self.move)
            add_reasons(self, body, lines, _("Back to the table"), self.back, "back")


class ScoresView(Panel):
    """Scores by round, one column per side, the total last."""

    titles = (N_("Scores"), N_("Scores"))  # the name of its button, everywhere

    def __init__(
        self, nav: Navigator, services: Services, under: arcade.View | None, match: Match
    ) -> None:
        super().__init__(nav, services, under)
        self.match = match
        self.terms = match.ruleset

    def build(self, width: int, height: int) -> None:
        u = self.unit
        body = self.sheet(width, height)
        if self.match.ruleset.lowest_wins:
            self.add(
                Label(
                    Rect(body.x0, body.y0, body.x1, body.y0 + 30 * u),
                    _("Mexican Train: pips left are penalties; the lowest total wins."),
                    15 * u,
                    DIM,
                )
            )
            body = Rect(body.x0, body.y0 + 36 * u, body.x1, body.y1)
        add_sheet(self, body, self.match.state, self.match.ruleset, u)


def about_lines() -> list[tuple[str, str]]:
    """What the game is, its version (the one ``boneyard --version`` prints), where it keeps
    a player's things, and what it is made with."""
    from game.saves import config_dir, data_dir, state_dir

    lines = [
        (_("Boneyard {version}").format(version=version()), "h"),
        (
            _(
                "Dominoes for one table: Block, Draw, All Fives, Longana, Mexican Train and "
                "Cuban, each played as its rule card says. The computer sees only what a player "
                "in its seat could see."
            ),
            "",
        ),
        ("", ""),
        (_("Your things"), "h"),
    ]
    rtl = right_to_left()  # a path reads left to right inside an Arabic line
    for where, folder in (
        (_("Settings: {folder}"), config_dir()),
        (_("The match in play: {folder}"), state_dir()),
        (_("Finished matches and puzzles: {folder}"), data_dir()),
    ):
        lines.append(("- " + where.format(folder=isolated(str(folder), rtl)), ""))
    lines += [
        ("", ""),
        (_("Made with"), "h"),
        ("- " + _("Arcade, pyglet, pymunk and numpy, in Python"), ""),
        ("- " + _("Noto Sans Arabic, under the SIL Open Font Licence"), ""),
        ("- " + _("Its sounds, made by the game itself"), ""),
    ]
    return lines


class AboutView(Panel):
    """About the game (off a kiosk): what it is, which version, where a player's things are."""

    titles = (N_("About"), N_("About"))

    def build(self, width: int, height: int) -> None:
        body = self.sheet(width, height)
        self.add(ScrollLines(body, about_lines(), 16 * self.unit))
