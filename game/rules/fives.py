"""Block, Draw and All Fives (rules/fives.md, F-01 … F-40): double-six line games.

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
from typing import Any, ClassVar

from . import line as ln
from .actions import DRAW, PASS, Action
from .base import Deal, Event, RoundResult, RuleSet, State
from .errors import IllegalAction
from .line import LineState
from .options import FIRST, HAND_SIZE, PARTNERS, TARGET
from .presets import Preset
from .registry import register
from .seeding import randbelow
from .tiles import Tile, pip_total


class FivesRules(RuleSet):
    """The double-six family; subclasses set the three switches below."""

    declared = {"hand_size": HAND_SIZE, "target": TARGET, "partners": PARTNERS, "first": FIRST}
    rest = "unused"
    drawing: ClassVar[bool] = False  # F-22 / F-23
    fives: ClassVar[bool] = False  # F-35 … F-39: score multiples of five, rounded bonus
    spinners: ClassVar[bool] = False  # F-32
    ends: ClassVar[tuple[str, ...]] = ("W", "E")  # F-20; a spinner adds N and S (F-32)

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(preset, players, options)
        self.partners = players == 4 and bool(self.options["partners"])  # F-02

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

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        if state.winner is not None:
            return ()
        hand = state.hands[state.to_move - 1]
        line: ln.Line = state.line  # type: ignore[attr-defined]
        if line.lead is None:
            return ln.leads(hand)
        moves = ln.plays(line, hand)
        if moves:
            return moves
        if self.drawing and state.boneyard:
            return (DRAW,)
        return (PASS,)

    def _apply(self, state: State, action: Action) -> LineState:
        if state.winner is not None:
            raise IllegalAction("The match is over")
        kind = action.kind
        if kind == "play" or kind == "lead":
            return self._play(state, action)
        if kind == "draw":
            self._check_draw(state)
            return self._draw(state)
        if kind == "pass":
            self._check_pass(state)
            return self._pass(state)
        raise IllegalAction(f"'{action}' is not a move in {self.preset.title}")

    def placed(self, state: State) -> tuple[Tile, ...]:
        return state.line.tiles()  # type: ignore[attr-defined]

    def parse_action(self, state: State, text: str) -> Action:
        ln.refuse_trains(self.preset.title, text, self.double, self.spinners)  # F-20
        return super().parse_action(state, text)

    def team_of(self, seat: int) -> int:
        return (seat - 1) % 2 + 1 if self.partners else seat

    # -- the moves -----------------------------------------------------------

    def _play(self, state: LineState, action: Action) -> LineState:
        seat = state.to_move
        if action.kind == "play" and action.where not in self.ends:  # F-20: one line
            title, t = self.preset.title, str(action.tile)
            raise IllegalAction(ln.off_the_line(title, t, self.double, self.spinners))
        line = ln.placement(state.line, state.hands[seat - 1], action, self.spinners)
        # The next seat moves unless the round ends below (which then sets to_move itself).
        points = ln.count(line) if self.fives else 0
        if points and points % 5 == 0:  # F-35
            scores = self._credit(state.scores, seat, points)
            state = ln.played(state, action, line, points, scores=scores)
            leaders = self._single_leader(scores)
            if leaders:  # F-39: a single leader at the target wins at once
                return self._finish_round(state, "target", leaders, (0,) * self.players)
        else:
            state = ln.played(state, action, line)
        if not state.hands[seat - 1]:
            return self._end_round(state, out=seat)
        return state

    def _check_draw(self, state: LineState) -> None:
        if not self.drawing:
            raise IllegalAction(f"There is no drawing in {self.preset.title}")
        ln.refuse_unless_stuck(state.line, state.hands[state.to_move - 1], "draw")
        if not state.boneyard:
            raise IllegalAction("The boneyard is empty: pass")

    def _check_pass(self, state: LineState) -> None:
        ln.refuse_unless_stuck(state.line, state.hands[state.to_move - 1], "pass")
        if self.drawing and state.boneyard:
            raise IllegalAction("You cannot pass while the boneyard has tiles: draw")  # F-05

    def _draw(self, state: LineState) -> LineState:
        """F-23/F-31: take the top tile; the same seat plays it or draws again."""
        seat = state.to_move
        hands = list(state.hands)
        hands[seat - 1] = hands[seat - 1] + (state.boneyard[0],)
        event = Event(seat, DRAW, lacks=ln.lacking(state.line, self.double))
        return state.evolve(
            hands=tuple(hands), boneyard=state.boneyard[1:], log=state.log + (event,)
        )

    def _pass(self, state: LineState) -> LineState:
        state = ln.passed(state, self.double)  # the next seat moves
        if state.passes == self.players:  # F-06
            return self._end_round(state, out=None)
        return state

    # -- scoring -------------------------------------------------------------

    def _sides(self) -> list[tuple[int, ...]]:
        """The scoring sides: teams 1/3 and 2/4 with partners, else each seat alone."""
        if self.partners:
            return [(1, 3), (2, 4)]
        return [(s,) for s in range(1, self.players + 1)]

    def _bonus(self, pips: int) -> int:
        """F-36: All Fives rounds to the nearest five (1–2 down, 3–4 up); Block is exact."""
        return (pips + 2) // 5 * 5 if self.fives else pips

    def _end_round(self, state: LineState, out: int | None) -> LineState:
        """F-24 / F-36 / F-37: score a round that was won by going out or blocked."""
        counts = [pip_total(hand) for hand in state.hands]
        pips = {side: sum([counts[s - 1] for s in side]) for side in self._sides()}
        gained = [0.0] * self.players
        if out is not None:
            winners = next(side for side in pips if out in side)
        else:
            low = min(pips.values())
            lowest = [side for side, p in pips.items() if p == low]
            winners = lowest[0] if len(lowest) == 1 else ()
            if len(lowest) == 2 and self.players == 3:  # F-24 / F-37: split the third's pips
                third = next(side for side in pips if side not in lowest)
                share = _number(self._bonus(pips[third]) / 2)
                for (seat,) in lowest:
                    gained[seat - 1] = share
                tied = tuple(seat for (seat,) in lowest)
                return self._finish_round(state, "blocked", tied, tuple(gained))
        if winners:
            bonus = self._bonus(sum(p for side, p in pips.items() if side != winners))
            for seat in winners:
                gained[seat - 1] = bonus
        return self._finish_round(state, "out" if out else "blocked", winners, tuple(gained))

    def _finish_round(
        self, state: LineState, how: str, winners: tuple[int, ...], bonus: tuple[float, ...]
    ) -> LineState:
        """Record the round, add the bonus, and end the match or deal the next round."""
        scores = tuple([_number(s + b) for s, b in zip(state.scores, bonus, strict=True)])
        in_round = [0.0] * self.players
        for event in state.log if self.fives else ():  # only All Fives scores in play (F-35)
            if event.points:
                for seat in self._partners_of(event.seat):
                    in_round[seat - 1] += event.points
        gained = tuple([_number(b + p) for b, p in zip(bonus, in_round, strict=True)])
        result = RoundResult(state.round, how, winners, state.hands, gained)
        results = state.results + (result,)
        champions = self._single_leader(scores)
        if champions:
            return state.evolve(scores=scores, results=results, to_move=None, winner=champions)
        # The seat that went out made the round's last play; ``winners`` would name
        # its whole side, and with partners the lower seat is not always the one out.
        went_out = state.log[-1].seat if how == "out" else 0
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
        """F-25 / F-39: the seats of the one side with the top score, if at the target."""
        top = max(scores)
        if top < self.options["target"]:
            return None
        leaders = tuple(i + 1 for i, s in enumerate(scores) if s == top)
        return leaders if set(leaders) == set(self._partners_of(leaders[0])) else None

    # -- rounds --------------------------------------------------------------

    def _lot(self, state: State, round_: int) -> int:
        """F-03: the leader by lot, drawn from the seed for this round."""
        return randbelow(self.players, state.seed, "lot", round_) + 1

    def _start_round(self, state: LineState, round_: int, leader: int, **changes: Any) -> LineState:
        """Deal round ``round_`` with ``leader`` to lead; ``changes`` go in the same copy."""
        deal, state = self.deal(state, self.options["hand_size"])
        return state.evolve(
            **changes,
            round=round_,
            to_move=leader,
            hands=deal.hands,
            boneyard=deal.boneyard,
            unused=deal.unused,
            log=(),
            line=ln.EMPTY,
            passes=0,
        )


def _number(x: float) -> float:
    """Keep whole scores as ints (3-player splits may leave a half, F-24 / F-37)."""
    return int(x) if x == int(x) else x


@register("block")
class Block(FivesRules):
    """F-20 … F-25 with F-22: no drawing, pass when you cannot play."""


@register("draw")
class Draw(FivesRules):
    """F-20 … F-25 with F-23: draw until you can play."""

    rest = "boneyard"
    drawing = True


@register("all_fives")
class AllFives(FivesRules):
    """F-30 … F-40: drawing, a spinner, scoring multiples of five."""

    rest = "boneyard"
    drawing = True
    fives = True
    scores_in_play = True
    spinners = True
    ends = ("W", "E", "N", "S")
