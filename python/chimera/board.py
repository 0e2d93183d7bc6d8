"""`chimera.Board`: a mutable board shaped like python-chess's `chess.Board`.

The core (moves, notation, rules, results) is `chimera._native._Board`, in Rust; this
module adds the parts that read better in Python: the `Outcome` dataclass, the
`Termination` enum, the `legal_moves` view and the crazyhouse-style `pockets`.

Conventions, as python-chess's where they fit:

* `turn` and colours are booleans: `True` (`chimera.WHITE`) for White.
* Squares are numbers `rank * files + file` from a1 = 0: python-chess's numbering on
  8x8, the same formula on other boards (`board.files` wide); `square_name` and
  `parse_square` take `files=`.
* Piece types (`Piece.piece_type`, `Move.promotion`, `Move.drop`) are the variant's
  lowercase FEN letters (`"q"`), not python-chess's integers.
* `push` plays only legal moves (python-chess pushes any pseudo-legal move unchecked),
  and no move once the game is over; `legal_moves` is empty then.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Iterator, Optional

from ._native import Move, _Board

WHITE = True
BLACK = False


class Termination(enum.Enum):
    """How a game ended: python-chess's names, and Chimera's for its other counts."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()
    #: A repetition rule with another count (a variant's `repetition = 4`).
    REPETITION = enum.auto()
    #: A move rule with another count.
    MOVE_RULE = enum.auto()


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess's `chess.Outcome`, plus Chimera's `reason`)."""

    termination: Termination
    #: `True` for White, `False` for Black, `None` for a draw.
    winner: Optional[bool]
    #: Chimera's reason code: `checkmate`, `repetition`, `king-exploded`, `check-count`...
    reason: str = ""

    def result(self) -> str:
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class Pocket:
    """One side's pieces in hand, by lowercase letter (python-chess's `CrazyhousePocket`,
    read-only: a snapshot of the board when it was asked for)."""

    def __init__(self, counts: dict[str, int]):
        self._counts = dict(counts)

    def count(self, piece_type: str) -> int:
        return self._counts.get(piece_type.lower(), 0)

    def pieces(self) -> dict[str, int]:
        return dict(self._counts)

    def __len__(self) -> int:
        return sum(self._counts.values())

    def __str__(self) -> str:
        return "".join(letter * n for letter, n in self._counts.items())

    def __repr__(self) -> str:
        return f"Pocket({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pocket) and self._counts == other._counts


class LegalMoveGenerator:
    """The legal moves of a board, as python-chess's `board.legal_moves` (a live view:
    it reads the board each time)."""

    def __init__(self, board: Board):
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self._board._legal_moves())

    def __len__(self) -> int:
        return self._board._count_legal()

    def count(self) -> int:
        return self._board._count_legal()

    def __bool__(self) -> bool:
        return self._board._count_legal() > 0

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._board.is_legal(move)

    def __repr__(self) -> str:
        sans = ", ".join(self._board.san(m) for m in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class Board(_Board):
    """A mutable board of any variant: `Board("crazyhouse")`, `Board(fen=...)`,
    `Board(chimera.variant(path))`, `Board("chess", fen, chess960=True)`."""

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        return LegalMoveGenerator(self)

    @property
    def pockets(self) -> Optional[list[Pocket]]:
        """`[black, white]`, so `pockets[chimera.WHITE]` is White's; `None` in a
        variant without hands."""
        if not self._has_hands():
            return None
        counts: list[dict[str, int]] = [{}, {}]
        for color, letter, n in self._hands():
            counts[int(color)][letter] = n
        return [Pocket(counts[0]), Pocket(counts[1])]

    def board_fen(self) -> str:
        """The FEN's board field, without a hand (`[...]`)."""
        field = self.fen().split(" ", 1)[0]
        return field.split("[", 1)[0]

    def epd(self) -> str:
        """The FEN without its two clocks."""
        return " ".join(self.fen().split(" ")[:-2])

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended (the rules' automatic ends); with `claim_draw`, else a
        draw the side to move may claim."""
        found = self._outcome(claim_draw)
        if found is None:
            return None
        winner, termination, reason = found
        return Outcome(Termination[termination], winner, reason)

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        """`1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    def __repr__(self) -> str:
        if self.uci_variant == "chess" and not self.chess960:
            return f"Board({self.fen()!r})"
        extra = ", chess960=True" if self.chess960 else ""
        return f"Board({self.uci_variant!r}, {self.fen()!r}{extra})"


__all__ = [
    "BLACK",
    "Board",
    "LegalMoveGenerator",
    "Outcome",
    "Pocket",
    "Termination",
    "WHITE",
]
