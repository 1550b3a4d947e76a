"""Cuban dominoes (docs/rules/cuban.md, C-01 … C-22): partners, double-nine, ten each, to 100.

Four seats; 1/3 are team A and 2/4 team B, playing in the order 1, 2, 3, 4
(C-02). ``team_of`` gives a seat's team as its lower seat (1 = A, 2 = B). A
hand passes through three phases, kept in ``state.phase``:

``"choose"``
    C-03/C-04: before the deal, the entitled team's lower seat (``to_move``,
    1 or 2) names which of the two partners opens (``opener 3``). Nothing is
    dealt yet: the hands are empty and all 55 tiles lie face down in
    ``unused``. Before hand 1 the representatives' draw decides the entitled
    team; its tiles are logged as public events (``Event.shown``, action
    None), every attempt of it, ties included.
``"accept"``
    C-07: from the opener, in turn order, each seat ``accept``s its hand, or
    with five or more doubles shows them (``Event.shown``) and asks for a
    ``redeal``: a full remix with the same opener, after which everyone
    accepts again. Only the doubles are shown (C-08).
``"play"``
    C-09 … C-13: the opener leads any tile onto one line (:mod:`line`, no
    spinner, doubles crossways); a seat must match an end if it can, else
    passes; a domino or four passes in a row end the hand.

With the option ``first`` (a seat number) there is no representatives' draw
and no choice for hand 1: that seat opens it. Later hands are chosen as usual.

Readings chosen where the spec leaves room (closest to the card and Pagat):

* C-03: each attempt of the representatives' draw takes two tiles from the
  whole mixed set (the tied pair went back in), and every attempt is public.
* C-12: any lowest shared by both teams is a tie, even three seats of
  which two are partners; only a lowest held by one team alone wins.
* C-08: a redeal shows every double of the asking seat (five or more) and
  no other tile; the remixed hands say nothing about the old ones.
* C-10: the train and branch notation of other games, and the ends N and
  S, are refused by saying how a play on the one line is written.

What the rest of the program reads from a state besides the common fields:
``opener`` (this hand's opener, None while it is being chosen),
``accepted`` (how many seats accepted this deal), ``hand_start`` (C-20: the
state a restart of the hand returns to) and ``win_name`` (C-15: "Pollona" or
"Tripollúa" on a finished match, else None).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any

import game.rules.line as ln
import game.rules.tally as tally

from .actions import ACCEPT, PASS, REDEAL, Action, Kind
from .base import Deal, Event, RuleSet
from .errors import ConfigError, IllegalAction, Team
from .family import Family, register_family
from .machine import RoundEnd, bits
from .options import FIRST, HAND_SIZE, TARGET
from .presets import Preset
from .registry import register
from .results import Outcome, RoundResult, Scoring, WinName
from .seeding import rng
from .tally import Num
from .tiles import Tile
from .traits import Blocked, Direction, First, Partnerships, TableKind

REDEAL_DOUBLES = 5  # C-07: five or more doubles may ask for a redeal
TEAM_NAMES = {1: "A", 2: "B"}
_SEATS = (1, 2, 3, 4)
_EMPTY_HANDS: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
_OPENERS = {seat: Action(Kind.OPENER, None, str(seat)) for seat in _SEATS}


class Phase(StrEnum):
    """The three phases of a hand (see the module docstring); ``state.phase``."""

    CHOOSE = "choose"
    ACCEPT = "accept"
    PLAY = "play"


class CubanState(ln.LineState):
    """A Cuban match: the line-game fields plus the hand's phase, opener and acceptances."""

    __slots__ = ("phase", "opener", "accepted")

    phase: Phase
    opener: int | None  # None until the opener is chosen
    accepted: int  # how many seats have accepted their hand

    @property
    def in_play(self) -> bool:
        return self.phase is Phase.PLAY

    @property
    def hand_start(self) -> bool:
        """C-20: whether this is the state a restart of the hand returns to.

        The deal is on the table and the opener chosen, and nobody has
        accepted yet. After a redeal the latest such state of the round is
        the one to return to, so the restart keeps the deal being played.
        """
        return self.phase == Phase.ACCEPT and self.accepted == 0

    @property
    def win_name(self) -> WinName | None:
        """C-15: the name of a finished match's win (Tripollúa, Pollona), else None.

        The last hand's :class:`RoundResult` states it (``named``); a name
        only, no bonus.
        """
        if self.winner is None or not self.results:
            return None
        return self.results[-1].named


