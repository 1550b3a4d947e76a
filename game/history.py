"""Finished matches kept: one JSON file per match in the user's data folder, newest N.

Why one file per match: a history that is one big file loses every match the
day one write goes wrong; here a corrupt or foreign file costs only itself. It
is renamed aside (``…​.bad-1.json``), the caller gets one line saying so, and
every other match is still listed. Files are written through :mod:`game.files`
(atomic, fsynced), named by the moment the match finished, so their names sort
oldest first and pruning keeps the newest :data:`KEEP`.

An entry's file holds the match record (:mod:`game.record`, so the match can be
replayed move by move, on this machine or another) and the facts a list and the
statistics need without replaying it: when, which game, who sat where (seat
kinds and optional names), the final totals and the winners. An :class:`Entry`
in memory holds only those facts: a record may be megabytes and the history
hundreds of them, so a record is read from its file only to replay or export
that one match (:meth:`History.record`). The facts of every entry are kept in
an index beside them (:data:`INDEX`), each with the identity, size and times of its file,
so the list and the statistics read one small file (``history.index.json``
beside the folder); an entry whose file changed
since (or that the index lacks) is read again and the index written anew. The
index is only a cache: lost, damaged or edited, it is rebuilt from the entries,
and every value read from it is checked as an entry's own would be. The same match
finished again (an undo after its end, then another last move) replaces its
newest entry rather than counting twice (the caller says which entry that is:
only it knows that the match is the same one).

Pure Python: the History screen and its statistics read it; the saves module
(:meth:`game.saves.Store.save_match`) adds to it when a match ends.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .files import BadFile, read_json, set_aside, write_json
from .i18n import _
from .match import Match
from .names import NamesError, read_names
from .record import RecordError, from_record, to_record
from .rules import names as rule_set_names
from .rules import rule_class
from .rules.errors import quote
from .rules.presets import load_preset

FORMAT = "boneyard-history/1"
INDEX = ".index.json"  # beside the folder, after its name: the entries' facts (see above)
INDEX_FORMAT = "boneyard-history-index/1"
KEEP = 200  # matches kept; older ones are pruned
# A final total no match reaches (totals only grow, from 0; the highest target is 100,000
# and the round that passes it adds hundreds at most), and rounds no match plays: beyond
# them an entry is not one the game wrote.
MAX_SCORE = 1_000_000
MAX_ROUNDS = 1_000_000
_TEXT = 200  # characters of a name, a seat kind or a date at most
_STAMP = "%Y%m%dT%H%M%S%fZ"


@dataclass(frozen=True)
class Entry:
    """One finished match as the history keeps it (see the module docstring)."""

    file: str  # the entry's file name in the history folder
    finished: str  # when the match ended, ISO 8601 in UTC ("2026-12-01T14:03:22Z")
    rules: str
    seats: tuple[str, ...]  # seat kinds, as in the record ("human", "computer:hard" …)
    names: tuple[str | None, ...]  # a human's name where one was given, else None
    scores: tuple[float, ...]  # final totals (partners repeat their team's)
    winner: tuple[int, ...]  # 1-based winning seats (ties share)
    rounds: int  # rounds played

    @property
    def players(self) -> int:
        return len(self.seats)

    def facts(self) -> dict[str, Any]:
        """What the index keeps of the entry (read back by :func:`entry_from_facts`)."""
        return {
            "finished": self.finished,
            "rules": self.rules,
            "seats": list(self.seats),
            "names": list(self.names),
            "scores": list(self.scores),
            "winner": list(self.winner),
            "rounds": self.rounds,
        }

    def to_json(self, record: dict[str, Any]) -> dict[str, Any]:
        """The entry's file: its facts and the match's ``record``."""
        return {
            "format": FORMAT,
            "finished": self.finished,
            "names": list(self.names),
            "scores": list(self.scores),
            "winner": list(self.winner),
            "rounds": self.rounds,
            "record": record,
        }


@dataclass(frozen=True)
class Player:
    """Whom a statistic is about: a name, or (no name given) a seat and its kind."""

    name: str | None
    seat: int | None
    kind: str  # "human" or "computer"


@dataclass
class Tally:
    """One player's record at one game: played, won, and the average final total."""

    player: Player
    played: int = 0
    won: int = 0
    total: float = 0.0

    @property
    def average(self) -> float:
        """The average final total: points, or penalty where the lowest wins (Mexican Train)."""
        return self.total / self.played if self.played else 0.0


