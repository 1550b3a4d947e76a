"""The line table of Block, Draw, All Fives and Cuban: one line, and a spinner where used.

The table is a :class:`Line` value: the lead in the middle and four arms
(W, E, N, S) growing outward. N and S exist only once a spinner (All Fives)
has both long sides covered (F-32). Each arm holds ``(tile, outer)`` pairs in
order from the middle, ``outer`` being the half left open, so the layout
can draw it and the rules can read the open end without recomputing.

The second half holds what every line game does with a move the same way:
:class:`LineState`, checking and placing a lead or play, taking the tile
from the hand, and logging a pass with the tiles it proves missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any, NamedTuple, TypeVar

from .actions import END_NAMES, ENDS, PASS, Action, Kind
from .base import Event, State
from .errors import Game, IllegalAction, NotationError, Place
from .machine import NO_PLACES, Bits, Places, Position, RoundEnd, leaves, next_seat
from .tally import Num, where
from .tiles import Tile, parse_tile, tile, tile_set, tiles_with
from .traits import TableKind

W, E, N, S = range(4)
END_INDEX = {name: i for i, name in enumerate(ENDS)}
_NO_ENDS: tuple[int | None, ...] = (None, None, None, None)
_NO_ARMS: tuple[tuple[tuple[Tile, int], ...], ...] = ((), (), (), ())

# One Action object per (tile, end): legal_actions builds no new objects.
_PLAYS: dict[tuple[Tile, int], Action] = {}
_LEADS: dict[Tile, Action] = {t: Action(Kind.LEAD, t) for t in tile_set(12)}
# The tiles of the largest set showing each number, in the set's order.
_SHOWING = [tuple(t for t in tile_set(12) if t.has(n)) for n in range(13)]


def play_action(t: Tile, end: int) -> Action:
    """The action ``play T END``, shared (actions are values; sharing saves time)."""
    action = _PLAYS.get((t, end))
    if action is None:
        action = _PLAYS[(t, end)] = Action(Kind.PLAY, t, ENDS[end])
    return action


def lead_action(t: Tile) -> Action:
    """The action ``lead T``."""
    action = _LEADS.get(t)
    if action is None:
        action = _LEADS[t] = Action(Kind.LEAD, t)
    return action


def leads(hand: Iterable[Tile]) -> tuple[Action, ...]:
    """Every ``lead T`` of ``hand``: looked up in C, as every round starts with it."""
    return tuple(map(_LEADS.__getitem__, hand))


class Line(NamedTuple):
    """One line of play. ``ends[i]`` is the number to match on end i, None if not open."""

    lead: Tile | None = None
    arms: tuple[tuple[tuple[Tile, int], ...], ...] = _NO_ARMS
    ends: tuple[int | None, ...] = _NO_ENDS
    spinner: Tile | None = None  # the All Fives spinner, once down
    spinner_arm: int = -1  # -1: the spinner is the lead; W or E: it sits on that arm
    spinner_at: int = -1  # its index in that arm

    def tiles(self) -> tuple[Tile, ...]:
        """Every tile on the table."""
        if self.lead is None:
            return ()
        return (self.lead,) + tuple(t for arm in self.arms for t, _ in arm)

    def misfit(self, t: Tile, end: int) -> IllegalAction:
        """The refusal of ``t`` at ``end``: "6-5 does not match the open 3 on the east end"."""
        return IllegalAction(
            "{tile} does not match the open {number} on {end}",
            tile=t,
            number=self.ends[end],
            end=end_place(end),
        )


def end_place(end: int) -> Place:
    """End ``end`` as a refusal names it: "the east end" (a screen says it in its language)."""
    where = ENDS[end]
    return Place(where, f"the {END_NAMES[where]} end")


EMPTY = Line()

# Every play builds a Line and an Event, and a NamedTuple's generated ``__new__``
# is a Python call of its own (a few percent of a whole play each). The hot spots
# build the tuple straight from all of its fields, in order; the field lists are
# checked here so that a new field cannot silently shift them.
_tuple_new = tuple.__new__
assert Line._fields == ("lead", "arms", "ends", "spinner", "spinner_arm", "spinner_at")
assert Event._fields == ("seat", "action", "lacks", "points", "drew", "shown")


def start(lead: Tile, spinners: bool) -> Line:
    """The line after the lead: W shows the high half, E the low (docs/DESIGN.md notation)."""
    spin = spinners and spinner_led(lead.high == lead.low)
    return Line(lead, _NO_ARMS, (lead.high, lead.low, None, None), lead if spin else None)


def place(line: Line, t: Tile, end: int, spinners: bool) -> Line:
    """The line with ``t`` matched to the open number of ``end`` (the caller checked it)."""
    number = line.ends[end]
    if number is None:
        raise ValueError(f"end {end} of the line is not open")
    outer = t.other(number)
    arms = list(line.arms)
    arms[end] = arms[end] + ((t, outer),)
    ends = list(line.ends)
    ends[end] = outer
    if not spinners:  # Block, Draw and Cuban (every play of theirs comes here): no spinner
        return _tuple_new(Line, (line.lead, tuple(arms), tuple(ends), None, -1, -1))
    spinner, spinner_arm, spinner_at = line.spinner, line.spinner_arm, line.spinner_at
    stage, _, opens = spinner_step(
        spinner_stage(line), spinner_arm, end, t.high == t.low, bool(arms[W]), bool(arms[E])
    )
    if stage == SPINNER_ARM and spinner is None:  # this tile is the spinner
        spinner, spinner_arm, spinner_at = t, end, len(arms[end]) - 1
    elif opens and spinner is not None:
        ends[N] = ends[S] = spinner.high
    return Line(line.lead, tuple(arms), tuple(ends), spinner, spinner_arm, spinner_at)


class LineTable(NamedTuple):
    """A line as numbers, as the computer's playouts hold it (:func:`compact`): W, E, N, S."""

    ends: list[int]  # each end's number to match, -1 while it is not open
    covered: list[int]  # 1 where the end has a tile, else 0
    tips: list[int]  # 1 where the end's tip is a double, else 0
    lead_double: int  # 1 if the lead is a double, 0 if not, -1 before the lead
    lead_pips: int  # the lead's pips (0 before the lead)
    stage: int  # the spinner's stage (:func:`spinner_stage`)
    spinner_arm: int  # the arm the spinner sits on while SPINNER_ARM, else -1
    spinner_number: int  # the spinner's number, -1 while there is none


