"""The game's translation catalogues: extract the English, merge it into every language, compile.

    python -m tools.i18n update    # extract, merge into each PO, compile each .mo
    python -m tools.i18n check     # what is untranslated or has the wrong fields (exit 1 if any)

The English comes from three places, in this order:

1. the code: every ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``, ``pgettext("ctx",
   "…")`` and ``npgettext(…)`` in ``game/`` whose texts are string literals (a text built
   at run time could never be translated, so it is never extracted), and the sentence of
   every ``IllegalAction("…", **params)`` and ``NotationError("…", **params)`` the rules
   raise (the refusal the table phrases);
2. the rules panel (``assets/lang/en/rules.toml``): each heading and point, one line each,
   without its ``# `` / ``- `` mark, so a translator sees sentences, not markup;
3. the tutorials and presets (``levels/``): their titles, summaries and every step's words.
   They are in the one catalogue (not beside each lesson) so a translator has one file per
   language, and a lesson edited in English shows its changed sentences as untranslated.

``en/…/boneyard.po`` is written whole (its msgstrs are the English itself, so English is a
catalogue like the others); the other languages keep their translations of the messages
still used, get the new ones empty, and keep the ones no longer used as obsolete ``#~``
entries. The PO files are read and written, and the ``.mo`` files compiled, by polib (the
``i18n`` extra: ``pip install -e ".[i18n]"``; ``./dev`` installs it with the tests); what
is the project's own here is the extraction and the merge. The ``.mo`` files are committed
beside the PO files, so the wheel and an editable checkout read the same files without a
compiler, and a test compiles every PO again and checks the bytes are the committed ones,
so a PO edited without ``update`` fails the suite.

Conventions the check enforces: every msgstr is non-empty; a msgstr has exactly the
``{fields}`` of its msgid, except that a plural form may leave out the count ``{n}``
(Arabic says "two tiles" in one word); a plural entry has as many forms as its
language's ``nplurals``.
"""

from __future__ import annotations

import ast
import re
import string
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import polib  # the i18n extra

from game.ui.words.wording import rules_line  # how the panel reads a line

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "boneyard"
CALLS = {"_": ("msgid",), "ngettext": ("msgid", "plural"), "pgettext": ("ctx", "msgid")}
CALLS |= {"npgettext": ("ctx", "msgid", "plural"), "N_": ("msgid",)}
CALLS["IllegalAction"] = CALLS["NotationError"] = ("msgid",)
COUNT = "n"  # the field a plural form may leave out

# Each language's team name and plural rule (gettext's own expressions).
LANGUAGES = {
    "en": ("English", "nplurals=2; plural=(n != 1);"),
    "id": ("Bahasa Indonesia", "nplurals=1; plural=0;"),
    "pt": ("Português", "nplurals=2; plural=(n != 1);"),
    "ar": (
        "العربية",
        "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
        "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
    ),
}


@dataclass
class Message:
    """One entry of a catalogue: the English (with a context and a plural) and its forms."""

    msgid: str
    ctx: str | None = None
    plural: str | None = None
    strs: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.ctx, self.msgid)


# -- extraction ------------------------------------------------------------------------------


def extract(root: Path = ROOT) -> list[Message]:
    """Every English message the game shows, in a stable order, each once."""
    found: dict[tuple[str | None, str], Message] = {}

    def add(msgid: str, ref: str, ctx: str | None = None, plural: str | None = None) -> None:
        if not msgid.strip():
            return
        message = found.setdefault((ctx, msgid), Message(msgid, ctx, plural))
        if message.plural is None:
            message.plural = plural
        if ref not in message.refs:
            message.refs.append(ref)

    for path in sorted((root / "game").rglob("*.py")):
        for msgid, ctx, plural, line in code_messages(path):
            add(msgid, f"{path.relative_to(root)}:{line}", ctx, plural)
    for key, text in rules_lines(root / "assets" / "lang" / "en" / "rules.toml"):
        add(text, f"assets/lang/en/rules.toml:{key}")
    for path in sorted((root / "levels").rglob("*.toml")):
        for key, text in level_words(path):
            add(text, f"{path.relative_to(root)}:{key}")
    return list(found.values())


