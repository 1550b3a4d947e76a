"""Guided first rounds: a tutorial file, its checks, and the lesson that runs it.

Why data: a tutorial is a fixed deal and a script, nothing a programmer must
write, so it lives in ``levels/tutorials/<rule set>.toml`` beside the presets::

    rules = "block"
    players = 2
    first = 1                       # who leads; seat 1 is the learner
    options = { hand_size = 5 }     # over the preset (optional)
    title = "Block: your first round"
    before = []                     # computer moves before the first step (optional)

    [deal]
    hands = [["6-6", "6-4", …], ["5-5", …]]
    boneyard = []                   # top first; unnamed tiles follow in set order

    [[steps]]
    say = "Lead the double six: tap it, then Confirm."   # or { en = "…", pt = "…" }
    tiles = ["6-6"]                 # what the table highlights: tiles …
    targets = []                    # … and places: "E", "train 2", "train mexican",
                                    # "branch 3", "boneyard"
    expect = "lead 6-6"             # the move, in docs/DESIGN.md's notation
    other = "Start with the double: it is the heaviest tile."   # for another legal move (optional)
    rule = "…"                      # the id of the rule the step is about, as the
                                    # rule cards number them (optional)
    replies = ["play 6-3 E"]        # what the computer seats then play

The whole script is played through the rules when the file is read: a move the
rules refuse, a reply where the learner is to move, a step where a computer is,
a highlighted tile that is neither in the learner's hand nor on the table, or a
script that does not finish the round — each is one line naming the file and
the step, and the tutorial is not offered.

:class:`Lesson` is the pure state machine the table drives. Where the lesson
stands is simply how many actions the match has made (so undo and redo need
nothing of their own): the learner's move is judged against the step (accepted,
or explained — the rules' own refusal for an illegal move, the step's gentle
``other`` for a legal one), and a computer seat's move is the script's reply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from ..files import BadFile, read_toml
from ..i18n import N_, _
from ..match import Match
from ..resources import data_path
from ..rules import Action, IllegalAction, ids, listed
from .table import LearnError, Table, Words, play, read_table, read_tiles, read_words, say

FOLDER = "tutorials"
_TOP = {"rules", "players", "options", "first", "title", "before", "deal", "steps"}
_STEP = {"say", "tiles", "targets", "expect", "other", "rule", "replies"}
_TARGET = re.compile(r"^(W|E|N|S|boneyard|train mexican|(train|branch) ([1-9]|10))$")


@dataclass(frozen=True)
class Step:
    """One thing the learner does: read ``say``, see the highlights, make ``expect``."""

    number: int  # 1-based, as the refusals name it
    say: Words
    expect: str
    tiles: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    other: Words | None = None
    rule: str = ""
    replies: tuple[str, ...] = ()

    def text(self) -> str:
        """The instruction in the player's language."""
        return say(self.say)


@dataclass(frozen=True)
class Tutorial:
    """A checked tutorial: its fixed table and its steps (see the module docstring)."""

    name: str  # the rule set it teaches
    title: Words
    table: Table  # its ``moves`` are the computer moves before step 1
    steps: tuple[Step, ...]

    def script(self) -> tuple[tuple[str, Step | None], ...]:
        """Every action from the start of the deal: (text, its step, or None for a reply)."""
        flat: list[tuple[str, Step | None]] = []
        for step in self.steps:
            flat.append((step.expect, step))
            flat.extend((reply, None) for reply in step.replies)
        return tuple(flat)

    def new_match(self) -> Match:
        """The tutorial's match at its first step (seat 1 the learner, the others computers)."""
        return self.table.new_match()


ASKS_FOR = N_("That move is allowed, but this lesson asks for {move} now.")


class Verdict(NamedTuple):
    """The lesson's answer to a move the learner tried: taken, or why not (one line).

    ``reason`` is that line with any move in the notation; the facts beside it let a
    screen say it in words: ``refused`` is the rules' refusal, ``wanted`` the move the
    step asks for instead of another legal one.
    """

    accepted: bool
    reason: str = ""
    refused: IllegalAction | None = None
    wanted: Action | None = None


