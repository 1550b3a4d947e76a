"""The computer player and the hints (docs/DESIGN.md, layer 3).

It sees only an :class:`~game.rules.Observation` — its own hand and the
public table — never a state: it guesses the hidden tiles consistently with
what is public (:mod:`.sampler`) and plays budgeted Monte Carlo playouts
(:mod:`.search`). The same search gives the hints (:mod:`.hints`).

* ``think(observation, level, seed)`` — the decision as an iterator the table
  advances a slice per frame; it yields progress (0..1) and keeps the
  :class:`Decision` in ``.result`` (and as the ``StopIteration`` value).
* ``decide(observation, level, seed)`` — the same, run to the end: an Action.
* ``hint(observation, seed)`` — the action the search recommends and a reason.
* ``explain(observation, decision)`` — "why that move?": the moves a finished decision
  weighed, how each came out, and why the chosen one (:mod:`.why`).
* ``player(spec)`` — a player from a spec (``mc:normal``, ``heuristic:accompanied``,
  ``heuristic:heaviest``, ``random``, ``greedy``) for the arena and the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ..rules import Action, Observation
from .budget import Budget
from .heuristics import HEURISTICS
from .hints import Hint, hint
from .search import LEVELS, Decision, search
from .why import Explanation, Weighed, explain

__all__ = [
    "Budget",
    "Decision",
    "Explanation",
    "Hint",
    "Thinking",
    "Weighed",
    "decide",
    "explain",
    "hint",
    "parse_search",
    "player",
    "think",
]


class Thinking:
    """A decision in progress: iterate it to advance; ``result`` once it is done.

    Each step is one guessed world (a handful of playouts), so the table can
    spend a slice per frame and pause simply by not advancing it.
    """

    def __init__(self, steps: Generator[float, None, Decision]) -> None:
        self._steps = steps
        self.result: Decision | None = None
        self.progress = 0.0

    def __iter__(self) -> Thinking:
        return self

    def __next__(self) -> float:
        if self.result is not None:
            raise StopIteration(self.result)
        try:
            self.progress = next(self._steps)
        except StopIteration as done:
            self.result = done.value
            self.progress = 1.0
            raise StopIteration(done.value) from None
        return self.progress

    @property
    def done(self) -> bool:
        return self.result is not None

    def finish(self) -> Decision:
        """Run what is left and return the decision."""
        for _ in self:
            pass
        assert self.result is not None
        return self.result


def think(
    observation: Observation, level: str = "normal", seed: int = 0, budget: Budget | None = None
) -> Thinking:
    """The computer's decision for ``observation`` as an iterator (see :class:`Thinking`);
    ``budget``, for experiments, instead of the level's."""
    return Thinking(search(observation, level, seed, budget))


def decide(
    observation: Observation, level: str = "normal", seed: int = 0, budget: Budget | None = None
) -> Action:
    """The computer's action for ``observation`` at ``level`` (or with ``budget``, for
    experiments); the same seed, the same action."""
    return think(observation, level, seed, budget).finish().action


Player = Callable[[Observation, int], Action]


def player(spec: str) -> Player:
    """A player from its spec: ``mc:LEVEL``, ``heuristic:NAME``, ``random``, ``greedy``.

    For experiments, ``mc:PLAYOUTS``, ``mc:PLAYOUTS:EPS`` or
    ``mc:PLAYOUTS:EPS:SOLVE`` searches with that budget (:class:`Budget`);
    ``:read`` (or ``:readPOWER``) and ``:model`` after them turn those on.
    The player is called as ``play(observation, seed)``.
    """
    kind, _, arg = spec.partition(":")
    found = parse_search(arg) if kind == "mc" else None
    if found is not None:
        level, budget = found
        return lambda obs, seed: decide(obs, level, seed, budget)
    if kind == "heuristic" and arg in HEURISTICS:
        return _heuristic(arg)
    if kind in HEURISTICS and not arg:
        return _heuristic(kind)
    known = ", ".join([f"mc:{lv}" for lv in LEVELS] + [f"heuristic:{h}" for h in HEURISTICS])
    raise ValueError(f"'{spec}' is not a player; use one of {known}, random, greedy")


def parse_search(text: str) -> tuple[str, Budget | None] | None:
    """The search ``text`` names, as :func:`decide` takes it after the observation: a level,
    or for experiments a budget ``PLAYOUTS[:EPS[:SOLVE]]`` with its flags (searched as the
    levels are); ``None`` if ``text`` is neither. :func:`player`'s ``mc:`` reads it."""
    if text in LEVELS:
        return text, None
    budget = _budget(text)
    return None if budget is None else ("normal", budget)


def _budget(text: str) -> Budget | None:
    parts = text.split(":")
    flags = {p for p in parts[1:] if p.startswith("read") or p == "model"}
    parts = [p for p in parts if p not in flags]
    read = next((f.removeprefix("read") or "1" for f in flags if f.startswith("read")), "0")
    try:
        playouts = int(parts[0])
        eps = float(parts[1]) if len(parts) >= 2 else 1.0
        solve = int(parts[2]) if len(parts) == 3 else 0
        power = float(read)
    except ValueError:
        return None
    if len(parts) > 3 or playouts < 1 or not 0 <= eps <= 1 or solve < 0 or power < 0:
        return None
    return Budget(playouts, eps, solve=solve, solved=playouts, read=power, model="model" in flags)


def _heuristic(name: str) -> Player:
    play = HEURISTICS[name]
    return lambda obs, seed: play(obs, random.Random(seed))
