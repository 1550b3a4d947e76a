"""Every screen and every rule set's table, in a pseudo-language and in the four real ones.

The pseudo-language (``pseudo_locale``) turns every message of the English catalogue into
``⟦Áccéntéd⟧`` text, installed in the place of Indonesian for the test. Then every screen
is driven headless and every text it draws is read: one that still shows English (Latin
letters, no ``⟦``) bypassed the catalogues. The four real languages are
drawn at 1280x720 and 1920x1080 and every button's label must fit its box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from pathlib import Path

import arcade
import around_helpers as h
import numpy as np
import pytest
from pseudo_locale import PSEUDO, english_left

from game import i18n
from game.match import Match
from game.rules import names
from game.rules.presets import load_preset
from game.ui.board.geometry import Rect
from game.ui.router import Shell
from game.ui.routes import Page, PuzzleId, Recorded, Route, Tutorial
from game.ui.screens.summary import RoundSummaryView
from game.ui.table.view import TableView
from game.ui.widgets.kit import Button, Label, Screen
from game.ui.widgets.text import text_width


def _drawn(view: object) -> list[str]:
    """Every text the view shows now: a kit screen's, or the table's pool and buttons."""
    if isinstance(view, Screen):
        return view.texts()
    assert isinstance(view, TableView), type(view).__name__  # the rest are kit screens
    pool = view.texts
    found = [text for text in pool._written.values() if text]
    return found + [b.label for b in view.buttons.buttons]


def _shell(tmp_path: Path, language: str) -> Shell:
    from game.settings import Settings

    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    return h.make_shell(tmp_path, settings=settings)


def _screens(shell, rules: str, players: int) -> Iterator[tuple[str, object]]:
    """Each screen around one match of ``rules``: its table, menu, log, scores, summary."""
    seats = ["human"] + ["computer"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=5))
    h.frames(2)
    table = shell.table
    table.step_computers(6)
    table.settle()
    h.frames(1)
    yield f"{rules} table", shell.current
    for route in (Route.MENU, Route.LOG, Route.SCORES, Route.RULES):
        shell.open(route)
        h.frames(1)
        yield f"{rules} {route}", shell.current
        shell.open(Route.TABLE)
        h.frames(1)


def _around(shell) -> Iterator[tuple[str, object]]:
    shell.home()
    h.frames(1)
    yield "title", shell.current
    for route in (Route.SETUP, Route.SETTINGS, Route.KEYS, Route.RULES):
        shell.open(route)
        h.frames(1)
        yield str(route), shell.current
        if route == Route.RULES:
            for name in names():
                h.press(shell, f"tab:{name}")
                yield f"rules {name}", shell.current
        if route == Route.SETUP:  # each rule set's options, at its most seats
            for name in names():
                h.press(shell, f"rules:{name}")
                while h.has_button(shell, "players+") and shell.current.button("players+").enabled:
                    h.press(shell, "players+")
                yield f"setup {name}", shell.current
        shell.home()
        h.frames(1)
    yield from _learning(shell)


def _learning(shell) -> Iterator[tuple[str, object]]:
    """Learn to play, a lesson, the puzzles, a puzzle, the history and a replay."""
    finished = Match.create("block", 2, seats=["human", "computer"], seed=3, target=30)
    while not finished.state.over:
        finished.play(finished.legal()[0])
    history = shell.services.store.history
    history.add(finished)
    record = history.record(history.entries()[0])
    for route, params in (
        (Route.LEARN, None),
        (Route.LESSON, Tutorial("all_fives")),
        (Route.PUZZLES, None),
        (Route.PUZZLE, PuzzleId("block-1")),
        (Route.HISTORY, None),
        (Route.HISTORY, Page("stats")),
        (Route.REPLAY, Recorded(record)),
    ):
        shell.home()
        shell.open(route, params)
        h.frames(1)
        yield f"{route} {params.page if isinstance(params, Page) else ''}", shell.current
    shell.home()
    h.frames(1)


def _shared(shell) -> Iterator[tuple[str, object]]:
    """A device passed around: the handover between two people's turns."""
    shell.begin(Match.create("cuban", 4, seats=["human"] * 4, seed=2))
    for _frame in range(20):
        h.frames(1)
        if type(shell.current).__name__ == "HandoverView":
            yield "handover", shell.current
            return


def _summary(shell) -> Iterator[tuple[str, object]]:
    """A whole Block match of computers: each round's summary, then the match end."""
    shell.begin(Match.create("block", 2, seats=["computer", "computer"], seed=3))
    seen: set[str] = set()
    for _frame in range(4000):
        h.frames(1, 1.0)
        name = type(shell.current).__name__
        if name in ("RoundSummaryView", "MatchEndView") and name not in seen:
            seen.add(name)
            yield name, shell.current
        if name == "RoundSummaryView":
            h.press(shell, "next")
        if name == "MatchEndView":
            return


