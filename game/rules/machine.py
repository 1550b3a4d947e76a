"""A family's turn machine: its round as a few numbers, and the steps the rules take on it.

Each family's module provides one :class:`Machine` (built per rule set, registered on its
:class:`~game.rules.base.Family`): the round held as tile-bit masks (bit ``i`` of a hand is
tile ``i`` of the set's order), the boneyard as tile indices and the table as the family's
few numbers, and the steps of a turn on them — which tiles fit where, a play and all that
follows it, a draw or pass, how the round ended. The computer's playouts are a loop over
these steps (:mod:`game.ai.kernel`), thousands of rounds a decision, so a round is stepped
in place; whoever keeps one (the engine) copies it first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .tally import Num
from .tiles import Tile


class Bits:
    """Per tile set: each tile's halves and pips, the tiles of each number, the other half."""

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        self.tiles = tiles
        top = max(t.high for t in tiles)
        self.index = {t: i for i, t in enumerate(tiles)}
        self.pips = [t.high + t.low for t in tiles]
        self.double = [t.high == t.low for t in tiles]
        self.doubles = sum(1 << i for i, d in enumerate(self.double) if d)
        self.high = [t.high for t in tiles]
        self.low = [t.low for t in tiles]
        self.suit = [sum(1 << i for i, t in enumerate(tiles) if t.has(n)) for n in range(top + 1)]
        # near[i]: the tiles sharing a number with tile i (itself included)
        self.near = [self.suit[t.high] | self.suit[t.low] for t in tiles]
        self.width = top + 1
        # _bytes[k][b]: the pips of the tiles whose bits are the byte b at byte k of a mask
        self._bytes = [
            [sum(self.pips[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < len(tiles))
             for b in range(256)]
            for k in range((len(tiles) + 7) // 8)
        ]  # fmt: skip
        self.every = (1 << len(tiles)) - 1  # the whole set
        # other[i * width + n]: the half left open when tile i is matched to n
        self.other = [t.other(n) for t in tiles for n in range(self.width)]

    def mask(self, hand: Iterable[Tile]) -> int:
        index = self.index
        m = 0
        for t in hand:
            m |= 1 << index[t]
        return m

    def pip_total(self, mask: int) -> int:
        """The pips of the tiles in ``mask``, a byte of the mask at a time."""
        total = 0
        for table in self._bytes:
            total += table[mask & 255]
            mask >>= 8
        return total


@cache
def bits(tiles: tuple[Tile, ...]) -> Bits:
    return Bits(tiles)


class Position(NamedTuple):
    """A round as an engine state gives it to a machine: the hands as tile-bit masks, the
    boneyard as tile indices (top first), the table as its family's numbers
    (``State.compact``), the passes in a row (a line's), the seat to move (from 0) and the
    scores per side."""

    hands: list[int]
    boneyard: list[int]
    table: Any
    passes: int
    mover: int
    scores: list[float]


class RoundEnd(NamedTuple):
    """The end of a round as a machine played it: as the engine's RoundResult would say it.

    ``gained`` counts from the start of the machine's round (points scored before it are not
    included); ``hands`` are the tile-bit masks left in each hand; ``match_over`` says
    whether the round ended the match.
    """

    how: str
    winners: tuple[int, ...]
    gained: tuple[float, ...]
    hands: tuple[int, ...]
    match_over: bool


class Round(Protocol):
    """What every family's compact round has: the hands and the seat to move (from 0)."""

    hands: list[int]
    mover: int


R = TypeVar("R", bound=Round)
S = TypeVar("S")  # a state (:class:`Kept` keeps states of any family)
R_in = TypeVar("R_in", bound=Round, contravariant=True)

# The mover's moves (:meth:`Machine.places`): how many, and each place that takes a tile with
# the mask of those tiles, in canonical order; a place -1 with mask 1 is the move without a
# tile that the machine offers beside the plays (Mexican Train's ``end``).
Places = tuple[int, Sequence[tuple[int, int]]]
NO_PLACES: Places = (0, ())
WITHOUT_TILE = (-1, 1)  # the move without a tile, as a place of :data:`Places`


def dense(places: Places, count: int) -> tuple[int, ...]:
    """``places`` per place number (``count`` of them), the tiles each takes; () when the
    mover has no play (for the engine, which asks by place)."""
    if not places[0]:
        return ()
    out = [0] * count
    for place, tiles in places[1]:
        if place >= 0:
            out[place] = tiles
    return tuple(out)


class Machine(Protocol[R]):
    """One family's turn steps on its compact round ``R`` (see the module doc)."""

    players: int
    bits: Bits
    # Whether the heuristic choice asks :meth:`effects` (else it takes the heaviest tile).
    weighs: bool

    def round(self, position: Position) -> R:
        """A fresh round from ``position`` (its lists copied: the round is stepped in place)."""
        ...

    def places(self, r: R) -> Places:
        """The mover's moves (:data:`Places`): how many, and in canonical order each place
        that takes a tile with the mask of the tiles it takes, the move without a tile
        (:data:`WITHOUT_TILE`, made by :meth:`stuck`) first where the rules offer it beside
        the plays; :data:`NO_PLACES` when the mover has no play. Asked at every playout
        step, so the count comes made and the empty places are left out."""
        ...

    def play(self, r: R, tile: int, place: int) -> bool:
        """Put ``tile`` at ``place`` and all that follows; True once the round is over."""
        ...

    def stuck(self, r: R) -> bool:
        """The mover has no play, or makes the move without a tile: draw, pass or end, as the
        rules say; True once the round is over."""
        ...

    def effects(self, r: R, place: int, tiles: int) -> tuple[Sequence[int] | None, Sequence[int]]:
        """What each of ``tiles`` (a mask) played at ``place`` would do, without playing it,
        indexed by tile: the points it scores at once (None: nothing scores), and the mask
        of every tile the table would then take (the heuristic choice's measures; asked only
        of a machine that ``weighs``)."""
        ...

    def end(self, r: R) -> RoundEnd:
        """How the round ended (once a step said it is over), or how the family scores a
        round cut short (the computer's ``steps``)."""
        ...


class Copied(Round, Protocol):
    """A round that can be copied (a family's round class)."""

    def copy(self) -> Any: ...


C = TypeVar("C", bound=Copied)


class Kept(Generic[C]):
    """The engine's memo of a family's rounds, for a rule set whose steps run on its machine.

    A state the engine's last step made is kept with the round that step left, so the next
    step copies that round instead of reading the state again (``read``: a state's round,
    from its fields); and the places of the last state asked are kept, as ``legal_actions``
    and then ``apply`` ask them of the same state. Each entry holds its state, so no other
    state can take its identity while it is kept.
    """

    def __init__(self, machine: Machine[Any], read: Callable[[Any], C], count: int) -> None:
        self._machine = machine
        self._read = read
        self._count = count  # the places of a table (:func:`dense`)
        self._round: tuple[object, C] | None = None
        self._places: tuple[object, tuple[int, ...]] | None = None

    def round(self, state: object) -> C:
        """``state``'s round, a new one each time (the caller steps it)."""
        kept = self._round
        if kept is not None and kept[0] is state:
            copied: C = kept[1].copy()
            return copied
        return self._read(state)

    def places(self, state: object) -> tuple[int, ...]:
        """Per place, the tiles the seat to move may put there (:func:`dense`)."""
        memo = self._places
        if memo is not None and memo[0] is state:
            return memo[1]
        kept = self._round  # (asked without stepping: the kept round itself, not a copy)
        r = kept[1] if kept is not None and kept[0] is state else self._read(state)
        places = dense(self._machine.places(r), self._count)
        self._places = (state, places)
        return places

    def keep(self, state: S, r: C) -> S:
        """``state``, made by a step that left ``r``: kept as its round."""
        self._round = (state, r)
        return state


class Rows(Protocol[R_in]):
    """A machine that also steps many rounds at once (the computer's batch, :mod:`game.ai.batch`,
    which knows no family and drives these as :class:`Machine`'s steps are driven).

    The rounds are ``rows``: the fields of the family's round ``R``, each an array with a row
    per round (a number's array, or a list's rows), the hands (rounds x seats, tile-bit masks)
    and the boneyards (rounds x tiles) the driver's; ``b`` is :class:`Bits`' tables as arrays
    (``suit`` with a last row of nothing for a number -1, ``bit[i]`` tile ``i``'s mask, and
    ``pip_total`` of an array of masks). ``q`` are the indices of the rounds a step is for.
    Every step calls the family's rule functions (numbers or arrays alike: :mod:`.tally`) that
    its scalar steps call, so the rules are written once. A machine may also have
    ``move_rows(rows, b, plays, tile, place, stuck)``, :meth:`play_rows` and
    :meth:`stuck_rows` in one call (whether each round is over, every round's), which the
    driver then calls instead; and ``order`` (its places in canonical order, when that is not
    their own): ``fits_rows`` then come in that order, and ``play_rows`` take places.
    """

    def rows(self, r: R_in, spread: Any) -> dict[str, Any]:
        """The fields of ``r`` (a round from :meth:`Machine.round`) the steps keep but the
        hands, the mover and the boneyard, each as ``spread(value)``: one row per round."""
        ...

    def fits_rows(self, rows: Any, b: Any, held: Any) -> tuple[Any, Any]:
        """Per place in canonical order, the mask of ``held`` (each round's mover's hand) that
        fits there (a list, or one array with the places on its second axis); and where the
        move without a tile is offered beside them, 1 (else None)."""
        ...

    def play_rows(self, rows: Any, b: Any, q: Any, tile: Any, place: Any) -> Any:
        """:meth:`Machine.play` in the rounds ``q``; whether each is over."""
        ...

    def stuck_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`Machine.stuck` in the rounds ``q``; whether each is over."""
        ...

    def effects_rows(self, rows: Any, b: Any, q: Any) -> Any:
        """:meth:`Machine.effects` in the rounds ``q``: a function of a place and a tile per
        round giving (the points it scores or None, the tiles the table would then take)."""
        ...

    def end_rows(self, rows: Any, b: Any, q: Any) -> tuple[Any, Any, Any]:
        """:meth:`Machine.end` of the rounds ``q``: per seat what it gained and whether it won
        (lists of a row per seat, or arrays of a column per seat), and whether the match is
        over."""
        ...


def leaves(b: Any, tile: Num, number: Num) -> Num:
    """The number an end shows once ``tile`` is matched to its ``number`` (``b``: the tile
    tables, :class:`Bits` or the batch's arrays of them): one body for a table and for many."""
    return b.other[tile * b.width + number]


def next_seat(seat: Num, players: Num) -> Num:
    """The seat (from 0) that moves after ``seat``, round the table."""
    return (seat + 1) % players
