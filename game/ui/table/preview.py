"""Preview, then confirm: what the player has picked but not yet committed.

Picking a hand tile lights its legal places (one place: it is previewed at
once); picking a place previews that play; a button (draw, pass, end …)
previews its action, and a pass, draw or end that is the only move is previewed
before anything is picked. Only :meth:`Preview.confirm` hands an action out, so
nothing reaches the rules until the player confirms (every game asks a
preview confirmed before it happens). Pure Python: the table view drives it
and the tests check it alone.
"""

from __future__ import annotations

from game.rules.actions import Action
from game.rules.tiles import Tile

TILE_KINDS = ("play", "lead", "open", "engine")
ONE_PRESS = ("pass", "draw", "end")  # moves a single press makes when they are the only one


class Preview:
    """The current selection against a set of legal actions."""

    def __init__(self, legal: tuple[Action, ...] = ()) -> None:
        self.legal = legal
        self.selected: Tile | None = None
        self.places: tuple[Action, ...] = ()
        self.chosen: Action | None = None

    def reset(self, legal: tuple[Action, ...]) -> None:
        """A new position: forget the selection (the only move, if that is all there is,
        previewed at once)."""
        self.legal = legal
        self.cancel()

    def only(self) -> Action | None:
        """The pass, draw or end of turn that is all the player may do (else None).

        The rule cards ask its preview shown as the turn begins, so that the one press
        that follows confirms it: there is nothing to weigh it against.
        """
        if len(self.legal) == 1 and self.legal[0].kind in ONE_PRESS:
            return self.legal[0]
        return None

    # -- what the player can pick ------------------------------------------

    def playable(self) -> frozenset[Tile]:
        """The hand tiles that have at least one legal place."""
        return frozenset(a.tile for a in self.legal if a.kind in TILE_KINDS and a.tile)

    def buttons(self) -> tuple[Action, ...]:
        """The legal actions without a tile (draw, pass, end, accept, redeal, opener N)."""
        return tuple(a for a in self.legal if a.tile is None)

    # -- picking --------------------------------------------------------------

    def select(self, t: Tile) -> bool:
        """Pick a hand tile; False (and nothing changes) if it has no legal place."""
        places = tuple(a for a in self.legal if a.tile == t and a.kind in TILE_KINDS)
        if not places:
            return False
        self.selected = t
        self.places = places
        self.chosen = places[0] if len(places) == 1 else None
        return True

    def choose(self, action: Action) -> bool:
        """Preview ``action``: one of the selected tile's places, or a button's action."""
        if action not in self.legal:
            return False
        if action.tile is not None:
            if action.tile != self.selected:
                self.select(action.tile)
            self.chosen = action
        else:
            self.selected, self.places, self.chosen = None, (), action
        return True

    def cancel(self) -> None:
        """Nothing picked: back to the only move's preview when there is one (cancelling
        it would leave nothing else to do)."""
        self.selected = None
        self.places = ()
        self.chosen = self.only()

    def cycle_place(self, step: int) -> None:
        """Move the preview to the next (or previous) legal place of the selected tile."""
        if not self.places:
            return
        i = self.places.index(self.chosen) if self.chosen in self.places else -step
        self.chosen = self.places[(i + step) % len(self.places)]

    def confirm(self) -> Action | None:
        """The previewed action, handed out once; the preview is cleared."""
        action = self.chosen
        if action is None or action not in self.legal:
            return None
        self.cancel()
        return action