def compact(line: Line) -> LineTable:
    """``line`` as numbers (:class:`LineTable`)."""
    lead = line.lead
    stage = spinner_stage(line)
    return LineTable(
        [-1 if e is None else e for e in line.ends],
        [1 if arm else 0 for arm in line.arms],
        [1 if arm and arm[-1][0].high == arm[-1][0].low else 0 for arm in line.arms],
        -1 if lead is None else (1 if lead.high == lead.low else 0),
        0 if lead is None else lead.high + lead.low,
        stage,
        line.spinner_arm if stage == SPINNER_ARM else -1,
        -1 if line.spinner is None else line.spinner.high,
    )


def draws(drawing: Num, left: Num) -> Num:
    """F-22, F-23, C-10: a seat with nothing to play draws while the boneyard lasts (``left``
    tiles) in a game that draws (``drawing``: Draw, All Fives), else it passes."""
    return drawing & (left > 0)


def blocked(passes: Num, seats: Num) -> Num:
    """F-06, C-11: the round is blocked when every seat has passed in turn."""
    return passes == seats


# The spinner's stages (F-32), as the engine's Line and the computer's playouts both hold it.
NO_SPINNER = 0  # no double down yet (or no spinner in this game)
SPINNER_LEAD = 1  # the lead is the spinner, N and S not open yet
SPINNER_ARM = 2  # the spinner sits on W or E (its arm), N and S not open yet
SPINNER_OPEN = 3  # N and S are open


def spinner_stage(line: Line) -> int:
    """The stage of ``line``'s spinner (``NO_SPINNER`` … ``SPINNER_OPEN``)."""
    if line.spinner is None:
        return NO_SPINNER
    if line.ends[N] is not None:
        return SPINNER_OPEN
    return SPINNER_LEAD if line.spinner_arm < 0 else SPINNER_ARM


def spinner_led(double: Num) -> Num:
    """F-32: the spinner's stage after the lead: the lead itself when it is a double."""
    return spins(False, double) * SPINNER_LEAD


def spinner_after(
    stage: Num, arm: Num, end: Num, double: Num, west: Num, east: Num
) -> tuple[Num, Num, Num]:
    """F-32: the spinner's stage and arm after a tile (a ``double`` or not) is laid on ``end``,
    and whether N and S open with it; ``west`` and ``east``: whether W and E have a tile after
    the play.

    The first double down becomes the spinner, on the arm it was laid on; a waiting one
    opens N and S as :func:`spinner_opens` says.
    """
    new = spins(stage != NO_SPINNER, double)
    opens = spinner_opens(stage, arm, end, west, east)
    stage = where(new, SPINNER_ARM, where(opens, SPINNER_OPEN, stage))
    return stage, where(new, end, arm), opens


@cache
def spinner_step(
    stage: int, arm: int, end: int, double: bool, west: int, east: int
) -> tuple[int, int, bool]:
    """:func:`spinner_after` for one table, kept per distinct arguments (a few hundred): every
    play of All Fives asks it, in the engine and in the playouts."""
    stage, arm, opens = spinner_after(stage, arm, end, double, west, east)
    return int(stage), int(arm), bool(opens)


def spinner_opens(stage: Num, arm: Num, end: Num, west: Num, east: Num) -> Num:
    """F-32: whether a tile laid on ``end`` opens N and S: the spinner waits (on the lead, or
    on ``arm``) and both its long sides are covered after it (:func:`spinner_open`; ``west``
    and ``east``: whether W and E have a tile then; on an arm, the first tile laid past it)."""
    waiting = (stage == SPINNER_LEAD) | (stage == SPINNER_ARM)
    return waiting & spinner_open(stage == SPINNER_LEAD, west, east, end == arm)


def spins(spinner_down: Num, double: Num) -> Num:
    """F-32: a tile becomes the spinner when it is the first double down (in All Fives)."""
    return (spinner_down == 0) & double


def spinner_open(on_lead: Num, covered_w: Num, covered_e: Num, beyond: Num) -> Num:
    """F-32: whether both long sides of the spinner have a tile, which opens N and S.

    A spinner that is the lead (``on_lead``) has W and E for its long sides; one
    on an arm has the tile it was matched to and, once ``beyond`` holds, a tile
    past it on that arm.
    """
    return on_lead * covered_w * covered_e + (on_lead == 0) * beyond


def plays(line: Line, hand: Iterable[Tile]) -> tuple[Action, ...]:
    """Every ``play T END`` of ``hand`` on ``line``: each matching end is its own action."""
    return plays_on(line.ends, hand)


def plays_of(ends: Open, hand: Iterable[Tile]) -> tuple[Action, ...]:
    """:func:`plays_on` for the :class:`Open` ends a state holds (its table made)."""
    get = ends.plays.get
    moves: tuple[Action, ...] = ()
    for t in hand:
        matching = get(t)
        if matching:
            moves += matching
    return moves


def plays_on(ends: tuple[int | None, ...], hand: Iterable[Tile]) -> tuple[Action, ...]:
    """Every ``play T END`` of ``hand`` on a line open at ``ends`` (:func:`plays`).

    Every ``legal_actions`` of a line game runs this: one lookup per tile in
    the table for these ends, and most tiles of a hand match nothing.
    """
    return plays_of(open_ends(ends), hand)


@cache
def _plays_by_tile(ends: tuple[int | None, ...]) -> dict[Tile, tuple[Action, ...]]:
    """For open ``ends``, each matching tile's plays (W, E, N, S order).

    The hot path of every line game: one dictionary per distinct set of
    ends, built once, so listing a hand's plays is a lookup per tile. Built
    from the few tiles showing each end's number (:data:`_SHOWING`), not by
    asking every tile of the set about every end: a game with a spinner (All
    Fives) meets thousands of distinct ends, so the building is most of its
    first hands.
    """
    found: dict[Tile, tuple[Action, ...]] = {}
    for end, number in enumerate(ends):
        if number is not None:
            for t in _SHOWING[number]:
                found[t] = found.get(t, ()) + (play_action(t, end),)
    return found


