"""Mexican Train (docs/rules/mexican-train.md, MT-01 … MT-20): double-twelve trains, 13 rounds.

A round runs in three stages. At its start the engine search is automatic
(MT-05: no action; the log shows only how many tiles each seat drew); then the
engine's holder is to move and may only ``engine D-D`` (MT-04). Next comes one
*first turn* per seat, clockwise from the holder, each a chain on the seat's
own train (MT-07 … MT-09). After that, *later turns*: one tile, or more after
doubles (MT-10 … MT-16), until a hand is empty or a true block (MT-17).

The table, as state fields (train index ``i < players`` is seat ``i + 1``'s
train, index ``players`` the Mexican train):

- ``trains[i]`` — the train's tiles in the order placed, outward from the
  engine; ``ends[i]`` is its open number (the engine's while it is empty).
- ``markers[seat - 1]`` — True while that seat's train is open to everyone.
- ``pending`` — binding obligations ``(train index, double)``, oldest first;
  only the oldest may be covered (MT-15).
- ``fresh`` — doubles left uncovered in the current turn, or in first turns
  until every seat has had one (MT-09, MT-14); they join ``pending`` in the
  order placed when the turn (or the first-turn lap) ends.
- ``firsts`` — how many seats have had their first turn; the seat to move is
  in its first turn exactly while ``firsts < players``.
- ``played`` — tiles the seat to move has played this turn: in a first turn,
  ``end`` needs one; in a later turn, a positive count means the last tile
  was a double and another is owed (MT-14).
- ``drawn`` — whether the seat to move has drawn for this chance (MT-12).

Readings of the spec (checked against card 003):

- ``first`` is where round 1's engine search starts (MT-05); it does not pick
  the engine's holder, since only the holder can place the engine.
- MT-17: obligations are covered oldest first, so only the oldest can make a
  block; an impossible one further back blocks at the start of the first turn
  in which it is the oldest.
- ``Event.lacks`` on a draw or pass shows only what the seat could have played
  then: while an obligation waits, the tiles with its number; after the seat's
  own double (MT-14) or with none waiting, every number it may normally play
  on; on a first-turn pass, the engine's number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

import game.rules.tally as tally

from .actions import DRAW, END, PASS, Action, Kind
from .base import Deal, Event, RuleSet, State
from .errors import ConfigError, IllegalAction, Place
from .family import Family, register_family
from .machine import (
    NO_PLACES,
    WITHOUT_TILE,
    Kept,
    Places,
    Position,
    RoundEnd,
    bits,
    leaves,
    next_seat,
)
from .options import FIRST, HAND_SIZE
from .presets import Preset
from .registry import register
from .results import Outcome, RoundResult, Scoring
from .tally import Num
from .tiles import Tile, pip_total, tile, tiles_with
from .traits import Blocked, First, TableKind


class TrainsState(State):
    """A trains table (Mexican Train): the common fields plus the engine and the trains (see
    the module docstring); consumers narrow a ``State`` to it with ``isinstance`` or ``match``."""

    __slots__ = (
        "start",  # the seat where this round's engine search began (MT-05)
        "engine",  # the engine on the table; None while its holder has yet to place it
        "trains",  # per seat, then the Mexican train: tiles outward from the engine
        "ends",  # the open number of each train
        "markers",  # per seat: True while that seat's train is open (marker up)
        "pending",  # binding obligations (train index, double), oldest first
        "fresh",  # uncovered doubles not binding yet (this turn, or the first-turn lap)
        "firsts",  # seats that have had their first turn this round
        "played",  # tiles played in the current turn
        "drawn",  # the seat to move has drawn for this chance to play
    )

    start: int
    engine: Tile | None
    trains: tuple[tuple[Tile, ...], ...]
    ends: tuple[int | None, ...]
    markers: tuple[bool, ...]
    pending: tuple[tuple[int, Tile], ...]
    fresh: tuple[tuple[int, Tile], ...]
    firsts: int
    played: int
    drawn: bool

    @property
    def in_play(self) -> bool:
        return self.engine is not None

    def compact(self) -> TrainTable:
        return compact(self)


class TrainTable(NamedTuple):
    """The trains as numbers, as the computer's playouts hold them (:func:`compact`); a train
    is its index (the seats' from 0, then the Mexican)."""

    ends: list[int]  # each train's open number
    markers: list[bool]  # per seat: its train is open (marker up)
    pending: list[tuple[int, int]]  # the binding obligations as (train, number), oldest first
    fresh: list[tuple[int, int]]  # the uncovered doubles not binding yet, as (train, number)
    firsts: int  # the seats that have had their first turn this round
    played: int  # the tiles played in this turn
    drawn: bool  # whether the seat to move drew for this chance to play
    last: bool  # whether this is the match's last round


def compact(state: TrainsState) -> TrainTable:
    """``state``'s trains as numbers (:class:`TrainTable`), once the engine is down."""
    if state.engine is None:
        raise ValueError("the trains have no numbers before the engine is placed")
    return TrainTable(
        [e for e in state.ends if e is not None],  # every train's, the engine down
        list(state.markers),
        [(i, d.high) for i, d in state.pending],
        [(i, d.high) for i, d in state.fresh],
        state.firsts,
        state.played,
        state.drawn,
        state.round == state.rules.rounds,
    )


PLAYING = ""  # :attr:`TrainRound.how` while the round goes on
# The rank of a train where no double waits (:class:`TrainRound`): above any rank (a round
# ranks each of its doubles once), and a small int Python shares, so that a playout step's
# sums with it make no new int (1 << 30, a two-digit int, cost the scalar playouts ~0.6 %).
NEVER = 256


@dataclass(slots=True)
class TrainRound:
    """A Mexican Train round as :class:`Machine` steps it, from a placed engine: seats from 0,
    hands as tile-bit masks, a train as its index (the seats' from 0, then the Mexican).

    The doubles waiting are held by train, as the rank they were left in (:data:`NEVER`:
    none), so that a step reads and writes one train's entry, and the computer's batch
    holds the same numbers, a row per round: ``bound`` the obligations (the oldest the
    lowest rank, :func:`trains_open`), ``fresh`` the doubles not binding yet
    (:func:`binds`). A train holds one at most, and a waiting double's number is its
    train's end (nothing has been laid past it)."""

    hands: list[int]
    mover: int
    boneyard: list[int]  # tile indices, top first
    drawn: int  # the tiles taken from the boneyard's top
    ends: list[int]  # each train's open number
    markers: list[bool]  # per seat: its train is open (marker up)
    marked: int  # the trains open by their markers as a mask, the Mexican's always
    bound: list[int]  # per train, its obligation's rank (NEVER: none)
    fresh: list[int]  # per train, its fresh double's rank (NEVER: none)
    owed: int  # how many obligations wait
    oldest: int  # the oldest obligation's train (while one is owed)
    new: int  # how many fresh doubles wait
    ranks: int  # the ranks given this round: the next double's
    firsts: int  # the seats that have had their first turn this round
    played: int  # the tiles played in this turn
    drew: bool  # the seat to move drew for this chance to play
    last: bool  # this is the match's last round
    how: str = PLAYING  # how the round ended: "out" or "blocked"

    def copy(self) -> TrainRound:
        """A round to step on (the boneyard is read only, shared)."""
        return TrainRound(
            list(self.hands),
            self.mover,
            self.boneyard,
            self.drawn,
            list(self.ends),
            list(self.markers),
            self.marked,
            list(self.bound),
            list(self.fresh),
            self.owed,
            self.oldest,
            self.new,
            self.ranks,
            self.firsts,
            self.played,
            self.drew,
            self.last,
            self.how,
        )


class Machine:
    """Mexican Train's turn machine (MT-07 … MT-18) on a :class:`TrainRound`
    (:mod:`game.rules.machine`): the one place a turn's step is written, for the engine's
    ``legal_actions`` and ``apply`` and for the computer's playouts.

    A seat plays on the trains :func:`trains_open` gives (in its first turn a chain on its
    own, ended by ``end`` when :func:`may_end`, or a pass), again while :func:`goes_on`;
    with nothing to play it draws when :func:`draws` says, else passes and its
    :func:`marker` goes up; a tile laid covers what :func:`covered` says, and doubles
    left uncovered become obligations (:func:`joined`) when they :func:`binds`; the round
    ends when a hand :func:`goes_out` or, the boneyard empty, nothing fits where a tile
    :func:`could_ever` go, and each seat pays its :func:`penalty`. The batch's row steps
    (``*_rows``) call the same functions on arrays.
    """

    weighs = False  # the playouts' heuristic play is the heaviest tile: no effect to weigh

    def __init__(self, rules: RuleSet[Any]) -> None:
        b = self.bits = bits(rules.tiles)
        # the tables a step reads, one lookup each; its play and turn's end write out
        # machine.leaves and machine.next_seat (a call would cost every playout step ~2 %)
        self.suit, self.double = b.suit, b.double
        self.other, self.width = b.other, b.width
        n = self.players = rules.players
        self.rounds = rules.rounds
        names = [f"train {i + 1}" for i in range(n)] + ["train mexican"]
        # the trains in canonical order: by name, ``train 10`` before ``train 2``
        self.order = tuple(sorted(range(n + 1), key=names.__getitem__))
        self.every = (1 << n + 1) - 1  # every train
        # a mask of trains -> its trains in canonical order
        self._trains: dict[int, tuple[int, ...]] = {}

    def round(self, position: Position) -> TrainRound:
        table = position.table
        n = self.players
        markers = list(table.markers)
        marked = sum(1 << x for x, up in enumerate(markers) if up) | 1 << n
        pending, fresh = table.pending, table.fresh
        bound = [NEVER] * (n + 1)
        new = list(bound)
        for k, (x, _) in enumerate(pending):  # ranked in the order placed
            bound[x] = k
        for k, (x, _) in enumerate(fresh, len(pending)):
            new[x] = k
        return TrainRound(
            list(position.hands),
            position.mover,
            position.boneyard,  # read only: drawn counts the tiles taken
            0,
            list(table.ends),
            markers,
            marked,
            bound,
            new,
            len(pending),
            pending[0][0] if pending else 0,
            len(fresh),
            len(pending) + len(fresh),
            table.firsts,
            table.played,
            table.drawn,
            table.last,
        )

    def places(self, r: TrainRound) -> Places:
        """The trains the mover may put tiles on now (in canonical order), each with those
        tiles; ``end`` first while a first turn's chain may end (MT-07) and a tile fits."""
        owing = r.owed > 0
        first = r.firsts < self.players
        # MT-07, MT-10, MT-15: the trains the mover may play on now, as a mask
        allowed = trains_open(first, 1 << r.mover, r.marked, owing << r.oldest, owing)
        targets = self._trains.get(allowed)
        if targets is None:
            targets = self._trains[allowed] = tuple(x for x in self.order if allowed >> x & 1)
        suit = self.suit
        h = r.hands[r.mover]
        ends = r.ends
        places = []
        count = 0
        for x in targets:
            m = h & suit[ends[x]]
            if m:
                places.append((x, m))
                count += m.bit_count()
        if not count:
            return NO_PLACES
        if first and may_end(first, r.played):  # only a first turn's chain may end
            places.insert(0, WITHOUT_TILE)
            count += 1
        return count, places

    def play(self, r: TrainRound, tile: int, place: int) -> bool:
        """The mover puts ``tile`` on train ``place`` (-1: the Mexican): its marker as
        :func:`marker` leaves it, the train's doubles waiting as :func:`covered` leaves them;
        it plays again while :func:`goes_on`, goes out (:func:`goes_out`), or its turn ends."""
        n = self.players
        if place < 0:
            place = n
        p = r.mover
        starting = r.firsts < n
        hands = r.hands
        h = hands[p] ^ 1 << tile
        hands[p] = h
        ends = r.ends
        ends[place] = self.other[tile * self.width + ends[place]]  # machine.leaves, written out
        if r.markers[p]:
            up = r.markers[p] = marker(True, False, place == p)
            if not up:
                r.marked &= ~(1 << p)
        double = self.double[tile]
        if r.owed or r.new or double:  # else nothing waits, nothing is left
            oldest = r.owed > 0 and r.oldest == place
            bound, fresh = r.bound, r.fresh
            r.new += double - (fresh[place] != NEVER)
            bound[place], fresh[place] = covered(bound[place], oldest, double, r.ranks)
            r.ranks += double
            if oldest:
                r.owed -= 1
                r.oldest = bound.index(min(bound))
        r.played += 1
        r.drew = False
        if goes_on(starting, double, h):
            return False
        if not h and goes_out(starting, h):  # (a hand with tiles never goes out)
            r.how = "out"
            return True
        return self.end_turn(r)

    def stuck(self, r: TrainRound) -> bool:
        """The mover ends its first turn's chain (MT-07), or with nothing to play draws
        (MT-11, MT-12) or passes, raising its marker (MT-08, MT-11)."""
        p = r.mover
        starting = r.firsts < self.players
        if may_end(starting, r.played):
            return self.end_turn(r)
        if draws(starting, len(r.boneyard) - r.drawn, r.drew):
            r.hands[p] |= 1 << r.boneyard[r.drawn]
            r.drawn += 1
            r.drew = True
            return False
        up = r.markers[p] = marker(r.markers[p], True, False)
        r.marked |= up << p
        return self.end_turn(r)

    def end_turn(self, r: TrainRound) -> bool:
        """The turn ends: uncovered doubles bind (:func:`joined`), the next seat moves; the
        round ends when the lap of first turns ends with a hand emptied in one (MT-09), or
        the boneyard empty, no tile in any hand could ever be placed (MT-17)."""
        n = self.players
        starting = r.firsts < n
        r.firsts += starting
        if r.new and binds(starting, r.firsts, n):
            bound, fresh = r.bound, r.fresh
            for _ in range(r.new):  # the trains with a fresh double, each joined once
                x = fresh.index(min(fresh))
                bound[x], fresh[x] = joined(bound[x], fresh[x])
            r.owed = len(bound) - bound.count(NEVER)
            r.oldest = bound.index(min(bound))
            r.new = 0
        p = r.mover
        r.mover = p + 1 if p + 1 < n else 0  # machine.next_seat, written out
        r.played = 0
        r.drew = False
        if r.firsts < n:
            return False
        hands = r.hands
        # MT-09: hands emptied in first turns go out as the lap ends (later a play that
        # empties a hand has ended the round: goes_out)
        if starting and not all(hands):
            r.how = "out"
            return True
        if r.drawn < len(r.boneyard):
            return False
        owing = r.owed > 0
        ever = could_ever(owing, owing << r.oldest, self.every)
        suit, ends = self.suit, r.ends
        reach = 0
        for x in _trains(ever):
            reach |= suit[ends[x]]
        for h in hands:  # noqa: SIM110 - a loop: any() of a generator costs a playout more
            if h & reach:
                return False
        r.how = "blocked"
        return True

    def effects(self, r: TrainRound, place: int, tiles: int) -> tuple[None, tuple[int, ...]]:
        return None, ()  # not asked (:attr:`weighs`)

    def end(self, r: TrainRound) -> RoundEnd:
        """MT-16, MT-18: each seat's :func:`penalty`; a round cut short (the computer's
        ``steps``, "cut") is scored so too, and nobody won it."""
        pips = self.bits.pip_total
        hands = tuple(r.hands)
        gained = tuple([float(penalty(pips(h))) for h in hands])
        if r.how == PLAYING:
            return RoundEnd("cut", (), gained, hands, False)
        winners = tuple([s + 1 for s, h in enumerate(hands) if not h])
        return RoundEnd(r.how, winners, gained, hands, r.last)

    # -- many rounds at once (:class:`~game.rules.machine.Rows`): the same steps on arrays --

    def rows(self, r: TrainRound, spread: Any) -> dict[str, Any]:
        """The round's fields as the batch's rows (the match's last round is
        ``rows.start``'s)."""
        numbers = {
            "drawn": r.drawn,  # the tiles taken from the boneyard's top
            "ends": r.ends,
            "marked": r.marked,
            "bound": r.bound,
            "fresh": r.fresh,
            "owed": r.owed,
            "oldest": r.oldest,
            "new": r.new,
            "ranks": r.ranks,
            "firsts": r.firsts,
            "played": r.played,
            "drew": r.drew,
            "going": r.how == PLAYING,
        }
        return {name: spread(value) for name, value in numbers.items()}

    def fits_rows(self, rows: Any, b: Any, held: Any) -> tuple[Any, Any]:
        """:meth:`places` of every round: per train in canonical order (:attr:`order`), the
        tiles of ``held`` (each round's mover's, rows of words) that may go there (rounds x
        trains x words); and where ``end`` is offered beside them."""
        first = rows.firsts < self.players
        oldest = self._oldest(rows)
        allowed = trains_open(first, 1 << rows.mover, rows.marked, oldest, rows.owed > 0)
        order = rows.order  # the driver's array of :attr:`order`
        ends = rows.ends[:, order] | _shut(allowed, order)
        return b.suit[ends] & held[:, None, :], may_end(first, rows.played) * 1

    def play_rows(self, rows: Any, b: Any, q: Any, tile: Any, place: Any) -> Any:
        """:meth:`play` in the rounds ``q``: whether each is over."""
        return self.move_rows(rows, b, q, tile, place, q[:0])[q]

    def stuck_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`stuck` in the rounds ``q``: whether each is over."""
        return self.move_rows(rows, b, q[:0], q[:0], q[:0], q)[q]

    def move_rows(self, rows: Any, b: Any, plays: Any, tile: Any, place: Any, stuck: Any) -> Any:
        """:meth:`play_rows` in the rounds ``plays`` and :meth:`stuck_rows` in the rounds
        ``stuck`` (none in both), the turns that end then ending together
        (:meth:`end_turn`): whether each round is over (all of them, a row each)."""
        over = rows.mover < 0
        turning = over.copy()
        if len(plays):
            out, on = self._plays(rows, plays, tile, place, b)
            over[plays[out]] = True
            turning[plays[on]] = True
        if len(stuck):
            turning[stuck[~self._draws(rows, stuck, b)]] = True
        q = turning.nonzero()[0]
        if len(q):
            over[q] = self._turn_ends(rows, q, b)
        return over

    def effects_rows(self, rows: Any, b: Any, q: Any) -> Any:
        raise NotImplementedError  # not asked (:attr:`weighs`)

    def _plays(self, rows: Any, q: Num, tile: Num, place: Num, b: Any) -> tuple[Num, Num]:
        """:meth:`play` in the rounds ``q``, up to the turn's end: which of them
        went out, and in which the turn ends."""
        n = self.players
        place = place % (n + 1)  # -1: the Mexican, n
        p = rows.mover[q]
        starting = rows.firsts[q] < n
        h = rows.hands[q, p] ^ b.bit[tile]
        rows.hands[q, p] = h
        left = h.any(axis=-1)
        rows.ends[q, place] = leaves(b, tile, rows.ends[q, place])
        up = marker(rows.marked[q] >> p & 1 == 1, False, place == p)
        rows.marked[q] = rows.marked[q] & ~(1 << p) | up << p
        double = b.double[tile]
        fresh = rows.fresh[q, place]
        oldest = (rows.owed[q] > 0) & (rows.oldest[q] == place)
        waiting = covered(rows.bound[q, place], oldest, double, rows.ranks[q])
        rows.bound[q, place], rows.fresh[q, place] = waiting
        rows.owed[q] -= oldest
        met = q[oldest]
        rows.oldest[met] = rows.bound[met].argmin(axis=1)
        rows.new[q] += double
        rows.new[q] -= fresh != NEVER
        rows.ranks[q] += double
        rows.played[q] += 1
        rows.drew[q] = False
        out = goes_out(starting, left)
        rows.going[q] = ~out
        return out, ~goes_on(starting, double, left) & ~out

    def _draws(self, rows: Any, q: Num, b: Any) -> Num:
        """:meth:`stuck` in the rounds ``q``, up to the turn's end: which of them
        drew (their turns go on)."""
        n = self.players
        p = rows.mover[q]
        starting = rows.firsts[q] < n
        chain = may_end(starting, rows.played[q])
        drawing = draws(starting, rows.boneyard.shape[1] - rows.drawn[q], rows.drew[q]) & ~chain
        d = q[drawing]
        rows.hands[d, p[drawing]] |= b.bit[rows.boneyard[rows.ids[d], rows.drawn[d]]]
        rows.drawn[d] += 1
        rows.drew[d] = True
        up = marker(rows.marked[q] >> p & 1 == 1, ~drawing & ~chain, False)
        rows.marked[q] = rows.marked[q] & ~(1 << p) | up << p
        return drawing

    def _turn_ends(self, rows: Any, q: Num, b: Any) -> Num:
        """:meth:`end_turn` in the rounds ``q``. Returns which of them ended."""
        n = self.players
        starting = rows.firsts[q] < n
        ended = starting & False
        later = ~ended  # the lap of first turns is over: in every round but where it goes on
        if starting.any():
            rows.firsts[q] += starting
            later = binds(starting, rows.firsts[q], n)
            lap = later & starting  # hands emptied in first turns go out as the lap ends
            if lap.any():
                ended[lap] = ~rows.hands[q[lap]].any(axis=-1).all(axis=1)
        m = q[later & (rows.new[q] > 0)]
        if len(m):
            rows.bound[m], rows.fresh[m] = joined(rows.bound[m], rows.fresh[m])
            rows.owed[m] = (rows.bound[m] < NEVER).sum(axis=1)
            rows.oldest[m] = rows.bound[m].argmin(axis=1)
            rows.new[m] = 0
        rows.mover[q] = next_seat(rows.mover[q], n)
        rows.played[q] = 0
        rows.drew[q] = False
        dry = later & ~ended & (rows.drawn[q] >= rows.boneyard.shape[1])
        if dry.any():  # nothing could ever be placed: blocked
            r = q[dry]
            ever = could_ever(rows.owed[r] > 0, self._oldest(rows, r), self.every)
            suits = b.suit[rows.ends[r] | _shut(ever, b.index[: n + 1])]
            reach = suits[:, 0]  # the tiles that could ever go on some train
            for x in range(1, n + 1):
                reach = reach | suits[:, x]
            ended[dry] = ~(rows.hands[r] & reach[:, None, :]).any(axis=(1, 2))
        rows.going[q] = ~ended
        return ended

    def _oldest(self, rows: Any, q: Num = slice(None)) -> Num:
        """The oldest obligation's train in the rounds ``q``, as a mask (0: none)."""
        return (rows.owed[q] > 0) * (1 << rows.oldest[q])

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[Any, Any, Any]:
        """:meth:`end` of the rounds ``q``: each seat's :func:`penalty` and whether it went
        out (a column per seat), and whether the match is over; nobody wins a round cut
        short, and it ends no match."""
        held = rows.hands[q]
        over = ~rows.going[q]
        out = ~held.any(axis=-1) & over[:, None]
        return penalty(b.pip_total(held)), out, over & rows.start.last


@register("mexican_train")
class MexicanTrain(RuleSet[TrainsState]):
    """MT-01 … MT-20 on the double-twelve set, 2–10 seats."""

    declared = {"hand_size": HAND_SIZE, "first": FIRST}

    table_kind = TableKind.TRAINS
    first = First.ENGINE
    drawing = True  # MT-12
    lowest_wins = True  # MT-19
    blocked = Blocked.PENALTY  # MT-18

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(preset, players, options)
        self.rounds = self.double + 1  # MT-03: 12-12 down to 0-0
        n = players
        self._where = tuple(f"train {s}" for s in range(1, n + 1)) + ("train mexican",)
        self._index = {where: i for i, where in enumerate(self._where)}
        # Shared Action objects: legal_actions builds no new ones.
        self._plays = {
            (t, i): Action(Kind.PLAY, t, where)
            for t in self.tiles
            for i, where in enumerate(self._where)
        }
        # per train, its plays by tile index (the machine's order, which is the set's)
        self._rows = [[self._plays[(t, i)] for t in self.tiles] for i in range(n + 1)]
        self._engines = {t: Action(Kind.ENGINE, t) for t in self.tiles if t.is_double}
        self._lacks: dict[frozenset[int | None], frozenset[Tile]] = {}
        self.machine = Machine(self)
        self._doubles = {t.high: t for t in self.tiles if t.is_double}
        self._kept = Kept(self.machine, self._read, self.players + 1)

    # -- the API -------------------------------------------------------------

    def new_match(
        self,
        seed: int,
        deals: Sequence[Deal | Mapping[str, Any]] | None = None,
        first: int | None = None,
    ) -> TrainsState:
        """Round 1 after its engine search; ``first`` is the search's start seat (MT-05)."""
        explicit = self.read_deals(deals)
        for number, deal in enumerate(explicit[: self.rounds], 1):
            engine = self.engine_of(number)
            if engine in deal.unused:
                raise ConfigError(f"Deal {number} sets aside {engine}, the engine of its round")
        state = self.fresh_state(
            TrainsState,
            seed,
            explicit,
            start=self.option_first(first) or 1,
            **self._bare_table(),
        )
        return self._start_round(state)

    def legal_actions(self, state: TrainsState) -> tuple[Action, ...]:
        seat = state.to_move
        if seat is None:
            return ()
        if state.engine is None:  # MT-04
            return (self._engines[self.engine_of(state.round)],)
        plays = self._legal_plays(state)
        first = state.firsts < self.players
        if may_end(first, state.played):
            return self.offer(state, plays + (END,))
        if plays:  # MT-11
            return self.offer(state, plays)
        if draws(first, len(state.boneyard), state.drawn):
            return (DRAW,)
        return (PASS,)

    def _apply(self, state: TrainsState, action: Action) -> TrainsState:
        seat = state.to_move
        if seat is None:
            raise IllegalAction("The match is over")
        kind = action.kind
        if state.engine is None:
            return self._place_engine(state, seat, action)
        if kind == "play":
            return self._play(state, seat, action)
        if kind == "draw":
            return self._draw(state, seat)
        if kind == "pass":
            return self._pass(state, seat)
        if kind == "end":
            return self._end(state, seat)
        if kind == "engine":
            raise IllegalAction("The engine {tile} is already on the table", tile=state.engine)
        raise IllegalAction("'{action}' is not a move in {game}", action=action, game=self.game)

    def placed(self, state: TrainsState) -> tuple[Tile, ...]:
        engine = state.engine
        if engine is None:
            return ()
        return (engine,) + tuple(t for train in state.trains for t in train)

    def engine_of(self, round_: int) -> Tile:
        """MT-03: round r is opened with the double 13 − r (12-12 first, 0-0 last)."""
        number = self.double + 1 - round_
        return tile(number, number)

    def train_name(self, index: int, seat: int | None = None) -> Place:
        """``"Seat 3's train"``, ``"the Mexican train"``, or ``"your train"`` for ``seat``'s own
        (in English; a screen names the place, ``train 3``, in its language)."""
        if index == self.players:
            return Place("train mexican", "the Mexican train")
        where = f"train {index + 1}"
        if seat is not None and index == seat - 1:
            return Place(where, "your train")
        return Place(where, f"Seat {index + 1}'s train")

    # -- where a seat may play -------------------------------------------------

    def _read(self, state: TrainsState) -> TrainRound:
        """``state``'s round, read from its fields."""
        m = self.machine
        bits, index = m.bits, m.bits.index
        hands = [bits.mask(h) for h in state.hands]
        bone = [index[t] for t in state.boneyard]
        position = Position(hands, bone, compact(state), 0, state.mover - 1, [])
        return m.round(position)

    def _legal_plays(self, state: TrainsState) -> tuple[Action, ...]:
        """The plays, train by train, each train's in the order of the hand."""
        index = self.machine.bits.index
        held = [index[t] for t in state.hands[state.mover - 1]]
        moves: list[Action] = []
        for i, fits in enumerate(self._kept.places(state)):
            if fits:
                row = self._rows[i]
                moves += [row[k] for k in held if fits >> k & 1]
        return tuple(moves)

    def _can_play(self, state: TrainsState) -> bool:
        return bool(self._kept.places(state))

    def _lacking(self, state: TrainsState, seat: int) -> frozenset[Tile]:
        """The tiles a seat that cannot play now is shown not to hold."""
        pending = state.pending
        oldest = 1 << pending[0][0] if pending else 0
        first = state.firsts < self.players
        allowed = trains_open(first, 1 << (seat - 1), _marked(state.markers), oldest, bool(pending))
        numbers = frozenset(state.ends[i] for i in _trains(allowed))
        lacks = self._lacks.get(numbers)
        if lacks is None:
            lacks = frozenset().union(*(tiles_with(self.double, x) for x in numbers))
            self._lacks[numbers] = lacks
        return lacks

    # -- the moves -----------------------------------------------------------

    def _place_engine(self, state: TrainsState, seat: int, action: Action) -> TrainsState:
        """MT-04, MT-06: the holder places the engine, then takes the first turn."""
        engine = self.engine_of(state.round)
        if action.kind != "engine":
            raise IllegalAction("Place the engine {tile} first", tile=engine)
        if action.tile != engine:
            raise IllegalAction("This round's engine is {tile}", tile=engine)
        hands = list(state.hands)
        hand = hands[seat - 1]
        i = hand.index(engine)
        hands[seat - 1] = hand[:i] + hand[i + 1 :]
        state = state.evolve(
            hands=tuple(hands),
            engine=engine,
            ends=(engine.high,) * (self.players + 1),
            log=state.log + (Event(seat, action),),
        )
        if not hands[seat - 1]:  # only in a hand-built deal: MT-09, the first turn ends itself
            r = self._kept.round(state)
            return self._after(state, r, self.machine.end_turn(r))
        return state

    def _play(self, state: TrainsState, seat: int, action: Action) -> TrainsState:
        t = action.tile
        hand = state.hands[seat - 1]
        if t is None:
            raise IllegalAction("Say which tile to play, like 'play 9-4 train 3'")
        if t not in hand:
            raise IllegalAction("You do not hold {tile}", tile=t)
        i = self._index.get(action.where or "", -1)
        if i < 0:
            raise IllegalAction("Play on a train: 'train 3' or 'train mexican'")
        n = self.players
        first = state.firsts < n
        if first:
            if i != seat - 1:  # MT-07
                raise IllegalAction("On your first turn you play only on your own train")
        elif state.pending:  # MT-15
            j, double = state.pending[0]
            if i != j or not t.has(double.high):
                raise IllegalAction(
                    "You must cover the open double {tile} on {train} first",
                    tile=double,
                    train=self.train_name(j, seat),
                )
        elif i != seat - 1 and i != n and not state.markers[i]:  # MT-10, MT-13
            raise IllegalAction("{train} is closed", train=self.train_name(i))
        number = state.ends[i]
        if t.high != number and t.low != number:
            raise IllegalAction(
                "{tile} does not fit {train}, which ends in {number}",
                tile=t,
                train=self.train_name(i, seat),
                number=number,
            )
        return self._played(state, seat, action, i)

    def _step(self, state: TrainsState, action: Action) -> TrainsState:
        """A move legal_actions offered: a play goes straight to the machine."""
        seat = state.to_move
        if action.kind == "play" and state.engine is not None and seat is not None:
            return self._played(state, seat, action, self._index[action.where or ""])
        return self._apply(state, action)

    def _played(self, state: TrainsState, seat: int, action: Action, i: int) -> TrainsState:
        """``seat`` puts ``action.tile`` on train ``i`` (from 0), a play found legal."""
        t = action.tile
        assert t is not None  # a play names its tile
        r = self._kept.round(state)
        over = self.machine.play(r, self.machine.bits.index[t], i)
        hands = list(state.hands)
        hand = hands[seat - 1]
        k = hand.index(t)
        hands[seat - 1] = hand[:k] + hand[k + 1 :]
        trains = list(state.trains)
        trains[i] = trains[i] + (t,)
        new = state.copy()
        new.hands = tuple(hands)
        new.trains = tuple(trains)
        new.log = state.log + (Event(seat, action),)
        return self._after(new, r, over)

    def _draw(self, state: TrainsState, seat: int) -> TrainsState:
        """MT-11, MT-12: one tile from the top, privately, when nothing can be played."""
        if state.firsts < self.players:  # MT-08
            raise IllegalAction("There is no drawing on a first turn: start your train or pass")
        if state.drawn:
            raise IllegalAction("You already drew for this play")
        if self._can_play(state):
            raise IllegalAction("You can play, so you may not draw")
        if not state.boneyard:
            raise IllegalAction("The boneyard is empty: pass")
        event = Event(seat, DRAW, lacks=self._lacking(state, seat))
        r = self._kept.round(state)
        before = r.drawn
        self.machine.stuck(r)  # MT-12: a draw, as nothing fits and the boneyard lasts
        took = r.drawn - before
        hands = list(state.hands)
        hands[seat - 1] = hands[seat - 1] + state.boneyard[:took]
        state = state.evolve(
            hands=tuple(hands), boneyard=state.boneyard[took:], log=state.log + (event,)
        )
        return self._after(state, r, False)

    def _pass(self, state: TrainsState, seat: int) -> TrainsState:
        """MT-08, MT-11, MT-14, MT-15: pass when you cannot play; your train opens."""
        if state.firsts < self.players:
            if state.played:
                raise IllegalAction("You have started your train: end your first turn with 'end'")
            if self._can_play(state):
                raise IllegalAction("You can start your train, so you may not pass")
        else:
            if self._can_play(state):
                raise IllegalAction("You can play, so you may not pass")
            if state.boneyard and not state.drawn:
                raise IllegalAction("Draw a tile before you pass")
        event = Event(seat, PASS, lacks=self._lacking(state, seat))
        r = self._kept.round(state)
        over = self.machine.stuck(r)  # a pass: the marker goes up, the turn ends
        return self._after(state.evolve(log=state.log + (event,)), r, over)

    def _end(self, state: TrainsState, seat: int) -> TrainsState:
        """MT-07: a first-turn chain ends by choice after at least one tile."""
        if state.firsts >= self.players:
            raise IllegalAction("Only a first turn ends with 'end'")
        if not state.played:
            raise IllegalAction("Play at least one tile on your train before you end your turn")
        r = self._kept.round(state)
        over = self.machine.stuck(r)  # ``end``: the turn ends
        return self._after(state.evolve(log=state.log + (Event(seat, END),)), r, over)

    # -- turns and rounds ----------------------------------------------------

    def _after(self, state: TrainsState, r: TrainRound, over: bool) -> TrainsState:
        """``state``, a copy the step is making (no one else holds it), with the table as the
        machine left it in ``r``; the round ended if ``over`` (:attr:`TrainRound.how`)."""
        state.to_move = r.mover + 1
        state.ends = tuple(r.ends)
        state.markers = tuple(r.markers)
        state.pending = self._waiting(r, r.bound, r.owed)
        state.fresh = self._waiting(r, r.fresh, r.new)
        state.firsts = r.firsts
        state.played = r.played
        state.drawn = r.drew
        if not over:
            return self._kept.keep(state, r)
        return self._end_round(state, Outcome.OUT if r.how == "out" else Outcome.BLOCKED)

    def _waiting(self, r: TrainRound, ranks: list[int], count: int) -> tuple[tuple[int, Tile], ...]:
        """The ``count`` doubles waiting in ``ranks`` (a rank per train, :class:`TrainRound`)
        as the state shows them: ``(train, double)`` in the order placed."""
        if not count:
            return ()
        double, ends = self._doubles, r.ends
        trains = sorted(range(len(ranks)), key=ranks.__getitem__)[:count]
        return tuple([(x, double[ends[x]]) for x in trains])

    def _end_round(self, state: TrainsState, how: Outcome) -> TrainsState:
        """MT-18, MT-19: penalties for the pips left; after round 13 the lowest total wins."""
        gained = tuple(penalty(pip_total(h)) for h in state.hands)
        winners = tuple(s for s in range(1, self.players + 1) if not state.hands[s - 1])
        result = RoundResult(
            state.round,
            how,
            winners,
            state.hands,
            gained,
            Scoring.PENALTY,
            out=winners,
            pips=gained,
            in_play=(0,) * self.players,
        )
        scores = tuple(a + b for a, b in zip(state.scores, gained, strict=True))
        state = state.evolve(scores=scores, results=state.results + (result,))
        if state.round == self.rounds:
            low = min(scores)
            champions = tuple(i + 1 for i, s in enumerate(scores) if s == low)
            return state.evolve(to_move=None, winner=champions, played=0, drawn=False)
        next_start = state.start % self.players + 1
        return self._start_round(state.evolve(round=state.round + 1, start=next_start))

    def _start_round(self, state: TrainsState) -> TrainsState:
        """Deal, then the engine search (MT-02, MT-05); the holder is to move (MT-04).

        Everything here follows from the seed, the explicit deals and the
        round number, so restarting a round means returning to this state (MT-20).
        """
        n = self.players
        deal, state = self.deal(state, self.options["hand_size"])
        engine = self.engine_of(state.round)
        hands, boneyard = deal.hands, deal.boneyard
        log: tuple[Event, ...] = ()
        holder = next((s + 1 for s in range(n) if engine in hands[s]), 0)
        if not holder:
            holder, hands, boneyard, log = self._search(hands, boneyard, state.start, engine)
        return state.evolve(
            to_move=holder,
            hands=hands,
            boneyard=boneyard,
            unused=deal.unused,
            log=log,
            **self._bare_table(),
        )

    def _bare_table(self) -> dict[str, Any]:
        """A round's table before its engine is set: no trains, markers or owed doubles."""
        n = self.players
        return {
            "engine": None,
            "trains": ((),) * (n + 1),
            "ends": (None,) * (n + 1),
            "markers": (False,) * n,
            "pending": (),
            "fresh": (),
            "firsts": 0,
            "played": 0,
            "drawn": False,
        }

    def _search(
        self,
        hands: tuple[tuple[Tile, ...], ...],
        boneyard: tuple[Tile, ...],
        start: int,
        engine: Tile,
    ) -> tuple[int, tuple[tuple[Tile, ...], ...], tuple[Tile, ...], tuple[Event, ...]]:
        """MT-05: equal batches from the top, one tile a seat from ``start``, until found.

        The batch in which the engine turns up is completed; a last batch cut
        short by an empty boneyard goes in the same order. The draws are
        private: the log shows only how many tiles each seat took.
        """
        n = self.players
        order = [(start - 1 + k) % n for k in range(n)]
        drawn: list[list[Tile]] = [[] for _ in range(n)]
        holder = 0
        top = 0
        while not holder and top < len(boneyard):
            for i in order:
                if top == len(boneyard):
                    break
                t = boneyard[top]
                top += 1
                drawn[i].append(t)
                if t == engine:
                    holder = i + 1
        if not holder:
            raise ConfigError(f"The engine {engine} is in no hand and not in the boneyard")
        hands = tuple(h + tuple(d) for h, d in zip(hands, drawn, strict=True))
        log = tuple(Event(i + 1, None, drew=len(drawn[i])) for i in order if drawn[i])
        return holder, hands, boneyard[top:], log


FAMILY = register_family(
    Family("mexican_train", MexicanTrain, TrainsState, (TableKind.TRAINS,), machine=Machine)
)


@cache
def _marked(markers: tuple[bool, ...]) -> int:
    """The trains open by their markers as a mask, the Mexican's (the last) always."""
    return sum(1 << i for i, up in enumerate(markers) if up) | 1 << len(markers)


@cache
def _trains(mask: int) -> tuple[int, ...]:
    """The trains of a mask, in index order."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _shut(allowed: Any, trains: Any) -> Any:
    """Per round (a row of ``allowed``, masks of trains) and train of ``trains``: -1 where
    the train is not allowed, else 0; an end or-ed with it is -1 where shut, the batch's
    number whose suit holds no tile (:class:`game.ai.batch.Tables`), else itself."""
    return (allowed[:, None] >> trains & 1) - 1


def trains_open(first_turn: Num, own: Num, marked: Num, oldest: Num, owing: Num) -> Num:
    """MT-07, MT-10, MT-15: the trains a seat may play on, as masks of trains.

    Each of ``own`` (the seat's train), ``marked`` (the trains whose marker is
    up, the Mexican's always), ``oldest`` (the oldest uncovered double's
    train) and the result is a mask: an int's bits, or an array of bools a
    train each. On its first turn a seat plays on its own train only (MT-07);
    while a double is owed (``owing``) only on the oldest one's train (MT-15);
    else on its own, the Mexican and every marked train (MT-10).
    """
    later = owing * oldest | (owing == 0) * (marked | own)
    return first_turn * own | (first_turn == 0) * later


def penalty(pips: Num) -> Num:
    """MT-18: a seat's penalty for a round is the pips left in its hand (the lowest total
    after the last round wins, MT-19)."""
    return pips


def could_ever(owing: Num, oldest: Num, every: Num) -> Num:
    """MT-17: the trains (a mask, as :func:`trains_open`'s) a tile could ever be placed on
    once the boneyard is empty: while a double is owed only the oldest one's train (it must
    be covered first), else every train (every marker may yet go up)."""
    return trains_open(False, every, every, oldest, owing)


def may_end(first_turn: Num, played: Num) -> Num:
    """MT-07: a first turn's chain may end (``end``) after at least one tile."""
    return first_turn & (played > 0)


