"""What one decision may spend (docs/DESIGN.md, "Budget"): each game's preset says it per
level (``levels/*.toml``); the search spends it, and each family's parts choose by it how
the playouts run (:mod:`.families`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: ``playouts`` in all, rollouts ``eps``-random.

    ``eps`` is the chance that a playout move is random; otherwise it is the
    heuristic move (most points, then one leaving the next seat stuck, then
    the heaviest tile: :func:`playout.engine_choice`). ``steps`` cuts engine
    playouts short (the round is then scored from the pips in hand).
    ``solve`` > 0 solves each guessed world of a two-seat Block or Draw table
    exactly (:mod:`solver`) when that takes at most ``solve`` positions,
    and plays it out otherwise; such a decision spends ``solved`` playouts (a
    solved world counts one per candidate) instead of ``playouts``.
    Solving is for two seats only: with partners it assumes each pair plays
    as one mind seeing every tile, and measured weaker than playouts there.
    ``read`` > 0 weighs each guessed world by how well it explains the other
    seats' choices (:mod:`reading`; Block, Draw, Cuban, Longana): by that likelihood
    raised to ``read``, so 1 trusts the model of their choices fully and less
    flattens the weights where many choices are read. ``model`` makes the
    playouts of Block, Draw and Cuban choose as players do (:mod:`model`)
    instead of ``eps``.
    """

    playouts: int
    eps: float = 1.0
    steps: int = 100000
    solve: int = 0
    solved: int = 0
    read: float = 0.0
    model: bool = False
