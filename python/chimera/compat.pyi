from typing import Optional, Union

from ._native import Variant

_V = Union[str, Variant]

VALUE_MATE: int
VALUE_DRAW: int
FEN_OK: int
FEN_EMPTY: int
FEN_INVALID_COUNTING_RULE: int
FEN_INVALID_CHECK_COUNT: int
FEN_INVALID_PROMOTED_PIECE: int
FEN_INVALID_NB_PARTS: int
FEN_INVALID_CHAR: int
FEN_TOUCHING_KINGS: int
FEN_INVALID_BOARD_GEOMETRY: int
FEN_INVALID_POCKET_INFO: int
FEN_INVALID_SIDE_TO_MOVE: int
FEN_INVALID_CASTLING_INFO: int
FEN_INVALID_EN_PASSANT_SQ: int
FEN_INVALID_NUMBER_OF_KINGS: int
FEN_INVALID_HALF_MOVE_COUNTER: int
FEN_INVALID_MOVE_COUNTER: int
NOTATION_DEFAULT: int
NOTATION_SAN: int
NOTATION_LAN: int
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int

error = ValueError

def version() -> tuple[int, int, int]: ...
def info() -> str: ...
def variants() -> list[str]: ...
def start_fen(variant: _V) -> str: ...
def two_boards(variant: _V) -> bool: ...
def captures_to_hand(variant: _V) -> bool: ...
def legal_moves(variant: _V, fen: str, moves: list[str], chess960: bool = False) -> list[str]: ...
def get_san(variant: _V, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str: ...
def get_san_moves(variant: _V, fen: str, moves: list[str], chess960: bool = False, notation: int = 0) -> list[str]: ...
def get_fen(
    variant: _V,
    fen: str,
    moves: list[str],
    chess960: bool = False,
    sfen: bool = False,
    show_promoted: bool = False,
    count_started: int = 0,
) -> str: ...
def gives_check(variant: _V, fen: str, moves: list[str], chess960: bool = False) -> bool: ...
def is_capture(variant: _V, fen: str, moves: list[str], move: str, chess960: bool = False) -> bool: ...
def game_result(variant: _V, fen: str, moves: list[str], chess960: bool = False) -> int: ...
def is_immediate_game_end(variant: _V, fen: str, moves: list[str], chess960: bool = False) -> tuple[bool, int]: ...
def is_optional_game_end(
    variant: _V, fen: str, moves: list[str], chess960: bool = False, count_started: int = 0
) -> tuple[bool, int]: ...
def has_insufficient_material(variant: _V, fen: str, moves: list[str], chess960: bool = False) -> tuple[bool, bool]: ...
def validate_fen(fen: str, variant: _V, chess960: bool = False) -> int: ...
def load_variant_config(config: str) -> None: ...
def set_option(name: str, value: object) -> None: ...
