"""The action notation of docs/DESIGN.md: one text form for every action.

``str(action)`` gives the text; :func:`parse_text` reads it back, so the log,
the saves, the record tool and the tests all speak the same language::

    lead 6-5            play 6-5 E          play 9-4 train 3
    play 9-4 train mexican                  play 7-2 branch 2
    open 9-9            engine 12-12        draw    pass    end
    redeal              accept              opener 3
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from .errors import NotationError, quote
from .tiles import Tile, parse_tile

ENDS = ("W", "E", "N", "S")
END_NAMES = {"W": "west", "E": "east", "N": "north", "S": "south"}


class Kind(StrEnum):
    """What an action does: the first word of its notation (the same strings in records)."""

    LEAD = "lead"
    PLAY = "play"
    OPEN = "open"
    ENGINE = "engine"
    DRAW = "draw"
    PASS = "pass"
    END = "end"
    REDEAL = "redeal"
    ACCEPT = "accept"
    OPENER = "opener"


class Action(NamedTuple):
    """A player's decision.

    ``where`` is the rest of the text after the tile: a line end (``"E"``), a
    train (``"train 3"``, ``"train mexican"``), a branch (``"branch 2"``), or
    for ``opener`` the chosen seat (``"3"``).
    """

    kind: Kind
    tile: Tile | None = None
    where: str | None = None

    def __str__(self) -> str:
        text = str(self.kind)
        if self.tile is not None:
            text += f" {self.tile.high}-{self.tile.low}"
        if self.where is not None:
            text += f" {self.where}"
        return text


DRAW = Action(Kind.DRAW)
PASS = Action(Kind.PASS)
END = Action(Kind.END)
REDEAL = Action(Kind.REDEAL)
ACCEPT = Action(Kind.ACCEPT)

_BARE = {"draw": DRAW, "pass": PASS, "end": END, "redeal": REDEAL, "accept": ACCEPT}
_TILE_ONLY = {"lead": Kind.LEAD, "open": Kind.OPEN, "engine": Kind.ENGINE}


def parse_text(text: str, double: int = 12, players: int = 10) -> Action:
    """Read one action's text; raise :class:`NotationError` saying what is wrong.

    Checks the form only (a tile of the set, an end, a train or branch of a
    seat that exists); whether the action is legal now is for the rule set.
    """
    words = text.split()
    if not words:
        raise NotationError("An empty line is not an action")
    kind, rest = words[0], words[1:]
    if kind in _BARE and not rest:
        return _BARE[kind]
    if kind == "opener" and len(rest) == 1:
        return Action(Kind.OPENER, None, str(_seat(rest[0], players, text)))
    if kind in _TILE_ONLY and len(rest) == 1:
        return Action(_TILE_ONLY[kind], _tile(rest[0], double, text))
    if kind == "play" and len(rest) == 2 and rest[1] in ENDS:
        return Action(Kind.PLAY, _tile(rest[0], double, text), rest[1])
    if kind == "play" and len(rest) == 3 and rest[1] in ("train", "branch"):
        t = _tile(rest[0], double, text)
        if rest[1] == "train" and rest[2] == "mexican":
            return Action(Kind.PLAY, t, "train mexican")
        return Action(Kind.PLAY, t, f"{rest[1]} {_seat(rest[2], players, text)}")
    raise NotationError(
        "{text} is not an action; write it like 'play 6-5 E' or 'pass'", text=quote(text)
    )


def _tile(word: str, double: int, text: str) -> Tile:
    try:
        t = parse_tile(word, double)
    except NotationError as error:
        raise NotationError("In {text}: {error}", text=quote(text, 40), error=error) from None
    if word != str(t):
        raise NotationError(
            "In {text}: write the tile high end first, as {tile}", text=quote(text, 40), tile=t
        )
    return t


def _seat(word: str, players: int, text: str) -> int:
    if not (word.isascii() and word.isdigit() and len(word) <= 3) or str(int(word)) != word:
        raise NotationError(
            "In {text}: {word} is not a seat number", text=quote(text, 40), word=quote(word, 20)
        )
    seat = int(word)
    if not 1 <= seat <= players:
        raise NotationError(
            "In {text}: there is no seat {seat} at a {players}-seat table",
            text=quote(text, 40),
            seat=seat,
            players=players,
        )
    return seat


def typed(action: object) -> Action:
    """``action`` if it is an :class:`Action` whose parts have the notation's types (text,
    a :class:`Tile` of whole numbers or None, short text or None); else NotationError."""
    if not isinstance(action, Action):
        raise NotationError(
            "{value} is not an action; write it like 'play 6-5 E'", value=quote(action)
        )
    kind, t, where = action
    if not (
        isinstance(kind, str)
        and len(kind) <= 8
        and (t is None or (type(t) is Tile and type(t.high) is int and type(t.low) is int))
        and (where is None or (isinstance(where, str) and len(where) <= 16))
    ):
        raise NotationError("{value} is not an action of the notation", value=quote(action))
    return action


@lru_cache(maxsize=8192)
def reads_back(action: Action, double: int = 12, players: int = 10) -> bool:
    """Whether a :func:`typed` action's text reads back as itself (cached: a table has few).

    An Action is a plain tuple anyone can build, ``Action("lead", t, "W")`` or
    ``Action("draw", t)`` included; such a value must never enter a match, for
    its text would not read back and the record holding it would be lost.
    """
    try:
        return parse_text(str(action), double, players) == action
    except NotationError:
        return False
