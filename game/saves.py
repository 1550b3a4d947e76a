"""Where the game keeps its things between runs: the match in play and the settings.

Both are JSON. The settings live in the user's config folder and the match in
play in the user's state folder, as :mod:`platformdirs` names them
(``$XDG_CONFIG_HOME/boneyard`` and ``$XDG_STATE_HOME/boneyard`` on Linux, else
``~/.config/boneyard`` and ``~/.local/state/boneyard``; ``AppData\\Local\\boneyard``
on Windows; ``~/Library/Application Support/boneyard`` on macOS). Earlier versions
kept both in the data folder (:func:`legacy_dir`); a file found there is moved to
its new place on the first start, so nothing a player had is lost.

The match is its record (:mod:`game.record`), written after every
action through :mod:`game.files`: atomically and flushed to the disk, so a crash
or a power cut leaves the previous save or the new one. A file that cannot be
read — corrupt, nested thousands deep, a folder, a FIFO, someone else's — is
never deleted: it is renamed aside (``match.bad-1.json`` …), the game says so in
one line and starts clean.

One instance writes: the store takes the folder's writer lock
(:class:`game.files.WriterLock`); a second instance opened beside it plays on but
saves nothing, and says so in one line. The holder removes at its start the temporary
files a write killed midway left behind.

A finished match is never lost to the next one. It goes to the history; when the
history cannot take it (a full disk, a read-only folder) it is written as a pending
entry in the state folder (:data:`PENDING`), apart from the match in play, so a new
match, a quit or a crash cannot touch it, and every start that can write moves the
pending entries into the history. When not even that can be written, it waits in
memory and is written at the next save that can, and the words say that closing the
game now would lose it. Every problem is one line in ``notes``, all of which the title
shows.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from .files import BadFile, WriterLock, read_json, remove_strays, set_aside, write_json
from .history import Entry, History, entry_of
from .i18n import N_, _, ngettext
from .match import Match
from .record import RecordError, from_record, to_record
from .settings import Settings, SettingsError

APP = "boneyard"
MATCH = "match.json"
SETTINGS = "settings.json"
HISTORY = "history"
REASON = 90  # characters of a refusal's reason a note shows at most
BAD_MATCH = N_(
    "The saved match could not be read ({reason}); it was kept as {name} and the game starts clean."
)
BAD_SETTINGS = N_(
    "The settings could not be read ({reason}); they were kept as {name} and the defaults are used."
)
IGNORED_SETTINGS = N_(
    "The settings could not be read ({reason}); the defaults are used, and the file is left "
    "as it is."
)
ANOTHER = N_("Another Boneyard is open, so this one saves nothing (no match, settings or history).")
NO_LOCK = N_(
    "The game could not lock its folder ({reason}), so it saves nothing this time (no match, "
    "settings or history)."
)
PENDING = "pending"  # in the state folder: finished matches waiting for the history
NOT_KEPT = N_(
    "The finished match could not be kept in the history ({reason}); it is kept on disk in "
    "{folder} and goes there at the next start that can."
)
UNWRITTEN = N_(
    "The finished match could not be written anywhere ({reason}); it is kept in memory only, "
    "written as soon as the disk can take it, and lost if the game closes first."
)


@dataclass
class _Kept:
    """The finished match last kept: where, and as it was then (to know it again)."""

    match: Match
    seed: int
    actions: int
    place: History
    file: str


@dataclass(frozen=True)
class _Unwritten:
    """A finished match nothing could be written for yet, as it was when it finished."""

    match: Match  # (with its seed and length, to know it again)
    seed: int
    actions: int
    entry: Entry
    record: dict[str, Any]
    when: datetime


def config_dir() -> Path:
    """The folder for the settings (not created here)."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """The folder for the history of finished matches (not created here)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def state_dir() -> Path:
    """The folder for the match in play (not created here)."""
    return Path(platformdirs.user_state_dir(APP, appauthor=False))


