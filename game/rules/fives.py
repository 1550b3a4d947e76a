"""Block, Draw and All Fives (docs/rules/fives.md, F-01 … F-40): double-six line games.

The three share one class; they differ in whether a player draws (Draw and
All Fives, F-23/F-31), whether the ends score in multiples of five during
play and the winner's bonus is rounded (All Fives, F-35/F-36), and whether the
first double is a spinner (All Fives, F-32). The line itself is :mod:`line`.

Readings chosen where the spec leaves room (closest to the card and Pagat):

* F-39 before F-36: a play that both goes out and makes a single leader at
  the target ends the match at once ("target"); the leftovers are not
  counted. A play that leaves the top tied at or above the target plays on.
* F-24 / F-36 with partners: a block compares team totals (the card's
  "pessoa/equipe com menos pontos"), not the lowest single hand.
* F-24 / F-37 with three players: Block and Draw split the third hand's
  exact pips (halves allowed); All Fives rounds it to five first.
* F-34 / F-35: the lead is a play, so a lead of 5-0, 3-2, 6-4 or 5-5 scores.
* F-06 / F-23: a draw is not a pass. A pass is only possible with the
  boneyard empty, so a run of passes never spans a draw.
* ``Event.lacks`` of a draw describes the hand *before* the drawn tile:
  listing the drawn tile out would give it away to everyone.
* F-20: the train and branch notation of other games is refused by saying
  how a play on the line is written, not by complaining about its seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

import game.rules.line as ln
import game.rules.tally as tally

from .actions import DRAW, PASS, Action, Kind
from .base import Deal, Event, RuleSet, State
from .errors import IllegalAction
from .family import Family, register_family
from .line import LineState
from .machine import RoundEnd, bits
from .options import FIRST, HAND_SIZE, PARTNERS, TARGET
from .presets import Preset
from .registry import register
from .results import Outcome, RoundResult, Scoring
from .seeding import randbelow
from .tally import Num
from .tiles import Tile, pip_total
from .traits import Partnerships, TableKind


class FivesRules(RuleSet[LineState]):
    """The double-six family; subclasses set the traits that tell them apart."""

    declared = {"hand_size": HAND_SIZE, "target": TARGET, "partners": PARTNERS, "first": FIRST}
    rest = "unused"
    partnerships = Partnerships.OPTION  # F-02
    ends: ClassVar[tuple[str, ...]] = ("W", "E")  # F-20; a spinner adds N and S (F-32)

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(preset, players, options)
        self.spinners = self.table_kind is TableKind.SPINNER  # F-32
        self._side_seats = tuple(self._sides())
        self._side_of = tuple(k for s in range(players) for k, side in enumerate(self._side_seats)
                              if s + 1 in side)  # fmt: skip

    # -- the API -------------------------------------------------------------

    def new_match(
        self,
        seed: int,
        deals: Sequence[Deal | Mapping[str, Any]] | None = None,
        first: int | None = None,
    ) -> LineState:
        state = self.fresh_state(
            LineState,
            seed,
            self.read_deals(deals),
            line=ln.EMPTY,
            passes=0,
        )
        leader = self.option_first(first) or self._lot(state, 1)  # F-03
        return self._start_round(state, 1, leader)

    def legal_actions(self, state: LineState) -> tuple[Action, ...]:
        seat = state.to_move
        if seat is None:  # the match is over
            return ()
        hand = (state._hands if state._deal is None else state.hands)[seat - 1]
        ends = state._open
        if ends.ends[0] is None:  # nothing led yet
            moves = ln.leads(hand)
        else:
            moves = ln.plays_of(ends, hand)
            if not moves:
                # (the deal was taken when the hand was read: its boneyard is there)
                moves = (DRAW,) if ln.draws(self.drawing, len(state._boneyard)) else (PASS,)
        self._offered = (state, moves)  # :meth:`offer`, inlined: every step asks this
        return moves

    def _apply(self, state: LineState, action: Action) -> LineState:
        if state.winner is not None:
            raise IllegalAction("The match is over")
        checked = self.offered(state, action)
        kind = action.kind
        if kind == "play" or kind == "lead":
            return self._play(state, action, checked)
        if kind == "draw":
            if not checked:
                self._check_draw(state)
            return self._draw(state)
        if kind == "pass":
            if not checked:
                self._check_pass(state)
            return self._pass(state)
        raise IllegalAction("'{action}' is not a move in {game}", action=action, game=self.game)

    def _step(self, state: LineState, action: Action) -> LineState:
        kind = action.kind
        if (kind == "play" or kind == "lead") and not self.scores_in_play:  # Block and Draw
            after = ln.laid(state, action)
            seat = state.to_move
            assert seat is not None  # the match goes on: a move was offered
            return after if after._hands[seat - 1] else self._end_round(after, out=seat)
        if kind == "play" or kind == "lead":
            return self._play(state, action, True)
        if kind == "draw":
            return self._draw(state)
        return self._pass(state)

    def placed(self, state: LineState) -> tuple[Tile, ...]:
        return state.line.tiles()

    def parse_action(self, state: LineState | None, text: str) -> Action:
        ln.refuse_trains(self.game, text, self.double, self.spinners)  # F-20
        return super().parse_action(state, text)

    # -- the moves -----------------------------------------------------------

    def _play(self, state: LineState, action: Action, checked: bool = False) -> LineState:
        """A lead or a play; ``checked``: one legal_actions offered (nothing to refuse)."""
        seat = state.mover
        if checked:
            line = ln.put(state.line, action, self.spinners)
        else:
            if action.kind == "play" and action.where not in self.ends:  # F-20: one line
                raise ln.off_the_line(self.game, str(action.tile), self.double, self.spinners)
            line = ln.placement(state.line, state.hands[seat - 1], action, self.spinners)
        # The next seat moves unless the round ends below (which then sets to_move itself).
        points = scored(ln.count(line)) if self.scores_in_play else 0
        if points:  # F-35
            scores = self._credit(state.scores, seat, points)
            state = ln.played(state, action, line, points, scores=scores)
            leaders = self._single_leader(scores)
            if leaders:  # F-39: a single leader at the target wins at once
                return self._finish_round(
                    state, Outcome.TARGET, leaders, (0,) * self.players, Scoring.UNCOUNTED
                )
        else:
            state = ln.played(state, action, line)
        if not state.hands[seat - 1]:
            return self._end_round(state, out=seat)
        return state

    def _check_draw(self, state: LineState) -> None:
        if not self.drawing:
            raise IllegalAction("There is no drawing in {game}", game=self.game)
        ln.refuse_unless_stuck(state.line, state.hands[state.mover - 1], Kind.DRAW)
        if not state.boneyard:
            raise IllegalAction("The boneyard is empty: pass")

    def _check_pass(self, state: LineState) -> None:
        ln.refuse_unless_stuck(state.line, state.hands[state.mover - 1], Kind.PASS)
        if ln.draws(self.drawing, len(state.boneyard)):
            raise IllegalAction("You cannot pass while the boneyard has tiles: draw")  # F-05

    def _draw(self, state: LineState) -> LineState:
        """F-23/F-31: take the top tile; the same seat plays it or draws again."""
        seat = state.mover
        hands = list(state.hands)
        hands[seat - 1] = hands[seat - 1] + (state.boneyard[0],)
        new = ln.stepped(state, Event(seat, DRAW, lacks=ln.lacking(state.ends, self.double)))
        new.hands = tuple(hands)
        new.boneyard = state.boneyard[1:]
        return new

    def _pass(self, state: LineState) -> LineState:
        state = ln.passed(state, self.double)  # the next seat moves
        if ln.blocked(state.passes, self.players):
            return self._end_round(state, out=None)
        return state

    # -- scoring -------------------------------------------------------------

    def _sides(self) -> list[tuple[int, ...]]:
        """The scoring sides: teams 1/3 and 2/4 with partners, else each seat alone."""
        if self.partners:
            return [(1, 3), (2, 4)]
        return [(s,) for s in range(1, self.players + 1)]

    def _end_round(self, state: LineState, out: int | None) -> LineState:
        """F-24 / F-36 / F-37: score a round won by going out or blocked (:func:`round_end`)."""
        counts = tuple([pip_total(hand) for hand in state.hands])
        sides, side_of = self._side_seats, self._side_of
        pips = (
            tuple([sum([counts[s - 1] for s in side]) for side in sides])
            if self.partners
            else counts
        )
        went = -1 if out is None else side_of[out - 1]
        bonuses, won = _round_end(pips, went, self.scores_in_play)
        gained = [_number(bonuses[k]) for k in side_of]
        winners = tuple([s + 1 for s, k in enumerate(side_of) if won[k]])
        how = Outcome.BLOCKED if out is None else Outcome.OUT
        lowest = None if out is not None else min(pips)
        if not winners:
            return self._finish_round(
                state, how, (), tuple(gained), Scoring.TIE, pips=counts, lowest=lowest
            )
        if len(winners) == 2 and self.players == 3:  # F-24 / F-37: split the third's pips
            (third,) = (side for k, side in enumerate(sides) if not won[k])
            return self._finish_round(
                state,
                how,
                winners,
                tuple(gained),
                Scoring.SPLIT,
                pips=counts,
                lowest=lowest,
                paid_by=third,
                counted=pips[sides.index(third)],
                bonus=gained[winners[0] - 1],
                rounded=self.scores_in_play,
            )
        paid_by = tuple(seat for k, side in enumerate(sides) if not won[k] for seat in side)
        counted = sum(counts[seat - 1] for seat in paid_by)
        return self._finish_round(
            state,
            how,
            winners,
            tuple(gained),
            Scoring.OPPONENTS,
            pips=counts,
            lowest=lowest,
            paid_by=paid_by,
            counted=counted,
            bonus=gained[winners[0] - 1],
            rounded=self.scores_in_play,
        )

    def _finish_round(
        self,
        state: LineState,
        how: Outcome,
        winners: tuple[int, ...],
        bonuses: tuple[float, ...],
        scoring: Scoring,
        **facts: Any,
    ) -> LineState:
        """Record the round with its ``facts``, add ``bonuses``, and end the match or deal again
        (``facts`` may give the ``pips`` left, else they are counted here)."""
        scores = tuple([_number(s + b) for s, b in zip(state.scores, bonuses, strict=True)])
        in_play: tuple[float, ...] = (0,) * self.players
        gained = bonuses  # (each a _number already)
        if self.scores_in_play:  # F-35
            points: list[float] = [0] * self.players
            for event in state.log:
                if event.points:
                    for seat in self._partners_of(event.seat):
                        points[seat - 1] += event.points
            gained = tuple([_number(b + p) for b, p in zip(bonuses, points, strict=True)])
            in_play = tuple([_number(p) for p in points])
        champions = self._single_leader(scores)
        if "pips" not in facts:
            facts["pips"] = tuple([pip_total(hand) for hand in state.hands])
        result = RoundResult(
            state.round,
            how,
            winners,
            state.hands,
            gained,
            scoring,
            out=(state.last.seat,) if how == Outcome.OUT and state.last else (),
            in_play=in_play,
            target_reached=champions is not None,
            **facts,
        )
        results = state.results + (result,)
        if champions:
            return state.evolve(scores=scores, results=results, to_move=None, winner=champions)
        # The seat that went out made the round's last play; ``winners`` would name
        # its whole side, and with partners the lower seat is not always the one out.
        went_out = state.last.seat if how == Outcome.OUT and state.last else 0
        leader = went_out or self._lot(state, state.round + 1)  # F-03 / F-40
        return self._start_round(state, state.round + 1, leader, scores=scores, results=results)

    def _credit(self, scores: tuple[float, ...], seat: int, points: float) -> tuple[float, ...]:
        side = self._partners_of(seat)
        return tuple(s + points if i + 1 in side else s for i, s in enumerate(scores))

    def _partners_of(self, seat: int) -> tuple[int, ...]:
        if self.partners:
            return (1, 3) if seat % 2 else (2, 4)
        return (seat,)

    def _single_leader(self, scores: tuple[float, ...]) -> tuple[int, ...] | None:
        """F-25 / F-39: the seats of the one side with the top score, if at the target
        (:func:`leader`; partners always share a score, so a side's is its first seat's)."""
        k = _leader(scores[:2] if self.partners else scores, self.options["target"])
        return self._side_seats[k] if k >= 0 else None

    # -- rounds --------------------------------------------------------------

    def _lot(self, state: State, round_: int) -> int:
        """F-03: the leader by lot, drawn from the seed for this round."""
        return randbelow(self.players, state.seed, "lot", round_) + 1

    def _start_round(self, state: LineState, round_: int, leader: int, **changes: Any) -> LineState:
        """Deal round ``round_`` with ``leader`` to lead; ``changes`` go in the same copy
        (a match deals every round: its fields are set one by one, in one copy)."""
        size = self.options["hand_size"]
        new = state.evolve(**changes)
        if state.deals:
            new.hands, new.boneyard, new.unused = state.deals[0]
            new.deals = state.deals[1:]
        else:
            new.deal_later(self, state.seed, state.deal_no, size)
        new.deal_no = state.deal_no + 1
        new.round = round_
        new.to_move = leader
        new.log = ()
        new.line = ln.EMPTY
        new.passes = 0
        return new


class FivesMachine(ln.LineMachine):
    """The line's turn machine with the Fives family's scoring: All Fives' multiples of five
    as they are made (F-35, F-39), and the round's bonus (F-24, F-36, F-37)."""

    def __init__(self, rules: FivesRules) -> None:
        sides = [i % 2 for i in range(rules.players)] if rules.partners else [*range(rules.players)]
        super().__init__(bits(rules.tiles), rules.players, rules.drawing, rules.spinners, sides)
        self.rounded = rules.scores_in_play
        self.target = rules.options["target"]

    def scored(self, count: Num) -> Num:
        return scored(count) * self.rounded

    def leads(self, totals: Sequence[Num]) -> Num:
        if isinstance(totals, tuple):  # one table: its answer kept (see _leader)
            return _leader(totals, self.target)
        return leader(totals, self.target)

    def end(self, r: ln.LineRound) -> RoundEnd:
        side, gained_in = self.side, r.gained
        seats = range(self.players)
        if r.how == "target":
            s = side[r.out]
            gained = tuple([gained_in[side[q]] for q in seats])
            winners = tuple([q + 1 for q in seats if side[q] == s])
            return RoundEnd("target", winners, gained, tuple(r.hands), True)
        pips = [0] * self.sides
        total = self.bits.pip_total
        for q, held in enumerate(r.hands):
            pips[side[q]] += total(held)
        out = r.out
        bonus, won = _round_end(tuple(pips), side[out] if out >= 0 else -1, self.rounded)
        winners = tuple([q + 1 for q in seats if won[side[q]]])
        gained = tuple([bonus[side[q]] + gained_in[side[q]] for q in seats])
        totals = [r.scores[x] + bonus[x] + gained_in[x] for x in range(self.sides)]
        over = _leader(tuple(totals), self.target) >= 0
        return RoundEnd(r.how, winners, gained, tuple(r.hands), bool(over))

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[list[Any], list[Any], Any]:
        """:meth:`end` of the rounds ``q``: a side that reached the target in play takes what
        it scored in the round and the match; else the side out, or the block's, takes the
        bonus (:func:`round_end`) and the match ends at the target (:func:`leader`)."""
        pips = b.pip_total(rows.hands[q])
        n, sides, side = self.players, self.sides, self.side
        side_pips = [sum(pips[:, x] for x in range(n) if side[x] == k) for k in range(sides)]
        out, leader_in_play = self.outcome_rows(rows, q)
        went = tally.where(out >= 0, out % sides, -1)  # seats alternate between partners
        bonus, won = round_end(side_pips, went, self.rounded)
        in_play = [rows.gained[q, k] for k in range(sides)] if self.spinners else [0] * sides
        reached = leader_in_play >= 0
        totals = [rows.start.scores[k] + bonus[k] + in_play[k] for k in range(sides)]
        over = reached | (leader(totals, self.target) >= 0)
        gained = [in_play[side[x]] + ~reached * bonus[side[x]] for x in range(n)]
        winners = [
            reached & (leader_in_play == side[x]) | ~reached & won[side[x]] for x in range(n)
        ]
        return gained, winners, over


