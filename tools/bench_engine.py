"""Engine benchmark: random-player games per second for every rule set.

    python -m tools.bench_engine [--seconds S] [--json] [--versus DIR [--rounds N]]

A "hand" is one round from the deal to its scoring; a "match" is played to
its end. Each rule set is timed at its largest table, plus the 4-seat
partnership Block with 7 tiles each (the Latin-American game), side by side
with the pure-Python `dominoes` package playing the same game, when that
package is installed (``pip install -e .[bench]``). ``--versus DIR`` measures another
checkout too, turn about, in one run (:mod:`tools.bench_versus`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from game.rules import create, names
from game.rules.presets import load_preset
from tools.bench_versus import strip, versus


def _rate(play_one: Any, seconds: float) -> float:
    """Games per second of ``play_one(i)`` over about ``seconds`` (after a warm-up)."""
    for i in range(3):
        play_one(i)
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_one(count)
        count += 1
    return count / elapsed


def ours(rules: str, players: int, whole_match: bool, **options: Any) -> Any:
    """A random-player loop on our engine: legal_actions, choose, apply."""
    ruleset = create(rules, players=players, **options)
    legal, apply = ruleset.legal_actions, ruleset.apply

    def play_one(seed: int) -> None:
        pick = random.Random(seed)
        state = ruleset.new_match(seed)
        if whole_match:
            while state.winner is None:
                state = apply(state, pick.choice(legal(state)))
        else:
            while not state.results:
                state = apply(state, pick.choice(legal(state)))

    return play_one


def theirs(own_player: bool) -> Any:
    """The `dominoes` package's 4-seat Block hand with random players.

    With ``own_player`` the package's own ``players.random`` orders the moves
    (its documented way); otherwise the same ``random.choice`` loop as ours.
    """
    import dominoes

    def play_one(seed: int) -> None:
        pick = random.Random(seed)
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*pick.choice(game.valid_moves))

    def play_one_own(seed: int) -> None:
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])

    return play_one_own if own_player else play_one


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--versus", type=Path, default=None, help="also measure this other checkout, turn about"
    )
    parser.add_argument("--rounds", type=int, default=2, help="turns each with --versus")
    args = parser.parse_args(argv)
    if args.versus is not None:
        every = sys.argv[1:] if argv is None else argv
        print(json.dumps(versus("tools.bench_engine", strip(every), args.versus, args.rounds)))
        return 0
    results: dict[str, Any] = {"rule_sets": {}}
    for rules in names():
        players = load_preset(rules).seats[1]
        results["rule_sets"][rules] = {
            "players": players,
            "hands_per_s": round(_rate(ours(rules, players, False), args.seconds), 1),
            "matches_per_s": round(_rate(ours(rules, players, True), args.seconds), 2),
        }
    block: dict[str, float | None] = {
        "ours_hands_per_s": round(_rate(ours("block", 4, False, hand_size=7), args.seconds))
    }
    try:
        block["dominoes_hands_per_s"] = round(_rate(theirs(False), args.seconds))
        block["dominoes_own_player_hands_per_s"] = round(_rate(theirs(True), args.seconds))
        ours_rate, their_rate = block["ours_hands_per_s"], block["dominoes_hands_per_s"]
        assert ours_rate is not None and their_rate is not None
        block["ratio"] = round(ours_rate / their_rate, 2)
    except ImportError:
        block["dominoes_hands_per_s"] = None
    results["block_4_seats_7_tiles"] = block
    if args.json:
        print(json.dumps(results))
    else:
        for rules, r in results["rule_sets"].items():
            print(
                f"{rules:14} {r['players']:2} seats  {r['hands_per_s']:9.1f} hands/s  "
                f"{r['matches_per_s']:8.2f} matches/s"
            )
        print(
            f"block, 4 seats, 7 tiles: ours {block['ours_hands_per_s']} hands/s, "
            f"dominoes {block['dominoes_hands_per_s']} hands/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
