"""Hostile files against every loader: records, saves, settings, presets (issue 19).

    python -m tools.fuzz_files --cases 500 [--seed S] [--scale K]

Runs :func:`tests.support.file_fuzz.run`: ``--cases`` spoiled files per target and
category (nesting, huge integers, huge strings, wrong types, odd deals, FIFOs,
folders, unreadable files), the sizes times ``--scale``. Prints tried, handled
(accepted as good or refused as promised) and refused per category, then the
first broken promise if any; exits 1 if a promise broke.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.support.file_fuzz import Broken, Tally, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=500, help="cases per target and category")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scale", type=int, default=1, help="times the sizes (depth, digits)")
    args = parser.parse_args(argv)
    tally = Tally()
    start = time.perf_counter()
    broken = None
    try:
        run(args.cases, args.seed, args.scale, tally)
    except Broken as error:
        broken = str(error)
    print("\n".join(tally.lines()))
    print(f"{time.perf_counter() - start:.1f} s")
    if broken:
        print(f"BROKEN: {broken}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
