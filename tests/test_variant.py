"""A variant of a family is its family's class with traits of its own and a preset, nothing
more: registered so, the engine, the record, the computer and the table all play it.

The variant is registered in a child process, so the rule sets every other test lists stay
the six shipped ones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

TOY_PRESET = """
rules = "toy_draw"
title = "Toy Draw"
summary = "Draw with four tiles each, to 20."
double = 6
seats = [2, 3]

[options]
hand_size = 4
target = 20
partners = false
first = 0

[computer.normal]
playouts = 40

[computer.hard]
playouts = 80
eps = 0.3
"""

# The variant: Draw's class, registered by name with the preset's folder (the first argument).
REGISTER = """
import json, sys
from pathlib import Path
from game.rules.fives import Draw
from game.rules.registry import register

@register("toy_draw", presets=Path(sys.argv[1]))
class ToyDraw(Draw):
    \"\"\"Draw, dealt short and played to 20 (its preset says so).\"\"\"
"""

PLAY = (
    REGISTER
    + """
from game import ai
from game.ai import families
from game.rules import create, family_of, names

rules = create("toy_draw", players=3)
state = rules.new_match(11)
actions = []
seat_levels = {1: "normal", 2: "hard", 3: "easy"}
spent = {}
while state.winner is None and len(actions) < 400:
    seat = state.to_move
    level = seat_levels[seat]
    decision = ai.think(rules.observe(state, seat), level, len(actions)).finish()
    if decision.how == "search":
        spent.setdefault(level, set()).add(decision.playouts)
    actions.append(str(decision.action))
    state = rules.apply(state, decision.action)
again = rules.new_match(11)
for text in actions:
    again = rules.apply(again, rules.parse_action(again, text))
print(json.dumps({
    "names": list(names()),
    "hand": len(rules.new_match(11).hands[0]),
    "winner": state.winner,
    "rounds": len(state.results),
    "scores": list(state.scores),
    "replayed": again == state,
    "family": family_of(rules).name,
    "line_parts": families.parts(rules) is families.LINE,
    "spent": {level: sorted(playouts) for level, playouts in spent.items()},
}))
"""
)

# The variant at a headless table (the second argument: a data folder), a human against the
# computer, the human's moves made by taps on the hand and the buttons, until the round ends.
TABLE = (
    REGISTER
    + """
import game.ui  # first, as the game and the tests do: it quiets the audio driver
import around_helpers as h
from game.match import Match
from game.ui.board import families, line
from game.ui.screens.summary import RoundSummaryView

shell = h.make_shell(Path(sys.argv[2]))
shell.begin(Match.create("toy_draw", 2, seats=["human", "computer:easy"], seed=4), shuffle=False)
table = shell.table
dealt = [len(hand) for hand in table.state.hands]
tapped, laid = [], 0
for _ in range(300):
    h.frames(1)
    if shell.current is not table:
        break
    if table.human_turn():
        h.draw()
        laid = max(laid, len(table.layout.tiles))
        tapped.append(h.play_turn(shell))
print(json.dumps({
    "shows": type(shell.current).__name__,
    "summary": isinstance(shell.current, RoundSummaryView),
    "line_parts": families.parts(table.match.ruleset) is line.LINE,
    "tapped": tapped,
    "laid": laid,
    "seats": sorted({seat for seat, _, _ in table.match.history}),
    "rounds": len(table.match.state.results),
    "dealt": dealt,
}))
"""
)


def _run(script: str, *args: Path) -> dict[str, Any]:
    """What ``script`` prints, run in a child process with ``args`` (the toy variant's
    registration stays there), with the tests' helpers importable; it must raise and warn
    nothing."""
    path = [str(Path(__file__).parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    done = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "ARCADE_HEADLESS": "1", "PYTHONPATH": os.pathsep.join(path)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_a_variant_registered_from_its_family_and_a_preset_plays_through_engine_and_computer(
    tmp_path: Path,
) -> None:
    """A toy Draw (four tiles each, to 20) from Draw's class and a preset of its own: it deals
    its preset's hands, the computer plays every seat at every level (searching with the
    preset's budgets, with the parts registered for Draw's family, which it belongs to with
    nothing registered of its own), the match ends with a winner at the target, and its
    actions replay to it."""
    (tmp_path / "toy_draw.toml").write_text(TOY_PRESET, encoding="utf-8")
    result = _run(PLAY, tmp_path)
    assert result["names"][-1] == "toy_draw" and len(result["names"]) == 7
    assert result["hand"] == 4
    assert result["winner"] and max(result["scores"]) >= 20
    assert result["rounds"] >= 1 and result["replayed"]
    assert result["family"] == "fives" and result["line_parts"]  # Draw's family, Draw's parts
    spent = result["spent"]  # playouts a searched decision took, by level: the preset's at most
    assert sorted(spent) == ["hard", "normal"]
    assert max(spent["normal"]) == 40 and max(spent["hard"]) == 80


def test_the_variant_plays_through_a_headless_table_by_taps_to_the_rounds_end(
    tmp_path: Path,
) -> None:
    """The toy Draw at the table, registered with nothing of the table's own: it is drawn
    with its family's parts (Draw's line), the human makes their moves by tapping the hand,
    the table and the buttons, the computer its own, and the round ends on its summary with
    the preset's hands dealt."""
    (tmp_path / "toy_draw.toml").write_text(TOY_PRESET, encoding="utf-8")
    result = _run(TABLE, tmp_path, tmp_path / "data")
    assert result["line_parts"]
    assert len(result["tapped"]) >= 2 and result["laid"] >= 1  # moves made, tiles on the table
    assert result["seats"] == [1, 2]  # the computer played too
    assert result["summary"] and result["rounds"] == 1, result["shows"]
    assert result["dealt"] == [4, 4]  # the preset's hands
