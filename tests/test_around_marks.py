"""Each seat's mark: its initial in a disc of its own colour, wherever the seat shows.

Issue 50, item 5. The colours are told apart under a simulated colour blindness (a pure
test of the palette); the rest drives real views on the headless window and reads what
they drew: the seat panels and the hand's bar, the trains' plates, Longana's branches
(their bands in their owners' colours, read as pixels on screen, and the words that
say what the open markers and their numbers mean), the round summary, the score sheet
and the history's list.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import arcade
import around_helpers as h
import numpy as np
import pytest

from game.match import Match
from game.rules import BranchesState
from game.ui.art.textures import HALF
from game.ui.routes import Route
from game.ui.screens.history import HistoryView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.theme import SEAT_COLOURS, Colour
from game.ui.widgets.marks import Mark, Marks, ink_on, seat_colour
from game.ui.words.names import Roster, initial, seated_as

# Machado, Oliveira and Fernandes (2009): full protanopia, deuteranopia and tritanopia as
# matrices on linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}  # fmt: skip
APART = 15.0  # CIE76: two colours this far apart are told apart at a glance
FIRST_FOUR = 30.0  # the colours of a table of four (most games), further apart still


def _linear(colour: Colour) -> np.ndarray:
    c = np.asarray(colour[:3], dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    """CIELAB (D65) of a linear RGB colour."""
    rgb = np.clip(linear, 0, 1)
    xyz = (
        np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
        @ rgb
    )
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(colour: Colour, how: str) -> np.ndarray:
    """How ``colour`` looks (CIELAB) to an eye of kind ``how``."""
    return _lab(np.asarray(SIMULATIONS[how]) @ _linear(colour))


def _contrast(a: Colour, b: Colour) -> float:
    """WCAG's contrast ratio of two colours."""
    la, lb = (float(np.array([0.2126, 0.7152, 0.0722]) @ _linear(c)) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_the_seats_colours_stay_apart_for_colour_blind_eyes() -> None:
    """Ten seats' colours, any two of them apart to every kind of eye the simulation
    covers; a table of four further apart still; each disc's letter readable on it."""
    assert len(SEAT_COLOURS) == len(set(SEAT_COLOURS)) == 10
    for how in SIMULATIONS:
        looks = [seen(c, how) for c in SEAT_COLOURS]
        for (i, a), (j, b) in itertools.combinations(enumerate(looks), 2):
            least = FIRST_FOUR if j < 4 else APART
            assert np.linalg.norm(a - b) >= least, (how, i + 1, j + 1, np.linalg.norm(a - b))
    for seat in range(1, 11):
        assert _contrast(seat_colour(seat), ink_on(seat_colour(seat))) >= 4.5, seat


def test_a_seats_initial_tells_it_apart() -> None:
    """A named seat shows its name's first letter, capital; an unnamed one (a computer,
    "You") and two names with the same first letter show their seats' numbers."""
    with seated_as(Roster(("ana", None, "Bo", "علي"), you=1)):
        assert [initial(s) for s in (1, 2, 3, 4)] == ["A", "2", "B", "ع"]
    with seated_as(Roster(("Ana", "Al", None))):
        assert [initial(s) for s in (1, 2, 3)] == ["1", "2", "3"]


@pytest.fixture(autouse=True)
def _window_as_it_is() -> Any:
    """The views laid out for the window's real size (an earlier test may have told them
    another): what is drawn is what the pixels read."""
    h.send("on_resize", *h.window().get_size())
    yield


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    pixel = arcade.get_image(round(x), round(y), 1, 1).convert("RGB").getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _inside(r: Any, x: float, y: float) -> bool:
    return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1


def _near(pixel: tuple[int, int, int], colour: Colour, slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour[:3], strict=True))


def _disc_drawn(seat: int, x: float, y: float, across: float) -> None:
    """Seat ``seat``'s colour on screen beside its mark's letter, on both sides."""
    for dx in (-0.33 * across, 0.33 * across):
        pixel = _pixel(x + dx, y)
        assert _near(pixel, seat_colour(seat)), (seat, (x + dx, y), pixel)


