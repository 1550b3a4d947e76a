"""The documents the code names are in the repository, and so is every rule id it names.

A clone has nothing beside it: a docstring that says "docs/DESIGN.md, Budget" or a test
named after ``MT-15`` must lead a reader to a file of ``docs/`` and a line of it. Every
``*.md`` named in ``game/``, ``tests/``, ``tools/`` and ``levels/`` is looked up from the top
of the repository, and every rule id they name is one a file of ``docs/rules/`` defines.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("game", "tests", "tools", "levels")
DOCUMENT = re.compile(r"[\w./*-]*[\w*-]+\.md\b")
RULE_ID = re.compile(r"\b(?:F|MT|L|C)-\d\d\b")
DEFINED = re.compile(r"^- ((?:F|MT|L|C)-\d\d) ", re.MULTILINE)


def _texts() -> dict[str, str]:
    """Every source and preset file, by its path from the top of the repository."""
    return {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for folder in SOURCES
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".toml")
    }


def _defined() -> dict[str, str]:
    """Each rule id of ``docs/rules/`` and the file that defines it."""
    found: dict[str, str] = {}
    for spec in sorted((ROOT / "docs" / "rules").glob("*.md")):
        for rule in DEFINED.findall(spec.read_text(encoding="utf-8")):
            assert rule not in found, f"{rule} defined in {found[rule]} and {spec.name}"
            found[rule] = spec.name
    return found


def test_every_named_document_is_in_the_repository() -> None:
    named = {(where, name) for where, text in _texts().items() for name in DOCUMENT.findall(text)}
    assert named, "no document named at all: the pattern is wrong"
    missing = sorted(
        f"{where}: {name}" for where, name in named if not list(ROOT.glob(name.lstrip("./")))
    )
    assert missing == []


def test_every_named_rule_id_is_defined_in_docs_rules() -> None:
    defined = _defined()
    named = {(where, rule) for where, text in _texts().items() for rule in RULE_ID.findall(text)}
    assert len(defined) == 22 + 28 + 25 + 25  # Cuban, the Fives, Longana, Mexican Train
    assert sorted(f"{where}: {rule}" for where, rule in named if rule not in defined) == []


@pytest.mark.parametrize(
    ("spec", "card"),
    [
        ("docs/rules/longana.md", "000_4dc790f725cf8063.txt"),
        ("docs/rules/fives.md", "002_07248b34ea6d12d8.txt"),
        ("docs/rules/mexican-train.md", "003_6095fd5b6406ed7c.txt"),
        ("docs/rules/cuban.md", "004_5fb2c641ba2c5b34.txt"),
    ],
)
def test_each_specification_names_the_card_it_comes_from(spec: str, card: str) -> None:
    text = (ROOT / spec).read_text(encoding="utf-8")
    assert f"`docs/cards/{card}`" in text
    assert (ROOT / "docs" / "cards" / card).is_file()
