"""Tutorials: every shipped one plays to its end through the rules; every refusal is one line."""

from pathlib import Path

import pytest

from game.i18n import set_language
from game.learn import LearnError
from game.learn.tutorials import Lesson, Verdict, available, load_all, load_tutorial, read_tutorial
from game.rules import TrainsState, names
from game.ui.words.wording import lesson_reason

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "tutorials"


def play_to_the_end(name: str) -> Lesson:
    """Play a tutorial as the table would: the learner's move offered, the computers' replies."""
    lesson = Lesson(load_tutorial(name))
    guard = 0
    while not lesson.done:
        guard += 1
        assert guard < 500
        step = lesson.step
        if step is None:
            reply = lesson.reply()
            assert reply is not None
            lesson.match.play(reply)
        else:
            assert lesson.reply() is None
            assert lesson.offer(step.expect).accepted
    return lesson


def test_every_rule_set_has_a_tutorial() -> None:
    assert set(available()) == set(names())
    good, problems = load_all()
    assert problems == [] and set(good) == set(names())


@pytest.mark.parametrize("name", names())
def test_each_tutorial_plays_to_the_end_of_its_round(name: str) -> None:
    lesson = play_to_the_end(name)
    state = lesson.match.state
    assert len(state.results) == 1  # the guided round is over
    assert lesson.step is None and lesson.reply() is None
    assert lesson.steps_done == len(lesson.tutorial.steps)
    for step in lesson.tutorial.steps:
        assert step.text().strip() and step.rule


def _learner_moves(lesson: Lesson) -> list[str]:
    return [str(a) for seat, a, _ in lesson.match.history if seat == 1]


def test_all_fives_meets_a_count_of_the_ends_the_spinner_and_a_draw() -> None:
    """F-32, F-31, F-35: the beginner's three rules of All Fives, each met once."""
    lesson = play_to_the_end("all_fives")
    history = lesson.match.history
    scored = [a for seat, a, after in history if seat == 1 and after.log and after.log[-1].points]
    assert scored  # a count of the ends scored (F-35)
    moves = _learner_moves(lesson)
    assert any(m.endswith((" N", " S")) for m in moves)  # a spinner arm (F-32)
    assert "draw" in moves  # a draw (F-31)


def test_mexican_train_meets_the_chain_a_marker_the_mexican_train_and_a_cover() -> None:
    """MT-07, MT-08, MT-10, MT-14: the beginner's four rules of Mexican Train."""
    lesson = play_to_the_end("mexican_train")
    history = lesson.match.history
    moves = _learner_moves(lesson)
    chain = moves[1 : moves.index("end")]
    assert len(chain) >= 2 and all(m.endswith("train 1") for m in chain)  # MT-07
    states = [after for _, _, after in history if isinstance(after, TrainsState)]
    assert len(states) == len(history) and any(any(s.markers) for s in states)  # MT-08
    assert any(m.endswith("train mexican") for m in moves)  # MT-10
    doubles = [i for i, (_, a, _) in enumerate(history) if a.tile and a.tile.is_double][1:]
    assert any(history[i + 1][0] == history[i][0] for i in doubles)  # covered at once (MT-14)


def test_the_line_games_meet_a_pass_or_a_draw_and_going_out() -> None:
    """F-22, F-23, C-07, L-11: each lesson has the learner do what its game adds."""
    assert "pass" in _learner_moves(play_to_the_end("block"))
    assert "draw" in _learner_moves(play_to_the_end("draw"))
    assert "accept" in _learner_moves(play_to_the_end("cuban"))
    longana = _learner_moves(play_to_the_end("longana"))
    assert "pass" in longana and any(m.endswith("branch 2") for m in longana)
    for name in names():
        result = play_to_the_end(name).match.state.results[0]
        assert result.how == "out" and 1 in result.winners  # the learner goes out and wins


def test_the_lesson_explains_an_illegal_move_with_the_rules_reason() -> None:
    lesson = Lesson(load_tutorial("block"))
    lesson.offer("lead 6-6")
    lesson.match.play(lesson.reply())  # type: ignore[arg-type]
    before = lesson.match.state
    verdict = lesson.offer("play 5-5 E")  # the ends show 6 and 4
    assert not verdict.accepted and "5-5" in verdict.reason and "\n" not in verdict.reason
    assert lesson.match.state is before and lesson.position == 2


def advance_to(lesson: Lesson, number: int) -> None:
    """Play the script until step ``number`` is the learner's."""
    while lesson.step is None or lesson.step.number < number:
        if lesson.step is None:
            lesson.match.play(lesson.reply())  # type: ignore[arg-type]
        else:
            lesson.offer(lesson.step.expect)


