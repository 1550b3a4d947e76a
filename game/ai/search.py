"""Budgeted Monte Carlo search over guessed deals (docs/DESIGN.md, "Budget").

A decision costs a fixed number of *playouts*, never a time, so the same
observation, level and seed always give the same action. One step of the
search:

1. sample the hidden tiles consistently with the observation (:mod:`sampler`)
   and fill them into a whole state (``RuleSet.determinize``), the match seed
   sampled too, so later deals are guesses as well;
2. play every candidate action in that same guessed world, each followed by
   the same random stream to the end of the round (common random numbers:
   the candidates are compared on equal luck);
3. add up what each round was worth to the seat (:func:`playout.worth`).

Candidates are thinned by *sequential halving*: the budget is split into
rounds, and after each round the worse half of the candidates is dropped, so
the playouts go where the choice is close. The best mean wins; ties go to
the first in canonical order.

Levels: ``easy`` searches nothing (greedy points in All Fives, the heaviest
tile elsewhere); ``normal`` plays its playouts out at random; ``hard`` spends
several times more, with smarter playouts (moves chosen as players choose
them, :mod:`model`, or mostly heuristic ones), weighs each guessed world by
how well it explains the other seats' plays (:mod:`reading`), and at a
two-seat Block table solves each guessed world exactly (:mod:`solver`).
In Block normal uses hard's tools on a smaller budget: there random playouts
only drew level with OpenSpiel's ISMCTS at 1,000 simulations (issue 32).

The search is a generator yielding its progress (0..1) after each guessed
world played on the kernel, or after each playout through the rules engine
(slower), so a slice stays short; its return value is a :class:`Decision`.
In Longana, Block, Draw, All Fives, Cuban and Mexican Train a round's worlds are
guessed one by one, then played out all at once (:mod:`batch`), yielding between
worlds and between moves: the same numbers, the same results, the same decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

import game.ai.families as families
import game.ai.heuristics as heuristics
import game.ai.kernel as kn
import game.ai.knowledge as knowledge
import game.ai.playout as playout

from ..rules import Action, Observation, RuleSet, State
from ..rules.seeding import rng as seeded
from .budget import Budget
from .reading import Reading
from .sampler import Sampler
from .solver import Solver, TooBig

LEVELS = ("easy", "normal", "hard")


# What a decision at a level spends when a rule set's preset gives no budget for it (every
# shipped preset gives one for each level: ``[computer.normal]``, ``[computer.hard]``).
UNDECLARED = {"normal": Budget(200), "hard": Budget(800, 0.3)}


def budget_for(rules: RuleSet[Any], level: str) -> Budget:
    """What a decision at ``level`` may spend in ``rules``' game: its preset's budget for the
    level (``levels/*.toml``, ``[computer.LEVEL]``), sized there by game and level."""
    declared = rules.preset.computer.get(level)
    return UNDECLARED[level] if declared is None else Budget(**declared)


@dataclass(frozen=True)
class Decision:
    """The chosen action, and what the search saw (for hints and the arena)."""

    action: Action
    means: dict[Action, float] = field(default_factory=dict)  # mean worth per candidate
    worlds: dict[Action, int] = field(default_factory=dict)  # guessed worlds per candidate
    playouts: int = 0
    how: str = "search"  # "search", "only" (one legal action), "rule", "heuristic"
    # per candidate, the (weighted) share of its worlds whose round came out ahead for the
    # seat's side (worth above nothing): what "why that move?" shows of the search
    ahead: dict[Action, float] = field(default_factory=dict)


def search(
    observation: Observation, level: str = "normal", seed: int = 0, budget: Budget | None = None
) -> Generator[float, None, Decision]:
    """The decision for ``observation``'s seat, as a generator of progress (see the module doc)."""
    if not isinstance(observation, Observation):
        raise TypeError("the computer decides from an Observation, never from a state")
    if level not in LEVELS:
        raise ValueError(f"'{level}' is not a level; use easy, normal or hard")
    if not observation.legal:
        raise ValueError(f"seat {observation.seat} is not to move")
    candidates = heuristics.ordered(observation)
    forced = heuristics.rule_of_thumb(observation)
    if forced is not None:
        return Decision(forced, how="rule")
    if len(candidates) == 1:
        return Decision(candidates[0], how="only")
    if level == "easy":
        pick = (
            heuristics.play_greedy
            if observation.table.rules.scores_in_play
            else heuristics.play_heaviest
        )
        return Decision(pick(observation, random.Random(seed)), how="heuristic")
    budget = budget or budget_for(observation.table.rules, level)
    return (yield from _halving(observation, candidates, budget, seed))


def _halving(
    observation: Observation, candidates: list[Action], budget: Budget, seed: int
) -> Generator[float, None, Decision]:
    rules = observation.table.rules
    seat = observation.seat
    sampler = Sampler(knowledge.read(observation))
    parts = families.parts(rules)
    kernel = families.kernel(rules)
    index = {t: i for i, t in enumerate(rules.tiles)}
    tables = kn.tables(rules.tiles)
    master = seeded(seed, "ai", observation.rules, seat, len(observation.log))
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    alive = list(candidates)
    tally = _Tally(candidates)
    spent = 0
    solver = _solver(rules, parts, kernel, seat, candidates, budget)
    total = budget.solved if solver is not None else budget.playouts
    reading = None
    if budget.read > 0 and parts.walk is not None:
        reading = Reading(observation, tables, parts.walk)
    misses = 0
    moves = {a: kn.move_of(a, index) for a in candidates if kn.is_move(a)}
    guess = _Guesser(observation, sampler, kernel, len(moves) == len(candidates))
    draws = random.Random()  # a world's stream again, drawn ahead for the kernel's playouts
    many = parts.batch(kernel, budget) if solver is None and guess.quick else None
    for r in range(rounds):
        share = (total - spent) // (rounds - r)
        count = max(1, share // len(alive))
        if many is not None:
            progress = partial(_progress, spent / total, count * len(alive) / total)
            how = (master, draws, reading, budget)
            outcomes = yield from _many(many, guess, how, alive, moves, count, progress)
            for w, values in outcomes:
                for action, value in zip(alive, values, strict=True):
                    tally.add(action, w, value)
            spent += count * len(alive)
            yield min(1.0, spent / total)
        for _ in range(0 if many is not None else count):
            world = master.getrandbits(64)
            position, state, masks = guess.world(world)
            w = 1.0
            if reading is not None:
                w = reading.weight(masks) ** budget.read
            if solver is not None and position is not None and misses < 2:
                try:
                    values = solver.values(position, [moves[a] for a in alive])
                except TooBig:
                    misses += 1  # twice too big: this decision plays its worlds out
                else:
                    for action, value in zip(alive, values, strict=True):
                        tally.add(action, w, value)
                    spent += len(alive)
                    yield min(1.0, spent / total)
                    continue
            engine = False
            ahead: list[float] | None = None
            for action in alive:
                # every candidate gets the same stream: the world's, from its seed
                if position is not None and action in moves:
                    assert kernel is not None  # a position is the kernel's
                    if ahead is None:
                        ahead = _ahead(
                            draws, world, kernel.draws(position, budget.eps, budget.model)
                        )
                    move = moves[action]
                    out = kernel.run(
                        position, iter(ahead).__next__, budget.eps, move, budget.model, budget.steps
                    )
                    gained, winners, over = out.gained, out.winners, out.match_over
                else:
                    if state is None:
                        raise AssertionError("an engine playout in a world without a state")
                    after = rules.apply(state, action)
                    gained, winners, over = playout.play_out(
                        after, state, guess.stream(world), budget.eps, index, kernel,
                        budget.steps, budget.model,
                    )  # fmt: skip
                    engine = True
                value = playout.worth(rules, seat, gained, winners, over)
                tally.add(action, w, value)
                spent += 1
                if engine:  # an engine playout is slow: a slice of its own
                    yield min(1.0, spent / total)
            if not engine:
                yield min(1.0, spent / total)
        if r < rounds - 1 and len(alive) > 2:
            alive.sort(key=lambda a: -tally.mean(a))  # stable: canonical on ties
            alive = [a for a in candidates if a in alive[: math.ceil(len(alive) / 2)]]
    means = {a: tally.mean(a) for a in candidates if tally.worlds[a]}
    best = max(alive, key=lambda a: means[a])  # first in canonical order on a tie
    shares = {a: tally.ahead(a) for a in means}
    return Decision(best, means, dict(tally.worlds), spent, ahead=shares)


class _Tally:
    """What the guessed worlds said of each candidate so far, each world weighed."""

    def __init__(self, candidates: list[Action]) -> None:
        self.totals = dict.fromkeys(candidates, 0.0)  # weighted sums of worth
        self.better = dict.fromkeys(candidates, 0.0)  # weights of worlds that came out ahead
        self.weights = dict.fromkeys(candidates, 0.0)  # sums of world weights
        self.worlds = dict.fromkeys(candidates, 0)

    def add(self, action: Action, w: float, value: float) -> None:
        """One guessed world's ``value`` for ``action``, weighing ``w``."""
        self.totals[action] += w * value
        self.better[action] += w if value > 0 else 0.0
        self.weights[action] += w
        self.worlds[action] += 1

    def mean(self, action: Action) -> float:
        return _mean(self.totals[action], self.weights[action])

    def ahead(self, action: Action) -> float:
        """The weighted share of its worlds whose round came out ahead (0 if none weighed)."""
        return max(0.0, _mean(self.better[action], self.weights[action]))


class _Guesser:
    """Guessed worlds for one decision: a world is its seed, whose stream deals the hidden
    tiles (:mod:`sampler`) and then, from the start again, drives every candidate's playout.

    ``quick`` (the kernel plays every candidate from this table): a world needs no engine
    state, its kernel position is the first world's with the guessed hands and boneyard put in.
    """

    def __init__(
        self, observation: Observation, sampler: Sampler, kernel: kn.Kernel | None, tiles: bool
    ) -> None:
        self.observation = observation
        self.rules = observation.table.rules
        self.sampler = sampler
        self.kernel = kernel
        self.tables = kn.tables(self.rules.tiles)
        self.quick = kernel is not None and tiles and kn.supports(observation.table)
        self.template: kn.Position | None = None  # the first world's, its table for all
        self.rng = random.Random()

    def stream(self, world: int) -> Callable[[], float]:
        """The world's stream from its start, as the playouts take it."""
        self.rng.seed(world)
        return self.rng.random

    def world(self, world: int) -> tuple[kn.Position | None, State | None, list[int]]:
        """(the kernel position or None, the engine state or None when quick, the hand masks)."""
        rng = self.rng
        rng.seed(world)
        if self.template is not None:
            masks, bone = self.sampler.sample_masks(rng)
            return self.template._replace(hands=masks, boneyard=bone), None, masks
        hands, boneyard, unused = self.sampler.sample(rng)
        state = self.rules.determinize(
            self.observation, hands, boneyard, unused, rng.getrandbits(32)
        )
        if self.kernel is None or not kn.supports(state):
            return None, state, [self.tables.mask(h) for h in hands]
        position = self.kernel.position(state)
        if self.quick:
            self.template = position
        return position, state, position.hands


def _progress(at: float, share: float, part: float) -> float:
    """How far the decision is when a round that started ``at`` and is ``share`` of it is
    ``part`` done."""
    return min(1.0, at + part * share)


def _ahead(draws: random.Random, world: int, count: int) -> list[float]:
    """The first ``count`` numbers of the world's stream (what a kernel playout takes)."""
    draws.seed(world)
    rand = draws.random
    return [rand() for _ in range(count)]


def _many(
    many: families.Batch,
    guess: _Guesser,
    how: tuple[random.Random, random.Random, Reading | None, Budget],
    alive: list[Action],
    moves: dict[Action, tuple[int, int]],
    count: int,
    progress: Callable[[float], float],
) -> Generator[float, None, list[tuple[float, list[float]]]]:
    """``count`` worlds, every candidate played out in each at once (:mod:`batch`).

    ``how`` is (the stream of world seeds, a stream to draw each world's numbers ahead,
    the reading or None, the budget). Returns each world's (weight, every candidate's
    worth), as the world-by-world loop finds them; yields between worlds and between
    moves, ``progress`` telling how far this round is (0..1) in the whole decision's terms.
    """
    master, draws, reading, budget = how
    kernel = guess.kernel
    template = guess.template
    hands, bones, numbers, weights = [], [], [], []
    length = 0
    for j in range(count):
        world = master.getrandbits(64)
        position, _, masks = guess.world(world)
        assert kernel is not None and position is not None
        template = template or guess.template
        length = length or kernel.draws(position, budget.eps, budget.model)
        hands.append(masks)
        bones.append(position.boneyard)
        numbers.append(_ahead(draws, world, length))
        weights.append(1.0 if reading is None else reading.weight(masks) ** budget.read)
        yield progress(
            0.5 * (j + 1) / count
        )  # this world guessed: never 0, so a slice shows progress
    assert kernel is not None and template is not None
    c = len(alive)
    steps = many.run(
        np.repeat(many.masks(hands), c, axis=0),
        np.repeat(np.array(bones, dtype=np.int64).reshape(count, -1), c, axis=0),
        template[2:],  # the table, passes, mover and scores, the same in every world
        np.tile(np.array([moves[a] for a in alive], dtype=np.int64), (count, 1)),
        np.array(numbers, dtype=np.float64),
        np.repeat(np.arange(count), c),
    )
    while True:
        try:
            next(steps)
        except StopIteration as done:
            gained, winners, over = (x.tolist() for x in done.value)
            break
        yield progress(0.5)
    rules, seat, n = guess.rules, guess.observation.seat, kernel.players
    worth: dict[tuple[Any, ...], float] = {}  # the few different ends a round can have
    out = []
    for j in range(count):
        values = []
        for g in range(j * c, j * c + c):
            key = (tuple(gained[g]), winners[g], over[g])
            if key not in worth:
                won = tuple(s + 1 for s in range(n) if winners[g] >> s & 1)
                worth[key] = playout.worth(rules, seat, key[0], won, over[g])
            values.append(worth[key])
        out.append((weights[j], values))
    return out


def _solver(
    rules: RuleSet[Any],
    parts: families.Parts,
    kernel: kn.Kernel | None,
    seat: int,
    candidates: list[Action],
    budget: Budget,
) -> Solver | None:
    """The exact solver, if this decision uses one (see :class:`Budget`)."""
    if not budget.solve or kernel is None or not parts.solves:
        return None
    if rules.players != 2 or any(a.tile is None for a in candidates):
        return None
    return Solver(kernel, seat - 1, budget.solve)


def _mean(total: float, weight: float) -> float:
    """A weighted mean; a candidate whose worlds all weigh nothing is worth nothing known."""
    return total / weight if weight > 0 else -math.inf
