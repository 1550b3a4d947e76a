"""Fast playouts: a driver that plays a round out on its family's turn machine.

A playout only needs the rest of one round, played many thousand times per
decision, so it runs on the machine's representation (:mod:`game.rules.machine`):
a hand is an int whose bit ``i`` is tile ``i`` of the rule set's tile order, the
table the family's few numbers. Every rule a playout applies (what fits where, a
play and all that follows it, a draw or pass, how a round ends and pays) is its
family's machine, in :mod:`game.rules`; this module knows no family: it asks the
machine for the mover's plays, chooses one, and steps, until the machine says the
round is over. Longana and Mexican Train still run their own loops here (``play``).

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

from collections.abc import Callable
from functools import cache, cached_property, lru_cache
from typing import Any

import game.ai.model as model

from ..rules import Action, Blocked, Kind, RuleSet, State, Tile, family_of
from ..rules import longana as lg
from ..rules import mexican_train as mt
from ..rules.actions import ENDS
from ..rules.machine import Bits, Machine, RoundEnd
from ..rules.machine import Position as Position
from ..rules.tally import Num

END_INDEX = {name: i for i, name in enumerate(ENDS)}
First = tuple[int, int] | None  # a forced first move (tile index, place), as move_of gives
Watch = Callable[[tuple[Any, ...]], None]  # shown the table and the moves before each choice


Outcome = RoundEnd  # a round played out, as the engine's RoundResult would say it
Order = tuple[int, ...] | None  # a machine's places in canonical order (None: as numbered)


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
    (:mod:`game.rules.machine`), or with a family's own ``play`` where it has no machine yet
    (:func:`play_branches`, :func:`play_trains`; :func:`game.ai.families.kernel` makes a
    rule set's). ``modelled``: the playout follows :mod:`model` when asked (a plain line's)."""

    def __init__(self, rules: RuleSet[Any], play: Play | None, modelled: bool) -> None:
        self.rules = rules
        self.play = play
        make = family_of(rules).machine
        self.machine: Machine[Any] | None = make(rules) if make is not None else None
        self.modelled = modelled
        self.t = tables(rules.tiles)
        self.players = rules.players
        self.drawing = rules.drawing
        self.cuban = rules.blocked == Blocked.HAND
        self.passes = family_of(rules).passes
        # a mask of trains (mt.trains_open's) -> its trains in canonical order, filled as met
        self.trains_in_order: dict[int, tuple[int, ...]] = {}
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

    @cached_property
    def train_order(self) -> list[int]:
        """Mexican Train's trains in canonical order: by name, ``train 10`` before ``train 2``
        (the Mexican's index is the seats' count)."""
        names = [f"train {i + 1}" for i in range(self.players)] + ["train mexican"]
        return sorted(range(self.players + 1), key=names.__getitem__)

    def run(
        self,
        position: Position,
        rand: Callable[[], float],
        eps: float = 1.0,
        first: tuple[int, int] | None = None,
        model: bool = False,
        steps: int = 100000,
        watch: Watch | None = None,
    ) -> Outcome:
        """Play the round out from ``position`` (not changed); ``first`` forces the first play
        (in Mexican Train, or ``end``: :func:`move_of`).

        ``model`` (Block, Draw, Cuban) makes every choice by :mod:`model`'s
        softmax instead of ``eps``: playouts in which everyone plays like a player.
        ``steps`` and ``watch`` are Mexican Train's: the round is cut short after
        ``steps`` actions past ``first`` and scored from the pips in hand, as
        :func:`game.ai.playout.play_out` cuts the engine's; ``watch`` is shown
        the table and the legal moves before every choice (for the tests).
        """
        if self.play is not None:
            return self.play(self, position, rand, eps, first, model, steps, watch)
        m = self.machine
        assert m is not None  # a kernel has its family's machine or its own play
        r = m.round(position)
        places_of, play, stuck, order = m.places, m.play, m.stuck, m.order
        offers = m.offers if m.offering else None
        modelled = model and self.modelled
        always, sometimes = eps >= 1.0, eps > 0.0
        taken = 0 if first is None else -1  # the actions past ``first``
        while True:
            if taken >= steps:
                return m.end(r)
            places = places_of(r)
            if not places:
                first = None  # a forced move without a tile (``end``): what stuck makes
                over = stuck(r)
            else:
                if first is not None:
                    i, place = first
                    first = None
                elif modelled:
                    i, place = self._modelled(r.hands[r.mover], places, order, rand())
                elif always or (sometimes and rand() < eps):
                    i, place = _uniform(places, order, offers(r) if offers else 0, rand())
                else:
                    i, place = self._best(m, r, places, order)
                over = play(r, i, place) if i >= 0 else stuck(r)
            if over:
                return m.end(r)
            taken += 1

    def _run_branches(
        self,
        hands: list[int],
        ends: list[int],
        opened: tuple[int, ...],
        ranked: tuple[int, ...],
        p: int,
        side_scores: list[float],
        rand: Callable[[], float],
        eps: float,
        first: First,
    ) -> Outcome:
        """Longana: a branch per seat; ``opened`` lists the open ones in order.

        What a seat may put where is :func:`game.rules.longana.open_to`'s (with
        ``first_alike``); a pass opens its branch, a play of its owner closes it
        (``reopened``, ``closed``). A branch's place in ``opened`` is its place
        in ``ranked``, the order in which branches first opened this round. The
        round ends as ``round_over`` says and scores as ``round_points`` does.
        """
        t = self.t
        suit, other, width = t.suit, t.other, t.width
        allowed = _open_masks(t.doubles, (1 << len(t.tiles)) - 1)
        own_open, own_shut = allowed[True, True, False], allowed[True, False, False]
        first_open, later_open = allowed[False, True, True], allowed[False, True, False]
        shut = allowed[False, False, False]
        n = self.players
        rank = _ranks(ranked, n)
        while True:
            h = hands[p]
            if first is not None:
                i, b = first
                first = None
            else:
                places = []  # (branch, tiles playable there), branch 1 first
                count = 0
                rivals = None
                for b in range(n):
                    m = h & suit[ends[b]]
                    if not m:
                        continue
                    if b == p:
                        m &= own_open if b in opened else own_shut
                    elif b not in opened:
                        m &= shut
                    elif ends.count(ends[b]) > 1:  # else first_alike is true: none ends alike
                        if rivals is None:
                            rivals = [s != p and s in opened for s in range(n)]
                        alike = lg.first_alike(ends, rivals, rank, ends[b], rank[b])
                        m &= first_open if alike else later_open
                    else:
                        m &= first_open
                    if m:
                        places.append((b, m))
                        count += m.bit_count()
                if not count:  # the pass opens this seat's branch
                    if p not in opened:
                        ranked, opened = lg.reopened(ranked, opened, p)
                        rank = _ranks(ranked, n)
                    p = p + 1 if p + 1 < n else 0
                    continue
                if eps >= 1.0 or (eps > 0.0 and rand() < eps):
                    r = int(rand() * count)
                    for place, m in places:
                        c = m.bit_count()
                        if r < c:
                            while r:
                                m &= m - 1
                                r -= 1
                            i, b = (m & -m).bit_length() - 1, place
                            break
                        r -= c
                else:  # the heaviest tile, the first place in canonical order
                    best = -1
                    for place, m in places:
                        while m:
                            bit = m & -m
                            m ^= bit
                            x = bit.bit_length() - 1
                            if t.pips[x] > best:
                                best, i, b = t.pips[x], x, place
            h ^= 1 << i
            hands[p] = h
            ends[b] = other[i * width + ends[b]]
            if p in opened:
                opened = lg.closed(opened, p)
            playable = True
            if h:
                reach = 0
                for e in ends:
                    reach |= suit[e]
                for x in hands:
                    if x & reach:
                        break
                else:
                    playable = False
            if lg.round_over(h, playable):
                return self._end_branches(hands, p if not h else -1, side_scores)
            p = p + 1 if p + 1 < n else 0

    def _end_branches(self, hands: list[int], out: int, side_scores: list[float]) -> Outcome:
        """As :func:`game.rules.longana.round_points` scores the round and ends the match."""
        pips = [self.t.pip_total(h) for h in hands]
        how = "out" if out >= 0 else "blocked"
        out, points, over = _round_points(tuple(pips), out, tuple(side_scores), self.target)
        gained = [0.0] * self.players
        winners: tuple[int, ...] = ()
        if out >= 0:
            gained[out] = float(points)
            winners = (out + 1,)
        return Outcome(how, winners, tuple(gained), tuple(hands), bool(over))

    def _run_trains(
        self,
        hands: list[int],
        bone: list[int],
        table: mt.TrainTable,
        p: int,
        rand: Callable[[], float],
        eps: float,
        first: First,
        steps: int,
        watch: Watch | None,
    ) -> Outcome:
        """Mexican Train from a placed engine, by the rules' functions
        (:mod:`game.rules.mexican_train`), as the engine plays it.

        A seat plays on the trains ``trains_open`` gives (in its first turn a
        chain on its own, ended by ``end`` when ``may_end`` or a pass), again
        while ``goes_on``; with nothing to play it draws when ``draws`` says,
        else passes and its ``marker`` goes up; doubles left uncovered become
        obligations when ``binds``; the round ends when a hand ``goes_out`` or,
        the boneyard empty, nothing fits where a tile ``could_ever`` go, and
        scores each seat's ``penalty``. Choices are as on the line, over the
        legal actions in canonical order (``end`` before the plays; trains by
        name); the heuristic takes the heaviest tile.
        """
        t = self.t
        suit, other, width, pips, double, high = t.suit, t.other, t.width, t.pips, t.double, t.high
        n = self.players
        order, in_order = self.train_order, self.trains_in_order
        ends0, markers0, pending0, fresh0, firsts, played, drawn, last = table
        ends, markers, pending, fresh = list(ends0), list(markers0), tuple(pending0), tuple(fresh0)
        # the trains open by their markers as a mask (mt.trains_open), the Mexican's always
        marked = sum(1 << x for x, up in enumerate(markers) if up) | 1 << n
        every = (1 << n + 1) - 1  # every train
        bp, nb = 0, len(bone)
        done = 0  # actions taken after ``first``
        while True:
            h = hands[p]
            starting = firsts < n  # this seat's first turn
            if first is not None:
                i, b = first
                first = None
                if b < 0:
                    b = n
            else:
                if done >= steps:
                    return self._train_end(hands, "cut", False)
                done += 1
                oldest = 1 << pending[0][0] if pending else 0
                allowed = mt.trains_open(starting, 1 << p, marked, oldest, bool(pending))
                targets = in_order.get(allowed)  # the trains of the mask, in canonical order
                if targets is None:
                    targets = in_order[allowed] = tuple(x for x in order if allowed >> x & 1)
                places = []  # (train, tiles playable there), in canonical order
                count = 0
                for x in targets:
                    m = h & suit[ends[x]]
                    if m:
                        places.append((x, m))
                        count += m.bit_count()
                closing = mt.may_end(starting, played)  # ``end`` is legal
                if watch is not None:
                    moves = self._train_moves(places, closing, starting, bp < nb, drawn)
                    watch((p, tuple(hands), bp, tuple(ends), tuple(markers), tuple(pending),
                           tuple(fresh), firsts, played, drawn, moves))  # fmt: skip
                i = -1  # a play of tile i on train b, or an action without a tile
                if count:
                    if eps >= 1.0 or (eps > 0.0 and rand() < eps):
                        r = int(rand() * (count + closing))
                        if closing:
                            r -= 1  # r == -1: ``end``
                        if r >= 0:
                            for place, m in places:
                                c = m.bit_count()
                                if r < c:
                                    i, b = _nth_bit(m, r), place
                                    break
                                r -= c
                    else:  # the heaviest tile, the first in canonical order
                        best = -1
                        for place, m in places:
                            while m:
                                bit = m & -m
                                m ^= bit
                                x = bit.bit_length() - 1
                                if pips[x] > best:
                                    best, i, b = pips[x], x, place
                if i < 0:
                    if closing:  # end the first turn's chain
                        pass
                    elif mt.draws(starting, nb - bp, drawn):
                        hands[p] = h | (1 << bone[bp])
                        bp += 1
                        drawn = True
                        continue
                    else:  # a pass
                        markers[p] = mt.marker(markers[p], True, False)
                        marked |= markers[p] << p
            if i >= 0:
                h ^= 1 << i
                hands[p] = h
                ends[b] = other[i * width + ends[b]]
                if markers[p]:
                    markers[p] = mt.marker(True, False, b == p)
                    marked &= ~((not markers[p]) << p)
                if pending or fresh or double[i]:  # else nothing waits, nothing is left
                    pending, fresh = mt.covering(pending, fresh, b, high[i] if double[i] else None)
                played += 1
                drawn = False
                if mt.goes_on(starting, double[i], h):
                    continue
                if mt.goes_out(starting, h):
                    return self._train_end(hands, "out", last)
            # the turn ends: uncovered doubles bind, in the order placed
            firsts += starting
            if fresh:
                pending, fresh = mt.bound(pending, fresh, starting, firsts, n)
            p = p + 1 if p + 1 < n else 0
            played = 0
            drawn = False
            if firsts < n:
                continue
            if not all(hands):  # a hand emptied in a first turn goes out now (mt.goes_out)
                return self._train_end(hands, "out", last)
            if bp >= nb:  # no tile in any hand could ever be placed
                oldest = 1 << pending[0][0] if pending else 0
                ever = mt.could_ever(bool(pending), oldest, every)
                reach = 0
                for x in range(n + 1):
                    if ever >> x & 1:
                        reach |= suit[ends[x]]
                for x in hands:
                    if x & reach:
                        break
                else:
                    return self._train_end(hands, "blocked", last)

    def _train_end(self, hands: list[int], how: str, last: bool) -> Outcome:
        """Each seat's :func:`game.rules.mexican_train.penalty`; a round cut short ("cut") is
        scored so too."""
        pips = self.t.pip_total
        gained = tuple(float(mt.penalty(pips(h))) for h in hands)
        if how == "cut":
            return Outcome(how, (), gained, tuple(hands), False)
        winners = tuple(s + 1 for s, h in enumerate(hands) if not h)
        return Outcome(how, winners, gained, tuple(hands), last)

    def _train_moves(
        self,
        places: list[tuple[int, int]],
        closing: bool,
        starting: bool,
        boneyard: bool,
        drawn: bool,
    ) -> list[tuple[str, int, int]]:
        """The legal moves as (kind, tile, train) in canonical order, for ``watch``."""
        moves = [("end", -1, -1)] if closing else []
        for place, m in places:
            while m:
                bit = m & -m
                m ^= bit
                moves.append(("play", bit.bit_length() - 1, place))
        if not moves:
            lone = "draw" if not starting and boneyard and not drawn else "pass"
            moves.append((lone, -1, -1))
        return moves

    # -- the choices ------------------------------------------------------------------
    #
    # Each walks the places in canonical order and each place's tiles lowest first, and
    # takes from ``rand`` what the engine's playout (:mod:`.playout`) takes at the choice.

    def _modelled(self, h: int, places: tuple[int, ...], order: Order, r: float) -> tuple[int, int]:
        """The play :mod:`model` picks for ``r`` from the hand ``h``."""
        plays = []
        weights = []
        near, chance = self.t.near, self.t.chance
        for place in order or _NUMBERED[len(places)]:
            x = places[place]
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

    def _best(
        self, m: Machine[Any], r: Any, places: tuple[int, ...], order: Order
    ) -> tuple[int, int]:
        """The heuristic play: the greatest :func:`preference` of what the machine says a
        play does (the heaviest tile, where the machine ``weighs`` nothing else), the first
        in canonical order on a tie."""
        p = r.mover
        following = r.hands[p + 1 if p + 1 < self.players else 0]
        pips, effects, weighs = self.t.pips, m.effects, m.weighs
        best, choice = -1, (0, 0)
        for place in order or _NUMBERED[len(places)]:
            x = places[place]
            if not x:
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