def draws(first_turn: Num, left: Num, drawn: Num) -> Num:
    """MT-08, MT-12: a seat with nothing to play draws one tile while the boneyard lasts
    (``left`` tiles), once a chance (``drawn``), never on a first turn; else it passes."""
    return (first_turn == 0) & (left > 0) & (drawn == 0)


def marker(up: Num, passed: Num, on_own: Num) -> Num:
    """MT-08, MT-11, MT-13: whether a seat's marker is up after its move: a pass raises it,
    and only a play on its own train (``on_own``) takes it down."""
    return (up | passed) & (on_own == 0)


def goes_on(first_turn: Num, double: Num, left: Num) -> Num:
    """MT-07, MT-14: whether a seat plays again after a tile, holding ``left`` tiles: a
    first turn's chain goes on, and a double owes another tile."""
    return (left != 0) & (first_turn | double)


def goes_out(first_turn: Num, left: Num) -> Num:
    """MT-16, MT-09: an emptied hand ends the round at once, but in a first turn only when
    the lap of first turns ends (the chain ends by itself)."""
    return (left == 0) & (first_turn == 0)


def covered(bound: Num, oldest: Num, double: Num, rank: Num) -> tuple[Num, Num]:
    """MT-14, MT-15: a train's waiting doubles as ranks (:data:`NEVER`: none) once a tile is
    laid on it: its obligation is met if it is the ``oldest`` (only the oldest may be
    covered), a fresh double there is covered, and the tile, a ``double``, waits fresh at
    ``rank`` (the obligation, the fresh double)."""
    # tally.where written out (the same sums): every playout step that meets a double calls it
    return bound + oldest * (NEVER - bound), NEVER + double * (rank - NEVER)


def joined(bound: Num, fresh: Num) -> tuple[Num, Num]:
    """MT-09, MT-15: a train's waiting doubles as ranks (:data:`NEVER`: none) when the fresh
    ones bind (:func:`binds`): its fresh double, if one waits, becomes its obligation at the
    rank it was left in, so they join the obligations in the order placed, and none is
    fresh. Returns the obligation and the fresh double."""
    return tally.where(fresh < NEVER, fresh, bound), fresh * 0 + NEVER


def binds(first_turn: Num, firsts: Num, seats: Num) -> Num:
    """MT-09, MT-15: whether the doubles left uncovered this turn become obligations when
    it ends: after a later turn, or when the lap of first turns ends (``firsts`` of
    ``seats`` had)."""
    return (first_turn == 0) | (firsts == seats)
