"""python-chess's `chess.variant` boards (`CrazyhouseBoard`, `ThreeCheckBoard`...) as
`chimera.Board`s of Chimera's built-in variants, reached as `chimera.variant.<name>`:
with `import chimera as chess`, `chess.variant.CrazyhouseBoard()` and
`chess.variant.find_variant("zh")` work as in python-chess.

Each class is `chimera.Board` with its variant fixed, python-chess's constructor
(`CrazyhouseBoard(fen=starting_fen, chess960=False)`) and class attributes
(`uci_variant`, `xboard_variant`, `aliases`, `starting_fen`). `ThreeCheckBoard` writes
its FEN as python-chess does, the checks left before the clocks (`- 3+3 0 1`).
`SuicideBoard` is FICS's suicide chess, which has no castling ("Castling is not
permitted", freechess.org's suicide_chess help file; Fairy-Stockfish's `suicide`): its
start has no castling rights, where python-chess's has `KQkq`.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Optional

from ._native import Variant
from ._native import variant as _load
from .board import Board, Pocket

__all__ = [
    "AntichessBoard",
    "AtomicBoard",
    "CrazyhouseBoard",
    "CrazyhousePocket",
    "GiveawayBoard",
    "HordeBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "SuicideBoard",
    "ThreeCheckBoard",
    "VARIANTS",
    "find_variant",
]

#: python-chess's name for a hand.
CrazyhousePocket = Pocket

_CHESS_ALIASES = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]


class _VariantBoard(Board):
    """A `Board` whose variant is the class's (`uci_variant`)."""

    uci_variant: ClassVar[str]  # type: ignore[misc]
    xboard_variant: ClassVar[str]  # type: ignore[misc]
    aliases: ClassVar[list[str]]  # type: ignore[misc]
    starting_fen: ClassVar[str]  # type: ignore[misc]

    def __init__(self, *args: Any, chess960: bool = False, **kwargs: Any) -> None:
        # python-chess's `CrazyhouseBoard(fen, chess960)`, positionally too.
        if len(args) == 2 and isinstance(args[1], bool):
            chess960 = args[1]
            args = args[:1]
        # `Board(variant, fen)` (what copies and pickles call) names its variant itself.
        if len(args) < 2 and kwargs.get("variant") is None:
            kwargs["variant"] = self.uci_variant
        if not args and "fen" not in kwargs:
            kwargs["fen"] = self.starting_fen
        super().__init__(*args, chess960=chess960, **kwargs)


def _board_class(name: str, uci: str, aliases: list[str], doc: str, xboard: Optional[str] = None) -> type[_VariantBoard]:
    start = _load(uci).start_fen
    attributes = {"__doc__": doc, "__module__": "chimera.variant", "uci_variant": uci,
                  "xboard_variant": xboard or uci, "aliases": aliases, "starting_fen": start}
    return type(name, (_VariantBoard,), attributes)


SuicideBoard = _board_class("SuicideBoard", "suicide", ["Suicide", "Suicide chess"],
                            "FICS's suicide chess: captures compulsory, the king a plain piece, no castling; "
                            "a side without moves wins with fewer pieces.")
GiveawayBoard = _board_class("GiveawayBoard", "giveaway", ["Giveaway", "Giveaway chess", "Give away", "Give away chess"],
                             "Giveaway chess: captures compulsory, the king a plain piece; a side without moves wins.")
AntichessBoard = _board_class("AntichessBoard", "antichess", ["Antichess", "Anti chess", "Anti"],
                              "Lichess's antichess: giveaway without castling.", xboard="giveaway")
AtomicBoard = _board_class("AtomicBoard", "atomic", ["Atomic", "Atom", "Atomic chess"],
                           "Atomic chess: a capture explodes the pieces around it but pawns.")
KingOfTheHillBoard = _board_class("KingOfTheHillBoard", "kingofthehill", ["King of the Hill", "KOTH", "kingOfTheHill"],
                                  "King of the Hill: a king on a centre square wins.")
RacingKingsBoard = _board_class("RacingKingsBoard", "racingkings", ["Racing Kings", "Racing", "Race", "racingkings"],
                                "Racing Kings: no checks; the first king on the eighth rank wins.")
HordeBoard = _board_class("HordeBoard", "horde", ["Horde", "Horde chess"],
                          "Horde: White's 36 pawns against Black's army.")
CrazyhouseBoard = _board_class("CrazyhouseBoard", "crazyhouse", ["Crazyhouse", "Crazy House", "House", "ZH"],
                               "Crazyhouse: captured pieces change sides and are dropped back.")

_CHECKS_GIVEN = re.compile(r"^checks=(\d+)/(\d+)$")


class ThreeCheckBoard(_VariantBoard):
    """Three-check: the third check wins. Its FEN is python-chess's (`- 3+3 0 1`: the
    checks each side has still to give, before the clocks)."""

    uci_variant = "3check"
    xboard_variant = "3check"
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    def fen(self, **kwargs: Any) -> str:
        parts = super().fen(**kwargs).split(" ")
        given = [m for m in map(_CHECKS_GIVEN.match, parts) if m]
        if not given or len(parts) < 6:
            return " ".join(parts)
        parts = [p for p in parts if not _CHECKS_GIVEN.match(p)]
        white, black = (self.remaining_checks or [3, 3])[1], (self.remaining_checks or [3, 3])[0]
        parts.insert(4, f"{white}+{black}")
        return " ".join(parts)

    def epd(self, **kwargs: Any) -> str:
        fields = super().epd(**kwargs).split(" ")
        checks = self.fen(**{k: v for k, v in kwargs.items() if k in ("shredder", "en_passant", "promoted")}).split(" ")[4]
        return " ".join(fields[:4] + [checks] + fields[4:])


ThreeCheckBoard.__module__ = "chimera.variant"


#: The boards `find_variant` looks among, python-chess's list: chess first.
VARIANTS: list[type[Board]] = [Board, SuicideBoard, GiveawayBoard, AntichessBoard, AtomicBoard, KingOfTheHillBoard,
                               RacingKingsBoard, HordeBoard, ThreeCheckBoard, CrazyhouseBoard]


def find_variant(name: str) -> type[Board]:
    """The board class one of whose aliases is `name`, case aside (`"zh"`: `CrazyhouseBoard`);
    `ValueError` for none."""
    for board in VARIANTS:
        aliases: list[str] = _CHESS_ALIASES if board is Board else getattr(board, "aliases")
        if any(alias.lower() == name.lower() for alias in aliases):
            return board
    raise ValueError(f"unsupported variant: {name}")


class VariantNamespace:
    """`chimera.variant`: called, it loads a variant (`chimera.variant("crazyhouse")`, a
    built-in's name or a ruleset file's path, a `Variant`); its attributes are
    python-chess's `chess.variant` (`chimera.variant.CrazyhouseBoard`, `find_variant`)."""

    AntichessBoard = AntichessBoard
    AtomicBoard = AtomicBoard
    CrazyhouseBoard = CrazyhouseBoard
    CrazyhousePocket = CrazyhousePocket
    GiveawayBoard = GiveawayBoard
    HordeBoard = HordeBoard
    KingOfTheHillBoard = KingOfTheHillBoard
    RacingKingsBoard = RacingKingsBoard
    SuicideBoard = SuicideBoard
    ThreeCheckBoard = ThreeCheckBoard
    VARIANTS = VARIANTS
    find_variant = staticmethod(find_variant)

    def __call__(self, source: str) -> Variant:
        return _load(source)

    def __repr__(self) -> str:
        return "<chimera.variant: load a variant, or python-chess's chess.variant boards>"
