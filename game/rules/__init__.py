"""The rules layer: pure Python, no arcade, pyglet or pymunk (a test enforces it).

``create(name, players=N, **options)`` gives a rule set; see DESIGN.md,
"Contracts other parts rely on", for the whole API.
"""

from . import (
    cuban,  # noqa: F401  (registers cuban)
    fives,  # noqa: F401  (registers block, draw, all_fives)
    longana,  # noqa: F401  (registers longana)
    mexican_train,  # noqa: F401  (registers mexican_train)
)
from .actions import Action, Kind, parse_text
from .base import Deal, Event, Observation, RuleSet, State
from .errors import ConfigError, Count, Game, IllegalAction, NotationError, Place, Team
from .registry import checked_preset, create, listed, names, rule_class
from .results import Outcome, RoundResult, Scoring, WinName
from .tiles import Tile, parse_tile, tile, tile_set
from .traits import Blocked, Direction, First, Partnerships, TableKind


def parse_action(state: State | None, text: str) -> Action:
    """Read ``text`` in the action notation; the inverse of ``str(action)``.

    The state's rule set checks the tile against its set and seats against
    its table; with no state any tile up to double-twelve and seat up to 10
    reads. Legality is ``apply``'s business, not the parser's.
    """
    if state is not None:
        return state.rules.parse_action(state, text)
    return parse_text(text)


__all__ = [
    "Action",
    "Blocked",
    "ConfigError",
    "Count",
    "Deal",
    "Direction",
    "Event",
    "First",
    "Game",
    "IllegalAction",
    "Kind",
    "NotationError",
    "Observation",
    "Outcome",
    "Partnerships",
    "Place",
    "RoundResult",
    "RuleSet",
    "Scoring",
    "State",
    "TableKind",
    "Team",
    "Tile",
    "WinName",
    "checked_preset",
    "create",
    "listed",
    "names",
    "parse_action",
    "parse_tile",
    "rule_class",
    "tile",
    "tile_set",
]
