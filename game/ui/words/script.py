"""Arabic as pyglet can draw it: letters joined and lines in right-to-left order.

pyglet lays glyphs out one after another, left to right, each in its isolated form: it
neither joins Arabic letters nor reorders a right-to-left line. So a line is shaped
before it is drawn: ``arabic_reshaper`` picks each letter's joined form (the Unicode
presentation forms, and the lam-alef ligature), and ``python-bidi`` (the Unicode
bidirectional algorithm) puts the line in visual order. Both work on one visual line:
wrapping comes first, on the text as written, since reordering a paragraph and then
cutting it would put its first words on its last line.

Digits stay Western (0-9), as the Arabic rule card writes them; the bidirectional
algorithm keeps a number's digits in order inside a right-to-left line, and a tile's two
numbers in the notation's order.
"""

from __future__ import annotations

import re

import arabic_reshaper
from bidi import get_display

# Arabic, Arabic Supplement, Arabic Extended-A and both presentation-forms blocks.
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
_MIRRORED = str.maketrans("()[]{}<>«»", ")(][}{><»«")
_OPENING, _CLOSING = "([{<«", ")]}>»"
_LATIN = re.compile(r"[A-Za-z]")
# A tile ("7-5", and a date, 2026-12-01) is one left-to-right word wherever it stands:
# after Arabic letters the algorithm alone reads its numbers as Arabic ones and draws it
# "5-7", at a line's start "7-5". A left-to-right mark each side (taken out again once the
# line is in order) keeps it as the notation writes it.
# So is a signed number, a gain or a loss ("+50", "−50"): alone the algorithm puts its
# sign after it ("50+").
_TILE = re.compile(r"\d+(?:-\d+)+|(?<!\w)[+\-\u2212]\d+")
_LRM = "\u200e"
# A player's name inside a sentence is isolated (first strong isolate … pop directional
# isolate): "… of ليلى: 14 + 2 = 16 pips" would otherwise take the numbers after the
# name into its right-to-left run and draw "16 = 2 + 14 :ليلى". Taken out once in order.
FSI, PDI = "\u2068", "\u2069"


def isolated(name: str, right_to_left: bool = False) -> str:
    """A name as a sentence holds it: isolated where its direction may differ from the
    line's (Arabic letters, or any name on a right-to-left screen), else as it is."""
    return f"{FSI}{name}{PDI}" if right_to_left or has_arabic(name) else name


def has_arabic(text: str) -> bool:
    return _ARABIC.search(text) is not None


def visual_line(line: str, right_to_left: bool = False) -> str:
    """``line`` (one line, as written) in the order and forms it is drawn.

    ``right_to_left`` is the paragraph's direction (the language's): a line of an
    Arabic screen that starts with "6-4" still reads from the right. A line with no
    Arabic in a left-to-right language is returned as it is, at no cost.
    """
    if not right_to_left and not has_arabic(line):
        return line
    if right_to_left:
        line = _mirror_brackets(line)
    line = _TILE.sub(lambda tile: _LRM + tile.group(0) + _LRM, line)
    shaped = arabic_reshaper.reshape(line) if has_arabic(line) else line
    drawn = str(get_display(shaped, base_dir="R" if right_to_left else "L"))
    return drawn.replace(_LRM, "").replace(FSI, "").replace(PDI, "")


def _mirror_brackets(line: str) -> str:
    """The bidirectional algorithm's last step (L4), which python-bidi leaves out: a bracket
    pair read right to left is drawn mirrored, so "(" is given as ")" before reordering.
    A pair opened inside Latin text ("f(x)") reads left to right and keeps its shape."""
    chars = list(line)
    stack: list[int] = []
    pairs: list[tuple[int, int | None]] = []
    for i, c in enumerate(chars):
        if c in _OPENING:
            stack.append(i)
        elif c in _CLOSING:
            pairs.append((stack.pop(), i) if stack else (i, None))
    pairs += [(i, None) for i in stack]
    for start, end in pairs:
        if _LATIN.match(line[:start].rstrip()[-1:]):
            continue
        for at in (start, end):
            if at is not None:
                chars[at] = chars[at].translate(_MIRRORED)
    return "".join(chars)
