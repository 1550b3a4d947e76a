"""Longana (docs/rules/longana.md, L-01 … L-18): double-nine, a branch per player, no drawing.

The opening double sits in the middle and every seat owns one branch growing
from it (L-07). A seat may always play on its own branch; on another seat's
branch only while that branch is *open* — its owner passed and has not played
since (L-10, L-11) — and a double may go on any branch (L-10c). When several
other players' open branches end alike, the one opened first takes the tile
(L-12, L-13), so the table remembers the order in which branches first opened.

Nobody draws, so a round ends when a hand is empty (L-15) or when no tile in
any hand matches any branch end (L-16). That test is exact, and it is why a
round always ends: a seat that cannot play passes and so opens its branch, so
after one full turn of the table without a play every branch is open, and the
holder of a matching tile plays it on its next turn. Tiles only leave hands.

Readings of the spec (checked against card 000):

- L-13: a branch's place is fixed the first time it opens in the round
  ("Urutan dicatat saat cabang pertama dibuka"); a pass that opens it again
  after its owner closed it puts it back in that first place, not at the end.
- L-18: a round credits one seat only (L-15, L-17), so two seats can never
  reach the target in the same round; the seat that reaches it wins alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

import game.rules.tally as tally

from .actions import PASS, REDEAL, Action, Kind
from .base import Deal, Event, RuleSet, State
from .errors import Count, IllegalAction, Place
from .family import Family, register_family
from .machine import Kept, Places, Position, RoundEnd, bits, leaves, next_seat
from .options import FIRST, HAND_SIZE, TARGET
from .presets import Preset
from .registry import register
from .results import Outcome, RoundResult, Scoring
from .tally import Num
from .tiles import Tile, pip_total
from .traits import Blocked, Direction, First, TableKind

Hands = tuple[tuple[Tile, ...], ...]

_COUNT = {2: "Two", 3: "Three"}  # at most three other branches (L-02: four seats)

# One Action object per (tile, branch) and per opening double: legal_actions builds none.
_PLAYS: dict[tuple[Tile, int], Action] = {}
_OPENS: dict[Tile, Action] = {}


def play_action(t: Tile, branch: int) -> Action:
    """The action ``play T branch B``."""
    action = _PLAYS.get((t, branch))
    if action is None:
        action = _PLAYS[(t, branch)] = Action(Kind.PLAY, t, f"branch {branch}")
    return action


def open_action(t: Tile) -> Action:
    """The action ``open D-D``."""
    action = _OPENS.get(t)
    if action is None:
        action = _OPENS[t] = Action(Kind.OPEN, t)
    return action


class BranchesState(State):
    """A branches table (Longana): the common fields plus the opening double and a branch per
    seat; consumers narrow a ``State`` to it with ``isinstance`` or ``match``."""

    __slots__ = (
        "opening",  # the round's opening double, None until it is placed
        "opener",  # the seat that opens (or opened) this round
        "free_choice",  # whether the opener picks any double it holds (L-05) or the highest (L-04)
        "branches",  # per seat, ((tile, outer), ...) from the middle; outer is the half left open
        "ends",  # per seat, the number its branch ends in; () before the opening
        "open_order",  # the seats whose branches are open, the first opened first (L-13)
        "first_opened",  # every seat whose branch has opened this round, in first-opening order
    )

    opening: Tile | None
    opener: int
    free_choice: bool
    branches: tuple[tuple[tuple[Tile, int], ...], ...]
    ends: tuple[int, ...]
    open_order: tuple[int, ...]
    first_opened: tuple[int, ...]

    @property
    def in_play(self) -> bool:
        return self.opening is not None

    def compact(self) -> BranchTable:
        return compact(self)


class BranchTable(NamedTuple):
    """The branches as numbers (:func:`compact`), as a :class:`~game.rules.machine.Position`
    holds them; seats are 0-based."""

    ends: list[int]  # per seat, the number its branch ends in
    opened: tuple[int, ...]  # the seats whose branches are open, in priority order (L-13)
    ranked: tuple[int, ...]  # the seats whose branches opened this round, in first-opening order


def compact(state: BranchesState) -> BranchTable:
    """``state``'s branches as numbers (:class:`BranchTable`)."""
    return BranchTable(
        list(state.ends),
        tuple([s - 1 for s in state.open_order]),
        tuple([s - 1 for s in state.first_opened]),
    )


GOES_ON = -2  # :attr:`BranchRound.out` while the round goes on
BLOCKED = -1  # ... once nobody can play any more (L-16); else the seat that went out
NEVER = 1 << 30  # the rank of a branch not opened this round (:func:`first_alike`)