FAMILY = register_family(
    Family(
        "fives",
        FivesRules,
        LineState,
        (TableKind.LINE, TableKind.SPINNER),  # the spinner in All Fives (F-32)
        passes=ln.passes,
        machine=FivesMachine,
    )
)


def scored(count: Num) -> Num:
    """F-35: what the ends' count scores at once: itself when a multiple of five, else 0."""
    return count * (count % 5 == 0)


def bonus(pips: Num, rounded: bool) -> Num:
    """F-36: the pips a round's winner takes: rounded to the nearest five (1–2 down, 3–4 up)
    in All Fives (``rounded``), exact in Block and Draw."""
    return (pips + 2) // 5 * 5 if rounded else pips


def round_end(side_pips: Sequence[Num], out: Num, rounded: bool) -> tuple[list[Num], list[Num]]:
    """F-24 / F-36 / F-37: each side's bonus at the end of a round, and whether it won.

    ``side_pips`` are the pips left in each side's hands, ``out`` the side that
    went out (-1: the round is blocked). The side out, or when blocked the one
    side with the fewest pips, takes the others' pips (:func:`bonus`); in a
    three-seat block two seats tied lowest split the third's, rounded first,
    halves allowed; any other tie scores nothing.
    """
    low = tally.least(side_pips)
    win = tally.where(out >= 0, out, tally.only(side_pips, low))
    everyone = tally.total(side_pips)
    mine = [win == k for k in range(len(side_pips))]
    take = bonus(
        everyone - tally.total([m * p for m, p in zip(mine, side_pips, strict=True)]), rounded
    )
    bonuses = [m * take for m in mine]
    if len(side_pips) != 3:  # a split needs three sides (the table's shape, not the round's)
        return bonuses, mine
    split = (out < 0) * (tally.ties(side_pips, low) == 2)
    half = bonus(everyone - 2 * low, rounded) / 2  # the third's pips, when split
    shared = [split * (pips == low) for pips in side_pips]
    bonuses = [b + s * half for b, s in zip(bonuses, shared, strict=True)]
    return bonuses, [m | s for m, s in zip(mine, shared, strict=True)]


