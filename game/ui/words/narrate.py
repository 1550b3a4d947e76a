"""The match told in words: the log, a round's scoring as the rules state it, who won.

Pure Python (no window): the log, the round summary and the match-end
screen show these lines, and the tests read them directly. Every line is
an English message of the catalogues (:mod:`game.i18n`). Only public facts
are told: a draw says how many tiles, never which; a hand is named only once
its round is over (``RoundResult.hands``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.commitments import Commitment, digest
from game.i18n import N_, _, ngettext
from game.match import Match
from game.rules import (
    Action,
    Blocked,
    Event,
    Kind,
    Outcome,
    RoundResult,
    RuleSet,
    Scoring,
    State,
    Surprise,
    WinName,
    surprise,
)
from game.rules.tiles import Tile
from game.ui.words.names import (
    comma,
    count,
    gain,
    is_you,
    place_name,
    points,
    seat_name,
    seated,
    seats_name,
)
from game.ui.words.wording import term

# What a seat did, in the log (past) and on the table as it happens (present).
LOG_TILE = {
    "lead": N_("{seat} led {tile}"),
    "open": N_("{seat} opened with {tile}"),
    "engine": N_("{seat} set the engine {tile}"),
}
NEWS_TILE = {
    "lead": N_("{seat} leads {tile}"),
    "open": N_("{seat} opens {tile}"),
    "engine": N_("{seat} sets the engine {tile}"),
}
NEWS_SEAT = {
    "pass": N_("{seat} passes"),
    "end": N_("{seat} ends their first turn"),
    "accept": N_("{seat} keeps their hand"),
}
# The log's notes of taking back, putting back and starting again (rounds, and hands)
NOTES = {
    "undo": (N_("{seat} took back a move"), N_("{seat} took back a move")),
    "redo": (N_("{seat} put a move back"), N_("{seat} put a move back")),
    "restart": (N_("{seat} restarted the round"), N_("{seat} restarted the hand")),
}

# Each sentence about a seat said of the one human at the table ("You"): a sentence of its
# own, since a language whose verb takes its subject's person says "you played" in other
# words than "Seat 2 played" (Arabic: لعبتَ, not أنت لعب), and English starts it "You".
YOU = {
    "{seat} played {tile} on {place}": N_("You played {tile} on {place}"),
    "{seat} led {tile}": N_("You led {tile}"),
    "{seat} opened with {tile}": N_("You opened with {tile}"),
    "{seat} set the engine {tile}": N_("You set the engine {tile}"),
    "{seat} drew a tile": N_("You drew a tile"),
    "{seat} passed": N_("You passed"),
    "{seat} ended their first turn": N_("You ended your first turn"),
    "{seat} kept their hand": N_("You kept your hand"),
    "{seat} showed {tiles} and asked for a new deal": N_(
        "You showed {tiles} and asked for a new deal"
    ),
    "{seat} asked for a new deal": N_("You asked for a new deal"),
    "{seat} chose {opener} to open": N_("You chose {opener} to open"),
    "{seat} turned up {tiles} in the draw for who chooses the opener": N_(
        "You turned up {tiles} in the draw for who chooses the opener"
    ),
    "{seat} drew {count}": N_("You drew {count}"),
    "{seat} waited": N_("You waited"),
    "{seat} went out": N_("You went out"),
    "{seat} reached the target": N_("You reached the target"),
    "{seat} took back a move": N_("You took back a move"),
    "{seat} put a move back": N_("You put a move back"),
    "{seat} restarted the round": N_("You restarted the round"),
    "{seat} restarted the hand": N_("You restarted the hand"),
    "{seat} showed five doubles or more: all tiles are dealt again": N_(
        "You showed five doubles or more: all tiles are dealt again"
    ),
    "Round {n}: {who} went out": N_("Round {n}: you went out"),
    "Hand {n}: {who} went out": N_("Hand {n}: you went out"),
    "Round {n}: {who} won ({how})": N_("Round {n}: you won ({how})"),
    "Hand {n}: {who} won ({how})": N_("Hand {n}: you won ({how})"),
    "{seats} scored {points} during the round": N_("You scored {points} during the round"),
    "{seats} scored {points} during the hand": N_("You scored {points} during the hand"),
    "Match over: {winners} won": N_("Match over: you won"),
    "{seat} wins": N_("You win"),
    "Left in the hand of {seats}: {total}": N_("Left in your hand: {total}"),
}

# -- names ------------------------------------------------------------------------


def said(
    seats: int | Sequence[int],
    template: str | tuple[str, str],
    rules: RuleSet[Any] | None = None,
    field: str = "seat",
    **fields: object,
) -> str:
    """``template`` (English: a sentence whose ``field`` names ``seats``; or a round's and
    a hand's, as :func:`term` picks for ``rules``) in the player's language: its own
    sentence (:data:`YOU`) when ``seats`` is the one human at the table, else with the
    seats named in it."""
    group = (seats,) if isinstance(seats, int) else tuple(seats)
    round_text, hand_text = (template, template) if isinstance(template, str) else template
    if len(group) == 1 and is_you(group[0]):
        return term(rules, YOU[round_text], YOU[hand_text], **fields)
    return term(rules, round_text, hand_text, **{field: seats_name(group)}, **fields)


def sides(ruleset: RuleSet[Any]) -> list[tuple[int, ...]]:
    """The scoring sides in seat order: partners together, else each seat alone."""
    found: dict[int, list[int]] = {}
    for seat in range(1, ruleset.players + 1):
        found.setdefault(ruleset.team_of(seat), []).append(seat)
    return [tuple(v) for v in found.values()]


# -- the log ----------------------------------------------------------------------


def event_line(event: Event) -> str:
    """One public event in words."""
    seat, action = event.seat, event.action
    if action is None:
        if event.shown:
            return said(
                seat,
                N_("{seat} turned up {tiles} in the draw for who chooses the opener"),
                tiles=tiles_text(event.shown),
            )
        if event.drew:
            return said(seat, N_("{seat} drew {count}"), count=count("tiles", event.drew))
        return said(seat, N_("{seat} waited"))
    line = action_line(event.seat, action, event.shown)
    if event.points:
        line = _("{line} and scored {points}").format(line=line, points=points(event.points))
    return line


def action_line(seat: int, action: Action, shown: Sequence[Tile] = ()) -> str:
    """What ``seat`` did, without its score."""
    kind, tile_ = action.kind, str(action.tile) if action.tile else ""
    if kind == Kind.PLAY:
        place = place_name(action.where)
        return said(seat, N_("{seat} played {tile} on {place}"), tile=tile_, place=place)
    if kind in (Kind.LEAD, Kind.OPEN, Kind.ENGINE):
        return said(seat, LOG_TILE[kind], tile=tile_)
    if kind == Kind.DRAW:
        return said(seat, N_("{seat} drew a tile"))
    if kind == Kind.PASS:
        return said(seat, N_("{seat} passed"))
    if kind == Kind.END:
        return said(seat, N_("{seat} ended their first turn"))
    if kind == Kind.ACCEPT:
        return said(seat, N_("{seat} kept their hand"))
    if kind == Kind.REDEAL:
        if shown:
            return said(
                seat, N_("{seat} showed {tiles} and asked for a new deal"), tiles=tiles_text(shown)
            )
        return said(seat, N_("{seat} asked for a new deal"))
    if kind == Kind.OPENER:
        opener = seat_name(int(action.where or 0))
        return said(seat, N_("{seat} chose {opener} to open"), opener=opener)
    return f"{seat_name(seat)}: {action}"


def tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(str(x) for x in tiles) if tiles else _("no tiles")


def log_lines(match: Match) -> list[str]:
    """The whole match so far in words, oldest first, a header before each round."""
    return [text for text, _ in log_entries(match)]


def log_entries(match: Match) -> list[tuple[str, str]]:
    """The log as (text, style) pairs: style ``"h"`` marks a round's header."""
    return [(text, style) for text, style, _move in log_moves(match)]


def log_moves(match: Match) -> list[tuple[str, str, int | None]]:
    """The log as (text, style, move): ``move`` is the number (from 0) of the match's
    action whose line it is, None for what no action said (the first deal, a note)."""
    ruleset = match.ruleset
    notes: dict[int, list[str]] = {}
    for at, kind, seat in match.notes:  # undo, redo, restart: after the actions before them
        note = said(seat, NOTES[kind], ruleset)
        notes.setdefault(at, []).append(note)
    lines: list[tuple[str, str, int | None]] = []
    for done, step in enumerate(log_steps(match)):
        lines += [(text, style, done - 1 if done else None) for text, style in step]
        lines += [(note, "", None) for note in notes.get(done, ())]
    return lines


def log_steps(match: Match) -> list[list[tuple[str, str]]]:
    """The log cut at the match's actions: what shows before the first, then what each
    action added (a replay shows the log up to where it stands)."""
    ruleset = match.ruleset
    deals = _Deals(match)
    before = ruleset.new_match(match.seed, match.deals or None, match.first)
    first = [(term(ruleset, N_("Round {round}"), N_("Hand {round}"), round=before.round), "h")]
    steps = [first + [(event_line(e), "") for e in before.log] + deals.fixed(before)]
    for seat, action, after in match.history:
        lines: list[tuple[str, str]] = []
        same_round = after.round == before.round and len(after.results) == len(before.results)
        if same_round or (after.over and after.round == before.round):
            lines += [(event_line(e), "") for e in after.log[len(before.log) :]]
            lines += deals.fixed(after)  # Cuban's deal after the opener, or a redeal
        else:
            lines.append((action_line(seat, action), ""))
        if len(after.results) > len(before.results):
            lines.append((round_end_line(after.results[-1], ruleset), "b"))
            lines += deals.revealed()
            if not after.over:
                lines.append(
                    (term(ruleset, N_("Round {round}"), N_("Hand {round}"), round=after.round), "h")
                )
                lines += [(event_line(e), "") for e in after.log]
                lines += deals.fixed(after)
        steps.append(lines)
        before = after
    if match.state.over:
        steps[-1].append((winners_line(match.state, ruleset), "b"))
    return steps


class _Deals:
    """The log's lines of the deals' commitments (:mod:`game.commitments`): the whole hash
    when a deal comes out, before its first move; its salt at the round's end, when every
    hand is shown, with the check made again from the deal as it came out."""

    def __init__(self, match: Match) -> None:
        self._made = {c.deal: c for c in match.commitments()}
        self._open: list[tuple[State, Commitment]] = []  # this round's deals, not yet revealed
        self._seen = 0

    def fixed(self, state: State) -> list[tuple[str, str]]:
        """The line of the deal ``state`` is the first state of (none if it is not)."""
        if state.deal_no <= self._seen or state.deal_no not in self._made:
            return []
        self._seen = state.deal_no
        commitment = self._made[state.deal_no]
        self._open.append((state, commitment))
        return [(deal_fixed(commitment, whole=True), "")]

    def revealed(self) -> list[tuple[str, str]]:
        """The lines revealing this round's deals' salts, each checked against its hash."""
        lines = []
        for state, commitment in self._open:
            kept = digest(state, commitment.salt) == commitment.hash
            line = (
                _("Deal {deal}'s salt: {salt}. The deal was fixed before the first move ✓")
                if kept
                else _("Deal {deal}'s salt: {salt}. The deal does NOT match its hash ✗")
            )
            lines.append((line.format(deal=commitment.deal, salt=_grouped(commitment.salt)), ""))
        self._open.clear()
        return lines


def deal_fixed(commitment: Commitment, whole: bool = False) -> str:
    """A deal's commitment as the table says it before the deal's first move: its hash in
    short ("Deal 2 fixed before the first move: 3fa9c2e1…"), or ``whole`` (the log's, in
    groups of eight)."""
    digits = _grouped(commitment.hash) if whole else commitment.short + "…"
    line = _("Deal {deal} fixed before the first move: {hash}")
    return line.format(deal=commitment.deal, hash=digits)


def deals_fixed(match: Match, round_no: int) -> list[str]:
    """A round's summary on each of its deals: fixed before the first move, with the hash
    in short as the table showed it then and the salt, now revealed, in short. The hash is
    the deal's and the salt's (:mod:`game.commitments`), so the check anyone can make
    outside the game is ``python -m game.record verify`` on the saved record."""
    line = _("This deal was fixed before the first move ✓ (deal {deal}: {hash}…, salt {salt}…)")
    return [
        line.format(deal=c.deal, hash=c.short, salt=c.salt[: len(c.short)])
        for state, c in zip(match.deal_starts(), match.commitments(), strict=True)
        if state.round == round_no
    ]


def _grouped(digits: str) -> str:
    """Hex digits in groups of eight: read at a glance, and a log line can wrap."""
    return " ".join(digits[i : i + 8] for i in range(0, len(digits), 8))


# -- a round's end ----------------------------------------------------------------


def round_end_line(result: RoundResult, rules: RuleSet[Any] | None = None) -> str:
    """ "Round 2 ended: Seat 1 went out." ("Hand 2 …" where rounds are hands)"""
    return term(
        rules,
        N_("Round {round} ended: {how}."),
        N_("Hand {round} ended: {how}."),
        round=result.round,
        how=how_text(result),
    )


def how_text(result: RoundResult) -> str:
    if result.how == Outcome.OUT:
        return said(result.out or result.winners, N_("{seat} went out"))
    if result.how == Outcome.TARGET:
        return said(result.winners, N_("{seat} reached the target"))
    return _("blocked")


def scoring_lines(ruleset: RuleSet[Any], result: RoundResult) -> list[str]:
    """The round's scoring as the rules worked it out, line by line, ending with what
    each side gained: the facts of the :class:`RoundResult`, phrased, never redone."""
    lines = _scoring(ruleset, result) if result.scoring is not None else []
    lines.extend(_gains(ruleset, result))
    return lines


def _scoring(ruleset: RuleSet[Any], result: RoundResult) -> list[str]:
    scoring = result.scoring
    if scoring == Scoring.PENALTY:
        return [_("Each seat adds the pips left in its own hand to its total")]
    if scoring == Scoring.SPLIT:  # two tied lowest of three shared: told by the figures alone
        return []
    lines: list[str] = []
    if result.how == Outcome.TARGET:  # the target was reached mid-round: no bonus
        lines.append(
            term(
                ruleset,
                N_("The target was reached during the round: no pips are counted"),
                N_("The target was reached during the hand: no pips are counted"),
            )
        )
    elif result.lowest is not None:
        if ruleset.blocked == Blocked.SIDE:
            lines.append(
                term(
                    ruleset,
                    N_("Blocked: the fewest pips left ({pips}) take the round"),
                    N_("Blocked: the fewest pips left ({pips}) take the hand"),
                    pips=result.lowest,
                )
            )
        else:
            lines.append(
                term(
                    ruleset,
                    N_("Blocked: the lowest single hand ({pips}) takes the round"),
                    N_("Blocked: the lowest single hand ({pips}) takes the hand"),
                    pips=count("pips", result.lowest),
                )
            )
    if scoring == Scoring.TIE:
        lines.append(
            term(
                ruleset,
                N_("The lowest hands are tied: nobody scores for the round"),
                N_("The lowest hands are tied: nobody scores for the hand"),
            )
        )
    elif scoring == Scoring.OPPONENTS:
        lines.append(_left_in(result.paid_by, result, result.counted))
        if result.rounded:
            lines.append(
                _("Rounded to the nearest five: {total}").format(total=points(result.bonus))
            )
    elif scoring == Scoring.ALL:
        parts = " + ".join(points(result.pips[s - 1]) for s in result.paid_by)
        lines.append(
            _("Every pip left on the table: {sum} = {total}").format(
                sum=parts, total=result.counted
            )
        )
    during = [
        said(
            side,
            (
                N_("{seats} scored {points} during the round"),
                N_("{seats} scored {points} during the hand"),
            ),
            ruleset,
            "seats",
            points=points(result.in_play[side[0] - 1]),
        )
        for side in sides(ruleset)
        if result.in_play and result.in_play[side[0] - 1]
    ]
    return during + lines


def _left_in(seats: Sequence[int], result: RoundResult, total: int) -> str:
    """ "Left in the hands of Seats 2 and 4: 15 + 8 = 23 pips" (no sum for one hand)."""
    if len(seats) == 1:
        template = N_("Left in the hand of {seats}: {total}")
        return said(seats, template, field="seats", total=count("pips", total))
    parts = " + ".join(points(result.pips[s - 1]) for s in seats)
    return _("Left in the hands of {seats}: {sum} = {total}").format(
        seats=seats_name(seats), sum=parts, total=count("pips", total)
    )


def _gains(ruleset: RuleSet[Any], result: RoundResult) -> list[str]:
    parts = []
    for side in sides(ruleset):
        g = result.gained[side[0] - 1]
        parts.append(f"{seats_name(side)} {gain(g)}")
    return [
        term(ruleset, N_("This round: {list}"), N_("This hand: {list}"), list=comma().join(parts))
    ]


# -- the end of the match -----------------------------------------------------------


def winners_line(state: State, ruleset: RuleSet[Any]) -> str:
    """Who won: one seat, a team, or several sides sharing the win."""
    winners = tuple(state.winner or ())
    if not winners:
        return ""
    teams = {ruleset.team_of(s) for s in winners}
    if len(winners) == 1:
        return said(winners, N_("{seat} wins"))
    if len(teams) == 1:
        return _("{seats} win").format(seats=seats_name(winners))
    return _("{seats} share the win").format(seats=seats_name(winners))


def cheer_line(winners: Sequence[int], ruleset: RuleSet[Any], you: int | None = None) -> str:
    """The match's winner in large words: "You win!" for the one human at the table (``you``),
    "You win, Ana!" when they typed their name, else the seat; partners both by name ("You
    and Seat 3 win!"); sides sharing the win."""
    winners = tuple(winners)
    if not winners:
        return ""
    if len(winners) == 1:
        if winners[0] == you:  # by the name typed for them, if they gave one
            named = seated().name(you)
            return _("You win, {name}!").format(name=seat_name(you)) if named else _("You win!")
        return _("{name} wins!").format(name=seat_name(winners[0], you))
    together = names_and(winners, you)
    if len({ruleset.team_of(s) for s in winners}) == 1:
        return _("{names} win!").format(names=together)
    return _("{names} share the win!").format(names=together)


def round_cheer_line(result: RoundResult, ruleset: RuleSet[Any], you: int | None = None) -> str:
    """A round's winner named on its summary ("You take the round!"); "" for a round nobody
    won."""
    winners = tuple(result.winners)
    if not winners:
        return ""
    if winners == (you,):
        return term(ruleset, N_("You take the round!"), N_("You take the hand!"))
    if len(winners) == 1:
        return term(
            ruleset,
            N_("{name} takes the round!"),
            N_("{name} takes the hand!"),
            name=seat_name(winners[0], you),
        )
    return term(
        ruleset,
        N_("{names} take the round!"),
        N_("{names} take the hand!"),
        names=names_and(winners, you),
    )


def names_and(seats: Sequence[int], you: int | None = None) -> str:
    """Each seat by its own name, "and" before the last: "You and Seat 3", "Seat 1, Seat 2
    and Seat 4" (partners are two people, not "Seats 1 and 3")."""
    said = [seat_name(s, you) for s in seats]
    if len(said) == 1:
        return said[0]
    return _("{names} and {last}").format(names=comma().join(said[:-1]), last=said[-1])


OUTCOMES = {"blocked": N_("blocked"), "target": N_("the target")}  # how a round ended, briefly


def round_news(ruleset: RuleSet[Any], before: State, state: State) -> str:
    """A line on the round that just ended between ``before`` and ``state`` (or on the
    match), for the table's message bar; "" when no round ended."""
    if len(state.results) == len(before.results):
        return ""
    result = state.results[-1]
    if state.winner is not None:
        return said(state.winner, N_("Match over: {winners} won"), field="winners")
    how = _(OUTCOMES.get(result.how, result.how))
    if not result.winners:
        return term(
            ruleset,
            N_("Round {n} ended ({how}) with no winner"),
            N_("Hand {n} ended ({how}) with no winner"),
            n=result.round,
            how=how,
        )
    gained = max(result.gained[s - 1] for s in result.winners)
    if result.how == "out":  # the seat that went out, not its partner with it
        news = said(
            result.out or result.winners,
            (N_("Round {n}: {who} went out"), N_("Hand {n}: {who} went out")),
            ruleset,
            "who",
            n=result.round,
        )
    else:
        news = said(
            result.winners,
            (N_("Round {n}: {who} won ({how})"), N_("Hand {n}: {who} won ({how})")),
            ruleset,
            "who",
            n=result.round,
            how=how,
        )
    return news + (_(", {gain}").format(gain=gain(gained)) if gained > 0 else "")


def rule_news(before: State | None, state: State) -> str:
    """A line for a rule's doing a newcomer would not expect, said on the table as it happens
    (the log says it too, but nobody reads the log to learn why): the rules' own
    :func:`~game.rules.surprise` between ``before`` (None: the match's first deal) and
    ``state``, phrased; "" when the move was an ordinary one."""
    news = surprise(before, state)
    if news is None:
        return ""
    if news.what == Surprise.SHOWN:
        return said(news.seat, N_("{seat} showed five doubles or more: all tiles are dealt again"))
    return _(SURPRISES[news.what])


# What the table says of each surprise that concerns no one seat.
SURPRISES = {
    Surprise.BLOCKED: N_("Blocked: nobody can play, so the round ends"),
    Surprise.NO_DOUBLE: N_("Nobody held a double: all tiles are dealt again"),
    Surprise.SEARCH: N_("No one had the engine: all drew until it came up"),
}


# The names of a clean win, as the Cuban card writes them (an Arabic reader reads them in its
# letters).
WIN_NAMES = {WinName.POLLONA: N_("Pollona"), WinName.TRIPOLLUA: N_("Tripollúa")}


def win_name_line(name: WinName | None) -> str:
    """The name the rules gave a clean win (Cuban's Pollona, Tripollúa): no bonus, only the name."""
    if not name:
        return ""
    called = _(WIN_NAMES[name])
    if name == WinName.TRIPOLLUA:
        return _(
            "A {name}: from zero to the target in a single hand, the opponents still on zero."
        ).format(name=called)
    return _("A {name}: won with the opponents still on zero.").format(name=called)


def score_table(state: State, ruleset: RuleSet[Any]) -> tuple[list[str], list[list[str]]]:
    """Scores by round: a header (one column per side) and rows, the total last."""
    groups = sides(ruleset)
    header = [term(ruleset, N_("Round"), N_("Hand"))] + [seats_name(side) for side in groups]
    rows = []
    for result in state.results:
        rows.append([str(result.round)] + [points(result.gained[side[0] - 1]) for side in groups])
    running = [
        state.scores[side[0] - 1] - sum(r.gained[side[0] - 1] for r in state.results)
        for side in groups
    ]
    if not state.over and any(running):
        rows.append(
            [
                term(
                    ruleset,
                    N_("Round {round} so far"),
                    N_("Hand {round} so far"),
                    round=state.round,
                )
            ]
            + [points(x) for x in running]
        )
    rows.append([_("Total")] + [points(state.scores[side[0] - 1]) for side in groups])
    return header, rows


# -- the table's announcements ----------------------------------------------------


def new_events(seat: int, action: Action, before: State, after: State) -> tuple[Event, ...]:
    """The public events one action made; the action alone when it ended the round
    (the next round's log starts afresh)."""
    if after.round == before.round and len(after.results) == len(before.results):
        return tuple(after.log[len(before.log) :])
    return (Event(seat, action),)


def news_line(event: Event, log: Sequence[Event] = ()) -> str:
    """What a seat does, told on the table as it happens ("Seat 3 passes").

    A draw counts every tile the seat has drawn in a row up to ``event`` in
    ``log`` (the round's log): "Seat 2 draws 3 tiles".
    """
    who = seat_name(event.seat)
    action = event.action
    if action is None:
        if event.shown:
            return _("{seat} turns up {tiles}").format(seat=who, tiles=tiles_text(event.shown))
        if event.drew:
            return _draws(who, event.drew)
        return _("{seat} waits").format(seat=who)
    kind, tile_ = action.kind, str(action.tile) if action.tile else ""
    if kind == Kind.PLAY:
        return _("{seat} plays {tile} on {place}").format(
            seat=who, tile=tile_, place=place_name(action.where)
        )
    if kind in (Kind.LEAD, Kind.OPEN, Kind.ENGINE):
        return _(NEWS_TILE[kind]).format(seat=who, tile=tile_)
    if kind == Kind.DRAW:
        return _draws(who, _drawn_in_a_row(event, log))
    if kind == Kind.REDEAL:
        if event.shown:
            return _("{seat} shows {tiles} and asks for a new deal").format(
                seat=who, tiles=tiles_text(event.shown)
            )
        return _("{seat} asks for a new deal").format(seat=who)
    if kind == Kind.OPENER:
        opener = int(action.where or 0)
        if opener == event.seat:  # not "Seat 3 chooses Seat 3 to open"
            return _("{seat} chooses to open").format(seat=who)
        return _("{seat} chooses {opener} to open").format(seat=who, opener=seat_name(opener))
    if kind in (Kind.PASS, Kind.END, Kind.ACCEPT):
        return _(NEWS_SEAT[kind]).format(seat=who)
    return f"{who}: {action}"


def scored_text(points_: float) -> str:
    """ "+15": what a play scored, rising from it."""
    return gain(points_)


def ends_text(count: int) -> str:
    """All Fives' standing count of the open ends."""
    return _("Open ends count {count}").format(count=count)


def _draws(who: str, count: int) -> str:
    return ngettext("{seat} draws a tile", "{seat} draws {n} tiles", count).format(
        seat=who, n=count
    )


def _drawn_in_a_row(event: Event, log: Sequence[Event]) -> int:
    """How many tiles ``event``'s seat has drawn in a row, ``event`` the last of them."""
    events = list(log)
    end = max((i for i, e in enumerate(events) if e is event), default=len(events) - 1)
    count = 0
    for e in reversed(events[: end + 1]):
        if e.seat != event.seat or e.action is None or e.action.kind != Kind.DRAW:
            break
        count += 1
    return max(1, count)


# -- Cuban's draw for the opener ------------------------------------------------------


def opener_draw(state: State) -> list[tuple[Tile, str]]:
    """Cuban's draw for the opener: the last pair of the representatives' draw, each tile
    with its seat's words ("Seat 1 · 6-4"); empty where the round's log holds no such draw."""
    shown = [e for e in state.log if e.action is None and e.shown]
    return [
        (e.shown[0], _("{seat} · {tile}").format(seat=seat_name(e.seat), tile=e.shown[0]))
        for e in shown[-2:]
    ]


def opener_draw_lines(state: State) -> tuple[str, str]:
    """The draw's title and what came of it: who chooses the opener, or whom they chose."""
    shown = [e for e in state.log if e.action is None and e.shown]
    ties = len(shown) // 2 - 1
    title = (
        _("The draw for the opener")
        if ties <= 0
        else ngettext(
            "The draw for the opener (again after a tie)",
            "The draw for the opener (again after {n} ties)",
            ties,
        ).format(n=ties)
    )
    chose = next(
        (e for e in state.log if e.action is not None and e.action.kind == Kind.OPENER), None
    )
    if chose is not None:
        opener = seat_name(int(chose.action.where or 0))  # type: ignore[union-attr]
        return title, _("{seat} chose {opener} to open").format(
            seat=seat_name(chose.seat), opener=opener
        )
    chooser = state.to_move or 0
    return title, _("{seats} drew higher: they choose who opens").format(
        seats=seats_name((chooser, chooser + 2))
    )


def rounds_played(rules: RuleSet[Any], n: int) -> str:
    """ "block: 3 rounds", "cuban: 1 hand": how long a match was, in its own terms."""
    if rules.round_word == "hand":
        text = ngettext("{rules}: 1 hand", "{rules}: {n} hands", n)
    else:
        text = ngettext("{rules}: 1 round", "{rules}: {n} rounds", n)
    return text.format(rules=rules.name, n=n)