class Open:
    """A line's open ends as a step of the engine meets them: the ends, each tile's plays on
    them (:func:`_plays_by_tile`), and the ends after each play found there before.

    One per distinct tuple of ends (:func:`open_ends`), so a step of Block, Draw or Cuban
    finds the next ends and the next seat's plays by a lookup each (both ran per step).
    """

    __slots__ = ("ends", "plays", "_after", "_lacks")

    def __init__(self, ends: tuple[int | None, ...]) -> None:
        self.ends = ends
        self.plays = _plays_by_tile(ends)
        # by id of a shared lead or play (:func:`lead_action`, :func:`play_action`): those
        # are kept for the process, so no other object can take their id
        self._after: dict[int, Open] = {}
        self._lacks: dict[int, frozenset[Tile]] = {}  # by the set's double

    def lacking(self, double: int) -> frozenset[Tile]:
        """:func:`lacking` for these ends (asked at every pass)."""
        lacks = self._lacks.get(double)
        if lacks is None:
            lacks = self._lacks[double] = _lacking(self.ends, double)
        return lacks

    def after(self, action: Action) -> Open:
        """The ends after ``action``, a lead or a play found legal on W or E (no spinner)."""
        found = self._after.get(id(action))
        if found is None:
            found = open_ends(ends_after(self.ends, action))
            t = action.tile
            assert t is not None  # a lead or a play names its tile
            if action.kind == "lead":
                shared = lead_action(t)
            else:
                shared = play_action(t, END_INDEX[action.where or ""])
            if shared is action:  # only a shared action is kept by its id
                self._after[id(action)] = found
        return found


@cache
def open_ends(ends: tuple[int | None, ...]) -> Open:
    """The :class:`Open` of ``ends`` (one per tuple)."""
    return Open(ends)


def can_play(line: Line, hand: Iterable[Tile]) -> bool:
    """Whether any tile of ``hand`` matches an open end (checked before every pass)."""
    return any(map(_plays_by_tile(line.ends).get, hand))


def open_numbers(line: Line) -> frozenset[int]:
    return frozenset(n for n in line.ends if n is not None)


def count(line: Line) -> int:
    """The sum of the open ends, All Fives style (F-33, F-34): :func:`ends_count` of the line."""
    lead = line.lead
    if lead is None:
        return 0
    w, e, n, s = line.arms
    high, low = lead
    ends = line.ends
    counted: int = ends_count(
        (ends[W], ends[E], ends[N] if n else 0, ends[S] if s else 0),
        (bool(w), bool(e), bool(n), bool(s)),
        (_tip_double(w), _tip_double(e), _tip_double(n), _tip_double(s)),
        high == low,
        high + low,
    )
    return counted


def _tip_double(arm: tuple[tuple[Tile, int], ...]) -> bool:
    """Whether the tile at the end of ``arm`` is a double (False for a bare arm)."""
    if not arm:
        return False
    tip = arm[-1][0]
    return tip.high == tip.low


LONG = (True, True, False, False)  # W and E are the lead's long sides; N and S the spinner's


def share(number: Num, covered: Num, tip_double: Num, lead_double: Num, long: Num) -> Num:
    """What one open end adds to the count (F-33, F-34), for a table or an array of them.

    An end with a tile counts its ``number``, twice when that tip is a double;
    a bare long side (W or E: ``long``) counts the lead's half, twice when the
    lead is a double; a bare N or S, or an end not open, nothing (so the
    ``number`` of an end not open, -1 in the playouts, counts nothing).
    """
    bare = covered == 0
    return number * (covered * (1 + tip_double) + bare * long * (1 + lead_double))


def ends_count(
    ends: Sequence[Num], covered: Sequence[Num], tips: Sequence[Num], lead_double: Num, lead: Num
) -> Num:
    """The count of the open ends (F-33, F-34) from each end's number (-1: not open), whether
    it has a tile, whether its tip is a double; the lead's double and pips (``lead``).

    The ends' shares (:func:`share`), summed, then :func:`with_lead`.
    """
    counted = (
        share(ends[W], covered[W], tips[W], lead_double, True)
        + share(ends[E], covered[E], tips[E], lead_double, True)
        + share(ends[N], covered[N], tips[N], lead_double, False)
        + share(ends[S], covered[S], tips[S], lead_double, False)
    )
    return with_lead(counted, covered[W], covered[E], lead)


def with_lead(counted: Num, west: Num, east: Num, lead: Num) -> Num:
    """The count (F-33, F-34) from the ends' shares ``counted``: the lead's whole total
    ``lead`` while neither long side has a tile (``west``, ``east``), since a double lead
    alone counts its pips once, not each half twice; else ``counted``.

    Apart from :func:`ends_count` so the batch can take all four shares at once
    (:func:`share` broadcasts over an array of ends) and finish here.
    """
    alone = (west == 0) * (east == 0)
    return counted + alone * (lead - counted)


def led(b: Any, tile: Num) -> tuple[Num, Num, Num, Num, Num, Num]:
    """F-05, F-32, F-34: what a lead starts: W's number (the high half) and E's (the low),
    whether it is a double and its pips (the count of a lead alone), the spinner's stage and
    number (the lead, when a double in a game with spinners; -1 none)."""
    double = b.double[tile]
    stage = spinner_led(double)
    return b.high[tile], b.low[tile], double, b.pips[tile], stage, where(stage, b.high[tile], -1)


def spun(
    b: Any, tile: Num, end: Num, stage: Num, arm: Num, spinner: Num, west: Num, east: Num,
    step: Any = spinner_after,
) -> tuple[Num, Num, Num, Num, Num]:  # fmt: skip
    """F-32: ``tile`` laid on ``end`` of a four-ended line whose spinner is at ``stage`` on
    ``arm`` with the number ``spinner``; ``west``, ``east``: whether W and E have a tile after
    the play. Returns whether the new tip is a double, the spinner's stage, arm and number
    after it, and whether N and S open (at the spinner's number). ``step`` is
    :func:`spinner_after`, or for one table its kept answers (:func:`spinner_step`)."""
    double = b.double[tile]
    after, arm, opens = step(stage, arm, end, double, west, east)
    becomes = (stage == NO_SPINNER) & (after != NO_SPINNER)  # this tile is the spinner
    return double, after, arm, opens, where(becomes, b.high[tile], spinner)