def code_messages(path: Path) -> list[tuple[str, str | None, str | None, int]]:
    """``(msgid, context, plural, line)`` of every gettext call with literal texts."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        roles = CALLS.get(name or "")
        if roles is None or len(node.args) < len(roles):
            continue
        texts = {}
        for role, arg in zip(roles, node.args, strict=False):
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                break
            texts[role] = arg.value
        else:
            out.append((texts["msgid"], texts.get("ctx"), texts.get("plural"), node.lineno))
    return out


def rules_lines(path: Path) -> list[tuple[str, str]]:
    """``(rule set, words)`` of every line of every rules text."""
    texts = tomllib.loads(path.read_text(encoding="utf-8")).get("rules", {})
    return [
        (name, rules_line(raw)[1])
        for name, text in texts.items()
        for raw in text.splitlines()
        if raw.strip()
    ]


LEVEL_WORDS = ("title", "summary", "say", "other")


def level_words(path: Path) -> list[tuple[str, str]]:
    """``(where, English)`` of a preset's or tutorial's words meant for the player."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = [(name, data[name]) for name in LEVEL_WORDS if isinstance(data.get(name), str)]
    for part in ("steps", "puzzles"):  # a tutorial's steps, a file's puzzles
        for i, step in enumerate(data.get(part, []), 1):
            for name in LEVEL_WORDS:
                if isinstance(step.get(name), str):
                    out.append((f"{part} {i} {name}", step[name]))
    return out


# -- the catalogues' files, read, written and compiled by polib -----------------------------

WRAP = 0  # one PO line per text line, never wrapped: a translator's diff shows whole sentences


def read_po(path: Path, obsolete: bool = False) -> tuple[str, list[Message]]:
    """A PO file's header text and its messages; with ``obsolete``, its ``#~`` entries
    instead (translations kept for messages the game does not show now)."""
    catalogue = polib.pofile(str(path), wrapwidth=WRAP)
    messages = [_message(e) for e in catalogue if e.obsolete == obsolete]
    return catalogue.metadata_as_entry().msgstr, messages


