"""The score sheet: the round-by-round table of the whole match beside a chart of the totals.

Why one module: the round summary (its "Scores" page), the match end and the
Scores panel show the same sheet, under the one name, so it is laid out here once. The table
is :func:`~game.ui.words.narrate.score_table` (one column per side, partners
together); a match of a fixed length (Mexican Train's 13 rounds) lists every
round, the ones still to come left blank. The chart is each side's running
total after every round (:class:`~game.ui.widgets.chart.LineChart`), each side
in the colour its column heading has, so the two read together.
"""

from __future__ import annotations

from typing import Any

from game.i18n import _
from game.rules import RuleSet, State
from game.ui.board.geometry import Rect
from game.ui.theme import DIM, GOLD, MIN_TEXT, STRIPE, TEXT
from game.ui.widgets.chart import LineChart, Series
from game.ui.widgets.kit import Box, Label, Screen, legible
from game.ui.widgets.marks import Marks, words_colour
from game.ui.widgets.text import fit_size, text_height, text_width
from game.ui.words import narrate
from game.ui.words.names import seats_name


def running_totals(state: State, ruleset: RuleSet[Any]) -> list[Series]:
    """Each side's total after every finished round (what the chart draws)."""
    found = []
    for side in narrate.sides(ruleset):
        total, values = 0.0, []
        for result in state.results:
            total += result.gained[side[0] - 1]
            values.append(total)
        found.append(Series(seats_name(side), words_colour(side[0]), tuple(values)))
    return found


def planned_rounds(state: State, ruleset: RuleSet[Any]) -> int:
    """How many rounds the sheet has room for: a fixed-length match's all, else those played."""
    fixed = ruleset.rounds
    played = len(state.results)
    return max(played, fixed) if fixed is not None else max(1, played)


def sheet_rows(state: State, ruleset: RuleSet[Any]) -> tuple[list[str], list[list[str]]]:
    """The table: the header and a row per round (rounds to come blank), the total last."""
    header, rows = narrate.score_table(state, ruleset)
    body, tail = rows[: len(state.results)], rows[len(state.results) :]
    for n in range(len(state.results) + 1, planned_rounds(state, ruleset) + 1):
        body.append([str(n)] + ["–"] * (len(header) - 1))
    return header, body + tail


def add_sheet(screen: Screen, area: Rect, state: State, ruleset: RuleSet[Any], unit: float) -> None:
    """Lay the table and the chart into ``area`` on ``screen`` (side by side, or stacked)."""
    u = unit
    gap = 20 * u
    need_w, need_h = table_needs(state, ruleset, u)
    table_w = max(area.width * 0.56 - gap / 2, need_w)  # the table's words first
    chart_w = area.width - table_w - gap
    if area.width >= area.height * 1.4 and chart_w >= max(260 * u, area.width * 0.25):
        split = area.x0 + table_w + gap / 2
        table = Rect(area.x0, area.y0, split - gap / 2, area.y1)
        chart = Rect(split + gap / 2, area.y0, area.x1, area.y1)
    elif area.height * 0.55 - gap / 2 >= need_h:
        split = area.y0 + area.height * 0.45
        table = Rect(area.x0, split + gap / 2, area.x1, area.y1)
        chart = Rect(area.x0, area.y0, area.x1, split - gap / 2)
    else:  # ten seats in a small window: the table (whose last row has the totals) alone
        add_table(screen, area, state, ruleset, u)
        return
    add_table(screen, table, state, ruleset, u)
    screen.add(
        Label(
            Rect(chart.x0, chart.y1 - 26 * u, chart.x1, chart.y1),
            _("Running totals"),
            15 * u,
            DIM,
            bold=True,
        )
    )
    body = Rect(chart.x0, chart.y0, chart.x1, chart.y1 - 30 * u)
    rounds = planned_rounds(state, ruleset)
    screen.add(LineChart(body, running_totals(state, ruleset), rounds, 13 * u))


PITCH = 1.6  # a row of the table at the least, in font sizes (the letters, Arabic's too)