@dataclass(slots=True)
class BranchRound:
    """A Longana round as :class:`Machine` steps it: seats from 0, hands as tile-bit masks,
    the open branches as a mask of seats. The computer's batch holds the same numbers, a row
    per round (:meth:`Machine.numbers`)."""

    hands: list[int]
    mover: int
    ends: list[int]  # per seat, the number its branch ends in
    open: int  # the open branches, a bit per seat (L-10, L-11)
    rank: list[int]  # per seat, its branch's place in the order of first opening (L-13)
    ranks: int  # how many branches have opened this round: the next one's place
    scores: list[float]  # per seat, before the round
    allowed: list[list[int]]  # Machine.allowed(open): per seat, per branch, what may go there
    out: int = GOES_ON  # how the round ended: the seat that went out, or BLOCKED

    @property
    def ranked(self) -> tuple[int, ...]:
        """The seats whose branches opened this round, in first-opening order."""
        return _ranked(tuple(self.rank))

    @property
    def opened(self) -> tuple[int, ...]:
        """The seats whose branches are open, in priority order (L-13)."""
        return _in_order(self.open, tuple(self.rank))

    def copy(self) -> BranchRound:
        """A round to step on."""
        return BranchRound(
            list(self.hands),
            self.mover,
            list(self.ends),
            self.open,
            list(self.rank),
            self.ranks,
            self.scores,
            self.allowed,
            self.out,
        )


