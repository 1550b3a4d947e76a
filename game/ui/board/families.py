"""The table's parts for each rule family, registered against the family's descriptor
(:class:`game.rules.Family`).

Everything the table draws differently from one family to another is one of these parts:
where the tiles sit (the layout), which places are open to everyone and in what order they
opened, the tiles on rails, the doubles waiting to be covered, the count in the corner, and
whether the table turns to face the viewer's own place. Each family's module of this package
(:mod:`.line`, :mod:`.branches`, :mod:`.trains`) registers its parts here when the package
is imported; the rest of the UI asks :func:`parts` and never which state class or table kind
it holds. A family registered without the table's parts is refused by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from game.rules import Family, RuleSet, State, families, family_of
from game.rules.tiles import Tile
from game.ui.board.geometry import TableLayout


def _no_places(state: Any) -> frozenset[str]:
    return frozenset()


def _no_seats(state: Any) -> tuple[int, ...]:
    return ()


def _no_tiles(state: Any) -> tuple[Tile, ...]:
    return ()


def _no_count(state: Any) -> tuple[int, bool] | None:
    return None


class Parts(NamedTuple):
    """What the table brings to one family's rounds (see the module doc). Each function
    takes a state of the family (or its observed table)."""

    name: str  # the kind of table it is, and the puzzles' tab its games go under
    lay_out: Callable[[Any, float], TableLayout]  # every tile's place, on a board grown so much
    down: Callable[[Any], bool]  # the round's first tile is down (Cuban's draw then leaves)
    # the layout's places whose marker is up: open to everyone
    marked: Callable[[Any], frozenset[str]] = _no_places
    # the seats whose places opened to everyone, first opened first, where the table
    # numbers them (which open end to play on first)
    order: Callable[[Any], tuple[int, ...]] = _no_seats
    rails: Callable[[Any], tuple[Tile, ...]] = _no_tiles  # the tiles that lie on rails
    waiting: Callable[[Any], tuple[Tile, ...]] = _no_tiles  # doubles waiting to be covered
    # the count shown in the table's corner and whether it scores now, where plays score
    corner: Callable[[Any], tuple[int, bool] | None] = _no_count
    turns: bool = False  # the table turns so that the viewer's own place is nearest them


_PARTS: dict[Family, Parts] = {}


def register(family: Family, parts: Parts) -> None:
    """Give ``family``'s rule sets the table's ``parts``."""
    _PARTS[family] = parts


def parts(of: RuleSet[Any] | State | type[RuleSet[Any]]) -> Parts:
    """The table's parts for the family of a rule set (or its class) or a state; LookupError
    naming the family if it has none."""
    family = family_of(of)
    found = _PARTS.get(family)
    if found is None:
        raise LookupError(
            f"The table has no parts for the rule family {family.name!r}: register them "
            "from its module in game/ui/board/"
        )
    return found


def tables() -> tuple[str, ...]:
    """The kinds of table of the registered families, once each, in the families' order."""
    return tuple(dict.fromkeys(p.name for f in families() if (p := _PARTS.get(f)) is not None))


def missing() -> list[str]:
    """The registered rule families the table has no parts for (none, or a test fails)."""
    return [f.name for f in families() if f not in _PARTS]
