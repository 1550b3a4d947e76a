"""The fixed table a tutorial or a puzzle starts from, read from its file and checked.

Why: a lesson must be the same on every machine and every time, so chance is
taken out. The file gives the rule set, the seats, options over the preset, who
leads (``first``), the deal and, for a puzzle, the moves already made. A deal
lists the hands and, where it matters, the top of the boneyard (or the unused
tiles); every tile it does not name follows in the set's order, so a file need
not spell out all 91 tiles of a double-twelve set.

Every way such a file can be wrong is a :class:`LearnError` of one line that
names the file and the step or puzzle (``tutorials/block.toml: step 3: …``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import DEFAULT, _, language
from ..match import Match
from ..rules import ConfigError, IllegalAction, RuleSet, State, create, names, parse_tile

Words = Mapping[str, str]  # a text by language code; English ("en") always present


class LearnError(ValueError):
    """A tutorial or puzzle file that cannot be used; the message is one line."""


def say(words: Words) -> str:
    """The text in the player's language: a translation written beside the English in the
    file wins; otherwise the catalogues' (every lesson's and puzzle's English is a message
    of them, so a translator works in one file per language), else the English."""
    return words.get(language()) or _(words[DEFAULT])


@dataclass(frozen=True)
class Table:
    """A fixed table: a rule set, seats, options, who leads, one deal, moves already made."""

    rules: str
    players: int
    options: Mapping[str, Any]
    first: int
    deal: Mapping[str, Any]  # complete, in the record's deal format
    moves: tuple[str, ...] = ()

    def ruleset(self) -> RuleSet[Any]:
        return create(self.rules, players=self.players, **self.options)

    def new_match(self, seats: Sequence[str] | None = None) -> Match:
        """The match at this table with the moves made: seat 1 the learner, others computers."""
        seats = seats or ["human"] + ["computer"] * (self.players - 1)
        match = Match(self.ruleset(), seats, seed=0, deals=[self.deal], first=self.first)
        for text in self.moves:
            match.play(text)
        return match


def read_table(data: Mapping[str, Any], where: str, rules: str | None = None) -> Table:
    """The table a file describes (``rules`` given by the file's name, if it is fixed).

    Raises :class:`LearnError` naming ``where`` and what is wrong; the deal and the
    moves are played through the rules, so an illegal one is caught here.
    """
    rules = data.get("rules", rules)
    if rules not in names():
        raise LearnError(f"{where}: 'rules' must be one of {', '.join(names())}")
    players = data.get("players")
    options = data.get("options", {})
    first = data.get("first")
    if type(players) is not int:
        raise LearnError(f"{where}: 'players' must be a whole number")
    if not isinstance(options, dict):
        raise LearnError(f"{where}: 'options' must be a table of options")
    if type(first) is not int or not 1 <= first <= players:
        raise LearnError(f"{where}: 'first' must be the seat that leads, 1 to {players}")
    try:
        ruleset = create(rules, players=players, **options)
    except ConfigError as error:
        raise LearnError(f"{where}: {error}") from None
    deal = _complete_deal(ruleset, data.get("deal"), where)
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise LearnError(f"{where}: 'moves' must be a list of actions like \"play 6-5 E\"")
    table = Table(rules, players, dict(options), first, deal, ())
    try:
        match = table.new_match()
    except ConfigError as error:
        raise LearnError(f"{where}: {error}") from None
    for number, text in enumerate(moves, 1):
        play(match, text, f"{where}: move {number}")
    return Table(rules, players, dict(options), first, deal, tuple(moves))


def play(match: Match, text: str, where: str) -> State:
    """Play ``text`` on ``match``; LearnError (``where: 'text': why``) if the rules refuse."""
    if match.state.over:
        raise LearnError(f"{where}: '{text}' comes after the match is over")
    try:
        return match.play(text)
    except IllegalAction as error:
        raise LearnError(f"{where}: '{text}': {error}") from None


def read_words(value: Any, where: str) -> Words:
    """A text, or a table of texts by language code that includes English."""
    if isinstance(value, str) and value.strip():
        return {DEFAULT: value}
    if (
        isinstance(value, dict)
        and isinstance(value.get(DEFAULT), str)
        and all(isinstance(v, str) and v.strip() for v in value.values())
    ):
        return dict(value)
    raise LearnError(f'{where} must be a text, or a table of texts by language with "en"')


def read_tiles(value: Any, ruleset: RuleSet[Any], where: str) -> tuple[str, ...]:
    """A list of tiles of the rule set's set, written high first."""
    if not isinstance(value, list):
        raise LearnError(f'{where} must be a list of tiles like "6-5"')
    for text in value:
        try:
            if not isinstance(text, str) or str(parse_tile(text, ruleset.double)) != text:
                raise ValueError(f"'{text}' is not a tile written high first, like \"6-5\"")
        except ValueError as error:
            raise LearnError(f"{where}: {error}") from None
    return tuple(value)


def _complete_deal(ruleset: RuleSet[Any], deal: Any, where: str) -> dict[str, Any]:
    """The deal with every tile it does not name added, in the set's order, where the rest go."""
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
        raise LearnError(f"{where}: 'deal' must be a table with 'hands', a list of hands")
    unknown = set(deal) - {"hands", "boneyard", "unused"}
    if unknown:
        raise LearnError(f"{where}: 'deal' has no key '{sorted(unknown)[0]}'")
    hands = [list(read_tiles(h, ruleset, f"{where}: a hand")) for h in deal["hands"]]
    boneyard = list(read_tiles(deal.get("boneyard", []), ruleset, f"{where}: 'boneyard'"))
    unused = list(read_tiles(deal.get("unused", []), ruleset, f"{where}: 'unused'"))
    named = [t for h in hands for t in h] + boneyard + unused
    twice = sorted({t for t in named if named.count(t) > 1})
    if twice:
        raise LearnError(f"{where}: the deal names {twice[0]} more than once")
    rest = [str(t) for t in ruleset.tiles if str(t) not in named]
    (boneyard if ruleset.rest == "boneyard" else unused).extend(rest)
    complete = {"hands": hands, "boneyard": boneyard, "unused": unused}
    try:
        ruleset.read_deals([complete])
    except ConfigError as error:
        raise LearnError(f"{where}: {error}") from None
    return complete
