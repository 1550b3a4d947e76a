"""The computer's parts for each rule family, registered against the family's descriptor
(:class:`game.rules.Family`).

Everything the computer does differently from one family to another is one of these
parts: how many rounds are played out at once (:mod:`.batch`; one by one, the kernel
drives the family's turn machine), how the other seats' choices are read (:mod:`.reading`),
whether a two-seat table is solved exactly (:mod:`.solver`), and what a play does on a
state, for the heuristic choice and the hints (:mod:`.lines`, :mod:`.places`). The rest of
the computer asks :func:`parts` and never which game or table this is; a new family
registers its parts here, and a rule set of a family without them is refused by name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import game.ai.batch as batch
import game.ai.kernel as kn
import game.ai.lines as lines
import game.ai.places as places

from ..rules import Action, Family, RuleSet, State, Tile, families, family_of
from ..rules import cuban as cb
from ..rules import fives as fv
from ..rules import longana as lg
from ..rules import mexican_train as mt
from .budget import Budget
from .reading import Walk, on_branches, on_line

Batch = batch.Batch
Effect = Callable[[Any, Action], float]  # (a state of the family, a legal action) -> a number
Fact = Callable[[Any, Action], bool]  # (a state of the family or its observed table, a play)


class Parts(NamedTuple):
    """What the computer brings to one family's rounds (see the module doc)."""

    batch: Callable[[kn.Kernel, Budget], Batch | None]  # many rounds at once, where it serves
    walk: Walk | None  # the other seats' choices read (None: not read)
    modelled: bool  # playouts may choose as players do (:mod:`.model`)
    solves: bool  # a two-seat table may be solved exactly (:mod:`.solver`)
    points: Effect  # what a play scores at once
    stuck: Effect  # 1 if a play leaves the next seat nothing to play
    # what the hints say of a play (:mod:`.hints`): it covers a double, the number it leaves
    # open where it goes (given its tile), it starts a train that has no tile yet
    covers_double: Fact
    left_open: Callable[[Any, Action, Tile], int | None]
    unstarted: Fact


def _nothing(state: State, action: Action) -> float:
    return 0


def _never(state: State, action: Action) -> bool:
    return False


def _line_batch(kernel: kn.Kernel, budget: Budget) -> Batch | None:
    if budget.model or budget.eps >= 1.0:
        return batch.Batch(kernel, budget.eps, budget.model)
    return None


def _fives_batch(kernel: kn.Kernel, budget: Budget) -> Batch | None:
    """The kernel has no softmax for All Fives: ``eps`` decides."""
    return batch.Batch(kernel, budget.eps)


def _branches_batch(kernel: kn.Kernel, budget: Budget) -> Batch | None:
    return batch.Batch(kernel, budget.eps, steps=budget.steps)


# From this many playouts a Mexican Train decision plays its worlds through the batch:
# a step of the batch costs the same for few rounds as for many, and at the 10-seat table
# normal's 320 went about 0.8x as quick through it as one by one, hard's 1600 quicker.
TRAINS_BATCHED = 1000


def _trains_batch(kernel: kn.Kernel, budget: Budget) -> Batch | None:
    if budget.playouts < TRAINS_BATCHED:
        return None
    return batch.Batch(kernel, budget.eps, steps=budget.steps)


LINE = Parts(
    _line_batch,
    on_line,
    modelled=True,
    solves=True,
    points=partial(lines.points, spinners=False),
    stuck=partial(lines.stuck, spinners=False),
    covers_double=lines.covers_double,
    left_open=lines.left_open,
    unstarted=_never,
)
SPINNER = Parts(
    _fives_batch,
    None,
    modelled=False,
    solves=False,
    points=partial(lines.points, spinners=True),
    stuck=partial(lines.stuck, spinners=True),
    covers_double=lines.covers_double,
    left_open=lines.left_open,
    unstarted=_never,
)
BRANCHES = Parts(
    _branches_batch,
    on_branches,
    modelled=False,
    solves=False,
    points=_nothing,
    stuck=_nothing,
    covers_double=_never,
    left_open=places.left_open,
    unstarted=_never,
)
TRAINS = Parts(
    _trains_batch,
    None,
    modelled=False,
    solves=False,
    points=_nothing,
    stuck=_nothing,
    covers_double=places.covers_double,
    left_open=places.left_open,
    unstarted=places.unstarted,
)

_PARTS: dict[Family, Callable[[RuleSet[Any]], Parts]] = {}


def register(family: Family, choose: Callable[[RuleSet[Any]], Parts]) -> None:
    """Give ``family``'s rule sets the computer's parts ``choose`` picks for each."""
    _PARTS[family] = choose


def parts(rules: RuleSet[Any]) -> Parts:
    """The computer's parts for ``rules``' family; LookupError naming both if it has none."""
    family = family_of(rules)
    choose = _PARTS.get(family)
    if choose is None:
        raise LookupError(
            f"The computer has no parts for the rule family {family.name!r} of rule set "
            f"{rules.name!r}: register them in game/ai/families.py"
        )
    return choose(rules)


def kernel(rules: RuleSet[Any]) -> kn.Kernel:
    """The kernel that plays ``rules``' rounds out, with its family's playout."""
    chosen = parts(rules)
    return kn.Kernel(rules, chosen.modelled)


def missing() -> list[str]:
    """The registered rule families the computer has no parts for (none, or a test fails)."""
    return [f.name for f in families() if f not in _PARTS]


# The Fives family builds a spinner where its plays score (All Fives) and a plain line
# elsewhere; Cuban a plain line; Longana its branches; Mexican Train its trains.
register(fv.FAMILY, lambda rules: SPINNER if rules.scores_in_play else LINE)
register(cb.FAMILY, lambda rules: LINE)
register(lg.FAMILY, lambda rules: BRANCHES)
register(mt.FAMILY, lambda rules: TRAINS)
