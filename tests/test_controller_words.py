"""What the table says below the window: the rules' reasons for a refused tile, and the
status and messages through the translation function.

The controller alone (no view, no frames drawn): the window tests keep the taps that ask
and the words as drawn (tests/test_around_why.py, tests/test_table_ui.py).
"""

from __future__ import annotations

import random

import pytest
from pseudo_locale import PSEUDO, pseudo_text
from table_matches import block_match, longana_two_sevens

from game import i18n
from game.match import Match
from game.rules import Action, IllegalAction, Kind, LineState, parse_action
from game.rules.actions import ENDS
from game.rules.presets import load_preset
from game.rules.tiles import Tile
from game.ui.table import rulings
from game.ui.table.controller import TableController
from game.ui.table.events import Refused
from game.ui.table.status import status
from game.ui.words.wording import refusal


def _table(match: Match) -> TableController:
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    return table


# -- a tile the rules refuse ------------------------------------------------------------


def test_l12_a_matching_end_the_rules_forbid_is_refused_in_their_words() -> None:
    """L-12: 9-7 matches two open branches ending in 7, but only Seat 2's, opened first,
    takes it: Seat 4's end is not among its places, and why is the rules' own reason (the
    API's English phrased for the player), said with nothing played and the tile kept."""
    match = longana_two_sevens()
    table = _table(match)
    tile, refused = Tile(9, 7), Action(Kind.PLAY, Tile(9, 7), "branch 4")
    assert table.preview.select(tile) and refused not in table.preview.places
    with pytest.raises(IllegalAction) as error:
        match.ruleset.apply(table.state, refused)
    assert str(error.value).startswith("Two open branches end in 7")  # the API's own English
    why = rulings.why_not(table, tile, "branch 4", {})
    assert why == refusal(error.value, table.viewer) and "Seat 2's opened first" in why
    heard: list[Refused] = []
    table.events.listen(Refused, heard.append)
    played = len(match.actions)
    table.refuse(why)
    assert table.message == why and heard == [Refused(why)]
    assert len(match.actions) == played and table.preview.selected == tile


def _stuck_tile(rules: str) -> tuple[Match, Tile]:
    """A match of ``rules`` (played by seeded random moves) at seat 1's turn after the
    lead, holding a tile that fits no open end."""
    players = load_preset(rules).seats[0]
    seats = ["human"] + ["computer"] * (players - 1)
    for seed in range(40):
        match = Match.create(rules, players, seats=seats, seed=seed, first=1)
        pick = random.Random(seed)
        for _ in range(60):
            state = match.state
            if state.to_move is None or state.results:
                break
            if state.to_move == 1 and isinstance(state, LineState) and state.line.lead:
                fit = {a.tile for a in match.legal()}
                stuck = [t for t in state.hands[0] if t not in fit]
                if stuck:
                    return match, stuck[0]
            match.play(pick.choice(match.legal()))
    raise AssertionError(f"no seed gives seat 1 a tile that fits nowhere in {rules}")


@pytest.mark.parametrize("rules", ["block", "draw", "all_fives", "cuban"])
def test_every_game_says_why_a_tile_cannot_go_down(rules: str) -> None:
    """A tile that fits no end is refused with the rules' own reason for one of the ends
    (not a shrug): the one the table says when it is tapped."""
    match, tile = _stuck_tile(rules)
    table = _table(match)
    assert not table.preview.select(tile)
    state = match.state
    assert isinstance(state, LineState)
    ends = {ENDS[i]: number for i, number in enumerate(state.line.ends)}
    reasons = set()
    for end, number in ends.items():
        if number is None:
            continue
        try:
            match.ruleset.apply(state, Action(Kind.PLAY, tile, end))
        except IllegalAction as error:
            reasons.add(refusal(error, table.viewer))
    why = rulings.why_not(table, tile, None, ends)
    assert why in reasons, why
    assert why.startswith(f"{tile} does not match")


# -- the words through the translation function ---------------------------------------------


def test_the_status_and_the_tables_messages_go_through_the_translation_function(
    pseudo: None,
) -> None:
    """Whose turn it is, a computer thinking and what Undo, Redo and Restart say are looked
    up with their English text as the key (the pseudo-language shows any that is not)."""
    i18n.set_language(PSEUDO)
    match = block_match(["human", "computer"])
    table = _table(match)
    assert status(table) == pseudo_text("Your turn")
    table.commit(parse_action(None, "play 6-1 E"))
    assert status(table) == pseudo_text("Seat {n} is thinking…").format(n=2)
    table.undo()
    assert table.message == pseudo_text("Undone")
    table.redo()
    assert table.message == pseudo_text("Redone")
    table.restart_round()
    assert table.message == pseudo_text("The round starts again")
