""" "Why that move?" benchmark: how long a tap on a computer's move takes to show its reasons.

    python -m tools.bench_why [--rules block mexican_train ...] [--size 1920x1080] [--json]

For each rule set, a match at its largest table is played by the computers (seat 1 a
person's, played by its first legal move) to the end of its first round, headless; the
log is opened as the game opens it, and every computer move of the round is tapped in
turn (a real press and release where its line shows), each time until the reasons are
drawn, then Back. The figure is the slowest tap, and the median, in milliseconds: the
target is 200 ms. The reasons come from the decision's own samples, so no search runs
here; what is timed is the log's screen building and drawing them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from tools.harness import deliver, headless

headless()  # before arcade is first imported

import arcade  # noqa: E402

from game.match import Match  # noqa: E402
from game.rules import names  # noqa: E402
from game.rules.presets import load_preset  # noqa: E402
from game.ui.routes import Route  # noqa: E402
from game.ui.screens.panels import LogView  # noqa: E402
from game.ui.widgets.kit import ScrollLines  # noqa: E402
from game.ui.words import narrate  # noqa: E402
from tools.tour import Tour  # noqa: E402

TARGET = 200.0  # milliseconds from the tap to the reasons drawn


def measure(rules: str, width: int, height: int) -> dict[str, object]:
    """The taps' times (ms) on every computer move of ``rules``'s first round."""
    tour = Tour("en", width, height, Path("."))
    players = load_preset(rules).seats[1]
    seats = ["human"] + ["computer"] * (players - 1)
    tour.shell.begin(Match.create(rules, players, seats=seats, seed=7))
    table = tour.shell.table
    assert table is not None
    ctl = table.ctl
    while not ctl.match.state.results:
        if ctl.human_turn():
            ctl.commit(ctl.match.legal()[0])
        tour.frames(1)
        if tour.shell.current is not table:
            tour.shell.open(Route.TABLE)
    tour.shell.open(Route.LOG)
    view = tour.shell.current
    assert isinstance(view, LogView)
    moves = [m for _t, _s, m in narrate.log_moves(ctl.match)]
    owners = [None] * len(view.past) + moves
    asked = sorted({m for m in moves if m is not None and ctl.computers.why(m) is not None})
    times = []
    for move in asked:
        view.ensure()
        scroll = next(w for w in view.widgets if isinstance(w, ScrollLines))
        line = owners.index(move)
        point = _where(scroll, line)
        if point is None:
            continue  # scrolled out of sight: the median holds the rest
        start = time.perf_counter()
        deliver(tour.window, "on_mouse_press", *point, arcade.MOUSE_BUTTON_LEFT, 0)
        deliver(tour.window, "on_mouse_release", *point, arcade.MOUSE_BUTTON_LEFT, 0)
        view.ensure()
        view.on_draw()
        tour.window.ctx.finish()
        times.append(1000 * (time.perf_counter() - start))
        assert view.asked == move
        view.asked = None
        view.changed()
    tour.window.close()
    return {
        "rules": rules,
        "players": players,
        "taps": len(times),
        "median_ms": round(statistics.median(times), 1),
        "slowest_ms": round(max(times), 1),
    }


def _where(scroll: ScrollLines, line: int) -> tuple[int, int] | None:
    """A point where ``line`` of the log shows, if it does."""
    x = int(scroll.rect.x0 + 40)
    for y in range(int(scroll.rect.y1) - 4, int(scroll.rect.y0), -3):
        if scroll.line_at(x, y) == line:
            return x, y
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="+", default=names(), choices=names())
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    for rules in args.rules:
        found = measure(rules, width, height)
        if args.json:
            print(json.dumps(found))
        else:
            print(
                f"{rules:14} {found['players']:2} seats: {found['taps']} taps, median "
                f"{found['median_ms']} ms, slowest {found['slowest_ms']} ms (target {TARGET:.0f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
