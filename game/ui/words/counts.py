"""Numbers with their nouns ("1 pip", "18 pips"): the one place a count meets its word.

Each noun has its forms in the language's words, ``[count.pips]`` with
``one = "{n} pip"`` and ``other = "{n} pips"``; :func:`count` picks the
form, so no sentence elsewhere writes "pips" after a number that may be 1.
A language with more forms adds keys and a rule in :func:`plural_form`.
"""

from __future__ import annotations

from game.i18n import t


def points(x: float) -> str:
    """A score as players write it: 15, 12.5."""
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def plural_form(n: float) -> str:
    """The form a number takes: "one" for exactly 1, else "other" (as English counts)."""
    return "one" if n == 1 else "other"


def count(noun: str, n: float) -> str:
    """``n`` with ``noun`` in the right form: ``count("pips", 1)`` is "1 pip"."""
    return t(f"count.{noun}.{plural_form(n)}", n=points(n))
