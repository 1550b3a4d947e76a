"""The catalogues: gettext conventions, every language complete, fields and plural forms right.

The catalogues are PO files under assets/locale/ with their compiled .mo beside them
(committed: ``python -m tools.i18n update`` writes both). These tests read the PO files
with the tool's reader and the .mo files with the standard library's gettext, the way
the game does.
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest

from game import i18n
from game.resources import DataError
from tools import i18n as catalogues
from tools.i18n import Message, compile_mo, header_text, po_path, problems, read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
CODES = ("en", "id", "pt", "ar")
# The plural rules, written out here rather than read from the tool: Arabic counts 0, 1,
# 2, 3-10, 11-99 and the rest differently; Indonesian has one form; Portuguese two.
NPLURALS = {"en": 2, "id": 1, "pt": 2, "ar": 6}


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def test_the_game_speaks_the_four_languages_of_its_cards() -> None:
    assert i18n.languages() == list(CODES)
    assert [i18n.language_name(c) for c in CODES] == [
        "English",
        "Bahasa Indonesia",
        "Português",
        "العربية",
    ]
    assert [i18n.right_to_left(c) for c in CODES] == [False, False, False, True]


@pytest.mark.parametrize("code", CODES)
def test_each_committed_mo_is_its_po_compiled(code: str) -> None:
    """A PO edited without ``python -m tools.i18n update`` leaves a stale .mo: caught here."""
    committed = po_path(code).with_suffix(".mo").read_bytes()
    assert catalogues.mo_bytes(code) == committed, f"run python -m tools.i18n update ({code})"


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_holds_exactly_the_messages_the_game_shows(code: str) -> None:
    """Every literal ``_()``/``ngettext()``/``pgettext()`` in game/, every rules line and
    every tutorial sentence is in each catalogue, and nothing the game no longer says."""
    extracted = {m.key: m.plural for m in catalogues.extract()}
    _, messages = read_po(po_path(code))
    held = {m.key: m.plural for m in messages}
    assert sorted(set(extracted) - set(held), key=str) == [], "run python -m tools.i18n update"
    assert sorted(set(held) - set(extracted), key=str) == [], "run python -m tools.i18n update"
    assert held == extracted  # the same plurals too


@pytest.mark.parametrize("code", CODES)
def test_each_catalogue_has_its_languages_plural_rule(code: str) -> None:
    header, messages = read_po(po_path(code))
    assert f"Language: {code}\n" in header
    assert f"Plural-Forms: nplurals={NPLURALS[code]};" in header
    for m in messages:
        if m.plural is not None:
            assert len(m.strs) == NPLURALS[code], (code, m.msgid)


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated_with_its_fields_and_plural_forms(code: str) -> None:
    """Non-empty in every language, the same ``{fields}`` as the English, every plural form."""
    assert problems(code) == []


@pytest.mark.parametrize("code", ("id", "pt", "ar"))
def test_a_translation_is_not_the_english_copied(code: str) -> None:
    """Names (Longana, BONEYARD, Pollona), keys and numbers read alike in every language;
    anything else left as its English is a message nobody translated."""
    _, messages = read_po(po_path(code))
    words = [(m, re.sub(r"\{\w*\}", "", m.msgid).strip()) for m in messages]
    copied = [m.msgid for m, w in words if m.strs == [m.msgid] and " " in w and w[0].isalpha()]
    assert copied == []


def test_english_is_a_catalogue_of_its_own_words() -> None:
    _, messages = read_po(po_path("en"))
    for m in messages:
        assert m.strs == ([m.msgid] if m.plural is None else [m.msgid, m.plural])


# -- the checks themselves cannot be fooled ---------------------------------------------------


def _catalogue(tmp_path: Path, code: str, messages: list[Message]) -> Path:
    write_po(po_path(code, tmp_path), code, messages)
    return tmp_path


def test_the_check_finds_every_kind_of_shortfall(tmp_path: Path) -> None:
    root = _catalogue(
        tmp_path,
        "ar",
        [
            Message("Pass", strs=[""]),
            Message("{seat} passed", strs=["مرّ"]),
            Message("Seat {n}", strs=["المقعد {n} {x}"]),
            Message("{n} tile", plural="{n} tiles", strs=["{n}", "قطعة", "قطعتان"]),
            Message("{n} pip", plural="{n} pips", strs=["a", "b", "c", "d", "e", "{n} {seat}"]),
            Message("{n} point", plural="{n} points", strs=["x", "نقطة", "نقطتان", "{n} ا"] * 2),
        ],
    )
    found = problems("ar", root)
    assert any("'Pass'" in p and "untranslated" in p for p in found)
    assert any("'{seat} passed'" in p and "fields" in p for p in found)
    assert any("'Seat {n}'" in p and "fields" in p for p in found)
    assert any("'{n} tile'" in p and "3 forms, the plural rule has 6" in p for p in found)
    assert any("'{n} pip'" in p and "fields ['n', 'seat']" in p for p in found)
    assert any("'{n} point'" in p and "8 forms" in p for p in found)


def test_a_plural_form_may_say_its_count_in_words(tmp_path: Path) -> None:
    """Arabic's "one tile" and "two tiles" name no number: the count field may go, no other."""
    forms = ["لا قطع", "قطعة واحدة", "قطعتان", "{n} قطع", "{n} قطعة", "{n} قطعة"]
    root = _catalogue(tmp_path, "ar", [Message("{n} tile", plural="{n} tiles", strs=forms)])
    assert problems("ar", root) == []


