"""Match records: the JSON save format of docs/DESIGN.md, and the replay tool.

    python -m game.record replay FILE [--json]
    python -m game.record verify FILE

``replay`` prints one line before each action and one after the last; ``verify``
checks that every deal was fixed before its round's first move (its revealed hands
and salt give the hash committed to, :mod:`.commitments`). A bad record or
an illegal action exits 2 with one line naming the step and the reason, and
prints nothing else: the whole record is checked before the first line goes
out, so no partial replay can be mistaken for a good one. The file is read by
:mod:`game.files` (a regular file of at most 16 MB, or refused in one line), and
a reader that stops early (``| head``) ends the tool quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from . import commitments
from .files import BadFile, read_json, write_json
from .match import Match, check_seat
from .names import NamesError, read_names
from .rules import Action, IllegalAction, RuleSet, State, create
from .rules.errors import ConfigError, quote

FORMAT = "boneyard-record/1"
# The most actions a record may hold: a match to the largest target (2,000) plays a few thousand
# at most (5,629 the longest of 36 random matches, Draw); a record longer than this is refused
# before any is read, so any file is replayed or refused in bounded time and memory.
MAX_ACTIONS = 30_000


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message is one line."""


def to_record(match: Match) -> dict[str, Any]:
    """The record of ``match`` (its deals, seed and every action so far)."""
    options = dict(match.ruleset.options)
    defaults = match.ruleset.preset.defaults(match.ruleset.players)
    options = {k: v for k, v in options.items() if defaults.get(k) != v}
    if match.first:
        options["first"] = match.first
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": match.ruleset.name,
        "players": match.ruleset.players,
        "options": options,
        "seed": match.seed,
        "ai_seed": match.ai_seed,
        "seats": list(match.seats),
    }
    if any(match.names):  # optional: a record without names is exactly as it always was
        record["names"] = list(match.names)
    if match.deals:
        record["deals"] = [d if isinstance(d, Mapping) else d.to_json() for d in match.deals]
    record["actions"] = [str(a) for a in match.actions]
    record["commitments"] = [c.to_json() for c in match.commitments()]
    return record


def from_record(data: Any) -> Match:
    """A match replayed from a record; RecordError names what is wrong (and the step)."""
    match, actions, given = _start(data)
    read: dict[str, Action] = {}
    for step, text in enumerate(actions):
        _step(match, step, text, read)
    _check(given, match)
    return match


def save(match: Match, path: Path) -> None:
    """Write the record atomically and durably (a crash leaves the old file or the new).

    Raises :class:`~game.files.BadFile` in one line if it cannot be written.
    """
    write_json(Path(path), to_record(match), str(path))


def load(path: Path) -> Match:
    """Read a record file; RecordError in one line if it is not a good record."""
    return from_record(read_record(path))


def read_record(path: Path) -> Any:
    """The parsed JSON of a record file (not yet checked); RecordError in one line."""
    try:
        return read_json(Path(path), str(path), "a JSON match record")
    except BadFile as error:
        raise RecordError(str(error)) from None


def replay_lines(data: Any) -> Iterator[dict[str, Any]]:
    """The replay tool's output as dicts: one per step, then the final one."""
    match, actions, given = _start(data)
    read: dict[str, Action] = {}
    for step, text in enumerate(actions):
        yield {"step": step, **_facts(match.ruleset, match.state)}
        _step(match, step, text, read)
    _check(given, match)
    state = match.state
    facts = _facts(match.ruleset, state)
    yield {"final": True, **facts, "winner": list(state.winner) if state.winner else None}


def _facts(ruleset: RuleSet[Any], state: State) -> dict[str, Any]:
    return {
        "round": state.round,
        "to_move": state.to_move,
        "legal": sorted(str(a) for a in ruleset.legal_actions(state)),
        "scores": list(state.scores),
    }


def _step(match: Match, step: int, text: Any, read: dict[str, Action]) -> None:
    """Replay one action; ``read`` keeps each text already read in the notation.

    A match repeats its few hundred texts (``pass``, ``play 6-5 E``) thousands of times,
    and reading one is a third of a step: the notation reads a text the same way in
    any state (whether the action is legal now is ``apply``'s check, made every step).
    """
    if not isinstance(text, str):
        raise RecordError(f"step {step}: the action must be text, not {quote(text)}")
    if match.state.over:
        raise RecordError(f"step {step} ({quote(text, 30)}): the match is already over")
    try:
        action = read.get(text)
        if action is None:
            action = read[text] = match.ruleset.parse_action(match.state, text)
        match.play(action)
    except IllegalAction as error:
        raise RecordError(f"step {step} ({quote(text, 30)}): {error}") from None