# -- the turn machine: a round of a line game on numbers ---------------------------


@dataclass(slots=True)
class LineRound:
    """A round of a line game as its machine steps it (:class:`LineMachine`)."""

    hands: list[int]  # per seat, a tile-bit mask
    boneyard: list[int]  # tile indices, top first
    drawn: int  # how many of them are drawn
    ends: list[int]  # W, E, N, S: the number to match, -1 while the end is not open
    covered: list[int]  # 1 where the end has a tile
    tips: list[int]  # 1 where the end's tip is a double
    lead_double: int  # 1 if the lead is a double (0 before the lead)
    lead_pips: int  # the lead's pips (0 before the lead)
    stage: int  # the spinner's stage (:func:`spinner_stage`)
    spinner_arm: int  # the arm the spinner sits on while SPINNER_ARM, else -1
    spinner_number: int  # the spinner's number, -1 while there is none
    passes: int  # the passes in a row
    mover: int  # the seat to move, from 0
    scores: list[float]  # per side, before the round
    gained: list[float]  # per side, scored in play this round (All Fives)
    out: int  # the seat that went out, -1 while none has (or when blocked)
    how: str  # how the round ended: "out", "blocked" or "target"; "" while it goes on

    def copy(self) -> LineRound:
        """A copy to step apart from this one (the boneyard is only read, so shared)."""
        return LineRound(
            list(self.hands), self.boneyard, self.drawn, list(self.ends), list(self.covered),
            list(self.tips), self.lead_double, self.lead_pips, self.stage, self.spinner_arm,
            self.spinner_number, self.passes, self.mover, self.scores, list(self.gained),
            self.out, self.how,
        )  # fmt: skip


