"""Honest settings: each row shows what is true now, and a change shows at once.

Fullscreen reads the window's own state (not the saved wish), and toggling it
lays out the table behind the menu for the new size straight away; the
Language row offers only languages there are words for; every count on
screen has its noun in the right form ("1 pip", "18 pips").
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import arcade
import around_helpers as h

from game.i18n import language, languages
from game.match import Match
from game.rules.tiles import pip_total
from game.settings import Settings
from game.ui.routes import Route
from game.ui.screens.summary import RoundSummaryView
from game.ui.words.names import count


def _label(shell, key: str) -> str:
    button = shell.current.button(key)
    assert button is not None, key
    return button.label


def test_fullscreen_shows_the_windows_state_and_relays_the_table_out_at_once(
    tmp_path: Path,
) -> None:
    settings = Settings(pace="instant", sound=False, deal_animation=False, fullscreen=True)
    shell = h.make_shell(tmp_path, settings=settings)
    window = shell.window
    assert not window.fullscreen
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3))
    h.frames(1, 0.0)
    table = shell.table
    assert table.laid_for == (h.WIDTH, h.HEIGHT)
    h.press(shell, "menu")
    h.press(shell, "settings")
    assert _label(shell, "fullscreen") == "Off"  # the saved "on" is not what the window is
    try:
        h.press(shell, "fullscreen")
        assert window.fullscreen and _label(shell, "fullscreen") == "On"
        big = (window.width, window.height)
        assert big != (h.WIDTH, h.HEIGHT)
        # the table drawn behind the settings is laid out for the new size already
        assert table.laid_for == big and table.screen.width == big[0]
        assert shell.current.dims == big
        h.draw()
        h.press(shell, "fullscreen")
        assert not window.fullscreen and _label(shell, "fullscreen") == "Off"
        assert shell.services.settings.fullscreen is False
        assert table.laid_for == (window.width, window.height)
    finally:
        if window.fullscreen:
            window.set_fullscreen(False)
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_the_language_row_shows_the_four_languages_each_in_its_own_name(
    tmp_path: Path,
) -> None:
    """Issue 15.4: all four at once, the one in use marked; a tap or the keys pick one."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language="xx")
    shell = h.make_shell(tmp_path, settings=settings)
    shell.open(Route.SETTINGS)
    assert languages() == ["en", "id", "pt", "ar"]

    def picker() -> list[tuple[str, str]]:
        buttons = [b for b in shell.current.buttons() if b.key.startswith("lang:")]
        return [(b.label, b.style) for b in sorted(buttons, key=lambda b: b.rect.x0)]

    # "xx" has no words: English is in use, and marked
    assert picker() == [
        ("English", "selected"),
        ("Bahasa Indonesia", "quiet"),
        ("Português", "quiet"),
        ("العربية", "quiet"),
    ]
    h.press(shell, "lang:pt")  # a tap
    assert language() == "pt" and shell.services.settings.language == "pt"
    assert [style for _, style in picker()] == ["quiet", "quiet", "selected", "quiet"]
    assert shell.current.button("back").label == "Voltar"
    # the keys alone: Tab walks the focus to Arabic, Enter picks it
    keys = []
    for _ in range(12):
        keys.append(shell.current.focused.key)
        if keys[-1] == "lang:ar":
            break
        h.key(arcade.key.TAB)
    assert keys[-1] == "lang:ar" and "lang:id" in keys
    h.key(arcade.key.ENTER)
    h.frames(1, 0.0)
    assert language() == "ar"
    # right to left, the row reads from the right: English rightmost, Arabic leftmost
    assert [name for name, _ in picker()] == ["العربية", "Português", "Bahasa Indonesia", "English"]
    assert picker()[0][1] == "selected"
    h.press(shell, "lang:en")
    assert language() == "en" and shell.current.button("back").label == "Back"


def test_every_count_on_screen_has_its_noun_in_the_right_form(tmp_path: Path) -> None:
    """A round ends with a hand of one pip: the summary says "1 pip", never "1 pips"."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=244, first=1)
    pick = random.Random(244)
    for _ in range(12):
        match.play(pick.choice(sorted(match.legal(), key=str)))
    state = match.state
    assert state.to_move == 1 and len(state.hands[0]) == 1 and pip_total(state.hands[1]) == 1
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    h.frames(1, 0.0)
    h.play_turn(shell)
    h.frames(2, 0.0)
    assert isinstance(shell.current, RoundSummaryView)
    texts = shell.current.texts()
    assert "1 pip" in texts
    wrong = re.compile(r"(?<![\d.])1 (pips|tiles|points|pts)\b")
    assert not [x for x in texts if wrong.search(x)]
    assert [count(n, 1) for n in ("pips", "tiles", "points", "pts")] == [
        "1 pip",
        "1 tile",
        "1 point",
        "1 pt",
    ]
    assert count("pips", 0) == "0 pips" and count("points", 2.5) == "2.5 points"
