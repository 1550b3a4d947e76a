"""Idle benchmark: the CPU the game spends while nobody touches it, old way and new.

    python -m tools.bench_idle [--span 10] [--size 1920x1080] [--screen title table] [--json]

Each screen is shown as the game shows it (through the router) and left alone
while pyglet's own event loop runs, as it does in play, for ``--span`` seconds
after it settles: the title, and a Mexican Train table at eight seats waiting
for the player's tap (the computer's moves before it are played first). The
figure is the process's CPU time over that span (Python and the GL
rasteriser's threads), as a share of one core, with the frames drawn.

Each is measured twice in one run, each time in a process of its own: drawing
every frame (the window's ``sleeps`` off: the game before it drew on change)
and drawing on change. The target on change is at most 3 % of a core.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.harness import headless

SETTLE = 20.0  # seconds at most for the table to come to the player's turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--span", type=float, default=10.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument(
        "--screen", nargs="+", choices=("title", "table"), default=["title", "table"]
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", choices=("always", "on-change"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one is not None:  # the child: one screen, one way
        print(json.dumps(_measure(args.screen[0], args.one == "on-change", args.size, args.span)))
        return 0
    results = []
    for screen in args.screen:
        for way in ("always", "on-change"):
            command = [sys.executable, "-m", "tools.bench_idle", "--one", way]
            command += ["--screen", screen, "--size", args.size, "--span", str(args.span)]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"idle for {args.span:g} s at {args.size} (load average {load:.2f})")
    for r in results:
        print(
            f"  {r['screen']:<6} {r['way']:<10} {r['cpu_percent']:6.1f} % of a core, "
            f"{r['frames_drawn']} frames drawn"
        )
    return 0


def _measure(screen: str, sleeps: bool, size: str, span: float) -> dict[str, object]:
    """Show ``screen``, let it settle, then time ``span`` seconds of pyglet's event loop."""
    headless()
    import pyglet

    from game.match import Match
    from game.saves import Store
    from game.settings import Settings
    from game.ui.router import Shell
    from game.ui.window import Rests, open_game_window

    width, height = (int(v) for v in size.lower().split("x"))
    window = open_game_window(width, height, visible=False)
    window.sleeps = sleeps
    folder = Path(tempfile.mkdtemp(prefix="bench-idle-"))
    settings = Settings(pace="instant", sound=False, deal_animation=False)
    shell = Shell(window, Store(folder), settings, animate=False)
    if screen == "table":
        seats = ["human"] + ["computer"] * 7
        shell.begin(Match.create("mexican_train", 8, seats=seats, seed=3))
    else:
        shell.start()
    began = time.monotonic()
    mark: dict[str, float] = {}  # where the span began: wall clock, CPU, frames drawn
    figures: dict[str, object] = {"screen": screen, "way": "on-change" if sleeps else "always"}

    def settle(dt: float) -> None:
        view = window.current_view
        if not isinstance(view, Rests) or view.at_rest() or time.monotonic() - began > SETTLE:
            pyglet.clock.unschedule(settle)
            pyglet.clock.schedule_once(start, 1.0)  # a second more: the last frames drawn

    def start(dt: float) -> None:
        mark.update(wall=time.monotonic(), cpu=time.process_time(), drawn=window.frames_drawn)
        pyglet.clock.schedule_once(stop, span)

    def stop(dt: float) -> None:
        wall, cpu = time.monotonic() - mark["wall"], time.process_time() - mark["cpu"]
        figures["cpu_percent"] = round(100 * cpu / wall, 2)
        figures["frames_drawn"] = window.frames_drawn - int(mark["drawn"])
        figures["view"] = type(window.current_view).__name__
        pyglet.app.exit()

    pyglet.clock.schedule_interval(settle, 0.25)
    pyglet.app.run(None)
    return figures


if __name__ == "__main__":
    sys.exit(main())
