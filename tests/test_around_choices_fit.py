"""The choice buttons fit their words: Cuban's choice of who opens ("Kursi 1 membuka"), with
Confirm, Cancel and a hint's Why?, at a 7-inch kiosk's 1024x600 and upright at 600x1024, in
every language. Where no hand is dealt yet the choices spread over the hand's bar in one
row under its words; a label a narrow button cannot hold on one line takes two."""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game import i18n
from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.table.hints import Hints
from game.ui.theme import MIN_TEXT
from game.ui.widgets.bar import label_lines
from game.ui.widgets.text import text_height, text_width


def _opener_hinted(shell) -> None:
    """Cuban, seed 7: the person and Seat 3 drew highest and choose who opens; a hint asked."""
    table = shell.table
    for _ in range(200):
        if table.ctl.human_turn() and len(table.match.legal()) > 1:
            break
        h.frames(1, 0.05)
    assert all(a.kind == "opener" for a in table.match.legal())
    table.ctl.ask_hint()
    next(p for p in table.ctl.policies if isinstance(p, Hints)).finish()
    h.frames(1, 0.0)
    h.draw()


@pytest.mark.parametrize("size", [(1024, 600), (600, 1024)])
@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
def test_the_choice_of_who_opens_fits_its_buttons(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    i18n.set_language(language)
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer", "computer", "computer"]
    shell.begin(Match.create("cuban", 4, seats=seats, seed=7))
    h.send("on_resize", *size)
    try:
        _opener_hinted(shell)
        table = shell.table
        assert table is not None
        buttons = table.choice_bar.buttons
        keys = [b.key for b in buttons]
        assert {"opener 1", "opener 3", "confirm", "cancel"} <= set(keys)
        if size[0] > size[1]:
            assert "why" in keys  # the bar had room: no choice left out
        words = table.texts.shown()
        for b in buttons:
            assert b.rect.x0 >= 0 and b.rect.x1 <= size[0], b.key
            font, lines = label_lines(b.label, b.size, b.rect)
            assert font >= MIN_TEXT, (b.label, font)
            assert all(text_width(line, font, True) <= b.rect.width - 12 for line in lines)
            assert len(lines) * text_height(font, True) <= b.rect.height
            for key in ("mine", "message"):  # the hand's words stay clear
                assert not b.rect.overlaps(words[key]), (b.key, key)
        for i, a in enumerate(buttons):
            assert not any(a.rect.overlaps(b.rect) for b in buttons[i + 1 :])
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_a_label_too_long_for_one_line_takes_two_at_its_best_break() -> None:
    h.window()
    narrow = Rect(0, 0, 120, 48)
    size, lines = label_lines("Kursi 1 membuka", 15, narrow)
    assert lines == ["Kursi 1", "membuka"] and size >= MIN_TEXT
    assert label_lines("Batal", 15, narrow) == (15, ["Batal"])  # fits: as it was
    assert label_lines("Konfirmasi", 15, Rect(0, 0, 60, 48))[1] == ["Konfirmasi"]  # one word
    assert label_lines("Kursi 1 membuka", 15, Rect(0, 0, 100, 20))[1] == ["Kursi 1 membuka"]
    # a seat's number stays with its name, wherever the break would be more even
    assert label_lines("Seat 1 opens", 15, Rect(0, 0, 80, 48))[1] == ["Seat 1", "opens"]
