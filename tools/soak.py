"""Soak: the conformance checks over many seeded random games.

    python -m tools.soak --games 10000 [--rules NAME ...] [--seed S] [--jobs J] [--json]

Games are spread round-robin over every (rule set, seat count) table of the
chosen rule sets; each one runs every check of :mod:`tests.support.conformance` after
every action. Prints a summary: games, actions, rounds, refusals tried and
every invariant break (there should be none). Exits 1 if anything broke.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any

from tests.support.conformance import Broken, Summary, play_random_game, tables


def _one(job: tuple[str, int, int]) -> tuple[str, int, int, int, int, str | None]:
    rules, players, seed = job
    summary = Summary()
    try:
        play_random_game(rules, players, seed, summary)
    except Broken as error:
        return rules, players, 0, 0, 0, str(error)
    return rules, players, summary.actions, summary.rounds, summary.refusals, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--rules", nargs="*", help="rule sets to soak (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    chosen = [t for t in tables() if not args.rules or t[0] in args.rules]
    if not chosen:
        parser.error(f"no registered rule set among {args.rules}")
    jobs = [(*chosen[i % len(chosen)], args.seed + i) for i in range(args.games)]
    start = time.perf_counter()
    games: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    breaks: list[str] = []
    with Pool(args.jobs) as pool:
        for rules, players, actions, rounds, refusals, error in pool.imap_unordered(
            _one, jobs, chunksize=8
        ):
            games[f"{rules}/{players}"] += 1
            totals.update(actions=actions, rounds=rounds, refusals=refusals)
            if error:
                breaks.append(error)
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {
        "games": sum(games.values()),
        "actions": totals["actions"],
        "rounds": totals["rounds"],
        "refusals_checked": totals["refusals"],
        "breaks": len(breaks),
        "seconds": round(elapsed, 1),
        "games_by_table": dict(sorted(games.items())),
        "first_breaks": breaks[:10],
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{report['games']} games, {report['actions']} actions, {report['rounds']} rounds, "
            f"{report['refusals_checked']} refusals checked in {report['seconds']} s: "
            f"{report['breaks']} invariant breaks"
        )
        for table, n in report["games_by_table"].items():
            print(f"  {table:18} {n} games")
        for error in report["first_breaks"]:
            print(f"  BREAK: {error}")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main())