def entry_of(match: Match, file: str, when: datetime, names: Sequence[str | None] = ()) -> Entry:
    """The entry for a finished ``match``; ``names`` are the seats' names (the match's own
    unless given). Its file holds ``entry.to_json(to_record(match))``."""
    state = match.state
    if not state.over:
        raise ValueError("only a finished match goes into the history")
    given = list(names or match.names)
    given += [None] * (len(match.seats) - len(given))
    return Entry(
        file=file,
        finished=when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        rules=match.ruleset.name,
        seats=tuple(match.seats),
        names=tuple(given[: len(match.seats)]),
        scores=tuple(state.scores),
        winner=tuple(state.winner or ()),
        rounds=len(state.results),
    )


class History:
    """The finished matches in one folder; every problem becomes one line in ``note``.

    ``keep`` None keeps every entry (a folder of matches waiting for the history proper,
    which must lose none: :mod:`game.saves`)."""

    def __init__(self, folder: Path, keep: int | None = KEEP) -> None:
        self.folder = Path(folder)
        self.keep = keep
        self.note = ""
        self.failure = ""  # why the last add failed, in a few words

    def add(
        self,
        match: Match,
        names: Sequence[str | None] = (),
        when: datetime | None = None,
        replace: str | None = None,
    ) -> Entry | None:
        """Keep the finished ``match``; None (and a note) if it cannot be written.

        ``replace`` names the entry of this same match, kept when it ended before
        (an undo after its end, then another last move): that file is rewritten.
        """
        when = datetime.now(UTC) if when is None else when
        return self.put(entry_of(match, "", when, names), to_record(match), when, replace)

    def put(
        self, entry: Entry, record: dict[str, Any], when: datetime, replace: str | None = None
    ) -> Entry | None:
        """Write ``entry`` with its match's ``record``, under ``replace`` or a name of the
        moment ``when``; the entry as kept, or None (and a note) if it cannot be written."""
        entry = dataclasses.replace(entry, file=replace or self._free_name(when))
        try:
            write_json(self.folder / entry.file, entry.to_json(record), f"history/{entry.file}")
        except BadFile as error:
            self.failure = error.reason
            self.note = _("The finished match could not be kept in the history ({reason}).").format(
                reason=error.reason
            )
            return None
        self.prune()
        return entry

    def adopt(self, path: Path) -> bool:
        """Take the entry file ``path`` (written to another folder while this one could not
        be) under its own name, then remove it there; whether this folder now holds it.

        Its name is the moment its match finished, so it sorts among the others where it
        belongs; a crash between the copy and the removal leaves the same file in both
        folders, and the next adoption finds it here already and only removes the other.
        A file that is not an entry is set aside where it is (see ``note``).
        """
        name = f"pending/{path.name}"
        try:
            data = read_json(path, name)
            read_entry(data, path.name)
        except (BadFile, HistoryError) as error:
            reason = error.reason if isinstance(error, BadFile) else str(error)
            self.note = _(
                "A finished match waiting for the history could not be read ({reason}); it "
                "was kept as {name}."
            ).format(name=f"pending/{set_aside(path)}", reason=reason)
            return False
        target = self.folder / path.name
        if not _same_file(target, path):
            if os.path.lexists(target):  # another match finished at that very moment
                target = self.folder / self._free_name(_moment(path.name))
            try:
                write_json(target, data, f"history/{target.name}")
            except BadFile as error:
                self.failure = error.reason
                return False
        with contextlib.suppress(OSError):  # gone already: it is here all the same
            path.unlink()
        self.prune()
        return True

    def entries(self) -> list[Entry]:
        """Every readable entry, newest first; an unreadable file is set aside (see ``note``).

        The facts come from the index where it knows the file as it is now; the others
        are read (one at a time: a record is dropped once its facts are taken) and the
        index is written anew, if it can be (it is only a cache)."""
        index = self._index()
        fresh: dict[str, dict[str, Any]] = {}
        found: list[Entry] = []
        for path in reversed(self.files()):
            try:
                info = path.stat()
            except OSError:
                continue  # pruned or removed while we looked
            # (every write makes a new file, renamed into place: a new inode)
            stamp = [info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]
            known = index.get(path.name)
            entry = None
            if isinstance(known, dict) and known.get("file") == stamp:
                with contextlib.suppress(HistoryError):
                    entry = entry_from_facts(known.get("facts"), path.name)
                if entry is not None and entry.facts() != known.get("facts"):
                    entry = None  # checked, but not as written (a name dropped): not ours
            if entry is None:
                entry = self._read(path)
            if entry is not None:
                found.append(entry)
                fresh[path.name] = {"file": stamp, "facts": entry.facts()}
        if fresh != index:
            with contextlib.suppress(BadFile):  # a cache not written costs a slower list
                write_json(self.index, {"format": INDEX_FORMAT, "entries": fresh})
        return found

    def record(self, entry: Entry) -> dict[str, Any] | None:
        """The match record of ``entry``, read from its file now; None (and a note) if the
        file is gone or is no longer an entry (it is then set aside)."""
        path = self.folder / entry.file
        try:
            data = read_json(path, f"history/{entry.file}")
            read_entry(data, entry.file)
        except BadFile as error:
            if error.reason == "no such file":
                self.note = _("That match is no longer in the history.")
            else:
                self._set_aside(path, error.reason)
            return None
        except HistoryError as error:
            self._set_aside(path, str(error))
            return None
        record: dict[str, Any] = data["record"]
        return record

    def open(self, entry: Entry) -> Match | None:
        """The finished match replayed from its record; a record that fails is set aside."""
        record = self.record(entry)
        if record is None:
            return None
        try:
            return from_record(record)
        except RecordError as error:
            self._set_aside(self.folder / entry.file, str(error))
            return None

    def prune(self) -> None:
        """Delete the oldest entries beyond ``keep`` (set-aside files are left alone)."""
        if self.keep is None:
            return
        files = self.files()
        for path in files[: max(0, len(files) - self.keep)]:
            with contextlib.suppress(OSError):  # gone already, or not ours to delete
                path.unlink()

    def statistics(self) -> dict[str, list[Tally]]:
        """Per game (rule set name), one tally per player: by name where given, else by seat."""
        return statistics(self.entries())

    # -- helpers ---------------------------------------------------------------------

    def files(self) -> list[Path]:
        """The entry files, oldest first (their names are the moments they finished)."""
        if not self.folder.is_dir():
            return []
        return sorted(
            p for p in self.folder.glob("*.json") if ".bad-" not in p.name and p.name[0].isdigit()
        )

    @property
    def index(self) -> Path:
        """The index's file: beside the folder (which holds only entries), named after it."""
        return self.folder.with_name(self.folder.name + INDEX)

    def _index(self) -> dict[str, Any]:
        """The index's entries by file name ({} when there is none or it is not one)."""
        path = self.index
        if not os.path.lexists(path) or not self.folder.is_dir():
            return {}
        try:
            data = read_json(path, path.name)
        except BadFile:
            return {}
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
            return {}
        entries = data.get("entries")
        return entries if isinstance(entries, dict) else {}

    def _free_name(self, when: datetime) -> str:
        stem = when.astimezone(UTC).strftime(_STAMP)
        name, n = f"{stem}.json", 1
        while os.path.lexists(self.folder / name):
            n += 1
            name = f"{stem}-{n}.json"
        return name

    def _read(self, path: Path) -> Entry | None:
        try:
            return read_entry(read_json(path, f"history/{path.name}"), path.name)
        except BadFile as error:
            self._set_aside(path, error.reason)
        except HistoryError as error:
            self._set_aside(path, str(error))
        return None

    def _set_aside(self, path: Path, reason: str) -> None:
        self.note = _(
            "A finished match in the history could not be read ({reason}); it was kept as "
            "{name}, the others are all there."
        ).format(name=f"history/{set_aside(path)}", reason=reason)