@register("cuban")
class Cuban(RuleSet[CubanState]):
    """The Pagat edition of Cuban dominoes (docs/rules/cuban.md)."""

    declared = {"hand_size": HAND_SIZE, "target": TARGET, "first": FIRST}
    rest = "unused"  # C-06: the fifteen left can never be taken
    seating = Direction.COUNTERCLOCKWISE  # C-02: play passes to the right
    blocked = Blocked.HAND  # C-12
    partnerships = Partnerships.ALWAYS  # C-02: seats 1/3 (team A) against 2/4 (team B)
    round_word = "hand"
    first = First.OPENS

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(preset, players, options)
        if players != 4:  # C-01 (the preset's seats say so too)
            raise ConfigError("Cuban takes exactly four players")

    # -- the API -------------------------------------------------------------

    def new_match(
        self,
        seed: int,
        deals: Sequence[Deal | Mapping[str, Any]] | None = None,
        first: int | None = None,
    ) -> CubanState:
        state = self.fresh_state(
            CubanState,
            seed,
            self.read_deals(deals),
            hands=_EMPTY_HANDS,
            unused=self.tiles,
            line=ln.EMPTY,
            passes=0,
            phase=Phase.CHOOSE,
            opener=None,
            accepted=0,
        )
        opener = self.option_first(first)
        if opener:  # a fixed opener: no representatives' draw, no choice for hand 1
            return self._deal(state, opener)
        entitled, events = self._representatives(seed)
        return state.evolve(to_move=entitled, log=events)

    def legal_actions(self, state: CubanState) -> tuple[Action, ...]:
        if state.winner is not None:
            return ()
        seat = state.mover
        if state.phase == Phase.CHOOSE:
            return (_OPENERS[seat], _OPENERS[seat + 2])
        hand = state.hands[seat - 1]
        if state.phase == Phase.ACCEPT:
            return (ACCEPT, REDEAL) if _doubles(hand) >= REDEAL_DOUBLES else (ACCEPT,)
        ends = state._open
        if ends.ends[ln.W] is None:  # nothing led yet
            return self.offer(state, ln.leads(hand))  # C-09
        return self.offer(state, ln.plays_of(ends, hand) or (PASS,))  # C-10

    def computer_move(self, legal: Sequence[Action]) -> Action | None:
        """C-08: a computer holding five or more doubles always demands the redeal (``redeal``
        is legal exactly then)."""
        return next((action for action in legal if action.kind == Kind.REDEAL), None)

    def _apply(self, state: CubanState, action: Action) -> CubanState:
        if state.winner is not None:
            raise IllegalAction("The match is over")
        kind = action.kind
        wanted = _PHASE_OF.get(kind)
        if wanted is None:
            if kind == "draw":
                raise IllegalAction("There is no drawing in Cuban: the unused tiles stay down")
            raise IllegalAction("'{action}' is not a move in {game}", action=action, game=self.game)
        if wanted != state.phase:
            raise self._wrong_phase(state, wanted)
        if kind == "opener":
            return self._choose(state, action)
        if kind == "accept":
            return self._accept(state)
        if kind == "redeal":
            return self._redeal(state)
        checked = self.offered(state, action)  # one legal_actions offered: nothing to refuse
        if kind == "pass":
            return self._pass(state, checked)
        return self._play(state, action, checked)

    def _step(self, state: CubanState, action: Action) -> CubanState:
        """A move legal_actions offered: a lead or a play needs no checks."""
        kind = action.kind
        if kind == "play" or kind == "lead":
            return self._play(state, action, checked=True)
        return self._apply(state, action)

    def placed(self, state: CubanState) -> tuple[Tile, ...]:
        return state.line.tiles()

    def parse_action(self, state: CubanState | None, text: str) -> Action:
        ln.refuse_trains(self.game, text, self.double)  # C-10: no trains, no branches
        return super().parse_action(state, text)

    # -- choosing the opener and dealing -------------------------------------

    def _representatives(self, seed: int) -> tuple[int, tuple[Event, ...]]:
        """C-03: seats 1 and 2 draw a tile each until the totals differ; the higher is entitled.

        Each attempt draws from the whole set (the tiles went back and were
        mixed in) and is logged, ties included: the draw is public.
        """
        events: list[Event] = []
        attempt = 0
        while True:
            a, b = rng(seed, "representatives", attempt).sample(self.tiles, 2)
            events += [Event(1, None, shown=(a,)), Event(2, None, shown=(b,))]
            if a.pips != b.pips:
                return (1 if a.pips > b.pips else 2), tuple(events)
            attempt += 1

    def _choose(self, state: CubanState, action: Action) -> CubanState:
        """C-04: the entitled team's lower seat names one of the two partners."""
        where = action.where or ""
        seat = int(where) if where.isdigit() else 0
        chooser = state.mover
        if seat not in _SEATS:
            raise IllegalAction("There is no seat {seat} at this table", seat=where)
        if self.team_of(seat) != chooser:
            raise IllegalAction(
                "Team {team} chooses one of its own players to open: seat {seat} or {other}",
                team=_team(chooser),
                seat=chooser,
                other=chooser + 2,
            )
        state = state.evolve(log=state.log + (Event(chooser, _OPENERS[seat]),))
        return self._deal(state, seat)

    def _deal(self, state: CubanState, opener: int) -> CubanState:
        """C-06: ten each, the rest unused; the acceptances start from the opener (C-07)."""
        deal, state = self.deal(state, self.options["hand_size"])
        return state.evolve(
            phase=Phase.ACCEPT,
            opener=opener,
            accepted=0,
            to_move=opener,
            hands=deal.hands,
            boneyard=(),
            unused=deal.unused,
        )

    # -- accepting the hand ---------------------------------------------------

    def _accept(self, state: CubanState) -> CubanState:
        """C-07: one more acceptance; after the fourth the opener leads."""
        seat = state.mover
        accepted = state.accepted + 1
        log = state.log + (Event(seat, ACCEPT),)
        if accepted == 4:
            return state.evolve(phase=Phase.PLAY, accepted=accepted, to_move=state.opener, log=log)
        return state.evolve(accepted=accepted, to_move=seat % 4 + 1, log=log)

    def _redeal(self, state: CubanState) -> CubanState:
        """C-07/C-08: show the doubles (only them) and remix; the opener stays."""
        seat = state.mover
        doubles = tuple(sorted(t for t in state.hands[seat - 1] if t.high == t.low))
        if len(doubles) < REDEAL_DOUBLES:
            raise IllegalAction("Only a player holding five or more doubles may ask for a redeal")
        event = Event(seat, REDEAL, shown=doubles)
        assert state.opener is not None  # chosen before the deal (C-04)
        return self._deal(state.evolve(log=state.log + (event,)), state.opener)

    # -- play ------------------------------------------------------------------

    def _play(self, state: CubanState, action: Action, checked: bool = False) -> CubanState:
        """C-09/C-10: lead any tile, then match the W or E end (``checked``: a move
        legal_actions offered)."""
        seat = state.mover
        if checked:  # the ends are enough: the line is built when read
            state = ln.laid(state, action)
        else:
            state = ln.played(state, action, self._placement(state, action))
        # the next seat moves
        if not state.hands[seat - 1]:
            return self._end_hand(state, out=seat)  # C-11
        return state

    def _placement(self, state: CubanState, action: Action) -> ln.Line:
        """The line after ``action``, or why it is refused (C-10: one line, W and E)."""
        hand = state.hands[state.mover - 1]
        line = state.line
        t = action.tile
        if action.kind == "play" and action.where not in ("W", "E"):  # C-10: one line
            raise ln.off_the_line(self.game, str(t), self.double)
        west, east = line.ends[ln.W], line.ends[ln.E]
        misfit = line.lead is not None and t in hand and west not in t and east not in t
        if action.kind == "play" and misfit:
            raise IllegalAction(
                "{tile} does not match either end ({west} and {east})", tile=t, west=west, east=east
            )
        return ln.placement(line, hand, action, spinners=False)

    def _pass(self, state: CubanState, checked: bool = False) -> CubanState:
        """C-10/C-11: a pass only when stuck; four in a row block the hand."""
        seat = state.mover
        if not checked:
            ln.refuse_unless_stuck(state.line, state.hands[seat - 1], Kind.PASS)
        state = ln.passed(state, self.double)  # the next seat moves
        if ln.blocked(state.passes, 4):
            return self._end_hand(state, out=None)
        return state

    # -- the end of a hand -----------------------------------------------------

    def _end_hand(self, state: CubanState, out: int | None) -> CubanState:
        """C-11 … C-14: find the winning team, credit it, end the match or go on."""
        pips = tuple(self.pips(state, seat) for seat in _SEATS)
        lowest = None if out is not None else min(pips)
        side_scores = (state.scores[0], state.scores[1])
        won_by, counted, won = hand_points(
            pips, -1 if out is None else out - 1, side_scores, self.options["target"]
        )
        team = won_by + 1  # the team as its lower seat, 0 for none
        gained: tuple[int, ...] = (0, 0, 0, 0)
        paid_by: tuple[int, ...] = ()
        if team:
            paid_by = tuple(seat for seat in _SEATS if self.team_of(seat) != team)
            gained = tuple(counted if self.team_of(seat) == team else 0 for seat in _SEATS)
        else:
            counted = 0
        winners = (team, team + 2) if team else ()
        scores = tuple(s + g for s, g in zip(state.scores, gained, strict=True))
        won = bool(won)
        named = None
        if won and scores[2 - team] == 0:  # C-15: the opponents (lower seat 3 - team) on zero
            named = WinName.TRIPOLLUA if counted == scores[team - 1] else WinName.POLLONA
        result = RoundResult(
            state.round,
            Outcome.OUT if out else Outcome.BLOCKED,
            winners,
            state.hands,
            gained,
            Scoring.OPPONENTS if team else Scoring.TIE,
            out=(out,) if out else (),
            pips=pips,
            lowest=lowest,
            paid_by=paid_by,
            counted=counted,
            bonus=counted,
            in_play=(0, 0, 0, 0),
            target_reached=won,
            named=named,
        )
        state = state.evolve(scores=scores, results=state.results + (result,))
        if won:
            return state.evolve(to_move=None, winner=winners)
        assert state.opener is not None  # chosen before the deal (C-04)
        entitled = team or 3 - self.team_of(state.opener)  # C-05
        return state.evolve(
            round=state.round + 1,
            to_move=entitled,
            hands=_EMPTY_HANDS,
            boneyard=(),
            unused=self.tiles,
            log=(),
            line=ln.EMPTY,
            passes=0,
            phase=Phase.CHOOSE,
            opener=None,
            accepted=0,
        )

    def _wrong_phase(self, state: CubanState, wanted: Phase) -> IllegalAction:
        """Why an action of another phase is refused now."""
        if state.phase == Phase.CHOOSE:
            return IllegalAction(
                "Nothing is dealt yet: team {team} chooses the opener first",
                team=_team(state.mover),
            )
        if wanted == Phase.CHOOSE:
            return IllegalAction("The opener of this hand has been chosen already")
        if state.phase == Phase.ACCEPT:
            return IllegalAction(
                "Seat {seat} must accept their hand or ask for a redeal first", seat=state.mover
            )
        return IllegalAction("Every hand has been accepted already: play on")


