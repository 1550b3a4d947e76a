"""History: the finished matches kept (date, game, players, winner) and each player's record.

Why two pages of one screen: the list is what a player opens (a match to
replay, or to export as a file for another machine), the statistics are what
they read (per game, per human name or seat: played, won, the average final
total, which is a penalty where the lowest wins). The list is paged rather
than scrolled so every row is a pair of real buttons for touch and Tab alike.
An entry that cannot be read was set aside by the history itself; its one
line shows at the foot and every other match is still listed.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from game.files import BadFile, write_json
from game.history import Entry, Tally, statistics
from game.i18n import _, ngettext, right_to_left
from game.rules import create, listed, rule_class
from game.rules.presets import load_preset
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, Recorded, Route
from game.ui.screens.setup import preset_text
from game.ui.services import Services
from game.ui.theme import BAR, DIM, GOLD, STRIPE, TEXT, WARN
from game.ui.widgets.kit import Box, Button, Label, Screen, label_weights, legible, row
from game.ui.widgets.marks import Marks
from game.ui.widgets.text import elide, text_height, text_width
from game.ui.words.names import NOBODY, Roster, points, seat_name, seated_as, seats_name
from game.ui.words.script import isolated

ROWS = 8  # matches a page, at most
WINNER = 3  # the list's column of the winners (after the date, the game, the players)
MARKS = 4  # winners' marks shown at most in a row (partners, a shared win)


def export_folder() -> Path:
    """Where an exported record is written (beside the history, in the data folder)."""
    from game.saves import data_dir

    return data_dir() / "exports"


def export_name(entry: Entry) -> str:
    """The exported file's name: the registry's own name of the game and a stamp of digits.

    Nothing of it is the record's own text (a record may say ``"../../x"``): the rule set
    is looked up in the registry, and the stamp keeps only the letters and digits of the
    entry's file name (the moment it finished), else the moment of the export.
    """
    rules = rule_class(entry.rules).name
    stamp = "".join(c for c in Path(entry.file).stem if c.isascii() and (c.isalnum() or c == "-"))
    if not stamp:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"boneyard-{rules}-{stamp[:40]}.json"


def players_text(entry: Entry) -> str:
    """Who sat where: names where given, else how many people and computers."""
    named = [isolated(n, right_to_left()) for n in entry.names if n]
    if named:
        return ", ".join(named)
    people = sum(1 for s in entry.seats if s.startswith("human"))
    seats = ngettext("{n} seat", "{n} seats", entry.players).format(n=entry.players)
    here = ngettext("{n} person at the device", "{n} people at the device", people)
    return f"{seats} · {here.format(n=people)}"


def winner_text(entry: Entry) -> str:
    if not entry.winner:
        return _("no winner")
    named = [entry.names[s - 1] for s in entry.winner]
    if all(named):
        return ", ".join(isolated(n, right_to_left()) for n in named if n)
    with seated_as(Roster(entry.names)):  # that match's players, not the table's now
        return seats_name(entry.winner)


def when_text(entry: Entry) -> str:
    """The moment the match ended, in the player's own time zone."""
    try:
        moment = datetime.strptime(entry.finished, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return entry.finished
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def who_text(tally: Tally) -> str:
    player = tally.player
    if player.name:
        return player.name
    kind = _("computer") if player.kind == "computer" else _("human")
    with seated_as(NOBODY):  # a seat across many matches: its number, nobody's name
        return f"{seat_name(player.seat or 0)} ({kind})"


class HistoryView(Screen):
    """The list of finished matches (Replay, Export) or the statistics per game."""

    background = BAR

    def __init__(
        self, nav: Navigator, services: Services, page: str = "matches", start: int = 0
    ) -> None:
        super().__init__(nav, services)
        history = services.store.history
        self.entries = history.entries()
        self.note = history.note
        history.note = ""
        self.page = page
        self.start = start
        self.per_page = ROWS  # as many as the window holds (fewer where rows take two lines)

    def back(self) -> None:
        self.nav.back()

    def show(self, page: str, start: int = 0) -> None:
        self.page, self.start = page, max(0, start)
        self.changed()

    def replay(self, entry: Entry) -> None:
        record = self._record(entry)
        if record is not None:
            self.nav.open(Route.REPLAY, Recorded(record))

    def export(self, entry: Entry) -> None:
        """Write the match's record to a file of its own (a record replays anywhere)."""
        record = self._record(entry)
        if record is None:
            return
        path = export_folder() / export_name(entry)
        try:
            write_json(path, record, path.name)
        except BadFile as error:
            self.note = _("The record could not be written ({reason})").format(reason=error.reason)
        else:
            self.note = _("Exported to {path}").format(path=str(path))
        self.changed()

    def _record(self, entry: Entry) -> dict[str, Any] | None:
        """The entry's record, read only now; None when its file is gone or bad (said, and
        the list read again without it)."""
        history = self.services.store.history
        record = history.record(entry)
        if record is None:
            self.entries = history.entries()
            self.note, history.note = history.note, ""
            self.changed()
        return record

    def build(self, width: int, height: int) -> None:
        u, k = self.unit, self.touch
        pad = 28 * u
        pages = (("matches", _("Matches")), ("stats", _("Statistics")))
        top = self.add_header(_("History"), pages, self.page, self.show, 17 * u)
        body = Rect(pad, 100 * u, width - pad, top - 16 * u)
        if not self.entries:
            self.add(
                Label(body, _("No finished match yet: play one to the end."), 20 * u, DIM, "center")
            )
        elif self.page == "stats":
            self._statistics(body, u)
        else:
            self._matches(body, u, k)
        if self.note:
            self.add(
                Label(Rect(pad, 64 * u, width - pad, 94 * u), self.note, 14 * u, WARN, wrap=True)
            )
        self.add_back(self.back, 36 * u)

    def _matches(self, body: Rect, u: float, k: float) -> None:
        """One row a match: its date, game, players and winner, then Replay and Export.

        Each column is as wide as its widest words need (words never shrink under the
        theme's smallest size), with a share of what is left over. Where the four do not
        fit one line (a small window, the longer languages, names at a table of four), a
        row takes two: the game over its date, the winner over its players (the lesser
        words dimmed); a row is then taller and a page holds fewer."""
        size = legible(15 * u)
        # a kiosk offers no Export: the file would stay on the kiosk, not go with the visitor
        actions = [("replay", _("Replay"), self.replay, "primary")]
        if not self.services.kiosk:
            actions.append(("export", _("Export"), self.export, "normal"))
        labels = [label for _key, label, _do, _style in actions]
        buttons_w = max(130 * len(actions) * u, sum(label_weights(labels, 16 * u)) + 8 * u)
        width = body.width - buttons_w - 22 * u
        heads = (_("Finished"), _("Game"), _("Players"), _("Winner"))
        texts = [
            (when_text(e), preset_text(e.rules, "title"), players_text(e), winner_text(e))
            for e in self.entries
        ]
        need = [
            max(text_width(text, size, True) for text in column) + 12 * u
            for column in zip(heads, *texts, strict=True)
        ]
        most = max(len(e.winner[:MARKS]) for e in self.entries)
        need[WINNER] += most * 30 * u + (4 * u if most else 0)  # the winners' marks
        # a row's height (its buttons a finger high), and the pager's
        one_line = max(min(56 * u, body.height / (ROWS + 1.6)), self.least + 10 * u)
        if sum(need) <= width:
            columns = [[0], [1], [2], [3]]  # a line each: date, game, players, winner
            rh = one_line
        else:
            columns = [[1, 0], [3, 2]]  # the game over its date, the winner over its players
            rh = max(2.3 * text_height(size) + 6 * u, one_line)
        self.per_page = max(1, min(ROWS, int((body.height - 0.9 * one_line) / rh) - 1))
        shown = self.entries[self.start : self.start + self.per_page]
        spans = _spans([max(need[c] for c in group) for group in columns], width)
        lines = len(columns[0])
        head_rect = Rect(body.x0, body.y1 - rh, body.x1, body.y1)
        for group, (x0, x1) in zip(columns, spans, strict=True):
            for at, c in enumerate(group):
                cell = _line(head_rect, lines, at, body.x0 + 12 * u + x0, body.x0 + 12 * u + x1)
                self.add(Label(cell, elide(heads[c], size, cell.width), size, DIM, bold=True))
        marks = Marks()  # the winners', drawn over the rows
        for i, entry in enumerate(shown):
            y1 = body.y1 - (i + 1) * rh
            r = Rect(body.x0, y1 - rh + 4 * u, body.x1, y1)
            self.add(Box(r, STRIPE))
            row_texts = texts[self.start + i]
            for group, (x0, x1) in zip(columns, spans, strict=True):
                for at, c in enumerate(group):
                    cell = _line(r, lines, at, body.x0 + 12 * u + x0, body.x0 + 12 * u + x1)
                    if c == WINNER:  # the winners' marks before their names
                        cell = self._marks(marks, entry, cell)
                    text = elide(row_texts[c], size, cell.width, False)
                    self.add(Label(cell, text, size, DIM if at else TEXT))
            n = self.start + i
            button_h = max(min(r.height - 10 * u, 46 * k), self.least)
            buttons = row(
                Rect(
                    r.x1 - buttons_w,
                    r.centre[1] - button_h / 2,
                    r.x1 - 6 * u,
                    r.centre[1] + button_h / 2,
                ),
                len(actions),
                8 * u,
            )
            for box, (key, label, do, style) in zip(buttons, actions, strict=True):
                self.add(
                    Button(box, label, partial(do, entry), style, key=f"{key}:{n}", size=15 * k)
                )
        self.add(marks)
        pages = Rect(body.x0, body.y0, body.x1, body.y0 + one_line * 0.9)
        newer, where, older = row(
            Rect(pages.centre[0] - 330 * u, pages.y0, pages.centre[0] + 330 * u, pages.y1),
            3,
            10 * u,
        )
        last = min(len(self.entries), self.start + self.per_page)
        self.add(
            Label(
                where,
                _("{a}–{b} of {n}").format(a=self.start + 1, b=last, n=len(self.entries)),
                14 * u,
                DIM,
                "center",
            )
        )
        self.add(
            Button(
                newer,
                _("Newer"),
                (lambda: self.show("matches", self.start - self.per_page)) if self.start else None,
                key="newer",
                size=15 * u,
            )
        )
        self.add(
            Button(
                older,
                _("Older"),
                (lambda: self.show("matches", self.start + self.per_page))
                if last < len(self.entries)
                else None,
                key="older",
                size=15 * u,
            )
        )

    def _marks(self, marks: Marks, entry: Entry, cell: Rect) -> Rect:
        """The marks of ``entry``'s winners (as that match named its seats) at the start of
        ``cell``, into ``marks``; what is left of the cell for their names."""
        across = min(cell.height * 0.8, 26 * self.unit)
        x, y = cell.x0, cell.centre[1]
        with seated_as(Roster(entry.names)):
            for seat in entry.winner[:MARKS]:
                marks.add(Rect(x, y - across / 2, x + across, y + across / 2), seat)
                x += across + 4 * self.unit
        return Rect(x + 4 * self.unit if entry.winner else x, cell.y0, cell.x1, cell.y1)

    def _statistics(self, body: Rect, u: float) -> None:
        """Per game: one line per player (played, won, the average final total)."""
        stats = statistics(self.entries)  # the entries listed already: no second read
        lines: list[tuple[str, list[str], bool]] = []
        order = listed()  # the one order of the games
        for rules in sorted(stats, key=lambda r: order.index(r) if r in order else len(order)):
            tallies = stats[rules]
            average = _("average penalty") if _lowest_wins(rules) else _("average points")
            lines.append((preset_text(rules, "title"), [_("played"), _("won"), average], True))
            for tally in sorted(tallies, key=lambda x: (-x.won, -x.played)):
                lines.append(
                    (
                        who_text(tally),
                        [str(tally.played), str(tally.won), points(round(tally.average, 1))],
                        False,
                    )
                )
        size = legible(15 * u)
        gap = 12 * u
        # the numbers' columns as wide as their widest words (the headings are the
        # longest: "penalidade média"), the names' column the rest
        need = [
            max(text_width(cells[c], size, True) for _, cells, _ in lines) + gap for c in range(3)
        ]
        numbers = max(sum(need), body.width * 0.54)
        spans = _spans(need, numbers)
        left = body.x1 - gap - numbers
        rh = max(min(34 * u, body.height / max(1, len(lines))), text_height(size) + 4 * u)
        for i, (first, cells, head) in enumerate(lines[: int(body.height // rh)]):
            y1 = body.y1 - i * rh
            r = Rect(body.x0, y1 - rh, body.x1, y1)
            if head:
                self.add(Box(r, STRIPE))
            colour = GOLD if head else TEXT
            name = Rect(r.x0 + gap, r.y0, left, r.y1)
            self.add(Label(name, elide(first, size, name.width, head), size, colour, bold=head))
            for (x0, x1), text in zip(spans, cells, strict=True):
                cell = Rect(left + x0 + gap, r.y0, left + x1, r.y1)
                self.add(Label(cell, text, size, colour, "right", head))


def _spans(need: list[float], width: float) -> list[tuple[float, float]]:
    """Each column's left and right within ``width``: as wide as it ``need``s and an even
    share of what is left (where they need more than there is, each its share of it)."""
    total = sum(need)
    if total > width:  # more than there is: each its share, its words cut short
        need = [n * width / total for n in need]
    spare = max(0.0, width - total) / len(need)
    edges = [0.0]
    for n in need:
        edges.append(edges[-1] + n + spare)
    return list(zip(edges, edges[1:], strict=False))


def _line(r: Rect, lines: int, at: int, x0: float, x1: float) -> Rect:
    """Line ``at`` (0 the top) of ``lines`` in row ``r``, from ``x0`` to ``x1``."""
    step = r.height / lines
    top = r.y1 - at * step
    return Rect(x0, top - step, x1, top)


def _lowest_wins(rules: str) -> bool:
    """Whether the game's lowest total wins (its averages are then penalties)."""
    low, _high = load_preset(rules).seats
    return create(rules, players=low).lowest_wins
