"""Our computer against OpenSpiel's Information Set MCTS in Block (2 seats, or 4 as partners).

    python -m tools.arena_ismcts --players 2 --level normal --simulations 1000 --hands 100 \\
        [--seed 1] [--uct 2.0] [--check 10] [--jobs 2] [--out FILE [--summary]] [--json]

OpenSpiel (``pip install -e ".[arena]"``) is a yardstick here, never a
dependency of the game. Its ``python_block_dominoes`` (2 seats) and
``python_team_dominoes`` (4 seats, 1/3 against 2/4) play our ``block`` with 7
tiles each: match an end or pass, nobody draws. The hand is played in our
engine and scored by our rule; ISMCTS is shown the same position as an
OpenSpiel state at each of its turns. One difference: at four seats OpenSpiel
gives a round someone went out of to the team with fewer pips, we give it to
the team that went out (F-24). An opponent searching for another objective than
the one counted is no fair yardstick, so at four seats ISMCTS searches OpenSpiel's
game with our scoring (:func:`scored_as_ours`: its returns are our rules' own
round end), and the run's plan says so (``b``), so a ledger of the old game's
searches is never summed with the new one's deals.

OpenSpiel's Python dominoes cannot re-deal hidden tiles themselves, so the
resampler ISMCTS needs is here (:func:`redeal`): it reads only the bot's own
hand and the public history — who played what on which end, and the turns
skipped, which prove the skipped seat held nothing matching the ends.

Every deal is played twice with the sides swapped (seats alternate A = ours,
B = ISMCTS); the 95 % intervals take the deal as the unit (:mod:`tools.arena_stats`),
and the verdict on the share is given only at the number of deals planned. Think time is
measured per decision with a real choice, for both sides. Every ``--check``-th
decision of each side in a deal is made again on the same position with the
hidden tiles dealt again consistently with what that side has seen (same
seed); a side that peeks would change its choice, and the count of changes is
reported. ``--jobs``, ``--out`` and ``--summary`` are :mod:`tools.arena`'s: deals in
worker processes, the run's plan as the file's first line and one JSON line a deal so that
a stopped run goes on where it was (a file planned otherwise is refused), and a report over
the file's deals that plays none ("N of M planned deals — not a result yet" while short).
The plan holds a digest of what our side plays (:func:`digest`), so a run taken up again
after the computer changed is refused rather than summed with the old one's deals.
``--level`` also takes a budget as :func:`game.ai.player`'s ``mc:`` does
(``200:1:8000:read:model``): a search can then be tuned against the real opponent, on
tuning seeds, before a level takes it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from game import ai
from game.rules import Action, LineState, State, create
from game.rules.fives import round_end
from game.rules.line import END_INDEX
from game.rules.seeding import rng
from game.rules.tiles import Tile
from tools.arena import (
    HANDS_HELP,
    SUMMARY_HELP,
    Ledger,
    Stopped,
    figures,
    outcome,
    play_all,
    sides,
    summary,
    think_summary,
)
from tools.bench_ai import choices, positions

GAMES = {2: "python_block_dominoes", 4: "python_team_dominoes"}
HAND = 7
DECK = list(combinations_with_replacement(range(7), 2))  # (low, high), as OpenSpiel deals them

# One public play: (OpenSpiel player, (low, high), the pip covered or None for the lead).
Play = tuple[int, tuple[int, int], int | None]


class Missing(Exception):
    """OpenSpiel is not installed."""


def openspiel() -> tuple[Any, Any, Any]:
    """pyspiel, its ISMCTS module and its random-rollout evaluator class (games registered)."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
        from open_spiel.python.games import (  # noqa: F401
            block_dominoes,
            team_dominoes,
        )
    except ImportError as error:
        raise Missing(
            "OpenSpiel is not installed; pip install -e '.[arena]' (the open_spiel package)"
        ) from error
    return pyspiel, ismcts, mcts.RandomRolloutEvaluator


# --- the position as OpenSpiel sees it -------------------------------------------------------