def test_the_lesson_explains_another_legal_move_gently() -> None:
    lesson = Lesson(load_tutorial("block"))
    verdict = lesson.judge("lead 5-5")  # legal, but not the lesson's move
    assert verdict == Verdict(
        False, "Any tile may lead, but this lesson starts with the double six."
    )
    assert lesson.match.actions == ()


def test_a_step_without_words_for_other_moves_names_the_move_it_wants() -> None:
    lesson = Lesson(load_tutorial("draw"))
    advance_to(lesson, 7)
    assert lesson.step is not None and lesson.step.other is None
    assert "play 5-5 W" in map(str, lesson.match.legal())
    verdict = lesson.judge("play 5-5 W")
    assert verdict.reason == "That move is allowed, but this lesson asks for play 5-0 E now."
    # issue 15.3: a screen says the move in words, in the learner's language
    words = {
        "en": "That move is allowed, but this lesson asks for 5-0 on the east end now.",
        "pt": "Essa jogada é permitida, mas esta lição pede 5-0 na ponta leste agora.",
        "id": "Langkah itu boleh, tetapi pelajaran ini meminta 5-0 di ujung timur sekarang.",
        "ar": "هذه الحركة مسموحة، لكن هذا الدرس يطلب 5-0 على الطرف الشرقي الآن.",
    }
    try:
        for code, line in words.items():
            set_language(code)
            assert lesson_reason(verdict, viewer=1) == line
    finally:
        set_language("en")


def test_a_refusal_in_a_lesson_names_its_place_in_words() -> None:
    lesson = Lesson(load_tutorial("draw"))
    advance_to(lesson, 7)
    verdict = lesson.judge("play 6-5 E")  # the east end shows a 0
    assert verdict.refused is not None and str(verdict.refused) == verdict.reason
    assert verdict.reason == "6-5 does not match the open 0 on the east end"
    try:
        set_language("pt")
        assert lesson_reason(verdict, viewer=1) == "6-5 não combina com o 0 aberto na ponta leste"
    finally:
        set_language("en")


def test_a_move_the_rules_refuse_is_explained_by_the_rules() -> None:
    """L-10: another player's closed branch takes only doubles; the lesson says so."""
    lesson = Lesson(load_tutorial("longana"))
    advance_to(lesson, 3)
    verdict = lesson.judge("play 3-1 branch 2")
    assert not verdict.accepted and verdict.reason and "\n" not in verdict.reason
    assert lesson.judge("pass").accepted


def test_nothing_is_the_learners_while_a_computer_replies() -> None:
    lesson = Lesson(load_tutorial("block"))
    lesson.offer("lead 6-6")
    assert lesson.step is None
    assert not lesson.judge("play 6-4 E").accepted
    assert str(lesson.reply()) == "play 6-4 E"


def test_undo_takes_the_lesson_back_with_the_match() -> None:
    lesson = Lesson(load_tutorial("block"))
    lesson.offer("lead 6-6")
    lesson.match.play(lesson.reply())  # type: ignore[arg-type]
    assert lesson.step is not None and lesson.step.number == 2
    lesson.match.undo()
    assert lesson.step is not None and lesson.step.number == 1 and lesson.position == 0


def test_a_tutorial_may_speak_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (LEVELS / "block.toml").read_text(encoding="utf-8")
    text = text.replace(
        'say = "A short round, five tiles each.',
        'say = { en = "Lead.", pt = "Saia com o duplo seis." }\nx = "',
        1,
    ).replace('\nx = "', "\n# ", 1)
    path = tmp_path / "block.toml"
    path.write_text(text, encoding="utf-8")
    tutorial = read_tutorial(path)
    assert tutorial.steps[0].text() == "Lead."
    monkeypatch.setattr("game.learn.table.language", lambda: "pt")
    assert tutorial.steps[0].text() == "Saia com o duplo seis."
    assert tutorial.steps[1].text().startswith("The line has two ends")  # English otherwise


# -- refusals: one line naming the file and the step, nothing else touched -------------------

