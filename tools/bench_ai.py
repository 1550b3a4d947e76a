"""AI benchmark: decision times per rule set and level, playouts per second, kernel speed.

    python -m tools.bench_ai [--positions N] [--rules NAME ...] [--levels L ...]
        [--players N] [--json] [--choices] [--versus DIR [--rounds N]]

Every registered rule set is measured at its largest table (or at
``--players`` seats where the rule set allows that many; default options)
on the same positions: the first decision with a real choice after a random
number of random moves of a seeded match. For each level: the median and
90th percentile of the decision time (wall clock, and CPU time, which a
shared machine does not inflate), and for the searching levels the
playouts per CPU second. Then the playout kernel's random games per second on
4-seat Block with 7 tiles each, side by side with the `dominoes` package's
(when installed) playing the same game.

``--choices`` prints instead a digest per rule set and level of every
decision on those positions (the action, each candidate's mean, the
playouts): a change meant to make the search faster without changing what
it plays must leave every digest as it was (run it before and after).

``--versus DIR`` measures another checkout too (the code before a change), turn about, in
one run (:mod:`tools.bench_versus`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from game import ai
from game.ai import Budget, families
from game.ai import kernel as kn
from game.rules import Observation, create, names
from game.rules.line import EMPTY, compact
from game.rules.presets import load_preset
from tools.bench_versus import strip, versus


def positions(
    rules: str, players: int, count: int, seed: int = 0, **options: Any
) -> list[Observation]:
    """``count`` observations of the seat to move, each with a choice to make (``options``
    go to the rule set, as :func:`game.rules.create` takes them)."""
    ruleset = create(rules, players=players, **options)
    out: list[Observation] = []
    n = seed
    while len(out) < count:
        pick = random.Random(n)
        state = ruleset.new_match(n)
        n += 1
        for _ in range(pick.randrange(0, 60)):
            if state.winner is not None:
                break
            state = ruleset.apply(state, pick.choice(ruleset.legal_actions(state)))
        while state.winner is None and len(ruleset.legal_actions(state)) < 2:
            state = ruleset.apply(state, ruleset.legal_actions(state)[0])
        if state.winner is None:
            out.append(ruleset.observe(state, state.to_move))
    return out


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def time_level(observations: list[Observation], level: str) -> dict[str, Any]:
    """Decision times at ``level``: wall clock, and the process's CPU time.

    The CPU time is what a decision costs on a machine of its own; on a
    shared machine the wall clock also counts the other programs' turns.
    """
    times, cpu, playouts = [], [], 0
    for i, obs in enumerate(observations):
        start, start_cpu = time.perf_counter(), time.process_time()
        decision = ai.think(obs, level, i).finish()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        playouts += decision.playouts
    report = {
        "median_s": round(statistics.median(times), 4),
        "p90_s": round(_p90(times), 4),
        "max_s": round(max(times), 4),
        "cpu_median_s": round(statistics.median(cpu), 4),
        "cpu_p90_s": round(_p90(cpu), 4),
        "decisions": len(times),
    }
    if playouts:
        report["playouts_per_decision"] = round(playouts / len(times))
        report["playouts_per_cpu_s"] = round(playouts / sum(cpu))
    return report


def choices(observations: list[Observation], level: str, budget: Budget | None = None) -> str:
    """A digest of every decision at ``level`` (or with ``budget``): equal digests, equal
    choices and means."""
    rows = []
    for i, obs in enumerate(observations):
        decision = ai.think(obs, level, i, budget).finish()
        means = sorted((str(a), round(m, 9)) for a, m in decision.means.items())
        rows.append((str(decision.action), means, decision.playouts))
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def kernel_rate(seconds: float) -> float:
    """Random 4-seat, 7-each Block games per second in the playout kernel, deal included."""
    rules = create("block", players=4, hand_size=7)
    kernel = families.kernel(rules)
    pick = random.Random(1)
    rand = pick.random
    bits = [1 << i for i in range(28)]
    tiles = list(range(28))
    empty = compact(EMPTY)
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(100):
            pick.shuffle(tiles)
            hands = [sum(bits[i] for i in tiles[k : k + 7]) for k in (0, 7, 14, 21)]
            kernel.run(kn.Position(hands, [], empty, 0, count % 4, [0.0, 0.0]), rand, 1.0)
            count += 1
    return count / elapsed


def dominoes_rate(seconds: float) -> float | None:
    """The same game in the `dominoes` package: random valid moves until a result."""
    try:
        import dominoes
    except ImportError:
        return None
    pick = random.Random(1)
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*pick.choice(game.valid_moves))
        count += 1
    return count / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--rules", nargs="*", default=None)
    parser.add_argument("--levels", nargs="*", default=["easy", "normal", "hard"])
    parser.add_argument("--seconds", type=float, default=3.0, help="for each kernel rate")
    parser.add_argument(
        "--players", type=int, default=None, help="this many seats where allowed (default: most)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--choices", action="store_true", help="digests of the decisions instead of times"
    )
    parser.add_argument(
        "--versus", type=Path, default=None, help="also measure this other checkout, turn about"
    )
    parser.add_argument("--rounds", type=int, default=2, help="turns each with --versus")
    args = parser.parse_args(argv)
    if args.versus is not None:
        every = sys.argv[1:] if argv is None else argv
        print(json.dumps(versus("tools.bench_ai", strip(every), args.versus, args.rounds)))
        return 0
    report: dict[str, Any] = {"rule_sets": {}}
    for name in args.rules or names():
        low, high = load_preset(name).seats
        players = args.players if args.players and low <= args.players <= high else high
        observations = positions(name, players, args.positions)
        entry: dict[str, Any] = {"players": players}
        if args.choices:
            for level in args.levels:
                print(f"{name:14} {players:2} seats  {level:6} {choices(observations, level)}")
            continue
        for level in args.levels:
            entry[level] = time_level(observations, level)
        report["rule_sets"][name] = entry
        if not args.json:
            levels = "  ".join(
                f"{lv}: median {entry[lv]['median_s']:.3f}s p90 {entry[lv]['p90_s']:.3f}s"
                f" (CPU {entry[lv]['cpu_median_s']:.3f}s, {entry[lv]['cpu_p90_s']:.3f}s)"
                + (
                    f" {entry[lv]['playouts_per_cpu_s']}/s"
                    if "playouts_per_cpu_s" in entry[lv]
                    else ""
                )
                for lv in args.levels
            )
            print(f"{name:14} {players:2} seats  {levels}", flush=True)
    if args.choices:
        return 0
    # side by side, alternating, so a busy machine slows both alike
    ours, theirs = [], []
    for _ in range(3):
        ours.append(kernel_rate(args.seconds / 3))
        rate = dominoes_rate(args.seconds / 3)
        if rate is not None:
            theirs.append(rate)
    report["kernel_games_per_s"] = round(sum(ours) / len(ours))
    if theirs:
        report["dominoes_games_per_s"] = round(sum(theirs) / len(theirs))
        report["kernel_speedup"] = round(sum(ours) / sum(theirs), 2)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"kernel: {report['kernel_games_per_s']} random 4-seat Block games/s", end="")
        if theirs:
            print(f"; dominoes {report['dominoes_games_per_s']}/s; {report['kernel_speedup']}x")
        else:
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
