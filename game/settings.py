"""The player's settings: language, fullscreen, pace, sound, colour pips (JSON, never pickle).

Kept in the user's config folder (:mod:`game.saves` says where).
Reading is forgiving value by value (a bad ``pace`` falls back to its
default, the rest is kept, and the caller says in one line which were
replaced) but strict about the file as a whole: a file that is not a JSON
object of this format is refused, and the caller sets it aside and starts
from the defaults. Each value is checked against what exists: the language
must be one whose words ship with the game (it is never used as a path).
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .i18n import languages, system_language
from .names import clean_name

FORMAT = "boneyard-settings/1"

# Seconds a computer seat waits before it plays: how fast the table moves.
PACES = {"slow": 1.4, "normal": 0.7, "fast": 0.3, "instant": 0.0}
COLOUR_PIPS = ("auto", "on", "off")  # auto: coloured pips on double-twelve only
MOST_NAMES = 10  # the largest table (Mexican Train) has ten seats


class SettingsError(ValueError):
    """A settings file that is not ours; the message is one line."""


@dataclass
class Settings:
    """Everything the player may set outside a match, with its default."""

    # the first start speaks the system's language (LC_ALL, LC_MESSAGES, LANG), if ours
    language: str = field(default_factory=lambda: system_language(os.environ))
    fullscreen: bool = True
    pace: str = "normal"
    sound: bool = True
    colour_pips: str = "auto"
    deal_animation: bool = True
    setup: dict[str, Any] = field(default_factory=dict)  # the last setup, offered again
    # the names last typed for the human seats, by seat ("" for none), offered again
    names: list[str] = field(default_factory=list)

    @property
    def computer_pause(self) -> float:
        """The breath before each computer move, in seconds (the pace)."""
        return PACES.get(self.pace, PACES["normal"])

    def coloured(self) -> bool | None:
        """Colour pips for the table: None lets the tile set decide (double-twelve)."""
        return {"on": True, "off": False}.get(self.colour_pips)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from a parsed file; SettingsError if it is not a settings file at all."""
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a parsed file, and the names of the values replaced by defaults."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SettingsError(f"not a settings file ('format' must be \"{FORMAT}\")")
        settings = cls()
        replaced = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(settings, f.name)
            if type(value) is type(default) and _allowed(f.name, value):
                setattr(settings, f.name, value)
            else:
                replaced.append(f.name)
        settings.names = [clean_name(n) or "" for n in settings.names]  # a bad one is dropped
        return settings, replaced


def _allowed(name: str, value: Any) -> bool:
    if name == "pace":
        return value in PACES
    if name == "colour_pips":
        return value in COLOUR_PIPS
    if name == "language":
        return value in languages()
    if name == "names":  # one text per seat; what each says is checked on its own
        return len(value) <= MOST_NAMES and all(isinstance(n, str) for n in value)
    return True