# A family's playout from a position (:attr:`Kernel.play`), as :meth:`Kernel.run` is called.
Play = Callable[
    [Kernel, Position, Callable[[], float], float, First, bool, int, Watch | None], Outcome
]


def play_branches(
    k: Kernel,
    position: Position,
    rand: Callable[[], float],
    eps: float,
    first: First,
    model: bool,
    steps: int,
    watch: Watch | None,
) -> Outcome:
    """A round of Longana: a branch per seat (:meth:`Kernel._run_branches`)."""
    hands, bone, table, passes, p, side_scores = position
    ends, opened, ranked = table
    return k._run_branches(
        list(hands), list(ends), tuple(opened), tuple(ranked), p, side_scores, rand, eps, first
    )


def play_trains(
    k: Kernel,
    position: Position,
    rand: Callable[[], float],
    eps: float,
    first: First,
    model: bool,
    steps: int,
    watch: Watch | None,
) -> Outcome:
    """A round of Mexican Train from a placed engine (:meth:`Kernel._run_trains`)."""
    hands, bone, table, passes, p, side_scores = position
    return k._run_trains(list(hands), bone, table, p, rand, eps, first, steps, watch)


def preference(points: Num, stuck: Num, pips: Num) -> Num:
    """The heuristic play's rank, the greatest first: the ``points`` it scores at once (All
    Fives), then whether it leaves the next seat nothing to play (``stuck``), then the tile's
    ``pips``; one body for a play and an array of them (pips stay under 100)."""
    return points * 10000 + stuck * 100 + pips