class Machine:
    """Longana's turn machine (L-09 … L-17) on a :class:`BranchRound`
    (:mod:`game.rules.machine`): the one place a turn's step is written, for the engine's
    ``legal_actions`` and ``apply``, for the computer's playouts and, on arrays of rounds,
    for its batch (the ``_rows`` steps): both call the same transitions, :func:`open_to`,
    :func:`first_alike`, ``leaves``, :func:`shut`, :func:`passed`, :func:`went`,
    ``next_seat`` (:mod:`game.rules.machine`) and :func:`round_points`."""

    weighs = False  # the playouts' heuristic play is the heaviest tile: no effect to weigh

    def __init__(self, rules: RuleSet[Any]) -> None:
        self.bits = bits(rules.tiles)
        self.suit = self.bits.suit
        self.players = rules.players
        self.target = rules.options["target"]
        self.order = tuple(range(self.players))  # the branches in canonical order: by seat
        every = (1 << len(rules.tiles)) - 1
        allowed = {
            (own, opened, first): int(open_to(own, opened, first, every, self.bits.doubles))
            for own in (False, True)
            for opened in (False, True)
            for first in (False, True)
        }  # open_to of each tile on its own: a branch's tiles are those fitting its end
        self.own_open, self.own_shut = allowed[True, True, False], allowed[True, False, False]
        self.first_open, self.later_open = allowed[False, True, True], allowed[False, True, False]
        self.shut = allowed[False, False, False]
        self._allowed: dict[int, list[list[int]]] = {}
        self._rows_allowed: Any = None  # allowed(m)[p] for every m and p, for the batch
        self._rows_later: Any = None  # every tile, and later_open (the batch's masks)

    def round(self, position: Position) -> BranchRound:
        table = position.table
        is_open = sum(1 << s for s in table.opened)
        rank = list(_rank(tuple(table.ranked), self.players))
        return BranchRound(
            list(position.hands),
            position.mover,
            list(table.ends),
            is_open,
            rank,
            len(table.ranked),
            list(position.scores),
            self.allowed(is_open),
        )

    def places(self, r: BranchRound) -> Places:
        """L-10, L-12: the branches the mover may put tiles on (branch 1 first), each with
        those tiles (no move without a tile: a seat that cannot play passes)."""
        p, ends = r.mover, r.ends
        allow = r.allowed[p]
        suit = self.suit
        hand = r.hands[p]
        rivals = r.open & ~(1 << p)  # the other open branches
        alike = rivals & (rivals - 1)  # two of them may end alike (L-12)
        places = []
        count = 0
        for b, e in enumerate(ends):
            m = hand & suit[e] & allow[b]
            if not m:
                continue
            if alike and rivals >> b & 1 and ends.count(e) > 1:
                rival = [rivals >> s & 1 for s in range(self.players)]
                if not first_alike(ends, rival, r.rank, e, r.rank[b]):
                    m &= self.later_open  # another opened first (L-12)
                    if not m:
                        continue
            places.append((b, m))
            count += m.bit_count()
        return count, places

    def allowed(self, is_open: int) -> list[list[int]]:
        """Per seat, per branch, :func:`open_to` of every tile while the branches of the mask
        ``is_open`` are open, when no two branches end alike (:meth:`places` narrows it where
        they do); kept per mask (a handful of seats make few)."""
        allowed = self._allowed.get(is_open)
        if allowed is None:
            allowed = self._allowed[is_open] = [
                [
                    (self.own_open if is_open >> b & 1 else self.own_shut)
                    if b == p
                    else (self.first_open if is_open >> b & 1 else self.shut)
                    for b in range(self.players)
                ]
                for p in range(self.players)
            ]
        return allowed

    def play(self, r: BranchRound, tile: int, place: int) -> bool:
        """The mover puts ``tile`` on branch ``place`` (``leaves``), which closes its own
        (:func:`shut`); the round ends if its hand is empty or nobody can play
        (:func:`went`), else the next seat moves (``next_seat``)."""
        t = self.bits
        p = r.mover
        h = r.hands[p] ^ 1 << tile
        r.hands[p] = h
        ends = r.ends
        ends[place] = leaves(t, tile, ends[place])
        if r.open >> p & 1:
            r.open = shut(r.open, p)
            r.allowed = self.allowed(r.open)
        if h:  # else the round is over, whatever the table
            suit = t.suit
            reach = 0
            for e in ends:
                reach |= suit[e]
            for x in r.hands:
                if x & reach:  # the round goes on (:func:`went`)
                    r.mover = next_seat(p, self.players)
                    return False
        r.out = went(h, 0, p)
        return True

    def blocked(self, r: BranchRound) -> bool:
        """L-16: whether no tile in any hand matches any branch's end (:meth:`play` asks the
        same after every tile)."""
        suit = self.bits.suit
        reach = 0
        for e in r.ends:
            reach |= suit[e]
        for x in r.hands:  # noqa: SIM110 - a loop: all() of a generator costs a playout more
            if x & reach:
                return False
        return True

    def stuck(self, r: BranchRound) -> bool:
        """The mover passes (:func:`passed`), which opens its branch; a pass never ends the
        round (the plays before it would have)."""
        p = r.mover
        if not r.open >> p & 1:  # (an open branch stays open, in its place)
            r.open, r.rank[p], r.ranks = passed(r.open, r.rank[p], r.ranks, p)
            r.allowed = self.allowed(r.open)
        r.mover = next_seat(p, self.players)
        return False

    def effects(self, r: BranchRound, place: int, tiles: int) -> tuple[None, tuple[int, ...]]:
        return None, ()  # not asked (:attr:`weighs`)

    def end(self, r: BranchRound) -> RoundEnd:
        """L-15, L-17, L-18: :func:`round_points` of the round that ended."""
        hands = r.hands
        pips = [self.bits.pip_total(h) for h in hands]
        out = r.out
        winner, points, over = _round_points(tuple(pips), out, tuple(r.scores), self.target)
        gained = [0.0] * self.players
        winners: tuple[int, ...] = ()
        if winner >= 0:
            gained[winner] = float(points)
            winners = (winner + 1,)
        how = "out" if out >= 0 else "blocked"
        return RoundEnd(how, winners, tuple(gained), tuple(hands), bool(over))

    # -- many rounds at once (:class:`~game.rules.machine.Rows`): the same steps on arrays --

    def rows(self, r: BranchRound, spread: Any) -> dict[str, Any]:
        """The round's fields as the batch's rows: the ends, the open branches, the ranks of
        first opening and how the round ended (the scores are ``rows.start``'s)."""
        return {name: spread(getattr(r, name)) for name in ("ends", "open", "rank", "ranks", "out")}

    def fits_rows(self, rows: Any, b: Any, held: Any) -> tuple[Any, None]:
        """:meth:`places` of every round: per branch, the tiles of ``held`` (each round's
        mover's) that may go there: :meth:`allowed` where no two open branches end alike,
        narrowed by :func:`first_alike` where they may.

        Worked out as rounds x branches, handed on as a list of a column per branch: the
        driver then counts and picks a branch at a time, which on four columns costs less
        than its reductions along a short axis. Whole rows are gathered with ``take``, a
        fraction of what indexing by an array costs for rows this narrow (the playouts'
        instruction counts, ``tools.bench_ai``)."""
        n = self.players
        if self._rows_allowed is None:  # every open mask's and mover's, as the batch's masks
            masks = range(1 << n)
            self._rows_allowed = b.masks([row for m in masks for row in self.allowed(m)])
            self._rows_later = b.masks([(1 << len(self.bits.tiles)) - 1, self.later_open])
        mover, is_open, ends = rows.mover, rows.open, rows.ends
        allowed = self._rows_allowed.take(is_open * n + mover, axis=0)
        fits = b.suit[ends] & held[:, None] & allowed
        rivals = is_open & ~(1 << mover)
        q = (rivals & (rivals - 1) != 0).nonzero()[0]  # where two other branches are open
        if len(q):
            e, k, rival = ends.take(q, axis=0), rows.rank.take(q, axis=0), rivals[q]
            first = first_alike(
                [e[:, s, None] for s in range(n)],
                [(rival >> s & 1)[:, None] for s in range(n)],
                [k[:, s, None] for s in range(n)],
                e,
                k,
            )
            later = ~first & (rival[:, None] >> b.index[:n] & 1 == 1)  # another opened first
            fits[q] = fits.take(q, axis=0) & self._rows_later[later * 1]
        return [fits[:, s] for s in range(n)], None

    def play_rows(self, rows: Any, b: Any, q: Any, tile: Any, place: Any) -> Any:
        """:meth:`play` in the rounds ``q``: whether each is over (rows gathered with
        ``take``, as in :meth:`fits_rows`)."""
        p = rows.mover[q]
        h = rows.hands[q, p] ^ b.bit[tile]
        rows.hands[q, p] = h
        rows.ends[q, place] = leaves(b, tile, rows.ends[q, place])
        rows.open[q] = shut(rows.open[q], p)
        fit, held = b.suit[rows.ends.take(q, axis=0)], rows.hands.take(q, axis=0)
        reach, anyone = fit[:, 0], held[:, 0]
        for s in range(1, self.players):
            reach = reach | fit[:, s]
            anyone = anyone | held[:, s]
        playable = anyone & reach
        over = round_over(h, playable)
        rows.out[q[over]] = went(h[over], playable[over], p[over])
        rows.mover[q] = next_seat(p, self.players)
        return over

    def stuck_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`stuck` in the rounds ``q``: a pass, which ends none."""
        p = rows.mover[q]
        rows.open[q], rows.rank[q, p], rows.ranks[q] = passed(
            rows.open[q], rows.rank[q, p], rows.ranks[q], p
        )
        rows.mover[q] = next_seat(p, self.players)
        return p < 0

    def effects_rows(self, rows: Any, b: Any, q: Any) -> Any:
        raise NotImplementedError  # not asked (:attr:`weighs`)

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[Any, Any, Any]:
        """:meth:`end` of the rounds ``q``: each seat's gain and whether it won (a column per
        seat); whether the match is over."""
        pips = b.pip_total(rows.hands[q])
        won, points, over = round_points(pips.T, rows.out[q], rows.start.scores, self.target)
        winners = won[:, None] == b.index[: self.players]
        return winners * points[:, None], winners, over


@register("longana")
class Longana(RuleSet[BranchesState]):
    """L-01 … L-18: the Cuban Perez/Cytro Longana of card 000."""

    declared = {"hand_size": HAND_SIZE, "target": TARGET, "first": FIRST}
    rest = "unused"  # L-02: the tiles not dealt stay face down all round
    seating = Direction.COUNTERCLOCKWISE  # L-08: the next seat is on the right
    table_kind = TableKind.BRANCHES
    first = First.OPENS
    blocked = Blocked.ALL  # L-17

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(preset, players, options)
        self.machine = Machine(self)
        # per branch (from 0), its plays by tile index (the machine's order, the set's)
        self._rows = [[play_action(t, b + 1) for t in self.tiles] for b in range(players)]
        self._kept = Kept(self.machine, self._read, self.players)

    # -- the API -------------------------------------------------------------

    def new_match(
        self,
        seed: int,
        deals: Sequence[Deal | Mapping[str, Any]] | None = None,
        first: int | None = None,
    ) -> BranchesState:
        n = self.players
        state = self.fresh_state(
            BranchesState,
            seed,
            self.read_deals(deals),
            opening=None,
            opener=0,
            free_choice=False,
            branches=((),) * n,
            ends=(),
            open_order=(),
            first_opened=(),
        )
        start = self.option_first(first)
        # L-04; with a fixed first opener, that seat picks its double (levels/longana.toml).
        return self._start_round(state, 1, start or 1, free=bool(start))

    def legal_actions(self, state: BranchesState) -> tuple[Action, ...]:
        if state.winner is not None:
            return ()
        seat = state.mover
        hand = state.hands[seat - 1]
        if state.opening is None:
            return tuple(open_action(d) for d in self._openings(state))
        index, rows = self.machine.bits.index, self._rows
        places = tuple(enumerate(self._kept.places(state)))
        moves = tuple(
            [rows[b][k] for k in [index[t] for t in hand] for b, fits in places if fits >> k & 1]
        )
        return self.offer(state, moves or (PASS,))

    def _apply(self, state: BranchesState, action: Action) -> BranchesState:
        if state.winner is not None:
            raise IllegalAction("The match is over")
        kind = action.kind
        if kind == "draw":
            raise IllegalAction("Nobody draws in Longana: play a tile or pass")  # L-02
        if kind not in ("open", "play", "pass"):
            raise IllegalAction("'{action}' is not a move in {game}", action=action, game=self.game)
        if kind == "open":
            return self._open(state, action)
        if state.opening is None:
            doubles = self._openings(state)
            raise IllegalAction(
                "Open the round with a double first, like 'open {tile}'", tile=doubles[0]
            )
        if kind == "play":
            return self._play(state, action)
        return self._pass(state)

    def _step(self, state: BranchesState, action: Action) -> BranchesState:
        """A move legal_actions offered: a play goes straight to the machine."""
        if action.kind == "play" and action.tile is not None:
            return self._played(state, state.mover, action.tile, self._branch(action), action)
        return self._apply(state, action)

    def placed(self, state: BranchesState) -> tuple[Tile, ...]:
        if state.opening is None:
            return ()
        return (state.opening,) + tuple(t for branch in state.branches for t, _ in branch)

    # -- the opening (L-04 … L-08) -------------------------------------------

    def _openings(self, state: BranchesState) -> tuple[Tile, ...]:
        """The doubles the opener may open with: its highest (L-04) or any (L-05)."""
        doubles = tuple(
            sorted((t for t in state.hands[state.opener - 1] if t.is_double), reverse=True)
        )
        return doubles if state.free_choice else doubles[:1]

    def _open(self, state: BranchesState, action: Action) -> BranchesState:
        t = action.tile
        if state.opening is not None:
            raise IllegalAction("The round is open already: play a tile on a branch or pass")
        if t is None or action.where is not None:
            raise IllegalAction("'{action}' is not a move in {game}", action=action, game=self.game)
        seat = state.mover
        hand = state.hands[seat - 1]
        if t not in hand:
            raise IllegalAction("You do not hold {tile}", tile=t)
        if not t.is_double:
            raise IllegalAction("Only a double opens the round, and {tile} is not one", tile=t)
        if t not in self._openings(state):
            highest = self._openings(state)[0]
            raise IllegalAction(
                "The first round opens with the highest double in play, {tile}", tile=highest
            )
        hands = _without(state.hands, seat, t)
        state = state.evolve(
            opening=t,
            hands=hands,
            ends=(t.high,) * self.players,  # L-07: an empty branch ends in the double's number
            log=state.log + (Event(seat, action),),
        )
        r = self._kept.round(state)
        if self.machine.blocked(r):  # L-16
            return self._blocked(state)
        return state.evolve(to_move=self._after(seat))  # L-08

    # -- a turn (L-09 … L-14) ------------------------------------------------

    def _read(self, state: BranchesState) -> BranchRound:
        """``state``'s round, read from its fields."""
        m = self.machine
        hands = [m.bits.mask(h) for h in state.hands]
        position = Position(hands, [], compact(state), 0, state.mover - 1, list(state.scores))
        return m.round(position)

    def _fits(self, state: BranchesState, t: Tile) -> list[int]:
        """The branches (from 1) the seat to move may put ``t`` on."""
        bit = 1 << self.machine.bits.index[t]
        return [b + 1 for b, fits in enumerate(self._kept.places(state)) if fits & bit]

    def _play(self, state: BranchesState, action: Action) -> BranchesState:
        seat = state.mover
        t = action.tile
        branch = self._branch(action)
        hand = state.hands[seat - 1]
        if t is None or t not in hand:
            raise IllegalAction("You do not hold {tile}", tile=t)
        if branch not in self._fits(state, t):
            raise self._why_not(state, seat, t, branch)
        return self._played(state, seat, t, branch, action)

    def _played(
        self, state: BranchesState, seat: int, t: Tile, branch: int, action: Action
    ) -> BranchesState:
        """``seat`` puts ``t`` on ``branch`` (from 1), a play found legal."""
        r = self._kept.round(state)
        over = self.machine.play(r, self.machine.bits.index[t], branch - 1)
        branches = list(state.branches)
        branches[branch - 1] = branches[branch - 1] + ((t, r.ends[branch - 1]),)
        state = state.evolve(
            hands=_without(state.hands, seat, t),
            branches=tuple(branches),
            ends=tuple(r.ends),
            open_order=tuple([s + 1 for s in r.opened]),
            log=state.log + (Event(seat, action),),
            to_move=r.mover + 1 if not over else state.to_move,
        )
        if not over:
            return self._kept.keep(state, r)
        if r.out == BLOCKED:
            return self._blocked(state)
        return self._went_out(state, seat)

    def _branch(self, action: Action) -> int:
        words = (action.where or "").split()
        if len(words) != 2 or words[0] != "branch" or not words[1].isdigit():
            raise IllegalAction("Play on a branch, like 'play {tile} branch 1'", tile=action.tile)
        branch = int(words[1])
        if not 1 <= branch <= self.players:
            raise IllegalAction(
                "There is no branch {branch} at a {players}-seat table",
                branch=branch,
                players=self.players,
            )
        return branch

    def _why_not(self, state: BranchesState, seat: int, t: Tile, branch: int) -> IllegalAction:
        """The refusal for ``t`` on ``branch``, in the player's terms."""
        end = state.ends[branch - 1]
        if not t.has(end):
            return IllegalAction(
                "{tile} does not fit {branch}, which ends in {number}",
                tile=t,
                branch=_whose(branch, seat),
                number=end,
            )
        if branch not in state.open_order:
            closed = Place(f"branch {branch}", f"Seat {branch}'s branch")
            return IllegalAction("{branch} is closed: only doubles may go there", branch=closed)
        rivals = [s for s in state.open_order if s != seat and state.ends[s - 1] == end]
        return IllegalAction(
            "{count} open branches end in {number}: Seat {seat}'s opened first, "
            "so a {number} goes there",
            count=Count(len(rivals), _COUNT.get(len(rivals), "Several")),
            number=end,
            seat=rivals[0],
        )

    def _pass(self, state: BranchesState) -> BranchesState:
        seat = state.mover
        fits = 0
        for m in self._kept.places(state):
            fits |= m
        if fits:  # L-09: the lowest tile that fits, on the first branch it fits
            t = self.tiles[(fits & -fits).bit_length() - 1]
            raise IllegalAction(
                "You cannot pass: {tile} fits on {branch}",
                tile=t,
                branch=_whose(self._fits(state, t)[0], seat),
            )
        r = self._kept.round(state)
        self.machine.stuck(r)
        event = Event(seat, PASS, lacks=self._lacking(state, seat))
        state = state.evolve(
            open_order=tuple([s + 1 for s in r.opened]),
            first_opened=tuple([s + 1 for s in r.ranked]),
            log=state.log + (event,),
            to_move=r.mover + 1,
        )
        return self._kept.keep(state, r)

    def _lacking(self, state: BranchesState, seat: int) -> frozenset[Tile]:
        """The tiles a passing seat is shown not to hold: all it could have played."""
        ends = state.ends
        playable = {ends[seat - 1]} | {ends[s - 1] for s in state.open_order if s != seat}
        on_table = set(self.placed(state))
        return frozenset(
            t
            for t in self.tiles
            if t not in on_table
            and (t.high in playable or t.low in playable or (t.is_double and t.high in ends))
        )

    def _after(self, seat: int) -> int:
        """The seat on the right, the next in turn order (L-08)."""
        return seat % self.players + 1

    # -- end of a round (L-15 … L-18) ----------------------------------------

    def _went_out(self, state: BranchesState, seat: int) -> BranchesState:
        """L-15: the seat that went out scores every pip left in the other hands."""
        pips = tuple(pip_total(h) for h in state.hands)
        _, points, over = round_points(pips, seat - 1, state.scores, self.options["target"])
        paid_by = tuple(s for s in range(1, self.players + 1) if s != seat)
        gained = [0] * self.players
        gained[seat - 1] = points
        return self._finish_round(
            state,
            Outcome.OUT,
            (seat,),
            tuple(gained),
            Scoring.OPPONENTS,
            out=(seat,),
            pips=pips,
            paid_by=paid_by,
            counted=points,
            bonus=points,
            reached=bool(over),
        )

    def _blocked(self, state: BranchesState) -> BranchesState:
        """L-17: the single lowest hand takes every pip left, its own too; a tie scores nothing."""
        pips = tuple(pip_total(h) for h in state.hands)
        low = min(pips)
        winner, points, over = round_points(pips, -1, state.scores, self.options["target"])
        gained = [0] * self.players
        if winner < 0:
            return self._finish_round(
                state,
                Outcome.BLOCKED,
                (),
                tuple(gained),
                Scoring.TIE,
                pips=pips,
                lowest=low,
                reached=False,
            )
        gained[winner] = points
        return self._finish_round(
            state,
            Outcome.BLOCKED,
            (winner + 1,),
            tuple(gained),
            Scoring.ALL,
            pips=pips,
            lowest=low,
            paid_by=tuple(range(1, self.players + 1)),
            counted=points,
            bonus=points,
            reached=bool(over),
        )

    def _finish_round(
        self,
        state: BranchesState,
        how: Outcome,
        winners: tuple[int, ...],
        gained: tuple[int, ...],
        scoring: Scoring,
        reached: bool,
        **facts: Any,
    ) -> BranchesState:
        """Record the round and end the match (``reached``: :func:`round_points`, L-18) or
        deal the next round (L-05, L-06)."""
        scores = tuple(s + g for s, g in zip(state.scores, gained, strict=True))
        top = max(scores)
        result = RoundResult(
            state.round,
            how,
            winners,
            state.hands,
            gained,
            scoring,
            in_play=(0,) * self.players,
            target_reached=reached,
            **facts,
        )
        state = state.evolve(scores=scores, results=state.results + (result,))
        if reached:
            champions = tuple(i + 1 for i, s in enumerate(scores) if s == top)
            return state.evolve(to_move=None, winner=champions)
        start = winners[0] if winners else self._after(state.opener)
        return self._start_round(state, state.round + 1, start, free=True)

    # -- rounds (L-02, L-03) -------------------------------------------------

    def _start_round(
        self, state: BranchesState, round_: int, start: int, free: bool
    ) -> BranchesState:
        """Deal (again while nobody holds a double, L-03) and find the opener.

        With ``free`` the first seat from ``start`` on in turn order holding a
        double opens with a double of its choice (L-05, L-06); otherwise the
        holder of the highest double in play opens with it (L-04).
        """
        log: tuple[Event, ...] = ()
        deal, state = self.deal(state, self.options["hand_size"])
        while not any(t.is_double for hand in deal.hands for t in hand):
            log += (Event(start, REDEAL),)  # L-03: shuffle and deal again
            deal, state = self.deal(state, self.options["hand_size"])
        hands = deal.hands
        if free:
            seats = [(start - 1 + k) % self.players + 1 for k in range(self.players)]
            opener = next(s for s in seats if any(t.is_double for t in hands[s - 1]))
        else:
            highest = max(t for hand in hands for t in hand if t.is_double)
            opener = next(s for s in range(1, self.players + 1) if highest in hands[s - 1])
        return state.evolve(
            round=round_,
            to_move=opener,
            hands=hands,
            boneyard=(),
            unused=deal.unused + deal.boneyard,  # L-02: nobody draws, whatever a record says
            log=log,
            opening=None,
            opener=opener,
            free_choice=free,
            branches=((),) * self.players,
            ends=(),
            open_order=(),
            first_opened=(),
        )