def leader(totals: Sequence[Num], target: Num) -> Num:
    """F-25 / F-39: the one side at the top of ``totals`` if it is at ``target``, else -1
    (a tie at the top plays on)."""
    top = tally.greatest(totals)
    return tally.where(top >= target, tally.only(totals, top), -1)


# The round ends, kept per distinct arguments: the computer's playouts end alike again and
# again, and the arithmetic costs more than looking its answer up.
_MANY = 1 << 16


@lru_cache(maxsize=_MANY)
def _round_end(pips: tuple[int, ...], out: int, rounded: bool) -> tuple[list[Any], list[Any]]:
    return round_end(pips, out, rounded)


@lru_cache(maxsize=_MANY)
def _leader(totals: tuple[float, ...], target: float) -> Any:
    return leader(totals, target)


def _number(x: float) -> float:
    """Keep whole scores as ints (3-player splits may leave a half, F-24 / F-37)."""
    if type(x) is int:
        return x
    return int(x) if x == int(x) else x


@register("block")
class Block(FivesRules):
    """F-20 … F-25 with F-22: no drawing, pass when you cannot play."""


@register("draw")
class Draw(FivesRules):
    """F-20 … F-25 with F-23: draw until you can play."""

    rest = "boneyard"
    drawing = True
    draws_until_fits = True


@register("all_fives")
class AllFives(FivesRules):
    """F-30 … F-40: drawing, a spinner, scoring multiples of five."""

    rest = "boneyard"
    drawing = True
    draws_until_fits = True
    scores_in_play = True  # F-35 … F-39: multiples of five score, the bonus is rounded
    table_kind = TableKind.SPINNER
    ends = ("W", "E", "N", "S")