def void_pips(players: int, history: list[Play], to_move: int) -> list[set[int]]:
    """For each player, the pips it is proven not to hold: it was skipped while they were open.

    OpenSpiel passes no turn explicitly: after a play the next player who can
    play moves, so every player passed over in between held nothing on the ends.
    """
    voids: list[set[int]] = [set() for _ in range(players)]
    ends: list[int] = []
    turns = [p for p, _, _ in history[1:]] + [to_move] if history else []
    for (player, (low, high), edge), after in zip(history, turns, strict=True):
        if edge is None:
            ends = [low, high]
        else:
            ends.remove(edge)
            ends.append(high if edge == low else low)
        skipped = (player + 1) % players
        while skipped != after:
            voids[skipped].update(ends)
            skipped = (skipped + 1) % players
    return voids


def redeal(
    players: int, me: int, hand: list[tuple[int, int]], history: list[Play], to_move: int,
    pick: random.Random,
) -> list[list[tuple[int, int]]]:  # fmt: skip
    """Hands for every player, ``me`` holding ``hand``, consistent with the public ``history``.

    Each player holds HAND minus what it has played; the skips say which pips
    it lacks (:func:`void_pips`). Unknown tiles go out one by one in a random
    order, each to a player allowed to hold it with a chance in proportion to
    the room left (at two seats the 14 undealt tiles are a pile that lacks
    nothing); a dead end starts again. The true deal fits, so this ends.
    """
    played = [0] * players
    for player, _, _ in history:
        played[player] += 1
    seen = set(hand) | {t for _, t, _ in history}
    unknown = [t for t in DECK if t not in seen]
    voids = void_pips(players, history, to_move)
    room = [HAND - played[p] if p != me else 0 for p in range(players)]
    room.append(len(unknown) - sum(room))  # the pile nobody holds (two seats)
    voids.append(set())
    while True:
        pick.shuffle(unknown)
        left = list(room)
        hands: list[list[tuple[int, int]]] = [[] for _ in range(players + 1)]
        for t in unknown:
            fits = [p for p in range(players + 1) if left[p] and not (set(t) & voids[p])]
            if not fits:
                break
            p = pick.choices(fits, [left[q] for q in fits])[0]
            hands[p].append(t)
            left[p] -= 1
        else:
            hands[me] = list(hand)
            return hands[:players]


def scored_as_ours(team_dominoes: Any) -> Any:
    """OpenSpiel's four-seat game whose returns are our scoring of a round (F-24, by the
    rules' own :func:`game.rules.fives.round_end`): the team that went out, or when
    blocked the team with fewer pips, takes the other's pips; a blocked tie, nobody."""

    class State(team_dominoes.DominoesState):
        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0] * 4
            pips = [sum(a + b for a, b in self.hands[p] + self.hands[p + 2]) for p in (0, 1)]
            out = next((p % 2 for p in range(4) if not self.hands[p]), -1)
            gained, _won = round_end(pips, out, False)
            return [float(gained[p % 2] - gained[1 - p % 2]) for p in range(4)]

    class Game(team_dominoes.DominoesGame):
        def new_initial_state(self) -> State:
            return State(self)

    return Game()


class Table:
    """One of OpenSpiel's dominoes games, and positions built in it from hands and a history
    (at four seats, the game as we score it: :func:`scored_as_ours`)."""

    def __init__(self, pyspiel: Any, players: int) -> None:
        if players == 4:
            from open_spiel.python.games import team_dominoes

            self.game = scored_as_ours(team_dominoes)
        else:
            self.game = pyspiel.load_game(GAMES[players])
        self.players = players
        state = self.game.new_initial_state()
        self.deals = {
            state.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a in state.legal_actions()
        }
        self.plays = {
            state.action_to_string(0, a): a for a in range(self.game.num_distinct_actions())
        }

    def root(self, hands: list[list[tuple[int, int]]], history: list[Play]) -> Any:
        """The state with ``hands`` (what each holds now) dealt and ``history`` played."""
        full = [list(h) for h in hands]
        for player, t, _ in history:
            full[player].append(t)
        if self.players == 4:  # one tile to each player in turn
            order = [full[p][i] for i in range(HAND) for p in range(4)]
        else:  # the first hand, then the second
            order = [t for p in range(self.players) for t in full[p]]
        state = self.game.new_initial_state()
        for low, high in order:
            state.apply_action(self.deals[f"Deal ({float(low)}, {float(high)})"])
        for player, t, edge in history:
            assert state.current_player() == player, "the history does not replay"
            pip = None if edge is None else float(edge)
            state.apply_action(
                self.plays[f"p{player} tile:({float(t[0])}, {float(t[1])}) pip:{pip}"]
            )
        return state


