"""python-chess's module-level names, for `import chimera as chess`: colours, piece
types, squares, bitboards and `SquareSet`, with python-chess's names and values.

Everything here is about the 8x8 board, as python-chess's is (squares a1 = 0 ... h8 = 63,
bitboards as Python ints); the square helpers take `files=` (and `SquareSet` `files=` and
`ranks=`) for the other boards, where a square is `rank * files + file` as on 8x8.

Piece types are python-chess's integers for the six chess types (`PAWN` = 1 ... `KING` =
6); the other types of a variant are their lowercase letters (`"a"`, `"c"`, `"+p"`), and
`piece_symbol`/`piece_name` accept both.

    >>> import chimera as chess
    >>> chess.square(4, 3) == chess.E4, chess.square_name(chess.E4), chess.parse_square("e4")
    (True, 'e4', 28)
    >>> chess.SquareSet(chess.BB_RANK_1 & chess.BB_FILE_E)
    SquareSet(0x0000_0000_0000_0010)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Iterable, Iterator, Optional, SupportsInt, Union

from ._native import parse_square, square_name

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: list[Color] = [WHITE, BLACK]
#: By colour: `COLOR_NAMES[chess.WHITE] == "white"`.
COLOR_NAMES: list[str] = ["black", "white"]

PieceType = Union[int, str]
PAWN: int = 1
KNIGHT: int = 2
BISHOP: int = 3
ROOK: int = 4
QUEEN: int = 5
KING: int = 6
PIECE_TYPES: list[int] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: list[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: list[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

UNICODE_PIECE_SYMBOLS: dict[str, str] = {
    "R": "♖", "r": "♜",
    "N": "♘", "n": "♞",
    "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛",
    "K": "♔", "k": "♚",
    "P": "♙", "p": "♟",
}


def piece_symbol(piece_type: PieceType) -> str:
    """The lowercase letter of a piece type (`piece_symbol(chess.KNIGHT) == "n"`); a
    variant's lettered type is its own symbol."""
    if isinstance(piece_type, str):
        return piece_type.lower()
    symbol = PIECE_SYMBOLS[piece_type]
    if symbol is None:
        raise IndexError(f"no piece type {piece_type}")
    return symbol


def piece_name(piece_type: PieceType) -> str:
    """`"knight"` for `chess.KNIGHT`; a variant's lettered type is named by its letter."""
    if isinstance(piece_type, str):
        return piece_type.lower()
    name = PIECE_NAMES[piece_type]
    if name is None:
        raise IndexError(f"no piece type {piece_type}")
    return name