def _table(tmp_path: Path, match: Match) -> Any:
    shell = h.make_shell(tmp_path)
    shell.begin(match, shuffle=False)
    h.frames(2)
    table = shell.table
    assert table is not None and shell.current is table
    h.settle_camera(table)
    h.draw()
    return table


def _played(rules: str, players: int, seed: int, done: Any) -> Match:
    """A match of ``rules`` played by seeded random moves until ``done(state)`` holds with
    seat 1 (the human) to move."""
    seats = ["human"] + ["computer:easy"] * (players - 1)
    for attempt in range(seed, seed + 40):
        match = Match.create(rules, players, seats=seats, seed=attempt, names=["Ana"])
        pick = random.Random(attempt)
        while match.state.to_move is not None and not match.state.results:
            if match.state.to_move == 1 and done(match.state):
                return match
            match.play(pick.choice(match.legal()))
    raise AssertionError(f"no {rules} deal came to it")


def test_each_panel_and_the_hand_bar_show_their_seats_mark(tmp_path: Path) -> None:
    table = _table(tmp_path, _played("mexican_train", 6, 1, lambda s: s.engine is not None))
    marks = table.seats.marks.shown
    assert set(marks) == {f"mark{s}" for s in table.screen.panels} | {"mark"}
    for key, (seat, x, y, across) in marks.items():
        assert seat == (int(key[4:]) if key != "mark" else 1)
        assert table.texts.get(key) == ("A" if seat == 1 else str(seat))
        panel = table.screen.panels.get(seat, table.screen.tray)
        assert panel.x0 <= x - across / 2 and x + across / 2 <= panel.x1
        _disc_drawn(seat, x, y, across)


def test_each_train_carries_its_owners_mark(tmp_path: Path) -> None:
    table = _table(tmp_path, _played("mexican_train", 4, 1, lambda s: s.engine is not None))
    marks = table.labels.marks.shown
    assert {f"train {s} mark" for s in range(1, 5)} <= set(marks)
    assert "train mexican mark" not in marks  # the Mexican train is nobody's
    for seat in range(1, 5):
        owner, x, y, across = marks[f"train {seat} mark"]
        assert owner == seat
        elbow = table.layout.spokes[f"train {seat}"][1]
        ex, ey = table.camera.project((elbow[0] * HALF, elbow[1] * HALF))
        assert abs(ex - x) < 1 and abs(ey - y) < 1  # at its spoke's elbow
        _disc_drawn(seat, x, y, across)


def _two_open(state: Any) -> bool:
    return isinstance(state, BranchesState) and len(state.open_order) >= 2


def test_longanas_branches_are_drawn_in_their_owners_colours(tmp_path: Path) -> None:
    """Each branch lies on a band of its owner's colour: beside every tile of it that lies
    along it, the owner's colour shows on screen and no other seat's does. Its owner's
    mark ends it, by the name."""
    table = _table(tmp_path, _played("longana", 4, 1, _two_open))
    fit = next(b for b in table.buttons.buttons if b.key == "fit")
    h.click(*fit.rect.centre)  # every branch's end in sight (the turn frames the places)
    h.settle_camera(table)
    h.draw()
    layout, cam = table.layout, table.camera
    by_place = {(round(p.x, 3), round(p.y, 3)): p for p in layout.tiles}
    for seat in range(1, 5):
        band = layout.bands[f"branch {seat}"]
        seen_own = 0
        for (px, py), (x, y) in itertools.pairwise(band.tiles):
            placed = by_place.get((round(x, 3), round(y, 3)))  # (not a turn's corner)
            length = np.hypot(x - px, y - py)
            if placed is None or placed.tile.is_double or length < 0.5:
                continue
            across = (-(y - py) / length, (x - px) / length)  # a tile's half off the line
            for side in (1, -1):
                wx, wy = x + side * 0.6 * across[0], y + side * 0.6 * across[1]
                sx, sy = cam.project((wx * HALF, wy * HALF))
                if not _inside(table.screen.table.grown(-2), sx, sy):
                    continue
                pixel = _pixel(sx, sy)
                others = [s for s in range(1, 5) if s != seat]
                assert not any(_near(pixel, seat_colour(s), 25) for s in others), (seat, pixel)
                seen_own += _near(pixel, seat_colour(seat))
        if len(band.tiles) > 2:
            assert seen_own, f"no colour of seat {seat} along its branch"
        owner, x, y, across = table.labels.marks.shown[f"branch {seat} mark"]
        assert owner == seat
        _disc_drawn(seat, x, y, across)


