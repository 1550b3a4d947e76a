"""Every value read from a file is checked before use (issue 34 findings 4 to 7).

Each test repeats a finding as the outside probe found it: a settings file nested 500
deep stopped every start; a history entry naming a rule set that does not exist, or
holding a total of Infinity, ended the History screen, and its name built a path out of
``exports/``; a deal listing one tile 100,000 times hung the replay tool; bad command
lines and presets ended in tracebacks. Each now ends in one line, with nothing lost.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import files
from game.__main__ import main
from game.files import MAX_DEPTH, BadFile, parse_json, read_bytes
from game.history import History, read_entry
from game.match import Match
from game.record import RecordError, from_record, to_record
from game.rules import ConfigError, checked_preset, create, rule_class
from game.rules import presets as presets_module
from game.rules.presets import load_preset
from game.saves import Store
from game.settings import Settings
from game.ui.screens.history import export_name

ROOT = Path(__file__).resolve().parents[1]

# The probe's kinds of rule-set names: a case, a plural, a path, nothing, not text, long.
HOSTILE_NAMES: list[Any] = [
    "Block",
    "blocks",
    "../block",
    "../../../escaped",
    "levels/block",
    "block.toml",
    "block\x00",
    " block",
    "",
    7,
    None,
    True,
    ["block"],
    {"rules": "block"},
    "b" * 100_000,
]
HOSTILE_SCORES = ["Infinity", "-Infinity", "NaN", "-1", "1e999", "1e308", "10" + "0" * 400]


def _one_line(text: str, longest: int = 300) -> None:
    assert text and "\n" not in text and "\r" not in text and len(text) <= longest, text


def _finished(seed: int = 1) -> Match:
    match = Match.create("block", 2, seats=["human", "computer"], seed=seed, target=1)
    while not match.state.over:
        match.play(match.legal()[0])
    return match


def _entry_text(tmp_path: Path) -> dict[str, Any]:
    """A good history entry, as the game writes it."""
    history = History(tmp_path / "good")
    entry = history.add(_finished())
    assert entry is not None
    return json.loads((history.folder / entry.file).read_text(encoding="utf-8"))


# -- finding 4: a settings file nested 500 deep, or of any wrong shape ------------------


def test_settings_nested_500_deep_are_set_aside_in_one_line_and_the_defaults_used(
    tmp_path: Path,
) -> None:
    """Before, ``"setup"`` nested 500 deep passed ``Settings.read`` and then ``asdict``
    raised RecursionError at every start."""
    setup = "[" * 500 + "]" * 500
    text = f'{{"format": "boneyard-settings/1", "pace": "fast", "setup": {setup}}}'
    (tmp_path / "settings.json").write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert len(store.notes) == 1
    _one_line(store.notes[0])
    assert f"nested more than {MAX_DEPTH} deep" in store.notes[0]
    assert (tmp_path / "settings.bad-1.json").read_text(encoding="utf-8") == text  # kept


@pytest.mark.parametrize(
    "setup",
    [
        {"rules": {"rules": {"rules": "block"}}},
        {"rules": "block", "seats": [["human"]] * 2},
        {"rules": "block", "options": {"target": {"a": [1]}}},
        {"rules": "block", "seats": ["human"] * 5000},
        {"rules": "block", "players": "2"},
        {"rules": "block", "colour": "red"},
        {"rules": "x" * 10_000},
        [1, 2, 3],
    ],
    ids=["nested", "seat lists", "option table", "5000 seats", "text count", "key", "long", "list"],
)
def test_a_last_setup_of_the_wrong_shape_is_replaced_and_the_rest_kept(
    tmp_path: Path, setup: Any
) -> None:
    data = {"format": "boneyard-settings/1", "pace": "fast", "setup": setup}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.setup == {} and settings.pace == "fast"
    assert len(store.notes) == 1 and "(setup)" in store.notes[0]
    assert settings.to_json()["setup"] == {}  # asdict copies it: nothing deep, nothing huge


def test_the_setup_the_screen_writes_is_kept(tmp_path: Path) -> None:
    setup = {
        "rules": "all_fives",
        "players": 4,
        "seats": ["human", "computer:hard", "human", "computer:easy"],
        "options": {"target": 300, "partners": False},
        "seed": "123456789012",
    }
    data = {"format": "boneyard-settings/1", "setup": setup}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings().setup == setup and store.notes == []


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500, 5000])
def test_the_one_json_reader_refuses_deep_nesting_in_one_line(depth: int) -> None:
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(BadFile) as caught:
            parse_json(text, "x.json")
        _one_line(str(caught.value))
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x.json") is not None


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_the_one_json_reader_reads_only_finite_numbers(number: str) -> None:
    with pytest.raises(BadFile) as caught:
        parse_json(f'{{"scores": [1, {number}]}}', "x.json")
    _one_line(str(caught.value))
    assert number in str(caught.value)
    assert parse_json("[1e308, -0.5, 7]", "x.json") == [1e308, -0.5, 7]


# -- finding 5: hostile names and numbers in history entries and presets -----------------


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=repr)
def test_a_history_entry_naming_no_rule_set_is_set_aside_in_one_line(
    tmp_path: Path, name: Any
) -> None:
    """Before, "Block", "blocks" or "../block" made the History screen raise ConfigError
    from ``load_preset`` (and the name was joined into ``levels/<name>.toml``)."""
    data = _entry_text(tmp_path)
    data["record"]["rules"] = name
    history = History(tmp_path / "history")
    history.folder.mkdir()
    good = History(tmp_path / "history").add(_finished(2))
    assert good is not None
    bad = history.folder / "20260101T000000000000Z.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert [e.file for e in history.entries()] == [good.file]  # the other one still there
    _one_line(history.note)
    assert (history.folder / "20260101T000000000000Z.bad-1.json").is_file()  # kept aside
    assert set(history.statistics()) == {"block"}


@pytest.mark.parametrize("score", HOSTILE_SCORES)
def test_a_history_entry_with_a_total_no_match_reaches_is_set_aside(
    tmp_path: Path, score: str
) -> None:
    """Before, Infinity or NaN made Statistics raise OverflowError or ValueError."""
    data = _entry_text(tmp_path)
    data["scores"][0] = "SCORE"
    text = json.dumps(data).replace('"SCORE"', score, 1)
    history = History(tmp_path / "history")
    history.folder.mkdir()
    (history.folder / "20260101T000000000000Z.json").write_text(text, encoding="utf-8")
    assert history.entries() == []
    _one_line(history.note)
    assert history.statistics() == {}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rounds", -1),
        ("rounds", 10**30),
        ("winner", [1, 1]),
        ("names", ["x" * 10_000]),  # one name for two seats (a bad name itself is dropped)
        ("finished", "x" * 10_000),
    ],
)
def test_a_history_entry_with_a_count_out_of_range_is_refused(
    tmp_path: Path, field: str, value: Any
) -> None:
    data = _entry_text(tmp_path)
    data[field] = value
    with pytest.raises(ValueError) as caught:
        read_entry(data, "x.json")
    _one_line(str(caught.value))


def test_a_history_entry_with_seats_the_game_does_not_take_is_refused(tmp_path: Path) -> None:
    data = _entry_text(tmp_path)
    data["record"]["seats"] = ["human"] * 11
    data["names"], data["scores"] = [None] * 11, [0] * 11
    with pytest.raises(ValueError, match="2 to 4 seats, not 11"):
        read_entry(data, "x.json")


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=repr)
def test_load_preset_looks_the_name_up_and_never_opens_a_path_made_of_it(
    name: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []
    real = files.read_text

    def spying(path: Path, *args: Any) -> str:
        opened.append(path)
        return real(path, *args)

    monkeypatch.setattr(files, "read_text", spying)
    for look_up in (load_preset, rule_class, lambda n: create(n, players=2)):
        with pytest.raises(ConfigError) as caught:
            look_up(name)
        _one_line(str(caught.value))
        assert str(caught.value).startswith("There is no rule set ")
    assert opened == []


def test_an_export_is_named_by_the_registry_and_a_stamp_never_by_the_record(
    tmp_path: Path,
) -> None:
    """Before, Export wrote ``../../../escaped-….json`` outside ``exports/``."""
    data = _entry_text(tmp_path)
    entry = read_entry(data, "../../../escaped-20261201T140000Z.json")
    name = export_name(entry)
    assert name == "boneyard-block-escaped-20261201T140000Z.json"
    assert "/" not in name and "\\" not in name and ".." not in name
    assert entry.rules == "block" and entry.rules is create("block", players=2).name
    odd = read_entry(data, "/../\u202e.json")
    assert export_name(odd).startswith("boneyard-block-2") and "/" not in export_name(odd)


# -- finding 6: the deal of 100,000 tiles -------------------------------------------------


def _deal_of(n: int) -> dict[str, Any]:
    record = to_record(Match.create("draw", 2, seats=["human", "human"], seed=3))
    record["deals"] = [{"hands": [["6-6"] * 7, ["6-5"] * 7], "boneyard": ["0-0"] * n}]
    return record


def test_a_deal_of_100000_tiles_is_refused_by_count_before_a_tile_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before, ``check_deal`` counted with ``list.count``: the replay tool hung past 60 s.
    Now the deal is refused by its length, before any of its tiles is even parsed."""
    from game.rules import base

    def never(*args: Any) -> Any:
        raise AssertionError("a tile was read: the count should have refused the deal")

    monkeypatch.setattr(base, "parse_tile", never)
    with pytest.raises(RecordError) as caught:
        from_record(_deal_of(100_000))
    _one_line(str(caught.value))
    assert "lists 100014 tiles, the set has 28" in str(caught.value)