def test_the_po_reader_reads_what_the_writer_wrote(tmp_path: Path) -> None:
    tricky = [
        Message('Press "Show my tiles"\\ then\ttab', strs=['Tekan "Lihat"\\ lalu\ttab']),
        Message("Restart round", ctx="hand", strs=["Ulangi tangan"]),
        Message("Two\nlines", strs=["Dua\nbaris"]),
        Message("{n} tile", plural="{n} tiles", strs=["{n} batu"]),
    ]
    root = _catalogue(tmp_path, "id", tricky)
    header, back = read_po(po_path("id", root))
    assert header == header_text("id")
    assert [(m.ctx, m.msgid, m.plural, m.strs) for m in back] == [
        (m.ctx, m.msgid, m.plural, m.strs) for m in tricky
    ]


def test_the_compiled_catalogue_is_what_gettext_reads(tmp_path: Path) -> None:
    forms = ["لا قطع", "قطعة واحدة", "قطعتان", "{n} قطع", "{n} قطعة", "{n} قطعة."]
    messages = [
        Message("Pass", strs=["مرور"]),
        Message("Restart round", ctx="hand", strs=["أعد اليد"]),
        Message("{n} tile", plural="{n} tiles", strs=forms),
        Message("Untranslated", strs=[""]),
    ]
    found = gettext.GNUTranslations(io.BytesIO(compile_mo(header_text("ar"), messages)))
    assert found.gettext("Pass") == "مرور"
    assert found.pgettext("hand", "Restart round") == "أعد اليد"
    assert found.pgettext("other", "Restart round") == "Restart round"
    assert found.gettext("Untranslated") == "Untranslated"  # English until translated
    counted = [found.ngettext("{n} tile", "{n} tiles", n) for n in (0, 1, 2, 3, 10, 11, 99, 100)]
    assert counted == [forms[i] for i in (0, 1, 2, 3, 3, 4, 4, 5)]


# -- the game's side: switching, falling back, the system's choice -----------------------------


def test_the_language_switches_at_run_time_and_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n._("A sentence nobody wrote yet") == "A sentence nobody wrote yet"
    for code in CODES:
        assert i18n.set_language(code) == code == i18n.language()
        assert i18n._("A sentence nobody wrote yet") == "A sentence nobody wrote yet"
        assert i18n.ngettext("{n} thing", "{n} things", 1) == "{n} thing"


def test_the_system_locale_picks_the_first_language() -> None:
    pick = i18n.system_language
    assert pick({"LANG": "pt_BR.UTF-8"}) == "pt"
    assert pick({"LC_ALL": "ar_EG.UTF-8", "LANG": "pt_BR.UTF-8"}) == "ar"
    assert pick({"LC_MESSAGES": "id_ID", "LANG": "pt_PT"}) == "id"
    assert pick({"LC_ALL": "", "LANG": "fr_FR.UTF-8"}) == "en"
    assert pick({"LANG": "C"}) == "en" and pick({}) == "en"


def test_a_broken_catalogue_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pt" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "pt" / "LC_MESSAGES" / "boneyard.mo").write_bytes(b"\x00" * 40)
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    i18n.translation.cache_clear()
    try:
        with pytest.raises(DataError, match=r"^assets/locale/pt/LC_MESSAGES/boneyard.mo: not a"):
            i18n.translation("pt")
        with pytest.raises(DataError, match=r"^assets/locale/id/LC_MESSAGES/boneyard.mo: missing"):
            i18n.translation("id")
    finally:
        monkeypatch.undo()
        i18n.translation.cache_clear()


def test_the_first_start_speaks_the_systems_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.settings import Settings

    monkeypatch.setenv("LC_ALL", "id_ID.UTF-8")
    assert Settings().language == "id"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert Settings().language == "en"
    # a saved choice is the player's own, whatever the system says
    assert Settings.from_json({**Settings(language="ar").to_json()}).language == "ar"


def test_the_command_line_names_a_language() -> None:
    from game.__main__ import parse

    assert parse(["--language", "pt"]).language == "pt"
    with pytest.raises(SystemExit):
        parse(["--language", "xx"])


def test_a_translation_outlives_its_message_for_a_while(tmp_path: Path) -> None:
    """As msgmerge does: a message the game stops showing keeps its translations as ``#~``
    entries (not compiled), and a message that comes back finds them again."""
    (tmp_path / "game").mkdir()
    (tmp_path / "levels").mkdir()
    (tmp_path / "assets" / "lang" / "en").mkdir(parents=True)
    (tmp_path / "assets" / "lang" / "en" / "rules.toml").write_text("[rules]\n")
    code = tmp_path / "game" / "words.py"
    code.write_text('_("Keep")\n_("Go")\n')
    catalogues.update(tmp_path)
    header, messages = read_po(po_path("pt", tmp_path))
    for m in messages:
        m.strs = {"Keep": ["Fica"], "Go": ["Vai"]}[m.msgid]
    write_po(po_path("pt", tmp_path), "pt", messages)
    code.write_text('_("Go")\n')
    catalogues.update(tmp_path)
    assert [m.msgid for m in read_po(po_path("pt", tmp_path))[1]] == ["Go"]
    assert [(m.msgid, m.strs) for m in read_po(po_path("pt", tmp_path), obsolete=True)[1]] == [
        ("Keep", ["Fica"])
    ]
    assert b"Fica" not in po_path("pt", tmp_path).with_suffix(".mo").read_bytes()
    code.write_text('_("Go")\n_("Keep")\n')
    catalogues.update(tmp_path)
    back = {m.msgid: m.strs for m in read_po(po_path("pt", tmp_path))[1]}
    assert back == {"Go": ["Vai"], "Keep": ["Fica"]}
    assert read_po(po_path("pt", tmp_path), obsolete=True)[1] == []
