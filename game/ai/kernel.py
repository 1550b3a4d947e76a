"""Fast playouts: a driver that plays a round out on its family's turn machine.

A playout only needs the rest of one round, played many thousand times per
decision, so it runs on the machine's representation (:mod:`game.rules.machine`):
a hand is an int whose bit ``i`` is tile ``i`` of the rule set's tile order, the
table the family's few numbers. Every rule a playout applies (what fits where, a
play and all that follows it, a draw or pass, how a round ends and pays) is its
family's machine, in :mod:`game.rules`; this module knows no family: it asks the
machine for the mover's plays, chooses one, and steps, until the machine says the
round is over.

A playout's choices come from ``rand`` (a ``random.Random().random``): at a
choice between plays, with probability ``eps`` a uniformly random play in the
canonical order (every W play by tile order, then every E, then N, then S;
in Longana branch 1, then 2 … — :func:`game.ai.playout.canonical_key`),
otherwise the heuristic play: the
most points (All Fives), then one that leaves the next seat nothing to play,
then the heaviest tile; the first in canonical order on a tie. Draws and
passes are never a choice. :func:`game.ai.playout.engine_policy` makes the
same choices on engine states, which is what the tests compare against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import game.ai.model as model

from ..rules import Action, Blocked, Kind, RuleSet, State, Tile, family_of
from ..rules.actions import ENDS
from ..rules.machine import Bits, Machine, RoundEnd
from ..rules.machine import Position as Position
from ..rules.tally import Num

END_INDEX = {name: i for i, name in enumerate(ENDS)}


Outcome = RoundEnd  # a round played out, as the engine's RoundResult would say it


class Tables(Bits):
    """The rules' tile tables (:class:`~game.rules.machine.Bits`) with the computer's own:
    ``chance[i][c]``, the model's weight of tile ``i`` played from a hand of ``c``
    companions."""

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        super().__init__(tiles)
        self.chance = [
            [model.weight(self.pips[i], c, self.double[i]) for c in range(len(tiles))]
            for i in range(len(tiles))
        ]


@cache
def tables(tiles: tuple[Tile, ...]) -> Tables:
    return Tables(tiles)


def supports(state: State) -> bool:
    """Whether this state is in a phase the kernel plays (tiles going down in turn): a kernel
    is made for a family the computer has parts for (:mod:`.families`), each of which has
    its playout here."""
    return state.winner is None and state.in_play


def is_move(action: Action) -> bool:
    """Whether :meth:`Kernel.run` takes ``action`` as its ``first``: a play, or Mexican
    Train's ``end`` of a first turn's chain."""
    return action.tile is not None or action.kind == Kind.END


def move_of(action: Action, index: dict[Tile, int]) -> tuple[int, int]:
    """An engine action as a kernel move: (tile index, end index, -1 for a lead).

    In Longana the place is the branch's index (``branch 1`` is 0); in Mexican
    Train the train's (``train 1`` is 0, ``train mexican`` -1: the last), and
    ``end`` is (-1, -1).
    """
    if action.kind == Kind.END:
        return -1, -1
    if action.tile is None:
        raise ValueError(f"'{action}' is no move of the kernel's (see is_move)")
    tile = index[action.tile]
    where = action.where or ""
    if where.startswith("branch "):
        return tile, int(where.split()[1]) - 1
    if where.startswith("train "):
        name = where[6:]
        return tile, -1 if name == "mexican" else int(name) - 1
    return tile, END_INDEX.get(where, -1)


class Kernel:
    """Plays one rule set's rounds out from engine states on its family's turn machine
    (:mod:`game.rules.machine`; :func:`game.ai.families.kernel` makes a rule set's).
    ``modelled``: the playout follows :mod:`model` when asked (a plain line's)."""

    def __init__(self, rules: RuleSet[Any], modelled: bool) -> None:
        self.rules = rules
        make = family_of(rules).machine
        if make is None:
            raise LookupError(f"The rule family of {rules.name!r} has no turn machine")
        self.machine: Machine[Any] = make(rules)
        self.modelled = modelled
        self.t = tables(rules.tiles)
        self.players = rules.players
        self.drawing = rules.drawing
        self.cuban = rules.blocked == Blocked.HAND
        self.passes = family_of(rules).passes
        self.target = rules.options.get("target", 100)
        n = rules.players
        if rules.partners:
            self.side = [i % 2 for i in range(n)]
            self.sides = 2
        else:
            self.side = list(range(n))
            self.sides = n

    # -- from an engine state -----------------------------------------------------

    def position(self, state: State) -> Position:
        """The state as the kernel plays it: the hands as tile-bit masks, the boneyard as tile
        indices and the table as its family's numbers (``compact``: a
        :class:`~game.rules.line.LineTable`, a Longana
        :class:`~game.rules.longana.BranchTable` or a Mexican Train
        :class:`~game.rules.mexican_train.TrainTable`), scores per side; passes are a
        line's."""
        t = self.t
        hands = [t.mask(h) for h in state.hands]
        bone = [t.index[x] for x in state.boneyard]
        side_scores = [0.0] * self.sides
        for seat in range(self.players):
            side_scores[self.side[seat]] = float(state.scores[seat])
        passes = self.passes(state)
        return Position(hands, bone, state.compact(), passes, state.mover - 1, side_scores)

    # -- playing out ----------------------------------------------------------------

    def draws(self, position: Position, eps: float, model: bool = False) -> int:
        """At most how many times :meth:`run` calls ``rand`` from ``position``.

        A call comes only at a choice, and a choice ends in a play or, in a
        Mexican Train first turn, an ``end`` (once a seat): one call for it
        when every choice is random or modelled (on a line), two otherwise.
        So the search can draw a guessed world's stream once, ahead, and
        hand every candidate the same numbers.
        """
        tiles = sum(h.bit_count() for h in position.hands) + len(position.boneyard)
        tiles += self.players
        return tiles if eps >= 1.0 or (model and self.modelled) else 2 * tiles

    def run(
        self,
        position: Position,
        rand: Callable[[], float],
        eps: float = 1.0,
        first: tuple[int, int] | None = None,
        model: bool = False,
        steps: int = 100000,
    ) -> Outcome:
        """Play the round out from ``position`` (not changed); ``first`` forces the first play
        (in Mexican Train, or ``end``: :func:`move_of`).

        ``model`` (Block, Draw, Cuban) makes every choice by :mod:`model`'s
        softmax instead of ``eps``. ``steps`` (Mexican Train's): the round is cut
        short after ``steps`` actions past ``first`` and the machine scores it so,
        as :func:`game.ai.playout.play_out` cuts the engine's.

        Every playout step comes through this loop, thousands a decision: the machine's
        steps are bound once, and the uniform pick (the common choice) is written out here.
        """
        m = self.machine
        r = m.round(position)
        places_of, play, stuck, end = m.places, m.play, m.stuck, m.end
        modelled = model and self.modelled
        always, sometimes = eps >= 1.0, eps > 0.0
        bit_count = int.bit_count
        if first is not None:  # dropped when the mover has no play: stuck is all it can do
            i, place = first
            over = play(r, i, place) if i >= 0 and places_of(r)[0] else stuck(r)
            if over:
                return end(r)
        for _ in range(steps):
            count, places = places_of(r)
            if not count:
                if stuck(r):
                    return end(r)
                continue
            if modelled:
                i, place = self._modelled(r.hands[r.mover], places, rand())
            elif always or (sometimes and rand() < eps):
                k = int(rand() * count)  # the k-th move in canonical order
                for place, x in places:  # noqa: B007 - the place broken at is the pick's
                    c = bit_count(x)
                    if k < c:
                        break
                    k -= c
                while k:
                    x &= x - 1
                    k -= 1
                i = (x & -x).bit_length() - 1
            else:
                i, place = self._best(m, r, places)
            if stuck(r) if place < 0 else play(r, i, place):  # place -1: the move without a tile
                return end(r)
        return end(r)

    def _modelled(self, h: int, places: Sequence[tuple[int, int]], r: float) -> tuple[int, int]:
        """The play :mod:`model` picks for ``r`` from the hand ``h``."""
        plays = []
        weights = []
        near, chance = self.t.near, self.t.chance
        for place, x in places:
            if place < 0:
                continue  # the model plays tiles
            while x:
                bit = x & -x
                x ^= bit
                i = bit.bit_length() - 1
                plays.append((i, place))
                weights.append(chance[i][(h & near[i]).bit_count() - 1])
        if len(plays) == 1:  # one play: what the softmax picks for any r
            return plays[0]
        target = r * sum(weights)  # model.pick, inlined: the same sum, the same steps
        for k, w in enumerate(weights):
            target -= w
            if target < 0:
                return plays[k]
        return plays[-1]

    def _best(self, m: Machine[Any], r: Any, places: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """The heuristic play: the greatest :func:`preference` of what the machine says a
        play does (the heaviest tile, where the machine ``weighs`` nothing else), the first
        in canonical order on a tie; never the move without a tile."""
        p = r.mover
        following = r.hands[p + 1 if p + 1 < self.players else 0]
        pips, effects, weighs = self.t.pips, m.effects, m.weighs
        best, choice = -1, (0, 0)
        for place, x in places:
            if place < 0:
                continue
            points, fits = effects(r, place, x) if weighs else (None, None)
            while x:
                low = x & -x
                x ^= low
                i = low.bit_length() - 1
                if fits is None:
                    key = pips[i]
                else:
                    key = preference(points[i] if points else 0, not following & fits[i], pips[i])
                if key > best:
                    best, choice = key, (i, place)
        return choice


def preference(points: Num, stuck: Num, pips: Num) -> Num:
    """The heuristic play's rank, the greatest first: the ``points`` it scores at once (All
    Fives), then whether it leaves the next seat nothing to play (``stuck``), then the tile's
    ``pips``; one body for a play and an array of them (pips stay under 100)."""
    return points * 10000 + stuck * 100 + pips