def _message(entry: polib.POEntry) -> Message:
    strs = [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return Message(entry.msgid, entry.msgctxt, entry.msgid_plural or None, strs or [entry.msgstr])


def _entry(m: Message, obsolete: bool = False) -> polib.POEntry:
    braces = fields_of(m.msgid) or fields_of(m.plural or "")
    entry = polib.POEntry(
        msgid=m.msgid,
        msgctxt=m.ctx,
        occurrences=[tuple(ref.rsplit(":", 1)) for ref in m.refs],
        flags=["python-brace-format"] if braces else [],
        obsolete=obsolete,
    )
    if m.plural is None:
        entry.msgstr = m.strs[0] if m.strs else ""
    else:
        entry.msgid_plural = m.plural
        entry.msgstr_plural = dict(enumerate(m.strs))
    return entry


def _catalogue(header: str, messages: list[Message]) -> polib.POFile:
    catalogue = polib.POFile(wrapwidth=WRAP)
    catalogue.metadata = dict(line.split(": ", 1) for line in header.splitlines())
    catalogue.extend(_entry(m) for m in messages)
    return catalogue


def header_text(code: str) -> str:
    """The header of ``code``'s catalogue, its fields in the order polib writes them, so a
    catalogue read back gives the very text it was written with."""
    team, plurals = LANGUAGES[code]
    return (
        "Project-Id-Version: boneyard\n"
        f"Language-Team: {team}\n"
        f"Language: {code}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {plurals}\n"
    )


def fields_of(text: str) -> set[str]:
    """The ``{fields}`` of a str.format text (``{{`` is no field)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def write_po(
    path: Path, code: str, messages: list[Message], obsolete: list[Message] | None = None
) -> None:
    """The catalogue of ``code``; ``obsolete`` translations are kept commented out, as
    msgmerge keeps them, to be used again when their message comes back."""
    catalogue = _catalogue(header_text(code), messages)
    catalogue.header = (
        f"Boneyard's words in {LANGUAGES[code][0]}. Edit the msgstr lines; run\n"
        "python -m tools.i18n update after editing, to compile the .mo beside it."
    )
    catalogue.extend(_entry(m, obsolete=True) for m in obsolete or [])
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(path))


def nplurals(code: str) -> int:
    return int(re.search(r"nplurals=(\d+)", LANGUAGES[code][1]).group(1))  # type: ignore[union-attr]


def compile_mo(header: str, messages: list[Message]) -> bytes:
    """The ``.mo`` bytes of a catalogue (GNU gettext's format, as the standard library's
    gettext reads it): translated entries only, sorted; an untranslated one falls back to
    the English."""
    return bytes(_catalogue(header, messages).to_binary())


def po_path(code: str, root: Path = ROOT) -> Path:
    return root / "assets" / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_bytes(code: str, root: Path = ROOT) -> bytes:
    return bytes(polib.pofile(str(po_path(code, root)), wrapwidth=WRAP).to_binary())


# -- the commands ----------------------------------------------------------------------------


def update(root: Path = ROOT) -> None:
    """Extract, merge into every catalogue, compile every ``.mo``. A translation of a
    message no longer used is kept as an obsolete ``#~`` entry (and used again if the
    message comes back), as msgmerge does."""
    english = extract(root)
    used = {m.key for m in english}
    for code in LANGUAGES:
        path = po_path(code, root)
        old: dict[tuple[str | None, str], Message] = {}
        if path.exists() and code != "en":
            old = {m.key: m for m in [*read_po(path, obsolete=True)[1], *read_po(path)[1]]}
        kept = sorted(
            (m for key, m in old.items() if key not in used and any(m.strs)),
            key=lambda m: (m.msgid, m.ctx or ""),
        )
        merged = []
        for m in english:
            forms = nplurals(code) if m.plural is not None else 1
            if code == "en":
                strs = [m.msgid] if m.plural is None else [m.msgid, m.plural]
            else:
                known = old.get(m.key)
                strs = list(known.strs) if known is not None else []
                strs = (strs + [""] * forms)[:forms]
            merged.append(Message(m.msgid, m.ctx, m.plural, strs, m.refs))
        write_po(path, code, merged, kept)
        path.with_suffix(".mo").write_bytes(mo_bytes(code, root))


def problems(code: str, root: Path = ROOT) -> list[str]:
    """Every way a catalogue falls short: untranslated, wrong fields, missing plural forms."""
    out = []
    _, messages = read_po(po_path(code, root))
    for m in messages:
        label = f"{code}: {m.msgid[:60]!r}" + (f" (context {m.ctx!r})" if m.ctx else "")
        forms = nplurals(code) if m.plural is not None else 1
        if len(m.strs) != forms:
            out.append(f"{label}: {len(m.strs)} forms, the plural rule has {forms}")
        if not m.strs or not all(s.strip() for s in m.strs):
            out.append(f"{label}: untranslated")
            continue
        want = fields_of(m.msgid) | fields_of(m.plural or "")
        for text in m.strs:
            have = fields_of(text)
            missing = want - have - ({COUNT} if m.plural is not None else set())
            if have - want or missing:
                out.append(f"{label}: fields {sorted(have)} in {text[:40]!r}, want {sorted(want)}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
        return 0
    if command == "check":
        found = [p for code in LANGUAGES for p in problems(code)]
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    print("usage: python -m tools.i18n update | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
