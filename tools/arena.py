"""Self-play arena: two players' specs against each other, duplicated deals.

    python -m tools.arena --rules block --players 2 --a mc:normal --b heuristic:accompanied \\
        --hands 200 --seed 1 [--jobs 2] [--json]

Seats alternate A, B, A, B … (so at four partnership seats A and B are the
two teams). Every deal is played twice, the second time with the players
swapped, so both sides hold the same tiles once: the luck of the deal mostly
cancels. A "hand" is the first round of a match from that deal's seed.

Reports A's share of the hands (a hand is won by the side in the round's winners; in
Mexican Train by the side with the lower mean penalty; a tie counts half), each side's
points per hand (for Mexican Train, the penalty), and each side's think time per
decision that had a choice (wall clock: with ``--jobs`` the workers share the machine).
The share's and the points margin's 95 % intervals are taken over deals, the deal as
the unit (:mod:`tools.arena_stats` says which intervals and why).

The number of deals is fixed before the run: it is part of the run's plan (with the
rule set, seats, sides and seed), and a verdict on the share — A ahead, B ahead, or no
difference shown — is given only once that many deals are played.

``--out FILE`` writes the plan as the file's first line before any deal is played, then
each deal as one JSON line when it is played, so a long run that is stopped loses
nothing: run the same command again and it plays only the deals the file lacks, then
reports over them all (:class:`Ledger`); a file planned otherwise is refused. The same
command with ``--summary`` plays nothing: it reports over the deals the file holds so
far — "N of M planned deals — not a result yet" while some are missing — and leaves the
file as it is, so it can look at a run that is still going. A run stopped with Ctrl-C
says only how far it got (:class:`Stopped`), never a figure.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from game import ai
from game.rules import create
from game.rules.seeding import rng
from tools.arena_stats import assess, margin_interval, plan_mismatch, share_interval


def play_hand(rules: str, players: int, specs: list[str], seed: int) -> dict[str, Any]:
    """One round of the match with ``seed``; ``specs[s - 1]`` plays seat ``s``. ``think``
    holds (seat, seconds) for every decision that had more than one legal action."""
    ruleset = create(rules, players=players)
    seats = [ai.player(spec) for spec in specs]
    state = ruleset.new_match(seed)
    start = len(state.results)
    step = 0
    think: list[tuple[int, float]] = []
    while state.winner is None and len(state.results) == start:
        seat = state.to_move
        observation = ruleset.observe(state, seat)
        started = time.perf_counter()
        action = seats[seat - 1](observation, rng(seed, "arena", step).getrandbits(32))
        if len(observation.legal) > 1:
            think.append((seat, round(time.perf_counter() - started, 5)))
        state = ruleset.apply(state, action)
        step += 1
    result = state.results[start]
    return {
        "gained": list(result.gained),
        "winners": list(result.winners),
        "steps": step,
        "think": think,
    }


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


def _pair(job: tuple[int, str, int, str, str, int]) -> tuple[int, dict[str, Any]]:
    """Deal ``index`` played both ways round: its outcomes and each side's think times."""
    index, rules, players, a, b, seed = job
    deal: dict[str, Any] = {"pair": [], "think": {"A": [], "B": []}}
    for a_first in (True, False):
        seating = sides(players, a_first)
        specs = [a if side == "A" else b for side in seating]
        hand = play_hand(rules, players, specs, seed)
        deal["pair"].append(outcome(rules, players, seating, hand))
        for seat, seconds in hand["think"]:
            deal["think"][seating[seat - 1]].append(seconds)
    return index, deal


class Stopped(Exception):
    """A run stopped (Ctrl-C) short of its plan; the message says how far it got, in one line."""


