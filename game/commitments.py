"""Deals anyone can check: each deal is committed to before its round's first move.

Players of domino apps often suspect the computer of rigging the deal. The rule cards
say it uses only its own hand and what is public; a commitment lets a player check
the deal half of that. When a deal is made, the match picks a secret salt (128 bits
from the system) and shows the SHA-256 of the salt and the deal — every hand, the
boneyard in its order and the tiles out of play, as the round's first state holds
them. The hash says nothing of the deal while the salt is secret; at the round's end
the salt is revealed with every hand, and anyone can hash them again and find the
hash shown before the first move (on screen, or ``python -m game.record verify``).

A deal is numbered as the rules count them (``State.deal_no``, from 1): a Cuban
redeal is a deal of its own. The salts live with the match and its record; the hash
is worked out from the salt and the state whenever asked, so it is the same on every
replay, undo, redo or restart of the round.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .rules import State

SALT_BYTES = 16
SHOWN = 8  # hex digits the table shows: enough to compare at a glance
_SALT = re.compile(f"[0-9a-f]{{{2 * SALT_BYTES}}}")
_HASH = re.compile("[0-9a-f]{64}")


class Commitment(NamedTuple):
    """Deal ``deal``'s commitment: the hash shown before its first move, and its salt."""

    deal: int
    hash: str
    salt: str

    @property
    def short(self) -> str:
        """The few characters the table shows."""
        return self.hash[:SHOWN]

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "hash": self.hash, "salt": self.salt}


class CommitmentError(ValueError):
    """A record's commitments that are malformed or do not match its deals (one line)."""


def fresh_salt() -> str:
    """A new secret salt: from the system, never from the match seed (which fixes the
    deals, so a salt worked out from it would hide nothing)."""
    return secrets.token_hex(SALT_BYTES)


def digest(state: State, salt: str) -> str:
    """The hash committing to the deal ``state`` holds (its hands, boneyard, unused)."""
    deal = {
        "deal": state.deal_no,
        "hands": [[str(t) for t in hand] for hand in state.hands],
        "boneyard": [str(t) for t in state.boneyard],
        "unused": [str(t) for t in state.unused],
    }
    text = json.dumps(deal, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(bytes.fromhex(salt) + text.encode()).hexdigest()


def dealt(states: Sequence[State]) -> Iterator[State]:
    """The first state of every deal in ``states`` (a match's states, oldest first)."""
    seen = 0
    for state in states:
        if state.deal_no > seen:
            seen = state.deal_no
            yield state


class Salts:
    """A match's salts by deal number: made when a deal is first shown, or read from a
    record, and kept (an undo past a deal and a redo show the same commitment)."""

    def __init__(self, salts: Mapping[int, str] | None = None) -> None:
        self._salts = dict(salts or {})

    def commit(self, state: State) -> Commitment:
        """The commitment of the deal ``state`` is the first state of."""
        salt = self._salts.setdefault(state.deal_no, fresh_salt())
        return Commitment(state.deal_no, digest(state, salt), salt)

    def forget(self) -> None:
        """A new match: none of the old salts is used again."""
        self._salts.clear()


def read(data: Any) -> dict[int, Commitment]:
    """A record's ``commitments``, checked for shape (not yet against the deals)."""
    if not isinstance(data, list):
        raise CommitmentError("'commitments' must be a list")
    given: dict[int, Commitment] = {}
    for item in data:
        if not isinstance(item, dict) or set(item) != {"deal", "hash", "salt"}:
            raise CommitmentError('a commitment is {"deal": N, "hash": …, "salt": …}')
        deal, hash_, salt = item["deal"], item["hash"], item["salt"]
        if type(deal) is not int or deal < 1 or deal in given:
            raise CommitmentError("a commitment's 'deal' must be a new number from 1")
        if not isinstance(hash_, str) or not _HASH.fullmatch(hash_):
            raise CommitmentError(f"deal {deal}'s hash must be 64 hex digits")
        if not isinstance(salt, str) or not _SALT.fullmatch(salt):
            raise CommitmentError(f"deal {deal}'s salt must be {2 * SALT_BYTES} hex digits")
        given[deal] = Commitment(deal, hash_, salt)
    return given


def check(given: Mapping[int, Commitment], made: Sequence[Commitment]) -> None:
    """A record's commitments against those its replayed match ``made`` from the same
    salts: CommitmentError names the first deal whose reveal does not match."""
    found = {c.deal: c for c in made}
    for number, commitment in sorted(given.items()):
        if number not in found:
            raise CommitmentError(f"deal {number}: committed to, but never dealt")
        if found[number].hash != commitment.hash:
            raise CommitmentError(
                f"deal {number}: its revealed hands and salt do not give the hash shown "
                "before its first move"
            )
