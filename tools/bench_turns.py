"""Computer-turn benchmark: how long a computer turn takes on screen, every rule set.

    python -m tools.bench_turns [--turns 12] [--size 1280x720] [--rules R ...] [--json]

For each rule set at its largest table (every seat a computer at its default
level, the default pace), runs the table headless with a frame clock: each
frame is updated with the real time since the last one, drawn, and waited
for (``ctx.finish``), then the loop sleeps to the next 1/60 s as a vsynced
display would. A computer turn is timed from the previous move on the table
to this one: the breath of the pace, the thinking and the glide of the move
before it. Prints, per rule set, the median and worst turn, the median and
worst thinking alone (from the first slice to the decision), and the worst
frame while thinking (the screen must never freeze), and the CPU time the
process spent per turn (which depends less on what else runs). The target is
a turn of at most 1 s. Run it with ``nice``: other work on the machine slows it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from tools.harness import headless

headless()

TARGET_S = 1.0
FRAME = 1 / 60


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12, help="computer turns timed per rule set")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--rules", nargs="*", help="rule sets (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    from game.rules import names
    from game.rules.presets import load_preset
    from tools.harness import open_window

    window = open_window(width, height)
    results = []
    for rules in args.rules or sorted(names()):
        players = load_preset(rules).seats[1]
        results.append(_bench(window, rules, players, args.seed, args.turns))
    if args.json:
        print(json.dumps({"size": f"{width}x{height}", "results": results}))
    else:
        print(f"size {width}x{height}, load average {os.getloadavg()[0]:.2f}, target {TARGET_S} s")
        for r in results:
            print(
                f"{r['rules']:>14} x{r['players']:<2}  turn median {r['turn_median_s']:.2f} s"
                f"  max {r['turn_max_s']:.2f} s  |  thinking median {r['think_median_s']:.2f} s"
                f"  max {r['think_max_s']:.2f} s  |  worst frame {r['worst_frame_ms']:.0f} ms"
                f"  |  CPU a turn {r['turn_cpu_median_s']:.2f} s"
                f"  ({r['turns']} turns)"
            )
    return 0


def _bench(window, rules: str, players: int, seed: int, turns: int) -> dict:
    import arcade

    from game.settings import Settings
    from tools.harness import table

    view = table(
        window,
        rules,
        players,
        seed=seed,
        seats=["computer"] * players,
        computer_pause=Settings().computer_pause,
        ai_seed=seed,  # the same decisions run after run: old and new code compare
    )
    ctx = window.ctx
    turn_times: list[float] = []
    turn_cpu: list[float] = []
    think_times: list[float] = []
    worst_frame = 0.0
    moves = len(view.match.actions)
    last = turn_start = time.perf_counter()
    cpu_start = time.process_time()
    think_start: float | None = None
    decided: float | None = None  # when the thinking ended (the move then waits to be shown)
    deadline = last + 60.0 * turns  # bounded, whatever happens
    while len(turn_times) < turns and time.perf_counter() < deadline:
        if view.state.to_move is None:
            break
        start = time.perf_counter()
        view.on_update(start - last)
        last = start
        view.on_draw()
        ctx.finish()
        now = time.perf_counter()
        if think_start is None and view.ctl.computers.turn is not None:
            think_start = start
        if think_start is not None and decided is None:
            worst_frame = max(worst_frame, now - start)
            if view.ctl.computers.turn is not None and view.ctl.computers.turn.action is not None:
                decided = now
        if len(view.match.actions) != moves:
            moves = len(view.match.actions)
            turn_times.append(now - turn_start)
            turn_cpu.append(time.process_time() - cpu_start)
            cpu_start = time.process_time()
            if think_start is not None:
                think_times.append((decided or now) - think_start)
            turn_start, think_start, decided = now, None, None
        time.sleep(max(0.0, FRAME - (time.perf_counter() - start)))
    window.show_view(arcade.View())  # this table gets no more frames
    return {
        "rules": rules,
        "players": players,
        "turns": len(turn_times),
        "turn_median_s": round(statistics.median(turn_times), 3) if turn_times else None,
        "turn_max_s": round(max(turn_times), 3) if turn_times else None,
        "think_median_s": round(statistics.median(think_times), 3) if think_times else 0.0,
        "think_max_s": round(max(think_times), 3) if think_times else 0.0,
        "worst_frame_ms": round(worst_frame * 1000, 1),
        "turn_cpu_median_s": round(statistics.median(turn_cpu), 3) if turn_cpu else None,
        "target_s": TARGET_S,
    }


if __name__ == "__main__":
    sys.exit(main())