class Ledger:
    """The deals of one run, one JSON line each in a file (or only in memory).

    The first line is the run's ``plan`` (rule set, players, sides, seed, the number of
    deals …), written before any deal is played, so what the run set out to do is on
    record whatever it then shows; a file planned otherwise is refused, so deals of two
    runs are never summed and a run cannot be lengthened or cut once under way. A line
    cut short by a stop is dropped and played again. A ledger that only ``reads`` never
    writes: the file must exist, and a line still being written is skipped.
    """

    def __init__(self, path: str | None, plan: dict[str, Any], reads: bool = False) -> None:
        self.path = Path(path) if path else None
        self.deals: dict[int, dict[str, Any]] = {}
        if self.path is None:
            if reads:
                raise ValueError("--summary reads the deals of --out FILE: name the file")
            return
        if reads and not self.path.exists():
            raise ValueError(f"{self.path} does not exist: there are no deals to summarise")
        if not self.path.exists() or not self.path.read_text(encoding="utf-8").strip():
            self.path.write_text(json.dumps({"plan": plan}) + "\n", encoding="utf-8")
            return
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            first = None
        held = first.get("plan") if isinstance(first, dict) else None
        if not isinstance(held, dict):
            raise ValueError(f"{self.path} does not begin with a run's plan: name another --out")
        if held != plan:
            raise ValueError(
                f"{self.path} holds another run's plan ({plan_mismatch(held, plan)}): "
                "repeat that run's command to go on, or name another --out"
            )
        planned = plan.get("planned_deals")
        for number, line in enumerate(lines[1:], start=2):
            try:
                deal = json.loads(line)
            except json.JSONDecodeError:
                continue
            index = deal.get("deal") if isinstance(deal, dict) else None
            if not isinstance(index, int) or index < 0 or (planned and index >= planned):
                raise ValueError(f"{self.path} line {number} is not one of the planned deals")
            self.deals[index] = deal
        if reads:
            return
        with self.path.open("w", encoding="utf-8") as out:  # without a cut line
            out.write(json.dumps({"plan": plan}) + "\n")
            for deal in self.deals.values():
                out.write(json.dumps(deal) + "\n")

    def missing(self, count: int) -> list[int]:
        return [i for i in range(count) if i not in self.deals]

    def add(self, index: int, deal: dict[str, Any]) -> None:
        self.deals[index] = {"deal": index, **deal}
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(self.deals[index]) + "\n")

    def stopped(self, count: int) -> str:
        """What a run stopped short of its ``count`` planned deals can say: no result yet."""
        told = f"stopped: {len(self.deals)} of {count} planned deals — not a result yet"
        if self.path is None:
            return f"{told} (nothing kept: --out FILE keeps each deal)"
        return f"{told}; the same command goes on from {self.path}"

    def played(self, count: int) -> list[dict[str, Any]]:
        """The first ``count`` deals, in deal order."""
        return [self.deals[i] for i in range(count)]

    def held(self) -> list[dict[str, Any]]:
        """Every deal the file holds, in deal order (what ``--summary`` reports over)."""
        if not self.deals:
            raise ValueError(f"{self.path} holds no deals yet")
        return [self.deals[i] for i in sorted(self.deals)]


def play_all(
    ledger: Ledger, count: int, job: Callable[[int], Any], work: Callable[..., Any], jobs: int,
    summarise: bool = False,
) -> list[dict[str, Any]]:  # fmt: skip
    """Play the deals the ledger lacks (``work(job(i))`` gives ``(i, deal)``), ``jobs`` at a
    time, each written as it ends; the first ``count`` deals then. To ``summarise`` is to
    play none and give every deal the ledger holds."""
    if summarise:
        return ledger.held()
    todo = [job(i) for i in ledger.missing(count)]
    try:
        if jobs > 1 and len(todo) > 1:
            # The workers leave Ctrl-C to this process, which ends them at once on leaving the
            # block (a pool that finished its queued deals first would keep a stop waiting).
            with Pool(
                jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)
            ) as pool:
                for index, deal in pool.imap_unordered(work, todo):
                    ledger.add(index, deal)
        else:
            for index, deal in map(work, todo):
                ledger.add(index, deal)
    except KeyboardInterrupt:
        raise Stopped(ledger.stopped(count)) from None
    return ledger.played(count)


def think_summary(times: list[float]) -> dict[str, Any]:
    """How long a side thought per decision: how many, the median and the 90th percentile."""
    if not times:
        return {"decisions": 0, "median_s": None, "p90_s": None}
    p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
    return {
        "decisions": len(times),
        "median_s": round(statistics.median(times), 4),
        "p90_s": round(p90, 4),
    }