class HistoryError(ValueError):
    """A history file that is not an entry; the message is one line."""


def read_entry(data: Any, file: str) -> Entry:
    """An entry (its facts) from a parsed history file; HistoryError says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError(f"not a history entry ('format' must be \"{FORMAT}\")")
    record = data.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("rules"), str):
        raise HistoryError("'record' must be a match record")
    return entry_from_facts({**data, "rules": record["rules"], "seats": record.get("seats")}, file)


def entry_from_facts(facts: Any, file: str) -> Entry:
    """An entry from its facts (a file's, or the index's); HistoryError says what is wrong.

    The index is a file like any other, so its facts are checked exactly as an entry's."""
    if not isinstance(facts, dict):
        raise HistoryError("not the facts of a history entry")
    rules = facts.get("rules")
    if not isinstance(rules, str) or rules not in rule_set_names():  # looked up, never used
        raise HistoryError(f"the record names no rule set of the game ({quote(rules)})")
    rules = rule_class(rules).name  # the registry's own string from here on
    low, high = load_preset(rules).seats
    seats = facts.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, str) and len(s) <= _TEXT for s in seats
    ):
        raise HistoryError("the record's 'seats' must be a list of seat kinds")
    n = len(seats)
    if not low <= n <= high:
        raise HistoryError(f"the record's 'seats' must list {low} to {high} seats, not {n}")
    names, scores, winner = facts.get("names"), facts.get("scores"), facts.get("winner")
    try:  # a bad name is dropped (the seat is "Seat N"); a list of the wrong shape refused
        names = read_names(names, n)
    except NamesError as error:
        raise HistoryError(str(error)) from None
    if not isinstance(scores, list) or len(scores) != n or not all(_number(x) for x in scores):
        raise HistoryError(f"'scores' must list {n} numbers from 0 to {MAX_SCORE:,}")
    if not isinstance(winner, list) or not all(type(s) is int and 1 <= s <= n for s in winner):
        raise HistoryError(f"'winner' must list seats from 1 to {n}")
    if len(set(winner)) != len(winner):
        raise HistoryError("'winner' must name each seat once")
    finished, rounds = facts.get("finished"), facts.get("rounds")
    if not isinstance(finished, str) or len(finished) > _TEXT:
        raise HistoryError("'finished' must be a date")
    if type(rounds) is not int or not 0 <= rounds <= MAX_ROUNDS:
        raise HistoryError(f"'rounds' must be a whole number from 0 to {MAX_ROUNDS:,}")
    return Entry(
        file=file,
        finished=finished,
        rules=rules,
        seats=tuple(seats),
        names=tuple(names),
        scores=tuple(scores),
        winner=tuple(winner),
        rounds=rounds,
    )


