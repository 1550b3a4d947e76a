"""How a player chooses a tile, as a probability: the model behind reading and smart playouts.

A softmax over the tiles a seat can play, each scored ``PIPS * pips +
COMPANIONS * (other tiles of the hand sharing a number with it) + DOUBLE *
(1 for a double)``: players lay doubles early, shed heavy tiles and play from
the numbers they hold most of. The weights were fitted by maximum likelihood
to the normal level's own choices in four-seat Block and Cuban (448
choices; the log-likelihood rose from -439 for a uniform choice to -365).
"""

from __future__ import annotations

import math

PIPS = 0.2
COMPANIONS = 0.5
DOUBLE = 1.0


def score(pips: int, companions: int, double: bool) -> float:
    """The model's score of one tile; the choice is a softmax over the scores."""
    return PIPS * pips + COMPANIONS * companions + (DOUBLE if double else 0.0)


def weight(pips: int, companions: int, double: bool) -> float:
    """The softmax's unnormalised weight of one tile, ``exp(score)``.

    The kernel looks these up in a table (:class:`~game.ai.kernel.Tables`) and
    the engine playouts compute them here: the same numbers, so both pick alike.
    """
    return math.exp(score(pips, companions, double))


def pick(weights: list[float], r: float) -> int:
    """The index the softmax picks for ``r`` in [0, 1), given each tile's :func:`weight`."""
    target = r * sum(weights)
    for k, w in enumerate(weights):
        target -= w
        if target < 0:
            return k
    return len(weights) - 1