def _start(data: Any) -> tuple[Match, list[Any], dict[int, commitments.Commitment]]:
    """The record's match before its first action, the actions to replay and the deals'
    commitments (none in a record made before deals were committed)."""
    ruleset, seats, seed, deals, first, actions = _read(data)
    names: tuple[str | None, ...] = ()
    if data.get("names") is not None:  # optional: the seats' names, each checked
        try:
            names = read_names(data["names"], ruleset.players)
        except NamesError as error:
            raise RecordError(f"record: {error}") from None
    given: dict[int, commitments.Commitment] = {}
    try:
        if data.get("commitments") is not None:
            given = commitments.read(data["commitments"])
        salts = {n: c.salt for n, c in given.items()}
        match = Match(ruleset, seats, seed, deals, first, data.get("ai_seed"), names, salts)
        return match, actions, given
    except (ConfigError, commitments.CommitmentError) as error:
        raise RecordError(f"record: {error}") from None


def _check(given: dict[int, commitments.Commitment], match: Match) -> None:
    """The record's commitments against the deals its replay dealt."""
    try:
        commitments.check(given, match.commitments())
    except commitments.CommitmentError as error:
        raise RecordError(f"record: {error}") from None


def verify(data: Any) -> list[str]:
    """The lines ``verify`` prints: one per deal, each checked against its commitment.
    RecordError in one line if the record is bad, a deal has no commitment, or one does
    not match its deal."""
    match = from_record(data)  # a JSON object from here on
    if data.get("commitments") is None:
        raise RecordError("record: it carries no commitments (it was made before deals were)")
    made = match.commitments()
    given = {c["deal"] for c in data["commitments"]}
    missing = [c.deal for c in made if c.deal not in given]
    if missing:
        raise RecordError(f"record: deal {missing[0]} has no commitment")
    lines = [f"deal {c.deal}: {c.hash} ok, fixed before its first move" for c in made]
    return lines + [f"{len(made)} deal(s) checked: every one matches its commitment"]


def _read(data: Any) -> tuple[RuleSet[Any], list[str], int, list[Any], int | None, list[Any]]:
    """Check a record's fields; return what a Match needs to replay it."""
    if not isinstance(data, dict):
        raise RecordError("record: not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"record: 'format' must be \"{FORMAT}\"")
    for key, kind, name in (
        ("rules", str, "text"),
        ("players", int, "a whole number"),
        ("seed", int, "a whole number"),
        ("actions", list, "a list"),
    ):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"record: '{key}' must be {name}")
    if len(data["actions"]) > MAX_ACTIONS:  # before any is read: replaying costs time
        longest = "no match to the largest target is that long"
        raise RecordError(f"record: more than {MAX_ACTIONS:,} actions; {longest}")
    ai_seed = data.get("ai_seed")  # optional: records before it had none
    if ai_seed is not None and (type(ai_seed) is not int or not 0 <= ai_seed < 2**64):
        raise RecordError("record: 'ai_seed' must be a whole number from 0 to 2**64 - 1")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("record: 'options' must be an object")
    options = dict(options)
    first = options.pop("first", None)
    for name in ("name", "players"):  # create()'s own arguments are no options
        if name in options:
            raise RecordError(f"record: '{name}' is not an option; it has its own place")
    try:
        ruleset = create(data["rules"], players=data["players"], **options)
        if first is not None and (type(first) is not int or not 1 <= first <= ruleset.players):
            raise ConfigError(f"option 'first' must be a seat from 1 to {ruleset.players}")
        seats = data.get("seats", ["human"] * data["players"])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ConfigError("'seats' must be a list of seat kinds")
        for s in seats:
            check_seat(s)
        deals = data.get("deals") or []
        if not isinstance(deals, list):
            raise ConfigError("'deals' must be a list of deals")
        ruleset.read_deals(deals)
    except ConfigError as error:
        raise RecordError(f"record: {error}") from None
    return ruleset, seats, data["seed"], deals, first, data["actions"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.record", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a record, printing each step")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="one JSON object per line")
    check = sub.add_parser("verify", help="check every deal against its commitment")
    check.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    try:
        data = read_record(args.file)
        if args.command == "verify":
            out = verify(data)
        else:
            lines = list(replay_lines(data))
            out = [json.dumps(line) if args.json else _plain(line) for line in lines]
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        for line in out:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): nothing is wrong. Point stdout at
        # nothing so the interpreter's own flush at exit cannot complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _plain(line: dict[str, Any]) -> str:
    head = "final" if line.get("final") else f"step {line['step']}"
    who = f"Seat {line['to_move']} to move" if line["to_move"] else "match over"
    text = f"{head}: round {line['round']}, {who}, scores {line['scores']}"
    if line.get("final") and line["winner"]:
        text += f", won by seat {' and '.join(map(str, line['winner']))}"
    return text + (f"; legal: {', '.join(line['legal'])}" if line["legal"] else "")


if __name__ == "__main__":
    sys.exit(main())
