"""Where the game's shipped data is found: the presets (``levels/``) and ``assets/``.

The repository keeps both folders at its top level, beside ``game/`` (the layout of
docs/DESIGN.md), and every reader asks this module for them: ``data_path("levels")``,
``data_path("assets", "sounds", "place.wav")``. Two ways the game can be installed:

- **A wheel** (``pip install .``, ``pipx``): the build maps the two folders into the
  package as ``game/data/levels`` and ``game/data/assets`` (``[tool.hatch.build.targets.
  wheel.sources]`` in pyproject.toml), so they are found with :mod:`importlib.resources`.
- **Editable** (``pip install -e .``, what ``./dev`` makes): nothing is copied; the data
  stays in the checkout, and pip records which checkout in the distribution's
  ``direct_url.json`` (PEP 610). That record, not a walk up from a source file, is how
  the checkout is found; it must be the checkout ``game`` itself is imported from.

Anything else (the code run from a folder that is not installed, a file missing from a
broken install) is a :class:`DataError` naming the file: never a silent fallback.

A leaf: it imports nothing from ``game``, so the rules layer may use it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import metadata, resources
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

DISTRIBUTION = "boneyard"
PACKAGE = "game"
PACKAGED = "data"  # the folder inside the package that holds levels/ and assets/ in a wheel


class DataError(Exception):
    """A file the game ships is not where it should be; the message is one line."""


def version() -> str:
    """The installed game's version, from its distribution's metadata: the one number
    pyproject.toml sets, which a wheel, an editable install and the frozen build all carry."""
    return metadata.version(DISTRIBUTION)


def data_path(*parts: str) -> Path:
    """The shipped file or folder ``parts`` (``"levels", "block.toml"``); DataError if missing."""
    path = data_root().joinpath(*parts)
    if not path.exists():
        raise DataError(f"{'/'.join(parts)}: missing from the game's data in {data_root()}")
    return path


@cache
def data_root() -> Path:
    """The folder holding ``levels/`` and ``assets/``: in the package, else the checkout."""
    package = resources.files(PACKAGE)
    if not isinstance(package, Path):
        raise DataError(f"{PACKAGE}: installed as {package}, not as plain files; reinstall it")
    if (package / PACKAGED).is_dir():
        return package / PACKAGED
    for checkout in editable_checkouts():
        if (checkout / PACKAGE).resolve() == package.resolve():
            return checkout
    raise DataError(
        f"{PACKAGE}/{PACKAGED}: no game data beside {package}, and {DISTRIBUTION} is not "
        "installed editable from there (run ./dev, or pip install -e .)"
    )


def editable_checkouts() -> list[Path]:
    """The checkouts editable installs of the game point at (PEP 610's ``direct_url.json``).

    Every distribution of the name is asked, not just the first on the path: a stale
    ``boneyard.egg-info`` left in a checkout by an older build must not hide the record.
    """
    found = []
    for dist in metadata.distributions(name=DISTRIBUTION):
        try:
            info = json.loads(dist.read_text("direct_url.json") or "null")
        except json.JSONDecodeError:
            continue
        if not isinstance(info, dict) or not info.get("dir_info", {}).get("editable"):
            continue
        url = urlparse(str(info.get("url", "")))
        if url.scheme == "file":
            found.append(Path(url2pathname(url.path)))
    return found
