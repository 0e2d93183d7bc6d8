"""`chimera.Board`: python-chess's `chess.Board`, for every variant.

A python-chess program runs unchanged with `import chimera as chess` for standard chess:
the same constructor forms, methods, properties and values (squares a1 = 0 ... h8 = 63,
`turn` a bool, piece types `chess.PAWN` = 1 ... `chess.KING` = 6, moves and pieces that
compare equal to python-chess's). The rules, notation and results come from the engine
(`chimera._native._Board`, in Rust); this module adds python-chess's shape.

Conventions beyond chess:

* The first positional argument is a variant when it is a `chimera.Variant`, the id of
  a built-in variant (`chimera.builtins()`) or a path ending in `.toml`; any other
  string is a FEN (python-chess's `Board(fen)`), and `None` the empty board. So
  `Board()`, `Board(fen)`, `Board(fen, chess960=True)`, `Board(None)`,
  `Board("crazyhouse")`, `Board(variant="crazyhouse")`, `Board(fen, variant="atomic")`
  and `Board("crazyhouse", fen)` all work.
* Squares are `rank * files + file` from a1 = 0 on every board (`board.files` wide).
* Piece types are python-chess's integers for the letters `p n b r q k` (whatever the
  piece is called in the variant) and the lowercase letter (`"a"`, `"c"`, `"+p"`) for
  every other type.
* `push` plays only legal moves (python-chess pushes any move unchecked), and none after
  checkmate, stalemate or a variant's end that stops play.
* A position the rules refuse (no king, a pawn on its last rank, the side not to move in
  check) can be set up and inspected, as in python-chess (`is_valid()` is then False and
  `status()` says why), but has no legal moves until it is made valid.
"""

from __future__ import annotations

import dataclasses
import enum
import os
import re
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Union

from ._native import FenError, IllegalMoveError, Move, Piece, Variant, _Board, builtins
from .core import (
    BB_ALL,
    BLACK,
    KING,
    PAWN,
    QUEEN,
    ROOK,
    STARTING_BOARD_FEN,
    WHITE,
    Bitboard,
    PieceType,
    Square,
    SquareSet,
    Status,
    lsb,
    msb,
    popcount,
    scan_forward,
    square_name,
)


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
    """How a game ended (python-chess's `chess.Outcome`, plus Chimera's `reason`, which
    its `repr` leaves out so that it prints as python-chess's)."""

    termination: Termination
    #: `True` for White, `False` for Black, `None` for a draw.
    winner: Optional[bool]
    #: Chimera's reason code: `checkmate`, `repetition`, `king-exploded`, `check-count`...
    reason: str = dataclasses.field(default="", repr=False)

    def result(self) -> str:
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


def _letter(piece_type: PieceType) -> str:
    """A piece type's lowercase letter, from python-chess's integer or a letter."""
    if isinstance(piece_type, str):
        return piece_type.lower()
    return "pnbrqk"[piece_type - 1]


class Pocket:
    """One side's pieces in hand (python-chess's `CrazyhousePocket`, read-only: a
    snapshot of the board when it was asked for). Types are python-chess's integers or
    letters, as elsewhere."""

    def __init__(self, counts: dict[str, int]):
        self._counts = dict(counts)

    def count(self, piece_type: PieceType) -> int:
        return self._counts.get(_letter(piece_type), 0)

    def pieces(self) -> dict[str, int]:
        """The counts by letter."""
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
        return iter(self._board._legal_list())

    def __len__(self) -> int:
        return self._board._count_legal()

    def count(self) -> int:
        return self._board._count_legal()

    def __bool__(self) -> bool:
        return self._board._count_legal() > 0

    def __contains__(self, move: object) -> bool:
        return self._board.is_legal(move)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        sans = ", ".join(self._board.san(m) for m in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class PseudoLegalMoveGenerator:
    """python-chess's `board.pseudo_legal_moves`: the legal moves, and the moves the
    pieces make that would leave the own king attacked."""

    def __init__(self, board: Board):
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self._board._pseudo_list())

    def __len__(self) -> int:
        return len(self._board._pseudo_list())

    def count(self) -> int:
        return len(self._board._pseudo_list())

    def __bool__(self) -> bool:
        return bool(self._board._pseudo_list())

    def __contains__(self, move: object) -> bool:
        return self._board.is_pseudo_legal(move)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        board = self._board
        texts = ", ".join(board.san(m) if board.is_legal(m) else m.uci() for m in self)
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({texts})>"


# --- reading FENs as python-chess reads them --------------------------------------------

_UNSET: Any = object()
_NULL_TEXTS = ("--", "Z0", "0000", "@@@@")
_HAND = re.compile(r"^(.*?)(\[[^\]]*\])?$")
_CHECKS_LEFT = re.compile(r"^\+?(\d+)\+(\d+)$")


@dataclasses.dataclass
class _Fields:
    """A FEN, read field by field without the rules' checks."""

    pieces: dict[int, Piece]
    promoted: set[int]
    walls: set[int]
    hand: Optional[str]  # the text between `[` and `]`, or None
    turn: bool
    castling: str
    ep: Optional[int]
    ep_text: str  # as written: a variant may name several squares (`b5c6`)
    halfmove: int
    fullmove: int
    extra: list[str]


@dataclasses.dataclass(frozen=True)
class _Raw:
    """A setup the engine refuses: kept field by field (python-chess keeps such boards)."""

    fields: _Fields
    castling: int  # python-chess's castling_rights mask as given
    error: str


def _scharnagl(n: int) -> str:
    """The back rank of Chess960 position `n` (0-959), White's letters: 518 is RNBQKBNR."""
    if not 0 <= n < 960:
        raise ValueError(f"chess960 position index not 0 <= {n!r} <= 959")
    rank: list[Optional[str]] = [None] * 8
    n, light = divmod(n, 4)
    rank[2 * light + 1] = "B"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"
    n, queen = divmod(n, 6)
    free = [i for i in range(8) if rank[i] is None]
    rank[free[queen]] = "Q"
    knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    free = [i for i in range(8) if rank[i] is None]
    for k in knights:
        rank[free[k]] = "N"
    free = [i for i in range(8) if rank[i] is None]
    for i, letter in zip(free, "RKR"):
        rank[i] = letter
    return "".join(letter or "" for letter in rank)


_CHESS960 = {_scharnagl(n): n for n in range(960)}