def table_needs(state: State, ruleset: RuleSet[Any], unit: float) -> tuple[float, float]:
    """How wide and how tall the table must be for its words at the theme's smallest size:
    each column as wide as its widest figure or heading word (a heading breaks between
    its words, onto a second line), each row :data:`PITCH` sizes tall."""
    header, rows = sheet_rows(state, ruleset)
    size = legible(15 * unit)
    first = max(text_width(cells[0], size, True) for cells in [header, *rows]) + 24 * unit
    widest = max(
        max(text_width(word, size, True) for word in head.split()) for head in header[1:] or [""]
    )
    figures = max((text_width(c, size, True) for cells in rows for c in cells[1:]), default=0)
    cols = max(1, len(header) - 1)
    return first + cols * (max(widest, figures) + 18 * unit), (len(rows) + 2) * size * PITCH


def add_table(screen: Screen, area: Rect, state: State, ruleset: RuleSet[Any], unit: float) -> None:
    """The round-by-round table: headings in their sides' colours, the total row in gold."""
    u = unit
    header, rows = sheet_rows(state, ruleset)
    cols = max(1, len(header) - 1)
    # the first column as wide as its widest word ("Round", or "Total": Arabic's is longer)
    widest = max(text_width(cells[0], legible(15 * u), True) for cells in [header, *rows])
    first_w = min(130 * u, area.width * 0.22, widest + 24 * u)
    col_w = (area.width - first_w) / cols
    # a heading too wide for its column breaks onto two lines, in a row twice as tall
    size = legible(15 * u)
    two = any(text_width(head, size, True) > col_w - 10 * u for head in header[1:])
    if two:  # a line of the font's height, and one more line's letters
        head_h = max(
            2 * min(34 * u, area.height / (len(rows) + 2)),
            text_height(size, True) + size * PITCH + 6 * u,
        )
        rh = min(34 * u, (area.height - head_h) / len(rows))
    else:
        head_h = rh = min(34 * u, area.height / (len(rows) + 1))
    # rows too short for a line of words at the least size, or for words as large as the
    # Text size's 100 % gives them: the screen grows less (see Screen in the kit), so a
    # larger Text size never draws the sheet's words smaller
    screen.crowded |= rh < text_height(MIN_TEXT) or min(15 * u, rh * 0.5) < 15 * screen.fit
    winners = set(state.winner or ())
    marks = Marks()  # the sides' marks by their headings, drawn over the rows
    groups = narrate.sides(ruleset)
    for i, cells in enumerate([header, *rows]):
        y1 = area.y1 - (i and head_h + (i - 1) * rh)
        r = Rect(area.x0, y1 - (head_h if i == 0 else rh), area.x1, y1)
        if i % 2 == 0:
            screen.add(Box(r, STRIPE))
        last = i == len(rows)
        bold = i == 0 or last
        size = legible(min(15 * u, rh * 0.5))
        screen.add(
            Label(
                Rect(r.x0 + 8 * u, r.y0, r.x0 + first_w, r.y1),
                cells[0],
                fit_size(cells[0], size, first_w - 10 * u, bold),
                GOLD if bold else TEXT,
                bold=bold,
            )
        )
        for c, text in enumerate(cells[1:]):
            x0 = r.x0 + first_w + c * col_w
            colour = words_colour(groups[c][0]) if i == 0 else TEXT
            if last:
                colour = GOLD if set(groups[c]) & winners or not winners else TEXT
            cell = Rect(x0, r.y0, x0 + col_w - 8 * u, r.y1)
            if i == 0 and two:  # a heading on two lines, from its row's top
                screen.add(Label(cell, text, size, colour, "right", bold, wrap=True))
                continue
            room = col_w - 10 * u
            if i == 0:  # the side's marks before its heading, where they leave it room
                across = min(rh * 0.7, 22 * u)
                lead = len(groups[c]) * (across + 4 * u)
                if text_width(text, MIN_TEXT, bold) <= room - lead:
                    room -= lead
                    fitted = fit_size(text, size, room, bold)
                    x = cell.x1 - text_width(text, fitted, bold) - lead
                    for seat in groups[c]:
                        y = r.centre[1]
                        marks.add(Rect(x, y - across / 2, x + across, y + across / 2), seat)
                        x += across + 4 * u
            screen.add(Label(cell, text, fit_size(text, size, room, bold), colour, "right", bold))
    screen.add(marks)