GOOD = (LEVELS / "block.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('expect = "play 6-3 W"', 'expect = "play 6-3 E"', "step 2: 'play 6-3 E':"),
        ('expect = "lead 6-6"', 'expect = "lead 6-6"\nhop = 1', "step 1: unknown key 'hop'"),
        ('tiles = ["6-3"]', 'tiles = ["2-1"]', "step 2: 2-1 is neither in the learner's hand"),
        ('tiles = ["6-3"]', 'tiles = ["6-7"]', "step 2: 'tiles':"),
        ('targets = ["W"]', 'targets = ["up"]', "step 2: 'targets' must list places"),
        ('rule = "F-20"', 'rule = "twenty"', "step 2: 'rule' must be a rule id"),
        ('replies = ["play 6-4 E"]', "replies = []", "step 1: seat 2 is to move next"),
        (
            'replies = ["play 6-4 E"]',
            'replies = ["play 6-4 E", "play 6-3 W"]',
            "step 1: reply 2 is the learner's move",
        ),
        ('replies = ["play 4-4 E"]', 'replies = ["play 4-2 E"]', "step 3: 4-4 is neither"),
        ('expect = "play 5-5 E"', 'expect = "play 5-5 W"', "step 6: 'play 5-5 W':"),
        ('replies = ["pass"]', 'replies = ["play 3-3 E"]', "step 5: reply 1: 'play 3-3 E':"),
        ('say = "Now the east', 'expect2 = "x"\nsay = "Now', "step 5: unknown key 'expect2'"),
        ('say = "Your opponent could', 'say = { pt = "x" }\n# "', "step 6: 'say' must be a text"),
        ('rules = "block"', 'rules = "draw"', "'rules' must be \"block\", the file's name"),
        ("first = 1", "first = 3", "'first' must be the seat that leads, 1 to 2"),
        ("first = 1", 'first = 1\nbefore = ["lead 6-6"]', "before 1 is the learner's move"),
        ('"3-3"]]', '"6-6"]]', "the deal names 6-6 more than once"),
        ("hand_size = 5", "hand_size = 50", "do not fit"),
        ('title = "Block', 'title = 5\n# "', "'title' must be a text"),
        ("[deal]", "[deal]\nhands = 1\n[x]", "unknown key 'x'"),
        ("players = 2", "players = 2\n[", "not valid TOML"),
    ],
)
def test_a_malformed_tutorial_is_one_line_naming_the_file_and_the_step(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    assert old in GOOD
    path = tmp_path / "block.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LearnError) as caught:
        read_tutorial(path)
    message = str(caught.value)
    assert message.startswith("tutorials/block.toml: ") and words in message, message
    assert "\n" not in message
    assert path.read_text(encoding="utf-8") == GOOD.replace(old, new, 1)  # nothing touched


def test_a_script_that_stops_before_the_round_ends_is_refused(tmp_path: Path) -> None:
    cut = GOOD[: GOOD.rindex("[[steps]]")]
    path = tmp_path / "block.toml"
    path.write_text(cut, encoding="utf-8")
    with pytest.raises(LearnError, match=r"^tutorials/block.toml: step 5: the round is not over"):
        read_tutorial(path)


def test_a_step_after_the_round_is_over_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "block.toml"
    path.write_text(GOOD + '\n[[steps]]\nsay = "More."\nexpect = "pass"\n', encoding="utf-8")
    with pytest.raises(LearnError, match=r"^tutorials/block.toml: step 7: the round is already"):
        read_tutorial(path)


def test_a_missing_or_unreadable_tutorial_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(LearnError, match=r"^tutorials/block.toml: no such file$"):
        read_tutorial(tmp_path / "block.toml")
    (tmp_path / "block.toml").mkdir()
    with pytest.raises(LearnError, match=r"^tutorials/block.toml: is a folder"):
        read_tutorial(tmp_path / "block.toml")


def test_a_bad_tutorial_costs_only_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    import game.learn.tutorials as tutorials

    folder = tmp_path / "levels" / "tutorials"
    shutil.copytree(LEVELS, folder)
    (folder / "draw.toml").write_text("rules = [", encoding="utf-8")
    monkeypatch.setattr(tutorials, "data_path", lambda *parts: tmp_path.joinpath(*parts))
    tutorials.load_tutorial.cache_clear()
    try:
        good, problems = load_all()
    finally:
        tutorials.load_tutorial.cache_clear()
    assert set(good) == set(names()) - {"draw"}
    assert len(problems) == 1 and problems[0].startswith("tutorials/draw.toml: not valid TOML")


@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
def test_the_first_lesson_says_once_what_the_faint_marks_on_the_ends_mean(language: str) -> None:
    """Issue 35, Deliver 5: the table marks each end a tile in hand fits; the first lesson
    of the six (the simplest game's) says so once, in every language, and no other does."""
    from game.rules import listed

    marks = {"en": "faint mark", "id": "Tanda samar", "pt": "marca clara", "ar": "علامة باهتة"}
    set_language(language)
    try:
        said = {
            name: [
                step.text() for step in load_tutorial(name).steps if marks[language] in step.text()
            ]
            for name in listed()
        }
    finally:
        set_language("en")
    first, *others = listed()
    assert len(said[first]) == 1, said[first]
    assert not any(said[name] for name in others)