class Lesson:
    """A tutorial being played on ``match`` (made by :meth:`Tutorial.new_match`)."""

    def __init__(self, tutorial: Tutorial, match: Match | None = None) -> None:
        self.tutorial = tutorial
        self.match = match if match is not None else tutorial.new_match()
        self._script = tutorial.script()
        self._start = len(tutorial.table.moves)

    @property
    def position(self) -> int:
        """How far into the script the match is (actions since step 1 was due)."""
        return len(self.match.actions) - self._start

    @property
    def done(self) -> bool:
        """The round is over: the last step and its replies are played."""
        return self.position >= len(self._script)

    @property
    def step(self) -> Step | None:
        """The step the learner is on, or None while a computer replies or once done."""
        if self.done:
            return None
        return self._script[self.position][1]

    @property
    def steps_done(self) -> int:
        """How many steps the learner has made (for "step 3 of 9")."""
        return sum(1 for _, step in self._script[: max(0, self.position)] if step is not None)

    def judge(self, action: Action | str) -> Verdict:
        """Whether the learner's ``action`` is the step's move; if not, why, gently.

        Changes nothing. A move the rules refuse is explained by the rules' own
        reason; a legal move that is not this step's by the step's ``other``.
        """
        step = self.step
        if step is None:
            return Verdict(False, _("Wait a moment: the other seats are playing."))
        try:
            if isinstance(action, str):
                action = self.match.ruleset.parse_action(self.match.state, action)
            self.match.ruleset.apply(self.match.state, action)
        except IllegalAction as error:
            return Verdict(False, str(error), refused=error)
        if str(action) == step.expect:
            return Verdict(True)
        if step.other is not None:
            return Verdict(False, say(step.other))
        wanted = self.match.ruleset.parse_action(self.match.state, step.expect)
        return Verdict(False, _(ASKS_FOR).format(move=step.expect), wanted=wanted)

    def offer(self, action: Action | str) -> Verdict:
        """Judge the learner's ``action`` and, if it is the step's move, play it."""
        verdict = self.judge(action)
        if verdict.accepted:
            self.match.play(str(action))
        return verdict

    def reply(self) -> Action | None:
        """The scripted move of the computer seat to move now (None on the learner's turn)."""
        if self.done or self._script[self.position][1] is not None:
            return None
        return self.match.ruleset.parse_action(self.match.state, self._script[self.position][0])


# -- reading ------------------------------------------------------------------------------


def available() -> tuple[str, ...]:
    """The rule sets with a tutorial file shipped, in the one order of the games."""
    folder = data_path("levels", FOLDER)
    return tuple(n for n in listed() if (folder / f"{n}.toml").is_file())


def load_all() -> tuple[dict[str, Tutorial], list[str]]:
    """Every shipped tutorial that reads, by rule set, and one line for each that does not.

    A bad file costs only its own tutorial: the menu offers the others and shows the lines.
    """
    good: dict[str, Tutorial] = {}
    problems: list[str] = []
    for name in available():
        try:
            good[name] = load_tutorial(name)
        except LearnError as error:
            problems.append(str(error))
    return good, problems


@cache
def load_tutorial(name: str) -> Tutorial:
    """The shipped tutorial of rule set ``name``, checked; LearnError in one line."""
    return read_tutorial(data_path("levels", FOLDER) / f"{name}.toml")


