"""Chimera: a rules engine for chess variants defined in TOML.

    >>> import chimera
    >>> v = chimera.variant("chess")
    >>> p = v.position().play("e4").play("e7e5")
    >>> p.explain("Ke3")
    ('piece-cannot-move-there', ...)

`chimera.compat` offers pyffish's functions with pyffish's conventions.
"""

from ._native import (
    FenError,
    GameVerdict,
    IllegalMove,
    MovetextError,
    Position,
    RulesetError,
    Variant,
    __version__,
    builtins,
    validate,
    variant,
)

__all__ = [
    "FenError",
    "GameVerdict",
    "IllegalMove",
    "MovetextError",
    "Position",
    "RulesetError",
    "Variant",
    "__version__",
    "builtins",
    "validate",
    "variant",
]
