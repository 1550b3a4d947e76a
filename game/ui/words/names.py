"""Seats, places, points and counts named one way on every screen.

The log, the table's bars, the summaries and the panels all name a seat
("Seat 3", "You"), a group of seats ("Seats 1 and 3"), a place on the
table ("the east end", "Seat 3's train", "your train"), a score ("12.5",
"+15") and a number with its noun ("1 pip", "18 pips") through these, each
through :func:`game.i18n.t`.

Each counted noun has its forms in the language's words, ``[count.pips]``
with ``one = "{n} pip"`` and ``other = "{n} pips"``; :func:`count` picks the
form, so no sentence elsewhere writes "pips" after a number that may be 1.
A language with more forms adds keys and a rule in :func:`plural_form`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import t


def seat_name(seat: int, you: int | None = None) -> str:
    """ "Seat 3", or "You" for the seat ``you`` (the one human at the table, if given)."""
    return t("You") if seat == you else t("seat.name", n=seat)


def seats_name(seats: Sequence[int]) -> str:
    """ "Seat 1", "Seats 1 and 3", "Seats 1, 2 and 4"."""
    seats = list(seats)
    if len(seats) == 1:
        return seat_name(seats[0])
    head = ", ".join(str(s) for s in seats[:-1])
    return t("seat.names", list=head, last=seats[-1])


def place_name(where: str | None, viewer: int | None = None) -> str:
    """Where a play goes: "the east end", "Seat 3's train", "the Mexican train".

    The ``viewer``'s own train or branch is "your train" (the player the
    words are for, when there is one).
    """
    where = where or ""
    if where in ("W", "E", "N", "S"):
        return t(f"place.{where}")
    what, _, who = where.partition(" ")
    if who == "mexican":
        return t("place.mexican")
    if what in ("train", "branch") and who.isdigit():
        if viewer is not None and int(who) == viewer:
            return t(f"place.your_{what}")
        return t(f"place.{what}", seat=seat_name(int(who)))
    return where


def points(x: float) -> str:
    """A score as players write it: 15, 12.5."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def gain(x: float) -> str:
    """A change of score: "+15", "+0", "-3"."""
    return f"{'+' if x >= 0 else ''}{points(x)}"


def plural_form(n: float) -> str:
    """The form a number takes: "one" for exactly 1, else "other" (as English counts)."""
    return "one" if n == 1 else "other"


def count(noun: str, n: float) -> str:
    """``n`` with ``noun`` in the right form: ``count("pips", 1)`` is "1 pip"."""
    return t(f"count.{noun}.{plural_form(n)}", n=points(n))