def read_tutorial(path: Path) -> Tutorial:
    """Read and check one tutorial file (see the module docstring for what is checked)."""
    where = f"{FOLDER}/{path.name}"
    try:
        data = read_toml(path, where)
    except BadFile as error:
        raise LearnError(str(error)) from None
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise LearnError(f"{where}: unknown key '{unknown[0]}'; expected one of {_keys(_TOP)}")
    if data.get("rules") != path.stem:
        raise LearnError(f"{where}: 'rules' must be \"{path.stem}\", the file's name")
    title = read_words(data.get("title"), f"{where}: 'title'")
    before = data.get("before", [])
    table = read_table({**data, "moves": before}, where)
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LearnError(f"{where}: 'steps' must be a list of [[steps]] tables")
    tutorial = Tutorial(
        path.stem,
        title,
        table,
        tuple(_read_step(s, n, table, f"{where}: step {n}") for n, s in enumerate(steps, 1)),
    )
    _play_through(tutorial, where)
    return tutorial


def _read_step(data: Any, number: int, table: Table, where: str) -> Step:
    if not isinstance(data, dict):
        raise LearnError(f"{where}: must be a [[steps]] table")
    unknown = sorted(set(data) - _STEP)
    if unknown:
        raise LearnError(f"{where}: unknown key '{unknown[0]}'; expected one of {_keys(_STEP)}")
    for key in ("say", "expect"):
        if key not in data:
            raise LearnError(f"{where}: '{key}' is missing")
    if not isinstance(data["expect"], str):
        raise LearnError(f"{where}: 'expect' must be a move like \"play 6-5 E\"")
    targets = data.get("targets", [])
    if not isinstance(targets, list) or not all(
        isinstance(x, str) and _TARGET.match(x) for x in targets
    ):
        raise LearnError(
            f'{where}: \'targets\' must list places like "E", "train 2", "train mexican",'
            ' "branch 3", "boneyard"'
        )
    replies = data.get("replies", [])
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise LearnError(f"{where}: 'replies' must be a list of moves like \"play 6-5 E\"")
    rule = data.get("rule", "")
    if not isinstance(rule, str) or (rule and not ids.is_rule_id(rule)):
        raise LearnError(f"{where}: 'rule' must be a rule id like \"{ids.EXAMPLE}\"")
    other = data.get("other")
    return Step(
        number=number,
        say=read_words(data["say"], f"{where}: 'say'"),
        expect=data["expect"],
        tiles=read_tiles(data.get("tiles", []), table.ruleset(), f"{where}: 'tiles'"),
        targets=tuple(targets),
        other=None if other is None else read_words(other, f"{where}: 'other'"),
        rule=rule,
        replies=tuple(replies),
    )


def _play_through(tutorial: Tutorial, where: str) -> None:
    """Play the whole script: every move legal, by the right seat, ending the round."""
    match = replace(tutorial.table, moves=()).new_match()
    for n, text in enumerate(tutorial.table.moves, 1):
        if match.is_human(match.state.to_move):
            raise LearnError(f"{where}: before {n} is the learner's move, not a computer's")
        play(match, text, f"{where}: before {n}")
    for step in tutorial.steps:
        at = f"{where}: step {step.number}"
        state = match.state
        if state.over or state.results:
            raise LearnError(f"{at}: the round is already over")
        if not match.is_human(state.to_move):
            raise LearnError(f"{at}: it is seat {state.to_move}'s turn, not the learner's")
        seen = set(map(str, state.hands[0])) | set(map(str, match.ruleset.placed(state)))
        missing = [x for x in step.tiles if x not in seen]
        if missing:
            raise LearnError(f"{at}: {missing[0]} is neither in the learner's hand nor played")
        play(match, step.expect, at)
        for n, reply in enumerate(step.replies, 1):
            state = match.state
            if state.results:
                raise LearnError(f"{at}: reply {n} comes after the round is over")
            if match.is_human(state.to_move):
                raise LearnError(f"{at}: reply {n} is the learner's move, not a computer's")
            play(match, reply, f"{at}: reply {n}")
        state = match.state
        if not state.results and not match.is_human(state.to_move):
            raise LearnError(f"{at}: seat {state.to_move} is to move next; give it a reply")
    if not match.state.results:
        raise LearnError(f"{where}: step {len(tutorial.steps)}: the round is not over yet")


def _keys(keys: set[str]) -> str:
    return ", ".join(sorted(keys))
