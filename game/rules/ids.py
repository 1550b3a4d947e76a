"""The rule cards' ids: a card's letters, a dash and two digits (``F-35``, ``MT-05``).

Data that names a rule — a lesson's step says which rule it teaches — is
checked against this one pattern, so the cards' numbering is known in one place.
"""

from __future__ import annotations

import re

RULE_ID = re.compile(r"^[A-Z]{1,2}-\d{2}$")
EXAMPLE = "F-35"  # the id an error message shows as a model


def is_rule_id(text: str) -> bool:
    """Whether ``text`` is written as a rule card's id (not whether that rule exists)."""
    return RULE_ID.match(text) is not None
