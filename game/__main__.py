"""``boneyard`` / ``python -m game``: start the game.

Until the table lands (issues 7 and 8) this lists the rule sets a match can
be played with and exits 0.
"""

from __future__ import annotations

import argparse
import sys

from .rules import names
from .rules.presets import load_preset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boneyard", description="A table of domino games.")
    parser.parse_args(argv)
    print("Boneyard: the table is not built yet. The rule sets ready to play:")
    for name in names():
        preset = load_preset(name)
        low, high = preset.seats
        print(f"  {name:14} {preset.title} ({low}-{high} players): {preset.summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
