"""Self-play arena: two players' specs against each other, duplicated deals.

    python -m tools.arena --rules block --players 2 --a mc:normal --b heuristic:accompanied \\
        --hands 200 --seed 1 [--jobs 2] [--json]

Seats alternate A, B, A, B … (so at four partnership seats A and B are the
two teams). Every deal is played twice, the second time with the players
swapped, so both sides hold the same tiles once: the luck of the deal mostly
cancels. A "hand" is the first round of a match from that deal's seed.

Reports A's win rate (a hand is won by the side in the round's winners; in
Mexican Train by the side with the lower mean penalty; a tie counts half),
each side's points per hand (for Mexican Train, the penalty), and 95 %
intervals computed over the duplicated pairs.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game import ai
from game.rules import create
from game.rules.seeding import rng


def play_hand(rules: str, players: int, specs: list[str], seed: int) -> dict[str, Any]:
    """One round of the match with ``seed``; ``specs[s - 1]`` plays seat ``s``."""
    ruleset = create(rules, players=players)
    seats = [ai.player(spec) for spec in specs]
    state = ruleset.new_match(seed)
    start = len(state.results)
    step = 0
    while state.winner is None and len(state.results) == start:
        seat = state.to_move
        observation = ruleset.observe(state, seat)
        action = seats[seat - 1](observation, rng(seed, "arena", step).getrandbits(32))
        state = ruleset.apply(state, action)
        step += 1
    result = state.results[start]
    return {"gained": list(result.gained), "winners": list(result.winners), "steps": step}


def sides(players: int, a_first: bool) -> list[str]:
    """Who sits where: A, B, A, B … (partners at four seats), or B, A, … for the swap."""
    return ["A" if (s % 2 == 0) == a_first else "B" for s in range(players)]


def outcome(
    rules: str, players: int, sides: list[str], hand: dict[str, Any]
) -> tuple[float, float, float]:
    """(A's share of the win: 1, ½ or 0; A's mean points; B's mean points)."""
    gained = hand["gained"]
    a = [g for g, side in zip(gained, sides, strict=True) if side == "A"]
    b = [g for g, side in zip(gained, sides, strict=True) if side == "B"]
    pa, pb = sum(a) / len(a), sum(b) / len(b)
    if rules == "mexican_train":
        win = 1.0 if pa < pb else 0.0 if pa > pb else 0.5
    else:
        won = {sides[w - 1] for w in hand["winners"]}
        win = 1.0 if won == {"A"} else 0.0 if won == {"B"} else 0.5
    return win, pa, pb


def _pair(job: tuple[str, int, str, str, int]) -> list[tuple[float, float, float]]:
    rules, players, a, b, seed = job
    out = []
    for a_first in (True, False):
        seating = sides(players, a_first)
        specs = [a if side == "A" else b for side in seating]
        out.append(outcome(rules, players, seating, play_hand(rules, players, specs, seed)))
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its normal 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def summary(pairs: list[list[tuple[float, float, float]]]) -> dict[str, Any]:
    """Win rate and points of side A over duplicated deals, the deal (a pair) as the unit."""
    wins = [(x[0] + y[0]) / 2 for x, y in pairs]
    diffs = [((x[1] - x[2]) + (y[1] - y[2])) / 2 for x, y in pairs]
    rate, low, high = interval(wins)
    diff, dlow, dhigh = interval(diffs)
    flat = [o for pair in pairs for o in pair]
    return {
        "hands": len(pairs),
        "games": len(flat),
        "win_rate_a": round(rate, 4),
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "ties": sum(1 for o in flat if o[0] == 0.5),
        "points_per_hand_a": round(sum(o[1] for o in flat) / len(flat), 3),
        "points_per_hand_b": round(sum(o[2] for o in flat) / len(flat), 3),
        "points_diff_a_minus_b": round(diff, 3),
        "points_diff_ci95": [round(dlow, 3), round(dhigh, 3)],
    }


def run(
    rules: str, players: int, a: str, b: str, hands: int, seed: int, jobs: int = 1
) -> dict[str, Any]:
    """Play ``hands`` duplicated deals and summarise (see the module doc)."""
    ai.player(a), ai.player(b)  # refuse a bad spec before any work
    create(rules, players=players)
    jobs_list = [(rules, players, a, b, rng(seed, "deal", i).getrandbits(32)) for i in range(hands)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            pairs = list(pool.map(_pair, jobs_list, chunksize=max(1, hands // (4 * jobs))))
    else:
        pairs = [_pair(job) for job in jobs_list]
    report = {"rules": rules, "players": players, "a": a, "b": b, "seed": seed}
    report.update(summary(pairs))
    report["penalty"] = rules == "mexican_train"
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--a", required=True, help="player spec for seats 1, 3, …")
    parser.add_argument("--b", required=True, help="player spec for seats 2, 4, …")
    parser.add_argument("--hands", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        report = run(args.rules, args.players, args.a, args.b, args.hands, args.seed, args.jobs)
    except ValueError as error:  # a bad spec, rule set or seat count: one line, exit 2
        print(f"arena: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        lo, hi = report["win_rate_ci95"]
        what = "penalty" if report["penalty"] else "points"
        print(
            f"{args.a} vs {args.b} in {args.rules} ({args.players} seats), "
            f"{report['games']} hands: A wins {report['win_rate_a']:.1%} "
            f"(95% {lo:.1%} … {hi:.1%}); {what} per hand A {report['points_per_hand_a']} "
            f"B {report['points_per_hand_b']} (A−B {report['points_diff_a_minus_b']}, "
            f"95% {report['points_diff_ci95'][0]} … {report['points_diff_ci95'][1]})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
