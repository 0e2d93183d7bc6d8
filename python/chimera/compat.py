"""pyffish's functions with pyffish's arguments and return values, on Chimera's engine.

A program switches with its import: ``from chimera import compat as sf``. Positions are
given as pyffish gives them, a variant name, a FEN (or ``"startpos"``) and the long
algebraic moves played since; a variant is also any ``chimera.Variant`` (a ruleset of
your own). ``load_variant_config`` loads a Fairy-Stockfish variants.ini text through
``chimera import-ini``'s converter: its variants become names every function accepts.
As pyffish skips what it cannot parse, a load never raises: a section the converter
cannot express is skipped with a ``VariantConfigWarning`` naming section, line and
option, ``unloaded_variants()`` lists them, and a call naming one raises ``ValueError``
with that reason. Where Chimera cannot do what pyffish's argument
asks (``sfen=True``, notations other than SAN) the call raises ``ValueError`` rather
than answer by another rule; a move that cannot be played raises
``chimera.IllegalMove`` (a ``ValueError``).
"""

from ._native import _compat as _c

VALUE_MATE: int = _c.VALUE_MATE
VALUE_DRAW: int = _c.VALUE_DRAW
FEN_OK: int = _c.FEN_OK
FEN_EMPTY: int = _c.FEN_EMPTY
FEN_INVALID_COUNTING_RULE: int = _c.FEN_INVALID_COUNTING_RULE
FEN_INVALID_CHECK_COUNT: int = _c.FEN_INVALID_CHECK_COUNT
FEN_INVALID_PROMOTED_PIECE: int = _c.FEN_INVALID_PROMOTED_PIECE
FEN_INVALID_NB_PARTS: int = _c.FEN_INVALID_NB_PARTS
FEN_INVALID_CHAR: int = _c.FEN_INVALID_CHAR
FEN_TOUCHING_KINGS: int = _c.FEN_TOUCHING_KINGS
FEN_INVALID_BOARD_GEOMETRY: int = _c.FEN_INVALID_BOARD_GEOMETRY
FEN_INVALID_POCKET_INFO: int = _c.FEN_INVALID_POCKET_INFO
FEN_INVALID_SIDE_TO_MOVE: int = _c.FEN_INVALID_SIDE_TO_MOVE
FEN_INVALID_CASTLING_INFO: int = _c.FEN_INVALID_CASTLING_INFO
FEN_INVALID_EN_PASSANT_SQ: int = _c.FEN_INVALID_EN_PASSANT_SQ
FEN_INVALID_NUMBER_OF_KINGS: int = _c.FEN_INVALID_NUMBER_OF_KINGS
FEN_INVALID_HALF_MOVE_COUNTER: int = _c.FEN_INVALID_HALF_MOVE_COUNTER
FEN_INVALID_MOVE_COUNTER: int = _c.FEN_INVALID_MOVE_COUNTER
NOTATION_DEFAULT: int = _c.NOTATION_DEFAULT
NOTATION_SAN: int = _c.NOTATION_SAN
NOTATION_LAN: int = _c.NOTATION_LAN
NOTATION_SHOGI_HOSKING: int = _c.NOTATION_SHOGI_HOSKING
NOTATION_SHOGI_HODGES: int = _c.NOTATION_SHOGI_HODGES
NOTATION_SHOGI_HODGES_NUMBER: int = _c.NOTATION_SHOGI_HODGES_NUMBER
NOTATION_JANGGI: int = _c.NOTATION_JANGGI
NOTATION_XIANGQI_WXF: int = _c.NOTATION_XIANGQI_WXF
NOTATION_THAI_SAN: int = _c.NOTATION_THAI_SAN
NOTATION_THAI_LAN: int = _c.NOTATION_THAI_LAN

# pyffish's own exception type; every error raised here is a ValueError.
error = ValueError

version = _c.version
info = _c.info
variants = _c.variants
load_variant_config = _c.load_variant_config
unloaded_variants = _c.unloaded_variants
VariantConfigWarning = _c.VariantConfigWarning
set_option = _c.set_option
start_fen = _c.start_fen
two_boards = _c.two_boards
captures_to_hand = _c.captures_to_hand
legal_moves = _c.legal_moves
get_san = _c.get_san
get_san_moves = _c.get_san_moves
get_fen = _c.get_fen
get_fog_fen = _c.get_fog_fen
gives_check = _c.gives_check
is_capture = _c.is_capture
piece_to_partner = _c.piece_to_partner
game_result = _c.game_result
is_immediate_game_end = _c.is_immediate_game_end
is_optional_game_end = _c.is_optional_game_end
has_insufficient_material = _c.has_insufficient_material
validate_fen = _c.validate_fen
