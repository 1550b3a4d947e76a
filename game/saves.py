"""Where the game keeps its things between runs: the match in play and the settings.

Both are JSON in the user's data folder (``$XDG_DATA_HOME/boneyard``, else
``~/.local/share/boneyard`` on Linux; the usual places on Windows and
macOS). The match is its record (:mod:`game.record`), written after every
action, atomically, so a crash leaves the previous save whole. A file that
cannot be read — corrupt, or someone else's — is never deleted: it is
renamed aside (``match.bad-1.json`` …), the game says so in one line and
starts clean.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .i18n import t
from .match import Match
from .record import RecordError, from_record, to_record
from .settings import Settings, SettingsError

APP = "boneyard"
MATCH = "match.json"
SETTINGS = "settings.json"


def data_dir(
    env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> Path:
    """The folder for saves and settings (not created here)."""
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
    """The saved match and settings in one folder; every problem becomes one line in ``note``."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.note = ""  # the last thing worth telling the player, one line

    @property
    def match_path(self) -> Path:
        return self.folder / MATCH

    @property
    def settings_path(self) -> Path:
        return self.folder / SETTINGS

    # -- the match ---------------------------------------------------------------

    def has_match(self) -> bool:
        return self.match_path.is_file()

    def load_match(self) -> Match | None:
        """The saved match, or None (no save, or a bad one set aside with a note)."""
        path = self.match_path
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            match = from_record(data)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecordError) as error:
            self._refuse(path, "save.bad_match", error)
            return None
        if match.state.over:  # a finished match is nothing to resume
            self.clear_match()
            return None
        return match

    def save_match(self, match: Match) -> bool:
        """Write the match's record; a finished match clears the save instead."""
        if match.state.over:
            self.clear_match()
            return True
        return self._write(self.match_path, to_record(match))

    def clear_match(self) -> None:
        try:
            self.match_path.unlink(missing_ok=True)
        except OSError as error:
            self.note = t("save.cannot_write", reason=error.strerror or str(error))

    # -- the settings --------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (a bad file is set aside with a note)."""
        path = self.settings_path
        if not path.is_file():
            return Settings()
        try:
            return Settings.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, SettingsError) as error:
            self._refuse(path, "save.bad_settings", error)
            return Settings()

    def save_settings(self, settings: Settings) -> bool:
        return self._write(self.settings_path, settings.to_json())

    # -- helpers ---------------------------------------------------------------------

    def _write(self, path: Path, data: dict[str, Any]) -> bool:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            tmp.replace(path)
        except OSError as error:
            self.note = t("save.cannot_write", reason=error.strerror or str(error))
            return False
        return True

    def _refuse(self, path: Path, key: str, error: Exception) -> None:
        """Set a bad file aside under a free name and say so in one line."""
        aside = self._aside_name(path)
        try:
            path.replace(aside)
            kept = aside.name
        except OSError:
            kept = path.name  # cannot even rename it: leave it, say so
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        self.note = t(key, name=kept, reason=reason)

    @staticmethod
    def _aside_name(path: Path) -> Path:
        n = 1
        while True:
            aside = path.with_name(f"{path.stem}.bad-{n}{path.suffix}")
            if not aside.exists():
                return aside
            n += 1
