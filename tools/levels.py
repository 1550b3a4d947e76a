"""Levels with measured strength: each level against the next and against fixed anchors.

    python -m tools.levels [--rules R ...] [--only levels|anchors] [--jobs 2] [--summary] [--json]

"Easy", "normal" and "hard" are names until they are measured. For each rule set at its
usual table (:data:`TABLES`) this plays, on duplicated deals (:mod:`tools.arena`: every
deal twice, the sides swapped), each level against the one below it, and each level
against the fixed anchors: a random player and the most-accompanied-tile heuristic, and
at Block OpenSpiel's ISMCTS at 1,000 simulations searching the game as we score it
(:mod:`tools.arena_ismcts`; its game deals seven tiles each, the Latin-American table).
The deals of each pairing, their number and the seed are fixed here, before any run
("seeds fixed before the run"): the seed of a pairing is worked out from :data:`SEED`
and its names, never tuned on.

Each pairing keeps its deals in a ledger (``tools/ledgers/levels/``), so a run longer
than a sitting goes on where it stopped, and a ledger whose plan differs — another
number of deals, or a computer that now plays otherwise (the plan holds a digest of each
side's choices) — is refused. The table (``levels/strength.json``) is written from the
ledgers after every run, with each pairing's share of the hands, its 95 % interval over
deals and how many of the planned deals it holds; ``--summary`` writes it from the
ledgers without playing. Setup reads it to say what a level means ("Hard takes 6 hands
in 10 from Normal at Block") — only for a pairing played to its planned deals.

A level is *clearly stronger* than the one below when the whole interval of its share
is above one half; the report names every pairing where it is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from game.match import LEVELS
from game.rules.seeding import rng
from game.strength import FORMAT
from tools import arena, arena_ismcts
from tools.arena import Stopped
from tools.bench_ai import choices, positions

ROOT = Path(__file__).resolve().parents[1]
LEDGERS = ROOT / "tools" / "ledgers" / "levels"
TABLE = ROOT / "levels" / "strength.json"
SEED = 2026120751  # fixed 2026-12-07, before any run
DEALS = 200  # a pairing's duplicated deals: a share of 0.6 shows above 0.5 nearly always
DIGESTED = 3  # positions in a side's digest: enough to tell two searches apart
ISMCTS = 1000  # the anchor's simulations at Block
UCT = 100.0  # as the ISMCTS ledgers were tuned (tools/ledgers/README.md)

# Each rule set's usual table: four seats (partners where the rules pair them).
TABLES = {
    "block": 4,
    "draw": 4,
    "all_fives": 4,
    "longana": 4,
    "mexican_train": 4,
    "cuban": 4,
}
ANCHORS = ("random", "heuristic:accompanied")


class Pairing(NamedTuple):
    """One measured pairing: ``a`` (a level) against ``b`` (the level below, or an anchor)."""

    rules: str
    players: int
    a: str
    b: str

    @property
    def name(self) -> str:
        return f"{self.rules}-{self.a}-{self.b}".replace(":", "_")

    @property
    def seed(self) -> int:
        return rng(SEED, self.rules, self.a, self.b).getrandbits(32)


def pairings(rules: Sequence[str], only: str | None = None) -> list[Pairing]:
    """Every pairing of these rule sets, in order: the levels upward, then the anchors
    (``only`` "levels" or "anchors": those alone, to spend a sitting where it tells most)."""
    out = []
    for name in rules:
        n = TABLES[name]
        if only != "anchors":
            pairs = zip(LEVELS, LEVELS[1:], strict=False)
            out += [Pairing(name, n, high, low) for low, high in pairs]
        if only != "levels":
            out += [Pairing(name, n, level, anchor) for level in LEVELS for anchor in ANCHORS]
            if name == "block":
                out += [Pairing(name, n, level, f"ismcts:{ISMCTS}") for level in LEVELS]
    return out


def _digest(rules: str, players: int, spec: str) -> str | None:
    """What ``spec`` plays, in short (a level's decisions on a few fixed positions)."""
    if spec not in LEVELS:
        return None
    return choices(positions(rules, players, DIGESTED), spec)


def measure(pairing: Pairing, deals: int, jobs: int, ledgers: Path, summarise: bool) -> Any:
    """One pairing's report (its ledger played to ``deals``, or only read)."""
    out = str(ledgers / f"{pairing.name}.jsonl")
    rules, players, a, b = pairing
    if b.startswith("ismcts:"):
        return arena_ismcts.run(
            players, a, ISMCTS, deals, pairing.seed, UCT, 0, jobs, out, summarise
        )
    plan = {"a_digest": _digest(rules, players, a), "b_digest": _digest(rules, players, b)}
    specs = [s if s not in LEVELS else f"mc:{s}" for s in (a, b)]
    return arena.run(
        rules, players, specs[0], specs[1], deals, pairing.seed, jobs, out, summarise, plan
    )


def row(pairing: Pairing, report: dict[str, Any]) -> dict[str, Any]:
    """A pairing's line of the table."""
    low, high = report["win_rate_ci95"]
    return {
        "rules": pairing.rules,
        "players": pairing.players,
        "a": pairing.a,
        "b": pairing.b,
        "seed": pairing.seed,
        "planned_deals": report["planned_deals"],
        "deals": report["hands"],
        "share": report["win_rate_a"],
        "low": low,
        "high": high,
        "clearly_stronger": report["hands"] == report["planned_deals"] and low > 0.5,
    }


def write_table(rows: list[dict[str, Any]], path: Path) -> None:
    """The table Setup reads: these rows in place of the same pairings' old ones, the
    other rule sets' rows kept (a run of one rule set leaves the others' figures)."""
    kept: list[dict[str, Any]] = []
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        if old.get("format") == FORMAT and old.get("seed") == SEED:
            kept = old["pairings"]
    merged = {_key(r): r for r in kept} | {_key(r): r for r in rows}
    table = {"format": FORMAT, "seed": SEED, "pairings": [merged[k] for k in sorted(merged)]}
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _key(row: dict[str, Any]) -> tuple[str, str, str]:
    return row["rules"], row["a"], row["b"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", nargs="+", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--only", choices=["levels", "anchors"], help="those pairings alone")
    parser.add_argument("--deals", type=int, default=DEALS, help=arena.HANDS_HELP)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--ledgers", type=Path, default=LEDGERS, help="where the ledgers are")
    parser.add_argument("--table", type=Path, default=TABLE, help="the table to write")
    parser.add_argument("--summary", action="store_true", help="play nothing: table the ledgers")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.ledgers.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for pairing in pairings(args.rules, args.only):
            if args.summary and not (args.ledgers / f"{pairing.name}.jsonl").exists():
                continue
            report = measure(pairing, args.deals, args.jobs, args.ledgers, args.summary)
            rows.append(row(pairing, report))
            if args.json:
                print(json.dumps(rows[-1]))
            else:
                print(f"{pairing.name}: {arena.figures(report)}; {report['status']}")
    except (ValueError, arena_ismcts.Missing) as error:
        print(f"levels: {error}", file=sys.stderr)
        return 2
    except Stopped as stop:
        print(f"levels: {stop}", file=sys.stderr)
        return 130
    finally:
        if rows:
            write_table(rows, args.table)
    weak = [r for r in rows if r["b"] in LEVELS and not r["clearly_stronger"]]
    for r in weak:
        print(f"not clearly stronger: {r['rules']} {r['a']} over {r['b']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
