"""The rules layer: pure Python, no arcade, pyglet or pymunk (a test enforces it).

``create(name, players=N, **options)`` gives a rule set; see docs/DESIGN.md,
"Contracts other parts rely on", for the whole API.

A state is one of the family states; each family registers one descriptor
(:class:`Family`: its rule class, state class and tables), which ``family_of`` finds for
a rule set or a state, so code outside a family's modules keys its parts to that instead
of testing types. A family's own code narrows ``State`` and reads typed fields:
:class:`LineState` (a line, and :class:`CubanState` with its phases),
:class:`BranchesState` (Longana's branches), :class:`TrainsState` (Mexican Train's trains).
A rule set is a ``RuleSet[S]`` of its state.
"""

from . import (
    cuban,  # noqa: F401  (registers cuban)
    fives,  # noqa: F401  (registers block, draw, all_fives)
    longana,  # noqa: F401  (registers longana)
    mexican_train,  # noqa: F401  (registers mexican_train)
)
from .actions import Action, Kind, parse_text
from .base import Deal, Event, Observation, RuleSet, State
from .cuban import CubanState, Phase
from .errors import ConfigError, Count, Game, IllegalAction, NotationError, Place, Team
from .family import Family, families, family_of
from .line import LineState
from .longana import BranchesState
from .mexican_train import TrainsState
from .registry import checked_preset, create, listed, names, rule_class
from .results import Outcome, RoundResult, Scoring, WinName
from .surprises import News, Surprise, surprise
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
    "BranchesState",
    "ConfigError",
    "Count",
    "CubanState",
    "Deal",
    "Direction",
    "Event",
    "Family",
    "First",
    "Game",
    "IllegalAction",
    "Kind",
    "LineState",
    "News",
    "NotationError",
    "Observation",
    "Outcome",
    "Partnerships",
    "Phase",
    "Place",
    "RoundResult",
    "RuleSet",
    "Scoring",
    "State",
    "Surprise",
    "TableKind",
    "Team",
    "Tile",
    "TrainsState",
    "WinName",
    "checked_preset",
    "create",
    "families",
    "family_of",
    "listed",
    "names",
    "parse_action",
    "parse_tile",
    "rule_class",
    "surprise",
    "tile",
    "tile_set",
]