FAMILY = register_family(
    Family("longana", Longana, BranchesState, (TableKind.BRANCHES,), machine=Machine)
)


def open_to(own: Num, opened: Num, first: Num, fits: Num, doubles: Num) -> Num:
    """L-10, L-12: of the tiles ``fits`` (a mask) matching a branch's end, those a seat may
    put there, ``doubles`` being the mask of the doubles.

    On its own branch (``own``) any of them (L-10a; exempt from priority,
    L-12); on another open branch (``opened``) any, if it is the first opened
    of those ending alike (``first``: :func:`first_alike`; L-10b, L-12); on a
    closed branch only the doubles (L-10c). The branch's facts are bools
    (or arrays of them), the masks an int's bits or arrays of words.
    """
    return own * fits + (own == 0) * (opened * first * fits + (opened == 0) * (fits & doubles))


def first_alike(
    ends: Sequence[Num], rivals: Sequence[Num], rank: Sequence[Num], end: Num, mine: Num
) -> Num:
    """L-12, L-13: whether a branch ending in ``end`` and opened at rank ``mine`` is the first
    opened (the lowest ``rank``, the order of first opening this round) of the ``rivals``
    (the open branches but the mover's own) ending in its number."""
    earlier = rivals[0] & (ends[0] == end) & (rank[0] < mine)
    for s in range(1, len(ends)):
        earlier = earlier | rivals[s] & (ends[s] == end) & (rank[s] < mine)
    return earlier == 0