class BaseBoard:
    """The board and its pieces (python-chess's `chess.BaseBoard`); `Board` adds the
    side to move, castling, en passant, the clocks and the moves. `BaseBoard(board_fen)`
    sets up a board field on a chess board (`variant=` another variant's)."""

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN, *, variant: Union[Variant, str, None] = None,
                 chess960: bool = False) -> None:
        self._setup(variant, chess960)
        if board_fen is None:
            self._load(self._empty_fen())
        elif board_fen != self._start_board_fen() and not (variant is not None and board_fen == STARTING_BOARD_FEN):
            # (python-chess's default, chess's board field, stands for a variant's own.)
            self.set_board_fen(board_fen)

    # --- state ---------------------------------------------------------------------------
    #
    # `_core` is the engine's position (with the moves played since it was set). When the
    # rules refuse a setup, `_raw` holds it field by field and `_core` only stands for the
    # variant. Castling rights and an en-passant square the rules refuse are kept beside a
    # valid position in `_given_castling`/`_given_ep`, as python-chess keeps them. `_past`
    # holds the positions before a null move or a change of turn, clocks or rights, so
    # that `pop` goes back across them as python-chess's does.

    _core: _Board
    _raw: Optional[_Raw]
    _given_castling: Optional[int]
    _given_ep: Any
    _past: list[tuple[_Board, Optional[_Raw], Optional[int], Any, Optional[Move]]]
    _cache: Optional[list[tuple[int, Piece, bool]]]
    _chess960: bool

    def _setup(self, variant: Union[Variant, str, None], chess960: bool) -> None:
        if isinstance(variant, os.PathLike):
            variant = os.fspath(variant)
        self._core = _Board(variant, None, chess960=chess960)
        self._raw = None
        self._given_castling = None
        self._given_ep = _UNSET
        self._past = []
        self._cache = None
        self._chess960 = chess960
        self._several_kings = False
        info = self._core._type_info()
        self._letters = [letter for letter, _, _ in info]
        royal = {letter for letter, is_royal, _ in info if is_royal}
        self._royal = royal or ({"k"} & set(self._letters))
        self._pawns = {letter for letter, _, is_pawn in info if is_pawn}
        self._must_capture, self._check_limit = self._core._rules_info()
        #: Chess lists its moves in python-chess's order.
        self._chess_order = self._core.uci_variant == "chess"

    def _start_board_fen(self) -> str:
        return self._core.variant.start_fen.split(" ")[0].split("[")[0]

    def _empty_fen(self) -> str:
        files, ranks = self._core.files, self._core.ranks
        board = "/".join([str(files)] * ranks)
        hand = "[]" if self._core._has_hands() else ""
        extra = f" checks=0/0" if self._check_limit else ""
        return f"{board}{hand} w - - 0 1{extra}"

    def _fresh(self, fen: str) -> _Board:
        return _Board(self._core.variant, fen, chess960=self._chess960)

    def _fields(self) -> _Fields:
        """The position's fields (of the engine's FEN, or of the refused setup)."""
        if self._raw is not None:
            f = self._raw.fields
            return dataclasses.replace(f, pieces=dict(f.pieces), promoted=set(f.promoted), walls=set(f.walls), extra=list(f.extra))
        fields = self._read(self._core._fen(self._chess960))
        if self._given_ep is not _UNSET:
            fields.ep, fields.ep_text = self._given_ep, self._ep_text(self._given_ep)
        return fields

    def _read(self, fen: str) -> _Fields:
        """A FEN's fields, read leniently (`ValueError` for text that is no FEN)."""
        parts = self._normalise(fen).split()
        if not parts:
            raise ValueError("empty fen")
        match = _HAND.match(parts[0])
        assert match is not None
        board, hand = match.group(1), match.group(2)
        files, ranks = self._core.files, self._core.ranks
        rows = board.split("/")
        if len(rows) != ranks:
            raise ValueError(f"expected {ranks} rows in position part of fen: {fen!r}")
        pieces: dict[int, Piece] = {}
        promoted: set[int] = set()
        walls: set[int] = set()
        for i, row in enumerate(rows):
            rank = ranks - 1 - i
            file = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    file += int(row[j:k])
                    j = k
                    continue
                if ch == "*":
                    walls.add(rank * files + file)
                    file += 1
                    j += 1
                    continue
                symbol = ch
                if ch == "+" and j + 1 < len(row):
                    symbol = row[j : j + 2]
                    j += 1
                if symbol.lower() not in self._letters or not symbol[-1].isalpha():
                    raise ValueError(f"invalid character {symbol!r} in fen: {fen!r}")
                if file >= files:
                    raise ValueError(f"too many squares in rank {rank + 1} of fen: {fen!r}")
                sq = rank * files + file
                pieces[sq] = Piece.from_symbol(symbol)
                j += 1
                if j < len(row) and row[j] == "~":
                    promoted.add(sq)
                    j += 1
                file += 1
            if file != files:
                raise ValueError(f"expected {files} squares in rank {rank + 1} of fen: {fen!r}")
        turn = parts[1] if len(parts) > 1 else "w"
        if turn not in ("w", "b"):
            raise ValueError(f"expected 'w' or 'b' for turn part of fen: {fen!r}")
        castling = parts[2] if len(parts) > 2 else "-"
        if castling != "-" and not all(c.isalpha() for c in castling):
            raise ValueError(f"invalid castling part in fen: {fen!r}")
        ep_text = parts[3] if len(parts) > 3 else "-"
        ep: Optional[int] = None
        if ep_text != "-":
            try:
                ep = self._parse_square(ep_text)
            except ValueError:
                if not re.fullmatch(r"([a-p](1[0-6]|[1-9]))+", ep_text):
                    raise ValueError(f"invalid en passant part in fen: {fen!r}") from None
        try:
            halfmove = int(parts[4]) if len(parts) > 4 else 0
            fullmove = int(parts[5]) if len(parts) > 5 else 1
        except ValueError:
            raise ValueError(f"invalid clocks in fen: {fen!r}") from None
        if halfmove < 0 or fullmove < 0:
            raise ValueError(f"negative clocks in fen: {fen!r}")
        return _Fields(pieces, promoted, walls, None if hand is None else hand[1:-1], turn == "w", castling, ep, ep_text,
                       halfmove, max(fullmove, 1), parts[6:])

    def _normalise(self, fen: str) -> str:
        """The FEN, python-chess's three-check field (the checks left, `3+3`, before the
        clocks) written as Chimera's (`checks=0/0` at the end)."""
        parts = fen.split()
        if len(parts) > 4 and self._check_limit and _CHECKS_LEFT.match(parts[4]):
            left = _CHECKS_LEFT.match(parts.pop(4))
            assert left is not None
            given = [self._check_limit - int(left.group(1)), self._check_limit - int(left.group(2))]
            parts = [p for p in parts if not p.startswith("checks=")] + [f"checks={given[0]}/{given[1]}"]
            return " ".join(parts)
        return fen

    def _parse_square(self, name: str) -> int:
        from ._native import parse_square

        return parse_square(name, self._core.files)

    def _square_name(self, sq: int) -> str:
        return square_name(sq, self._core.files)

    def _write(self, f: _Fields, castling: Optional[str] = None, ep: Any = _UNSET) -> str:
        """A FEN of the fields (`castling`, `ep` in place of theirs)."""
        ep_text = f.ep_text if ep is _UNSET else self._ep_text(ep)
        return " ".join([self._write_board(f, True), "w" if f.turn else "b", castling if castling is not None else (f.castling or "-"),
                         ep_text, str(f.halfmove), str(f.fullmove), *f.extra])

    def _ep_text(self, ep: Optional[int]) -> str:
        return "-" if ep is None else self._square_name(ep)

    def _write_board(self, f: _Fields, promoted: bool, hand: bool = True) -> str:
        files, ranks = self._core.files, self._core.ranks
        rows = []
        for rank in range(ranks - 1, -1, -1):
            row, empty = "", 0
            for file in range(files):
                sq = rank * files + file
                piece = f.pieces.get(sq)
                if piece is None and sq not in f.walls:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                if piece is None:
                    row += "*"
                else:
                    row += piece.symbol() + ("~" if promoted and sq in f.promoted else "")
            rows.append(row + (str(empty) if empty else ""))
        text = "/".join(rows)
        if hand and f.hand is not None:
            text += f"[{f.hand}]"
        return text

    def _castling_mask(self, text: str, pieces: Mapping[int, Piece]) -> int:
        """python-chess's `castling_rights` for a castling field: a rook square per right."""
        files, ranks = self._core.files, self._core.ranks
        mask = 0
        for ch in "" if text == "-" else text:
            color = ch.isupper()
            back = 0 if color else ranks - 1
            rooks = sorted(sq for sq, p in pieces.items() if sq // files == back and p.color == color and p.symbol().lower() == "r")
            kings = [sq for sq, p in pieces.items() if p.color == color and p.symbol().lower() in self._royal]
            king = max(kings) if kings else None
            c = ch.lower()
            # As python-chess reads them, down to its quirks: `Q` without a rook on the
            # back rank gives no right, `K` the h-file's.
            if c == "q":
                if king is not None and (rooks[0] if rooks else -1) < king:
                    mask |= 1 << rooks[0] if rooks else 0
                else:
                    mask |= 1 << (back * files)
            elif c == "k":
                if king is not None and king < (rooks[-1] if rooks else -1):
                    mask |= 1 << rooks[-1]
                else:
                    mask |= 1 << (back * files + files - 1)
            elif "a" <= c < chr(ord("a") + files):
                mask |= 1 << (back * files + ord(c) - ord("a"))
            else:
                raise ValueError(f"invalid castling fen: {text!r}")
        return mask

    def _castling_text(self, mask: int, pieces: Mapping[int, Piece]) -> str:
        """A castling field for the engine: `K`/`Q` for the outermost rooks, else files."""
        files, ranks = self._core.files, self._core.ranks
        out = []
        for color in (WHITE, BLACK):
            back = 0 if color else ranks - 1
            squares = [sq for sq in scan_forward(mask) if sq // files == back]
            kings = [sq for sq, p in pieces.items() if p.color == color and p.symbol().lower() in self._royal and sq // files == back]
            rooks = sorted(sq for sq, p in pieces.items() if sq // files == back and p.color == color and p.symbol().lower() == "r")
            for sq in sorted(squares, reverse=True):
                letter = chr(ord("a") + sq % files)
                if kings and rooks and sq == rooks[-1] and sq > kings[0]:
                    letter = "k"
                elif kings and rooks and sq == rooks[0] and sq < kings[0]:
                    letter = "q"
                out.append(letter.upper() if color else letter)
        return "".join(out) or "-"

    def _load(self, fen: str, *, keep: bool = False, boundary: Optional[Move] = None) -> None:
        """Sets the position: the engine's where the rules accept it; else without the
        castling rights and en-passant square they refuse (kept as given); else field by
        field. `keep`: the position before stays in the history (a null move or a
        change of turn, clocks or rights), else the history is cleared."""
        if keep:
            self._past.append((self._core, self._raw, self._given_castling, self._given_ep, boundary))
        else:
            self._past = []
        self._cache = None
        fen = self._normalise(fen)
        try:
            core = self._fresh(fen)
        except FenError as e:
            error: Exception = e
        else:
            self._core, self._raw, self._given_castling, self._given_ep = core, None, None, _UNSET
            self._count_kings()
            return
        try:
            f = self._read(fen)
        except ValueError:
            raise error from None
        given_castling = self._castling_mask(f.castling, f.pieces)
        try:
            core = self._fresh(self._write(f, "-", None))
        except FenError as e:
            self._raw = _Raw(f, given_castling, str(e))
            self._given_castling, self._given_ep = None, _UNSET
            return
        kept = ""
        for letter in "" if f.castling == "-" else f.castling:
            try:
                core = self._fresh(self._write(f, kept + letter, None))
                kept += letter
            except FenError:
                pass
        self._given_ep = _UNSET
        if f.ep is not None:
            try:
                core = self._fresh(self._write(f, kept or "-"))
            except FenError:
                self._given_ep = f.ep
        self._core, self._raw = core, None
        self._count_kings()
        clean = self._engine_castling()
        self._given_castling = given_castling if given_castling != clean else None

    def _count_kings(self) -> None:
        """Whether a chess set-up has several kings of a side (python-chess then checks
        only the highest; play never changes it)."""
        self._several_kings = self._chess_order and any(len(self._royal_squares(c)) > 1 for c in (WHITE, BLACK))

    def _engine_castling(self) -> int:
        """The castling rights of the engine's position, as rook squares."""
        files, ranks = self._core.files, self._core.ranks
        field = self._core._fen(True).split(" ")[2]
        mask = 0
        for ch in "" if field == "-" else field:
            back = 0 if ch.isupper() else ranks - 1
            mask |= 1 << (back * files + ord(ch.lower()) - ord("a"))
        return mask

    def _change(self, **changes: Any) -> None:
        """python-chess's assignment of a field (turn, clocks, rights, en passant): the
        position before stays in the move history."""
        f = self._fields()
        castling = changes.pop("castling_rights", _UNSET)
        for key, value in changes.items():
            setattr(f, key, value)
        if "ep" in changes:
            f.ep_text = self._ep_text(f.ep)
        if castling is _UNSET:
            castling = self.castling_rights
        text = self._castling_text(castling, f.pieces)
        self._load(self._write(f, text), keep=True)
        if castling != self.castling_rights:
            self._given_castling = castling
            if self._raw is not None:
                self._raw = dataclasses.replace(self._raw, castling=castling)

    def _set_placement(self, pieces: dict[int, Piece], promoted: Optional[set[int]] = None) -> None:
        """New pieces on the board, the other fields kept (the move stack cleared)."""
        f = self._fields()
        castling = self.castling_rights
        f.pieces = pieces
        f.promoted = set() if promoted is None else promoted
        self._load(self._write(f, self._castling_text(castling, pieces)))
        if self.castling_rights != castling:
            if self._raw is not None:
                self._raw = dataclasses.replace(self._raw, castling=castling)
            else:
                self._given_castling = castling

    # --- pieces --------------------------------------------------------------------------

    def _items(self) -> list[tuple[int, Piece, bool]]:
        """`(square, piece, promoted)` for every piece, by square."""
        if self._cache is None:
            if self._raw is None:
                self._cache = self._core._piece_list()
            else:
                f = self._raw.fields
                self._cache = [(sq, f.pieces[sq], sq in f.promoted) for sq in sorted(f.pieces)]
        return self._cache

    def _placement(self) -> Optional[list[tuple[int, str, bool]]]:
        if self._raw is None:
            return None
        return [(sq, p.symbol().lower(), p.color) for sq, p in self._raw.fields.pieces.items()]

    def _all(self) -> Bitboard:
        return (1 << (self._core.files * self._core.ranks)) - 1

    def _set(self, mask: int) -> SquareSet:
        return SquareSet(mask, files=self._core.files, ranks=self._core.ranks)

    def _mask_of(self, letters: set[str], color: Optional[bool] = None) -> Bitboard:
        return sum(1 << sq for sq, p, _ in self._items() if p.symbol().lower() in letters and (color is None or p.color == color))

    @property
    def files(self) -> int:
        """The board's width."""
        return self._core.files

    @property
    def ranks(self) -> int:
        """The board's height."""
        return self._core.ranks

    @property
    def variant(self) -> Variant:
        return self._core.variant

    @property
    def occupied(self) -> Bitboard:
        return sum(1 << sq for sq, _, _ in self._items())

    @property
    def occupied_co(self) -> list[Bitboard]:
        """`[black, white]` bitboards."""
        masks = [0, 0]
        for sq, p, _ in self._items():
            masks[p.color] |= 1 << sq
        return masks

    @property
    def pawns(self) -> Bitboard:
        return self._mask_of({"p"})

    @property
    def knights(self) -> Bitboard:
        return self._mask_of({"n"})

    @property
    def bishops(self) -> Bitboard:
        return self._mask_of({"b"})

    @property
    def rooks(self) -> Bitboard:
        return self._mask_of({"r"})

    @property
    def queens(self) -> Bitboard:
        return self._mask_of({"q"})

    @property
    def kings(self) -> Bitboard:
        return self._mask_of({"k"})

    @property
    def promoted(self) -> Bitboard:
        """The squares of pieces marked as promoted (crazyhouse's `~`)."""
        return sum(1 << sq for sq, _, promoted in self._items() if promoted)

    def piece_at(self, square: Square) -> Optional[Piece]:
        if self._raw is None:
            return self._core.piece_at(square)
        if not 0 <= square < self.files * self.ranks:
            raise IndexError(f"square {square} is off the board")
        return self._raw.fields.pieces.get(square)

    def piece_type_at(self, square: Square) -> Optional[PieceType]:
        piece = self.piece_at(square)
        return None if piece is None else piece.piece_type

    def color_at(self, square: Square) -> Optional[bool]:
        piece = self.piece_at(square)
        return None if piece is None else piece.color

    def piece_map(self, *, mask: Optional[Bitboard] = None) -> dict[Square, Piece]:
        """Every piece by square (those on `mask` only, if given)."""
        return {sq: p for sq, p, _ in reversed(self._items()) if mask is None or mask >> sq & 1}

    def pieces_mask(self, piece_type: PieceType, color: bool) -> Bitboard:
        return self._mask_of({_letter(piece_type)}, color)

    def pieces(self, piece_type: PieceType, color: bool) -> SquareSet:
        return self._set(self.pieces_mask(piece_type, color))

    def king(self, color: bool) -> Optional[Square]:
        """The square of `color`'s king (its royal piece, the highest if several), or `None`."""
        squares = [sq for sq, p, promoted in self._items() if p.color == color and p.symbol().lower() in self._royal and not promoted]
        return max(squares) if squares else None

    def _checked(self, color: bool) -> list[int]:
        """The squares whose attack is a check: in chess python-chess's one king (the
        highest, if a set-up has several), elsewhere every royal piece."""
        if self._chess_order:
            king = self.king(color)
            return [] if king is None else [king]
        return self._royal_squares(color)

    def _royal_squares(self, color: bool) -> list[int]:
        return [sq for sq, p, _ in self._items() if p.color == color and p.symbol().lower() in self._royal]

    def attacks_mask(self, square: Square) -> Bitboard:
        return sum(1 << sq for sq in self._core._attacks(square, None, self._placement()))

    def attacks(self, square: Square) -> SquareSet:
        """The squares the piece on `square` attacks (empty for an empty square)."""
        return self._set(self.attacks_mask(square))

    def attackers_mask(self, color: bool, square: Square, occupied: Optional[Bitboard] = None) -> Bitboard:
        blockers = None if occupied is None else list(scan_forward(int(occupied)))
        return sum(1 << sq for sq in self._core._attackers(color, square, blockers, self._placement()))

    def attackers(self, color: bool, square: Square, occupied: Any = None) -> SquareSet:
        """The pieces of `color` attacking `square`, pinned or not; `occupied` (a
        bitboard or squares) says which squares block (default: every piece)."""
        return self._set(self.attackers_mask(color, square, None if occupied is None else int(SquareSet(occupied, files=self.files, ranks=self.ranks))))

    def is_attacked_by(self, color: bool, square: Square, occupied: Any = None) -> bool:
        return bool(self.attackers(color, square, occupied))

    def pin_mask(self, color: bool, square: Square) -> Bitboard:
        """The line through `color`'s king and `square` if the piece there is pinned to
        the king (python-chess's absolute pin), else every square."""
        everything = self._all()
        king = self.king(color)
        if king is None or king == square:
            return everything
        files, ranks = self.files, self.ranks
        df, dr = square % files - king % files, square // files - king // files
        if df and dr and abs(df) != abs(dr):
            return everything
        step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
        occupied = self.occupied

        def run(start: int, d: tuple[int, int]) -> Iterator[int]:
            f, r = start % files + d[0], start // files + d[1]
            while 0 <= f < files and 0 <= r < ranks:
                yield r * files + f
                f, r = f + d[0], r + d[1]

        for sq in run(king, step):
            if sq == square:
                break
            if occupied >> sq & 1:
                return everything
        sniper = next((sq for sq in run(square, step) if occupied >> sq & 1), None)
        if sniper is None or self.color_at(sniper) == color:
            return everything
        if not self.attackers_mask(not color, king, occupied & ~(1 << square)) >> sniper & 1:
            return everything
        back = (-step[0], -step[1])
        return (1 << king) | sum(1 << sq for sq in run(king, step)) | sum(1 << sq for sq in run(king, back))

    def pin(self, color: bool, square: Square) -> SquareSet:
        return self._set(self.pin_mask(color, square))

    def is_pinned(self, color: bool, square: Square) -> bool:
        return self.pin_mask(color, square) != self._all()

    # --- setting up ----------------------------------------------------------------------

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        """Takes the piece off `square` and returns it (the move stack is cleared)."""
        piece = self.piece_at(square)
        pieces = {sq: p for sq, p, _ in self._items() if sq != square}
        self._set_placement(pieces, {sq for sq, _, promoted in self._items() if promoted and sq != square})
        return piece

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        """Puts `piece` on `square` (`None` empties it; the move stack is cleared)."""
        if not 0 <= square < self.files * self.ranks:
            raise IndexError(f"square {square} is off the board")
        pieces = {sq: p for sq, p, _ in self._items()}
        marks = {sq for sq, _, was in self._items() if was and sq != square}
        if piece is None:
            pieces.pop(square, None)
        else:
            if piece.symbol().lower() not in self._letters:
                raise ValueError(f"{piece.symbol()!r} is no piece of {self.uci_variant}")
            pieces[square] = piece if isinstance(piece, Piece) else Piece(piece.piece_type, piece.color)
            if promoted:
                marks.add(square)
        self._set_placement(pieces, marks)

    def set_piece_map(self, pieces: Mapping[Square, Piece]) -> None:
        """Replaces every piece (the move stack is cleared)."""
        self._set_placement({sq: p if isinstance(p, Piece) else Piece(p.piece_type, p.color) for sq, p in pieces.items()})

    def board_fen(self, *, promoted: Optional[bool] = False) -> str:
        """The FEN's board field, without the hand; `promoted=True` marks promoted pieces
        with `~` (python-chess's default leaves them out)."""
        if self._raw is None:
            field = self._core.fen().split(" ", 1)[0].split("[", 1)[0]
            return field if promoted else field.replace("~", "")
        return self._write_board(self._raw.fields, bool(promoted), hand=False)

    def set_board_fen(self, fen: str) -> None:
        """Sets the board field, the other fields kept (the move stack is cleared)."""
        board = self._read(fen.strip() + " w - - 0 1")
        self._set_placement(board.pieces, board.promoted)

    def reset_board(self) -> None:
        """The start position's pieces, the other fields kept (the move stack is cleared)."""
        self.set_board_fen(self._start_board_fen())

    def clear_board(self) -> None:
        """Takes every piece off (the move stack is cleared)."""
        self._set_placement({})

    # --- Chess960 ------------------------------------------------------------------------

    def chess960_pos(self) -> Optional[int]:
        """The Chess960 start position's number (0-959), or `None` if the pieces stand
        otherwise (518 is chess's)."""
        if self.files != 8 or self.ranks != 8 or self.promoted:
            return None
        fen = self.board_fen()
        rows = fen.split("/")
        if rows[1] != "pppppppp" or rows[6] != "PPPPPPPP" or rows[2:6] != ["8"] * 4 or rows[0] != rows[7].lower():
            return None
        return _CHESS960.get(rows[7])

    def set_chess960_pos(self, scharnagl: int) -> None:
        """Sets up Chess960 start position `scharnagl` (0-959)."""
        rank = _scharnagl(scharnagl)
        self._chess960 = True
        self._load(f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1")

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> Any:
        board = cls.empty(chess960=True)
        board.set_chess960_pos(scharnagl)
        return board

    @classmethod
    def empty(cls, *, chess960: bool = False) -> Any:
        """An empty board."""
        return cls(None, chess960=chess960)

    # --- transformations ----------------------------------------------------------------

    def _mapped(self, square_map: Callable[[int], int]) -> tuple[dict[int, Piece], set[int]]:
        pieces, promoted = {}, set()
        for sq, p, was in self._items():
            pieces[square_map(sq)] = p
            if was:
                promoted.add(square_map(sq))
        return pieces, promoted

    def _mirror_square(self, sq: int) -> int:
        files, ranks = self.files, self.ranks
        return (ranks - 1 - sq // files) * files + sq % files

    def apply_transform(self, f: Callable[[Bitboard], Bitboard]) -> None:
        """Applies a bitboard function (`chimera.flip_vertical`...) to the pieces (and
        castling rights and en-passant square); the move stack is cleared."""
        fields = self._fields()
        pieces: dict[int, Piece] = {}
        promoted: set[int] = set()
        by_symbol: dict[str, int] = {}
        for sq, p, _ in self._items():
            by_symbol[p.symbol()] = by_symbol.get(p.symbol(), 0) | 1 << sq
        for symbol, mask in by_symbol.items():
            for sq in scan_forward(f(mask)):
                pieces[sq] = Piece.from_symbol(symbol)
        for sq in scan_forward(f(sum(1 << s for s in fields.promoted))):
            promoted.add(sq)
        castling = f(self.castling_rights)
        ep = fields.ep if fields.ep is None else msb(f(1 << fields.ep))
        fields.pieces, fields.promoted, fields.ep, fields.ep_text = pieces, promoted, ep, self._ep_text(ep)
        self._load(self._write(fields, self._castling_text(castling, pieces)))
        if self.castling_rights != castling:
            if self._raw is not None:
                self._raw = dataclasses.replace(self._raw, castling=castling)
            else:
                self._given_castling = castling

    def transform(self, f: Callable[[Bitboard], Bitboard]) -> Any:
        board = self.copy(stack=False)  # type: ignore[call-arg]
        board.apply_transform(f)
        return board

    def apply_mirror(self) -> None:
        """Mirrors the board rank for rank and swaps the colours (and the side to move,
        the rights, the hands and the check counts); the move stack is cleared."""
        fields = self._fields()
        castling = sum(1 << self._mirror_square(sq) for sq in scan_forward(self.castling_rights))
        pieces: dict[int, Piece] = {}
        promoted: set[int] = set()
        for sq, p, was in self._items():
            m = self._mirror_square(sq)
            pieces[m] = Piece.from_symbol(p.symbol().swapcase())
            if was:
                promoted.add(m)
        fields.pieces, fields.promoted = pieces, promoted
        fields.walls = {self._mirror_square(sq) for sq in fields.walls}
        fields.turn = not fields.turn
        fields.ep = None if fields.ep is None else self._mirror_square(fields.ep)
        fields.ep_text = self._ep_text(fields.ep)
        if fields.hand is not None:
            fields.hand = fields.hand.swapcase()
        fields.extra = [self._swap_counts(e) for e in fields.extra]
        self._load(self._write(fields, self._castling_text(castling, pieces)))
        if self.castling_rights != castling:
            if self._raw is not None:
                self._raw = dataclasses.replace(self._raw, castling=castling)
            else:
                self._given_castling = castling

    @staticmethod
    def _swap_counts(extra: str) -> str:
        key, eq, value = extra.partition("=")
        if eq and key == "checks" and "/" in value:
            white, black = value.split("/", 1)
            return f"{key}={black}/{white}"
        return extra

    def mirror(self) -> Any:
        board = self.copy(stack=False)  # type: ignore[call-arg]
        board.apply_mirror()
        return board

    # --- drawing -------------------------------------------------------------------------

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘",
                orientation: bool = WHITE) -> str:
        """The board drawn with Unicode figures (python-chess's `unicode`)."""
        files, ranks = self.files, self.ranks
        pieces = self.piece_map()
        out: list[str] = []
        rank_order = range(ranks - 1, -1, -1) if orientation else range(ranks)
        file_order = list(range(files)) if orientation else list(range(files - 1, -1, -1))
        width = len(str(ranks))
        for n, rank in enumerate(rank_order):
            if borders:
                out.append(" " * (width + 1) + "-" * (2 * files + 1) + "\n")
                out.append(str(rank + 1).rjust(width) + " ")
            cells = []
            for file in file_order:
                piece = pieces.get(rank * files + file)
                cells.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
            out.append(("|" + "|".join(cells) + "|") if borders else " ".join(cells))
            if borders or n < ranks - 1:
                out.append("\n")
        if borders:
            out.append(" " * (width + 1) + "-" * (2 * files + 1) + "\n")
            out.append(" " * (width + 2) + " ".join(chr(ord("a") + f) for f in file_order))
        return "".join(out)

    def __str__(self) -> str:
        """The board as python-chess prints it: a row per rank, from the top."""
        if self._raw is None:
            return str(self._core)
        files, ranks = self.files, self.ranks
        f = self._raw.fields
        rows = []
        for rank in range(ranks - 1, -1, -1):
            cells = []
            for file in range(files):
                sq = rank * files + file
                piece = f.pieces.get(sq)
                cells.append(piece.symbol() if piece else ("*" if sq in f.walls else "."))
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    # --- copies --------------------------------------------------------------------------

    def _copy_state(self, other: BaseBoard, stack: Union[bool, int] = True) -> None:
        """Makes `other` a copy of this board (with `stack` moves of history)."""
        other.__dict__.update(self.__dict__)
        other._cache = None
        if stack is True:
            other._core = self._core.copy()
            other._past = [(core.copy(), raw, gc, ge, b) for core, raw, gc, ge, b in self._past]
            return
        other._past = []
        if self._raw is not None:
            other._core = self._core.copy(stack=False)
            return
        keep = 0 if stack is False else min(int(stack), self._core._stack_len())
        core = self._core.copy()
        replay = [core.pop() for _ in range(keep)][::-1]
        fresh = core.copy(stack=False)
        for m in replay:
            fresh.push(m)
        other._core = fresh

    def copy(self, *, stack: Union[bool, int] = True) -> Any:
        """A copy; `stack=False` (or a number of moves) keeps less of the move history
        (earlier positions then no longer count towards repetitions)."""
        board = object.__new__(type(self))
        self._copy_state(board, stack)
        return board

    def __copy__(self) -> Any:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> Any:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board) or not isinstance(other, BaseBoard):
            return NotImplemented
        return self.uci_variant == other.uci_variant and self.board_fen(promoted=True) == other.board_fen(promoted=True)

    def __hash__(self) -> int:
        return hash(self.board_fen(promoted=True))

    @property
    def uci_variant(self) -> str:
        """The variant's name (python-chess's `uci_variant`: `chess`, `crazyhouse`...)."""
        return self._core.uci_variant

    @property
    def castling_rights(self) -> Bitboard:
        """The squares of the rooks that may still castle (python-chess's bitmask)."""
        if self._raw is not None:
            return self._raw.castling
        if self._given_castling is not None:
            return self._given_castling
        return self._engine_castling()


class Board(BaseBoard):
    """A board of any variant, shaped as python-chess's `chess.Board`:
    `Board()`, `Board(fen)`, `Board(fen, chess960=True)`, `Board(None)` (empty),
    `Board("crazyhouse")`, `Board(variant="crazyhouse")`, `Board(fen, variant=...)`,
    `Board("chess", fen)`, `Board(chimera.variant(path))`."""

    #: python-chess's class attributes, for chess (Syzygy tablebases are chess's).
    tbw_suffix = ".rtbw"
    tbz_suffix = ".rtbz"
    tbw_magic = b"\x71\xe8\x23\x5d"
    tbz_magic = b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix: Optional[str] = None
    pawnless_tbz_suffix: Optional[str] = None
    pawnless_tbw_magic: Optional[bytes] = None
    pawnless_tbz_magic: Optional[bytes] = None
    connected_kings = False

    def __init__(self, *args: Any, fen: Any = _UNSET, chess960: bool = False, variant: Union[Variant, str, None] = None) -> None:
        if len(args) > 2:
            raise TypeError(f"Board() takes at most 2 positional arguments ({len(args)} given)")
        if len(args) == 2:
            if variant is not None or fen is not _UNSET:
                raise TypeError("Board(variant, fen): the variant or the fen is given twice")
            variant, fen = args
            if fen is None:
                # The variant-first form: `Board("crazyhouse", None)` is its start.
                fen = _UNSET
        elif len(args) == 1:
            first = args[0]
            if _names_variant(first):
                if variant is not None:
                    raise TypeError("Board(): the variant is given twice")
                variant = first
            elif fen is not _UNSET:
                raise TypeError("Board(): the fen is given twice")
            else:
                fen = first
        self._setup(variant, chess960)
        if fen is _UNSET:
            return
        if fen is None:
            self._load(self._empty_fen())
        elif fen != self._core.fen():
            self.set_fen(fen)

    # --- the position's fields -----------------------------------------------------------

    @property
    def turn(self) -> bool:
        """`True` (`chimera.WHITE`) when White is to move; may be set, as in python-chess."""
        if self._raw is not None:
            return self._raw.fields.turn
        return self._core.turn

    @turn.setter
    def turn(self, value: bool) -> None:
        self._change(turn=bool(value))

    @property
    def castling_rights(self) -> Bitboard:
        """The squares of the rooks that may still castle (python-chess's bitmask); may
        be set."""
        return BaseBoard.castling_rights.fget(self)  # type: ignore[attr-defined, no-any-return]

    @castling_rights.setter
    def castling_rights(self, value: Bitboard) -> None:
        self._change(castling_rights=int(value))

    @property
    def ep_square(self) -> Optional[Square]:
        """The square a double step passed (after every double step, as python-chess
        keeps it; `fen()` writes it only where a capture there is legal); may be set."""
        if self._raw is not None:
            return self._raw.fields.ep
        if self._given_ep is not _UNSET:
            return self._given_ep  # type: ignore[no-any-return]
        return self._core._ep_square()

    @ep_square.setter
    def ep_square(self, value: Optional[Square]) -> None:
        self._change(ep=value)

    @property
    def halfmove_clock(self) -> int:
        if self._raw is not None:
            return self._raw.fields.halfmove
        return self._core.halfmove_clock

    @halfmove_clock.setter
    def halfmove_clock(self, value: int) -> None:
        self._change(halfmove=int(value))

    @property
    def fullmove_number(self) -> int:
        if self._raw is not None:
            return self._raw.fields.fullmove
        return self._core.fullmove_number

    @fullmove_number.setter
    def fullmove_number(self, value: int) -> None:
        self._change(fullmove=int(value))

    @property
    def chess960(self) -> bool:
        """Castling as in Chess960 (rights by rook, castles written as the king taking its
        rook); may be set."""
        return self._chess960

    @chess960.setter
    def chess960(self, value: bool) -> None:
        if bool(value) == self._chess960:
            return
        f = self._fields()
        castling = self.castling_rights
        self._chess960 = bool(value)
        self._load(self._write(f, self._castling_text(castling, f.pieces)), keep=True)

    @property
    def xboard_variant(self) -> str:
        return "normal" if self.uci_variant == "chess" else self.uci_variant

    @property
    def aliases(self) -> list[str]:
        if self.uci_variant == "chess":
            return ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
        return [self._core.variant.name]

    @property
    def starting_fen(self) -> str:
        """The variant's start position."""
        return self._core.variant.start_fen

    @property
    def one_king(self) -> bool:
        return bool(self._royal)

    @property
    def captures_compulsory(self) -> bool:
        return bool(self._must_capture)

    @property
    def pockets(self) -> Optional[list[Pocket]]:
        """`[black, white]`, so `pockets[chimera.WHITE]` is White's; `None` in a
        variant without hands."""
        if not self._core._has_hands():
            return None
        counts: list[dict[str, int]] = [{}, {}]
        if self._raw is not None:
            for ch in self._raw.fields.hand or "":
                if ch.isalpha():
                    counts[ch.isupper()][ch.lower()] = counts[ch.isupper()].get(ch.lower(), 0) + 1
        else:
            for color, letter, n in self._core._hands():
                counts[int(color)][letter] = n
        return [Pocket(counts[0]), Pocket(counts[1])]

    @property
    def remaining_checks(self) -> Optional[list[int]]:
        """In a check-counting variant (3check), the checks each side has still to give,
        `[black, white]` (python-chess's `ThreeCheckBoard.remaining_checks`); else None."""
        if not self._check_limit:
            return None
        for extra in self._fields().extra:
            if extra.startswith("checks="):
                white, black = extra[len("checks="):].split("/")
                return [self._check_limit - int(black), self._check_limit - int(white)]
        return [self._check_limit, self._check_limit]

    def ply(self) -> int:
        """Half-moves since the game's start, as the move number and side to move count them."""
        return 2 * (self.fullmove_number - 1) + (self.turn == BLACK)

    # --- FEN and EPD ---------------------------------------------------------------------

    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The position in FEN (python-chess's): the en-passant square only where an
        en-passant capture is legal (`en_passant="fen"`: after every double step;
        `"xfen"`: where one is pseudo-legal); `shredder=True` writes castling rights by
        the rooks' files. A variant's own fields (hands, `checks=W/B`) are Chimera's."""
        if self._raw is not None:
            f = self._raw.fields
            castling = self._castling_field(shredder)
            ep = f.ep if en_passant == "fen" else None
            return " ".join([self._write_board(f, promoted is not False), "w" if f.turn else "b", castling, self._ep_text(ep),
                             str(f.halfmove), str(f.fullmove), *f.extra])
        parts = self._core.fen().split(" ")
        if shredder or self._chess_order:
            parts[2] = self._castling_field(shredder)
        ep = self.ep_square
        if ep is not None:
            keep = {"fen": True, "xfen": self.has_pseudo_legal_en_passant()}.get(en_passant, None)
            if keep is None:
                keep = self.has_legal_en_passant()
            parts[3] = self._ep_text(ep) if keep else "-"
        else:
            parts[3] = "-"
        if promoted is False:
            parts[0] = parts[0].replace("~", "")
        return " ".join(parts)

    def _castling_field(self, shredder: bool) -> str:
        return self.castling_shredder_fen() if shredder else self.castling_xfen()

    def shredder_fen(self, *, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    def set_fen(self, fen: str) -> None:
        """Sets the position (the move stack is cleared). A position the rules refuse
        is kept as given (see `status()`); text that is no FEN raises `ValueError`."""
        self._load(fen.strip())

    def set_castling_fen(self, castling_fen: str) -> None:
        """Sets the castling rights from a castling field (`KQkq`, `HAha`...)."""
        f = self._fields()
        mask = self._castling_mask(castling_fen or "-", f.pieces)
        self._load(self._write(f, self._castling_text(mask, f.pieces)))
        if self.castling_rights != mask:
            if self._raw is not None:
                self._raw = dataclasses.replace(self._raw, castling=mask)
            else:
                self._given_castling = mask

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: Any) -> str:
        """The FEN's first four fields, then the EPD operations given (`bm=`, `id=`,
        `hmvc=`...), as python-chess writes them."""
        fields = self.fen(shredder=shredder, en_passant=en_passant, promoted=promoted).split(" ")[:4]
        if operations:
            fields.append(self._epd_operations(operations))
        return " ".join(fields)

    def _epd_operations(self, operations: Mapping[str, Any]) -> str:
        out = []
        for opcode, operand in operations.items():
            if not opcode or opcode == "-" or any(c in opcode for c in " \n\t\r"):
                raise ValueError(f"invalid epd opcode: {opcode!r}")
            if operand is None:
                out.append(f"{opcode};")
            elif isinstance(operand, Move) or _is_move(operand):
                out.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, bool) or isinstance(operand, int):
                out.append(f"{opcode} {int(operand)};")
            elif isinstance(operand, float):
                if operand != operand or operand in (float("inf"), float("-inf")):
                    raise ValueError(f"expected numeric epd operand to be finite, got: {operand}")
                out.append(f"{opcode} {operand};")
            elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                position = self.copy(stack=False)
                sans = [position.san_and_push(m) for m in operand]
                out.append(" ".join([opcode, *sans]) + ";")
            elif opcode in ("am", "bm") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                out.append(" ".join([opcode, *sorted(self.san(m) for m in operand)]) + ";")
            else:
                text = str(operand)
                for a, b in (("\\", "\\\\"), ("\t", "\\t"), ("\r", "\\r"), ("\n", "\\n"), ('"', '\\"')):
                    text = text.replace(a, b)
                out.append(f'{opcode} "{text}";')
        return " ".join(out)

    def set_epd(self, epd: str) -> dict[str, Any]:
        """Sets the position from EPD and returns its operations (`hmvc` and `fmvn` set
        the clocks)."""
        parts = epd.strip().rstrip(";").split(None, 4)
        if len(parts) <= 4:
            self.set_fen(epd)
            return {}
        ops_text = parts.pop()
        position = " ".join(parts)
        operations = self._parse_epd_ops(ops_text, lambda: type(self)(position + " 0 1", chess960=self.chess960, variant=self.variant))
        half = operations.get("hmvc", 0)
        full = operations.get("fmvn", 1)
        self.set_fen(f"{position} {half} {full}")
        return operations

    @staticmethod
    def _parse_epd_ops(text: str, make_board: Callable[[], Board]) -> dict[str, Any]:
        ops: dict[str, Any] = {}
        i, n = 0, len(text)
        board: Optional[Board] = None
        while i < n:
            while i < n and text[i] in " \t\r\n;":
                i += 1
            if i >= n:
                break
            start = i
            while i < n and text[i] not in " \t\r\n;":
                i += 1
            opcode = text[start:i]
            while i < n and text[i] in " \t\r\n":
                i += 1
            if opcode == "-":
                continue
            if i >= n or text[i] == ";":
                ops[opcode] = [] if opcode in ("pv", "am", "bm") else None
                i += 1
                continue
            if text[i] == '"':
                i += 1
                value = ""
                while i < n and text[i] != '"':
                    if text[i] == "\\" and i + 1 < n:
                        i += 1
                        value += {"r": "\r", "n": "\n", "t": "\t"}.get(text[i], text[i])
                    else:
                        value += text[i]
                    i += 1
                i += 1
                ops[opcode] = value
                while i < n and text[i] != ";":
                    i += 1
                i += 1
                continue
            start = i
            while i < n and text[i] != ";":
                i += 1
            operand = text[start:i].strip()
            i += 1
            if operand[:1] in tuple("+-.0123456789"):
                if any(c in operand for c in ".eE"):
                    value_f = float(operand)
                    if value_f != value_f or value_f in (float("inf"), float("-inf")):
                        raise ValueError(f"invalid numeric operand for epd operation {opcode!r}: {operand!r}")
                    ops[opcode] = value_f
                else:
                    ops[opcode] = int(operand)
                continue
            if board is None:
                board = make_board()
            if opcode == "pv":
                variation = []
                for token in operand.split():
                    m = board.parse_xboard(token)
                    variation.append(m)
                    board.push(m)
                while board.move_stack:
                    board.pop()
                ops[opcode] = variation
            elif opcode in ("am", "bm"):
                ops[opcode] = [board.parse_xboard(token) for token in operand.split()]
            else:
                ops[opcode] = board.parse_xboard(operand)
        return ops

    @classmethod
    def from_epd(cls, epd: str, *, chess960: bool = False) -> tuple[Any, dict[str, Any]]:
        board = cls.empty(chess960=chess960)
        return board, board.set_epd(epd)

    # --- castling rights -----------------------------------------------------------------

    def clean_castling_rights(self) -> Bitboard:
        """The castling rights that can be used: the rules' (a right given where its king
        or rook is missing is dropped)."""
        if self._raw is None:
            return self._engine_castling()
        # A refused setup: python-chess's rule (rooks on their corners and the king on its
        # start square; in Chess960 the outermost rooks either side of a king on its rank).
        files, ranks = self.files, self.ranks
        pieces = self._raw.fields.pieces
        mask = self._raw.castling
        out = 0
        for color in (WHITE, BLACK):
            back = 0 if color else ranks - 1
            rooks = [sq for sq in scan_forward(mask) if sq // files == back and pieces.get(sq) == Piece(ROOK, color)]
            kings = [sq for sq, p in pieces.items() if sq // files == back and p == Piece(KING, color) and sq not in self._raw.fields.promoted]
            if not kings:
                continue
            king = max(kings)
            if not self._chess960:
                if self._start_king_square(color) not in kings:
                    continue
                rooks = [sq for sq in rooks if sq % files in (0, files - 1)]
            else:
                a_side = [sq for sq in rooks if sq < king][:1]
                h_side = [sq for sq in rooks if sq > king][-1:]
                rooks = a_side + h_side
            for sq in rooks:
                out |= 1 << sq
        return out

    def _start_king_square(self, color: bool) -> Optional[int]:
        start = self._read(self.starting_fen)
        squares = [sq for sq, p in start.pieces.items() if p.color == color and p.symbol().lower() in self._royal]
        return squares[0] if squares else None

    def _rights(self, color: bool) -> list[int]:
        back = 0 if color else self.ranks - 1
        return [sq for sq in scan_forward(self.clean_castling_rights()) if sq // self.files == back]

    def has_castling_rights(self, color: bool) -> bool:
        return bool(self._rights(color))

    def _back_kings(self, color: bool) -> int:
        back = 0 if color else self.ranks - 1
        return sum(1 << sq for sq, p, promoted in self._items()
                   if sq // self.files == back and p.color == color and p.symbol().lower() in self._royal and not promoted)

    def has_kingside_castling_rights(self, color: bool) -> bool:
        """A right with a rook on the h-side of the king (on its back rank)."""
        kings = self._back_kings(color)
        return bool(kings) and any(1 << sq > kings for sq in self._rights(color))

    def has_queenside_castling_rights(self, color: bool) -> bool:
        kings = self._back_kings(color)
        return bool(kings) and any(1 << sq < kings for sq in self._rights(color))

    def has_chess960_castling_rights(self) -> bool:
        """Castling rights that only Chess960 has (a rook off its corner, or a king off
        its start square)."""
        files, ranks = self.files, self.ranks
        corners = {0, files - 1, (ranks - 1) * files, ranks * files - 1}
        for sq in scan_forward(self.clean_castling_rights()):
            if sq not in corners:
                return True
        for color in (WHITE, BLACK):
            if self._rights(color) and self._start_king_square(color) not in self._royal_squares(color):
                return True
        return False

    def castling_xfen(self) -> str:
        """The castling field in X-FEN: `KQkq`, a rook's file where the outermost
        letter would name another rook."""
        out = []
        for color in (WHITE, BLACK):
            king = self.king(color)
            if king is None:
                continue
            back = 0 if color else self.ranks - 1
            rooks = [sq for sq, p, _ in self._items() if sq // self.files == back and p == Piece(ROOK, color)]
            files = self.files
            for sq in sorted(self._rights(color), reverse=True):
                a_side = sq % files < king % files
                outer = all((other % files < sq % files) != a_side for other in rooks if other != sq)
                letter = ("q" if a_side else "k") if outer else chr(ord("a") + sq % self.files)
                out.append(letter.upper() if color else letter)
        return "".join(out) or "-"

    def castling_shredder_fen(self) -> str:
        """The castling field by the rooks' files (Shredder-FEN: `HAha`)."""
        out = []
        for color in (WHITE, BLACK):
            for sq in sorted(self._rights(color), reverse=True):
                letter = chr(ord("a") + sq % self.files)
                out.append(letter.upper() if color else letter)
        return "".join(out) or "-"

    # --- moves ---------------------------------------------------------------------------

    def _legal_list(self) -> list[Move]:
        if self._raw is not None:
            return []
        return self._core._legal_moves(self._chess_order)

    def _count_legal(self) -> int:
        return 0 if self._raw is not None else self._core._count_legal()

    def _pseudo_list(self) -> list[Move]:
        if self._raw is not None:
            return []
        moves = self._core._legal_moves() + self._core._pseudo_extra()
        if self._chess_order:
            moves = self._in_python_chess_order(moves, False)
        return moves

    _PROMOTION_ORDER = {None: 0, QUEEN: 0, ROOK: 1, 3: 2, 2: 3}

    def _in_python_chess_order(self, moves: list[Move], in_check: bool) -> list[Move]:
        """Chess moves in the order python-chess generates them (so that a program that
        picks the first move, or a seeded random one, plays the same game): piece moves
        by origin and target square, highest first; castles, the h-side first; pawn
        captures; pawn pushes; double steps; en passant. In check, king moves first."""
        pieces = {sq: p for sq, p, _ in self._items()}
        order = self._PROMOTION_ORDER

        def key(m: Move) -> tuple[int, ...]:
            frm, to = m.from_square, m.to_square
            piece = pieces.get(frm)
            kind = piece.piece_type if piece is not None else None
            promotion = order.get(m.promotion, 0)
            if kind == KING:
                target = pieces.get(to)
                if target is not None and target == Piece(ROOK, self.turn):
                    return (1, -to)  # a Chess960 castle: the king takes its rook
                if abs(frm % 8 - to % 8) > 1:
                    return (1, -(frm // 8 * 8 + (7 if to % 8 > frm % 8 else 0)))
                if in_check:
                    return (-1, -to)
            if kind != PAWN:
                return (0, -frm, -to)
            if frm % 8 != to % 8:
                if pieces.get(to) is None:
                    return (5, -frm)
                return (2, -frm, -to, promotion)
            if abs(to - frm) == 16:
                return (4, -to)
            return (3, -to, promotion)

        return sorted(moves, key=key)

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves: none after checkmate, stalemate or a variant's end that stops
        play; still there after a fivefold repetition, seventy-five moves or a dead
        position, as in python-chess (`outcome()` reports those)."""
        return LegalMoveGenerator(self)

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        return PseudoLegalMoveGenerator(self)

    def is_legal(self, move: Any) -> bool:
        """Whether the move (a `Move`, a python-chess `Move`, or its text) can be played."""
        if self._raw is not None or not move:
            return False
        try:
            return self._core.is_legal(move)
        except TypeError:
            return False

    def is_pseudo_legal(self, move: Any) -> bool:
        if self._raw is not None or not move:
            return False
        if self.is_legal(move):
            return True
        uci = move if isinstance(move, str) else move.uci()
        return any(m.uci() == uci for m in self._core._pseudo_extra())

    def is_into_check(self, move: Any) -> bool:
        """Whether a pseudo-legal move would leave the own king attacked."""
        return not self.is_legal(move) and self.is_pseudo_legal(move)

    def was_into_check(self) -> bool:
        """Whether the side that just moved left its king attacked."""
        return any(self.is_attacked_by(self.turn, sq) for sq in self._checked(not self.turn))

    def _check_move(self, move: Any) -> None:
        if self._raw is not None:
            raise IllegalMoveError(f"the position is not valid ({self._raw.error}): no move can be played")

    def push(self, move: Any) -> Move:
        """Plays a legal move (a `Move`, a python-chess `Move` or its long algebraic
        text) and returns it; the null move passes the turn, as in python-chess. Unlike
        python-chess's `push`, an illegal move raises `IllegalMoveError`."""
        if not isinstance(move, str) and not move:
            return self._push_null()
        self._check_move(move)
        self._cache = None
        return self._core.push(move)

    def _push_null(self) -> Move:
        f = self._fields()
        castling = self.castling_rights
        turn = f.turn
        f.turn, f.ep, f.ep_text, f.halfmove = not turn, None, "-", f.halfmove + 1
        if not turn:
            f.fullmove += 1
        null = Move.null()
        self._load(self._write(f, self._castling_text(castling, f.pieces)), keep=True, boundary=null)
        return null

    def push_san(self, san: str) -> Move:
        if san.strip() in _NULL_TEXTS:
            return self._push_null()
        self._check_move(san)
        self._cache = None
        return self._core.push_san(san)

    def push_uci(self, uci: str) -> Move:
        if uci.strip() == "0000":
            return self._push_null()
        self._check_move(uci)
        self._cache = None
        return self._core.push_uci(uci)

    def push_xboard(self, xboard: str) -> Move:
        return self.push_san(xboard)

    def san_and_push(self, move: Any) -> str:
        san = self.san(move)
        self.push(move)
        return san

    def parse_san(self, san: str) -> Move:
        if san.strip() in _NULL_TEXTS:
            return Move.null()
        self._check_move(san)
        return self._core.parse_san(san)

    def parse_uci(self, uci: str) -> Move:
        if uci.strip() == "0000":
            return Move.null()
        self._check_move(uci)
        return self._core.parse_uci(uci)

    def parse_xboard(self, xboard: str) -> Move:
        return self.parse_san(xboard)

    def pop(self) -> Move:
        """Takes back the last move and returns it (`IndexError` when there is none)."""
        self._cache = None
        while True:
            if self._raw is None and self._core._stack_len():
                return self._core.pop()
            if not self._past:
                raise IndexError("pop from empty move stack")
            self._core, self._raw, self._given_castling, self._given_ep, boundary = self._past.pop()
            if boundary is not None:
                return boundary

    def peek(self) -> Move:
        """The last move played (`IndexError` when there is none)."""
        stack = self.move_stack
        if not stack:
            raise IndexError("peek at empty move stack")
        return stack[-1]

    @property
    def move_stack(self) -> list[Move]:
        moves: list[Move] = []
        for core, raw, _, _, boundary in self._past:
            if raw is None:
                moves += core.move_stack
            if boundary is not None:
                moves.append(boundary)
        if self._raw is None:
            moves += self._core.move_stack
        return moves

    def clear_stack(self) -> None:
        """Forgets the moves played (the position stays)."""
        self._past = []
        if self._raw is None:
            self._core = self._core.copy(stack=False)

    def root(self) -> Any:
        """A copy of the board before the moves of its move stack."""
        board = self.copy()
        while board.move_stack:
            board.pop()
        board.clear_stack()
        return board

    def reset(self) -> None:
        """The variant's start position, the move stack cleared."""
        self._load(self.starting_fen)

    def clear(self) -> None:
        """An empty board: White to move, no rights, clocks 0 and 1."""
        self._load(self._empty_fen())

    def set_chess960_pos(self, scharnagl: int) -> None:
        super().set_chess960_pos(scharnagl)

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False, ignore_counters: bool = True) -> Optional[int]:  # type: ignore[override]
        if self.ep_square is not None:
            return None
        if not ignore_turn and self.turn != WHITE:
            return None
        if not ignore_castling and self.clean_castling_rights() != self.rooks:
            return None
        if not ignore_counters and (self.fullmove_number != 1 or self.halfmove_clock != 0):
            return None
        return super().chess960_pos()

    def find_move(self, from_square: Square, to_square: Square, promotion: Optional[PieceType] = None) -> Move:
        """The legal move from one square to another (promoting to a queen where a
        promotion is needed and none is given; a castle also by the king's move onto its
        rook). `IllegalMoveError` if there is none."""
        candidates = [m for m in self._legal_list() if m.from_square == from_square and m.to_square == to_square]
        if not candidates:
            for m in self._legal_list():
                squares = self._core._castle_squares(m) if m.from_square == from_square else None
                if squares is not None and to_square in (squares[1], squares[2]):
                    candidates.append(m)
        if promotion is not None:
            candidates = [m for m in candidates if m.promotion == promotion]
        elif candidates and all(m.promotion is not None for m in candidates):
            queens = [m for m in candidates if m.promotion == QUEEN]
            candidates = queens or candidates[:1]
        else:
            candidates = [m for m in candidates if m.promotion is None]
        if not candidates:
            names = f"{self._square_name(from_square)} -> {self._square_name(to_square)}"
            raise IllegalMoveError(f"no matching legal move for {names} in {self.fen()}")
        return candidates[0]

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for m in self._legal_list():
            if from_mask >> m.from_square & 1 and to_mask >> m.to_square & 1:
                yield m

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for m in self._pseudo_list():
            if from_mask >> m.from_square & 1 and to_mask >> m.to_square & 1:
                yield m

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_capture(m))

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_capture(m))

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_en_passant(m))

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_castling(m))

    def has_legal_en_passant(self) -> bool:
        return self._raw is None and self._core._legal_ep()

    def has_pseudo_legal_en_passant(self) -> bool:
        if self.has_legal_en_passant():
            return True
        ep = self.ep_square
        return ep is not None and any(m.to_square == ep and self.is_en_passant(m) for m in self._pseudo_list())

    # --- what a move is ------------------------------------------------------------------

    def _kind(self, move: Any) -> Optional[str]:
        if self._raw is not None or not move:
            return None
        try:
            return self._core._move_kind(move)
        except TypeError:
            return None

    def _mover(self, move: Any) -> Optional[Piece]:
        return self.piece_at(move.from_square)

    def is_en_passant(self, move: Any) -> bool:
        kind = self._kind(move)
        if kind is not None:
            return kind == "en-passant"
        mover = self._mover(move)
        files = self.files
        return (self.ep_square == move.to_square and mover is not None and mover.symbol().lower() in self._pawns
                and abs(move.to_square % files - move.from_square % files) == 1 and self.piece_at(move.to_square) is None)

    def is_capture(self, move: Any) -> bool:
        """Whether the move takes a piece (en passant included)."""
        if self._kind(move) is not None:
            return self._core.is_capture(move)
        target = self.piece_at(move.to_square)
        return (target is not None and target.color != self.turn and not move.drop) or self.is_en_passant(move)

    def is_zeroing(self, move: Any) -> bool:
        """Whether the move resets the move-rule clock (a capture or a pawn move in chess)."""
        if self._kind(move) is not None:
            return bool(self._core._zeroing(move))
        mover = self._mover(move)
        if move.drop:
            return _letter(move.drop) in self._pawns
        return self.is_capture(move) or (mover is not None and mover.symbol().lower() in self._pawns)

    def is_castling(self, move: Any) -> bool:
        kind = self._kind(move)
        if kind is not None:
            return kind in ("castle", "gate-castle")
        mover = self._mover(move)
        if mover is None or mover.symbol().lower() not in self._royal or move.drop:
            return False
        target = self.piece_at(move.to_square)
        files = self.files
        return abs(move.to_square % files - move.from_square % files) > 1 or (target is not None and target == Piece(ROOK, self.turn))

    def is_kingside_castling(self, move: Any) -> bool:
        return self.is_castling(move) and self._castle_side(move) > 0

    def is_queenside_castling(self, move: Any) -> bool:
        return self.is_castling(move) and self._castle_side(move) < 0

    def _castle_side(self, move: Any) -> int:
        squares = self._core._castle_squares(move) if self._kind(move) else None
        king_from, target = (squares[0], squares[2]) if squares else (move.from_square, move.to_square)
        return (target % self.files) - (king_from % self.files)

    def is_irreversible(self, move: Any) -> bool:
        """Whether the move cannot be taken back by another: it resets the clock, gives
        up castling rights, or lets an en-passant capture go."""
        if self.is_zeroing(move) or self.has_legal_en_passant():
            return True
        rights = self.clean_castling_rights()
        if not rights:
            return False
        if not self._chess_order and self.is_legal(move):
            board = self.copy(stack=False)
            board.push(move)
            return board.clean_castling_rights() != rights
        # python-chess's rule: the move touches a castling rook, or the king of a side
        # with rights on its back rank.
        touched = (1 << move.from_square) | (1 << move.to_square)
        if touched & rights:
            return True
        for color in (WHITE, BLACK):
            back = 0 if color else self.ranks - 1
            if any(sq // self.files == back for sq in scan_forward(rights)):
                kings = [sq for sq, p, promoted in self._items() if p.color == color and p.symbol().lower() in self._royal and not promoted]
                if any(touched >> sq & 1 for sq in kings):
                    return True
        return False

    def gives_check(self, move: Any) -> bool:
        """Whether the move checks the other side (False for a move that is not legal)."""
        if self._kind(move) is None:
            return False
        return self._core.gives_check(move)

    def san(self, move: Any) -> str:
        """The move in SAN (`--` for the null move); the move must be legal."""
        if not isinstance(move, str) and not move:
            return "--"
        self._check_move(move)
        return self._core.san(move)

    def lan(self, move: Any) -> str:
        """The move in python-chess's long algebraic notation: `Ng1-f3`, `e7xd6`."""
        if not isinstance(move, str) and not move:
            return "--"
        self._check_move(move)
        return self._core.lan(move)

    def uci(self, move: Any, *, chess960: Optional[bool] = None) -> str:
        """The move's long algebraic text; a castle as the king's two-square move, or
        with `chess960` (default: the board's) as the king taking its rook."""
        if chess960 is None:
            chess960 = self._chess960
        squares = self._core._castle_squares(move) if self._kind(move) else None
        if squares is None:
            return move if isinstance(move, str) else move.uci()
        king_from, king_to, rook = squares
        if chess960:
            return self._square_name(king_from) + self._square_name(rook)
        if self.uci_variant == "chess" or self.files == 8:
            # python-chess's standard form: only a king on e1 (e8) castling with a corner
            # rook becomes its two-square move; other Chess960 castles stay as they are.
            if king_from in (4, 60) and rook in (king_from + 3, king_from - 4):
                return self._square_name(king_from) + self._square_name(king_from + (2 if rook > king_from else -2))
            return self._square_name(king_from) + self._square_name(rook)
        return self._square_name(king_from) + self._square_name(king_to)

    def xboard(self, move: Any, chess960: Optional[bool] = None) -> str:
        if chess960 is None:
            chess960 = self._chess960
        if chess960 and self.is_castling(move):
            return "O-O" if self.is_kingside_castling(move) else "O-O-O"
        return move.xboard() if isinstance(move, Move) else self.uci(move, chess960=chess960)

    def variation_san(self, variation: Iterable[Any]) -> str:
        """A line of moves in SAN with move numbers (`1. e4 e5 2. Nf3`, `3...Bg6 4. fxg6`);
        `IllegalMoveError` if one of them is illegal. The board is not changed."""
        board = self.copy(stack=False)
        out: list[str] = []
        for move in variation:
            if not board.is_legal(move):
                raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            if board.turn == WHITE:
                out.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
            elif not out:
                out.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
            else:
                out.append(board.san_and_push(move))
        return " ".join(out)

    # --- check, ends and claims ----------------------------------------------------------

    def checkers_mask(self) -> Bitboard:
        """The pieces giving check (attacking the royal pieces of the side to move)."""
        mask = 0
        for sq in self._checked(self.turn):
            mask |= self.attackers_mask(not self.turn, sq)
        return mask

    def checkers(self) -> SquareSet:
        return self._set(self.checkers_mask())

    def is_check(self) -> bool:
        if self._raw is not None or self._several_kings:
            return bool(self.checkers_mask())
        return self._core.is_check()

    def is_checkmate(self) -> bool:
        return self._raw is None and self._core.is_checkmate()

    def is_stalemate(self) -> bool:
        return self._raw is None and self._core.is_stalemate()

    def is_insufficient_material(self) -> bool:
        """The variant's dead-position rule (both sides), as `outcome()` applies it."""
        return self._raw is None and self._core.is_insufficient_material()

    def has_insufficient_material(self, color: bool) -> bool:
        """Whether `color` lacks the material to win: python-chess's rule in chess (a
        lone king, a single minor piece, or bishops all on one colour with no pawns or
        knights about that could help); the variant's per-side rule elsewhere."""
        if self.uci_variant != "chess":
            return self._raw is None and self._core._insufficient_of(color)
        ours = [p.symbol().lower() for _, p, _ in self._items() if p.color == color]
        if any(t in ("p", "r", "q") for t in ours):
            return False
        theirs = [p.symbol().lower() for _, p, _ in self._items() if p.color != color]
        if "n" in ours:
            return len(ours) <= 2 and all(t in ("k", "q") for t in theirs)
        if "b" in ours:
            bishops = [sq for sq, p, _ in self._items() if p.symbol().lower() == "b"]
            one_colour = len({(sq % 8 + sq // 8) % 2 for sq in bishops}) == 1
            everyone = ours + theirs
            return one_colour and "p" not in everyone and "n" not in everyone
        return True

    def is_repetition(self, count: int = 3) -> bool:
        return self._raw is None and self._core.is_repetition(count)

    def is_fivefold_repetition(self) -> bool:
        return self._raw is None and self._core.is_fivefold_repetition()

    def is_seventyfive_moves(self) -> bool:
        return self._raw is None and self._core.is_seventyfive_moves()

    def is_fifty_moves(self) -> bool:
        return self._raw is None and self._core.is_fifty_moves()

    def can_claim_threefold_repetition(self) -> bool:
        return self._raw is None and self._core.can_claim_threefold_repetition()

    def can_claim_fifty_moves(self) -> bool:
        return self._raw is None and self._core.can_claim_fifty_moves()

    def can_claim_draw(self) -> bool:
        return self._raw is None and self._core.can_claim_draw()

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended (the rules' automatic ends); with `claim_draw`, else a
        draw the side to move may claim."""
        if self._raw is not None:
            return None
        found = self._core._outcome(claim_draw)
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

    def _variant_end(self) -> Optional[Termination]:
        outcome = self.outcome()
        if outcome is None or outcome.termination not in (Termination.VARIANT_WIN, Termination.VARIANT_LOSS, Termination.VARIANT_DRAW):
            return None
        return outcome.termination

    def is_variant_end(self) -> bool:
        """Whether a variant's own rule ended the game (never in chess). As in
        python-chess, a mate or stalemate that the variant scores otherwise (Antichess's
        stalemate, a win) is no variant end, though `is_variant_win()` (or `_loss`,
        `_draw`) says how it ended."""
        outcome = self.outcome()
        return self._variant_end() is not None and outcome is not None and outcome.reason not in ("checkmate", "stalemate")

    def is_variant_win(self) -> bool:
        """Whether a variant's own rule ended the game in a win for the side to move."""
        return self._variant_end() == Termination.VARIANT_WIN

    def is_variant_loss(self) -> bool:
        """Whether a variant's own rule ended the game in a loss for the side to move."""
        return self._variant_end() == Termination.VARIANT_LOSS

    def is_variant_draw(self) -> bool:
        return self._variant_end() == Termination.VARIANT_DRAW

    # --- validity ------------------------------------------------------------------------

    def status(self) -> Status:
        """What is wrong with the position (python-chess's flags; `Status.VALID` if
        nothing). In chess python-chess's checks; in other variants the rules' refusal,
        the kings, castling rights and en passant, and the side not to move in check."""
        errors = Status.VALID
        if self.uci_variant != "chess":
            return self._variant_status()
        items = self._items()
        if not items:
            errors |= Status.EMPTY
        if self._royal:
            if not self._royal_squares(WHITE):
                errors |= Status.NO_WHITE_KING
            if not self._royal_squares(BLACK):
                errors |= Status.NO_BLACK_KING
            if len(self._royal_squares(WHITE)) + len(self._royal_squares(BLACK)) > 2 and self.uci_variant == "chess":
                errors |= Status.TOO_MANY_KINGS
        chess = self.uci_variant == "chess"
        if chess:
            for color, pieces_flag, pawns_flag in ((WHITE, Status.TOO_MANY_WHITE_PIECES, Status.TOO_MANY_WHITE_PAWNS),
                                                   (BLACK, Status.TOO_MANY_BLACK_PIECES, Status.TOO_MANY_BLACK_PAWNS)):
                mine = [p for _, p, _ in items if p.color == color]
                if len(mine) > 16:
                    errors |= pieces_flag
                if sum(1 for p in mine if p.piece_type == PAWN) > 8:
                    errors |= pawns_flag
            if any(p.piece_type == PAWN and sq // 8 in (0, 7) for sq, p, _ in items):
                errors |= Status.PAWNS_ON_BACKRANK
        if self.castling_rights != self.clean_castling_rights():
            errors |= Status.BAD_CASTLING_RIGHTS
        valid_ep = self._valid_ep_square()
        if self.ep_square != valid_ep:
            errors |= Status.INVALID_EP_SQUARE
        if self.was_into_check():
            errors |= Status.OPPOSITE_CHECK
        checkers = self.checkers_mask()
        if checkers and chess:
            our_kings = self._checked(self.turn)
            if popcount(checkers) > 2:
                errors |= Status.TOO_MANY_CHECKERS
            if valid_ep is not None:
                step = 8 if self.turn == WHITE else -8
                pushed_to, pushed_from = valid_ep - step, valid_ep + step
                occupied_before = (self.occupied & ~(1 << pushed_to)) | (1 << pushed_from)
                if popcount(checkers) > 1 or (msb(checkers) != pushed_to and any(
                        self.attackers_mask(not self.turn, k, occupied_before) for k in our_kings)):
                    errors |= Status.IMPOSSIBLE_CHECK
            elif popcount(checkers) > 2 or (popcount(checkers) == 2 and any(
                    _on_line(lsb(checkers), msb(checkers), k) for k in our_kings)):
                errors |= Status.IMPOSSIBLE_CHECK
        if self._raw is not None and errors == Status.VALID:
            # Refused for a reason python-chess has no flag for: the nearest.
            errors |= Status.OPPOSITE_CHECK if "check" in self._raw.error else Status.EMPTY
        return errors

    def _variant_status(self) -> Status:
        """`status()` outside chess: what the rules refused, and rights and an
        en-passant square given that they do not allow."""
        errors = Status.VALID
        if self.castling_rights != self.clean_castling_rights():
            errors |= Status.BAD_CASTLING_RIGHTS
        if self.ep_square != self._valid_ep_square():
            errors |= Status.INVALID_EP_SQUARE
        if self._raw is None:
            return errors
        error = self._raw.error
        if not self._items():
            errors |= Status.EMPTY
        if " has no " in error:
            errors |= Status.NO_WHITE_KING if "white has no" in error else Status.NO_BLACK_KING
        if "in check" in error:
            errors |= Status.OPPOSITE_CHECK
        if "promoted" in error or "first rank" in error:
            errors |= Status.PAWNS_ON_BACKRANK
        if not errors & ~(Status.BAD_CASTLING_RIGHTS | Status.INVALID_EP_SQUARE):
            # Refused for a reason python-chess has no flag for: the nearest.
            errors |= Status.EMPTY
        return errors

    def _valid_ep_square(self) -> Optional[Square]:
        ep = self.ep_square
        if ep is None:
            return None
        if self._raw is None and self._given_ep is _UNSET and not self._chess_order:
            return ep
        files, ranks = self.files, self.ranks
        forward = files if self.turn == WHITE else -files
        rank = ranks - 3 if self.turn == WHITE else 2
        if ep // files != rank:
            return None
        pawn = self.piece_at(ep - forward) if 0 <= ep - forward < files * ranks else None
        if pawn is None or pawn.color == self.turn or pawn.symbol().lower() not in self._pawns:
            return None
        if self.piece_at(ep) is not None or self.piece_at(ep + forward) is not None:
            return None
        return ep

    def is_valid(self) -> bool:
        """Whether `status()` finds nothing wrong."""
        return self.status() == Status.VALID

    # --- comparison and printing ---------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Boards are equal when their variants and FENs are (the position and its
        clocks, as python-chess compares them: not the history)."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.uci_variant == other.uci_variant and self.fen() == other.fen()

    def __hash__(self) -> int:
        return hash((self.uci_variant, self.fen()))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (a board of a built-in variant): the start of its move stack, the
        moves, and the position reached."""
        if not _names_variant(self.uci_variant):
            raise TypeError(f"a board of {self.uci_variant!r}, a ruleset that is not built in, cannot be pickled")
        root = self.root()
        moves = [m.uci() for m in self.move_stack]
        return (_unpickle, (type(self), self.uci_variant, self._chess960, root.fen(en_passant="fen"), moves, self.fen(en_passant="fen")))

    def __repr__(self) -> str:
        name = type(self).__name__
        # A board of chess, or of a class that names its variant (`CrazyhouseBoard`).
        if self.uci_variant == "chess" or "uci_variant" in vars(type(self)):
            return f"{name}({self.fen()!r}, chess960=True)" if self._chess960 else f"{name}({self.fen()!r})"
        extra = ", chess960=True" if self._chess960 else ""
        return f"{name}({self.uci_variant!r}, {self.fen()!r}{extra})"


def _unpickle(cls: Any, variant: str, chess960: bool, root: str, moves: list[str], fen: str) -> Board:
    board = cls(variant, root, chess960=chess960)
    try:
        for m in moves:
            board.push(Move.null() if m == "0000" else m)
    except ValueError:
        pass
    if board.fen(en_passant="fen") != fen:
        board.set_fen(fen)
    return board  # type: ignore[no-any-return]


def _on_line(a: int, b: int, c: int) -> bool:
    """Whether `c` is on the 8x8 line through `a` and `b`."""
    from .core import ray

    return bool(ray(a, b) >> c & 1)


def _is_move(x: object) -> bool:
    return all(hasattr(x, name) for name in ("from_square", "to_square", "promotion", "drop", "uci"))


_BUILTINS: Optional[frozenset[str]] = None


def _names_variant(x: object) -> bool:
    """Whether `Board`'s first argument names a variant (rather than being a FEN)."""
    global _BUILTINS
    if isinstance(x, (Variant, os.PathLike)):
        return True
    if not isinstance(x, str):
        return False
    if _BUILTINS is None:
        _BUILTINS = frozenset(builtins())
    return x in _BUILTINS or x.endswith(".toml")


__all__ = [
    "BaseBoard",
    "Board",
    "LegalMoveGenerator",
    "Outcome",
    "Pocket",
    "PseudoLegalMoveGenerator",
    "Termination",
]
