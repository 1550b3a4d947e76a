"""The refusals of the rules layer: each carries one sentence a player understands.

:func:`quote` is how every refusal in the game (rules, presets, records,
settings) shows a value it refuses: short and on one line, whatever the value.
"""

from __future__ import annotations

import reprlib
from typing import ClassVar, Self

QUOTE_LIMIT = 60  # characters of a refused value a refusal shows at most

# Every character that would end a line (str.splitlines splits on each) or hide in one.
_ESCAPES = {c: f"\\x{c:02x}" for c in (*range(32), 127, 0x85)}
_ESCAPES |= {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"}
_ESCAPES |= {0x2028: "\\u2028", 0x2029: "\\u2029"}

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, QUOTE_LIMIT + 2, QUOTE_LIMIT
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6


class IllegalAction(ValueError):
    """An action the rules refuse; ``str(error)`` says why in the player's terms (English,
    for the API and the command line).

    The screen says it in the player's language: ``template`` is the English sentence with
    its ``{fields}`` (a message of the catalogues) and ``params`` their values, so the table
    translates the sentence and fills it in. A value is a fact, never English words: a
    number, a tile, an :class:`~game.rules.actions.Action`, a :class:`Place`, a
    :class:`Count`, a :class:`Game`, a :class:`Team`, another refusal (the reason inside
    "In 'play x': …"), or a refused value as :func:`quote` shows it.
    """

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params


class Fact(str):
    """A fact in a refusal's fields: it reads as its English words (so the API's sentence is
    the English one) and keeps one value, under the name its kind gives, that a screen
    words in its own language."""

    kept: ClassVar[str]

    def __new__(cls, value: object, english: str) -> Self:
        fact = super().__new__(cls, english)
        setattr(fact, cls.kept, value)
        return fact


class Place(Fact):
    """A place on the table, keeping its notation, ``where`` (``"E"``, ``"train 3"``,
    ``"train mexican"``, ``"branch 2"``)."""

    kept = "where"
    where: str


class Count(Fact):
    """A number the English writes as a word ("Two"), keeping ``n``: the screen writes it."""

    kept = "n"
    n: int


class Game(Fact):
    """A game ("There is no drawing in Block"), keeping its rule set's ``name``."""

    kept = "name"
    name: str


class Team(Fact):
    """A side of a partnership table ("team A"), keeping its ``seats``, so a screen names it
    as it names sides everywhere ("Seats 1 and 3")."""

    kept = "seats"
    seats: tuple[int, ...]


class NotationError(IllegalAction):
    """Text that is not an action of the notation (docs/DESIGN.md, "Action notation")."""


class ConfigError(ValueError):
    """An unknown rule set, a wrong seat count, or a bad option or preset."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as a refusal shows it: text in single quotes, anything else as Python
    writes it, cut to ``limit`` characters with "…" and every line break escaped.

    A refused value may be hostile (megabytes of text, an integer of thousands
    of digits, lists nested thousands deep); the refusal must stay one short line.
    """
    if isinstance(value, str):
        text = "'" + value[:limit].translate(_ESCAPES) + "'"
        return (text[: limit - 2] + "…'") if len(text) > limit else text
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a whole number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = _SHORT.repr(value).translate(_ESCAPES)
    except (ValueError, RecursionError):  # pragma: no cover - reprlib bounds both
        text = f"<{type(value).__name__}>"
    return (text[: limit - 1] + "…") if len(text) > limit else text