@cache
def _rank(ranked: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Each branch's place in the order of first opening (``ranked``, seats from 0),
    :data:`NEVER` if not opened. Cached: a handful of seats make few orders."""
    rank = [NEVER] * n
    for k, s in enumerate(ranked):
        rank[s] = k
    return tuple(rank)


def passed(is_open: Num, rank: Num, ranks: Num, seat: Num) -> tuple[Num, Num, Num]:
    """L-09, L-11, L-13: a pass opens the passer's branch (``is_open``: the open branches, a
    bit per seat). The first time this round it takes the next place in the order of first
    opening (``ranks`` have opened before it); opened again after its owner closed it, it
    keeps its ``rank``. Returns the open branches, the branch's rank and the ranks given."""
    fresh = rank == NEVER
    return is_open | 1 << seat, tally.where(fresh, ranks, rank), ranks + fresh


def shut(is_open: Num, seat: Num) -> Num:
    """L-11: a play of its owner closes a branch (``is_open``: the open ones, a bit per seat)."""
    return is_open & ~(1 << seat)


def went(hand_left: Num, playable: Num, seat: Num) -> Num:
    """L-15, L-16: how ``seat``'s play left the round (:func:`round_over`): ``seat`` went
    out, :data:`BLOCKED`, or :data:`GOES_ON`."""
    out = tally.where(hand_left == 0, seat, BLOCKED)
    return tally.where(round_over(hand_left, playable), out, GOES_ON)