def legacy_dir(
    env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> Path:
    """Where earlier versions kept both files: looked at only to move them to their places."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if platform.startswith("win"):
        base = env.get("APPDATA")
        return Path(base) / APP if base else home / "AppData" / "Roaming" / APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP
    base = env.get("XDG_DATA_HOME")
    return Path(base) / APP if base else home / ".local" / "share" / APP


class Store:
    """The saved match and settings in one folder; every problem becomes one line in ``notes``."""

    def __init__(self, folder: Path | None = None, read_only: bool = False) -> None:
        """Both files in ``folder`` (the tests, a demo), else in the player's own folders.

        ``read_only``: a kiosk's, which reads the account's settings and writes nothing
        in its folders: no earlier version's file moved, a bad file left where it is (a
        visitor's finished matches go to a folder of their own: :mod:`game.ui.session`).
        """
        self.read_only = read_only
        self.notes: list[str] = []  # what is worth telling the player, a line each
        if folder is not None:
            self.match_path = Path(folder) / MATCH
            self.settings_path = Path(folder) / SETTINGS
            self.history = History(Path(folder) / HISTORY)
        else:
            self.match_path = state_dir() / MATCH
            self.settings_path = config_dir() / SETTINGS
            self.history = History(data_dir() / HISTORY)
            if not read_only:
                self.move_from(legacy_dir())  # (it never overwrites: no lock needed)
        self.pending = History(self.match_path.parent / PENDING, keep=None)
        self.lock: WriterLock | None = None  # taken by claim()
        self._kept: _Kept | None = None  # the finished match last kept, and where
        self._unwritten: list[_Unwritten] = []  # finished matches on no disk yet

    def claim(self) -> bool:
        """Become the folder's one writer, as the game does when it starts; whether it is.

        The first claim tidies (a killed write's temporary files removed); if another
        instance holds the folder, or no real lock can be had there (see
        :class:`game.files.WriterLock`), this store writes nothing from now on and says
        why in one line. A store never
        claimed (a kiosk, which writes nothing; a tool's scratch folder) takes no lock.
        """
        if self.lock is None:
            self.lock = WriterLock(self.match_path.parent)
            if not self.lock.held:
                reason = self.lock.reason
                self.say(_(NO_LOCK).format(reason=reason) if reason else _(ANOTHER))
                return False
            self._tidy()
        return self.lock.held

    @property
    def writable(self) -> bool:
        """Whether this store writes: not when another instance holds its folder."""
        return self.lock is None or self.lock.held

    @property
    def note(self) -> str:
        """The latest line worth telling ("" when there is none)."""
        return self.notes[-1] if self.notes else ""

    def say(self, line: str) -> None:
        """Keep ``line`` for the player (once, however often it happens)."""
        if line and line not in self.notes:
            self.notes.append(line)

    def take_notes(self) -> list[str]:
        """The lines kept so far, now said (the list is emptied)."""
        notes, self.notes = self.notes, []
        return notes

    def _tidy(self) -> None:
        """Remove what a write killed midway left in the game's folders."""
        data = self.history.folder.parent
        folders = {self.match_path.parent, self.settings_path.parent, self.history.folder, data}
        for folder in folders:
            remove_strays(folder)

    def move_from(self, old: Path) -> None:
        """Move a save or settings file left in ``old`` to its place, unless one is there."""
        for target in (self.match_path, self.settings_path):
            source = old / target.name
            if source == target or not source.is_file() or target.exists():
                continue
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(source, target)
            except OSError as error:
                reason = error.strerror or str(error)
                self.say(
                    _(
                        "{name} could not be moved to its new place ({reason}); it was left "
                        "where it was."
                    ).format(name=str(source), reason=reason)
                )

    # -- the match ---------------------------------------------------------------

    def has_match(self) -> bool:
        """Whether something is where the save goes (a folder there is set aside on load)."""
        return os.path.lexists(self.match_path)

    def settle(self) -> None:
        """At a start: the finished matches waiting in :data:`PENDING` go into the history
        (those it cannot take yet stay, said in one line)."""
        if not self.writable:
            return
        waiting = [path for path in self.pending.files() if not self.history.adopt(path)]
        self.say(self.history.note)
        self.history.note = ""
        left = [path for path in waiting if path.exists()]  # (set aside: said above)
        if left and self.history.failure:
            line = ngettext(
                "One finished match waits in {folder} for the history ({reason}); it goes "
                "there at the next start that can.",
                "{n} finished matches wait in {folder} for the history ({reason}); they go "
                "there at the next start that can.",
                len(left),
            )
            self.say(
                line.format(
                    n=len(left), folder=str(self.pending.folder), reason=self.history.failure
                )
            )

    def load_match(self) -> Match | None:
        """The saved match, or None (no save, or a bad one set aside with a note).

        A finished match found in the save (an earlier version left it there, or a crash
        came between its last move and the clearing) is kept now (see
        :meth:`keep_finished`) and the save cleared; if it can be written nowhere it is
        returned (Resume shows it, finished) and stays saved.
        """
        path = self.match_path
        if not os.path.lexists(path):
            return None
        try:
            match = from_record(read_json(path, path.name))
        except (BadFile, RecordError) as error:
            if self.writable:
                self._refuse(path, BAD_MATCH, error)
            return None
        if match.state.over and self.writable and self.keep_finished(match):
            self.clear_match()
            return None
        return match

    def save_match(self, match: Match) -> bool:
        """Write the match's record; a finished match is kept apart (see the module
        docstring), and the save cleared once it is on disk.

        False (and a note saying where the finished match is) if it could not be
        written, or, finished, went anywhere but the history. A second instance writes
        nothing (said at start).
        """
        if not self.writable:
            return True
        self.write_unwritten()
        if match.state.over:
            if not self.keep_finished(match):
                return False
            self.clear_match()
            return self._kept is not None and self._kept.place is self.history
        return self._write(self.match_path, to_record(match))

    def keep_finished(self, match: Match) -> bool:
        """Keep the finished ``match``, once (finished again, it replaces itself): in the
        history, else pending; whether it is on disk (if not, it waits in memory and a
        note says so)."""
        if not self.writable:
            return False
        kept = self._kept
        again = kept is not None and kept.match is match and kept.seed == match.seed
        if again and kept and kept.actions == len(match.actions):
            return True  # kept already, as it is
        when = datetime.now(UTC)
        entry = entry_of(match, "", when)
        record = to_record(match)
        place, file = self._write_finished(entry, record, when, kept if again else None)
        if place is None:  # (finished again: only its last end waits)
            self._unwritten = [
                u for u in self._unwritten if not (u.match is match and u.seed == match.seed)
            ]
            self._unwritten.append(
                _Unwritten(match, match.seed, len(match.actions), entry, record, when)
            )
            return False
        self._kept = _Kept(match, match.seed, len(match.actions), place, file)
        return True

    def write_unwritten(self) -> None:
        """Write the finished matches waiting in memory, if the disk takes them now."""
        waiting, self._unwritten = self._unwritten, []
        for i, item in enumerate(waiting):
            place, file = self._write_finished(item.entry, item.record, item.when, None)
            if place is None:
                self._unwritten.extend(waiting[i:])
                return
            # kept now: the same match saved again as it is is not kept twice
            self._kept = _Kept(item.match, item.seed, item.actions, place, file)

    @property
    def unwritten(self) -> int:
        """How many finished matches are on no disk yet (lost if the game closes now)."""
        return len(self._unwritten)

    def _write_finished(
        self, entry: Entry, record: dict[str, Any], when: datetime, old: _Kept | None
    ) -> tuple[History | None, str]:
        """Write a finished match to the history, else pending; where it went and its file
        (None: nowhere, said). ``old`` is where it was kept before it finished again,
        replaced in place or removed once the new one is written elsewhere."""
        history, pending = self.history, self.pending
        for place in (history, pending):
            replace = old.file if old is not None and old.place is place else None
            kept = place.put(entry, record, when, replace)
            if kept is None:
                continue
            if old is not None and old.place is not place:
                with contextlib.suppress(OSError):
                    (old.place.folder / old.file).unlink()
            if place is pending:
                self.say(_(NOT_KEPT).format(reason=history.failure, folder=str(pending.folder)))
            return place, kept.file
        self.say(_(UNWRITTEN).format(reason=pending.failure))
        return None, ""

    def clear_match(self) -> None:
        try:
            self.match_path.unlink(missing_ok=True)
        except OSError as error:
            self.say(
                _("The game could not be saved ({reason}).").format(
                    reason=error.strerror or str(error)
                )
            )

    # -- the settings --------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (a bad file is set aside with a note)."""
        path = self.settings_path
        if not os.path.lexists(path):
            return Settings()
        try:
            settings, replaced = Settings.read(read_json(path, path.name))
        except (BadFile, SettingsError) as error:
            if self.read_only:
                self.say(_(IGNORED_SETTINGS).format(reason=_reason(error)))
            elif self.writable:  # the other instance's to set aside, not ours
                self._refuse(path, BAD_SETTINGS, error)
            return Settings()
        if replaced:
            self.say(
                _(
                    "Some settings could not be used ({names}); their defaults are used instead."
                ).format(names=", ".join(replaced))
            )
        return settings

    def save_settings(self, settings: Settings) -> bool:
        if not self.writable:
            return True
        return self._write(self.settings_path, settings.to_json())

    # -- helpers ---------------------------------------------------------------------

    def _write(self, path: Path, data: dict[str, Any]) -> bool:
        try:
            write_json(path, data)
        except BadFile as error:
            self.say(_("The game could not be saved ({reason}).").format(reason=error.reason))
            return False
        return True

    def _refuse(self, path: Path, message: str, error: Exception) -> None:
        """Set a bad file aside under a free name and say so in one line."""
        kept = set_aside(path)
        self.say(_(message).format(name=kept, reason=_reason(error)))


def _reason(error: Exception) -> str:
    """Why a file was refused, short enough for one line of the title screen."""
    if isinstance(error, BadFile):
        reason = error.reason
    else:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    return reason[: REASON - 1] + "…" if len(reason) > REASON else reason
