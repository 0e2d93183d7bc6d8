"""Chimera: a rules engine for chess variants defined in TOML.

    >>> import chimera
    >>> board = chimera.Board("crazyhouse")
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
    >>> v = chimera.variant("chess")
    >>> p = v.position().play("e4").play("e7e5")
    >>> p.explain("Ke3")
    ('piece-cannot-move-there', ...)

`chimera.Board` is python-chess's `chess.Board` for every variant, and this module has
python-chess's names (`chimera.E4`, `chimera.PAWN`, `chimera.SquareSet`,
`chimera.STARTING_FEN`...), so that a python-chess program runs with `import chimera as
chess`; `chimera.pgn` reads PGN games as `chess.pgn` does; `chimera.engine` is `chess.engine` over Chimera's own search; `Variant`/`Position` are the
functional API; `chimera.compat` offers pyffish's functions with pyffish's conventions;
`chimera.snapshot(folder)` checks a folder of rule edge cases against their snapshots
(for pytest).
"""

import sys as _sys
from typing import TYPE_CHECKING, Any

from ._native import (
    AmbiguousMoveError,
    FenError,
    GameVerdict,
    IllegalMove,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    MovetextError,
    Position,
    RulesetError,
    Variant,
    __version__,
    builtins,
    validate,
)
from . import core as _core
from .core import *  # noqa: F401,F403 (python-chess's module-level names)
from .core import __all__ as _core_names
from .board import BaseBoard, Board, LegalMoveGenerator, Move, Outcome, Piece, Pocket, PseudoLegalMoveGenerator, Termination
from . import pgn
from . import engine
from . import svg
from .cases import snapshot
from .variant_boards import VariantNamespace as _VariantNamespace

#: `chimera.variant("crazyhouse")` loads a variant (a built-in's name or a ruleset file);
#: `chimera.variant.CrazyhouseBoard`, `chimera.variant.find_variant` are python-chess's
#: `chess.variant` (so `import chimera as chess` keeps `chess.variant.CrazyhouseBoard()`).
variant = _VariantNamespace()
# ... also imported as a module (`import chimera.variant`, `from chimera.variant import
# CrazyhouseBoard`), which is also how pickle finds its classes again.
_sys.modules[__name__ + ".variant"] = variant  # type: ignore[assignment]


if TYPE_CHECKING:
    from .core import BB_DIAG_ATTACKS, BB_DIAG_MASKS, BB_FILE_ATTACKS, BB_FILE_MASKS, BB_RANK_ATTACKS, BB_RANK_MASKS
else:

    def __getattr__(name: str) -> Any:
        """python-chess's sliding attack tables (`BB_RANK_ATTACKS`...), built on first use."""
        return getattr(_core, name)


__all__ = [
    "AmbiguousMoveError",
    "BaseBoard",
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
    "PseudoLegalMoveGenerator",
    "RulesetError",
    "Termination",
    "Variant",
    "__version__",
    "builtins",
    "engine",
    "pgn",
    "snapshot",
    "svg",
    "validate",
    "variant",
    *_core_names,
]
