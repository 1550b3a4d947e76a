"""Sentences about the one human at the table ("You") in each language's own words.

A sentence about a seat ("Seat 2 played 6|4 on the east end") said of the player
reads oddly with "You" put in the seat's place where the verb takes its subject's
person: Arabic's "أنت لعب" is "you he-played". So each such sentence has a "You"
sentence of its own (:data:`game.ui.words.narrate.YOU`), which the log, the summaries
and the table's news say of the one human.
"""

from __future__ import annotations

import re

from game import i18n
from game.match import Match
from game.ui.words import narrate
from game.ui.words.names import Roster, sit

NAMING = {"seat", "seats", "who", "winners"}  # the fields that name the seats


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_each_you_sentence_says_the_same_but_the_seat() -> None:
    for about, you in narrate.YOU.items():
        assert _fields(about) & NAMING, about  # a sentence about a seat …
        assert _fields(you) == _fields(about) - NAMING, (about, you)  # … its fields but that
        assert re.search(r"\b[Yy]ou(r)?\b", you), you


def _played_log(language: str) -> list[str]:
    """A whole match of Block, one human against the computer, told in ``language`` (seed
    16: the human goes out in every round and wins): the log, the news of each round's
    end, the round's summary and the winner."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=16, target=30)
    sit(Roster.of(match))
    i18n.set_language(language)
    try:
        news = []
        while not match.state.over:
            before = match.state
            match.play(match.legal()[0])
            news.append(narrate.round_news(match.ruleset, before, match.state))
        result = match.state.results[0]
        return [
            *narrate.log_lines(match),
            *filter(None, news),
            *narrate.scoring_lines(match.ruleset, result),
            narrate.how_text(result),
            narrate.winners_line(match.state, match.ruleset),
        ]
    finally:
        i18n.set_language("en")


def test_english_and_portuguese_say_you_mid_sentence_as_you() -> None:
    """ "Round 1: you went out", not "Round 1: You went out" (Portuguese: "você")."""
    english = _played_log("en")
    assert "Round 1: you went out, +17" in english and "Match over: you won" in english
    assert any(line.startswith("You played ") for line in english)
    assert not any("Seat 1" in line for line in english)
    portuguese = _played_log("pt")
    assert {"Rodada 1: você bateu, +17", "Fim da partida: você venceu"} <= set(portuguese)
    assert any(line.startswith("Você jogou ") for line in portuguese)


def test_arabic_says_what_you_did_with_the_verb_of_you() -> None:
    """ "لعبتَ" (you played), "فزتَ" (you won), never "أنت لعب" (you he-played) nor "فاز
    أنت" (won he, you): "you" never stands by a verb of the third person."""
    arabic = _played_log("ar")
    assert any(line.startswith("لعبتَ ") for line in arabic), arabic[:8]
    assert {"انتهت المباراة: فزتَ", "الجولة 1: أنهيتَ يدك، \u200e+17", "فزتَ"} <= set(arabic)
    you = i18n.translation("ar").gettext("You")
    # "you" before a word or after one (a verb of the third person there); beside a score
    # in a list ("أنت +17") it is a name like any other
    odd = [
        line for line in arabic if re.search(f"{you} [\u0600-\u06ff]|[\u0600-\u06ff] {you}", line)
    ]
    assert odd == []