class LineMachine:
    """The turn machine of a line game (F-05, F-06, F-22, F-23, F-32, F-35, C-10, C-11): what
    fits on the open ends, a play and the next seat, a draw or a pass, a blocked round; a
    family's module adds how a round ends (:meth:`end`).

    ``spinners``: the ends are four and the first double a spinner, and the ends' count
    scores as it is made (All Fives); else two ends and no points until the round ends.
    """

    weighs = True  # the heuristic play weighs points and leaving the next seat stuck

    def __init__(
        self, bits: Bits, players: int, drawing: bool, spinners: bool, sides: list[int]
    ) -> None:
        self.bits = bits
        self.suit, self.other, self.width = bits.suit, bits.other, bits.width
        self.players = players
        self.drawing = drawing
        self.spinners = spinners
        self.side = sides  # each seat's scoring side
        self.sides = max(sides) + 1

    def round(self, position: Position) -> LineRound:
        hands, boneyard, table, passes, mover, scores = position
        return LineRound(
            list(hands),
            boneyard,  # only read
            0,
            list(table.ends),
            list(table.covered),
            list(table.tips),
            max(table.lead_double, 0),
            table.lead_pips,
            table.stage,
            table.spinner_arm,
            table.spinner_number,
            passes,
            mover,
            scores,
            [0.0] * self.sides,
            -1,
            "",
        )

    def places(self, r: LineRound) -> Places:
        """The open ends in canonical order (W, E, N, S) that the mover's tiles fit, each with
        those tiles; before the lead one place, the whole hand (every move puts a tile down:
        nothing is offered without one)."""
        h = r.hands[r.mover]
        ends = r.ends
        a = ends[0]
        if a < 0:
            return h.bit_count(), ((0, h),)
        suit = self.suit
        if not self.spinners:
            ma, mb = h & suit[a], h & suit[ends[1]]
            if ma:
                if mb:
                    return ma.bit_count() + mb.bit_count(), ((0, ma), (1, mb))
                return ma.bit_count(), ((0, ma),)
            return (mb.bit_count(), ((1, mb),)) if mb else NO_PLACES
        places = []
        count = 0
        for end, number in enumerate(ends):
            if number >= 0:
                fits = h & suit[number]
                if fits:
                    places.append((end, fits))
                    count += fits.bit_count()
        return count, places

    def play(self, r: LineRound, tile: int, place: int) -> bool:
        """Lead ``tile``, or match it to end ``place``; then the next seat moves, unless the
        hand is empty (F-21) or, in All Fives, the points reach the target (F-39)."""
        p = r.mover
        hands = r.hands
        h = hands[p] ^ (1 << tile)
        hands[p] = h
        r.passes = 0
        ends = r.ends
        if ends[0] < 0:
            self._lead(r, tile)
            if self.spinners and self._scores(r, p):  # a lead scores too (F-34)
                return True
        elif not self.spinners:
            ends[place] = leaves(self.bits, tile, ends[place])
        else:
            self._spin(r, tile, place)
            if self._scores(r, p):
                return True
        if not h:
            r.out, r.how = p, "out"
            return True
        r.mover = next_seat(p, self.players)
        return False

    def _lead(self, r: LineRound, tile: int) -> None:
        """The lead: W shows the high half, E the low; a double lead is All Fives' spinner."""
        high, low, double, pips, stage, number = led(self.bits, tile)
        r.ends[0], r.ends[1] = high, low
        if self.spinners:
            r.lead_double, r.lead_pips, r.stage, r.spinner_number = +double, pips, stage, number

    def _spin(self, r: LineRound, tile: int, end: int) -> None:
        """F-32: the play on a four-ended line: its end, and the spinner it makes or opens."""
        ends, covered = r.ends, r.covered
        ends[end] = leaves(self.bits, tile, ends[end])
        covered[end] = 1
        double, r.stage, r.spinner_arm, opens, r.spinner_number = spun(
            self.bits, tile, end, r.stage, r.spinner_arm, r.spinner_number, covered[0],
            covered[1], spinner_step,
        )  # fmt: skip
        r.tips[end] = +double
        if opens:
            ends[2] = ends[3] = r.spinner_number

    def _scores(self, r: LineRound, p: int) -> bool:
        """F-35, F-39: the ends' count scores for the mover's side when a multiple of five;
        True when that makes the side the single leader at the target."""
        points = self.scored(self.count(r))
        if not points:
            return False
        s = self.side[p]
        r.gained[s] += points
        if self.leads(tuple([a + g for a, g in zip(r.scores, r.gained, strict=True)])) != s:
            return False
        r.out, r.how = p, "target"
        return True

    def count(self, r: LineRound) -> int:
        """The ends' count (F-33, F-34)."""
        return int(ends_count(r.ends, r.covered, r.tips, r.lead_double, r.lead_pips))

    def scored(self, count: Num) -> Num:
        """What ``count`` scores at once: nothing here (All Fives' machine says otherwise)."""
        return count * 0

    def leads(self, totals: Sequence[Num]) -> Num:
        """The side leading at the target with ``totals`` (per side: the scores with the
        round's points so far), -1 if none; a tuple of numbers, or a row per side."""
        return -1

    def stuck(self, r: LineRound) -> bool:
        """F-22, F-23, C-10: draw the top tile while the game draws and the boneyard lasts;
        else pass, and the round is blocked once every seat has passed in turn (F-06)."""
        p = r.mover
        if draws(self.drawing, len(r.boneyard) - r.drawn):
            r.hands[p] |= 1 << r.boneyard[r.drawn]
            r.drawn += 1
            return False
        r.passes += 1
        if blocked(r.passes, self.players):
            r.how = "blocked"
            return True
        r.mover = next_seat(p, self.players)
        return False

    def effects(
        self, r: LineRound, place: int, tiles: int
    ) -> tuple[Sequence[int] | None, Sequence[int]]:
        """What each of ``tiles`` played at ``place`` would do, by tile index: the points it
        scores at once (None: none scores), and the tiles that would then fit an open end.

        On a plain line these are tables kept per pair of open ends (a decision asks the
        same few again and again); on a spinner's each tile is tried on a scratch copy.
        """
        ends = r.ends
        if ends[0] < 0:  # the lead
            return self._lead_points, self._lead_fits
        if not self.spinners:
            return None, self._fits(ends[0], ends[1])[place]
        return self._tried(r, place, tiles)

    @cached_property
    def _lead_fits(self) -> list[int]:
        b = self.bits
        return [b.suit[high] | b.suit[low] for high, low in zip(b.high, b.low, strict=True)]

    @cached_property
    def _lead_points(self) -> list[int] | None:
        points = [self.scored(pips) for pips in self.bits.pips]
        return points if any(points) else None

    @lru_cache(maxsize=4096)  # noqa: B019 - one machine per rule set, kept for the process
    def _fits(self, a: int, b: int) -> tuple[list[int], list[int]]:
        """For a line open at ``a`` (W) and ``b`` (E): by tile, what fits after it is laid on
        W, and after it is laid on E."""
        suit, other, width = self.suit, self.other, self.width
        tiles = range(len(self.bits.tiles))
        west = [suit[other[i * width + a]] | suit[b] if suit[a] >> i & 1 else 0 for i in tiles]
        east = [suit[a] | suit[other[i * width + b]] if suit[b] >> i & 1 else 0 for i in tiles]
        return west, east

    def _tried(self, r: LineRound, place: int, tiles: int) -> tuple[list[int], list[int]]:
        """:meth:`effects` on a spinner's line: each tile laid on a scratch copy's ends."""
        points = [0] * len(self.bits.tiles)
        fits = [0] * len(self.bits.tiles)
        suit = self.suit
        probe = self._probe
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            i = low.bit_length() - 1
            probe.ends[:] = r.ends
            probe.covered[:] = r.covered
            probe.tips[:] = r.tips
            probe.stage, probe.spinner_arm = r.stage, r.spinner_arm
            probe.spinner_number = r.spinner_number
            probe.lead_double, probe.lead_pips = r.lead_double, r.lead_pips
            self._spin(probe, i, place)
            fit = 0
            for e in probe.ends:
                if e >= 0:
                    fit |= suit[e]
            points[i], fits[i] = self.scored(self.count(probe)), fit
        return points, fits

    @cached_property
    def _probe(self) -> LineRound:
        """A scratch round the heuristic lays tiles on (see :meth:`_tried`)."""
        return LineRound(
            [], [], 0, [-1] * 4, [0] * 4, [0] * 4, 0, 0, 0, -1, -1, 0, 0, [], [], -1, ""
        )

    def pips(self, r: LineRound) -> list[int]:
        """The pips left in each seat's hand."""
        total = self.bits.pip_total
        return [total(h) for h in r.hands]

    def end(self, r: LineRound) -> RoundEnd:
        """How the round ended: the family's (fives.py, cuban.py)."""
        raise NotImplementedError

    def ended(self, hands: list[int], out: int, scores: list[float]) -> RoundEnd:
        """How a round with no points in play ends with ``hands`` left: seat ``out`` went
        out, or (-1) it is blocked; ``scores`` per side before it (the exact solver's)."""
        how = "out" if out >= 0 else "blocked"
        r = LineRound(
            hands, [], 0, [-1] * 4, [0] * 4, [0] * 4, 0, 0, 0, -1, -1, 0, 0, scores,
            [0.0] * self.sides, out, how,
        )  # fmt: skip
        return self.end(r)

    # -- many rounds at once (:class:`~game.rules.machine.Rows`): the same steps on arrays --

    def rows(self, r: LineRound, spread: Any) -> dict[str, Any]:
        """The round's fields as the batch's rows: the ends, the draws and passes, and on a
        spinner's line the arms, the spinner and the points in play. (The scores are the
        round's at the start, ``rows.start``; how a round ended is read from it at its end.)"""
        names = ["drawn", "ends", "passes"]
        if self.spinners:
            names += ["covered", "tips", "lead_double", "lead_pips", "stage", "spinner_arm"]
            names += ["spinner_number", "gained"]
        return {name: spread(getattr(r, name)) for name in names}

    def fits_rows(self, rows: Any, b: Any, held: Any) -> tuple[list[Any], Any]:
        """:meth:`places` of every round after its lead: each end's tiles of ``held``."""
        ends = rows.ends
        return [held & b.suit[ends[:, e]] for e in range(4 if self.spinners else 2)], None

    def play_rows(self, rows: Any, b: Any, q: Any, tile: Any, place: Any) -> Any:
        """:meth:`play` in the rounds ``q``: the lead or the end, the spinner and the points,
        the next seat; whether each round is over (a hand out, the target reached)."""
        p = rows.mover[q]
        h = rows.hands[q, p] ^ b.bit[tile]
        rows.hands[q, p] = h
        rows.passes[q] = 0
        ends = rows.ends
        k, i, e = q, tile, place
        if ends[:, 0].min() < 0:  # only on a round's first play
            lead = ends[q, 0] < 0
            k, i = q[lead], tile[lead]
            high, low, double, pips, stage, number = led(b, i)
            ends[k, 0], ends[k, 1] = high, low
            if self.spinners:
                rows.lead_double[k], rows.lead_pips[k] = double, pips
                rows.stage[k], rows.spinner_number[k] = stage, number
            k, i, e = q[~lead], tile[~lead], place[~lead]
        if not self.spinners:
            ends[k, e] = leaves(b, i, ends[k, e])
        else:
            covered = rows.covered
            ends[k, e] = leaves(b, i, ends[k, e])
            covered[k, e] = 1
            double, rows.stage[k], rows.spinner_arm[k], opens, rows.spinner_number[k] = spun(
                b, i, e, rows.stage[k], rows.spinner_arm[k], rows.spinner_number[k],
                covered[k, 0], covered[k, 1],
            )  # fmt: skip
            rows.tips[k, e] = double
            k = k[opens != 0]
            ends[k, 2] = ends[k, 3] = rows.spinner_number[k]
        rows.mover[q] = next_seat(p, self.players)
        if self.spinners:
            return (h == 0) | self._scores_rows(rows, q, p)
        return h == 0

    def _scores_rows(self, rows: Any, q: Any, p: Any) -> Any:
        """:meth:`_scores` in the rounds ``q`` (``p`` the seats that just played): the count
        of the ends (:func:`share` for all four at once, then :func:`with_lead`)."""
        covered = rows.covered[q]
        shares = share(rows.ends[q], covered, rows.tips[q], rows.lead_double[q, None], LONG)
        counted = shares[:, 0] + shares[:, 1] + shares[:, 2] + shares[:, 3]
        points = self.scored(with_lead(counted, covered[:, 0], covered[:, 1], rows.lead_pips[q]))
        scoring = points > 0
        if not scoring.any():
            return scoring
        q, p, points = q[scoring], p[scoring], points[scoring]
        s = p % self.sides  # the seat's side: seats alternate between partners
        rows.gained[q, s] += points
        scoring[scoring] = self.leads((rows.gained[q] + rows.start.scores).T) == s
        return scoring

    def outcome_rows(self, rows: Any, q: Any) -> tuple[Any, Any]:
        """How the rounds ``q`` ended: the seat out (-1 blocked: no hand is empty) and, on a
        spinner's line, the side that reached the target in play (-1 none; a round ends at
        once when one does, so the single leader at the target is that side)."""
        empty = rows.hands[q] == 0
        out = empty.argmax(axis=1) - ~empty.any(axis=1)  # argmax is 0 where none is
        if not self.spinners:
            return out, out * 0 - 1
        return out, self.leads((rows.gained[q] + rows.start.scores).T)

    def stuck_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`stuck` in the rounds ``q``: a draw, or a pass; whether each is blocked."""
        k = q  # the rounds whose mover passes: all, in a game that does not draw
        if self.drawing:
            drawing = draws(self.drawing, rows.boneyard.shape[1] - rows.drawn[q])
            d, k = q[drawing], q[~drawing]
            rows.hands[d, rows.mover[d]] |= b.bit[rows.boneyard[rows.ids[d], rows.drawn[d]]]
            rows.drawn[d] += 1
        rows.passes[k] += 1
        rows.mover[k] = next_seat(rows.mover[k], self.players)
        over = blocked(rows.passes[q], self.players)
        return over & ~drawing if self.drawing else over

    def effects_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`effects` in the rounds ``q`` (after the lead), as a function of the place and
        the tile. A play on an end changes only that end's share of the count (it always
        leaves W or E with a tile, and N and S count nothing until they have one), so its
        count is the others' shares and the new tip's; the numbers the table then takes are
        the other ends', the new tip's and, when the play opens N and S, the spinner's."""
        ends = rows.ends[q]
        suits = b.suit[ends]
        if not self.spinners:
            return lambda e, i: (None, b.suit[leaves(b, i, ends[:, e])] | suits[:, 1 - e])
        covered = rows.covered[q]
        shares = share(ends, covered, rows.tips[q], rows.lead_double[q, None], LONG)
        counted = shares[:, 0] + shares[:, 1] + shares[:, 2] + shares[:, 3]
        spinner = b.suit[rows.spinner_number[q]]
        stage, arm = rows.stage[q], rows.spinner_arm[q]
        others = []  # per end, the numbers of the others, and the spinner's if the play opens it
        for e in range(4):
            west, east = covered[:, 0] | (e == 0), covered[:, 1] | (e == 1)
            seen = where(spinner_opens(stage, arm, e, west, east) != 0, spinner, 0)
            for k in range(4):
                if k != e:
                    seen = seen | suits[:, k]
            others.append(seen)

        def of(e: int, i: Any) -> tuple[Any, Any]:
            tip = leaves(b, i, ends[:, e])
            count = counted - shares[:, e] + share(tip, True, b.double[i], False, False)
            return self.scored(count), others[e] | b.suit[tip]

        return of

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[list[Any], list[Any], Any]:
        """How the rounds ``q`` ended: the family's (fives.py, cuban.py)."""
        raise NotImplementedError


