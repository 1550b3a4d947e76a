"""Hostile settings and history files through the real title flow (issue 34, deliver 5 and 6).

A start reads every file the game keeps — settings, the match in play, the history, the
puzzles solved — so each bad one is set aside at once and its line is on the title with
the others. A hypothesis fuzz writes a spoilt settings file and a spoilt history entry,
starts the game headless and opens Setup, History and Statistics by real taps: any
exception escaping a screen fails the test, and every note is one line.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import arcade
import around_helpers as h
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sizes import sized

from game.history import History
from game.match import Match
from game.saves import Store
from game.ui.router import Shell
from game.ui.routes import Route
from game.ui.screens.history import HistoryView
from game.ui.screens.menu import TitleView


def _finished(seed: int = 1) -> Match:
    match = Match.create("block", 2, seats=["human", "computer"], seed=seed, target=1)
    while not match.state.over:
        match.play(match.legal()[0])
    return match


def _start(folder: Path) -> Shell:
    """The game starting on ``folder``: the settings read from it, as a real start does."""
    shell = Shell(h.window(), Store(folder), animate=False)
    shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)
    shell.start()
    return shell


def test_a_bad_history_entry_and_bad_puzzle_progress_are_said_on_the_title_at_start(
    tmp_path: Path,
) -> None:
    """Before, only the settings and the save were read at start: a bad history entry was
    found when History opened, a bad progress file when Puzzles did."""
    history = History(tmp_path / "history")
    kept = history.add(_finished())
    assert kept is not None
    entry = json.loads((history.folder / kept.file).read_text(encoding="utf-8"))
    entry["record"]["rules"] = "../block"
    (history.folder / "20260101T000000000000Z.json").write_text(json.dumps(entry))
    (tmp_path / "puzzles.json").write_text('{"format": "boneyard-puzzles/1", "solved": NaN}')
    (tmp_path / "settings.json").write_text("[" * 40 + "]" * 40)
    shell = _start(tmp_path)
    title = shell.current
    assert isinstance(title, TitleView)
    assert len(title.notes) == 3, title.notes
    settings_note, history_note, puzzles_note = title.notes
    assert "settings could not be read" in settings_note and "nested more than" in settings_note
    assert "finished match in the history could not be read" in history_note
    assert "the record names no rule set" in history_note
    assert "puzzle progress could not be read" in puzzles_note and "NaN" in puzzles_note
    assert all("\n" not in note for note in title.notes)
    assert sorted(p.name for p in history.folder.iterdir()) == [
        "20260101T000000000000Z.bad-1.json",
        kept.file,
    ]
    assert (tmp_path / "puzzles.bad-1.json").is_file() and (tmp_path / "settings.bad-1.json")
    h.draw()
    shown = " ".join(text.replace("\n", " ") for text in title.texts())
    assert all(note in shown for note in title.notes)
    h.press(shell, "history")  # the good match is still listed, the note said once
    assert isinstance(shell.current, HistoryView)
    assert len(shell.current.entries) == 1 and shell.current.note == ""


# -- the fuzz ----------------------------------------------------------------------------

# Where the probe hit an entry hardest: the rule set's name (made a path of), the totals
# (summed and averaged), the counts and the seats.
TARGETS: list[tuple[Any, ...]] = [
    ("record", "rules"),
    ("scores", 0),
    ("scores", 1),
    ("rounds",),
    ("winner",),
    ("names", 0),
    ("finished",),
    ("record", "seats"),
    ("record", "players"),
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([10**400, -1, 0, 2**63, 1e308, -0.0])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([float("nan"), float("inf"), float("-inf")])
    | st.sampled_from(["", "block", "Block", "../block", "blocks", "human", "computer:hard"])
    | st.text(max_size=30)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# The probe's own values: names that are no rule set, totals no match reaches.
HOSTILE: st.SearchStrategy[Any] = st.sampled_from(
    [
        *("Block", "blocks", "../block", "../../../escaped", "", "b" * 5000),
        *(7, None, True, [], {}, ["block"]),
        *(float("nan"), float("inf"), float("-inf"), -1, 10**30, 1e308, 10**400),
    ]
)
DEEP = st.integers(min_value=1, max_value=600).map(lambda n: "[" * n + "]" * n)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed file a value sits, the whole file first."""
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
    return found


def _spoil(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    *head, last = path
    target = data
    for part in head:
        target = target[part]
    target[last] = value
    return data


def _text(data: Any, deep: str | None) -> str:
    text = json.dumps(data)  # NaN and Infinity go out as JSON's non-standard constants
    return text.replace('"@DEEP@"', deep) if deep else text


GOOD_SETTINGS = {
    "format": "boneyard-settings/1",
    "language": "en",
    "pace": "fast",
    "setup": {
        "rules": "all_fives",
        "players": 3,
        "seats": ["human", "computer:hard", "computer:easy"],
        "options": {"target": 150},
        "seed": "42",
    },
}


@settings(
    max_examples=sized(60, 15),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_hostile_settings_and_history_never_break_the_title_setup_history_or_statistics(
    data: st.DataObject,
) -> None:
    match = _finished(data.draw(st.integers(1, 3), label="seed"))
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        history = History(folder / "history")
        kept = history.add(match)
        assert kept is not None
        entry = json.loads((history.folder / kept.file).read_text(encoding="utf-8"))
        settings_data = json.loads(json.dumps(GOOD_SETTINGS))
        for what, good in (("settings", settings_data), ("entry", entry)):
            places = st.sampled_from(_paths(good)[: 40 if what == "entry" else None])
            if what == "entry":  # the probe's targets first: the name, the totals, the counts
                places = st.sampled_from(TARGETS) | places
            place = data.draw(places, what)
            deep = data.draw(st.none() | DEEP, label=f"{what} nesting")
            value = "@DEEP@" if deep else data.draw(HOSTILE | VALUES, label=f"{what} value")
            text = _text(_spoil(good, place, value), deep)
            if what == "settings":
                (folder / "settings.json").write_text(text, encoding="utf-8")
            else:
                (history.folder / "20260101T000000000000Z.json").write_text(text, encoding="utf-8")
        shell = _start(folder)
        title = shell.current
        assert isinstance(title, TitleView)
        assert all(note and "\n" not in note and len(note) <= 400 for note in title.notes)
        h.draw()
        for screen in ("play", "history"):  # the last setup, then the history's two pages
            shell.open(Route.TITLE)
            h.draw()
            h.press(shell, screen)
            h.draw()
            if screen == "history":
                assert isinstance(shell.current, HistoryView)
                assert shell.current.entries  # the good match is always there
                h.press(shell, "tab:stats")
                h.draw()
                h.press(shell, "tab:matches")
                h.draw()
            h.key(arcade.key.ESCAPE)
        assert shell.stack[-1].route == Route.TITLE
