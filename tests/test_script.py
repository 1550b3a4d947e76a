"""Arabic is drawn joined and right to left: the shaping function on known words."""

from __future__ import annotations

from game.ui.words.script import has_arabic, visual_line


def _points(text: str) -> list[int]:
    return [ord(c) for c in text]


def test_a_word_is_joined_and_reversed_for_drawing() -> None:
    # marhaba: meem initial, reh final, hah initial, beh medial, alef final; drawn from the
    # right, so the string pyglet lays out left to right starts with the last letter
    assert _points(visual_line("مرحبا", True)) == [0xFE8E, 0xFE92, 0xFEA3, 0xFEAE, 0xFEE3]


def test_lam_alef_is_one_ligature() -> None:
    # as-salaam: alef, lam initial, seen medial, lam-alef final ligature, meem isolated
    assert _points(visual_line("السلام", True)) == [0xFEE1, 0xFEFC, 0xFEB4, 0xFEDF, 0xFE8D]


def test_every_letter_drawn_is_a_presentation_form() -> None:
    drawn = visual_line("اسحب من الكومة", True)
    letters = [c for c in drawn if has_arabic(c)]
    assert letters and all(0xFB50 <= ord(c) <= 0xFEFF for c in letters)


def test_numbers_keep_their_western_digits_in_order() -> None:
    drawn = visual_line("الجولة 12", True)
    assert drawn.startswith("12 ")  # the number is at the left end, its digits in order
    assert visual_line("12.5 نقطة", True) == "ﺔﻄﻘﻧ 12.5"  # written first: drawn at the right


def test_a_tile_reads_as_the_notation_writes_it_wherever_it_stands() -> None:
    """ "7-5" after Arabic letters was drawn "5-7" (its numbers taken for Arabic ones), at
    a line's start "7-5": the same tile two ways on one screen."""
    assert "7-5" in visual_line("المقعد 4 يلعب 7-5 على قطار المقعد 4", True)
    assert "12-3" in visual_line("يلعب 12-3", True)
    assert visual_line("8-3 لا تطابق", True).endswith(" 8-3")  # written first: at the right
    assert "\u200e" not in visual_line("يلعب 7-5", True)
    assert visual_line("الباقي: 20 + 7", True).startswith("7 + 20")  # sums read from the right
    assert visual_line("انتهت 2026-12-01", True).startswith("2026-12-01 ")  # a date, too


def test_a_signed_number_keeps_its_sign_in_front() -> None:
    """A lone gain on an Arabic screen was drawn "50+" (the sign put after it)."""
    assert visual_line("+50", True) == "+50"
    assert visual_line("\u221212", True) == "\u221212"
    assert visual_line("+5 نقطة", True).endswith(" +5")  # written first: at the right
    assert visual_line("الباقي: 20 + 7", True).startswith("7 + 20")  # a sum is no sign


def test_latin_text_is_left_as_it_is() -> None:
    for line in ("Seat 3 played 6-4 on the east end", "Round 2 · 12.5", ""):
        assert visual_line(line) == line
    assert visual_line("English", True) == "English"


def test_arabic_on_a_left_to_right_screen_is_still_shaped() -> None:
    """The language picker names Arabic in its own script on an English screen."""
    assert visual_line("العربية") == "ﺔﻴﺑﺮﻌﻟﺍ"


def test_brackets_read_right_to_left_are_mirrored() -> None:
    """ "(2–4 players)" in Arabic: the bracket that opens it is drawn at its right."""
    drawn = visual_line("البلوك (2–4 لاعبين)", True)
    assert drawn.startswith("(") and drawn.endswith("ﻙﻮﻠﺒﻟﺍ")
    assert drawn.index("(") < drawn.index(")")
    assert "f(x)" in visual_line("ا f(x)", True)  # a Latin run keeps its brackets
    assert "(Pollona)" in visual_line("يسمى (Pollona) هنا", True)  # a name in Arabic words