@cache
def _ranked(rank: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of the branches ranked in ``rank`` (:data:`NEVER`: not opened), in order.
    Cached: a handful of seats make few orders, and the engine asks at every step."""
    return tuple(sorted((s for s, k in enumerate(rank) if k != NEVER), key=rank.__getitem__))


@cache
def _in_order(is_open: int, rank: tuple[int, ...]) -> tuple[int, ...]:
    """The open branches (a bit per seat) in the order of ``rank``. Cached, as :func:`_ranked`."""
    return tuple([s for s in _ranked(rank) if is_open >> s & 1])


@cache
def reopened(
    first_opened: tuple[int, ...], open_order: tuple[int, ...], seat: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`passed` on the seats in order, as an engine's log is read: the branches in the
    order they first opened this round and the open ones in priority order, after ``seat``
    passes. Cached: a handful of seats make few orders."""
    n = max(first_opened + (seat,)) + 1
    rank = list(_rank(first_opened, n))
    is_open = sum(1 << s for s in open_order)
    is_open, rank[seat], _ = passed(is_open, rank[seat], len(first_opened), seat)
    ranked = tuple(sorted((s for s in range(n) if rank[s] != NEVER), key=rank.__getitem__))
    return ranked, tuple([s for s in ranked if is_open >> s & 1])


@cache
def closed(open_order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """:func:`shut` on the open branches in priority order. Cached, as :func:`reopened` is."""
    is_open = shut(sum(1 << s for s in open_order), seat)
    return tuple([s for s in open_order if is_open >> s & 1])


def round_over(hand_left: Num, playable: Num) -> Num:
    """L-15, L-16: a round ends when a hand is empty or no tile in any hand matches any end
    (nobody draws, so nobody could ever play again)."""
    return (hand_left == 0) | (playable == 0)


@lru_cache(maxsize=1 << 16)
def _round_points(
    pips: tuple[int, ...], out: int, scores: tuple[float, ...], target: float
) -> tuple[Any, Any, Any]:
    """:func:`round_points`, kept per distinct arguments: a decision's playouts end alike
    again and again, and the arithmetic costs more than looking its answer up."""
    return round_points(pips, out, scores, target)


def round_points(
    pips: Sequence[Num], out: Num, scores: Sequence[Num], target: Num
) -> tuple[Num, Num, Num]:
    """L-15, L-17, L-18: the seat index that scores a round, its points, and whether that
    wins the match.

    The seat that went out (``out``; -1: blocked), or in a block the one seat
    with the fewest pips, takes every pip left in the hands, its own too; a
    tie at the lowest scores nothing (-1). One seat scores a round, so it
    alone can reach the target, and wins (``scores``: each seat's before).
    """
    winner = tally.where(out >= 0, out, tally.only(pips, tally.least(pips)))
    points = tally.total(pips)
    score = tally.total([(winner == k) * s for k, s in enumerate(scores)])
    return winner, points, (winner >= 0) & (score + points >= target)


def _without(
    hands: tuple[tuple[Tile, ...], ...], seat: int, t: Tile
) -> tuple[tuple[Tile, ...], ...]:
    """``hands`` with ``t`` taken out of ``seat``'s hand."""
    hand = hands[seat - 1]
    i = hand.index(t)
    return hands[: seat - 1] + (hand[:i] + hand[i + 1 :],) + hands[seat:]


def _whose(branch: int, seat: int) -> Place:
    english = "your branch" if branch == seat else f"Seat {branch}'s branch"
    return Place(f"branch {branch}", english)
