"""Every word the game shows, in the player's language, through the standard ``gettext``.

The conventions are gettext's own, so any translation tool reads our catalogues:

- the English text is the message id: ``_("Pass")``, ``_("{seat} passed").format(seat=…)``;
- every count goes through ``ngettext("{n} tile", "{n} tiles", n)`` (a language's own
  plural rule, from its catalogue's ``Plural-Forms`` header, picks the form: Arabic has six);
- one English word with two meanings, or a phrase a rule set words its own way, has a
  context: ``pgettext("hand", "Restart round")`` is Cuban's "Restart hand".

One catalogue per language, ``assets/locale/CODE/LC_MESSAGES/boneyard.po`` (with its
compiled ``.mo`` beside it, the file read here; ``tools/i18n.py`` extracts, merges and
compiles them). A message a catalogue lacks falls back to the English catalogue, then to
the English source text itself, so a new sentence shows in English until it is translated.
A catalogue that is missing or cannot be read is a DataError naming it.

Pure Python (no arcade): the rules layer and the tools may use it too.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .resources import DataError, data_path

DOMAIN = "boneyard"
DEFAULT = "en"
# Each language in its own name, as the Settings row and the title's picker show it.
NAMES = {"en": "English", "id": "Bahasa Indonesia", "pt": "Português", "ar": "العربية"}
RIGHT_TO_LEFT = frozenset({"ar"})

_current = DEFAULT


def N_(message: str) -> str:
    """Marks an English message kept for later (a table of labels, a hint's reason): the
    catalogues hold it, and it is translated with ``_()`` where it is shown."""
    return message


def _(message: str) -> str:
    """``message`` (English) in the current language."""
    return translation(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase for ``n`` in the current language's plural rule."""
    return translation(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as it reads in ``context`` (a rule set's own words, a word's sense)."""
    return translation(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """A counted phrase in ``context``."""
    return translation(_current).npgettext(context, singular, plural, n)


def languages() -> list[str]:
    """The language codes the game speaks, English first."""
    return list(NAMES)


def language() -> str:
    return _current


def set_language(code: str) -> str:
    """Switch language at run time; an unknown code keeps English. Returns the one in use."""
    global _current
    _current = code if code in NAMES else DEFAULT
    return _current


def language_name(code: str) -> str:
    """A language's own name for itself ("Português"), else its code."""
    return NAMES.get(code, code)


def right_to_left(code: str | None = None) -> bool:
    """Whether ``code`` (the current language if None) is written right to left."""
    return (code or _current) in RIGHT_TO_LEFT


def system_language(environ: Mapping[str, str]) -> str:
    """The language the system asks for (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``,
    as POSIX orders them: ``pt_BR.UTF-8`` is ``pt``), if the game speaks it; else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in NAMES else DEFAULT
    return DEFAULT


def locale_folder() -> Path:
    """The folder of the catalogues (``assets/locale``)."""
    return data_path("assets", "locale")


@cache
def translation(code: str) -> gettext.NullTranslations:
    """One language's compiled catalogue, falling back to English's (read once)."""
    where = f"assets/locale/{code}/LC_MESSAGES/{DOMAIN}.mo"
    path = locale_folder() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as file:
            found = gettext.GNUTranslations(file)
    except FileNotFoundError:
        raise DataError(f"{where}: missing from the game's data in {locale_folder()}") from None
    except (OSError, ValueError, IndexError) as error:  # gettext's own for a broken file
        raise DataError(f"{where}: not a gettext catalogue ({error})") from None
    if code != DEFAULT:
        found.add_fallback(translation(DEFAULT))
    return found
