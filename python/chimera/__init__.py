"""Chimera: a rules engine for chess variants defined in TOML.

    >>> import chimera
    >>> board = chimera.Board("crazyhouse")
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> v = chimera.variant("chess")
    >>> p = v.position().play("e4").play("e7e5")
    >>> p.explain("Ke3")
    ('piece-cannot-move-there', ...)

`chimera.Board` is a mutable board shaped like python-chess's; `chimera.pgn` reads PGN
games as `chess.pgn` does; `Variant`/`Position` are the functional API; `chimera.compat`
offers pyffish's functions with pyffish's conventions; `chimera.snapshot(folder)` checks a
folder of rule edge cases against their snapshots (for pytest).
"""

from ._native import (
    AmbiguousMoveError,
    FenError,
    GameVerdict,
    IllegalMove,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Move,
    MovetextError,
    Piece,
    Position,
    RulesetError,
    Variant,
    __version__,
    builtins,
    parse_square,
    square_name,
    validate,
    variant,
)
from .board import BLACK, WHITE, Board, LegalMoveGenerator, Outcome, Pocket, Termination
from . import pgn
from .cases import snapshot

__all__ = [
    "AmbiguousMoveError",
    "BLACK",
    "Board",
    "FenError",
    "GameVerdict",
    "IllegalMove",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "Match",
    "Move",
    "MovetextError",
    "Outcome",
    "Piece",
    "Pocket",
    "Position",
    "RulesetError",
    "Termination",
    "Variant",
    "WHITE",
    "__version__",
    "builtins",
    "parse_square",
    "pgn",
    "snapshot",
    "square_name",
    "validate",
    "variant",
]
