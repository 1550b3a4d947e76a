"""The pseudo-language: every message of the English catalogue as ``⟦Áccéntéd⟧`` text (its
``{fields}`` kept), installed in the place of Indonesian while a test runs. A text shown in
it that still has English outside every ``⟦…⟧`` bypassed the catalogues."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from tools.i18n import Message, compile_mo, header_text, po_path, read_po

PSEUDO = "id"  # the language slot the pseudo-language takes for the test
OWN_NAMES = set(i18n.NAMES.values())  # each language's own name is never translated
ACCENTS = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")


def pseudo_text(text: str) -> str:
    """``⟦Séát {n}⟧``: accented outside the fields, wrapped."""
    parts = re.split(r"(\{\w*\})", text)
    return "⟦" + "".join(p if p.startswith("{") else p.translate(ACCENTS) for p in parts) + "⟧"


def installed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The pseudo-language in ``folder``, read in the place of :data:`PSEUDO` until the
    generator is closed (then English again)."""
    shutil.copytree(i18n.locale_folder() / "en", folder / "en")
    _, english = read_po(po_path("en"))
    fake = [
        Message(m.msgid, m.ctx, m.plural, [pseudo_text(m.plural if m.plural else m.msgid)])
        for m in english
    ]
    (folder / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    mo = folder / PSEUDO / "LC_MESSAGES" / "boneyard.mo"
    mo.write_bytes(compile_mo(header_text(PSEUDO), fake))
    monkeypatch.setattr(i18n, "locale_folder", lambda: folder)
    i18n.translation.cache_clear()
    yield
    i18n.set_language("en")
    monkeypatch.undo()
    i18n.translation.cache_clear()


def english_left(texts: list[str]) -> list[str]:
    """The texts with a word left outside every translated ``⟦…⟧`` (tile names, numbers
    and each language's own name read alike everywhere)."""
    found = []
    for text in texts:
        rest = text
        while re.search(r"⟦[^⟦⟧]*⟧", rest):
            rest = re.sub(r"⟦[^⟦⟧]*⟧", "", rest)
        if text.endswith("…"):  # shortened to fit (elide): the cut text's ⟦ lost its ⟧
            rest = re.sub(r"⟦[^⟧]*$", "", rest)
        if text not in OWN_NAMES and re.search(r"[A-Za-z]{2,}", rest):
            found.append(text)
    return found