_PHASE_OF = {
    Kind.OPENER: Phase.CHOOSE,
    Kind.ACCEPT: Phase.ACCEPT,
    Kind.REDEAL: Phase.ACCEPT,
    Kind.LEAD: Phase.PLAY,
    Kind.PLAY: Phase.PLAY,
    Kind.PASS: Phase.PLAY,
}


class CubanMachine(ln.LineMachine):
    """The line's turn machine, its hands ended as Cuban scores them (C-11 … C-14)."""

    def __init__(self, rules: Cuban) -> None:
        super().__init__(bits(rules.tiles), rules.players, False, False, [0, 1, 0, 1])
        self.target = rules.options["target"]

    def end(self, r: ln.LineRound) -> RoundEnd:
        team, points, over = _hand_points(tuple(self.pips(r)), r.out, tuple(r.scores), self.target)
        gained = [0.0] * 4
        winners: tuple[int, ...] = ()
        if team >= 0:
            gained[team] = gained[team + 2] = points
            winners = (team + 1, team + 3)
        return RoundEnd(r.how, winners, tuple(gained), tuple(r.hands), bool(over))

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[list[Any], list[Any], Any]:
        """:meth:`end` of the rounds ``q`` (:func:`hand_points`)."""
        pips = b.pip_total(rows.hands[q]).T
        out, _ = self.outcome_rows(rows, q)
        team, points, over = hand_points(pips, out, rows.start.scores, self.target)
        won = [team == 0, team == 1] * 2  # seats 1 and 3, 2 and 4
        gained = [won[0] * points, won[1] * points] * 2
        return gained, won, over