def _moment(file: str) -> datetime:
    """When the match of the entry file ``file`` finished (its name), else now."""
    try:
        return datetime.strptime(file.split(".")[0].split("-")[0], _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return datetime.now(UTC)


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` exists with exactly ``b``'s bytes (a copy made before a crash)."""
    try:
        return a.is_file() and not a.is_symlink() and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def statistics(entries: Sequence[Entry]) -> dict[str, list[Tally]]:
    """Per game, one tally per player (by name where given, else by seat and kind)."""
    games: dict[str, dict[Player, Tally]] = {}
    for entry in entries:
        tallies = games.setdefault(entry.rules, {})
        for seat, (kind, name) in enumerate(zip(entry.seats, entry.names, strict=True), 1):
            kind = kind.partition(":")[0]
            who = Player(name, None, kind) if name else Player(None, seat, kind)
            tally = tallies.setdefault(who, Tally(who))
            tally.played += 1
            tally.won += seat in entry.winner
            tally.total += entry.scores[seat - 1]
    return {rules: list(t.values()) for rules, t in games.items()}


def _number(x: Any) -> bool:
    """A final total a match can reach: finite (the reader refuses NaN and infinities, and a
    float from an integer of 400 digits is one) and in range, so sums and averages hold."""
    if not isinstance(x, int | float) or isinstance(x, bool):
        return False
    return 0 <= x <= MAX_SCORE and math.isfinite(x)
