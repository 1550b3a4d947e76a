""" "Why that move?" benchmark: how long a tap on a computer's move takes to show its reasons.

    python -m tools.bench_why [--rules block mexican_train ...] [--size 1920x1080 3840x2160]
                              [--only log news hint] [--json]

For each rule set, a match at its largest table is played by the computers (seat 1 a
person's, played by its first legal move), headless, and three taps are timed, each from
the press until the reasons are drawn, then Back:

* ``log``: to the end of the first round; the log is opened as the game opens it, and
  every computer move of the round is tapped in turn (a real press and release where its
  line shows);
* ``news``: through the first round, each computer's announcement on the felt, tapped
  at its box's centre once the person is to move (the reasons' panel over the table);
* ``hint``: on the person's turns with a choice, Hint (its search run to the end first:
  not timed), then its Why? button pressed.

The figures are the median and the slowest tap, in milliseconds: the target is 200 ms.
The reasons come from the decision's own samples, so no search runs in a tap; what is
timed is the panel's screen building and drawing them.
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
from game.ui.screens.panels import LogView, WhyView  # noqa: E402
from game.ui.table.hints import Hints  # noqa: E402
from game.ui.table.view import TableView  # noqa: E402
from game.ui.widgets.kit import ScrollLines  # noqa: E402
from game.ui.words import narrate  # noqa: E402
from tools.tour import Tour  # noqa: E402

TARGET = 200.0  # milliseconds from the tap to the reasons drawn
TAPS = 12  # taps at most of the news and of the hint, each rule set


def _sit(rules: str, width: int, height: int) -> tuple[Tour, TableView, int]:
    """A match at ``rules``'s largest table, seat 1 a person's, on a fresh headless tour."""
    tour = Tour("en", width, height, Path("."))
    players = load_preset(rules).seats[1]
    seats = ["human"] + ["computer"] * (players - 1)
    tour.shell.begin(Match.create(rules, players, seats=seats, seed=7))
    table = tour.shell.table
    assert table is not None
    return tour, table, players


def _on(tour: Tour, table: TableView) -> None:
    """A frame of the table (shown again over whatever the round's end opened)."""
    tour.frames(1, 0.05)
    if tour.shell.current is not table:
        tour.shell.open(Route.TABLE)


def _timed(tour: Tour, press: tuple[int, int]) -> float:
    """A real tap at ``press``, until the reasons' panel it opens is drawn (ms); Back."""
    start = time.perf_counter()
    deliver(tour.window, "on_mouse_press", *press, arcade.MOUSE_BUTTON_LEFT, 0)
    deliver(tour.window, "on_mouse_release", *press, arcade.MOUSE_BUTTON_LEFT, 0)
    view = tour.shell.current
    assert isinstance(view, WhyView), type(view).__name__
    view.ensure()
    view.on_draw()
    tour.window.ctx.finish()
    spent = 1000 * (time.perf_counter() - start)
    tour.shell.back()
    return spent


def measure_news(rules: str, width: int, height: int) -> list[float]:
    """The taps' times (ms) on the computers' announcements through the first round."""
    tour, table, _players = _sit(rules, width, height)
    ctl = table.ctl
    times: list[float] = []
    tapped: set[int] = set()
    while not ctl.match.state.results and len(times) < TAPS:
        if ctl.human_turn():
            table.on_draw()  # the announcements are placed as the table is drawn
            for _seat, box in sorted(table.news.placed.items()):
                move = table.news.told_at(*box.centre)
                if move is None or move in tapped or ctl.computers.why(move) is None:
                    continue
                if len(times) >= TAPS:
                    break
                tapped.add(move)
                times.append(_timed(tour, (int(box.centre[0]), int(box.centre[1]))))
            ctl.commit(ctl.match.legal()[0])
        _on(tour, table)
    tour.window.close()
    return times


def measure_hint(rules: str, width: int, height: int) -> list[float]:
    """The presses' times (ms) on the hint's Why?, on the person's turns with a choice."""
    tour, table, _players = _sit(rules, width, height)
    ctl = table.ctl
    times: list[float] = []
    hints = next(p for p in ctl.policies if isinstance(p, Hints))
    for _ in range(3000):
        if len(times) >= TAPS or ctl.match.state.winner is not None:
            break
        if ctl.human_turn() and len(ctl.match.legal()) > 1:
            ctl.ask_hint()
            hints.finish()
            table.on_draw()
            why = next(b for b in table.buttons.buttons if b.key == "why")
            times.append(_timed(tour, (int(why.rect.centre[0]), int(why.rect.centre[1]))))
            ctl.cancel()
        if ctl.human_turn():
            ctl.commit(ctl.match.legal()[0])
        _on(tour, table)
    tour.window.close()
    return times


def measure_log(rules: str, width: int, height: int) -> list[float]:
    """The taps' times (ms) on every computer move of ``rules``'s first round in the log."""
    tour, table, _players = _sit(rules, width, height)
    ctl = table.ctl
    while not ctl.match.state.results:
        if ctl.human_turn():
            ctl.commit(ctl.match.legal()[0])
        _on(tour, table)
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
    return times


MEASURES = {"log": measure_log, "news": measure_news, "hint": measure_hint}


def measure(rules: str, width: int, height: int, what: str = "log") -> dict[str, object]:
    """The median and the slowest of ``what``'s taps (see the module) at ``rules``'s largest
    table, in a window ``width`` by ``height``."""
    times = MEASURES[what](rules, width, height)
    return {
        "rules": rules,
        "players": load_preset(rules).seats[1],
        "size": f"{width}x{height}",
        "tap": what,
        "taps": len(times),
        "median_ms": round(statistics.median(times), 1) if times else None,
        "slowest_ms": round(max(times), 1) if times else None,
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
    parser.add_argument("--size", nargs="+", default=["1920x1080"])
    parser.add_argument("--only", nargs="+", default=list(MEASURES), choices=list(MEASURES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for size in args.size:
        width, height = (int(x) for x in size.split("x"))
        for what in args.only:
            for rules in args.rules:
                found = measure(rules, width, height, what)
                if args.json:
                    print(json.dumps(found), flush=True)
                    continue
                print(
                    f"{size:9} {what:4} {rules:14} {found['players']:2} seats: {found['taps']} "
                    f"taps, median {found['median_ms']} ms, slowest {found['slowest_ms']} ms "
                    f"(target {TARGET:.0f})",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
