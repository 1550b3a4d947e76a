"""Find puzzle positions for ``levels/puzzles/`` by playing seeded random rounds.

    python -m tools.make_puzzles --rules block --goal out --turns 2 --count 3

Each round is dealt from a seed and played at random; wherever seat 1 is to move,
the position is offered to the same proof the game runs when it loads a puzzle
(:mod:`game.learn.puzzles`): kept if the goal is forced and at most half of
seat 1's moves keep it forced. Kept positions print as ``[[puzzles]]`` tables to
paste into the rule set's file, with plain words for the goal that a person may
rewrite. Seat 1 leads, so a search finds positions where it is to move.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from game.learn.puzzles import GOALS, Count, Goal, TooBig, winning_moves
from game.learn.table import Table
from game.rules import ConfigError, create


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_puzzles", description=__doc__)
    parser.add_argument("--rules", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--goal", choices=GOALS, required=True)
    parser.add_argument("--turns", type=int, default=1)
    parser.add_argument("--points", type=int, default=0)
    parser.add_argument("--passes", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="name=JSON value")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=300, help="rounds to try at most")
    args = parser.parse_args(argv)
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    goal = Goal(args.goal, args.turns, args.points, args.passes)
    found = 0
    print(f"# made by python -m tools.make_puzzles {' '.join(argv or sys.argv[1:])}")
    for seed in range(args.seed, args.seed + args.seeds):
        text = _search(args.rules, args.players, options, goal, seed)
        if text:
            print(text)
            found += 1
            if found >= args.count:
                break
    return 0 if found else 1


def _search(rules: str, players: int, options: dict[str, Any], goal: Goal, seed: int) -> str:
    ruleset = create(rules, players=players, **options)
    rng = random.Random(seed)
    tiles = [str(t) for t in ruleset.tiles]
    rng.shuffle(tiles)
    size = ruleset.options["hand_size"]
    hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
    rest = tiles[players * size :]
    deal = {"hands": hands, "boneyard": rest if ruleset.rest == "boneyard" else [], "unused": []}
    if ruleset.rest != "boneyard":
        deal["unused"] = rest
    try:
        match = Table(rules, players, options, 1, deal).new_match()
    except ConfigError:  # a deal the rules refuse
        return ""
    moves: list[str] = []
    while not match.state.results:
        state = match.state
        legal = match.legal()
        if state.to_move == 1 and len(legal) >= 2 and moves:
            try:
                good = winning_moves(goal, state, state, Count(0, 0, None))
            except TooBig:
                good = []
            if good and 2 * len(good) <= len(legal):
                return _toml(rules, players, options, deal, moves, goal, seed)
        action = rng.choice(legal)
        match.play(action)
        moves.append(str(action))
    return ""


def _toml(
    rules: str,
    players: int,
    options: dict[str, Any],
    deal: dict[str, Any],
    moves: list[str],
    goal: Goal,
    seed: int,
) -> str:
    lines = ["[[puzzles]]", f'id = "{rules}-{seed}"', f'say = "{_words(goal)}"']
    lines.append(f'goal = "{goal.kind}"')
    lines.append(f"turns = {goal.turns}")
    if goal.kind == "score":
        lines.append(f"points = {int(goal.points)}")
    if goal.kind == "passes":
        lines.append(f"passes = {goal.passes}")
    lines += [f"players = {players}", "first = 1"]
    if options:
        lines.append(
            "options = { " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in options.items()) + " }"
        )
    lines.append("deal.hands = " + json.dumps(deal["hands"]))
    if deal["boneyard"]:
        lines.append("deal.boneyard = " + json.dumps(deal["boneyard"]))
    lines.append("moves = " + json.dumps(moves))
    return "\n".join(lines) + "\n"


_TURNS = {1: "this turn", 2: "within two turns", 3: "within three turns", 4: "within four turns"}


def _words(goal: Goal) -> str:
    """Plain words for the goal (a person may rewrite them in the file)."""
    when = _TURNS.get(goal.turns, f"within {goal.turns} turns")
    if goal.kind == "out":
        return f"Go out {when}, whatever the others play."
    if goal.kind == "win":
        return f"Win the round {when}, whatever the others play."
    if goal.kind == "score":
        return f"Score at least {int(goal.points)} points {when}."
    return f"Make your opponents pass {goal.passes} times {when}."


if __name__ == "__main__":
    sys.exit(main())