# -- the moves every line game makes the same way ------------------------------

_NOTHING: frozenset[Tile] = frozenset()


def _dealt(slot: str) -> Any:
    """A field of a deal presented over ``slot`` of a :class:`LineState`: a deal still to
    shuffle is made before it is read or set."""

    def read(state: LineState) -> Any:
        if state._deal is not None:
            state._take_deal()
        return getattr(state, slot)

    def write(state: LineState, value: Any) -> None:
        if state._deal is not None:
            state._take_deal()
        setattr(state, slot, value)

    return property(read, write)


class LineState(State):
    """A line table (Block, Draw, All Fives, Cuban): the common fields plus the line and the run
    of passes; consumers narrow a ``State`` to it with ``isinstance`` or ``match``.

    A step of the round stores the open ends, the event and the state it came from; the
    :attr:`line` and the :attr:`log` are built from those when first read (and kept): a
    round's play needs only the ends, and a random game reads neither. A new round's
    shuffled deal is made when its hands, boneyard or unused tiles are first read (a
    match that ends there, or a state kept for undo, never shuffles it).
    """

    __slots__ = (
        "passes", "_line", "_open", "_log", "_prev", "_last",
        "_hands", "_boneyard", "_unused", "_deal",
    )  # fmt: skip
    _presented = ("line",)

    passes: int  # the passes in a row since the last play
    _line: Line | None  # the line, once built
    _open: Open  # the line's open ends, always there
    _log: tuple[Event, ...] | None  # the log, once built
    _prev: LineState | None  # the state this one came from, while the line or log is not built
    _last: Event | Action | None  # the event that made this state from ``_prev`` (or its play)
    _hands: tuple[tuple[Tile, ...], ...]  # the hands, once dealt
    _boneyard: tuple[Tile, ...]
    _unused: tuple[Tile, ...]
    # the deal still to shuffle: the rule set, the seed, the deal's number, the hand size
    _deal: tuple[Any, int, int, int] | None

    # the three fields of a deal, each presented over its own slot: shuffled when first read
    hands: tuple[tuple[Tile, ...], ...] = _dealt("_hands")
    boneyard: tuple[Tile, ...] = _dealt("_boneyard")
    unused: tuple[Tile, ...] = _dealt("_unused")

    def _take_deal(self) -> None:
        """Shuffle the deal left to make (:meth:`RuleSet.shuffled_deal`)."""
        assert self._deal is not None
        rules, seed, number, size = self._deal
        self._deal = None
        self._hands, self._boneyard, self._unused = rules.shuffled_deal(seed, number, size)

    def deal_later(self, rules: Any, seed: int, number: int, size: int) -> None:
        """Leave this state's deal to shuffle when first read: deal ``number`` of the match
        with ``seed``, hands of ``size`` (the state is the caller's, being made)."""
        self._deal = (rules, seed, number, size)

    @property  # a field of every state: here built when first read
    def log(self) -> tuple[Event, ...]:
        log = self._log
        if log is None:
            last = self.last
            assert self._prev is not None and last is not None  # a step left them
            log = self._log = self._prev.log + (last,)
            self._forget()
        return log

    @log.setter
    def log(self, log: tuple[Event, ...]) -> None:
        self._log = log
        self._last = log[-1] if log else None
        self._forget()

    @property
    def line(self) -> Line:
        line = self._line
        if line is None:
            last = self.last
            assert self._prev is not None and last is not None  # a step left them
            line = self._prev.line
            action = last.action
            if action is not None and action.tile is not None:  # a lead or a play
                line = put(line, action, self.rules.table_kind is TableKind.SPINNER)
            self._line = line
            self._forget()
        return line

    @line.setter
    def line(self, line: Line) -> None:
        self._line = line
        self._open = open_ends(line.ends)
        self._forget()

    def settle(self) -> None:
        _ = self.line, self.log  # built, so the state this one came from is let go

    def _forget(self) -> None:
        """Let the state this one came from go, once nothing is left to build from it."""
        if self._line is not None and self._log is not None:
            self._prev = None

    @property
    def ends(self) -> tuple[int | None, ...]:
        """The line's open ends (W, E, N, S; None where not open), read without the line."""
        return self._open.ends

    @property
    def last(self) -> Event | None:
        """The round's latest event (None before the first), read without the log."""
        last = self._last
        if type(last) is Action:  # a play that scored nothing: its event is made when read
            assert self._prev is not None  # kept until the event is made (:meth:`_forget`)
            last = self._last = _tuple_new(Event, (self._prev.mover, last, _NOTHING, 0, 0, ()))
        return last  # type: ignore[return-value]

    @property
    def in_play(self) -> bool:
        return True

    def compact(self) -> LineTable:
        return compact(self.line)


