"""The branch and train families' parts on states (Longana, Mexican Train), for the hints:
each seat's place (a branch or a train, then the Mexican train) is an index of the table's
``ends``. Registered for those families in :mod:`.families`."""

from __future__ import annotations

from ..rules import Action, BranchesState, Tile, TrainsState


def index(action: Action, players: int) -> int | None:
    """The index of a train or branch in the table's ``ends`` (the Mexican train last)."""
    words = (action.where or "").split()
    if len(words) != 2 or words[0] not in ("train", "branch"):
        return None
    if words[1] == "mexican":
        return players
    return int(words[1]) - 1 if words[1].isdigit() else None


def left_open(table: BranchesState | TrainsState, action: Action, tile: Tile) -> int | None:
    """The number a play of ``tile`` leaves open on its branch or train."""
    place = index(action, table.rules.players)
    ends = table.ends
    number = ends[place] if place is not None and place < len(ends) else None
    return None if number is None else tile.other(number)


def covers_double(table: TrainsState, action: Action) -> bool:
    """Whether a play goes where a double waits to be covered (one is owed)."""
    return bool(table.pending)


def unstarted(table: TrainsState, action: Action) -> bool:
    """Whether a play goes on a train that has no tile yet."""
    place = index(action, table.rules.players)
    return place is not None and place < len(table.trains) and not table.trains[place]