def summary(pairs: list[list[tuple[float, float, float]]], planned: int) -> dict[str, Any]:
    """Share and points of side A over duplicated deals, the deal (a pair) as the unit, and
    the verdict on the share if the ``planned`` number of deals is reached
    (:mod:`tools.arena_stats`)."""
    share = share_interval([(x[0] + y[0]) / 2 for x, y in pairs], hands_per_deal=2)
    margin = margin_interval([((x[1] - x[2]) + (y[1] - y[2])) / 2 for x, y in pairs])
    flat = [o for pair in pairs for o in pair]
    return {
        "hands": len(pairs),
        "games": len(flat),
        "win_rate_a": round(share.mean, 4),
        "win_rate_ci95": [round(share.low, 4), round(share.high, 4)],
        "effective_hands": round(share.effective, 1),
        "ties": sum(1 for o in flat if o[0] == 0.5),
        "points_per_hand_a": round(sum(o[1] for o in flat) / len(flat), 3),
        "points_per_hand_b": round(sum(o[2] for o in flat) / len(flat), 3),
        "points_diff_a_minus_b": round(margin.mean, 3),
        "points_diff_ci95": None
        if margin.low is None or margin.high is None
        else [round(margin.low, 3), round(margin.high, 3)],
        **assess(share, len(pairs), planned),
    }


def figures(report: dict[str, Any]) -> str:
    """The share and the margin with their intervals, as the arenas print them."""
    lo, hi = report["win_rate_ci95"]
    margin = report["points_diff_ci95"]
    spread = "no interval from one deal" if margin is None else f"95% {margin[0]} … {margin[1]}"
    return (
        f"A's share {report['win_rate_a']:.1%} (95% {lo:.1%} … {hi:.1%}, worth "
        f"{report['effective_hands']} independent hands); A−B {report['points_diff_a_minus_b']}"
        f" a hand ({spread})"
    )


def run(
    rules: str, players: int, a: str, b: str, hands: int, seed: int, jobs: int = 1,
    out: str | None = None, summarise: bool = False, plan: dict[str, Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Play ``hands`` duplicated deals and summarise, or with ``summarise`` only summarise the
    deals ``out`` holds (see the module doc). ``plan``: more facts the ledger's plan holds
    (what the sides play, as digests), so a ledger is never summed across a change."""
    ai.player(a), ai.player(b)  # refuse a bad spec before any work
    create(rules, players=players)
    if hands < 1:
        raise ValueError("--hands must be at least 1: a run plans the deals it plays")
    report: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "a": a,
        "b": b,
        "seed": seed,
        "planned_deals": hands,
        **(plan or {}),
    }
    ledger = Ledger(out, report, reads=summarise)
    started = time.perf_counter()

    def job(i: int) -> tuple[int, str, int, str, str, int]:
        return i, rules, players, a, b, rng(seed, "deal", i).getrandbits(32)

    deals = play_all(ledger, hands, job, _pair, jobs, summarise)
    report = dict(report)
    report.update(summary([deal["pair"] for deal in deals], hands))
    report["penalty"] = rules == "mexican_train"
    for side in "AB":
        times = [t for deal in deals for t in deal["think"][side]]
        report[f"think_{side.lower()}"] = think_summary(times)
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


SUMMARY_HELP = "play nothing: report over the deals --out holds so far, leaving it as it is"
HANDS_HELP = "deals (each played twice), fixed before the run: the verdict waits for them all"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--a", required=True, help="player spec for seats 1, 3, …")
    parser.add_argument("--b", required=True, help="player spec for seats 2, 4, …")
    parser.add_argument("--hands", type=int, default=100, help=HANDS_HELP)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", help="JSON lines, one a deal; a stopped run goes on from it")
    parser.add_argument("--summary", action="store_true", help=SUMMARY_HELP)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        report = run(
            args.rules, args.players, args.a, args.b, args.hands, args.seed, args.jobs, args.out,
            args.summary,
        )  # fmt: skip
    except ValueError as error:  # a bad spec, rule set, seat count or --out: one line, exit 2
        print(f"arena: {error}", file=sys.stderr)
        return 2
    except Stopped as stop:  # Ctrl-C: how far the run got, and no figures to misread
        print(f"arena: {stop}", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(report))
    else:
        what = "penalty" if report["penalty"] else "points"
        print(
            f"{args.a} vs {args.b} in {args.rules} ({args.players} seats), {report['hands']} "
            f"deals ({report['games']} hands): {figures(report)}; {what} per hand A "
            f"{report['points_per_hand_a']} B {report['points_per_hand_b']}; think median / p90"
            f" A {report['think_a']['median_s']} / {report['think_a']['p90_s']} s, B "
            f"{report['think_b']['median_s']} / {report['think_b']['p90_s']} s"
        )
        print(report["status"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
