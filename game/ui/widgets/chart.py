"""A line chart of running totals by round, drawn with arcade's shapes (no plotting library).

Why its own widget: the round summary, the match end and the scores panel all
show the same chart of each side's running total after every round, so it is
drawn in one place. It takes plain numbers (one series per side, a value per
round) and lays itself out inside its rectangle: axes, a light grid at round
numbers, one polyline with dots per side, and a legend down the right edge,
ordered by the final total so the labels never cross each other at ten seats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import arcade

from game.ui.board.geometry import Rect
from game.ui.theme import DIM, MIN_TEXT, STRIPE, TEXT, WELL, Colour
from game.ui.widgets.kit import Screen, Widget
from game.ui.widgets.text import elide, text_width


@dataclass(frozen=True)
class Series:
    """One side's line: its name, its colour and its running total after each round."""

    name: str
    colour: Colour
    values: tuple[float, ...]


def _total(series: Series, round_number: int) -> float | None:
    """A series' total after ``round_number`` rounds (0 at the start; None: not played)."""
    if round_number == 0:
        return 0.0
    return series.values[round_number - 1] if round_number <= len(series.values) else None


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` grid lines."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return float(m * power)
    return float(10 * power)


class LineChart(Widget):
    """Running totals by round: ``rounds`` columns, one line per series."""

    def __init__(self, rect: Rect, series: Sequence[Series], rounds: int, size: float = 13) -> None:
        super().__init__(rect)
        self.series = tuple(series)
        self.rounds = max(1, rounds)
        self.size = size = max(size, MIN_TEXT)  # as the kit's texts (see kit.legible)
        values = [v for s in self.series for v in s.values] or [0.0]
        low, high = min(0.0, min(values)), max(values)
        self.step = nice_step(high - low)
        self.low = math.floor(low / self.step) * self.step
        self.high = max(self.low + self.step, math.ceil(high / self.step) * self.step)
        names = [s.name for s in self.series] or [""]
        legend_w = max(text_width(n, size, True) for n in names) + size * 2.6
        self.legend_w = min(legend_w, rect.width * 0.4)  # the plot keeps most of the box
        pad = size * 0.8
        self.plot = Rect(
            rect.x0 + text_width(self._tick(self.high), size) + pad * 2,
            rect.y0 + size * 2.6,
            rect.x1 - self.legend_w - pad,
            rect.y1 - pad,
        )

    def mirror(self, width: float) -> None:
        """On a right-to-left screen the chart changes sides whole, its plot with it; inside,
        the rounds still run left to right (a figure, like the table, is not read as words)."""
        before = self.rect.x0
        super().mirror(width)
        dx, p = self.rect.x0 - before, self.plot
        self.plot = Rect(p.x0 + dx, p.y0, p.x1 + dx, p.y1)

    # -- geometry --------------------------------------------------------------------------

    def x_of(self, round_number: float) -> float:
        """Round 0 (the start, every total 0) at the left edge, the last round at the right."""
        p = self.plot
        return p.x0 + p.width * round_number / self.rounds

    def y_of(self, value: float) -> float:
        p = self.plot
        return p.y0 + p.height * (value - self.low) / (self.high - self.low)

    def line_width(self) -> float:
        return max(2.0, self.size * 0.18)

    def points(self, series: Series) -> list[tuple[float, float]]:
        """Where a series' line runs: from 0 at the start through its total after each round.

        Where sides are tied (the same total after a round: the two losers of a round both
        still at 0), their points stand a line's width apart, in the series' order, so that
        no line hides under another.
        """
        index = self.series.index(series)
        at: list[tuple[float, float]] = []
        for i in range(len(series.values) + 1):
            value = series.values[i - 1] if i else 0.0
            tied = [k for k, s in enumerate(self.series) if _total(s, i) == value]
            shift = (tied.index(index) - (len(tied) - 1) / 2) * self.line_width()
            at.append((self.x_of(i), self.y_of(value) + shift))
        return at

    def legend(self) -> list[tuple[Series, float]]:
        """Each series and the height of its legend line: highest total first, evenly spread."""
        ordered = sorted(self.series, key=lambda s: -(s.values[-1] if s.values else 0))
        p = self.plot
        gap = min(self.size * 1.9, p.height / max(1, len(ordered)))
        return [(s, p.y1 - gap * (i + 0.5)) for i, s in enumerate(ordered)]

    def _tick(self, value: float) -> str:
        return f"{value:g}"

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, screen: Screen) -> None:
        r, p = self.rect, self.plot
        arcade.draw_lbwh_rectangle_filled(r.x0, r.y0, r.width, r.height, WELL)
        value = self.low
        while value <= self.high + 1e-9:
            y = self.y_of(value)
            arcade.draw_line(p.x0, y, p.x1, y, STRIPE if value else DIM, 1)
            value += self.step
        for n in range(self.rounds + 1):
            arcade.draw_line(self.x_of(n), p.y0, self.x_of(n), p.y0 - 4, DIM, 1)
        arcade.draw_line(p.x0, p.y0, p.x0, p.y1, DIM, 1)
        dot = max(2.5, self.size * 0.25)
        for series in self.series:
            points = self.points(series)
            if len(points) > 1:
                arcade.draw_line_strip(points, series.colour, self.line_width())
            for x, y in points[1:]:
                arcade.draw_circle_filled(x, y, dot, series.colour)
        swatch = self.size * 0.9
        x = r.x1 - self.legend_w + self.size * 0.4
        for series, y in self.legend():
            arcade.draw_lbwh_rectangle_filled(x, y - swatch / 2, swatch, swatch, series.colour)

    def add_texts(self, screen: Screen) -> None:
        p, size = self.plot, self.size
        value = self.low
        while value <= self.high + 1e-9:
            screen.text(self._tick(value), p.x0 - size * 0.6, self.y_of(value), size, DIM, "right")
            value += self.step
        every = max(1, math.ceil(self.rounds / max(1, p.width / (size * 2.4))))
        for n in range(1, self.rounds + 1):
            if n == self.rounds or (n % every == 0 and self.rounds - n >= every):
                screen.text(str(n), self.x_of(n), p.y0 - size * 1.3, size, DIM, "center")
        x = self.rect.x1 - self.legend_w + size * 1.8
        for series, y in self.legend():
            screen.text(self.label(series), x, y, size, TEXT, "left", "center", True)

    def label(self, series: Series) -> str:
        """A series' name in the legend, shortened at a word when the box has no room for it
        whole (partners' names at a 1024x600 match end), so it never runs past the box."""
        return elide(series.name, self.size, self.legend_w - self.size * 2.2)