FAMILY = register_family(
    Family("cuban", Cuban, CubanState, (TableKind.LINE,), passes=ln.passes, machine=CubanMachine)
)


def hand_points(
    pips: Sequence[Num], out: Num, scores: Sequence[Num], target: Num
) -> tuple[Num, Num, Num]:
    """C-11 … C-14: the team that wins a hand, its points, and whether that wins the match.

    ``pips`` are the four seats' (seat 1 first), ``out`` the seat index that
    went out (-1: blocked), ``scores`` the two teams' (seats 1 and 3, then 2
    and 4). The team out wins (C-11); a blocked hand goes to the team of the
    lowest single count, nobody's when both teams hold it (C-12; -1). The
    winners score the two opponents' pips, nothing else (C-13), and take the
    match at the target (C-14).
    """
    low = tally.least(pips)
    first = (pips[0] == low) | (pips[2] == low)
    second = (pips[1] == low) | (pips[3] == low)
    team = tally.where(out >= 0, out % 2, tally.where(first != second, second * 1, -1))
    points = tally.where(team == 0, pips[1] + pips[3], pips[0] + pips[2])
    score = tally.where(team == 0, scores[0], scores[1])
    return team, points, (team >= 0) & (score + points >= target)


@lru_cache(maxsize=1 << 16)
def _hand_points(
    pips: tuple[int, ...], out: int, scores: tuple[float, ...], target: float
) -> tuple[Any, Any, Any]:
    """:func:`hand_points`, kept per distinct arguments: the computer's playouts end alike
    again and again, and the arithmetic costs more than looking its answer up."""
    return hand_points(pips, out, scores, target)


def _doubles(hand: tuple[Tile, ...]) -> int:
    return sum(1 for t in hand if t.high == t.low)


def _team(team: int) -> Team:
    """Team 1 or 2 as a refusal names it: its letter, and its seats (1 and 3, 2 and 4)."""
    return Team((team, team + 2), TEAM_NAMES[team])
