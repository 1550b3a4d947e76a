"""Seats, places, points and counts named one way on every screen.

The log, the table's bars, the summaries and the panels all name a seat
("Seat 3", "Ana", "You": as the :class:`Roster` of the table in play says), a
group of seats ("Seats 1 and 3"), a place on the table ("the east end", "Seat
3's train", "your train"), a score ("12.5", "+15") and a number with its noun
("1 pip", "18 pips") through these, each in the player's language
(:mod:`game.i18n`).

A count goes through ``ngettext``: the language's own plural rule picks the
form (Arabic has six), so no sentence elsewhere writes "pips" after a number
that may be 1.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from game.i18n import N_, _, ngettext, pgettext, right_to_left
from game.match import Match
from game.ui.words.script import isolated

# The ends and arms of a line, by their letter in the notation.
ENDS = {
    "W": N_("the west end"),
    "E": N_("the east end"),
    "N": N_("the north arm"),
    "S": N_("the south arm"),
}


@dataclass(frozen=True)
class Roster:
    """Who sits at the table, as the words name them: each seat's name (None: "Seat N")
    and the seat spoken to as "you" (the one human at the table, if there is exactly one;
    named "You" where no name was typed for them)."""

    names: tuple[str | None, ...] = ()
    you: int | None = None

    @classmethod
    def of(cls, match: Match) -> Roster:
        """The match's seats: its names, and "You" for its only human seat."""
        humans = [s for s in range(1, len(match.seats) + 1) if match.is_human(s)]
        return cls(tuple(match.names), humans[0] if len(humans) == 1 else None)

    def name(self, seat: int) -> str | None:
        return self.names[seat - 1] if 0 < seat <= len(self.names) else None


NOBODY = Roster()  # no names, no "You": every seat is "Seat N"
# The table sitting now. Every line of words names seats through it, as every line
# speaks the language chosen: the log, the bars and the summaries alike, with no
# roster to hand down through each of them. The table sets it as it opens a match.
_seated = NOBODY


def sit(roster: Roster) -> None:
    """From now on, seats are named as ``roster`` says (the table opening a match)."""
    global _seated
    _seated = roster


def seated() -> Roster:
    """The roster the words use now."""
    return _seated


@contextmanager
def seated_as(roster: Roster) -> Iterator[None]:
    """Name seats as ``roster`` says for a while (a history entry's own players)."""
    before = _seated
    sit(roster)
    try:
        yield
    finally:
        sit(before)


def seat_name(seat: int, you: int | None = None) -> str:
    """The seat's name as typed ("Ana"), else "You" for the seat ``you`` (else the
    roster's: the one human at the table), else "Seat 3".

    A name typed in the setup is the player's own, so it stands on their panel, in the
    summaries and on the score sheet even when they play the computer alone; only the
    sentences about them (:func:`is_you`) speak to them as "you"."""
    roster = _seated
    name = roster.name(seat)
    if name:
        return isolated(name, right_to_left())
    if seat == (you if you is not None else roster.you):
        return _("You")
    return _("Seat {n}").format(n=seat)


def initial(seat: int) -> str:
    """What a seat's mark shows (:mod:`game.ui.widgets.marks`): its name's first letter,
    capital, while no other seat's name begins with it; else the seat's number (a seat
    with no name, two names alike), so no two seats at one table show the same mark."""
    roster = _seated
    first = _first_letter(roster.name(seat))
    if first is None:
        return str(seat)
    others = [_first_letter(roster.name(s)) for s in range(1, len(roster.names) + 1) if s != seat]
    return str(seat) if first in others else first


def _first_letter(name: str | None) -> str | None:
    """A name's first letter as a capital (None for no name, or one with no letter)."""
    letter = next((c for c in name or "" if c.isalnum()), None)
    return letter.upper()[:1] if letter else None


def is_you(seat: int) -> bool:
    """Whether ``seat`` is called "You" now (a sentence about it takes "you" forms)."""
    return _seated.you == seat


def seats_name(seats: Sequence[int]) -> str:
    """ "Seat 1", "Seats 1 and 3", "Seats 1, 2 and 4"; with names "Ana and Seat 3"."""
    seats = list(seats)
    if len(seats) == 1:
        return seat_name(seats[0])
    if any(_seated.name(s) for s in seats) or _seated.you in seats:
        head = comma().join(seat_name(s) for s in seats[:-1])
        return _("{list} and {last}").format(list=head, last=seat_name(seats[-1]))
    head = comma().join(str(s) for s in seats[:-1])
    return _("Seats {list} and {last}").format(list=head, last=seats[-1])


def comma() -> str:
    """What separates the items of a list: ", " (Arabic writes "، ")."""
    return pgettext("list separator", ", ")


def place_name(where: str | None, viewer: int | None = None) -> str:
    """Where a play goes: "the east end", "Seat 3's train", "the Mexican train".

    The ``viewer``'s own train or branch is "your train" (the player the
    words are for, when there is one).
    """
    where = where or ""
    if where in ENDS:
        return _(ENDS[where])
    what, _sep, who = where.partition(" ")
    if who == "mexican":
        return _("the Mexican train")
    if what in ("train", "branch") and who.isdigit():
        mine = int(who) == (viewer if viewer is not None else _seated.you)
        if what == "train":
            return _("your train") if mine else _("{seat}'s train").format(seat=seat_name(int(who)))
        return _("your branch") if mine else _("{seat}'s branch").format(seat=seat_name(int(who)))
    return where


def points(x: float) -> str:
    """A score as players write it: 15, 12.5."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


# Before a sign in a right-to-left language: CLDR's Arabic (Latin digits) writes its plus
# and minus signs so, a left-to-right mark then "+" or "-".
SIGN_MARK = "\u200e"


def gain(x: float, places: int | None = None) -> str:
    """A number with its sign always written, the one way every screen writes one: a change
    of score ("+15", "+0", "-3"), or with ``places`` decimals fixed a worth ("-1.3").

    In a right-to-left language the sign follows a left-to-right mark, as CLDR writes it:
    by the bidirectional algorithm (rule W7) the digits after a left-to-right mark resolve
    left to right, so the sign stays on the number's left whatever stands round it, in
    the text as written (a line copied, a test's text), not only as :mod:`.script` shapes
    a line for drawing (which also takes the mark out: it is never drawn)."""
    text = f"{x:+.{places}f}" if places is not None else f"{'+' if x >= 0 else ''}{points(x)}"
    return SIGN_MARK + text if right_to_left() else text


def plural_n(x: float) -> int:
    """The whole number a plural rule is asked about: 12.5 takes the form of a number
    that is not 1 (in each of our languages a fraction reads like "many")."""
    return int(x) if x == int(x) else 100


# Each counted noun's two English forms; the catalogue holds each language's own.
COUNTS = {
    "pips": lambda k: ngettext("{n} pip", "{n} pips", k),
    "tiles": lambda k: ngettext("{n} tile", "{n} tiles", k),
    "points": lambda k: ngettext("{n} point", "{n} points", k),
    "pts": lambda k: ngettext("{n} pt", "{n} pts", k),
}


def count(noun: str, n: float) -> str:
    """``n`` with ``noun`` in the right form: ``count("pips", 1)`` is "1 pip"."""
    return str(COUNTS[noun](plural_n(n))).format(n=points(n))
