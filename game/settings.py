"""The player's settings: language, fullscreen, pace, sound, colour pips, animations, the touch
panel's mounting, the text size (JSON, never pickle).

Kept in the user's config folder (:mod:`game.saves` says where).
Reading is forgiving value by value (a bad ``pace`` falls back to its
default, the rest is kept, and the caller says in one line which were
replaced) but strict about the file as a whole: a file that is not a JSON
object of this format is refused, and the caller sets it aside and starts
from the defaults. Each value is checked against what exists: the language
must be one whose words ship with the game (it is never used as a path); the
last setup must have the setup screen's own shape (:data:`SETUP`), or it is
replaced whole, before anything copies it.
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
# how a touch panel is mounted against its picture (game.ui.touch.panel maps each)
TOUCH_PANELS = ("as-is", "turned-right", "upside-down", "turned-left", "mirrored", "flipped")
TEXT_SIZES = (100, 125, 150, 175, 200)  # per cent: how large the chrome and words are
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
    celebrations: bool = True  # a round's and a match's winner cheered with tiles thrown up
    touch_panel: str = "as-is"  # a panel mounted turned or mirrored: where its touches are
    text_size: int = 100  # per cent (TEXT_SIZES): the table's chrome, the screens' words
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


# The last setup's shape, as the setup screen writes it (``SetupChoice.to_json``): each
# key's type, so one of another shape (nested, a list of thousands) is replaced whole
# before anything copies it. Whether the values still make a match is the screen's check.
SETUP = {"rules": str, "players": int, "seats": list, "options": dict, "seed": str}
_SETUP_ITEMS = 16  # seats or options at most (ten seats is the most any rule set takes)
_SETUP_TEXT = 40  # characters of a name, a seat kind or a seed at most


def setup_fits(setup: dict[str, Any]) -> bool:
    """Whether ``setup`` has the setup screen's shape: known keys, each of its type, the
    seats a short list of short texts and the options a short mapping of names to scalars."""
    for key, value in setup.items():
        kind = SETUP.get(key)
        if kind is None or type(value) is not kind:
            return False
        if isinstance(value, str) and len(value) > _SETUP_TEXT:
            return False
        if isinstance(value, list | dict) and len(value) > _SETUP_ITEMS:
            return False
    seats, options = setup.get("seats", []), setup.get("options", {})
    if not all(isinstance(s, str) and len(s) <= _SETUP_TEXT for s in seats):
        return False
    return all(
        len(k) <= _SETUP_TEXT and (type(v) in (bool, int, float) or _short(v))
        for k, v in options.items()
    )


def _short(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= _SETUP_TEXT


def _allowed(name: str, value: Any) -> bool:
    if name == "setup":
        return setup_fits(value)
    if name == "pace":
        return value in PACES
    if name == "colour_pips":
        return value in COLOUR_PIPS
    if name == "touch_panel":
        return value in TOUCH_PANELS
    if name == "text_size":
        return value in TEXT_SIZES
    if name == "language":
        return value in languages()
    if name == "names":  # one text per seat; what each says is checked on its own
        return len(value) <= MOST_NAMES and all(isinstance(n, str) for n in value)
    return True
