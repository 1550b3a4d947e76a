"""The score sheet: the whole match round by round, and a chart of the running totals.

Mexican Train at ten seats, on the round summary (its "Scores" page), the
scores panel and the match end: 13 rows whatever has been played, a line per
seat in the chart, and a legend whose names never overlap at 1280x720.
"""

from __future__ import annotations

import random
from pathlib import Path

import around_helpers as h

from game.i18n import set_language
from game.match import Match
from game.settings import Settings
from game.ui.board.geometry import Rect
from game.ui.routes import Route
from game.ui.screens.sheet import running_totals, sheet_rows
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.theme import MIN_TEXT, SEAT_COLOURS
from game.ui.widgets.chart import LineChart, Series
from game.ui.widgets.text import text_width


def _played(rounds: int | None) -> Match:
    seats = ["human"] + ["computer"] * 9
    match = Match.create("mexican_train", 10, seats=seats, seed=5)
    pick = random.Random(5)
    while not match.state.over and (rounds is None or len(match.state.results) < rounds):
        match.play(pick.choice(match.legal()))
    return match


def _chart(view) -> LineChart:
    view.ensure()
    return next(w for w in view.widgets if isinstance(w, LineChart))


def _legible(chart: LineChart) -> None:
    assert len(chart.series) == 10
    ys = sorted(y for _, y in chart.legend())
    assert all(b - a >= chart.size * 1.2 for a, b in zip(ys, ys[1:], strict=False))  # no overlap
    r = chart.rect
    for series in chart.series:
        for x, y in chart.points(series):
            assert r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1


def test_the_rows_cover_all_thirteen_rounds_and_the_lines_run_through_every_round() -> None:
    match = _played(4)
    header, rows = sheet_rows(match.state, match.ruleset)
    assert len(header) == 11 and [r[0] for r in rows[:13]] == [str(n) for n in range(1, 14)]
    assert rows[4][1:] == ["–"] * 10 and rows[-1][0] == "Total"
    totals = running_totals(match.state, match.ruleset)
    for seat, series in enumerate(totals):
        assert len(series.values) == 4
        assert series.values[-1] == sum(r.gained[seat] for r in match.state.results)


def test_the_summary_shows_the_sheet_by_tap_and_the_match_end_draws_it(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    match = _played(3)
    shell.begin(match)
    shell.open(Route.SUMMARY)
    assert isinstance(shell.current, RoundSummaryView)
    h.press(shell, "sheet")
    texts = shell.current.texts()
    assert "13" in texts and "Total" in texts and "Running totals" in texts
    _legible(_chart(shell.current))
    h.draw()
    h.press(shell, "hands")
    assert "Running totals" not in shell.current.texts()
    finished = _played(None)
    shell.begin(finished)
    shell.open(Route.SUMMARY)
    h.press(shell, "next")
    assert isinstance(shell.current, MatchEndView)
    chart = _chart(shell.current)
    _legible(chart)
    assert all(len(s.values) == 13 for s in chart.series)
    h.draw()


def test_right_to_left_the_chart_changes_sides_with_its_lines(tmp_path: Path) -> None:
    """Arabic mirrors the match end: the chart's box goes left and its lines go with it
    (they were drawn where the box had been, over the score table)."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language="ar")
    try:
        shell = h.make_shell(tmp_path, settings=settings)
        shell.begin(_played(None))
        shell.open(Route.SUMMARY)
        h.press(shell, "next")
        chart = _chart(shell.current)
        assert chart.rect.x1 < h.WIDTH / 2  # the table reads first, from the right
        _legible(chart)
        assert chart.rect.x0 <= chart.plot.x0 < chart.plot.x1 <= chart.rect.x1
    finally:
        set_language("en")


def test_a_legend_name_never_runs_past_the_charts_box() -> None:
    """Partners' names in the box a 1024x600 match end gives the chart: each legend line
    ends inside the box, whole where it fits (it ran 30 px past the box's edge)."""
    h.window()  # the fonts measure in a GL context
    names = ["You and Seat 3", "Seats 2 and 4", "Aminata, Bartholomew and Chidinma"]
    series = [Series(n, SEAT_COLOURS[k], (10.0 * k, 20.0)) for k, n in enumerate(names)]
    chart = LineChart(Rect(578, 90, 992, 390), series, 2, size=MIN_TEXT)
    x = chart.rect.x1 - chart.legend_w + chart.size * 1.8
    for s in series:
        shown = chart.label(s)
        assert x + text_width(shown, chart.size, True) <= chart.rect.x1
    assert [chart.label(s) for s in series[:2]] == names[:2]  # the partners' names whole
    assert chart.label(series[2]).endswith("…")
    assert (
        chart.plot.x1 - chart.plot.x0 >= chart.rect.width * 0.4
    )  # the plot as wide as the legend at least
