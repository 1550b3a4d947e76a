"""Letters on screen for a name: a kiosk has a touchscreen (and a digit keypad at most).

A kiosk's setup asks each human seat for a name, and no keyboard is there to type
one. So a tap on a name field there opens these keys: the language's own letters
(Latin for English, Indonesian and Portuguese, whose accented letters get a row of
their own; the Arabic letters for Arabic, in the rows of the Arabic keyboard),
a space, a shift for capitals and a key that erases. Each key is one of the kit's
buttons, a finger high at least, so it is tapped, hovered and focused like any
other; a key types into the field by :meth:`TextField.type` alone, which keeps a
printable character up to the field's limit, and the name is checked again as
every name is (:func:`game.names.clean_name`) when the match is made. The keys
call back into the game: nothing typed here goes anywhere else.

Rows are written as they stand on the keyboard, left to right; on a screen read
from the right (which mirrors every widget) a row is laid out reversed first, so
the Arabic keys stand where an Arabic keyboard has them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.i18n import _
from game.ui.board.geometry import Rect
from game.ui.widgets.kit import Button, finger, row

LATIN = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
ACCENTS = {"pt": "áàâãéêíóôõúç"}  # a language's own letters beyond the plain Latin ones
ARABIC = ("ضصثقفغعهخحجد", "شسيبلاتنمكط", "ذئءؤرىةوزظ", "أإآ")
SHIFT, SPACE, ERASE = "⇧", " ", "⌫"
KEY_GAP = 6  # pixels between two keys, times the screen's unit
KEY_HIGH = 72  # pixels a key is high at most, times the screen's unit (a kiosk's larger)


class Keys(NamedTuple):
    """What the keys do: type a text into the field, erase its last letter."""

    type: Callable[[str], None]
    erase: Callable[[], None]


def letter_rows(language: str) -> tuple[str, ...]:
    """The rows of letters for ``language`` (its accents first, where it has them)."""
    if language == "ar":
        return ARABIC
    accents = ACCENTS.get(language)
    return (accents, *LATIN) if accents else LATIN


def has_case(language: str) -> bool:
    """Whether the language writes capitals (a shift key, and a capital to begin a word)."""
    return language != "ar"


def keyboard_rows(area: Rect, count: int, unit: float) -> list[Rect]:
    """``count`` rows of keys at the foot of ``area`` (where a touchscreen's keys stand),
    each a finger high at least and at most :data:`KEY_HIGH` times the unit."""
    gap = KEY_GAP * unit
    high = max(finger(0), min(KEY_HIGH * unit, (area.height - (count - 1) * gap) / count))
    top = area.y0 + count * high + (count - 1) * gap
    return [
        Rect(area.x0, top - (i + 1) * high - i * gap, area.x1, top - i * (high + gap))
        for i in range(count)
    ]


def keyboard(
    area: Rect,
    language: str,
    keys: Keys,
    capitals: bool,
    unit: float,
    mirrored: bool,
    toggle_case: Callable[[], None],
) -> list[Button]:
    """The keys for ``language`` in ``area``: its letters' rows, then shift, space, erase.

    ``capitals``: the letters show (and type) as capitals; ``toggle_case`` is the shift
    key's (none where the language has no capitals). Every key has the key
    ``letter:<its letter>``, or ``letter:shift``, ``letter:space``, ``letter:erase``.
    """
    letters = letter_rows(language)
    widest = max(len(line) for line in letters)
    rows = keyboard_rows(area, len(letters) + 1, unit)
    gap = KEY_GAP * unit
    key_w = (area.width - (widest - 1) * gap) / widest
    made: list[Button] = []
    for line, r in zip(letters, rows, strict=False):
        span = len(line) * key_w + (len(line) - 1) * gap
        x0 = r.centre[0] - span / 2
        cells = row(Rect(x0, r.y0, x0 + span, r.y1), len(line), gap)
        for letter, cell in zip(line, reversed(cells) if mirrored else cells, strict=True):
            shown = letter.upper() if capitals else letter
            made.append(_key(cell, shown, partial_type(keys, shown), f"letter:{letter}", unit))
    last = rows[-1]
    bottom = [(SPACE, _("Space"), 5.0), (ERASE, ERASE, 1.5)]
    if has_case(language):
        bottom.insert(0, (SHIFT, SHIFT, 1.5))
    if mirrored:
        bottom.reverse()
    cells = row(last, len(bottom), gap, [w for _k, _l, w in bottom])
    for (key, label, _w), cell in zip(bottom, cells, strict=True):
        if key == SHIFT:
            press: Callable[[], object] = toggle_case
            style, name = ("selected" if capitals else "normal"), "shift"
        elif key == SPACE:
            press, style, name = partial_type(keys, SPACE), "normal", "space"
        else:
            press, style, name = keys.erase, "normal", "erase"
        made.append(_key(cell, label, press, f"letter:{name}", unit, style))
    return made


def partial_type(keys: Keys, text: str) -> Callable[[], None]:
    """A key's action: type ``text``."""
    return lambda: keys.type(text)


def _key(
    cell: Rect, label: str, press: Callable[[], object], key: str, unit: float, style: str = ""
) -> Button:
    return Button(cell, label, press, style or "normal", key=key, size=20 * unit)