def test_longanas_open_markers_and_their_numbers_are_explained(tmp_path: Path) -> None:
    """Two branches open: each has its number by its marker, and the table's foot says
    what a marker and the numbers mean."""
    table = _table(tmp_path, _played("longana", 4, 1, _two_open))
    words = table.labels.texts
    order = table.state.open_order
    for k, seat in enumerate(order, 1):
        assert words.get(f"branch {seat} order") == str(k)
    said = {words.get("legend 0"), words.get("legend 1")}
    assert "A branch with a marker is open: anyone may play on it." in said
    assert "1, 2…: the order they opened. Where open ends match, play on the lowest." in said
    shown = words.shown()
    foot = [shown["legend 0"], shown["legend 1"]]
    assert all(h.inside(r, table.screen.table) for r in foot)


def _marks(screen: Any) -> list[Mark]:
    """The seats' marks a kit screen shows."""
    return [mark for w in screen.widgets if isinstance(w, Marks) for mark in w.marks]


def test_the_summary_sheet_and_history_show_each_seats_mark(tmp_path: Path) -> None:
    """The round summary's rows, the score sheet's columns and the history's winners each
    begin with the seat's mark (as the seats were named then)."""
    shell = h.make_shell(tmp_path)
    match = h.finish_on_table(shell, names=("Ana",))
    for _ in range(10):
        if isinstance(shell.current, RoundSummaryView):
            break
        h.frames(1)
    summary = shell.current
    assert isinstance(summary, RoundSummaryView)
    summary.ensure()
    h.draw()
    marks = _marks(summary)
    assert [(m.seat, m.letter) for m in marks] == [(1, "A"), (2, "2")]
    for mark in marks:
        assert mark.letter in summary.texts()
        _disc_drawn(mark.seat, *mark.rect.centre, mark.across)
    h.press(shell, "next")
    end = shell.current
    assert isinstance(end, MatchEndView)
    end.ensure()
    assert {(m.seat, m.letter) for m in _marks(end)} == {
        (1, "A"),
        (2, "2"),
    }
    h.press(shell, "title")
    shell.open(Route.HISTORY)
    history = shell.current
    assert isinstance(history, HistoryView)
    history.ensure()
    h.draw()
    [winner] = match.state.winner or ()
    [mark] = _marks(history)
    assert (mark.seat, mark.letter) == (winner, "A" if winner == 1 else "2")
    _disc_drawn(mark.seat, *mark.rect.centre, mark.across)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_branchs_band_follows_its_tiles_round_every_turn(players: int) -> None:
    """Pure layout: from the opening double's edge through every tile of a branch, each
    step of its band runs straight along the tiles (level or upright), never across a
    turn's corner over the felt; and it begins on the opening double's edge."""
    from game.ui.board.branches import lay_out

    pick = random.Random(players)
    seen_turns = 0
    for seed in range(30):
        match = Match.create("longana", players, seats=["computer"] * players, seed=seed)
        while not match.state.results:
            state = match.state
            if isinstance(state, BranchesState) and state.opening is not None:
                layout = lay_out(state)
                for band in layout.bands.values():
                    steps = list(itertools.pairwise(band.tiles))
                    for (x0, y0), (x1, y1) in steps:
                        assert abs(x1 - x0) < 1e-6 or abs(y1 - y0) < 1e-6, (seed, band)
                    seen_turns += sum(
                        1
                        for (a, b), (c, d) in itertools.pairwise(steps)
                        if (abs(a[0] - b[0]) < 1e-6) != (abs(c[0] - d[0]) < 1e-6)
                    )
            match.play(pick.choice(match.legal()))
    assert seen_turns  # the snakes did turn
