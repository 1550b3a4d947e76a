"""The layers of docs/DESIGN.md: the rules never import the display or physics."""

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
FORBIDDEN = {"arcade", "pyglet", "pymunk"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", sorted((GAME / "rules").rglob("*.py")), ids=lambda p: p.name)
def test_rules_modules_import_no_display_or_physics(path: Path) -> None:
    assert not _imports(path) & FORBIDDEN, f"{path.name} imports {_imports(path) & FORBIDDEN}"


def test_importing_the_rules_loads_no_display_or_physics() -> None:
    code = "import sys, game.rules, game.match, game.record; print(sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {name.split(".")[0] for name in eval(out.stdout)}
    assert not loaded & FORBIDDEN


def test_the_scanner_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import pyglet.gl\nfrom arcade import View\n")
    assert _imports(bad) >= {"pyglet", "arcade"}


def test_no_pickle_anywhere_in_game() -> None:
    for path in GAME.rglob("*.py"):
        assert "pickle" not in _imports(path), f"{path} imports pickle; saves are JSON"


def _declared() -> set[str]:
    """The distributions ``[project] dependencies`` names, normalised (PEP 503)."""
    project = tomllib.loads((GAME.parent / "pyproject.toml").read_text(encoding="utf-8"))
    names = (re.match(r"[A-Za-z0-9._-]+", spec) for spec in project["project"]["dependencies"])
    return {_normal(name.group(0)) for name in names if name}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_package_the_game_imports_is_declared_and_every_declared_one_imported() -> None:
    """Issue 30 item 4: nothing arrives only through arcade's own pins (Pillow, pyglet)."""
    imported = set().union(*(_imports(path) for path in GAME.rglob("*.py")))
    outside = imported - set(sys.stdlib_module_names) - {"game", "__future__"}
    providers = importlib.metadata.packages_distributions()
    unknown = {name for name in outside if name not in providers}
    assert not unknown, f"imported but installed by no distribution: {unknown}"
    needed = {_normal(dist) for name in outside for dist in providers[name]}
    assert needed == _declared(), (
        f"imported, not declared: {needed - _declared()}; declared, not imported: "
        f"{_declared() - needed}"
    )


def _module_name(path: Path, root: Path) -> str:
    """The dotted name of a module file under ``root`` (a package is its ``__init__``)."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_graph(root: Path) -> dict[str, set[str]]:
    """Every module under ``root`` and the modules of the same tree it imports: every
    ``import``, function-local and ``TYPE_CHECKING`` ones too. ``from pkg import name``
    imports ``pkg.name`` where that is a module, else ``pkg``; a bare relative
    ``from . import name`` imports the package as well, since running it runs the
    package's ``__init__`` (that is how a submodule came back to its package before)."""
    files = {_module_name(path, root): path for path in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names if alias.name in files}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                    if not node.module:
                        edges.add(source)
                else:
                    source = node.module or ""
                for alias in node.names:
                    whole = f"{source}.{alias.name}"
                    edges.add(whole if whole in files else source)
        graph[name] = {edge for edge in edges if edge in files and edge != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for edge in sorted(graph[node]):
            if edge not in index:
                visit(edge)
                low[node] = min(low[node], low[edge])
            elif edge in stack:
                low[node] = min(low[node], index[edge])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_in_game_counting_every_import() -> None:
    """Issue 31: no module comes back to itself through its imports, wherever they sit."""
    assert _cycles(_module_graph(GAME)) == []


def test_the_cycle_scanner_sees_a_local_a_type_checking_and_a_package_cycle(
    tmp_path: Path,
) -> None:
    tree = tmp_path / "game"
    (tree / "pkg").mkdir(parents=True)
    (tree / "__init__.py").write_text("")
    (tree / "a.py").write_text("def f():\n    from game import b\n")
    (tree / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import game.a\n"
    )
    (tree / "pkg" / "__init__.py").write_text("from .low import x\n")
    (tree / "pkg" / "low.py").write_text("from . import other\n")
    (tree / "pkg" / "other.py").write_text("")
    (tree / "pkg" / "ok.py").write_text("from .other import y\n")
    assert _cycles(_module_graph(tree)) == [["game.a", "game.b"], ["game.pkg", "game.pkg.low"]]


def _name_tests(path: Path, rule_sets: set[str]) -> list[int]:
    """The lines where a module tests a rule set's name: compares a value with one (``==``,
    ``!=``, ``in`` a literal) or keys a literal table by them (two names or more: one name
    among other keys is a word, such as the hint code "draw"). A default
    (``rules="block"``) or a call (``create("draw")``) names a game without asking which
    game this is."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            named: list[ast.expr] = []
            for side in (node.left, *node.comparators):
                named.append(side)
                if isinstance(side, ast.Tuple | ast.List | ast.Set):
                    named.extend(side.elts)
            if any(isinstance(x, ast.Constant) and x.value in rule_sets for x in named):
                found.append(node.lineno)
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if len(rule_sets.intersection(keys)) >= 2:
                found.append(node.lineno)
    return found


def test_nothing_outside_the_rules_tests_a_rule_sets_name() -> None:
    """Issue 31: a game says what it is through its traits (game/rules/traits.py); the
    table, the words and the computer read those, never the name."""
    from game.rules import names

    rule_sets = set(names())
    outside = [p for p in GAME.rglob("*.py") if GAME / "rules" not in p.parents]
    found = [
        f"{p.relative_to(GAME.parent)}:{n}" for p in outside for n in _name_tests(p, rule_sets)
    ]
    assert found == []


def test_the_name_scanner_sees_a_comparison_a_membership_and_a_table(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        'if rules.name == "cuban": pass\n'
        'ok = name in ("block", "draw")\n'
        'BUDGET = {"longana": 1, "cuban": 2}\n'
        'fine = create("block", players=2)\n'
        'WORDS = {"draw": "nothing fits: draw", "pass": "nothing fits: pass"}\n'
        'def f(rules="all_fives"): return kind == Kind.DRAW\n'
    )
    rule_sets = {"block", "draw", "all_fives", "longana", "cuban"}
    assert _name_tests(bad, rule_sets) == [1, 2, 3]


def test_the_game_holds_no_test_support_and_imports_none() -> None:
    """Issue 31: the conformance checks and the file fuzz live in tests/support/, out of
    the wheel (which carries game/ whole); nothing in game/ imports the tests' code."""
    support = {p.name for p in (GAME.parent / "tests" / "support").glob("*.py")}
    assert {"conformance.py", "file_fuzz.py"} <= support
    assert not support & {p.name for p in GAME.rglob("*.py")} - {"__init__.py"}
    for path in GAME.rglob("*.py"):
        assert not _imports(path) & {"tests", "pytest", "hypothesis"}, f"{path} imports tests"
