"""Players' names as the files keep them: checked the same way wherever one is read.

A name comes from the setup screen, and back from the settings, a match record,
the match in play or a history entry. Any of those files may have been edited
or damaged, and a name is drawn on every screen, so before use each one must be
a short line of text a player could have typed: a string of at most
:data:`NAME_MAX` characters once stripped, with no control characters and no
bidirectional overrides (which would turn the words around it). A name that
is not is dropped (its seat is "Seat N" again); a list of names with the wrong
shape (not a list, the wrong length, an entry neither text nor null) refuses its
whole file, since the file is then not one of ours.

Characters that draw nothing (format characters such as a zero-width space or a
right-to-left mark, fillers that look blank) are removed rather than refused, as
typed and as read: they are easy to paste by accident, and a name made only of
them would show as nothing at all, a seat with no name on screen. What is left
must still be a name.

Pure Python, under the match and the settings: both read names through it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

NAME_MAX = 20  # characters: a name fits a seat panel and a status line
# the explicit embeddings, overrides and isolates: they reorder the text around them
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Blank-looking letters and marks of no category that says so: the Hangul fillers, the
# braille blank, the combining grapheme joiner and the variation selectors.
BLANKS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)


class NamesError(ValueError):
    """A list of names with the wrong shape; the message is one line."""


def visible(text: str) -> str:
    """``text`` without the characters that draw nothing (see the module docstring)."""
    return "".join(c for c in text if not _invisible(c))


def clean_name(value: Any) -> str | None:
    """``value`` as a seat's name, without its invisible characters and stripped; None when
    it is no name a player could type (or nothing visible is left of it)."""
    if not isinstance(value, str):
        return None
    name = visible(value).strip()
    if not name or len(name) > NAME_MAX:
        return None
    if any(_hostile(c) for c in name):
        return None
    return name


def read_names(value: Any, seats: int) -> tuple[str | None, ...]:
    """One name or None per seat from a file's ``names``; NamesError if not such a list.

    The shape is the file's (a list, one entry per seat, each text or null): a number
    or a list where a name goes means the file is not ours. Each text is then checked by
    :func:`clean_name`: a bad one (too long, a control character) is dropped alone.
    """
    if not isinstance(value, list) or len(value) != seats:
        raise NamesError(f"'names' must list {seats} names or nulls")
    if not all(v is None or isinstance(v, str) for v in value):
        raise NamesError("'names' must hold text or null")
    return tuple(clean_name(v) for v in value)


def _invisible(c: str) -> bool:
    # Cf: format characters (zero-width space and joiners, RLM, ALM, BOM, soft hyphen …)
    return (unicodedata.category(c) == "Cf" and c not in BIDI_CONTROLS) or c in BLANKS


def _hostile(c: str) -> bool:
    # Cc: control characters (tab, newline, escape …); Cs: lone surrogates;
    # Zl, Zp: line and paragraph separators, which would break a line in two
    return unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in BIDI_CONTROLS
