"""A variant of a family is its family's class with traits of its own and a preset, nothing
more: registered so, the engine, the record and the computer all play it.

The variant is registered in a child process, so the rule sets every other test lists stay
the six shipped ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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

PLAY = """
import json, sys
from pathlib import Path
from game import ai
from game.ai import families
from game.rules import create, family_of, names
from game.rules.fives import Draw
from game.rules.registry import register

@register("toy_draw", presets=Path(sys.argv[1]))
class ToyDraw(Draw):
    \"\"\"Draw, dealt short and played to 20 (its preset says so).\"\"\"

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


def test_a_variant_registered_from_its_family_and_a_preset_plays_through_engine_and_computer(
    tmp_path: Path,
) -> None:
    """A toy Draw (four tiles each, to 20) from Draw's class and a preset of its own: it deals
    its preset's hands, the computer plays every seat at every level (searching with the
    preset's budgets, with the parts registered for Draw's family, which it belongs to with
    nothing registered of its own), the match ends with a winner at the target, and its
    actions replay to it."""
    (tmp_path / "toy_draw.toml").write_text(TOY_PRESET, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    result = json.loads(done.stdout)
    assert result["names"][-1] == "toy_draw" and len(result["names"]) == 7
    assert result["hand"] == 4
    assert result["winner"] and max(result["scores"]) >= 20
    assert result["rounds"] >= 1 and result["replayed"]
    assert result["family"] == "fives" and result["line_parts"]  # Draw's family, Draw's parts
    spent = result["spent"]  # playouts a searched decision took, by level: the preset's at most
    assert sorted(spent) == ["hard", "normal"]
    assert max(spent["normal"]) == 40 and max(spent["hard"]) == 80