# The rules' round ends, kept per distinct arguments: a decision's playouts end alike
# again and again, and a rule's arithmetic costs more than looking its answer up.
_MANY = 1 << 16


@lru_cache(maxsize=_MANY)
def _round_points(
    pips: tuple[int, ...], out: int, scores: tuple[float, ...], target: float
) -> tuple[Any, Any, Any]:
    return lg.round_points(pips, out, scores, target)


@cache
def _open_masks(doubles: int, every: int) -> dict[tuple[bool, bool, bool], int]:
    """:func:`game.rules.longana.open_to` of every tile (``every``) for each (own branch,
    opened, first alike): it takes each tile on its own, so a branch's tiles are those
    that fit its end and lie in the mask of its case (looked up, not worked out, per step)."""
    cases = [(own, opened, first) for own in (False, True) for opened in (False, True)
             for first in (False, True)]  # fmt: skip
    return {case: int(lg.open_to(*case, every, doubles)) for case in cases}


@cache
def _ranks(ranked: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Each branch's place in the order of first opening (``ranked``), NEVER if not opened.
    Cached: a handful of seats make few orders, and a pass asks again."""
    rank = [lg.NEVER] * n
    for k, s in enumerate(ranked):
        rank[s] = k
    return tuple(rank)


def _uniform(places: tuple[int, ...], order: Order, offers: int, r: float) -> tuple[int, int]:
    """The move a uniform draw ``r`` picks: the move without a tile the machine ``offers``
    (if any: ``(-1, -1)``) first, then ``places``' tiles in canonical order (every playout
    step that is random comes here: written for speed)."""
    k = int(r * (sum(map(int.bit_count, places)) + offers)) - offers
    if k < 0:
        return -1, -1
    for place in order or _NUMBERED[len(places)]:
        x = places[place]
        if not x:
            continue
        c = x.bit_count()
        if k < c:
            while k:
                x &= x - 1
                k -= 1
            return (x & -x).bit_length() - 1, place
        k -= c
    raise ValueError("no play to pick")


_NUMBERED = [tuple(range(n)) for n in range(64)]  # places in the order they are numbered


def _nth_bit(x: int, r: int) -> int:
    """The index of the ``r``-th set bit of ``x`` (0-based, lowest first)."""
    while r:
        x &= x - 1
        r -= 1
    return (x & -x).bit_length() - 1
