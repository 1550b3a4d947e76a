"""Hostile files against every loader of the game: records, saves, settings and presets.

The kept form of the probe of issue 19. Each case takes a good file of its
kind, spoils it one way of a category, puts it in a folder of its own beside a
bystander file, and loads it the way the game does: the replay tool
(``game.record.main``), the store's Resume and settings (:class:`game.saves.Store`)
and the preset reader. Categories: ``nesting`` (a value nested thousands
deep), ``huge-int`` (an integer of thousands of digits), ``huge-str`` (a long
text with line breaks), ``wrong-type`` (a value of another type, anywhere in
the file), ``odd-deal`` (explicit deals short, empty, doubled or foreign),
``fifo``, ``folder`` and ``unreadable`` (a loop of links, bytes that are not
UTF-8, a file of no permission).

Whatever the file, the loader must either accept it as a good one or refuse it
as the game promises: exit 2 with one line of at most 200 characters and
nothing on stdout (the replay tool); the bad save set aside under a free name,
with one line for the player (the store); one line naming the file (presets);
and nothing else in the folder touched. A case that breaks a promise raises
:class:`Broken` naming the seed, the target and the category, so it can be
replayed exactly. Seeded and bounded: ``cases`` per target and category, and
``scale`` for the sizes (nesting depth, digits, characters).

Used by the test suite (a few cases each) and ``python -m tools.fuzz_files``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import LOCK
from game.match import Match
from game.record import main as replay_main
from game.record import to_record
from game.resources import data_path
from game.rules import create
from game.rules.errors import ConfigError
from game.rules.presets import read_preset
from game.rules.registry import check_every_table
from game.saves import Store
from game.settings import Settings

TARGETS = ("record", "save", "settings", "preset")
CATEGORIES = (
    "nesting",
    "huge-int",
    "huge-str",
    "wrong-type",
    "odd-deal",
    "fifo",
    "folder",
    "unreadable",
)
# The categories that make sense for a kind of file (settings and presets hold no deals).
APPLIES = {
    "record": CATEGORIES,
    "save": CATEGORIES,
    "settings": tuple(c for c in CATEGORIES if c != "odd-deal"),
    "preset": tuple(c for c in CATEGORIES if c != "odd-deal"),
}
LONGEST = 200  # characters of a refusal's one line
BYSTANDER = "keep.txt"
MARK = "\u0000MARK\u0000"  # where the hostile text goes in a spoiled file


class Broken(AssertionError):
    """A loader broke a promise; the message names the seed, target and category."""


@dataclass
class Tally:
    """Cases tried and handled (accepted as good, or refused as promised) per category."""

    tried: Counter[tuple[str, str]] = field(default_factory=Counter)
    handled: Counter[tuple[str, str]] = field(default_factory=Counter)
    refused: Counter[tuple[str, str]] = field(default_factory=Counter)

    def lines(self) -> Iterator[str]:
        """The report: one line per target and category."""
        yield f"{'target':9} {'category':11} {'tried':>6} {'handled':>8} {'refused':>8}"
        for key in sorted(self.tried):
            target, category = key
            yield (
                f"{target:9} {category:11} {self.tried[key]:6} {self.handled[key]:8}"
                f" {self.refused[key]:8}"
            )
        total = sum(self.tried.values()), sum(self.handled.values()), sum(self.refused.values())
        yield f"{'all':9} {'':11} {total[0]:6} {total[1]:8} {total[2]:8}"


def run(cases: int, seed: int = 0, scale: int = 1, tally: Tally | None = None) -> Tally:
    """``cases`` per target and category from ``seed``; raise :class:`Broken` on a breach."""
    tally = tally if tally is not None else Tally()
    goods = _goods()
    for target in TARGETS:
        for category in APPLIES[target]:
            for n in range(cases):
                pick = random.Random(f"{seed}/{target}/{category}/{n}")
                where = f"seed {seed}, {target}, {category}, case {n}"
                tally.tried[target, category] += 1
                if _case(target, category, pick, scale, goods[target], where):
                    tally.refused[target, category] += 1
                tally.handled[target, category] += 1
    return tally


# -- the good files ----------------------------------------------------------------------


def _goods() -> dict[str, str]:
    """A good file of each kind, as text: a record with an explicit deal, a seat's name and
    12 actions; settings with names remembered (each of them a value to spoil)."""
    ruleset = create("draw", players=3)
    first = ruleset.new_match(1)
    deal = {
        "hands": [[str(t) for t in hand] for hand in first.hands],
        "boneyard": [str(t) for t in first.boneyard],
        "unused": [],
    }
    seats = ["human", "computer", "computer"]
    match = Match(ruleset, seats, seed=5, deals=[deal], first=1, names=["Ana"])  # names too
    pick = random.Random(5)
    for _ in range(12):
        match.play(pick.choice(match.legal()))
    record = json.dumps(to_record(match))
    return {
        "record": record,
        "save": record,
        "settings": json.dumps(
            Settings(pace="fast", setup={"rules": "block"}, names=["Ana", "Bo"]).to_json()
        ),
        "preset": data_path("levels", "block.toml").read_text(encoding="utf-8"),
    }


# -- one case ------------------------------------------------------------------------------


def _case(
    target: str, category: str, pick: random.Random, scale: int, good: str, where: str
) -> bool:
    """Spoil, load, check one case; whether it was refused (else accepted as good)."""
    with tempfile.TemporaryDirectory(prefix="fz") as tmp:
        folder = Path(tmp)
        name = {"record": "r.json", "save": "match.json", "settings": "settings.json"}
        path = folder / name.get(target, "block.toml")
        (folder / BYSTANDER).write_text("a bystander", encoding="utf-8")
        _spoil(path, target, category, pick, scale, good)
        before = _snapshot(folder)
        try:
            refused = LOADERS[target](path, where)
        except Broken:
            raise
        except Exception as error:  # the breach this exists to find: report, never hide
            raise Broken(f"{where}: {type(error).__name__}: {str(error)[:200]}") from error
        _check_untouched(folder, before, path, refused and target in ("save", "settings"), where)
        return refused


def _spoil(
    path: Path, target: str, category: str, pick: random.Random, scale: int, good: str
) -> None:
    """Put at ``path`` the good file spoiled one way of ``category``."""
    if category == "fifo":
        os.mkfifo(path)
    elif category == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}", encoding="utf-8")
    elif category == "unreadable":
        way = pick.choice(("loop", "bytes", "mode"))
        if way == "loop":
            os.symlink(path.name, path)  # a link to itself
        elif way == "bytes":
            raw = good.encode()
            at = pick.randrange(len(raw))
            path.write_bytes(raw[:at] + pick.choice((b"\xff", b"\xc3", b"\xed\xa0\x80")) + raw[at:])
        else:
            path.write_text(good, encoding="utf-8")
            path.chmod(0)  # unreadable to anyone but root
    elif target == "preset":
        path.write_text(_spoil_toml(good, category, pick, scale), encoding="utf-8")
    else:
        path.write_text(_spoil_json(good, category, pick, scale), encoding="utf-8")


def _hostile(category: str, pick: random.Random, scale: int, toml: bool = False) -> str:
    """The hostile text of a category, as JSON (or TOML) source."""
    if category == "nesting":
        depth = pick.randint(1_000, 20_000 * scale)
        if pick.random() < 0.5 and not toml:
            return '{"a": ' * depth + "1" + "}" * depth
        return "[" * depth + "]" * depth
    if category == "huge-int":
        digits = pick.choice((400, 4_299, 4_301, pick.randint(4_301, 20_000 * scale)))
        return pick.choice("-123456789") + "".join(pick.choices("0123456789", k=digits))
    if category == "huge-str":
        size = pick.randint(1_000, 100_000 * scale)
        text = "".join(pick.choices("ab\n\r\t\u2028'\"x-6 ", k=64)) * (size // 64 + 1)
        return json.dumps(text[:size])
    wrong = ["null", "true", "1.5", '"x"', "[]", "{}", "-1", "0", "1e999", '"pass\\n"']
    if not toml:
        wrong += ["NaN", "Infinity", '[["6-6"]]', '{"hands": 1}']
    else:
        wrong = [w for w in wrong if w not in ("null", "1e999")] + ["nan", "inf", '"line"']
    return pick.choice(wrong)


def _spoil_json(good: str, category: str, pick: random.Random, scale: int) -> str:
    data = json.loads(good)
    if category == "odd-deal":
        data["deals"] = [_odd_deal(data, pick)]
        return json.dumps(data)
    _place(data, pick)
    return json.dumps(data).replace(json.dumps(MARK), _hostile(category, pick, scale), 1)


def _place(data: Any, pick: random.Random) -> None:
    """Put :data:`MARK` for a random value somewhere in ``data``, or under a new key."""
    node = data
    while True:
        if isinstance(node, dict) and (not node or pick.random() < 0.1):
            node["extra"] = MARK  # a key the format does not know
            return
        if isinstance(node, list) and not node:
            node.append(MARK)
            return
        key = pick.choice(list(node) if isinstance(node, dict) else range(len(node)))
        if isinstance(node[key], dict | list) and pick.random() < 0.65:
            node = node[key]
            continue
        node[key] = MARK
        return


def _odd_deal(data: dict[str, Any], pick: random.Random) -> Any:
    deal = json.loads(json.dumps(data["deals"][0]))
    hands = deal["hands"]
    way = pick.choice(("empty", "short", "long", "twice", "foreign", "missing", "hands", "shape"))
    if way == "empty":
        deal["boneyard"] += hands[pick.randrange(len(hands))]
        hands[pick.randrange(len(hands))] = []
    elif way == "short":
        for hand in hands:
            cut = pick.randrange(1, len(hand) + 1)
            deal["boneyard"] += hand[cut:]
            del hand[cut:]
    elif way == "long":
        hands[0] += deal["boneyard"][: pick.randint(1, 5)]
        del deal["boneyard"][: len(hands[0]) - 7]
    elif way == "twice":
        hands[1].append(hands[0][0])
    elif way == "foreign":
        hands[0][0] = pick.choice(("7-0", "6-7", "66-6", "6-6-6", "", "6_5", "٣-1"))
    elif way == "missing":
        deal["boneyard"].pop()
    elif way == "hands":
        deal["hands"] = hands[: pick.randrange(len(hands))] or hands * 2
    else:
        return pick.choice(([], 7, "deal", [None], {"hands": [[1, 2]]}, {"hands": "6-6"}))
    return deal


def _spoil_toml(good: str, category: str, pick: random.Random, scale: int) -> str:
    lines = good.splitlines()
    values = [i for i, line in enumerate(lines) if " = " in line and not line.startswith("#")]
    hostile = _hostile(category, pick, scale, toml=True)
    if pick.random() < 0.2:  # a key of its own
        at = pick.choice(values)
        lines.insert(at + 1, f"extra = {hostile}")
    else:
        at = pick.choice(values)
        key = lines[at].split(" = ")[0]
        lines[at] = f"{key} = {hostile}"
    return "\n".join(lines) + "\n"


# -- the loaders, as the game calls them --------------------------------------------------


def _one_line(text: str, where: str, what: str) -> None:
    if not text or "\n" in text or "\r" in text or len(text) > LONGEST:
        raise Broken(f"{where}: {what} is not one line of at most {LONGEST}: {text[:300]!r}")


def _load_record(path: Path, where: str) -> bool:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = replay_main(["replay", str(path), "--json"])
    if code == 0:
        if err.getvalue() or not out.getvalue():
            raise Broken(f"{where}: a replay that succeeded wrote {err.getvalue()[:100]!r}")
        return False
    if code != 2 or out.getvalue():
        raise Broken(f"{where}: the replay tool exited {code} and printed {out.getvalue()[:100]!r}")
    _one_line(err.getvalue().removesuffix("\n"), where, "the replay tool's refusal")
    return True


def _load_save(path: Path, where: str) -> bool:
    store = Store(path.parent)
    match = store.load_match()
    if match is not None:
        if store.note:
            raise Broken(f"{where}: a save that resumed left a note: {store.note!r}")
        return False
    _one_line(store.note, where, "the note on a save set aside")
    if os.path.lexists(path) or not os.path.lexists(path.with_name("match.bad-1.json")):
        raise Broken(f"{where}: the bad save was not set aside as match.bad-1.json")
    return True


def _load_settings(path: Path, where: str) -> bool:
    store = Store(path.parent)
    settings = store.load_settings()
    if not isinstance(settings, Settings):
        raise Broken(f"{where}: the settings are a {type(settings).__name__}")
    if os.path.lexists(path):  # kept, maybe with values replaced by their defaults
        if store.note:
            _one_line(store.note, where, "the note on settings replaced")
        return False
    _one_line(store.note, where, "the note on settings set aside")
    if settings != Settings() or not os.path.lexists(path.with_name("settings.bad-1.json")):
        raise Broken(f"{where}: the bad settings were not set aside for the defaults")
    return True


def _load_preset(path: Path, where: str) -> bool:
    try:
        check_every_table(read_preset(path))  # as the game loads it: at each seat count
    except ConfigError as error:
        _one_line(str(error), where, "the preset's refusal")
        if not str(error).startswith(f"{path.parent.name}/{path.name}: "):
            raise Broken(f"{where}: the preset's refusal does not name the file: {error}") from None
        return True
    return False


LOADERS: dict[str, Callable[[Path, str], bool]] = {
    "record": _load_record,
    "save": _load_save,
    "settings": _load_settings,
    "preset": _load_preset,
}


# -- nothing else touched ------------------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry of ``folder``: a file's bytes, else what it is."""
    seen: dict[str, bytes | str] = {}
    for entry in folder.iterdir():
        if entry.name == LOCK:  # the game's own writer lock, made by a store opened there
            continue
        if entry.is_symlink():
            seen[entry.name] = "link:" + os.readlink(entry)
        elif entry.is_dir():
            seen[entry.name] = "folder:" + ",".join(sorted(p.name for p in entry.iterdir()))
        elif entry.is_file():
            mode = entry.stat().st_mode
            entry.chmod(0o600)  # a file made unreadable is still ours to compare
            seen[entry.name] = entry.read_bytes()
            entry.chmod(mode)
        else:
            seen[entry.name] = "special"
    return seen


def _check_untouched(
    folder: Path, before: dict[str, bytes | str], path: Path, set_aside: bool, where: str
) -> None:
    """The folder as it was, but for the bad file renamed ``NAME.bad-1.EXT`` if set aside."""
    expected = dict(before)
    if set_aside:
        expected[f"{path.stem}.bad-1{path.suffix}"] = expected.pop(path.name)
    after = _snapshot(folder)
    if after != expected:
        changed = sorted(set(after.items()) ^ set(expected.items()), key=str)
        names = ", ".join(sorted({name for name, _ in changed}))
        raise Broken(f"{where}: the folder changed beyond the bad file: {names}")
