"""Frame-time benchmark: a full 10-seat Mexican Train table at 1920x1080, headless.

    python -m tools.bench_frames [--frames 600] [--size 1920x1080] [--screen table] [--json]
        [--versus DIR [--rounds N]]

Deals a 10-seat match, plays seeded random moves up to round 1's fullest
table, then renders ``--frames`` frames the way
the game does — update, draw, and wait for the GPU (``ctx.finish``) — while
the table keeps moving: every half second a hand tile is selected or put
back (lit places appear), every two seconds the camera zooms in or out
(tiles glide, texture levels change). Prints the median, p99 and worst
frame times (ms); the target is p99 <= 16.7 ms. Software GL shares the CPU
with everything else running, so the load average is printed too, and the
CPU time the process spent per frame (a figure that does not depend on
what else runs).

``--screen title`` or ``--screen setup`` times that screen instead, as the
game shows it (through the router), while the keyboard focus moves every
half second and the screen is built again every two; their target is under
8 ms a frame. Neither screen rebuilds on a clock: the title when it shows
again, is resized or a kiosk's visitor picks a language, the setup on every
choice. So the setup's rebuild is a choice (seat 2's level, one word
changed), the title's one as it shows again (no word changed).

``--versus DIR`` measures another checkout too (the code before a change), turn about, in
one run (:mod:`tools.bench_versus`): frames drawn one after the other on one machine are
slowed alike by whatever else it runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from tools.bench_versus import strip, versus
from tools.harness import headless

headless()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--screen", choices=("table", "title", "setup"), default="table")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--versus", type=Path, default=None, help="also measure this other checkout, turn about"
    )
    parser.add_argument("--rounds", type=int, default=2, help="turns each with --versus")
    args = parser.parse_args(argv)
    if args.versus is not None:
        every = sys.argv[1:] if argv is None else argv
        print(json.dumps(versus("tools.bench_frames", strip(every), args.versus, args.rounds)))
        return 0
    width, height = (int(v) for v in args.size.lower().split("x"))

    if args.screen == "table":
        from tools.harness import open_window, table

        window = open_window(width, height)
        view = table(window, "mexican_train", 10, seed=args.seed, computer_pause=3600)
        _fill_table(view)
        stir = _stir
        target, shown = 16.7, {"tiles_on_table": len(view.layout.tiles)}
    else:
        window, view = _screen(args.screen, width, height)
        stir = _stir_screen
        target, shown = 8.0, {"screen": args.screen}
    ctx = window.ctx
    times: list[float] = []
    dt = 1 / 60
    cpu = 0.0
    for frame in range(args.frames + 30):
        start, start_cpu = time.perf_counter(), time.process_time()
        stir(view, frame)
        view.on_update(dt)
        view.on_draw()
        ctx.finish()
        if frame >= 30:  # the first frames warm the texture atlas and the shaders
            times.append(time.perf_counter() - start)
            cpu += time.process_time() - start_cpu
    times.sort()
    ms = [t * 1000 for t in times]
    result = {
        "frames": len(ms),
        "size": f"{width}x{height}",
        **shown,
        "median_ms": round(statistics.median(ms), 2),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "max_ms": round(ms[-1], 2),
        "mean_ms": round(statistics.fmean(ms), 2),
        # CPU time of the whole process (Python plus the GL rasteriser's threads) per
        # frame: what a frame costs whatever else the machine is doing
        "cpu_ms_per_frame": round(cpu * 1000 / len(ms), 2),
        "cpus": os.cpu_count(),
        "target_p99_ms": target,
        "renderer": ctx.info.RENDERER,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>15}: {value}")
    return 0


def _screen(name: str, width: int, height: int):
    """The title or the setup screen as the game opens it, in a window of its own."""
    import tempfile
    from pathlib import Path

    from game.saves import Store
    from game.settings import Settings
    from game.ui.router import Shell
    from game.ui.routes import Route
    from game.ui.window import open_game_window

    window = open_game_window(width, height, visible=False)
    window.dispatch_events()
    folder = tempfile.mkdtemp(prefix="bench-frames-")
    settings = Settings(pace="instant", sound=False, deal_animation=False)
    shell = Shell(window, Store(Path(folder)), settings, animate=False)
    shell.start()
    if name == "setup":
        shell.open(Route.SETUP)
    return window, shell.current


def _stir_screen(view, frame: int) -> None:
    """Keep a screen changing as a player would: the focus moves, a choice rebuilds it."""
    import arcade

    if frame % 30 == 0:
        view.on_key_press(arcade.key.TAB, 0)
    if frame % 120 == 60:
        level = view.button("level2")  # the setup's seat 2, a computer: its level goes round
        if level is not None:
            level.press()
        else:
            view.changed()


def _fill_table(view) -> None:
    """Play seeded random moves through round 1 and stop at its fullest table.

    (Random moves, not the computer players: only the picture matters here,
    and a full table is what costs the most to draw.)
    """
    import random

    match = view.match
    pick = random.Random(0)
    best: list = []
    most = -1
    actions: list = []
    while match.state.round == 1 and match.state.to_move is not None:
        action = pick.choice(match.legal())
        match.play(action)
        actions.append(action)
        placed = len(match.ruleset.placed(match.state))
        if match.state.round == 1 and placed >= most:
            most, best = placed, list(actions)
    match.new_match(match.seed)
    for action in best:
        match.play(action)
    view.refresh()
    view.settle()


def _stir(view, frame: int) -> None:
    """Keep the table moving as a player would: selections, zooms, glides."""
    if frame % 30 == 0:
        tiles = sorted(view.tray.slots)
        if view.preview.selected is None and tiles:
            view.preview.legal = tuple(view.match.legal())
            if not view.preview.select(tiles[frame // 30 % len(tiles)]):
                view.preview.selected = tiles[0]
            view.sync_preview()
        else:
            view.cancel()
    if frame % 120 == 60:
        view.zoom_by(1.25 if frame % 240 == 60 else 0.8)


if __name__ == "__main__":
    sys.exit(main())