def _play(action: Any) -> Play:
    """One of OpenSpiel's played actions as a :data:`Play`."""
    edge = None if action.edge is None else int(action.edge)
    return action.player, (int(action.tile[0]), int(action.tile[1])), edge


def _parse(text: str) -> tuple[tuple[int, int], int | None]:
    """``p1 tile:(2.0, 5.0) pip:5.0`` → ((2, 5), 5)."""
    tile_text, _, pip = text.partition(" tile:(")[2].partition(") pip:")
    low, high = (int(float(x)) for x in tile_text.split(","))
    return (low, high), None if pip == "None" else int(float(pip))


class Ismcts:
    """OpenSpiel's ISMCTS bot at a number of simulations, with the resampler above."""

    def __init__(self, players: int, simulations: int, uct: float) -> None:
        pyspiel, self.ismcts, self.evaluator = openspiel()
        self.table = Table(pyspiel, players)
        self.players = players
        self.simulations = simulations
        self.uct = uct

    def choose(
        self, hands: list[list[tuple[int, int]]], history: list[Play], seed: int
    ) -> tuple[tuple[int, int], int | None]:
        """The bot's play (tile, pip covered) for the player to move, from seed ``seed``."""
        import numpy as np

        state = self.table.root(hands, history)
        pick = random.Random(seed)

        def resample(state: Any, player: int) -> Any:
            own = [(int(t[0]), int(t[1])) for t in state.hands[player]]
            public = [_play(a) for a in state.actions_history]
            dealt = redeal(self.players, player, own, public, player, pick)
            return self.table.root(dealt, public)

        bot = self.ismcts.ISMCTSBot(
            self.table.game,
            self.evaluator(n_rollouts=1, random_state=np.random.RandomState(seed % 2**31)),
            self.uct,
            self.simulations,
            random_state=np.random.RandomState((seed >> 31) % 2**31),
        )
        bot.set_resampler(resample)
        player = state.current_player()
        return _parse(state.action_to_string(player, bot.step(state)))


# --- one hand, played in our engine ----------------------------------------------------------


def _os(t: Tile) -> tuple[int, int]:
    return (t.low, t.high)


def _ours(t: tuple[int, int]) -> Tile:
    return Tile(t[1], t[0])


def _our_action(
    state: State, legal: Sequence[Action], tile: tuple[int, int], edge: int | None
) -> Action:
    """Our action for OpenSpiel's (tile, pip covered); either end when both show that pip."""
    assert isinstance(state, LineState)
    ends = state.line.ends
    for action in legal:
        if action.tile is None or _os(action.tile) != tile:
            continue
        if edge is None or ends[END_INDEX[action.where or ""]] == edge:
            return action
    raise ValueError(f"ISMCTS chose {tile} on {edge}, not legal here")


def public_play(state: State, action: Action, leader: int) -> Play:
    """A lead or play about to be made in ``state``, as OpenSpiel records it (public facts only)."""
    assert action.tile is not None and isinstance(state, LineState)
    player = (state.mover - leader) % state.rules.players
    if action.kind == "lead":
        return player, _os(action.tile), None
    return player, _os(action.tile), state.line.ends[END_INDEX[action.where or ""]]


def _redealt(state: State, seat: int, leader: int, history: list[Play], seed: int) -> State:
    """The same position for ``seat`` with the hidden tiles dealt again, consistently.

    The other hands come from :func:`redeal` (what ``seat`` has seen), the
    tiles nobody holds are piled again, and the match seed is a new one.
    """
    n = state.rules.players
    player = (seat - leader) % n
    pick = random.Random(seed ^ 1)
    dealt = redeal(n, player, list(map(_os, state.hands[seat - 1])), history, player, pick)
    hands = [tuple(map(_ours, dealt[(s - leader) % n])) for s in range(1, n + 1)]
    hands[seat - 1] = state.hands[seat - 1]
    held = {t for h in hands for t in h}
    hidden = [t for s in range(1, n + 1) if s != seat for t in state.hands[s - 1]]
    rest = [t for t in hidden + list(state.boneyard) + list(state.unused) if t not in held]
    pick.shuffle(rest)
    size = len(state.boneyard)
    return state.evolve(
        hands=tuple(hands),
        boneyard=tuple(rest[:size]),
        unused=tuple(rest[size:]),
        seed=pick.getrandbits(32),
    )