def test_check_deal_counts_a_deal_of_100000_tiles_in_one_pass() -> None:
    """The one rule itself, given a deal already made of tiles (a puzzle's, a test's)."""
    from game.rules import parse_tile
    from game.rules.base import Deal

    ruleset = create("draw", players=2)
    six = parse_tile("6-6", 6)
    deal = Deal(((six,) * 7, (six,) * 7), (six,) * 100_000, ())
    with pytest.raises(ConfigError, match="6-6 is there twice"):
        ruleset.check_deal(deal, 1)
    every = list(ruleset.tiles)
    twice = Deal((tuple(every[:7]), tuple(every[6:13])), tuple(every[13:]), ())
    with pytest.raises(ConfigError, match=f"{every[6]} is there twice"):
        ruleset.check_deal(twice, 1)


def test_a_deal_of_100000_tiles_in_a_save_and_on_the_command_line_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_deal_of(100_000)), encoding="utf-8")
    assert main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    _one_line(err)
    assert "lists 100014 tiles" in err
    store = Store(tmp_path)  # the save at start
    assert store.load_match() is None
    assert len(store.notes) == 1 and "Deal 1 must hold every tile" in store.notes[0]
    assert (tmp_path / "match.bad-1.json").is_file()


# -- finding 7: one line and exit 2 for bad command lines, presets and files ----------------


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ("0x0", "--size must be from 600x600 to 8192x8192, not 0x0"),
        ("100000x100000", "--size must be from 600x600 to 8192x8192, not 100000x100000"),
        ("599x800", "not 599x800"),
        ("800x599", "not 800x599"),
        ("-800x600", "not -800x600"),
        ("9" * 5000 + "x600", "--size must look like 1280x720"),
        ("9" * 30 + "x600", "--size must be from 600x600 to 8192x8192"),
        ("1280", "--size must look like 1280x720, not '1280'"),
        ("1280x720x3", "--size must look like 1280x720"),
        ("wide", "--size must look like 1280x720, not 'wide'"),
    ],
)
def test_a_size_the_table_cannot_lay_out_is_one_line_and_exit_2(
    size: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, ``--size 0x0`` raised ZeroDivisionError and 100000x100000 a GLException."""
    with pytest.raises(SystemExit) as stop:
        main(["--windowed", f"--size={size}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    _one_line(err)
    assert said in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rules", "nosuch"], "argument --rules: invalid choice: 'nosuch'"),
        (["--players", "two"], "argument --players: invalid int value: 'two'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--headless"], "--headless plays no one but computers: add --demo"),
        (["--kiosk", "--windowed"], "--kiosk is fullscreen: leave out --windowed"),
    ],
)
def test_any_bad_command_line_is_one_line_and_exit_2(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse says a bad command line after three lines of usage; the game says one."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    _one_line(err)
    assert err.startswith("boneyard: error: ") and said in err


def test_the_smallest_and_largest_sizes_are_taken() -> None:
    from game.__main__ import parse

    assert parse(["--size", "800x600"]).size == (800, 600)
    assert parse(["--size", "600x600"]).size == (600, 600)
    assert parse(["--size", "8192x8192"]).size == (8192, 8192)


def test_a_demo_out_that_is_a_file_or_cannot_be_made_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "taken"
    afile.write_text("mine", encoding="utf-8")
    for out, said in (
        (afile, "is a file, not a folder"),
        (afile / "under", "the folder cannot be made"),
    ):
        assert main(["--demo", "--headless", "--out", str(out)]) == 2
        err = capsys.readouterr().err.strip()
        _one_line(err)
        assert said in err and str(out) in err
    assert afile.read_text(encoding="utf-8") == "mine"  # nothing lost
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


@pytest.fixture
def levels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped presets the game reads instead (caches emptied around it)."""
    folder = tmp_path / "levels"
    shutil.copytree(ROOT / "levels", folder)
    monkeypatch.setattr(presets_module, "data_path", lambda *parts: folder)
    presets_module._load_preset.cache_clear()
    checked_preset.cache_clear()
    yield folder
    presets_module._load_preset.cache_clear()
    checked_preset.cache_clear()


@pytest.mark.parametrize(
    "argv", [["--list"], ["--rules", "block", "--players", "2"], ["--rules", "draw"]]
)
def test_a_preset_that_fits_some_seat_counts_only_is_refused_at_load(
    levels: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten tiles each fit two hands of double-six, not three. Before, ``--list`` passed
    and ``--rules block --players 3`` ended in a ConfigError traceback."""
    path = levels / "block.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("hand_size = { 2 = 7, 3 = 5, 4 = 5 }", "hand_size = 10"))
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    _one_line(err)
    assert "levels/block.toml: at 3 seats, 3 hands of 10 tiles do not fit" in err


def test_a_preset_whose_first_seat_fits_only_larger_tables_is_refused(
    levels: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = levels / "draw.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("first = 0", "first = 4"))
    assert main(["--list"]) == 2
    err = capsys.readouterr().err.strip()
    _one_line(err)
    assert "levels/draw.toml: at 2 seats, first must be a seat from 1 to 2" in err


def test_read_bytes_refuses_a_file_that_would_block_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, a regular file that would block (``/proc/kmsg`` as root) gave None, and a
    TypeError further on."""
    path = tmp_path / "record.json"
    path.write_text("{}", encoding="utf-8")

    def blocks(fd: int, n: int) -> bytes:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "read", blocks)
    with pytest.raises(BadFile) as caught:
        read_bytes(path, "record.json")
    _one_line(str(caught.value))
    assert "would make the game wait" in str(caught.value)


@pytest.mark.skipif(
    not os.access("/proc/kmsg", os.R_OK), reason="/proc/kmsg is readable by root only"
)
def test_replaying_proc_kmsg_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--replay", "/proc/kmsg"]) == 2
    _one_line(capsys.readouterr().err.strip())


def test_a_text_read_once_is_still_checked_against_the_rules_at_every_step() -> None:
    """A replay reads each text in the notation once (a long record repeats a few hundred
    texts); whether the action is legal is still asked of the rules at every step."""
    match = Match.create("block", 2, seats=["human", "human"], seed=4)
    for _ in range(6):
        match.play(match.legal()[0])
    record = to_record(match)
    first = record["actions"][0]
    record["actions"].append(first)  # the first tile again: read before, illegal now
    with pytest.raises(RecordError) as caught:
        from_record(record)
    _one_line(str(caught.value))
    assert str(caught.value).startswith(f"step 6 ('{first}'): ")
    assert [str(a) for a in from_record(to_record(match)).actions] == record["actions"][:-1]


def test_a_preset_read_from_any_folder_is_tried_at_every_seat_count(tmp_path: Path) -> None:
    """The same check for a preset the file fuzz reads from its own folder."""
    from game.rules.presets import read_preset
    from game.rules.registry import check_every_table

    text = (ROOT / "levels" / "block.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("hand_size = { 2 = 7, 3 = 5, 4 = 5 }", "hand_size = 10"))
    with pytest.raises(ConfigError) as caught:
        check_every_table(read_preset(path))
    _one_line(str(caught.value))
    assert str(caught.value).startswith(f"{tmp_path.name}/bad.toml: at 3 seats, ")
    path.write_text(text)
    assert check_every_table(read_preset(path)).seats == (2, 4)


def test_a_record_of_more_actions_than_any_match_plays_is_refused_before_one_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Finding 6's second half: a legal record of 100,000 actions took 5 s and 410 MB. A match
    to the largest target (2,000) plays a few thousand actions, so a record of more than
    ``MAX_ACTIONS`` is refused by its length before any action is read or replayed."""
    from game import record as record_module

    record = to_record(Match.create("draw", 2, seats=["human", "human"], seed=3))
    record["actions"] = ["pass"] * (record_module.MAX_ACTIONS + 1)

    def never(*args: Any) -> Any:
        raise AssertionError("an action was replayed: the length should have refused it")

    monkeypatch.setattr(record_module, "Match", never)
    with pytest.raises(RecordError) as caught:
        from_record(record)
    _one_line(str(caught.value))
    assert "more than 30,000 actions" in str(caught.value)


def test_the_longest_match_the_options_allow_fits_the_record_bound() -> None:
    """A match to the largest target is well inside ``MAX_ACTIONS`` and replays (Draw, the
    longest game: a pass or a draw between plays)."""
    import random

    from game import record as record_module

    with pytest.raises(ConfigError):
        create("draw", players=2, target=2_001)
    match = Match.create("draw", 2, seats=["human", "human"], seed=1, target=2_000)
    pick = random.Random(1)
    while not match.state.over:
        match.play(pick.choice(match.legal()))
    assert len(match.actions) < record_module.MAX_ACTIONS // 4
    assert from_record(to_record(match)).state == match.state
