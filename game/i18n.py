"""One translation function for every word the game shows: ``t(key_or_text, **fields)``.

The words live as data, one folder per language under ``assets/lang/``
(``en/ui.toml``, ``en/rules.toml`` …), found by :mod:`game.resources`; a
language folder that is missing or holds no words is a DataError naming it,
never a screen of raw keys. A TOML table nests keys, so
``[title] play = "Play"`` is the key ``title.play``. A language is added by
dropping in a folder with the same keys; a key it lacks falls back to
English, and a text that is no key at all is shown as it is (so a stray
sentence still reads, it just is not translated). ``fields`` fill the
``{name}`` holes: ``t("log.pass", seat="Seat 2")``.

Pure Python: the rules layer and the tools may use it too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from .files import BadFile, read_toml
from .resources import DataError, data_path

DEFAULT = "en"

_current = DEFAULT


def t(key_or_text: str, **fields: Any) -> str:
    """The text for ``key_or_text`` in the current language, with ``fields`` filled in."""
    text = catalogue(_current).get(key_or_text)
    if text is None and _current != DEFAULT:
        text = catalogue(DEFAULT).get(key_or_text)
    if text is None:
        text = key_or_text
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text  # a translation with a bad hole still shows, unfilled
    return text


def has(key: str) -> bool:
    """Whether ``key`` is in the catalogue (current language or English)."""
    return key in catalogue(_current) or key in catalogue(DEFAULT)


def lang_folder() -> Path:
    """The folder of language folders (``assets/lang``)."""
    return data_path("assets", "lang")


def languages() -> list[str]:
    """The language codes with a folder of words, English first."""
    found = sorted(p.name for p in lang_folder().iterdir() if p.is_dir())
    return [DEFAULT] + [code for code in found if code != DEFAULT]


def language() -> str:
    return _current


def set_language(code: str) -> str:
    """Switch language; an unknown code keeps English. Returns the language in use."""
    global _current
    _current = code if code in languages() else DEFAULT
    return _current


def language_name(code: str) -> str:
    """A language's own name for itself (its ``language.name`` key), else its code."""
    return catalogue(code).get("language.name", code)


@cache
def catalogue(code: str) -> dict[str, str]:
    """Every key of one language, flattened (``{"title.play": "Play", …}``)."""
    folder = lang_folder() / code
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise DataError(f"assets/lang/{code}: no words (*.toml) in {folder}")
    words: dict[str, str] = {}
    for path in files:
        try:
            table = read_toml(path, f"assets/lang/{code}/{path.name}")
        except BadFile as error:
            raise DataError(str(error)) from None
        _flatten(table, "", words)
    return words


def _flatten(table: dict[str, Any], prefix: str, into: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, name + ".", into)
        else:
            into[name] = str(value)
