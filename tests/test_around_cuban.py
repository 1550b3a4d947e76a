"""Cuban at the table (issue 16.9): the draw for the opener on the table, a hand that
can only be kept kept without a tap, and "hands" where other games say rounds."""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.match import Match
from game.ui.screens.summary import RoundSummaryView
from game.ui.table import lots
from game.ui.table.view import TableView
from game.ui.words import narrate


def test_c03_the_representatives_draw_is_shown_on_the_table(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("cuban", 4, seats=["human"] + ["computer:easy"] * 3, seed=3))
    h.frames(1)
    view = shell.table
    h.draw()
    shown = [e for e in view.state.log if e.action is None and e.shown]
    (one,), (two,) = shown[-2].shown, shown[-1].shown
    # the one human at the table is "You" there too
    assert view.opener_draw.lines[1:3] == [f"You · {one}", f"Seat 2 · {two}"]
    assert view.opener_draw.texts.get("seat0") == f"You · {one}"
    assert len(view.opener_draw.sprites) == 2  # the two tiles, face up on the felt
    entitled = 1 if one.pips > two.pips else 2
    team = "You and Seat 3" if entitled == 1 else "Seats 2 and 4"
    assert view.opener_draw.lines[-1].startswith(f"{team} drew")
    if view.human_turn():  # Seat 1 chooses: the draw stays while it does, and after
        h.press(shell, str(view.preview.buttons()[0]))
        h.press(shell, "confirm")
    for _ in range(10):
        h.frames(1)
    h.draw()
    assert view.opener_draw.lines[-1].endswith("to open")
    line = view.state.line
    assert line.lead is None or not view.opener_draw.lines


@pytest.mark.parametrize("longer", [1, 2, 3])
def test_c03_the_draw_s_words_fit_between_the_side_panels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, longer: int
) -> None:
    """Issue 16 (left over): at 1280x720 the draw's heading ran under the side panels.
    Every line now fits the felt between them, shrinking to the smallest words and then
    wrapping: the words of a draw tied again (seed 3), and ones two and three times as
    long (a translation), all kept clear of every panel and inside the table."""
    real = narrate.opener_draw_lines

    def lines(state):
        title, outcome = real(state)
        return " ".join([title] * longer), " ".join([outcome] * longer)

    monkeypatch.setattr(narrate, "opener_draw_lines", lines)
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("cuban", 4, seats=["human"] + ["computer:easy"] * 3, seed=3))
    h.frames(1)
    view = shell.table
    h.draw()
    assert "again after a tie" in view.opener_draw.lines[0]
    shown = view.opener_draw.texts.shown()
    assert {"title", "outcome", "seat0", "seat1"} <= set(shown)
    table = view.screen.table
    for key, r in shown.items():
        assert table.x0 <= r.x0 and r.x1 <= table.x1 and table.y0 <= r.y0 and r.y1 <= table.y1, key
        for seat, panel in view.screen.panels.items():
            apart = r.x1 <= panel.x0 or r.x0 >= panel.x1 or r.y1 <= panel.y0 or r.y0 >= panel.y1
            assert apart, f"{key} {r} runs under Seat {seat}'s panel {panel}"
    sizes = [item.font_size for item in view.opener_draw.texts._texts.values() if item.text]
    assert min(sizes) >= lots.MIN_SIZE
    words = " ".join(view.opener_draw.texts.get(k) for k in sorted(shown) if k.startswith("title"))
    assert sorted(words.split()) == sorted(view.opener_draw.lines[0].split())  # nothing lost


def test_cuban_calls_its_rounds_hands(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("cuban", 4, seats=["computer:easy"] * 4, seed=5, first=1))
    h.frames(1)
    view = shell.table
    h.draw()
    assert view.bar.texts.get("title") == "Cuban · hand 1"
    h.key(arcade.key.M)
    assert "Restart hand" in shell.current.texts()
    h.key(arcade.key.ESCAPE)
    h.key(arcade.key.L)
    assert "Hand 1" in shell.current.texts()
    h.key(arcade.key.ESCAPE)
    for _ in range(400):
        if isinstance(shell.current, RoundSummaryView):
            break
        assert isinstance(shell.current, TableView)
        h.frames(1)
    texts = shell.current.texts()
    assert any(x.startswith("Hand 1: ") for x in texts)
    assert "Next hand" in texts and any(x.startswith("This hand: ") for x in texts)
    assert not any("round" in x.lower() for x in texts), texts
    h.press(shell, "sheet")  # the match's scores, hand by hand
    texts = shell.current.texts()
    assert "Hand" in texts and not any("round" in x.lower() for x in texts), texts


def test_the_demo_counts_cubans_hands_and_everyone_elses_rounds() -> None:
    from game.rules import create
    from game.ui.words.narrate import rounds_played

    cuban, block = create("cuban", players=4), create("block", players=2)
    assert rounds_played(cuban, 3) == "cuban: 3 hands"
    assert rounds_played(cuban, 1) == "cuban: 1 hand"
    assert rounds_played(block, 3) == "block: 3 rounds"
    assert rounds_played(block, 1) == "block: 1 round"
