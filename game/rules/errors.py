"""The refusals of the rules layer: each carries one sentence a player understands."""


class IllegalAction(ValueError):
    """An action the rules refuse; ``str(error)`` says why in the player's terms."""


class NotationError(IllegalAction):
    """Text that is not an action of the notation (DESIGN.md, "Action notation")."""


class ConfigError(ValueError):
    """An unknown rule set, a wrong seat count, or a bad option or preset."""