def stepped(state: L, event: Event, ends: tuple[int | None, ...] | None = None) -> L:
    """A copy of ``state`` one ``event`` on, its line and log left to build from ``state``
    (``ends``: the open ends after it, when they change). It is the caller's to fill in
    until returned."""
    new = state.copy()
    new._prev = state
    new._last = event
    new._log = None
    if ends is not None:
        new._line = None
        new._open = open_ends(ends)
    return new


def passes(state: LineState) -> int:
    """The passes in a row a line has counted since its last play (what the line families
    register as their ``passes``)."""
    return state.passes


L = TypeVar("L", bound=LineState)  # played and passed return the state class they are given


def placement(line: Line, hand: Sequence[Tile], action: Action, spinners: bool) -> Line:
    """The line after ``action`` (``lead T`` or ``play T END``) from ``hand``.

    Refuses with the reason a player understands; the caller has checked the
    action's kind.
    """
    t = action.tile
    if t is None:
        raise IllegalAction("'{action}' names no tile to put down", action=action)
    if action.kind == "lead":
        if line.lead is not None:
            raise IllegalAction("The round has been led already: play on an end")
        if t not in hand:
            raise IllegalAction("You do not hold {tile}", tile=t)
        return put(line, action, spinners)
    if line.lead is None:
        raise IllegalAction("Nothing is on the table yet: lead a tile first")
    if t not in hand:
        raise IllegalAction("You do not hold {tile}", tile=t)
    end = END_INDEX.get(action.where or "", -1)
    if end < 0 or line.ends[end] is None:
        where = action.where or ""
        name = Place(where, f"The {END_NAMES.get(where, where)} end")  # a sentence's start
        raise IllegalAction("{end} is not open", end=name)
    number = line.ends[end]
    if t.high != number and t.low != number:
        raise line.misfit(t, end)
    return put(line, action, spinners)