FILE_NAMES: list[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: list[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]

#: The FEN of chess's start position.
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#: Its board field.
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


class Status(enum.IntFlag):
    """What is wrong with a position (python-chess's `Board.status()` flags)."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

# --- squares ----------------------------------------------------------------------------

Square = int
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = range(64)
SQUARES: list[Square] = list(range(64))
SQUARE_NAMES: list[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]


def square(file_index: int, rank_index: int, files: int = 8) -> Square:
    """The square on a file and a rank (0-based): `square(4, 3) == chess.E4`."""
    return rank_index * files + file_index


def square_file(square: Square, files: int = 8) -> int:
    """The file of a square, 0 for the a-file."""
    return square % files


def square_rank(square: Square, files: int = 8) -> int:
    """The rank of a square, 0 for the first."""
    return square // files


def square_distance(a: Square, b: Square, files: int = 8) -> int:
    """King steps from one square to the other."""
    return max(abs(a % files - b % files), abs(a // files - b // files))


def square_manhattan_distance(a: Square, b: Square, files: int = 8) -> int:
    """Orthogonal steps from one square to the other."""
    return abs(a % files - b % files) + abs(a // files - b // files)


def _knight_distances() -> list[list[int]]:
    """Knight moves between every two squares of the 8x8 board (breadth first)."""
    jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    table = []
    for start in range(64):
        dist = [-1] * 64
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for sq in frontier:
                f, r = sq % 8, sq // 8
                for df, dr in jumps:
                    nf, nr = f + df, r + dr
                    if 0 <= nf < 8 and 0 <= nr < 8 and dist[nr * 8 + nf] < 0:
                        dist[nr * 8 + nf] = dist[sq] + 1
                        nxt.append(nr * 8 + nf)
            frontier = nxt
        table.append(dist)
    return table


_KNIGHT_DISTANCE = _knight_distances()


def square_knight_distance(a: Square, b: Square) -> int:
    """Knight moves from one square to the other on the 8x8 board."""
    return _KNIGHT_DISTANCE[a][b]


def square_mirror(square: Square, files: int = 8, ranks: int = 8) -> Square:
    """The square on the same file and the mirrored rank (`E2` ↔ `E7`)."""
    return (ranks - 1 - square // files) * files + square % files


SQUARES_180: list[Square] = [square_mirror(sq) for sq in SQUARES]

# --- bitboards --------------------------------------------------------------------------

Bitboard = int
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = (1 << 64) - 1
BB_SQUARES: list[Bitboard] = [1 << sq for sq in SQUARES]
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES

BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_LIGHT_SQUARES: Bitboard = sum(1 << sq for sq in SQUARES if (sq % 8 + sq // 8) % 2 == 1)
BB_DARK_SQUARES: Bitboard = BB_ALL ^ BB_LIGHT_SQUARES

BB_FILES: list[Bitboard] = [sum(1 << (r * 8 + f) for r in range(8)) for f in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS: list[Bitboard] = [0xFF << (8 * r) for r in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


def lsb(bb: Bitboard) -> int:
    """The lowest square of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a non-empty bitboard."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, highest first."""
    while bb:
        sq = bb.bit_length() - 1
        yield sq
        bb ^= 1 << sq


def popcount(bb: Bitboard) -> int:
    return bin(bb).count("1")


def flip_vertical(bb: Bitboard) -> Bitboard:
    """Rank 1 ↔ rank 8."""
    return int.from_bytes((bb & BB_ALL).to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The a-file ↔ the h-file."""
    out = 0
    for rank in range(8):
        row = (bb >> (8 * rank)) & 0xFF
        out |= int(f"{row:08b}"[::-1], 2) << (8 * rank)
    return out


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """Mirrored in the a1-h8 diagonal."""
    out = 0
    for sq in scan_forward(bb & BB_ALL):
        out |= 1 << ((sq % 8) * 8 + sq // 8)
    return out


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """Mirrored in the a8-h1 diagonal."""
    out = 0
    for sq in scan_forward(bb & BB_ALL):
        out |= 1 << ((7 - sq % 8) * 8 + (7 - sq // 8))
    return out


def shift_down(b: Bitboard) -> Bitboard:
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: Bitboard) -> Bitboard:
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    return (b >> 7) & ~BB_FILE_A


def _leaps(square: Square, deltas: Iterable[tuple[int, int]]) -> Bitboard:
    f, r = square % 8, square // 8
    bb = 0
    for df, dr in deltas:
        if 0 <= f + df < 8 and 0 <= r + dr < 8:
            bb |= 1 << ((r + dr) * 8 + f + df)
    return bb


def _slide(square: Square, deltas: Iterable[tuple[int, int]], occupied: Bitboard) -> Bitboard:
    """The squares a rider on `square` reaches along `deltas`, stopping at (and
    including) the first occupied square."""
    bb = 0
    for df, dr in deltas:
        f, r = square % 8 + df, square // 8 + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bb |= 1 << (r * 8 + f)
            if occupied & (1 << (r * 8 + f)):
                break
            f, r = f + df, r + dr
    return bb


_KNIGHT_DELTAS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
_KING_DELTAS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
_DIAGONALS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
_FILE_DELTAS = [(0, 1), (0, -1)]
_RANK_DELTAS = [(1, 0), (-1, 0)]

BB_KNIGHT_ATTACKS: list[Bitboard] = [_leaps(sq, _KNIGHT_DELTAS) for sq in SQUARES]
BB_KING_ATTACKS: list[Bitboard] = [_leaps(sq, _KING_DELTAS) for sq in SQUARES]
#: By colour of the pawn: `BB_PAWN_ATTACKS[chess.WHITE][chess.E4]` is d5 and f5.
BB_PAWN_ATTACKS: list[list[Bitboard]] = [[_leaps(sq, d) for sq in SQUARES] for d in ([(-1, -1), (1, -1)], [(-1, 1), (1, 1)])]


def _line(a: Square, b: Square) -> Bitboard:
    """Every square of the line through `a` and `b` (a rank, file or diagonal), edge to
    edge, both included; 0 if they share none."""
    if a == b:
        return 0
    df, dr = b % 8 - a % 8, b // 8 - a // 8
    if df and dr and abs(df) != abs(dr):
        return 0
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    back = (-step[0], -step[1])
    return _slide(a, [step, back], 0) | BB_SQUARES[a]


BB_RAYS: list[list[Bitboard]] = [[_line(a, b) for b in SQUARES] for a in SQUARES]


def ray(a: Square, b: Square) -> Bitboard:
    """The whole rank, file or diagonal through two squares (0 if none)."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between two squares of a line (0 if not on one)."""
    line = BB_RAYS[a][b]
    if not line:
        return 0
    low, high = min(a, b), max(a, b)
    span = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return line & span


def _subsets(mask: Bitboard) -> Iterator[Bitboard]:
    """Every subset of a mask (the carry-rippler trick)."""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            return


def _edges(square: Square) -> Bitboard:
    return ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[square // 8]) | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[square % 8])


def _attack_table(deltas: list[tuple[int, int]]) -> tuple[list[Bitboard], list[dict[Bitboard, Bitboard]]]:
    masks, tables = [], []
    for sq in SQUARES:
        mask = _slide(sq, deltas, 0) & ~_edges(sq)
        masks.append(mask)
        tables.append({sub: _slide(sq, deltas, sub) for sub in _subsets(mask)})
    return masks, tables


_LAZY: dict[str, object] = {}

if TYPE_CHECKING:
    BB_DIAG_MASKS: list[Bitboard]
    BB_FILE_MASKS: list[Bitboard]
    BB_RANK_MASKS: list[Bitboard]
    BB_DIAG_ATTACKS: list[dict[Bitboard, Bitboard]]
    BB_FILE_ATTACKS: list[dict[Bitboard, Bitboard]]
    BB_RANK_ATTACKS: list[dict[Bitboard, Bitboard]]


def _lazy_table(name: str) -> object:
    """python-chess's sliding attack tables, built on first use (they take a moment)."""
    tables = {
        "BB_DIAG_MASKS": ("diag", 0), "BB_DIAG_ATTACKS": ("diag", 1),
        "BB_FILE_MASKS": ("file", 0), "BB_FILE_ATTACKS": ("file", 1),
        "BB_RANK_MASKS": ("rank", 0), "BB_RANK_ATTACKS": ("rank", 1),
    }
    if name not in tables:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    kind, part = tables[name]
    if kind not in _LAZY:
        _LAZY[kind] = _attack_table({"diag": _DIAGONALS, "file": _FILE_DELTAS, "rank": _RANK_DELTAS}[kind])
    return _LAZY[kind][part]  # type: ignore[index]


if not TYPE_CHECKING:
    __getattr__ = _lazy_table


# --- SquareSet --------------------------------------------------------------------------

IntoSquareSet = Union[SupportsInt, Iterable[Square]]


class SquareSet:
    """A set of squares, stored as a bitboard (python-chess's `SquareSet`): iterates
    lowest square first, prints as a board of `1` and `.`, and compares equal to its
    bitboard and to python-chess's `SquareSet`. On other boards give `files` and
    `ranks` (its complement and its picture need them).

    >>> import chimera as chess
    >>> squares = chess.SquareSet([chess.A8, chess.A1])
    >>> squares
    SquareSet(0x0100_0000_0000_0001)
    >>> chess.B1 in squares, len(squares), list(squares)
    (False, 2, [0, 56])
    """

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, squares: IntoSquareSet = BB_EMPTY, *, files: int = 8, ranks: int = 8) -> None:
        self.files = files
        self.ranks = ranks
        everything = (1 << (files * ranks)) - 1
        if hasattr(squares, "__int__"):
            self.mask = int(squares) & everything  # type: ignore[arg-type]
            return
        self.mask = 0
        for sq in squares:  # type: ignore[union-attr]
            self.add(sq)

    @property
    def _all(self) -> int:
        return (1 << (self.files * self.ranks)) - 1

    def _like(self, mask: int) -> SquareSet:
        return SquareSet(mask, files=self.files, ranks=self.ranks)

    @staticmethod
    def _mask_of(other: IntoSquareSet) -> int:
        if isinstance(other, SquareSet):
            return other.mask
        if hasattr(other, "__int__"):
            return int(other)  # type: ignore[arg-type]
        return sum(1 << sq for sq in set(other))  # type: ignore[union-attr]

    # Set-like views.

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and square >= 0 and bool(self.mask >> square & 1)

    def __iter__(self) -> Iterator[Square]:
        return scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return popcount(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == SquareSet._mask_of(other)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    # Changes.

    def add(self, square: Square) -> None:
        if not 0 <= square < self.files * self.ranks:
            raise IndexError(f"square {square} is off the board")
        self.mask |= 1 << square

    def discard(self, square: Square) -> None:
        self.mask &= ~(1 << square)

    def remove(self, square: Square) -> None:
        if square not in self:
            raise KeyError(square)
        self.mask ^= 1 << square

    def pop(self) -> Square:
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        square = lsb(self.mask)
        self.mask &= self.mask - 1
        return square

    def clear(self) -> None:
        self.mask = BB_EMPTY

    def update(self, *others: IntoSquareSet) -> None:
        for other in others:
            self.mask |= SquareSet._mask_of(other)

    def intersection_update(self, *others: IntoSquareSet) -> None:
        for other in others:
            self.mask &= SquareSet._mask_of(other)

    def difference_update(self, other: IntoSquareSet) -> None:
        self.mask &= ~SquareSet._mask_of(other)

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        self.mask ^= SquareSet._mask_of(other)

    def __ior__(self, other: IntoSquareSet) -> SquareSet:
        self.update(other)
        return self

    def __iand__(self, other: IntoSquareSet) -> SquareSet:
        self.intersection_update(other)
        return self

    def __isub__(self, other: IntoSquareSet) -> SquareSet:
        self.difference_update(other)
        return self

    def __ixor__(self, other: IntoSquareSet) -> SquareSet:
        self.symmetric_difference_update(other)
        return self

    def __ilshift__(self, shift: int) -> SquareSet:
        self.mask = (self.mask << shift) & self._all
        return self

    def __irshift__(self, shift: int) -> SquareSet:
        self.mask >>= shift
        return self

    # New sets.

    def copy(self) -> SquareSet:
        return self._like(self.mask)

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        return not self.mask & SquareSet._mask_of(other)

    def issubset(self, other: IntoSquareSet) -> bool:
        return not self.mask & ~SquareSet._mask_of(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        return not SquareSet._mask_of(other) & ~self.mask

    def union(self, other: IntoSquareSet) -> SquareSet:
        return self._like(self.mask | SquareSet._mask_of(other))

    def __or__(self, other: IntoSquareSet) -> SquareSet:
        return self.union(other)

    def intersection(self, other: IntoSquareSet) -> SquareSet:
        return self._like(self.mask & SquareSet._mask_of(other))

    def __and__(self, other: IntoSquareSet) -> SquareSet:
        return self.intersection(other)

    def difference(self, other: IntoSquareSet) -> SquareSet:
        return self._like(self.mask & ~SquareSet._mask_of(other))

    def __sub__(self, other: IntoSquareSet) -> SquareSet:
        return self.difference(other)

    def symmetric_difference(self, other: IntoSquareSet) -> SquareSet:
        return self._like(self.mask ^ SquareSet._mask_of(other))

    def __xor__(self, other: IntoSquareSet) -> SquareSet:
        return self.symmetric_difference(other)

    def __lshift__(self, shift: int) -> SquareSet:
        return self._like((self.mask << shift) & self._all)

    def __rshift__(self, shift: int) -> SquareSet:
        return self._like(self.mask >> shift)

    def __invert__(self) -> SquareSet:
        return self._like(~self.mask & self._all)

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of the set, as bitboards."""
        return _subsets(self.mask)

    def mirror(self) -> SquareSet:
        """The set mirrored rank for rank (rank 1 ↔ the last)."""
        return self._like(sum(1 << square_mirror(sq, self.files, self.ranks) for sq in self))

    def tolist(self) -> list[bool]:
        """A list of booleans, one per square."""
        return [bool(self.mask >> sq & 1) for sq in range(self.files * self.ranks)]

    @classmethod
    def ray(cls, a: Square, b: Square) -> SquareSet:
        return cls(ray(a, b))

    @classmethod
    def between(cls, a: Square, b: Square) -> SquareSet:
        return cls(between(a, b))

    @classmethod
    def from_square(cls, square: Square) -> SquareSet:
        return cls(BB_SQUARES[square])

    def __repr__(self) -> str:
        if self.files * self.ranks == 64:
            return f"SquareSet({self.mask:#021_x})"
        return f"SquareSet({self.mask:#x}, files={self.files}, ranks={self.ranks})"

    def __str__(self) -> str:
        rows = []
        for rank in range(self.ranks - 1, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * self.files + f) & 1 else "." for f in range(self.files)))
        return "\n".join(rows)


__all__ = [
    "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8",
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8",
    "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8",
    "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",
    "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8",
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8",
    "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8",
    "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8",
    "BB_A1", "BB_A2", "BB_A3", "BB_A4", "BB_A5", "BB_A6", "BB_A7", "BB_A8",
    "BB_B1", "BB_B2", "BB_B3", "BB_B4", "BB_B5", "BB_B6", "BB_B7", "BB_B8",
    "BB_C1", "BB_C2", "BB_C3", "BB_C4", "BB_C5", "BB_C6", "BB_C7", "BB_C8",
    "BB_D1", "BB_D2", "BB_D3", "BB_D4", "BB_D5", "BB_D6", "BB_D7", "BB_D8",
    "BB_E1", "BB_E2", "BB_E3", "BB_E4", "BB_E5", "BB_E6", "BB_E7", "BB_E8",
    "BB_F1", "BB_F2", "BB_F3", "BB_F4", "BB_F5", "BB_F6", "BB_F7", "BB_F8",
    "BB_G1", "BB_G2", "BB_G3", "BB_G4", "BB_G5", "BB_G6", "BB_G7", "BB_G8",
    "BB_H1", "BB_H2", "BB_H3", "BB_H4", "BB_H5", "BB_H6", "BB_H7", "BB_H8",
    "BB_ALL", "BB_BACKRANKS", "BB_CENTER", "BB_CORNERS", "BB_DARK_SQUARES", "BB_EMPTY",
    "BB_FILES", "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D", "BB_FILE_E", "BB_FILE_F",
    "BB_FILE_G", "BB_FILE_H", "BB_KING_ATTACKS", "BB_KNIGHT_ATTACKS", "BB_LIGHT_SQUARES",
    "BB_PAWN_ATTACKS", "BB_RANKS", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4",
    "BB_RANK_5", "BB_RANK_6", "BB_RANK_7", "BB_RANK_8", "BB_RAYS", "BB_SQUARES",
    "BISHOP", "BLACK", "Bitboard", "COLORS", "COLOR_NAMES", "Color", "FILE_NAMES",
    "IntoSquareSet", "KING", "KNIGHT", "PAWN", "PIECE_NAMES", "PIECE_SYMBOLS", "PIECE_TYPES",
    "PieceType", "QUEEN", "RANK_NAMES", "ROOK", "SQUARES", "SQUARES_180", "SQUARE_NAMES",
    "STARTING_BOARD_FEN", "STARTING_FEN", "STATUS_BAD_CASTLING_RIGHTS", "STATUS_EMPTY",
    "STATUS_IMPOSSIBLE_CHECK", "STATUS_INVALID_EP_SQUARE", "STATUS_NO_BLACK_KING",
    "STATUS_NO_WHITE_KING", "STATUS_OPPOSITE_CHECK", "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_RACE_CHECK", "STATUS_RACE_MATERIAL", "STATUS_RACE_OVER", "STATUS_TOO_MANY_BLACK_PAWNS",
    "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_TOO_MANY_CHECKERS", "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_TOO_MANY_WHITE_PIECES", "STATUS_VALID", "Square",
    "SquareSet", "Status", "UNICODE_PIECE_SYMBOLS", "WHITE", "between", "flip_anti_diagonal",
    "flip_diagonal", "flip_horizontal", "flip_vertical", "lsb", "msb", "parse_square",
    "piece_name", "piece_symbol", "popcount", "ray", "scan_forward", "scan_reversed",
    "shift_2_down", "shift_2_left", "shift_2_right", "shift_2_up", "shift_down",
    "shift_down_left", "shift_down_right", "shift_left", "shift_right", "shift_up",
    "shift_up_left", "shift_up_right", "square", "square_distance", "square_file",
    "square_knight_distance", "square_manhattan_distance", "square_mirror", "square_name",
    "square_rank",
]
