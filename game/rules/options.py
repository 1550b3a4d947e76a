"""The options a rule set declares: each one's type and range, stated once.

A rule set class lists its options in ``declared`` (``hand_size``, ``target``
…); its preset in ``levels/`` gives each one's default, and both the preset
loader and ``create`` check every value against the declaration, so a typo,
a wrong type or a value out of range is refused with the option's name and
what was expected, wherever it comes from.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError, quote

_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


@dataclass(frozen=True)
class Option:
    """One option: its type (bool, int, float or str), its range or its choices."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def expected(self) -> str:
        """What a good value is, in words: ``a whole number from 1 to 1000``."""
        if self.choices:
            return "one of " + ", ".join(quote(c) for c in self.choices)
        words = _KINDS[self.kind]
        if self.low is not None and self.high is not None:
            return f"{words} from {_number(self.low)} to {_number(self.high)}"
        if self.low is not None:
            return f"{words} of at least {_number(self.low)}"
        return words

    def fits(self, value: Any) -> bool:
        """Whether ``value`` is of this option's type (a bool is no number) and in range."""
        if self.kind is float:
            typed = isinstance(value, int | float) and not isinstance(value, bool)
            # a whole number is finite however large (math.isfinite would overflow on it)
            typed = typed and (type(value) is int or math.isfinite(value))
        else:
            typed = type(value) is self.kind
        if not typed:
            return False
        if self.choices:
            return value in self.choices
        low, high = self.low, self.high
        return (low is None or value >= low) and (high is None or value <= high)

    def check(self, value: Any, what: str) -> Any:
        """``value`` if it fits; else :class:`ConfigError` saying ``what must be …, not …``."""
        if not self.fits(value):
            raise ConfigError(f"{what} must be {self.expected()}, not {quote(value)}")
        return value


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'hand_size'?)`` when a known name is close to ``name``, else ""."""
    close = difflib.get_close_matches(name[:60], list(known), n=1) if isinstance(name, str) else []
    return f" (did you mean {quote(close[0])}?)" if close else ""


# The options the rule sets share, declared once each.
HAND_SIZE = Option(int, 1, 91)  # whether the hands fit the set is RuleSet's check
# A target at most 2,000 (setup offers five times a preset's, 1,250 at most): a match to it is a
# few thousand actions at its longest, so a record's length can be bounded (game.record).
TARGET = Option(int, 1, 2_000)
PARTNERS = Option(bool)
FIRST = Option(int, 0, 10)  # a seat, or 0 for the usual way; RuleSet checks the table's size

# Each registered rule set's declared options, by name (filled by ``registry.register``).
DECLARED: dict[str, Mapping[str, Option]] = {}


def check_options(
    declared: Mapping[str, Option], given: Mapping[str, Any], owner: str
) -> dict[str, Any]:
    """``given`` checked name by name against ``declared`` (``owner`` names the rule set)."""
    for name, value in given.items():
        if name not in declared:
            known = ", ".join(sorted(declared))
            hint = did_you_mean(name, declared)
            raise ConfigError(f"{owner} has no option {quote(name)}{hint}; its options are {known}")
        declared[name].check(value, f"Option {name} of {owner}")
    return dict(given)