def put(line: Line, action: Action, spinners: bool) -> Line:
    """The line after ``action``, a lead or a play found legal (by :func:`placement`, or
    because legal_actions offered it)."""
    t = action.tile
    assert t is not None  # a lead or a play names its tile
    if action.kind == "lead":
        return start(t, spinners)
    return place(line, t, END_INDEX[action.where or ""], spinners)


def played(state: L, action: Action, line: Line, points: float = 0, **changes: Any) -> L:
    """The state after the seat to move put ``action.tile`` down, making ``line`` (see
    :func:`laid`); ``changes`` (new scores, say) are laid over last."""
    new = laid(state, action, open_ends(line.ends), points)
    new._line = line
    for name, value in changes.items():
        setattr(new, name, value)
    return new


def laid(state: L, action: Action, ends: Open | None = None, points: float = 0) -> L:
    """The state after the seat to move put ``action.tile`` down, leaving ``ends`` open; its
    line is built when read (:attr:`LineState.line`). Without ``ends``, a play found legal on
    a line without a spinner (Block, Draw, Cuban): its ends follow from the ends before.

    The tile leaves the hand, the run of passes ends, the play is logged
    (with the ``points`` it scored) and the turn passes to the next seat, as
    in every line game.
    """
    if ends is None:
        opened = state._open
        ends = opened._after.get(id(action)) or opened.after(action)  # (the lookup, inlined)
    seat = state.to_move
    assert seat is not None  # a play is made while the match goes on
    hands = state._hands if state._deal is None else state.hands
    after = list(hands)
    hand = after[seat - 1]
    i = hand.index(action.tile)
    after[seat - 1] = hand[:i] + hand[i + 1 :]
    # Every play runs this: fill a fresh copy's slots directly (it is ours until returned;
    # :func:`stepped`, written out). A play that scores nothing leaves its action for its
    # event, made when read (:attr:`LineState.last`).
    new = state.copy()
    new._prev = state
    new._last = _tuple_new(Event, (seat, action, _NOTHING, points, 0, ())) if points else action
    new._log = new._line = None
    new._open = ends
    new._hands = tuple(after)  # (the deal was read above: nothing left to shuffle)
    new.to_move = seat % len(hands) + 1
    new.passes = 0
    return new


def ends_after(ends: tuple[int | None, ...], action: Action) -> tuple[int | None, ...]:
    """The open ends of a line without a spinner after ``action`` (a lead, or a play found
    legal on W or E): what a play of Block, Draw or Cuban needs, without the line."""
    t = action.tile
    assert t is not None  # a lead or a play names its tile
    if action.kind == "lead":
        return (t.high, t.low, None, None)
    west, east = ends[W], ends[E]
    if action.where == "W":
        return (t.low if t.high == west else t.high, east, None, None)
    return (west, t.low if t.high == east else t.high, None, None)


def refuse_unless_stuck(line: Line, hand: Iterable[Tile], what: Kind) -> None:
    """F-05 / C-10: no pass (or draw, ``what``) while a tile of ``hand`` can be played.

    Each sentence is written whole for each of the two (a language says "you cannot pass"
    and "you cannot draw" in words of its own, not by slotting a verb in)."""
    drawing = what == Kind.DRAW
    if line.lead is None:
        if drawing:
            raise IllegalAction("You cannot draw: you lead this round, so play any tile")
        raise IllegalAction("You cannot pass: you lead this round, so play any tile")
    if not can_play(line, hand):
        return
    for action in plays(line, hand):
        end = END_INDEX[action.where]  # type: ignore[index]
        fits = {"tile": action.tile, "number": line.ends[end], "end": end_place(end)}
        if drawing:
            raise IllegalAction("You cannot draw: {tile} fits the open {number} on {end}", **fits)
        raise IllegalAction("You cannot pass: {tile} fits the open {number} on {end}", **fits)


def passed(state: L, double: int, **changes: Any) -> L:
    """The state after the seat to move passes: the run grows, the log says what it lacks.

    The turn passes to the next seat, as in every line game; whether the run
    blocks the round is the caller's business. ``changes`` are laid over last.
    """
    seat = state.mover
    lacks = state._open.lacking(double)
    new = stepped(state, _tuple_new(Event, (seat, PASS, lacks, 0, 0, ())))
    new.to_move = seat % state.rules.players + 1
    new.passes = state.passes + 1
    if changes:
        for name, value in changes.items():
            setattr(new, name, value)
    return new


def lacking(ends: tuple[int | None, ...], double: int) -> frozenset[Tile]:
    """The tiles a seat that cannot play on a line open at ``ends`` is shown not to hold
    (``Event.lacks``)."""
    return _lacking(ends, double)


@cache
def _lacking(ends: tuple[int | None, ...], double: int) -> frozenset[Tile]:
    """Cached per tuple of open ends, the key every pass already has at hand."""
    numbers = frozenset(n for n in ends if n is not None)
    return frozenset().union(*(tiles_with(double, n) for n in numbers))


# -- plays off the line ------------------------------------------------------------


def off_the_line(game: Game, tile_text: str, double: int, spinner: bool = False) -> IllegalAction:
    """Why a play on a train or a branch (or an end the game never has) is refused.

    A line game is played on the ends of one line, so the refusal says how
    to write a play there, with the player's own tile when it is in the set.
    """
    try:
        example = parse_tile(tile_text, double)
    except ValueError:
        example = tile(6, 5)
    if spinner:
        return IllegalAction(
            "{game} is played on the ends of one line and its spinner: "
            "write play {tile} W, E, N or S",
            game=game,
            tile=example,
        )
    return IllegalAction(
        "{game} is played on the ends of one line: write play {tile} W or E",
        game=game,
        tile=example,
    )


def refuse_trains(game: Game, text: str, double: int, spinner: bool = False) -> None:
    """Refuse ``play T train N`` and ``play T branch N`` before reading their tile or seat.

    The train notation of other games is never a move here; saying so beats
    complaining about a seat number or a tile outside the set.
    """
    words = text.split()
    if len(words) == 4 and words[0] == "play" and words[2] in ("train", "branch"):
        refused = off_the_line(game, words[1], double, spinner)
        raise NotationError(refused.template, **refused.params)