def play_hand(
    players: int, level: str, bot: Ismcts, seating: list[str], seed: int, check: int,
    counters: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """The first round of the match from ``seed``; ``seating[s - 1]`` is A (ours) or B (ISMCTS).
    ``counters[side]`` gathers each side's think times and re-deal checks of the deal."""
    ruleset = create("block", players=players, hand_size=HAND)
    name, budget = ours(level)
    state = ruleset.new_match(seed)
    leader = state.to_move
    history: list[Play] = []
    step = 0
    while not state.results:
        seat = state.to_move
        player = (seat - leader) % players
        legal = ruleset.legal_actions(state)
        decision_seed = rng(seed, "arena", step).getrandbits(62)
        side = seating[seat - 1]
        if len(legal) == 1:
            action = legal[0]
        elif side == "A":
            observation = ruleset.observe(state, seat)
            started = time.perf_counter()
            action = ai.decide(observation, name, decision_seed, budget)
            counters["A"]["times"].append(time.perf_counter() - started)
            if check and len(counters["A"]["times"]) % check == 1 % check:
                other = _redealt(state, seat, leader, history, decision_seed)
                again = ai.decide(ruleset.observe(other, seat), name, decision_seed, budget)
                counters["A"]["checked"] += 1
                counters["A"]["changed"] += again != action
        else:
            hands = [
                list(map(_os, state.hands[(leader - 1 + p) % players])) for p in range(players)
            ]
            started = time.perf_counter()
            tile, edge = bot.choose(hands, history, decision_seed)
            counters["B"]["times"].append(time.perf_counter() - started)
            action = _our_action(state, legal, tile, edge)
            if check and len(counters["B"]["times"]) % check == 1 % check:
                pick = random.Random(decision_seed ^ 1)
                redealt = redeal(players, player, hands[player], history, player, pick)
                counters["B"]["checked"] += 1
                counters["B"]["changed"] += bot.choose(redealt, history, decision_seed) != (
                    tile,
                    edge,
                )
        if action.tile is not None:
            history.append(public_play(state, action, leader))
        state = ruleset.apply(state, action)
        step += 1
    result = state.results[0]
    return {"gained": list(result.gained), "winners": list(result.winners), "steps": step}


def digest(players: int, level: str) -> str:
    """What our side plays, in short: the digest of its decisions on a few fixed positions
    of this table (:func:`tools.bench_ai.choices`). It is part of the run's plan, so the
    deals of a run stopped and taken up again later were all played by the same computer."""
    return choices(positions("block", players, DIGESTED, hand_size=HAND), *ours(level))


def ours(level: str) -> tuple[str, ai.Budget | None]:
    """Our side as :func:`game.ai.decide` takes it: a level, or for experiments (tuning
    against the real opponent) a budget as ``mc:`` takes it (:func:`game.ai.player`)."""
    found = ai.parse_search(level)
    if found is None:
        raise ValueError(
            f"'{level}' is neither a level (easy, normal, hard) nor a budget such as "
            "200:1:8000:read:model"
        )
    return found


DIGESTED = 3  # positions in :func:`digest`: enough to tell two searches apart, quick to play

_bots: dict[tuple[int, int, float], Ismcts] = {}  # one a process: OpenSpiel's games are costly


def _pair(job: tuple[int, int, str, int, float, int, int]) -> tuple[int, dict[str, Any]]:
    """Deal ``index`` played both ways round: outcomes, think times and re-deal checks."""
    index, players, level, simulations, uct, check, seed = job
    key = (players, simulations, uct)
    bot = _bots.get(key) or _bots.setdefault(key, Ismcts(players, simulations, uct))
    deal: dict[str, Any] = {"pair": [], "think": {}, "checked": {}, "changed": {}}
    counters: dict[str, Any] = {s: {"times": [], "checked": 0, "changed": 0} for s in "AB"}
    for a_first in (True, False):
        seating = sides(players, a_first)
        hand = play_hand(players, level, bot, seating, seed, check, counters)
        deal["pair"].append(outcome("block", players, seating, hand))
    for side in "AB":
        deal["think"][side] = [round(t, 5) for t in counters[side]["times"]]
        deal["checked"][side] = counters[side]["checked"]
        deal["changed"][side] = counters[side]["changed"]
    return index, deal


def run(
    players: int, level: str, simulations: int, hands: int, seed: int, uct: float, check: int,
    jobs: int = 1, out: str | None = None, summarise: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """Play ``hands`` duplicated deals of our ``level`` against ISMCTS and summarise, or with
    ``summarise`` only summarise the deals ``out`` holds (module doc)."""
    if players not in GAMES:
        raise ValueError(f"{players} seats: OpenSpiel's Block is for 2 or 4 (partners)")
    ours(level)  # says so before any work if it is neither a level nor a budget
    if hands < 1:
        raise ValueError("--hands must be at least 1: a run plans the deals it plays")
    if not summarise:
        openspiel()  # say so before any work if it is missing
    report: dict[str, Any] = {
        "rules": "block",
        "players": players,
        "a": f"mc:{level}",
        "b": f"ismcts:{simulations}" + (":f24" if players == 4 else ""),  # searching our F-24
        "uct": uct,
        "seed": seed,
        "check": check,
        "planned_deals": hands,
        "a_digest": digest(players, level),
    }
    ledger = Ledger(out, report, reads=summarise)
    started = time.perf_counter()

    def job(i: int) -> tuple[int, int, str, int, float, int, int]:
        return i, players, level, simulations, uct, check, rng(seed, "deal", i).getrandbits(32)

    deals = play_all(ledger, hands, job, _pair, jobs, summarise)
    report = dict(report)
    report.update(summary([deal["pair"] for deal in deals], hands))
    for side in "AB":
        times = [t for deal in deals for t in deal["think"][side]]
        report[f"think_{side.lower()}"] = think_summary(times)
        report[f"peek_check_{side.lower()}"] = {
            "checked": sum(deal["checked"][side] for deal in deals),
            "changed": sum(deal["changed"][side] for deal in deals),
        }
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2, help="2, or 4 (partners)")
    parser.add_argument(
        "--level",
        default="normal",
        help="our level: easy, normal, hard; or, to tune, a budget such as 200:1:8000:read:model",
    )
    parser.add_argument("--simulations", type=int, default=1000, help="ISMCTS's per decision")
    parser.add_argument("--hands", type=int, default=50, help=HANDS_HELP)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct", type=float, default=2.0, help="ISMCTS's exploration constant")
    parser.add_argument(
        "--check", type=int, default=10, help="re-deal check every N decisions a side (0: none)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", help="JSON lines, one a deal; a stopped run goes on from it")
    parser.add_argument("--summary", action="store_true", help=SUMMARY_HELP)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        report = run(
            args.players, args.level, args.simulations, args.hands, args.seed, args.uct,
            args.check, args.jobs, args.out, args.summary,
        )  # fmt: skip
    except (Missing, ValueError) as error:
        print(f"arena_ismcts: {error}", file=sys.stderr)
        return 2
    except Stopped as stop:
        print(f"arena_ismcts: {stop}", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(report))
        return 0
    ta, tb = report["think_a"], report["think_b"]
    ca, cb = report["peek_check_a"], report["peek_check_b"]
    print(
        f"{report['a']} vs {report['b']} in block ({args.players} seats), {report['hands']} deals "
        f"({report['games']} hands), A ours: {figures(report)}; think median / p90 ours "
        f"{ta['median_s']} / {ta['p90_s']} s, ISMCTS {tb['median_s']} / {tb['p90_s']} s; "
        f"re-dealt, changed: ours {ca['changed']}/{ca['checked']}, ISMCTS "
        f"{cb['changed']}/{cb['checked']}"
    )
    print(report["status"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