def test_nothing_drawn_bypasses_the_catalogues(tmp_path: Path, pseudo: None) -> None:
    shell = _shell(tmp_path, PSEUDO)
    assert i18n.language() == PSEUDO
    views = chain(
        _around(shell),
        _summary(shell),
        _shared(shell),
        *(_screens(shell, rules, max(load_preset(rules).seats[0], 2)) for rules in names()),
    )
    # read as each is shown: a screen that changes in place (a tab) is one object
    english = {where: english_left(_drawn(view)) for where, view in views}
    assert len(english) > 30 and {"MatchEndView", "handover"} <= set(english)
    assert {where: found for where, found in english.items() if found} == {}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
def test_every_button_label_fits_its_box(tmp_path: Path, language: str, size) -> None:
    """Longer Portuguese and Indonesian words, Arabic's taller script: nothing clips."""
    h.send("on_resize", *size)
    shell = _shell(tmp_path, language)
    shell.services.laid_out_for = size
    try:
        views = chain(_around(shell), *(_screens(shell, r, 4) for r in ("cuban", "mexican_train")))
        too_long = []  # measured as each is shown: a screen that changes in place is one object
        for where, view in views:
            if isinstance(view, Screen):
                buttons = view.buttons()
            else:
                assert isinstance(view, TableView), type(view).__name__
                buttons = view.buttons.buttons
            for b in buttons:
                if not isinstance(b, Button) or not b.label:
                    continue
                room = b.rect.width - 8
                if text_width(b.label, 9, True) > room:  # the smallest size a label shrinks to
                    too_long.append((where, b.key, b.label, round(room)))
            labels = [w for w in getattr(view, "widgets", []) if isinstance(w, Label)]
            for w in labels:
                if w.text and not w.wrap and text_width(w.text, w.size, w.bold) > w.rect.width + 2:
                    too_long.append((where, "label", w.text, round(w.rect.width)))
        assert too_long == []
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        i18n.set_language("en")


def test_a_lone_gain_in_an_arabic_round_summary_reads_plus_first(tmp_path: Path) -> None:
    """The summary's column of points: "+50" was drawn "50+" in Arabic."""
    shell = _shell(tmp_path, "ar")
    try:
        view = next(v for name, v in _summary(shell) if name == "RoundSummaryView")
        assert isinstance(view, RoundSummaryView)
        h.draw()
        # written with CLDR's left-to-right mark before the sign; drawn without it, sign first
        gains = [
            s for texts in view._shown for s in texts if re.fullmatch("\u200e\\+\\d+", s.written)
        ]
        assert gains
        for shown in gains:
            assert shown.item.text == shown.written.removeprefix("\u200e")
    finally:
        i18n.set_language("en")


def _ink(box: Rect, ring: int = 0) -> tuple[float, float]:
    """How far the letters drawn in ``box`` reach below and above its middle, in pixels
    (read back from the screen: ink is what differs from the box's own fill), looking
    inside a ``ring`` of pixels round its edge (a focus ring)."""
    x0, y0 = int(box.x0) + 4, int(box.y0) + ring
    w, height = int(box.width) - 8, int(box.height) - 2 * ring
    pixels = np.asarray(arcade.get_image(x0, y0, w, height).convert("RGB"), dtype=int)
    fill = pixels[2, 2]
    rows = np.nonzero((np.abs(pixels - fill).sum(axis=2) > 150).any(axis=1))[0]
    assert rows.size, f"no letters drawn in {box}"
    top, bottom = y0 + height - rows.min(), y0 + height - 1 - rows.max()  # screen rows
    middle = box.centre[1]
    return bottom - middle, top - middle


@pytest.mark.parametrize("language", ["en", "ar"])
def test_words_stand_in_the_middle_of_their_box(tmp_path: Path, language: str) -> None:
    """A button's label and an announcement's words are centred in their box, in Arabic as
    in English: centred on Noto Sans Arabic's tall ascent and descent, Arabic words sat
    low, their bottom on the box's edge."""
    shell = _shell(tmp_path, language)
    try:
        shell.home()
        h.frames(1)
        h.draw()
        title = shell.current
        boxes = [b.rect for b in title.buttons() if b.enabled and b.label]
        shell.begin(Match.create("longana", 4, seats=["human"] + ["computer"] * 3, seed=5))
        h.frames(2)
        table = shell.table
        table.step_computers(3)
        table.settle()
        h.frames(1)
        h.draw()
        news = list(table.news.placed.values())
        assert len(boxes) >= 5 and news
        off = []
        for box in news:
            below, above = _ink(box)
            off.append((below + above) / 2)
            assert below > 1 - box.height / 2 and above < box.height / 2 - 1, (box, below, above)
        shell.home()
        h.frames(1)
        h.draw()
        for box in boxes:
            below, above = _ink(box, ring=4)
            off.append((below + above) / 2)
        assert max(abs(o) for o in off) <= 6, off  # Latin letters with tails: 3 px low
    finally:
        i18n.set_language("en")
